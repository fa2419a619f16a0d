import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "../../shared/errors";
import type { KeyValueStore } from "../../shared/kv/port";
import { fingerprintOf } from "./fingerprint";

/**
 * Idempotent POSTs. A caller that sends `Idempotency-Key` gets, for the same key, method, path
 * and body within 24 hours, the first response again without the work being done twice; the
 * same key with another body is a 422, and a duplicate while the first is still running is
 * a 409.
 *
 * One key-value record per (scope, method, path, key), where the scope names the caller
 * (`key:<api key id>`, `user:<user id>`), so two callers never see each other's records.
 * The record is first "running" (the claim, with the request's fingerprint and claim time),
 * then "completed" (with the response to replay).
 *
 * A claimant that dies must not hold its key forever. The running record is therefore written
 * with a short expiry, RUNNING_CLAIM_MS, and rewritten with what is left of the 24 hours when
 * the response is stored. The alternative, a 24-hour running record whose claim time says when
 * it went stale, would need a compare-and-set to take it over atomically, which the key-value
 * port does not have; with the expiry the store itself drops a dead claim, and the next
 * attempt claims the key with the same atomic set-if-absent as the first. RUNNING_CLAIM_MS is
 * four times the bus's request timeout (15 s), so the gateway has always had its answer for
 * a live request (the response, or a 5xx that releases the claim) before the claim can lapse.
 *
 * A claim also names the process that holds it. When that process is known to be gone (the
 * bus no longer lists it: it was killed, or lost its node), a repeat does not wait for the
 * claim to lapse but takes it over at once. Two repeats may take it over together and both
 * run: that is safe because a POST with a key creates its resource under an id derived from
 * the key (`shared/creation.ts`), so the second run finds what the first created.
 *
 * Storing the response and releasing a claim check first that the record is still this
 * request's claim (a random token in it), so that a request that somehow outlived its claim
 * cannot overwrite or delete the claim of the retry that took over. Without a compare-and-set
 * the check and the write are two steps; they can only be split by the claim lapsing in the
 * moment between them, RUNNING_CLAIM_MS after the claim.
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set to "true" on a response that is a replay of a stored one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a completed response is kept, counted from the first request. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** How long a running claim holds its key when nobody completes or releases it. */
export const RUNNING_CLAIM_MS = 60_000;
export const MAX_KEY_LENGTH = 255;
/**
 * `details.reason` of the 409 answered while the first request with a key is still running.
 * It tells that 409, which a retry resolves, from a conflict with stored data, which no
 * retry can: clients retry a 409 only when it carries this reason.
 */
export const IN_PROGRESS_REASON = "request_in_progress";

/** Only these response headers are stored and replayed; the rest belong to one exchange. */
const KEPT_HEADERS: Readonly<Record<string, string>> = { location: "Location", "content-type": "Content-Type" };
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;
/** A claim attempt that finds the record gone again (released or lapsed) tries once more, this often. */
const CLAIM_ATTEMPTS = 3;

export interface IdempotentRequest {
  /** Who is asking, e.g. `key:<api key id>` or `user:<user id>`; records never cross scopes. */
  scope: string;
  /** The `Idempotency-Key` header's value. */
  key: string;
  method: string;
  /** The request path as received (style mount included: each style replays its own responses). */
  path: string;
  /** The parsed JSON body; `undefined` when there was none. */
  body: unknown;
}

/** A response as stored and replayed. */
export interface IdempotentResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The response as sent to the caller, to store; headers outside the allow-list are dropped. */
export interface ResponseToStore {
  status: number;
  headers?: Readonly<Record<string, string | number | readonly string[] | undefined>>;
  body: unknown;
}

export interface Proceed {
  kind: "proceed";
  /**
   * Stores the response for replay and ends the claim. A 5xx or a 429 is not stored: the
   * claim is released so the request can be tried again. Resolves to whether it was stored.
   * Only the first call to `complete` or `abandon` does anything.
   */
  complete(response: ResponseToStore): Promise<boolean>;
  /** Releases the claim without storing anything, e.g. when the request failed unexpectedly. */
  abandon(): Promise<void>;
}

export interface Replay {
  kind: "replay";
  /** The stored response, with `Idempotent-Replayed: true` among its headers. */
  response: IdempotentResponse;
}

export type IdempotencyOutcome = Proceed | Replay;

/** For tests; the defaults are the documented behaviour. */
export interface IdempotencyOptions {
  retentionMs?: number;
  runningClaimMs?: number;
  /** Who takes the claim (the gateway's node id), written into it. */
  holder?: string;
  /** Whether the process named in a running claim still lives; a claim of one that does not is taken over. */
  isHolderAlive?: (holder: string) => boolean;
}

interface RunningRecord {
  state: "running";
  fingerprint: string;
  claimedAt: number;
  token: string;
  /** The node id of the process that holds the claim, when it gave one. */
  holder?: string;
}

interface CompletedRecord {
  state: "completed";
  fingerprint: string;
  claimedAt: number;
  response: IdempotentResponse;
}

type IdempotencyRecord = RunningRecord | CompletedRecord;

function invalidKey(): ApiError {
  return ApiError.validation([
    { field: IDEMPOTENCY_KEY_HEADER, reason: "invalid", message: `must be 1-${MAX_KEY_LENGTH} printable ASCII characters` },
  ]);
}

/**
 * The `Idempotency-Key` header's value, `undefined` when the request has none, or a 400
 * (`invalid_request`, field `Idempotency-Key`, reason `invalid`) when it is empty, longer than
 * 255 characters, holds anything but printable ASCII (0x20-0x7E), or was sent more than once.
 */
export function idempotencyKeyFrom(header: string | readonly string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string") {
    if (header.length !== 1) throw invalidKey();
    return idempotencyKeyFrom(header[0]);
  }
  if (!KEY_SHAPE.test(header)) throw invalidKey();
  return header;
}

/**
 * Where a request's record lives: a hash of scope, method, path and key, so that no choice
 * of key or path can make two different requests meet, and every record key is one length.
 */
function recordKeyOf(request: IdempotentRequest): string {
  const identity = JSON.stringify([request.scope, request.method.toUpperCase(), request.path, request.key]);
  return `idempotency:${createHash("sha256").update(identity).digest("hex")}`;
}

/** Whether a response is kept for replay: not a 5xx (our failure) nor a 429 (come back later). */
function isKept(status: number): boolean {
  return status < 500 && status !== 429;
}

function keptHeaders(headers: ResponseToStore["headers"]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const canonical = KEPT_HEADERS[name.toLowerCase()];
    if (canonical === undefined || value === undefined) continue;
    kept[canonical] = typeof value === "string" || typeof value === "number" ? String(value) : value.join(", ");
  }
  return kept;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((inner) => typeof inner === "string");
}

function parseRecord(text: string): IdempotencyRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (isObject(value) && typeof value.fingerprint === "string" && typeof value.claimedAt === "number") {
    if (value.state === "running" && typeof value.token === "string") return value as unknown as RunningRecord;
    const response = value.response;
    if (value.state === "completed" && isObject(response) && typeof response.status === "number" && isStringRecord(response.headers)) {
      return value as unknown as CompletedRecord;
    }
  }
  throw new Error("an idempotency record could not be read");
}

function replayOf(response: IdempotentResponse): IdempotentResponse {
  return { status: response.status, headers: { ...response.headers, [REPLAYED_HEADER]: "true" }, body: response.body };
}

function checkDuration(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of milliseconds`);
}

/**
 * Claims the request's key, or answers from its record: `proceed` (do the work, then
 * `complete` or `abandon`), `replay` (send the stored response). Throws a 409 `conflict` while
 * the same request is still running, a 422 `idempotency_key_reused` when the key was used
 * with another body, and a 400 when the key is not a valid `Idempotency-Key`.
 */
export async function begin(kv: KeyValueStore, request: IdempotentRequest, options: IdempotencyOptions = {}): Promise<IdempotencyOutcome> {
  const retentionMs = options.retentionMs ?? RETENTION_MS;
  const runningClaimMs = options.runningClaimMs ?? RUNNING_CLAIM_MS;
  checkDuration(retentionMs, "retentionMs");
  checkDuration(runningClaimMs, "runningClaimMs");
  if (runningClaimMs > retentionMs) throw new Error("runningClaimMs cannot be longer than retentionMs");
  if (request.scope === "") throw new Error("an idempotent request needs a scope");
  idempotencyKeyFrom(request.key);

  const recordKey = recordKeyOf(request);
  const fingerprint = fingerprintOf(request.method, request.path, request.body);

  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const claim: RunningRecord = {
      state: "running",
      fingerprint,
      claimedAt: Date.now(),
      token: randomBytes(16).toString("hex"),
      ...(options.holder ? { holder: options.holder } : {}),
    };
    if (await kv.set(recordKey, JSON.stringify(claim), { ttlMs: runningClaimMs, onlyIfAbsent: true })) {
      return proceedWith(kv, recordKey, claim, retentionMs);
    }
    const stored = await kv.get(recordKey);
    // Released or lapsed between the two calls: the key is free again, so claim it.
    if (stored === null) continue;
    const record = parseRecord(stored);
    if (record.fingerprint !== fingerprint) {
      throw new ApiError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body");
    }
    if (record.state === "running") {
      if (record.holder === undefined || !options.isHolderAlive || options.isHolderAlive(record.holder)) break;
      // The holder is gone: its answer will never be stored. Take the claim over.
      await kv.set(recordKey, JSON.stringify(claim), { ttlMs: runningClaimMs });
      return proceedWith(kv, recordKey, claim, retentionMs);
    }
    return { kind: "replay", response: replayOf(record.response) };
  }
  throw ApiError.conflict("A request with this Idempotency-Key is still being processed; retry once it has finished", {
    reason: IN_PROGRESS_REASON,
  });
}

function proceedWith(kv: KeyValueStore, recordKey: string, claim: RunningRecord, retentionMs: number): Proceed {
  let settled = false;

  const isStillOurs = async (): Promise<boolean> => {
    const stored = await kv.get(recordKey);
    if (stored === null) return false;
    const record = parseRecord(stored);
    return record.state === "running" && record.token === claim.token;
  };

  const release = async (): Promise<void> => {
    if (await isStillOurs()) await kv.delete(recordKey);
  };

  return {
    kind: "proceed",

    async complete(response: ResponseToStore): Promise<boolean> {
      if (settled) return false;
      settled = true;
      if (!Number.isInteger(response.status) || response.status < 100 || response.status > 599) {
        await release();
        throw new Error(`not an HTTP status: ${response.status}`);
      }
      if (!isKept(response.status)) {
        await release();
        return false;
      }
      const record: CompletedRecord = {
        state: "completed",
        fingerprint: claim.fingerprint,
        claimedAt: claim.claimedAt,
        response: { status: response.status, headers: keptHeaders(response.headers), body: response.body },
      };
      let text: string;
      try {
        text = JSON.stringify(record);
      } catch (error) {
        await release();
        throw error;
      }
      if (!(await isStillOurs())) return false;
      // Kept for 24 hours from the first request, not from its completion.
      const ttlMs = Math.max(1, claim.claimedAt + retentionMs - Date.now());
      await kv.set(recordKey, text, { ttlMs });
      return true;
    },

    async abandon(): Promise<void> {
      if (settled) return;
      settled = true;
      await release();
    },
  };
}
