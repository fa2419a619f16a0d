import { sha256 } from "../../shared/auth/secrets";
import type { FixedWindow, KeyValueStore, WindowCount } from "../../shared/kv/port";
import { addressSubject } from "./client-address";
import { RateLimitedError } from "./limiter";
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_WINDOW_MS,
} from "./policy";

/**
 * Wrong passwords, counted per account, per account and client address, and per address
 * (the numbers and reasons: `SIGN_IN_FAILURES_PER_ACCOUNT` and its neighbours). A password
 * can be guessed, so an attempt is counted before the password is checked: an attempt that
 * finds a window full is refused unheard, and a right password tried while refused tells
 * nothing. When the password was right after all (or the attempt was refused for another
 * reason, such as a malformed body), the attempt is taken back (`refundWindows`): what
 * remains counted are wrong passwords, and attempts still under way, so that a burst of
 * guesses sent at once cannot all pass before the first of them is counted.
 *
 * The account is the email as the auth service reads it (trimmed, in lower case), counted
 * under its SHA-256, whether or not an account has it: the answer is the same for an email
 * nobody uses, so a refusal does not say who has an account, and no email is written to the
 * key-value store.
 */

/** One sign-in under way, counted; `settle` once its answer is known. */
export interface SignInAttempt {
  /** `wrongPassword`: the password (or code) was wrong, and the attempt stays counted; otherwise it is taken back. */
  settle(wrongPassword: boolean): Promise<void>;
}

export interface SignInSubject {
  address: string;
  /** The email the attempt signs in as; null for a code with no account (the device page's user code), counted per address only. */
  account: string | null;
}

/** The email an attempt names, as the auth service compares it; null when the body names none it could accept. */
export function signInAccountOf(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const account = email.trim().toLowerCase();
  // Longer than any email the auth service accepts: refused there with a 400, never checked.
  return account.length === 0 || account.length > 254 ? null : account;
}

const fifteenMinutes = (key: string, limit: number): FixedWindow => ({ key, limit, windowMs: SIGN_IN_WINDOW_MS });

/** The address's window: every account's wrong passwords from it. */
function addressWindows(address: string): FixedWindow[] {
  return [fifteenMinutes(`sign-in:{${addressSubject(address)}}`, SIGN_IN_FAILURES_PER_ADDRESS)];
}

/** The account's windows, under one hash tag (counted in one step): from this address, and from everywhere. */
function accountWindows(account: string, address: string): FixedWindow[] {
  const tag = `sign-in:{account:${sha256(account)}}`;
  return [
    fifteenMinutes(`${tag}:from:${addressSubject(address)}`, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS),
    fifteenMinutes(tag, SIGN_IN_FAILURES_PER_ACCOUNT),
  ];
}

const minutesUntil = (resetAtMs: number, nowMs: number) => Math.max(1, Math.ceil((resetAtMs - nowMs) / 60_000));

function refusal(what: "for this account" | "from this address", windows: readonly WindowCount[], nowMs: number): RateLimitedError {
  // The windows are as long as one another and aligned: the full one ends when they all do.
  const resetAtMs = Math.max(...windows.filter((w) => w.count >= w.limit).map((w) => w.resetAtMs));
  const seconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
  const minutes = minutesUntil(resetAtMs, nowMs);
  return new RateLimitedError(
    `Too many failed sign-ins ${what}; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
    // How many attempts are left is nobody's business: only when to come back.
    { "Retry-After": String(seconds) },
    seconds,
  );
}

/**
 * Counts a sign-in attempt before its password is checked, or throws the 429 when the
 * address or the account has had its fill of wrong passwords (the address's is said first:
 * it is the one no other address can change). A refused attempt counts nowhere.
 */
export async function beginSignIn(kv: KeyValueStore, subject: SignInSubject, nowMs: number = Date.now()): Promise<SignInAttempt> {
  const at = { nowMs };
  const byAddress = addressWindows(subject.address);
  const fromAddress = await kv.hitWindows(byAddress, at);
  if (!fromAddress.allowed) throw refusal("from this address", fromAddress.windows, nowMs);
  const byAccount = subject.account === null ? [] : accountWindows(subject.account, subject.address);
  if (byAccount.length > 0) {
    const forAccount = await kv.hitWindows(byAccount, at).catch(async (error: unknown) => {
      await kv.refundWindows(byAddress, at).catch(() => undefined);
      throw error;
    });
    if (!forAccount.allowed) {
      await kv.refundWindows(byAddress, at);
      throw refusal("for this account", forAccount.windows, nowMs);
    }
  }
  return {
    async settle(wrongPassword) {
      if (wrongPassword) return;
      await kv.refundWindows(byAddress, at);
      if (byAccount.length > 0) await kv.refundWindows(byAccount, at);
    },
  };
}
