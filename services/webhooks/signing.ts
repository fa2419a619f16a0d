import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
/** 32 random bytes: as long as the HMAC-SHA256 key it becomes (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret in the Standard Webhooks form: `whsec_` and the base64 of random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The key Standard Webhooks signatures use: the bytes the secret's base64 part stands for. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

export interface SignedHeaders {
  "X-Webhook-Signature": string;
  "X-Webhook-Event": string;
  "X-Webhook-Id": string;
  "X-Webhook-Timestamp": string;
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * The headers of one attempt (docs/api.md#a-delivery). Two signatures of the same body:
 * `X-Webhook-Signature` is `sha256=` and the hex HMAC-SHA256 of the raw body keyed with the
 * secret string as given; `webhook-signature` follows Standard Webhooks (`v1,` and the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret's decoded bytes), which
 * binds the timestamp too, so receivers can refuse replays.
 */
export function signedHeaders(secret: string, eventId: string, eventType: string, body: string, unixSeconds: number): SignedHeaders {
  const timestamp = String(unixSeconds);
  const hex = createHmac("sha256", secret).update(body).digest("hex");
  const standard = createHmac("sha256", standardKey(secret)).update(`${eventId}.${timestamp}.${body}`).digest("base64");
  return {
    "X-Webhook-Signature": `sha256=${hex}`,
    "X-Webhook-Event": eventType,
    "X-Webhook-Id": eventId,
    "X-Webhook-Timestamp": timestamp,
    "webhook-id": eventId,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${standard}`,
  };
}
