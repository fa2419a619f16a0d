import { timingSafeEqual } from "node:crypto";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import type { KeyValueStore } from "../../shared/kv/port";

/**
 * The sessions of the OAuth pages (sign-in, consent, device approval): the browser holds a
 * random token in an HttpOnly cookie, the server the session under the token's hash in the
 * key-value store, which every gateway and service process shares. Every session, signed
 * in or not, has its own CSRF token that each form must send back. Signing in replaces the
 * session with a new one (a new token), so a token planted before sign-in is worth nothing.
 */

export interface PageSession {
  /** The token the cookie holds: new when the session is. */
  token: string;
  csrf: string;
  userId: string | null;
}

interface Stored {
  csrf: string;
  userId: string | null;
}

const ANONYMOUS_TTL_MS = 3_600_000;
const SIGNED_IN_TTL_MS = 12 * 3_600_000;
const keyOf = (token: string) => `oauth:page-session:${sha256(token)}`;

async function create(kv: KeyValueStore, userId: string | null): Promise<PageSession> {
  const token = randomSecret(43);
  const session: Stored = { csrf: randomSecret(32), userId };
  await kv.set(keyOf(token), JSON.stringify(session), { ttlMs: userId === null ? ANONYMOUS_TTL_MS : SIGNED_IN_TTL_MS });
  return { token, ...session };
}

async function read(kv: KeyValueStore, token: string | undefined): Promise<PageSession | null> {
  if (!token) return null;
  const raw = await kv.get(keyOf(token));
  if (raw === null) return null;
  const stored = JSON.parse(raw) as Stored;
  return { token, csrf: stored.csrf, userId: stored.userId };
}

/** The session a cookie names, or a new anonymous one when it names none. */
export async function openPageSession(kv: KeyValueStore, token: string | undefined): Promise<PageSession> {
  return (await read(kv, token)) ?? create(kv, null);
}

/** The session of `token` when `csrf` is its CSRF token; null otherwise (a forged or stale form). */
export async function sessionWithCsrf(kv: KeyValueStore, token: string | undefined, csrf: string | undefined): Promise<PageSession | null> {
  const session = await read(kv, token);
  if (!session || csrf === undefined) return null;
  const expected = Buffer.from(session.csrf);
  const sent = Buffer.from(csrf);
  return expected.length === sent.length && timingSafeEqual(expected, sent) ? session : null;
}

/** After a correct password: the old session ends and a signed-in one begins. */
export async function signInPageSession(kv: KeyValueStore, previous: PageSession, userId: string): Promise<PageSession> {
  await kv.delete(keyOf(previous.token));
  return create(kv, userId);
}

/** Forgets the session (its user is gone). */
export async function endPageSession(kv: KeyValueStore, session: PageSession): Promise<PageSession> {
  await kv.delete(keyOf(session.token));
  return create(kv, null);
}
