/**
 * Checking and making the signatures of Stint's webhook deliveries (docs/api.md#a-delivery),
 * with Web Crypto, so it
 * runs in Node 18+, browsers, Deno and edge runtimes alike. A delivery carries two
 * signatures of the same raw body:
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64
 *   HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed with the bytes the secret's base64 stands for>`,
 *   which binds the timestamp too, so a replay is refused once it is older than the tolerance;
 * - the legacy `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with the secret
 *   string>`, which covers no time: whoever saw one delivery could send it again forever. It
 *   is accepted only when the caller asks for it (`allowLegacySignature`).
 */
import { randomHex } from "./core.js";
import { WebhookVerificationError } from "./errors.js";

/** How far a delivery's timestamp may be from now, in seconds (5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = "whsec_";

/** Headers as `Headers`, or a plain object (Node's `req.headers`, any case, arrays allowed). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  organization_id: string;
  data: T;
}

export interface VerifyOptions {
  /** Seconds a timestamp may be off, either way (default 300). */
  toleranceSeconds?: number;
  /** The time to check against, for tests (default now). */
  now?: Date;
  /**
   * Accept a delivery that carries only the legacy `X-Webhook-Signature` (default false).
   * That signature covers no time, so such a delivery can be replayed: turn this on only
   * for a sender that cannot send the Standard Webhooks headers.
   */
  allowLegacySignature?: boolean;
}

export interface SignOptions {
  /** The event's id (`evt_...`): `webhook-id` and `X-Webhook-Id`. Default: a random one. */
  id?: string;
  /** The event's type, for `X-Webhook-Event` (default: the body's `type`, when it is JSON with one). */
  type?: string;
  /** When it was sent (default now). */
  timestamp?: Date;
}

interface Hmac {
  importKey(
    format: "raw",
    key: Uint8Array,
    algorithm: { name: "HMAC"; hash: "SHA-256" },
    extractable: false,
    usages: ["sign"],
  ): Promise<unknown>;
  sign(algorithm: "HMAC", key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

/** Web Crypto: the platform's, or Node 18's from `node:crypto` where it is not global yet. */
async function subtle(): Promise<Hmac> {
  const global = (globalThis as { crypto?: { subtle?: unknown } }).crypto?.subtle;
  if (global) return global as Hmac;
  const nodeCrypto = "node:crypto";
  const module = (await import(/* webpackIgnore: true */ nodeCrypto)) as { webcrypto: { subtle: unknown } };
  return module.webcrypto.subtle as Hmac;
}

const encoder = new TextEncoder();

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === "string") return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const crypto = await subtle();
  const cryptoKey = await crypto.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.sign("HMAC", cryptoKey, data));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The Standard Webhooks key: the bytes the secret's base64 part stands for. */
function standardKey(secret: string): Uint8Array {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  try {
    return fromBase64(encoded);
  } catch {
    throw new WebhookVerificationError("The secret is not a Stint webhook secret (whsec_ and base64)");
  }
}

/** Equal strings, compared in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  // A Fetch API Headers, whichever implementation made it.
  if (typeof (headers as Headers).get === "function" && typeof (headers as Headers).has === "function")
    return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== lower || value === undefined) continue;
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return undefined;
}

function checkTimestamp(value: string, options: VerifyOptions): void {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seconds))
    throw new WebhookVerificationError("The webhook timestamp is not a number of seconds");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - seconds) > tolerance)
    throw new WebhookVerificationError(
      `The webhook timestamp is more than ${tolerance} seconds from now: a replay, or a clock that is off`,
    );
}

/**
 * Checks a delivery: its Standard Webhooks signature must match the raw body (as received,
 * before any JSON parsing) and its timestamp must be within the tolerance of now. A delivery
 * with only the legacy `X-Webhook-Signature` is refused unless `allowLegacySignature` is set.
 * Returns the parsed event; throws `WebhookVerificationError` otherwise.
 */
export async function verifyWebhook<T = Record<string, unknown>>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent<T>> {
  if (!secret) throw new WebhookVerificationError("No webhook secret given");
  const body = bytesOf(rawBody);
  const signature = header(headers, "webhook-signature");
  if (signature !== undefined) await checkStandardSignature(body, signature, headers, secret, options);
  else await checkLegacySignature(body, headers, secret, options);
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError("The webhook body is not JSON");
  }
}

async function checkStandardSignature(
  body: Uint8Array,
  signature: string,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions,
): Promise<void> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  if (id === undefined || timestamp === undefined)
    throw new WebhookVerificationError("webhook-signature comes without webhook-id or webhook-timestamp");
  checkTimestamp(timestamp, options);
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), body);
  const expected = `v1,${toBase64(await hmacSha256(standardKey(secret), signed))}`;
  // Several signatures may be listed, space-separated (while a secret is being rotated).
  if (!signature.split(" ").some((candidate) => constantTimeEqual(candidate, expected)))
    throw new WebhookVerificationError("webhook-signature does not match the body");
}

async function checkLegacySignature(body: Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions): Promise<void> {
  const signature = header(headers, "x-webhook-signature");
  if (signature === undefined)
    throw new WebhookVerificationError("The request carries no webhook signature (webhook-id, webhook-timestamp and webhook-signature)");
  if (!options.allowLegacySignature)
    throw new WebhookVerificationError(
      "The request carries only X-Webhook-Signature, which covers no time and so can be replayed: it needs the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), or allowLegacySignature: true to be accepted",
    );
  // Not signed, but a stale one still tells a careless replay.
  const timestamp = header(headers, "x-webhook-timestamp");
  if (timestamp !== undefined) checkTimestamp(timestamp, options);
  const expected = `sha256=${toHex(await hmacSha256(encoder.encode(secret), body))}`;
  if (!constantTimeEqual(signature.trim().toLowerCase(), expected))
    throw new WebhookVerificationError("X-Webhook-Signature does not match the body");
}

/** The headers Stint would send with this body: for testing a receiver. */
export async function signWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  secret: string,
  options: SignOptions = {},
): Promise<Record<string, string>> {
  const body = bytesOf(rawBody);
  const id = options.id ?? `evt_${randomHex(11)}`;
  const timestamp = String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000));
  let type = options.type;
  if (type === undefined) {
    try {
      const parsed = JSON.parse(new TextDecoder().decode(body)) as { type?: unknown };
      if (typeof parsed.type === "string") type = parsed.type;
    } catch {
      // Not JSON: no event type to name.
    }
  }
  const standard = toBase64(await hmacSha256(standardKey(secret), concat(encoder.encode(`${id}.${timestamp}.`), body)));
  return {
    "X-Webhook-Signature": `sha256=${toHex(await hmacSha256(encoder.encode(secret), body))}`,
    ...(type !== undefined ? { "X-Webhook-Event": type } : {}),
    "X-Webhook-Id": id,
    "X-Webhook-Timestamp": timestamp,
    "webhook-id": id,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${standard}`,
  };
}
