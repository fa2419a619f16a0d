import type { Permission } from "../../shared/identity";
import type { ApplicationDocument } from "./application";
import { parseScope, isSubset } from "./scopes";
import { PROMPT_VALUES } from "./contract";
import { matchRedirectUri } from "./redirect-uris";
import type { OAuthStores } from "./oauth-stores";

/**
 * Checking an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 9700 §2.1). A
 * request whose application or redirect URI cannot be trusted gets an error page and never a
 * redirect (no open redirector); any other problem goes back to the application's redirect
 * URI with `error` and `state`.
 */

export type RequestParams = Record<string, string>;

export type Prompt = Readonly<Record<(typeof PROMPT_VALUES)[number], boolean>>;

export interface ValidRequest {
  app: ApplicationDocument;
  /** Where the answer goes: the request's `redirect_uri`, or the one registered when it gave none. */
  redirectUri: string;
  /** Whether the request named `redirect_uri`: then the token request must name the same (RFC 6749 §4.1.3). */
  redirectUriGiven: boolean;
  scopes: Permission[];
  state: string | undefined;
  codeChallenge: string | null;
  prompt: Prompt;
  /** The parameters to carry through the sign-in and consent forms. */
  params: RequestParams;
}

export type CheckedRequest = { ok: true; request: ValidRequest } | { ok: false; errorPage: string } | { ok: false; redirect: string };

/** The fields of an authorization request that travel through the forms; nothing else does. */
export const REQUEST_FIELDS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "prompt",
] as const;

/** RFC 7636 §4.2: the S256 challenge is BASE64URL(SHA-256(verifier)), 43 characters. */
const CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** `redirectUri` with the answer's parameters added to its query, and `iss` (RFC 9207). */
export function redirectWith(redirectUri: string, answer: Record<string, string | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...answer, iss: issuer })) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

export async function checkAuthorizationRequest(
  stores: Pick<OAuthStores, "applications">,
  query: RequestParams,
  repeated: readonly string[],
  issuer: string,
): Promise<CheckedRequest> {
  const params: RequestParams = Object.fromEntries(
    REQUEST_FIELDS.flatMap((name) => (query[name] !== undefined && query[name] !== "" ? [[name, query[name]]] : [])),
  );
  if (repeated.includes("client_id") || repeated.includes("redirect_uri"))
    return { ok: false, errorPage: "The request names its application or its return address more than once." };
  const clientId = params.client_id;
  const app = clientId === undefined ? null : await stores.applications.byClientId(clientId);
  if (!app || app.status !== "active") return { ok: false, errorPage: "The application that sent you here is unknown or disabled." };
  const matched = matchRedirectUri(app.redirect_uris, params.redirect_uri);
  if (!matched.ok)
    return {
      ok: false,
      errorPage:
        matched.reason === "ambiguous"
          ? "The application did not say where to send you back, and it has registered more than one address."
          : "The application asked to send you back to an address it has not registered.",
    };
  const redirectUri = matched.uri;
  const state = params.state;
  const back = (error: string, description: string): CheckedRequest => ({
    ok: false,
    redirect: redirectWith(redirectUri, { error, error_description: description, state }, issuer),
  });
  if (repeated.length > 0) return back("invalid_request", `Parameters sent more than once: ${repeated.join(", ")}`);
  if (params.response_type !== "code") return back("unsupported_response_type", "Only response_type=code is supported");
  const scopes = parseScope(params.scope, app.scopes);
  if (scopes === null || !isSubset(scopes, app.scopes))
    return back("invalid_scope", "scope names a scope the application is not registered for");
  const method = params.code_challenge_method;
  const challenge = params.code_challenge;
  if (challenge === undefined) {
    if (method !== undefined) return back("invalid_request", "code_challenge_method without code_challenge");
    if (app.client_type === "public")
      return back("invalid_request", "PKCE is required for public clients: send code_challenge with code_challenge_method=S256");
  } else {
    if (method !== "S256") return back("invalid_request", "code_challenge_method must be S256");
    if (!CHALLENGE.test(challenge)) return back("invalid_request", "code_challenge is malformed");
  }
  const prompts = (params.prompt ?? "").split(" ").filter(Boolean);
  const unknown = prompts.filter((value) => !(PROMPT_VALUES as readonly string[]).includes(value));
  if (unknown.length > 0) return back("invalid_request", `prompt may be ${PROMPT_VALUES.join(", ")}; not ${unknown.join(", ")}`);
  if (prompts.includes("none") && prompts.length > 1) return back("invalid_request", "prompt=none cannot be combined with other values");
  const prompt: Prompt = { none: prompts.includes("none"), login: prompts.includes("login"), consent: prompts.includes("consent") };
  return {
    ok: true,
    request: { app, redirectUri, redirectUriGiven: matched.given, scopes, state, codeChallenge: challenge ?? null, prompt, params },
  };
}
