import type { FormFields, OAuthErrorCode, ProtocolFailure } from "./contract";

/** Building the answers of the OAuth endpoints that take form bodies (their shapes: `contract.ts`). */

export function refuse(error: OAuthErrorCode, description: string): ProtocolFailure {
  return { ok: false, status: error === "invalid_client" ? 401 : 400, body: { error, error_description: description } };
}

/** A field, with an empty value read as absent (RFC 6749 §3.1). */
export function field(form: FormFields, name: string): string | undefined {
  const value = form[name];
  return value === undefined || value === "" ? undefined : value;
}
