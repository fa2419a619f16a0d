import type { ServerResponse } from "node:http";
import type { Service } from "moleculer";
import type { ApiRouteSchema, IncomingRequest } from "moleculer-web";
import { z } from "zod";
import { authClient } from "../../../services/auth/client";
import { ApiError } from "../../../shared/errors";
import type { KeyValueStore } from "../../../shared/kv/port";
import type { Admission } from "../../admission";
import { toErrorResponse } from "../../error-response";
import { rateLimitHeadersOf, type RateLimitHeaders } from "../../rate-limit/limiter";
import type { TrustedProxies } from "../../rate-limit/client-address";
import { errorBody } from "../../styles";
import { WEB_SESSION_PATH } from "../navigation";
import { clearedSessionCookie, COOKIE_SAFE_TOKEN, sessionCookie, sessionTokenOf, type CookieSettings } from "./cookie";
import { readJsonBody } from "./json-body";
import { repeatedRefreshes } from "./repeated-refresh";
import { requireSameOriginApp } from "./same-origin";
import { nothing } from "../../../shared/inputs";

export interface WebSessionDependencies {
  kv: KeyValueStore;
  admission: Admission;
  trustedProxies: TrustedProxies;
  publicUrl: string | undefined;
  /** A refresh token's lifetime (`REFRESH_TOKEN_TTL_DAYS`): the cookie's. */
  refreshTokenTtlSeconds: number;
  /** `WEB_SESSION_REPEAT_SECONDS`: how long a spent cookie gets its refresh's answer again. */
  repeatWindowMs: number;
}

/** `POST /web-session`: the refresh token the application got from signing in or up. */
const storeInput = z
  .object({
    refresh_token: z
      .string()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      .regex(COOKIE_SAFE_TOKEN, "is not a refresh token"),
  })
  .strict();

type Handler = (req: IncomingRequest, res: ServerResponse) => Promise<void>;

/** Nothing these endpoints answer may be kept by a cache. */
const NOT_STORED = { "Cache-Control": "no-store", Pragma: "no-cache" };

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]>): void {
  if (body === undefined) {
    res.writeHead(status, { ...headers, ...NOT_STORED });
    res.end();
    return;
  }
  res.writeHead(status, { ...headers, ...NOT_STORED, "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/**
 * The web application's sign-in, kept by the gateway in an `HttpOnly` cookie so that the
 * application's scripts never hold a refresh token: `POST /web-session` stores the token
 * the application got from sign-in or sign-up, `POST /web-session/refresh` swaps it
 * through the auth service for a new access token (rotating the cookie), and
 * `POST /web-session/logout` ends the sign-in. Not part of the API (no OpenAPI entry):
 * JSON in, Style A errors out, counted per client address.
 */
export function webSessionRoute(deps: WebSessionDependencies): ApiRouteSchema {
  const cookies: CookieSettings = {
    publicUrl: deps.publicUrl,
    trustedProxies: deps.trustedProxies,
    maxAgeSeconds: deps.refreshTokenTtlSeconds,
  };
  const repeats = repeatedRefreshes(deps.kv, deps.repeatWindowMs);

  /** Counts the request, checks that the application sent it, then runs `handle`; every failure in Style A. */
  const endpoint =
    (handle: (req: IncomingRequest, res: ServerResponse, limits: RateLimitHeaders) => Promise<void>): Handler =>
    async (req, res) => {
      let limits: RateLimitHeaders = {};
      try {
        limits = (await deps.admission.admitAnonymous(req)) ?? {};
        requireSameOriginApp(req, deps.publicUrl);
        await handle(req, res, limits);
      } catch (error) {
        const shown = toErrorResponse(error);
        const headers: Record<string, string | string[]> = { ...limits, ...rateLimitHeadersOf(error) };
        if (shown.status === 401) headers["Set-Cookie"] = clearedSessionCookie(req, cookies);
        if (shown.status === 503) headers["Retry-After"] = "5";
        if (shown.status >= 500 && shown.code === "internal_error")
          (req.$service as Service).logger.error({ err: error, path: req.originalUrl }, "web session request failed");
        if (res.headersSent) return void res.end();
        send(res, shown.status, errorBody("A", shown), headers);
      }
    };

  const store = endpoint(async (req, res, limits) => {
    const body = await readJsonBody(req, storeInput);
    send(res, 204, undefined, { ...limits, "Set-Cookie": sessionCookie(req, cookies, body.refresh_token) });
  });

  const refresh = endpoint(async (req, res, limits) => {
    // Refresh and logout take their token from the cookie alone: an empty body or `{}`.
    await readJsonBody(req, nothing);
    const token = sessionTokenOf(req);
    // Without the cookie there is nothing to refresh: the same 401 as a spent token.
    if (!token) throw new ApiError("unauthorized", "There is no web session; sign in again");
    let tokens = await repeats.recall(token);
    if (!tokens) {
      try {
        tokens = await authClient.over(req.$ctx).refreshSession({ refreshToken: token });
      } catch (error) {
        // As `POST /auth/refresh`: a refused token counts against the address, a valid one is never held back.
        throw toErrorResponse(error).status === 401 ? await deps.admission.countRefused(req, error) : error;
      }
      await repeats.remember(token, tokens);
    }
    send(
      res,
      200,
      { access_token: tokens.access_token, expires_in: tokens.expires_in },
      { ...limits, "Set-Cookie": sessionCookie(req, cookies, tokens.refresh_token) },
    );
  });

  const logout = endpoint(async (req, res, limits) => {
    await readJsonBody(req, nothing);
    const token = sessionTokenOf(req);
    if (token) await authClient.over(req.$ctx).endSession({ refreshToken: token });
    send(res, 204, undefined, { ...limits, "Set-Cookie": clearedSessionCookie(req, cookies) });
  });

  return {
    name: "web-session",
    // Matched by its aliases alone, like the reference route.
    path: "/",
    mappingPolicy: "restrict",
    bodyParsers: false,
    logging: false,
    aliases: {
      [`POST ${WEB_SESSION_PATH}`]: store,
      [`POST ${WEB_SESSION_PATH}/refresh`]: refresh,
      [`POST ${WEB_SESSION_PATH}/logout`]: logout,
    },
  } as ApiRouteSchema;
}
