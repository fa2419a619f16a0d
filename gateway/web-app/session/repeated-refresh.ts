import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { KeyValueStore } from "../../../shared/kv/port";

export interface SessionTokens {
  access_token: string;
  expires_in: number;
  refresh_token: string;
}

const derived = (purpose: string, token: string): Buffer =>
  createHash("sha256").update(`stint-web-session-${purpose}:`).update(token).digest();

/**
 * A browser that navigates away while a refresh is on the wire never stores the cookie the
 * answer carried: it keeps the spent token, and presenting a spent token ends the whole
 * sign-in, so a reload at the wrong instant would sign the person out. For `windowMs` after
 * a refresh, the same spent token gets the same answer again instead.
 *
 * The answers of recent refreshes are kept in the shared key-value store (any gateway may
 * get the repeat) under a hash of the spent token, and sealed with a key derived from that
 * token (AES-256-GCM): the store holds nothing a reader without the spent token can use,
 * and only its holder can have the answer again.
 */
export function repeatedRefreshes(kv: KeyValueStore, windowMs: number) {
  const keyOf = (token: string) => `web-session:answered:${derived("id", token).toString("base64url")}`;
  return {
    async remember(spentToken: string, answer: SessionTokens): Promise<void> {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", derived("seal", spentToken), iv);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
      await kv.set(keyOf(spentToken), Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64"), { ttlMs: windowMs });
    },

    /** The answer the spent token already had, within the window, or null. */
    async recall(spentToken: string): Promise<SessionTokens | null> {
      const stored = await kv.get(keyOf(spentToken));
      if (!stored) return null;
      const bytes = Buffer.from(stored, "base64");
      try {
        const decipher = createDecipheriv("aes-256-gcm", derived("seal", spentToken), bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")) as SessionTokens;
      } catch {
        return null;
      }
    },
  };
}
