import type { IncomingMessage } from "node:http";
import { tokenSigner } from "../shared/auth/tokens";
import { openMemoryStore } from "../shared/kv/memory";
import type { KeyValueStore } from "../shared/kv/port";
import { PUBLIC, PUBLIC_THROTTLED, type Access } from "../shared/access";
import { createAdmission } from "./admission";
import { createAuthenticator } from "./authenticate";
import { toErrorResponse } from "./error-response";

function requestFrom(address: string, headers: Record<string, string> = {}): IncomingMessage {
  return { headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

async function admissionWith(kv: KeyValueStore) {
  const signer = tokenSigner("a-signing-secret-long-enough-for-the-test-0123", 900);
  return {
    signer,
    admission: createAdmission({ kv, authenticator: createAuthenticator({ signer, kv }), trustedProxies: [], accessOf }),
  };
}

const noKeys = async () => null;

/** Sign-in is counted and throttled per address, the version open to all; the rest take a credential. */
const accessOf = (action: string): Access | undefined => ({ "auth.login": PUBLIC_THROTTLED, "system.version": PUBLIC })[action];

describe("admission", () => {
  it("answers 503, not 500, when the counters cannot be reached", async () => {
    const kv = await openMemoryStore();
    const refuse = () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    };
    const away = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379"));
    // Across processes every answer is a promise; in memory the per-request reads and counts are answered at once.
    const broken: KeyValueStore[] = [
      Object.assign(Object.create(kv) as KeyValueStore, { hitWindows: away, get: away, getMany: away, immediate: undefined }),
      Object.assign(Object.create(kv) as KeyValueStore, {
        hitWindows: away,
        get: away,
        getMany: away,
        immediate: { hitWindows: refuse, getMany: refuse },
      }),
    ];
    for (const store of broken) {
      const { admission, signer } = await admissionWith(store);
      const token = signer.sign({
        userId: "usr_0000000000000000000000",
        organizationId: "org_0000000000000000000000",
        plan: "free",
        role: "owner",
      });
      for (const [action, headers] of [
        ["auth.login", {}],
        ["projects.list", { authorization: `Bearer ${token}` }],
      ] as const) {
        const refusal = await Promise.resolve(admission.admit(requestFrom("192.0.2.1", headers), action, "A", noKeys)).then(
          () => null,
          (error: unknown) => error,
        );
        expect(toErrorResponse(refusal)).toMatchObject({ status: 503, code: "service_unavailable" });
        expect(JSON.stringify(toErrorResponse(refusal))).not.toContain("ECONNREFUSED");
      }
    }
    await kv.close();
  });

  it("lets public routes that take no secret through uncounted, and counts sign-in per address", async () => {
    const kv = await openMemoryStore();
    const { admission } = await admissionWith(kv);
    expect(await admission.admit(requestFrom("192.0.2.2"), "system.version", "A", noKeys)).toEqual({ headers: null });
    const signIn = await admission.admit(requestFrom("192.0.2.2"), "auth.login", "A", noKeys);
    expect(signIn.identity).toBeUndefined();
    expect(signIn.headers?.["X-RateLimit-Remaining"]).toBe("59");
    await kv.close();
  });

  it("admits a caller whose token holds at once on a store in memory, counting each request, and refuses through a promise", async () => {
    const kv = openMemoryStore();
    const { admission, signer } = await admissionWith(kv);
    const token = signer.sign({
      userId: "usr_0000000000000000000004",
      organizationId: "org_0000000000000000000004",
      plan: "free",
      role: "owner",
    });
    const req = requestFrom("192.0.2.4", { authorization: `Bearer ${token}` });
    const remaining: (string | undefined)[] = [];
    // Style B on the free plan: 100 requests an hour.
    for (let i = 0; i < 100; i++) {
      const admitted = admission.admit(req, "projects.list", "B", noKeys);
      if (admitted instanceof Promise) throw new Error("a known caller was not admitted at once");
      expect(admitted.identity?.userId).toBe("usr_0000000000000000000004");
      remaining.push(admitted.headers?.["X-RateLimit-Remaining"]);
    }
    expect(remaining.slice(0, 2)).toEqual(["99", "98"]);
    expect(remaining.at(-1)).toBe("0");
    const refused = admission.admit(req, "projects.list", "B", noKeys);
    expect(refused).toBeInstanceOf(Promise);
    const refusal = await Promise.resolve(refused).then(
      () => null,
      (error: unknown) => error,
    );
    expect(toErrorResponse(refusal)).toMatchObject({ status: 429, code: "rate_limited" });
    await kv.close();
  });

  it("refuses a request without a credential on any other route (401)", async () => {
    const kv = await openMemoryStore();
    const { admission } = await admissionWith(kv);
    const refusal = await Promise.resolve(admission.admit(requestFrom("192.0.2.3"), "projects.list", "B", noKeys)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(toErrorResponse(refusal)).toMatchObject({ status: 401, code: "unauthorized" });
    await kv.close();
  });
});
