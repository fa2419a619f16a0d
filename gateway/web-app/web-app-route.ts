import type { IncomingMessage, ServerResponse } from "node:http";
import { Errors, type ApiRouteSchema } from "moleculer-web";
import type { RateLimitHeaders } from "../rate-limit/limiter";
import { sendStaticFile, type StaticFile } from "../openapi/static-file";
import { ASSETS_FOLDER, type WebBuild } from "./build";
import { isAppNavigation } from "./navigation";
import { sendNotBuiltPage } from "./not-built-page";

export interface WebAppDependencies {
  /** Read once when the gateway starts (`readWebBuild`). */
  build: WebBuild;
  /** Counts a request without a credential against its client address (or throws the 429). */
  admitAnonymous(req: IncomingMessage): Promise<RateLimitHeaders | null>;
}

type Next = (err?: unknown) => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** The last path segment, as sent: the build's files are found by exact name, never decoded or joined to a path. */
function lastSegment(req: IncomingMessage): string {
  const path = (req.url ?? "").split("?")[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * The web application, served by the gateway itself in every mode: its page at `/` (and
 * at every path of its own, see `navigation`), its hashed files under `/assets/` and the
 * other files of the build beside the page. Public; the page is counted per client
 * address like the API reference, its files are not. A file the build does not have is the
 * gateway's JSON 404.
 */
export function webApp(deps: WebAppDependencies) {
  const { build } = deps;

  /**
   * A file of the build; for the page (`isPage`), the "not built" page when the build has none.
   * Only the page counts against the client address: one opening of the app fetches several
   * files, and an office behind one address would otherwise spend its sign-in allowance on
   * scripts served from memory.
   */
  const serve =
    (fileOf: (req: IncomingMessage) => StaticFile | undefined, isPage: boolean, extraHeaders: Record<string, string> = {}): Handler =>
    (req, res, next) => {
      (async () => {
        const headers = { ...((isPage ? await deps.admitAnonymous(req) : null) ?? {}), ...extraHeaders };
        const file = fileOf(req);
        if (file) return sendStaticFile(req, res, file, headers);
        if (isPage) return sendNotBuiltPage(res, headers);
        throw new Errors.NotFoundError("NOT_FOUND", {});
      })().catch(next);
    };

  const page = serve(() => build.index, true);
  // The same path answers HTML to a browser and a JSON 404 to anything else: caches must keep them apart.
  const navigation = serve(() => build.index, true, { Vary: "Accept" });

  // HEAD finds each of these too (see `alias-index.ts`).
  const aliases: Record<string, Handler> = {
    "GET /": page,
    "GET /index.html": page,
    [`GET /${ASSETS_FOLDER}/:file`]: serve((req) => build.assets.get(lastSegment(req)), false),
  };
  for (const [name, file] of build.topLevel) aliases[`GET /${name}`] = serve(() => file, false);

  return {
    /** Whether the build has its page. */
    built: build.index !== undefined,
    folder: build.folder,

    route: {
      name: "web-app",
      // Matched by its aliases alone, like the reference route; placed after the API routes.
      path: "/",
      mappingPolicy: "restrict",
      bodyParsers: false,
      logging: false,
      aliases,
    } as ApiRouteSchema,

    /**
     * For a request no route served: when it is a browser opening one of the application's
     * pages, answers the page and returns true; otherwise returns false and the gateway
     * answers its 404 as before. Failures (a 429) go to `onError`.
     */
    answerNavigation(req: IncomingMessage, res: ServerResponse, onError: (err: unknown) => void): boolean {
      if (!isAppNavigation(req)) return false;
      navigation(req, res, (err) => onError(err));
      return true;
    },
  };
}

export type WebApp = ReturnType<typeof webApp>;
