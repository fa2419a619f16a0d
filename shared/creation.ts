import { createHash } from "node:crypto";
import type { RequestMeta } from "./context";
import { ApiError } from "./errors";
import { ID_PREFIX, newId, type IdKind } from "./ids";
import { DuplicateKeyError } from "./storage/port";

/**
 * Creation that a retry cannot repeat. A POST sent with an `Idempotency-Key` carries a
 * creation key in its meta (`RequestMeta.creationKey`), which the gateway derives from the
 * organization, the caller's credential, the key, and the request's method, path and body.
 * A service that creates a resource for it takes the resource's id from that creation key
 * (`createdId`) instead of drawing a random one. However often the request is run, by a
 * client retrying after a lost answer, by the gateway retrying on another node, or by two
 * gateways at once, it names the same document: the first insert wins, every later one meets
 * `_id` uniqueness and answers the stored resource (`insertOnce`), announcing it again under
 * the same event id (`eventIdFor`), which receivers take once. This holds even when the
 * gateway's own idempotency record is gone (its process died before storing the answer, or
 * the counters store lost it), because the proof is the document itself.
 *
 * The body is part of the creation key so that a key reused, after its 24 hours, for a
 * different request creates a new resource rather than answering an old one.
 */

/** What the gateway derives a creation key from. */
export interface CreationRequest {
  organizationId: string;
  /** The credential: `key:<api key id>` or `user:<user id>`. */
  scope: string;
  idempotencyKey: string;
  /** The request's fingerprint: method, path and canonical body (`gateway/idempotency/fingerprint.ts`). */
  fingerprint: string;
}

export function creationKeyOf(request: CreationRequest): string {
  const parts = JSON.stringify(["stint-creation", request.organizationId, request.scope, request.idempotencyKey, request.fingerprint]);
  return createHash("sha256").update(parts).digest("hex");
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 22;

/** 22 base62 characters drawn from a hash chain of `seed`, the same way `newId` draws from random bytes. */
function derivedPart(seed: string): string {
  let out = "";
  for (let round = 0; out.length < ID_LENGTH; round++) {
    for (const byte of createHash("sha256").update(`${round}:${seed}`).digest()) {
      if (byte < 248 && out.length < ID_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** The id a creation key gives a resource of `kind`: the same every time, different for each kind. */
export function derivedId(kind: IdKind, creationKey: string): string {
  return `${ID_PREFIX[kind]}_${derivedPart(`${kind}:${creationKey}`)}`;
}

/** What a use case needs of a request to create idempotently: its meta, or nothing. */
export type Creation = Pick<RequestMeta, "creationKey">;

/** The id of the resource a request creates: derived when the request can be repeated, random otherwise. */
export function createdId(kind: IdKind, meta: Creation | undefined): string {
  const key = meta?.creationKey;
  return typeof key === "string" && key !== "" ? derivedId(kind, key) : newId(kind);
}

/**
 * The id of an event a request announces: derived from its creation key and the event's type
 * when the request can be repeated, so that a repeat announcing the same change again gives
 * the same event id, which receivers take once (the webhooks queue derives each delivery's id
 * from it). That closes the gap of a first run that stored the change and died before
 * announcing it: its repeat announces it. Without a creation key, a new id.
 */
export function eventIdFor(type: string, meta: Creation | undefined): string {
  const key = meta?.creationKey;
  return typeof key === "string" && key !== "" ? derivedId("event", `${type}:${key}`) : newId("event");
}

/** Whether a request carries a creation key, so that its created resource may already exist. */
export function isRepeatable(meta: Creation | undefined): boolean {
  return typeof meta?.creationKey === "string" && meta.creationKey !== "";
}

/**
 * The answer to a repeat of a create whose secret (an API key, an invitation token, an OAuth
 * client secret) is stored only as a hash: the first run made the resource and showed its
 * secret once, in an answer the caller never received. It cannot be shown again, and making
 * a second resource would break the key's promise, so the repeat says what happened and which
 * resource to revoke.
 */
export function createdBeforeWithSecret(what: string, id: string): ApiError {
  return ApiError.conflict(
    `${what} was created by an earlier attempt with this Idempotency-Key and its secret was shown only in that answer; revoke it and create another`,
    { id },
  );
}

export type Inserted<T> = { created: true; doc: T } | { created: false; doc: T };

/**
 * Inserts `doc`; when its `_id` is taken and `earlier` finds the document of that id (in the
 * caller's organization), whether the store said so as a `DuplicateKeyError` or a wrapper turned
 * it into a 409, answers that one instead, marked not created. Any other duplicate (a
 * unique name) is thrown as before.
 */
export async function insertOnce<T extends { _id: string }>(
  doc: T,
  insert: (doc: T) => Promise<unknown>,
  earlier: (id: string) => Promise<T | null>,
): Promise<Inserted<T>> {
  try {
    await insert(doc);
    return { created: true, doc };
  } catch (error) {
    // A store wrapper may already have turned the duplicate into its own 409 (a name in use).
    const duplicate = error instanceof DuplicateKeyError || (error instanceof ApiError && error.type === "conflict");
    if (!duplicate) throw error;
    const found = await earlier(doc._id);
    if (!found) throw error;
    return { created: false, doc: found };
  }
}
