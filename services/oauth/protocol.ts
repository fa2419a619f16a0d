import { z } from "zod";

/**
 * The answers of the OAuth endpoints that take form bodies (token, revocation,
 * introspection, device authorization). They are not ordinary operations: errors have
 * RFC 6749's shape, so the service hands the gateway a status and a body to send as they are.
 */

export const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "unsupported_token_type",
  "authorization_pending",
  "slow_down",
  "access_denied",
  "expired_token",
  "temporarily_unavailable",
  "server_error",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

export const oauthErrorSchema = z
  .object({
    error: z.enum(OAUTH_ERRORS),
    error_description: z.string().describe("For the developer; not shown to people"),
  })
  .meta({ id: "OAuthError", description: "An error in the form of RFC 6749 §5.2" });

export interface ProtocolFailure {
  ok: false;
  status: 400 | 401;
  body: OAuthErrorBody;
  /** A client's secret (or id) was wrong: counted like a failed sign-in against the address. */
  clientAuthenticationFailed?: boolean;
}

export type ProtocolResult<T> = { ok: true; body: T } | ProtocolFailure;

export function refuse(error: OAuthErrorCode, description: string): ProtocolFailure {
  return { ok: false, status: error === "invalid_client" ? 401 : 400, body: { error, error_description: description } };
}

/** A form's fields; the gateway refuses a field sent twice (RFC 6749 §3.1) before they get here. */
export type FormFields = Record<string, string>;

export const formFields = z.record(z.string().max(100), z.string().max(4096));

/** HTTP Basic client authentication, as the gateway read it from `Authorization` (already form-decoded). */
export const basicCredentials = z
  .object({ clientId: z.string().max(200), clientSecret: z.string().max(200) })
  .strict()
  .optional();
export type BasicCredentials = z.output<typeof basicCredentials>;

/** A field, with an empty value read as absent (RFC 6749 §3.1). */
export function field(form: FormFields, name: string): string | undefined {
  const value = form[name];
  return value === undefined || value === "" ? undefined : value;
}
