import type { IncomingMessage, ServerResponse } from "node:http";
import { Errors, type ApiRouteSchema } from "moleculer-web";
import type { RateLimitHeaders } from "../rate-limit/limiter";
import { STYLE_MOUNTS, type ApiStyle } from "../styles";
import { DOCUMENT_FILE } from "./document";
import { ASSETS_PATH, DOCS_PATH, docsFiles } from "./docs-page";
import { sendStaticFile, staticFile, type StaticFile } from "./static-file";
import type { OpenApiDocument } from "./types";

export interface ReferenceDependencies {
  /**
   * Builds the documents. Called once, on the first request for one: they change only with the
   * code, and a process nobody asks for them never holds them (docs/design.md, "Memory at rest").
   */
  buildDocuments(): Readonly<Record<ApiStyle, OpenApiDocument>>;
  /** Counts a request without a credential against its client address (or throws the 429). */
  admitAnonymous(req: IncomingMessage): Promise<RateLimitHeaders | null>;
}

type Next = (err?: unknown) => void;
type FileOf = (req: IncomingMessage) => StaticFile | Promise<StaticFile> | undefined;

/** The last path segment, as sent (an allowlist lookup needs no decoding). */
function lastSegment(req: IncomingMessage): string {
  const path = (req.url ?? "").split("?")[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * The API reference: each style's OpenAPI document under each of its mounts, and the
 * `/docs` page with its assets. Public, counted per client address. Errors go to the
 * gateway's own handler, which answers in the style of the path.
 */
export function referenceRoute(deps: ReferenceDependencies): ApiRouteSchema {
  let documents: Record<ApiStyle, StaticFile> | undefined;
  const documentFile = (style: ApiStyle): StaticFile => {
    if (!documents) {
      const built = deps.buildDocuments();
      documents = {
        A: staticFile(JSON.stringify(built.A), "application/json; charset=utf-8", "public, max-age=300"),
        B: staticFile(JSON.stringify(built.B), "application/json; charset=utf-8", "public, max-age=300"),
      };
    }
    return documents[style];
  };
  const docs = docsFiles();

  const serve = (fileOf: FileOf) => (req: IncomingMessage, res: ServerResponse, next: Next) => {
    (async () => {
      const headers = await deps.admitAnonymous(req);
      const file = await fileOf(req);
      if (!file) throw new Errors.NotFoundError("NOT_FOUND");
      sendStaticFile(req, res, file, headers ?? {});
    })().catch(next);
  };

  return {
    name: "reference",
    // Matched by its aliases alone; placed after the API routes, so any other path falls through to a 404 as before.
    path: "/",
    mappingPolicy: "restrict",
    bodyParsers: false,
    logging: false,
    aliases: {
      ...Object.fromEntries(STYLE_MOUNTS.map((mount) => [`GET ${mount.path}${DOCUMENT_FILE}`, serve(() => documentFile(mount.style))])),
      [`GET ${DOCS_PATH}`]: serve(() => docs.page),
      [`GET ${DOCS_PATH}/init.js`]: serve(() => docs.init),
      [`GET ${ASSETS_PATH}/:file`]: serve((req) => docs.asset(lastSegment(req))),
    },
  } as ApiRouteSchema;
}
