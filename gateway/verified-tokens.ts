import type { TokenSigner, VerifiedClaims } from "../shared/auth/tokens";

/** Enough for every signed-in person a gateway serves in one token lifetime; a few MiB at most. */
const MAX_CACHED_TOKENS = 10_000;

/**
 * Verifying an access token (an HMAC over its text, then parsing its claims) is the same
 * work every time for the same token, so a token's claims are kept from its first
 * verification until its `exp`, keyed by the whole token: a token that differs in any
 * byte is verified afresh, and one that failed verification is never kept. What a
 * token's claims cannot say (a revocation, a role or plan change since it was issued) is
 * not cached here: the gateway reads those marks on every request.
 *
 * Bounded, least recently used first out, so a flood of distinct valid tokens costs
 * memory up to the bound and then verification as before.
 */
export function verifiedTokenCache(signer: Pick<TokenSigner, "verify">, maxEntries = MAX_CACHED_TOKENS, now: () => number = Date.now) {
  const cache = new Map<string, VerifiedClaims>();
  return {
    /** The token's claims while it is valid, or null, exactly as `signer.verify` says. */
    verify(token: string): VerifiedClaims | null {
      const cached = cache.get(token);
      if (cached) {
        // jsonwebtoken refuses a token once the current second reaches its `exp`.
        if (now() < cached.expiresAtSeconds * 1000) {
          cache.delete(token);
          cache.set(token, cached);
          return cached;
        }
        cache.delete(token);
      }
      const claims = signer.verify(token);
      if (!claims) return null;
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
      cache.set(token, claims);
      return claims;
    },
    get size(): number {
      return cache.size;
    },
  };
}
