import { servesOtherOrigins } from "./cors";

describe("which paths other origins may call", () => {
  it.each([
    "/api/v1/projects",
    "/api/projects/proj_1",
    "/v1/time-entries/current",
    "/API/V1/Projects/",
    "/api/v1/openapi.json",
    "/api/auth/oauth/token",
    "/api/v1/auth/oauth/revoke",
    "/v1/auth/oauth/device/code",
    "/api/auth/oauth/token/",
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-authorization-server/tracker",
  ])("serves %s", (path) => expect(servesOtherOrigins(path)).toBe(true));

  it.each([
    "/",
    "/timesheet",
    "/web-session",
    "/web-session/refresh",
    "/health/live",
    "/docs",
    "/api",
    "/api/auth/oauth/authorize",
    "/api/v1/auth/oauth/device",
    "/api/auth/oauth/introspect",
    "/api/v1/auth/login",
    "/API/V1/AUTH/LOGIN",
    "/api/auth/register",
    "/api/auth/refresh",
    "/v1/auth/logout",
    "/.well-known/other",
  ])("does not serve %s", (path) => expect(servesOtherOrigins(path)).toBe(false));
});
