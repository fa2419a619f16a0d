import { tokenSigner } from "../shared/auth/tokens";
import { verifiedTokenCache } from "./verified-tokens";

const SECRET = "a-secret-long-enough-for-the-tests-of-the-token-cache";
const claims = { userId: "usr_1", organizationId: "org_1", plan: "free" as const, role: "member" as const };

function countingSigner() {
  const signer = tokenSigner(SECRET, 900);
  const calls = { verify: 0 };
  return {
    calls,
    signer,
    counted: {
      verify(token: string) {
        calls.verify += 1;
        return signer.verify(token);
      },
    },
  };
}

describe("verified token cache", () => {
  it("verifies a token once and answers from the cache until it expires", () => {
    const { calls, signer, counted } = countingSigner();
    let clock = Date.now();
    const cache = verifiedTokenCache(counted, 100, () => clock);
    const token = signer.sign(claims);
    const first = cache.verify(token);
    expect(first).toMatchObject({ userId: "usr_1", organizationId: "org_1", role: "member" });
    expect(cache.verify(token)).toEqual(first);
    expect(calls.verify).toBe(1);

    // At its `exp` the cached claims are dropped and the token is verified again.
    clock = (first?.expiresAtSeconds ?? 0) * 1000;
    cache.verify(token);
    expect(calls.verify).toBe(2);
  });

  it("never keeps a token that fails verification, nor one that differs in a byte", () => {
    const { calls, signer, counted } = countingSigner();
    const cache = verifiedTokenCache(counted, 100);
    const token = signer.sign(claims);
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(cache.verify(forged)).toBeNull();
    expect(cache.verify(forged)).toBeNull();
    expect(calls.verify).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.verify(token)).not.toBeNull();
    expect(cache.size).toBe(1);
  });

  it("holds at most its bound, dropping the least recently used token", () => {
    const { calls, signer, counted } = countingSigner();
    const cache = verifiedTokenCache(counted, 2);
    const [a, b, c] = [signer.sign(claims), signer.sign(claims), signer.sign(claims)];
    cache.verify(a);
    cache.verify(b);
    cache.verify(a); // a is now the most recently used
    cache.verify(c); // b goes
    expect(cache.size).toBe(2);
    const before = calls.verify;
    cache.verify(a);
    expect(calls.verify).toBe(before);
    cache.verify(b);
    expect(calls.verify).toBe(before + 1);
  });
});
