import type { IncomingMessage } from "node:http";
import jwt from "jsonwebtoken";
import { markPlanChanged } from "../shared/auth/plan-changes";
import {
  markClientRevoked,
  markFamilyRevoked,
  markGrantRevoked,
  markKeyRevoked,
  markUserCredentialsChanged,
} from "../shared/auth/revocations";
import { tokenSigner } from "../shared/auth/tokens";
import { newId } from "../shared/ids";
import type { Identity } from "../shared/identity";
import { openMemoryStore } from "../shared/kv/memory";
import { throughPromisesOnly } from "../shared/kv/kv.suite";
import type { KeyValueStore } from "../shared/kv/port";
import { createAuthenticator, type CredentialRejected } from "./authenticate";

const signer = tokenSigner("a signing secret that is long enough for tests 0123", 900);
const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

/** Embedded mode's store answers the marks at once; a store across processes (Redis) through promises. */
const STORES: [string, () => KeyValueStore][] = [
  ["a store in memory", () => openMemoryStore()],
  ["a store answering through promises", () => throughPromisesOnly(openMemoryStore())],
];

describe.each(STORES)("with %s", (_store, open) => {
  describe("the plan a request is limited by", () => {
    let kv: KeyValueStore;
    const organizationId = newId("organization");
    const userId = newId("user");

    beforeEach(() => {
      kv = open();
    });

    afterEach(async () => {
      await kv.close();
    });

    it("is the token's own until the operator changes it, then the new one at once", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const token = signer.sign({ userId, organizationId, plan: "free", role: "owner" });
      const req = requestWith({ authorization: `Bearer ${token}` });
      const noKeys = async () => null;
      expect((await authenticator.authenticate(req, noKeys)).plan).toBe("free");
      await markPlanChanged(kv, organizationId, "enterprise", 900);
      expect((await authenticator.authenticate(req, noKeys)).plan).toBe("enterprise");
      await markPlanChanged(kv, newId("organization"), "pro", 900);
      expect((await authenticator.authenticate(req, noKeys)).plan).toBe("enterprise");
    });

    it("overrides a key's cached lookup without asking the auth service again", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const identity: Identity = {
        organizationId,
        plan: "free",
        userId,
        role: "owner",
        permissions: ["projects:read"],
        apiKeyId: newId("apiKey"),
      };
      const resolve = jest.fn(async () => identity);
      const req = requestWith({ "x-api-key": `tt_live_${"k".repeat(40)}` });
      expect((await authenticator.authenticate(req, resolve)).plan).toBe("free");
      await markPlanChanged(kv, organizationId, "standard", 900);
      const after = await authenticator.authenticate(req, resolve);
      expect(after).toEqual({ ...identity, plan: "standard" });
      expect(resolve).toHaveBeenCalledTimes(1);
    });
  });

  describe("the marks read on every request", () => {
    let kv: KeyValueStore;
    const organizationId = newId("organization");
    const userId = newId("user");
    const apiKeyId = newId("apiKey");
    const identity: Identity = { organizationId, plan: "free", userId, role: "owner", permissions: ["projects:read"], apiKeyId };
    const keyRequest = requestWith({ "x-api-key": `tt_live_${"m".repeat(40)}` });
    const refused = (error: unknown) => (error as { message?: string }).message;

    beforeEach(() => {
      kv = open();
    });

    afterEach(async () => {
      await kv.close();
    });

    it("takes one key-value step for a known key, and still sees a revocation", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const resolve = jest.fn(async () => identity);
      await authenticator.authenticate(keyRequest, resolve);
      const steps = [jest.spyOn(kv, "getMany"), ...(kv.immediate ? [jest.spyOn(kv.immediate, "getMany")] : [])];
      const get = jest.spyOn(kv, "get");
      expect(await authenticator.authenticate(keyRequest, resolve)).toEqual(identity);
      const calls = steps.flatMap((step) => step.mock.calls);
      expect(calls).toHaveLength(1);
      expect(get).not.toHaveBeenCalled();
      await markKeyRevoked(kv, apiKeyId);
      expect(await authenticator.authenticate(keyRequest, resolve).catch(refused)).toBe("This API key has been revoked");
      expect(resolve).toHaveBeenCalledTimes(1);
    });

    it("on a store in memory, skips the marks while no write could have made one, and reads them again after any write", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const resolve = jest.fn(async () => identity);
      // Looked up, then its marks read and found absent.
      await authenticator.authenticate(keyRequest, resolve);
      await authenticator.authenticate(keyRequest, resolve);
      const reads = jest.spyOn(kv.immediate ?? kv, "getMany");
      expect(await authenticator.authenticate(keyRequest, resolve)).toEqual(identity);
      const expected = kv.immediate ? [] : [[expect.arrayContaining([expect.stringContaining(apiKeyId)])]];
      expect(reads.mock.calls).toEqual(expected);
      // Any write may have been a mark: the next request reads them all, and the one after need not.
      await kv.set("something:else", "1", { ttlMs: 60_000 });
      reads.mockClear();
      await authenticator.authenticate(keyRequest, resolve);
      await authenticator.authenticate(keyRequest, resolve);
      expect(reads.mock.calls.map(([keys]) => keys.length)).toEqual(kv.immediate ? [3] : [3, 3]);
      // A mark written after the skip counts at once: a plan change, then a revocation.
      await markPlanChanged(kv, organizationId, "pro", 900);
      expect((await authenticator.authenticate(keyRequest, resolve)).plan).toBe("pro");
      await markKeyRevoked(kv, apiKeyId);
      expect(await authenticator.authenticate(keyRequest, resolve).catch(refused)).toBe("This API key has been revoked");
      expect(resolve).toHaveBeenCalledTimes(1);
    });

    it("judges a known key and a valid token at once on a store in memory, through a promise otherwise", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const resolve = jest.fn(async () => identity);
      const token = signer.sign({ userId, organizationId, plan: "free", role: "owner" });
      const tokenRequest = requestWith({ authorization: `Bearer ${token}` });
      // A key not known yet is looked up by the auth service: a promise whatever the store.
      const first = authenticator.identify(keyRequest, resolve);
      expect(first).toBeInstanceOf(Promise);
      await first;
      for (const req of [keyRequest, tokenRequest]) {
        const answer = authenticator.identify(req, resolve);
        expect(answer instanceof Promise).toBe(kv.immediate === undefined);
        expect((await answer).userId).toBe(userId);
      }
      await markKeyRevoked(kv, apiKeyId);
      const refusal = (() => {
        try {
          return authenticator.identify(keyRequest, resolve);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal instanceof Promise).toBe(kv.immediate === undefined);
      expect(refused(await Promise.resolve(refusal).catch((error: unknown) => error))).toBe("This API key has been revoked");
      expect(resolve).toHaveBeenCalledTimes(1);
    });

    it("looks a known key up again after the user's credentials changed, and refuses older tokens", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const resolve = jest.fn(async () => identity);
      const token = signer.sign({ userId, organizationId, plan: "free", role: "owner" });
      const tokenRequest = requestWith({ authorization: `Bearer ${token}` });
      await authenticator.authenticate(keyRequest, resolve);
      expect((await authenticator.authenticate(tokenRequest, resolve)).userId).toBe(userId);
      await new Promise((resolveWait) => setTimeout(resolveWait, 5));
      await markUserCredentialsChanged(kv, userId, 900);
      await authenticator.authenticate(keyRequest, resolve);
      expect(resolve).toHaveBeenCalledTimes(2);
      expect(await authenticator.authenticate(tokenRequest, resolve).catch(refused)).toBe(
        "The access token is no longer valid; sign in again",
      );
    });

    it("marks refusals of credentials that never were valid as looking guessed, and not an expired token's or a revoked key's", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const resolve = jest.fn(async (secret: string) => (secret === `tt_live_${"m".repeat(40)}` ? identity : null));
      // Whatever signed it: a token whose time is up is taken for a real one gone stale.
      const expired = jwt.sign({ sub: userId }, "any-secret", { expiresIn: -10 });
      const verdicts: [string, boolean][] = [];
      for (const req of [
        requestWith({ "x-api-key": `tt_live_${"u".repeat(40)}` }),
        requestWith({ "x-api-key": `tt_live_${"k".repeat(300)}` }),
        requestWith({ authorization: "Bearer not.a.token" }),
        requestWith({ authorization: `Bearer ${expired}` }),
      ]) {
        const error = (await authenticator.authenticate(req, resolve).catch((thrown: unknown) => thrown)) as CredentialRejected;
        verdicts.push([error.message, error.looksGuessed]);
      }
      await authenticator.authenticate(keyRequest, resolve);
      await markKeyRevoked(kv, apiKeyId);
      const revoked = (await authenticator.authenticate(keyRequest, resolve).catch((thrown: unknown) => thrown)) as CredentialRejected;
      verdicts.push([revoked.message, revoked.looksGuessed]);
      expect(verdicts).toEqual([
        ["The API key is not valid", true],
        ["The API key is not valid", true],
        ["The access token is not valid or has expired", true],
        ["The access token is not valid or has expired", false],
        ["This API key has been revoked", false],
      ]);
    });
  });

  describe("an OAuth application's access token", () => {
    let kv: KeyValueStore;
    const organizationId = newId("organization");
    const userId = newId("user");
    const clientId = newId("oauthClient");
    const noKeys = async () => null;

    beforeEach(() => {
      kv = open();
    });

    afterEach(async () => {
      await kv.close();
    });

    const tokenFor = (role: "owner" | "member", family = "family-1") =>
      signer.sign(
        { userId, organizationId, plan: "free", role, oauth: { clientId, scopes: ["projects:read", "users:write"], family } },
        { ttlSeconds: 3600 },
      );

    it("may do what its scopes name within its user's role, and says which application it is", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const owner = await authenticator.authenticate(requestWith({ authorization: `Bearer ${tokenFor("owner")}` }), noKeys);
      expect(owner).toMatchObject({ permissions: ["projects:read", "users:write"], oauthClientId: clientId });
      const member = await authenticator.authenticate(requestWith({ authorization: `Bearer ${tokenFor("member")}` }), noKeys);
      expect(member.permissions).toEqual(["projects:read"]);
    });

    it("stops at once when its chain, its grant or its application is revoked, and not for another's", async () => {
      const authenticator = createAuthenticator({ signer, kv });
      const req = requestWith({ authorization: `Bearer ${tokenFor("owner")}` });
      await markFamilyRevoked(kv, "family-2", 3600);
      await markGrantRevoked(kv, newId("user"), clientId, 3600);
      await expect(authenticator.authenticate(req, noKeys)).resolves.toMatchObject({ userId });
      await markFamilyRevoked(kv, "family-1", 3600);
      await expect(authenticator.authenticate(req, noKeys)).rejects.toThrow(/revoked/);
      const fresh = requestWith({ authorization: `Bearer ${tokenFor("owner", "family-3")}` });
      await expect(authenticator.authenticate(fresh, noKeys)).resolves.toMatchObject({ userId });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await markGrantRevoked(kv, userId, clientId, 3600);
      await expect(authenticator.authenticate(fresh, noKeys)).rejects.toThrow(/revoked/);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const later = requestWith({ authorization: `Bearer ${tokenFor("owner", "family-4")}` });
      await expect(authenticator.authenticate(later, noKeys)).resolves.toMatchObject({ userId });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await markClientRevoked(kv, clientId, 3600);
      await expect(authenticator.authenticate(later, noKeys)).rejects.toThrow(/revoked/);
    });
  });
});
