/**
 * The bench-only route `bench/app-with-open-route.ts` adds to its gateway: the handler of
 * `GET /api/v1/organization` without authentication and rate limiting, for the organization
 * named in a header.
 */
export const OPEN_ROUTE_MOUNT = "/bench-open";
export const OPEN_ROUTE_PATH = `${OPEN_ROUTE_MOUNT}/organization`;
export const OPEN_ROUTE_ORGANIZATION_HEADER = "x-bench-organization";

/** Where `bench/bare-admission-server.ts` lists the organizations and API keys it made at start. */
export const BARE_KEYS_PATH = "/bench-keys";
