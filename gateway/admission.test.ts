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
    const broken: KeyValueStore = Object.assign(Object.create(kv) as KeyValueStore, {
      hitWindows: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")),
      get: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")),
      getMany: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")),
    });
    const { admission, signer } = await admissionWith(broken);
    const token = signer.sign({ userId: "usr_0000000000000000000000", organizationId: "org_0000000000000000000000", plan: "free", role: "owner" });
    for (const [action, headers] of [["auth.login", {}], ["projects.list", { authorization: `Bearer ${token}` }]] as const) {
      const refusal = await admission.admit(requestFrom("192.0.2.1", headers), action, "A", noKeys).then(() => null, (error: unknown) => error);
      expect(toErrorResponse(refusal)).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(JSON.stringify(toErrorResponse(refusal))).not.toContain("ECONNREFUSED");
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

  it("refuses a request without a credential on any other route (401)", async () => {
    const kv = await openMemoryStore();
    const { admission } = await admissionWith(kv);
    const refusal = await admission.admit(requestFrom("192.0.2.3"), "projects.list", "B", noKeys).then(() => null, (error: unknown) => error);
    expect(toErrorResponse(refusal)).toMatchObject({ status: 401, code: "unauthorized" });
    await kv.close();
  });
});
