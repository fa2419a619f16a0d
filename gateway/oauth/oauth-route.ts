import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiRouteSchema, IncomingRequest } from "moleculer-web";
import type { Service } from "moleculer";
import { oauthClient, type PageOutcome, type ProtocolFailure, type ProtocolResult } from "../../services/oauth/client";
import type { KeyValueStore } from "../../shared/kv/port";
import type { Admission } from "../admission";
import { toErrorResponse } from "../error-response";
import { enforceRateLimit, rateLimitHeadersOf, type RateLimitHeaders } from "../rate-limit/limiter";
import type { RatePolicy } from "../rate-limit/policy";
import type { TrustedProxies } from "../rate-limit/client-address";
import { STYLE_MOUNTS } from "../styles";
import { cookieIsSecure, issuerOf } from "./issuer";
import { authorizationServerMetadata, metadataPaths, OAUTH_BASE } from "./metadata";
import { pageHeaders, renderPage } from "./pages";
import { BadForm, basicCredentials, formFields, queryFields, SESSION_COOKIE, sessionCookieOf } from "./request-parts";

export interface OAuthRouteDependencies {
  kv: KeyValueStore;
  admission: Admission;
  trustedProxies: TrustedProxies;
  publicUrl: string | undefined;
  /** Per confidential application, counted after it authenticated (see `oauthClientPolicy`). */
  clientPolicy: RatePolicy;
}

function logFailure(req: IncomingRequest, error: unknown, what: string): void {
  (req.$service as Service).logger.error({ err: error, path: req.originalUrl }, what);
}

type Handler = (req: IncomingRequest, res: ServerResponse) => Promise<void>;
type ProtocolCall = (
  call: ReturnType<typeof oauthClient.over>,
  input: { form: Record<string, string>; basic: ReturnType<typeof basicCredentials> },
  issuer: string,
) => Promise<ProtocolResult<unknown>>;

const SESSION_MAX_AGE_SECONDS = 12 * 3600;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Pragma: "no-cache" });
  res.end(body === null ? "" : JSON.stringify(body));
}

/** What an unexpected failure says: a 503 the client may retry when a part is unavailable, a 500 otherwise, never internals. */
function failureOf(thrown: unknown): { status: number; error: "temporarily_unavailable" | "server_error"; description: string } {
  const status = toErrorResponse(thrown).status;
  if (status === 503)
    return { status, error: "temporarily_unavailable", description: "The service is not available right now; retry shortly" };
  return { status: 500, error: "server_error", description: "Something went wrong on our side" };
}

/**
 * The OAuth 2.0 authorization server's endpoints and pages, served by the gateway itself
 * (form bodies, RFC 6749 errors, HTML) under every style's mount, and its metadata. Every
 * decision is the oauth service's, through its client. Counted per client address; the
 * protocol endpoints also per confidential application once it authenticated. A wrong
 * client secret counts like a refused key; a wrong password on the sign-in page like a
 * wrong one at `POST /auth/login`.
 */
export function oauthRoute(deps: OAuthRouteDependencies): ApiRouteSchema {
  const issuerFor = (req: IncomingMessage) => issuerOf(req, deps.publicUrl, deps.trustedProxies);

  const protocol =
    (call: ProtocolCall): Handler =>
    async (req, res) => {
      let headers: RateLimitHeaders = {};
      try {
        headers = (await deps.admission.admitAnonymous(req)) ?? {};
        const basic = basicCredentials(req);
        const fields = await formFields(req);
        if (fields.repeated.length > 0) throw new BadForm(`Parameters sent more than once: ${fields.repeated.join(", ")}`);
        const input = { form: fields.values, basic };
        const oauth = oauthClient.over(req.$ctx);
        const failed = async (failure: ProtocolFailure) => {
          // A client secret is a long random string, judged like an API key: a valid one is never held back.
          if (failure.clientAuthenticationFailed) {
            const answer = await deps.admission.countRefused(req, failure);
            if (answer !== failure) throw answer;
          }
          const challenge: Record<string, string> =
            failure.status === 401 ? { "WWW-Authenticate": 'Basic realm="stint", error="invalid_client"' } : {};
          sendJson(res, failure.status, failure.body, { ...headers, ...challenge });
        };
        // The application's allowance is counted only once it has proved who it is; the call below checks again.
        const client = await oauth.authenticateClient(input);
        if (!client.ok) return await failed(client);
        if (client.body.clientType === "confidential")
          await enforceRateLimit(deps.kv, deps.clientPolicy, `client:${client.body.clientId}`, deps.admission.now());
        const result = await call(oauth, input, issuerFor(req));
        if (result.ok) return sendJson(res, 200, result.body, headers);
        await failed(result);
      } catch (error) {
        if (error instanceof BadForm) return sendJson(res, 400, { error: "invalid_request", error_description: error.message }, headers);
        const limited = rateLimitHeadersOf(error);
        if (limited)
          return sendJson(
            res,
            429,
            { error: "temporarily_unavailable", error_description: toErrorResponse(error).message },
            { ...headers, ...limited },
          );
        const failure = failureOf(error);
        if (failure.status === 500) logFailure(req, error, "OAuth request failed");
        sendJson(
          res,
          failure.status,
          { error: failure.error, error_description: failure.description },
          failure.status === 503 ? { "Retry-After": "5" } : {},
        );
      }
    };

  function sendPage(
    req: IncomingRequest,
    res: ServerResponse,
    outcome: PageOutcome,
    sentSession: string | undefined,
    issuer: string,
  ): void {
    const action = (req.originalUrl ?? "").split("?")[0] ?? "";
    if (outcome.session.token !== sentSession) {
      const secure = cookieIsSecure(issuer) ? "; Secure" : "";
      res.setHeader(
        "Set-Cookie",
        `${SESSION_COOKIE}=${outcome.session.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure}`,
      );
    }
    if (outcome.kind === "redirect") {
      res.writeHead(302, { Location: outcome.location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      res.end();
      return;
    }
    if (outcome.kind === "continue") {
      const query = new URLSearchParams(outcome.params).toString();
      res.writeHead(303, { Location: query ? `${action}?${query}` : action, "Cache-Control": "no-store" });
      res.end();
      return;
    }
    const redirectUri = outcome.kind === "consent" || outcome.kind === "sign_in" ? outcome.redirectUri : undefined;
    res.writeHead(outcome.kind === "error" ? outcome.status : 200, pageHeaders(redirectUri));
    res.end(renderPage(outcome, action, outcome.session.csrf));
  }

  function sendProblemPage(
    req: IncomingRequest,
    res: ServerResponse,
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ): void {
    res.writeHead(status, { ...pageHeaders(), ...extra });
    res.end(renderPage({ kind: "error", status: 400, message }, "", ""));
  }

  /** A page: GET shows it, POST handles its forms. Forms that check a password or a code are held back after wrong ones (`pageForm`). */
  const pageRoute =
    (show: (req: IncomingRequest, session: string | undefined, issuer: string) => Promise<PageOutcome>): Handler =>
    async (req, res) => {
      try {
        await deps.admission.admitAnonymous(req);
        const session = sessionCookieOf(req);
        const issuer = issuerFor(req);
        const outcome = await show(req, session, issuer);
        sendPage(req, res, outcome, session, issuer);
      } catch (error) {
        if (error instanceof BadForm) return sendProblemPage(req, res, 400, "The form could not be read. Go back and try again.");
        const limited = rateLimitHeadersOf(error);
        // Says which limit and when to come back, as the API's 429 does.
        if (limited) return sendProblemPage(req, res, 429, toErrorResponse(error).message, limited);
        const failure = failureOf(error);
        if (failure.status === 500) logFailure(req, error, "OAuth page failed");
        sendProblemPage(
          req,
          res,
          failure.status,
          failure.status === 503 ? "Stint is not available right now. Try again shortly." : "Something went wrong on our side. Try again.",
        );
      }
    };

  /**
   * Reads a page's form. A sign-in is counted on its account and address before its password
   * is checked, and a code typed on the device page on the address (see `beginSignIn`); the
   * count is taken back unless the password or the code was wrong.
   */
  async function pageForm(
    req: IncomingRequest,
    run: (form: Record<string, string>) => Promise<PageOutcome>,
    guessable: (form: Record<string, string>) => boolean,
  ): Promise<PageOutcome> {
    const fields = await formFields(req);
    if (fields.repeated.length > 0) throw new BadForm("repeated fields");
    const form = fields.values;
    if (!guessable(form)) return run(form);
    const attempt = await deps.admission.beginSignIn(req, form.action === "sign_in" ? (form.email ?? "") : null);
    let wrong = false;
    try {
      const outcome = await run(form);
      wrong = (outcome.kind === "sign_in" && outcome.failed) || (outcome.kind === "device_entry" && outcome.unknownCode);
      return outcome;
    } finally {
      await attempt.settle(wrong).catch(() => undefined);
    }
  }

  const signingIn = (form: Record<string, string>) => form.action === "sign_in";
  // Every device form names a user code, which could be guessed; a sign-in a password.
  const enteringCode = (form: Record<string, string>) =>
    form.action === "sign_in" || form.action === "lookup" || form.action === "approve" || form.action === "deny";

  const aliases: Record<string, Handler> = {};
  for (const mount of STYLE_MOUNTS) {
    const base = `${mount.path}/auth/oauth`;
    aliases[`GET ${base}/authorize`] = pageRoute((req, session, issuer) => {
      const query = queryFields(req);
      return oauthClient.over(req.$ctx).authorizationPage({ session, query: query.values, repeated: query.repeated, issuer });
    });
    aliases[`POST ${base}/authorize`] = pageRoute((req, session, issuer) =>
      pageForm(req, (form) => oauthClient.over(req.$ctx).authorizationForm({ session, form, issuer }), signingIn),
    );
    aliases[`GET ${base}/device`] = pageRoute((req, session) =>
      oauthClient.over(req.$ctx).devicePage({ session, userCode: queryFields(req).values.user_code }),
    );
    aliases[`POST ${base}/device`] = pageRoute((req, session) =>
      pageForm(req, (form) => oauthClient.over(req.$ctx).deviceForm({ session, form }), enteringCode),
    );
    aliases[`POST ${base}/token`] = protocol((call, input) => call.token(input));
    aliases[`POST ${base}/device/code`] = protocol((call, input, issuer) =>
      call.deviceAuthorization({ ...input, verificationUri: `${issuer}${OAUTH_BASE}/device` }),
    );
    aliases[`POST ${base}/revoke`] = protocol((call, input) => call.revoke(input));
    aliases[`POST ${base}/introspect`] = protocol((call, input, issuer) => call.introspect({ ...input, issuer }));
  }
  const metadata: Handler = async (req, res) => {
    try {
      const headers = (await deps.admission.admitAnonymous(req)) ?? {};
      res.writeHead(200, { ...headers, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
      res.end(JSON.stringify(authorizationServerMetadata(issuerFor(req))));
    } catch (error) {
      const limited = rateLimitHeadersOf(error) ?? {};
      const shown = toErrorResponse(error);
      sendJson(res, shown.status, { error: { code: shown.code, message: shown.message, details: shown.details } }, limited);
    }
  };

  for (const path of metadataPaths(deps.publicUrl)) aliases[`GET ${path}`] = metadata;

  return {
    name: "oauth",
    // Matched by its aliases alone, like the reference route.
    path: "/",
    mappingPolicy: "restrict",
    bodyParsers: false,
    logging: false,
    aliases,
  } as ApiRouteSchema;
}
