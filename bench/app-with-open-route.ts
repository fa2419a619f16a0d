/**
 * The app exactly as `main.ts` starts it, plus one route that exists only in this bench
 * process and never in the product: `GET /bench-open/organization`. It is served by the
 * same gateway, with the same body parsers, middleware and answer shaping as
 * `GET /api/v1/organization`, and calls the same `auth.getOrganization` action, but skips
 * the gateway's authentication and rate limiting: the caller names an organization in
 * `X-Bench-Organization` and is taken for its owner. Loading both routes of this same
 * process shows what authentication and rate limiting cost on a real request.
 *
 * Run by the bench as its own process: `node --import tsx bench/app-with-open-route.ts`,
 * configured by the same environment as `main.ts`.
 */
import type { Context } from "moleculer";
import type { ApiRouteSchema } from "moleculer-web";
import { startStint } from "../app";
import { jsonBodies } from "../gateway/json-body";
import { presentInStyle } from "../gateway/styles";
import { loadConfig } from "../shared/config";
import type { RequestMeta } from "../shared/context";
import { ApiError } from "../shared/errors";
import { ROLE_PERMISSIONS } from "../shared/identity";
import { OPEN_ROUTE_MOUNT, OPEN_ROUTE_ORGANIZATION_HEADER } from "./lib/open-route";

const openRoute = {
  name: "bench-open",
  path: OPEN_ROUTE_MOUNT,
  mappingPolicy: "restrict",
  mergeParams: false,
  aliases: { "GET /organization": "auth.getOrganization" },
  authentication: false,
  logging: false,
  bodyParsers: false,
  use: [jsonBodies((method, path) => method === "GET" && path === "/organization")],
  onBeforeCall(ctx: Context<unknown, RequestMeta>, _route: unknown, req: { headers: Record<string, string | string[] | undefined> }) {
    const organizationId = req.headers[OPEN_ROUTE_ORGANIZATION_HEADER];
    if (typeof organizationId !== "string") throw new ApiError("invalid_request", `${OPEN_ROUTE_ORGANIZATION_HEADER} is required`);
    ctx.meta.identity = { organizationId, plan: "free", userId: "usr_bench", role: "owner", permissions: ROLE_PERMISSIONS.owner };
  },
  onAfterCall(_ctx: unknown, _route: unknown, _req: unknown, _res: unknown, data: unknown) {
    return presentInStyle("A", data);
  },
} as unknown as ApiRouteSchema;

async function main(): Promise<void> {
  const stint = await startStint(loadConfig());
  const gateway = stint.broker.getLocalService("gateway") as unknown as
    { addRoute(route: ApiRouteSchema, toBottom: boolean): void } | undefined;
  gateway?.addRoute(openRoute, true);
  let stopping = false;
  process.on("SIGTERM", () => {
    if (stopping) return;
    stopping = true;
    stint.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench app could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
