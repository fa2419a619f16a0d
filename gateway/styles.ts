import { ERROR_CODES } from "../shared/errors";
import { ID_PREFIX, isProjectId, toStyleBProjectId } from "../shared/ids";
import type { ErrorResponse } from "./error-response";

/** Style A (`/api/v1`, `/v1`) and Style B (`/api`): same data, different faces. */
export type ApiStyle = "A" | "B";

export const STYLE_MOUNTS: readonly { path: string; style: ApiStyle }[] = [
  { path: "/api/v1", style: "A" },
  { path: "/v1", style: "A" },
  { path: "/api", style: "B" },
];

/** The style a path belongs to; paths outside every mount answer in Style A. */
export function styleOfPath(url: string): ApiStyle {
  const path = url.split("?")[0] ?? "";
  for (const mount of STYLE_MOUNTS) {
    if (path === mount.path || path.startsWith(`${mount.path}/`)) return mount.style;
  }
  return "A";
}

export function errorBody(style: ApiStyle, error: ErrorResponse): unknown {
  if (style === "A") return { error: { code: error.code, message: error.message, details: error.details } };
  return { error: error.message, code: ERROR_CODES[error.code].styleB, details: error.details };
}

const PROJECT_ID_SHAPE = new RegExp(`^${ID_PREFIX.project}_`);

/** Style B shows project ids as `proj_`; every other byte of a response is the same. */
export function presentInStyle(style: ApiStyle, value: unknown): unknown {
  if (style === "A") return value;
  return rewriteProjectIds(value);
}

function rewriteProjectIds(value: unknown): unknown {
  if (typeof value === "string") return PROJECT_ID_SHAPE.test(value) && isProjectId(value) ? toStyleBProjectId(value) : value;
  if (Array.isArray(value)) return value.map(rewriteProjectIds);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewriteProjectIds(inner)]));
  }
  return value;
}
