import { timingSafeEqual } from "node:crypto";
import { sha256 } from "../../shared/auth/secrets";
import { parseId } from "../../shared/ids";
import type { ApplicationStore } from "./application-store";
import type { ApplicationDocument } from "./application";
import { field, refuse } from "./protocol";
import type { BasicCredentials, FormFields, ProtocolFailure, ProtocolResult } from "./contract";

/** Compares two hex digests without leaking where they differ. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `secret` is the application's secret, or its previous one within the 24 hours after a rotation. */
function secretMatches(app: ApplicationDocument, secret: string): boolean {
  const hash = sha256(secret);
  // Both comparisons always run: the time taken says nothing of which matched.
  const current = app.secret_hash !== null && sameHash(hash, app.secret_hash);
  const previousValid = app.previous_secret_hash !== null && (app.previous_secret_expires_at ?? 0) > Date.now();
  const previous = previousValid && sameHash(hash, app.previous_secret_hash ?? "");
  return current || previous;
}

const failed = (description: string): ProtocolFailure => ({ ...refuse("invalid_client", description), clientAuthenticationFailed: true });

/**
 * Client authentication (RFC 6749 §2.3): a confidential application by its secret, in
 * HTTP Basic or in the body (never both), a public one by its `client_id` alone. An unknown
 * or disabled application, a missing or wrong secret: `invalid_client`, alike.
 */
export async function authenticateClient(
  applications: ApplicationStore,
  form: FormFields,
  basic: BasicCredentials,
): Promise<ProtocolResult<ApplicationDocument>> {
  const bodyId = field(form, "client_id");
  const bodySecret = field(form, "client_secret");
  if (basic && bodySecret !== undefined)
    return refuse("invalid_request", "Use one way of client authentication: HTTP Basic or the body, not both");
  if (basic && bodyId !== undefined && bodyId !== basic.clientId)
    return refuse("invalid_request", "client_id differs from the one in HTTP Basic");
  const clientId = basic?.clientId ?? bodyId;
  const secret = basic?.clientSecret ?? bodySecret;
  if (clientId === undefined)
    return failed("Client authentication is required: send client_id (and client_secret for confidential applications)");
  const app = parseId("oauthClient", clientId) === clientId ? await applications.byClientId(clientId) : null;
  if (!app || app.status !== "active") return failed("Unknown or disabled client, or wrong credentials");
  if (app.client_type === "public") {
    // A public application has no secret; one sent anyway is a mistake worth telling.
    if (secret !== undefined && secret !== "") return failed("A public client has no secret");
    return { ok: true, body: app };
  }
  if (secret === undefined || !secretMatches(app, secret)) return failed("Unknown or disabled client, or wrong credentials");
  return { ok: true, body: app };
}
