import type { IncomingMessage } from "node:http";
import { tokenSigner } from "../shared/auth/tokens";
import { openMemoryStore } from "../shared/kv/memory";
import type { KeyValueStore } from "../shared/kv/port";
import { PUBLIC, PUBLIC_SIGN_IN, PUBLIC_WITH_TOKEN, type Access } from "../shared/access";
import { ApiError } from "../shared/errors";
import { createAdmission } from "./admission";
import { createAuthenticator } from "./authenticate";
import { toErrorResponse } from "./error-response";

function requestFrom(address: string, headers: Record<string, string> = {}, body?: unknown): IncomingMessage {
  return { headers, socket: { remoteAddress: address }, body } as unknown as IncomingMessage;
}

async function admissionWith(kv: KeyValueStore, now?: () => number) {
  const signer = tokenSigner("a-signing-secret-long-enough-for-the-test-0123", 900);
  return {
    signer,
    admission: createAdmission({ kv, authenticator: createAuthenticator({ signer, kv }), trustedProxies: [], accessOf, now }),
  };
}

const noKeys = async () => null;

/** Sign-in takes a password, refresh and invitations a token, the version is open to all; the rest take a credential. */
const accessOf = (action: string): Access | undefined =>
  ({
    "auth.login": PUBLIC_SIGN_IN,
    "auth.refresh": PUBLIC_WITH_TOKEN,
    "users.acceptInvitation": PUBLIC_WITH_TOKEN,
    "system.version": PUBLIC,
  })[action];

/** What a promise or a value settles to: the value, or what it was rejected with. */
const outcomeOf = (answer: unknown) =>
  Promise.resolve(answer).then(
    (value) => value,
    (error: unknown) => error,
  );

const NINE = Date.UTC(2031, 0, 1, 9, 0, 30);

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

  it("when an address has sent 30 keys and tokens that are not valid, then its valid ones are still admitted and further refused ones are a 429", async () => {
    const kv = openMemoryStore();
    const { admission, signer } = await admissionWith(kv, () => NINE);
    const known = { organizationId: "org_0000000000000000000005", plan: "free" as const, userId: "usr_0000000000000000000005" };
    const resolveKey = async (secret: string) =>
      secret === `tt_live_${"v".repeat(40)}`
        ? { ...known, role: "owner" as const, permissions: [], apiKeyId: "key_0000000000000000000005" }
        : null;
    const from = (headers: Record<string, string>) => requestFrom("192.0.2.5", headers);
    for (let i = 0; i < 30; i++) {
      const refused = await outcomeOf(
        admission.admit(from({ "x-api-key": `tt_live_${String(i).padStart(40, "0")}` }), "projects.list", "A", resolveKey),
      );
      expect(toErrorResponse(refused).status).toBe(401);
    }
    const guesses: Record<string, string>[] = [{ "x-api-key": "tt_live_guess" }, { authorization: "Bearer not.a.token" }];
    for (const headers of guesses) {
      const held = await outcomeOf(admission.admit(from(headers), "projects.list", "B", resolveKey));
      expect(toErrorResponse(held)).toMatchObject({ status: 429, code: "rate_limited" });
    }
    const token = signer.sign({ ...known, role: "owner" });
    const admitted = [
      await outcomeOf(admission.admit(from({ authorization: `Bearer ${token}` }), "projects.list", "A", resolveKey)),
      await outcomeOf(admission.admit(from({ "x-api-key": `tt_live_${"v".repeat(40)}` }), "projects.list", "A", resolveKey)),
    ];
    expect(admitted.map((answer) => (answer as { identity?: { userId: string } }).identity?.userId)).toEqual([known.userId, known.userId]);
    // A public sign-in is not a credential: the address may still sign in.
    expect(await outcomeOf(admission.admit(from({}), "auth.login", "A", noKeys))).toMatchObject({ headers: expect.any(Object) });
    await kv.close();
  });

  it("when a sign-in answers, then only a wrong password stays counted", async () => {
    const kv = openMemoryStore();
    const { admission } = await admissionWith(kv, () => NINE);
    const signIn = async (outcome: "right" | "wrong" | "malformed") => {
      const req = requestFrom("192.0.2.6", {}, { email: "Erin@Example.test", password: "x" });
      const admitted = await outcomeOf(admission.admit(req, "auth.login", "A", noKeys));
      if (admitted instanceof Error) return toErrorResponse(admitted).status;
      const after = admission.afterCall(req, "auth.login");
      if (!after) throw new Error("a sign-in has something to do after its call");
      if (outcome === "right") await after.succeeded({ access_token: "..." });
      else await after.failed(outcome === "wrong" ? new ApiError("unauthorized", "wrong") : ApiError.validation([]));
      return 200;
    };
    for (let i = 0; i < 20; i++) expect(await signIn("right")).toBe(200);
    for (let i = 0; i < 20; i++) expect(await signIn("malformed")).toBe(200);
    for (let i = 0; i < 10; i++) expect(await signIn("wrong")).toBe(200);
    expect(await signIn("right")).toBe(429);
    await kv.close();
  });

  it("when a refresh or an invitation token is refused, then it counts against the address, and past 30 the answer is a 429; other failures pass as they are", async () => {
    const kv = openMemoryStore();
    const { admission } = await admissionWith(kv, () => NINE);
    const req = requestFrom("192.0.2.7");
    const invalidInvitation = ApiError.validation([{ field: "token", reason: "invalid", message: "is not a valid invitation" }]);
    const badPassword = ApiError.validation([{ field: "password", reason: "invalid", message: "too short" }]);
    const after = (action: string) => admission.afterCall(req, action);
    expect(after("projects.list")).toBeNull();
    expect(after("system.version")).toBeNull();
    for (let i = 0; i < 15; i++) {
      expect(await after("auth.refresh")?.failed(new ApiError("unauthorized", "not valid"))).toMatchObject({ type: "unauthorized" });
      expect(await after("users.acceptInvitation")?.failed(invalidInvitation)).toBe(invalidInvitation);
    }
    expect(await after("users.acceptInvitation")?.failed(badPassword)).toBe(badPassword);
    const unavailable = new ApiError("service_unavailable", "away");
    expect(await after("auth.refresh")?.failed(unavailable)).toBe(unavailable);
    expect(toErrorResponse(await after("auth.refresh")?.failed(new ApiError("unauthorized", "not valid")))).toMatchObject({ status: 429 });
    expect(toErrorResponse(await after("users.acceptInvitation")?.failed(invalidInvitation))).toMatchObject({ status: 429 });
    await kv.close();
  });
});
