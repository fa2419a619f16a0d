import { randomUUID } from "node:crypto";
import { sha256 } from "../../shared/auth/secrets";
import { tokenSigner } from "../../shared/auth/tokens";
import { newId } from "../../shared/ids";
import { openMemoryStore } from "../../shared/kv/memory";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { openStore } from "../../shared/storage/open";
import type { DocumentStore } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../../test/support/servers";
import { temporaryDir } from "../../test/support/stint";
import type { Account } from "../auth/client";
import type { ApplicationDocument } from "./application";
import { decideDeviceCode, DEVICE_CODE_TTL_SECONDS, startDeviceAuthorization } from "./device-flow";
import { consentIdOf, openOAuthCollections, type OAuthCollections } from "./documents";
import type { GrantSettings } from "./grants";
import { retentionAges, sweepOAuth } from "./sweep";
import { token } from "./token-endpoint";
import { DEVICE_CODE_GRANT } from "./contract";
import { openOAuthStores, type OAuthStores } from "./oauth-stores";

const START = Date.UTC(2026, 2, 2, 9);
const MINUTE = 60_000;
const DAY = 86_400_000;
const TTL_DAYS = 30;

/** A clock the test moves by hand. */
function handClock(at = START): { now: () => number; advance(ms: number): void } {
  let now = at;
  return { now: () => now, advance: (ms) => (now += ms) };
}

const account: Account = {
  userId: newId("user"),
  organizationId: newId("organization"),
  role: "owner",
  plan: "free",
  email: "o@example.test",
  name: "Owner",
};
const accountOf = async (userId: string) => (userId === account.userId ? account : null);

async function publicApplication(collections: OAuthCollections): Promise<ApplicationDocument> {
  const app: ApplicationDocument = {
    _id: newId("oauthApplication"),
    organization_id: account.organizationId,
    client_id: newId("oauthClient"),
    client_type: "public",
    name: "Tracker CLI",
    redirect_uris: ["http://127.0.0.1/cb"],
    homepage_url: null,
    scopes: ["time_entries:read"],
    status: "active",
    secret_hash: null,
    previous_secret_hash: null,
    previous_secret_expires_at: null,
    created_by: account.userId,
    created_at: isoSeconds(),
    updated_at: isoSeconds(),
  };
  await collections.applications.insertOne(app);
  return app;
}

function describeLifetimes(label: string, open: () => Promise<DocumentStore>): void {
  describe(`OAuth lifetimes and the sweep (${label})`, () => {
    let store: DocumentStore;
    let collections: OAuthCollections;
    let stores: OAuthStores;

    beforeAll(async () => {
      store = await open();
      collections = await openOAuthCollections(store);
      stores = await openOAuthStores(store);
    });

    afterAll(async () => {
      await store.close();
    });

    const grantsAt = (clock: () => number): GrantSettings => ({
      signer: tokenSigner("test-signing-secret-that-is-long-enough-0123456789", 900),
      kv: openMemoryStore(),
      refreshTokenTtlDays: TTL_DAYS,
      clock,
    });

    describe("the device flow's expiry", () => {
      it("answers expired_token to a poll after the code's lifetime, even after newer codes were handed out", async () => {
        const clock = handClock();
        const app = await publicApplication(collections);
        const start = () =>
          startDeviceAuthorization(stores, { client_id: app.client_id }, undefined, "https://stint.example.test/device", clock.now);
        const started = await start();
        if (!started.ok) throw new Error(started.body.error_description);
        const poll = () =>
          token(
            stores,
            grantsAt(clock.now),
            accountOf,
            { client_id: app.client_id, grant_type: DEVICE_CODE_GRANT, device_code: started.body.device_code },
            undefined,
          );

        await expect(poll()).resolves.toMatchObject({ ok: false, body: { error: "authorization_pending" } });
        clock.advance(DEVICE_CODE_TTL_SECONDS * 1000 - 1000);
        await expect(poll()).resolves.toMatchObject({ ok: false, body: { error: "authorization_pending" } });
        clock.advance(1000);
        await expect(poll()).resolves.toMatchObject({ ok: false, status: 400, body: { error: "expired_token" } });
        // Another device starts later: the expired code is still there to say why it no longer works.
        clock.advance(MINUTE);
        expect((await start()).ok).toBe(true);
        await expect(poll()).resolves.toMatchObject({ ok: false, status: 400, body: { error: "expired_token" } });
        // Nor can the person approve it any more.
        const userCode = (await collections.deviceCodes.findOne({ _id: sha256(started.body.device_code) }))?.user_code as string;
        await expect(decideDeviceCode(stores, userCode, account.userId, true, clock.now)).resolves.toBe(false);
      });

      it("issues tokens to a poll just before the expiry once approved", async () => {
        const clock = handClock();
        const app = await publicApplication(collections);
        const started = await startDeviceAuthorization(
          stores,
          { client_id: app.client_id },
          undefined,
          "https://stint.example.test/device",
          clock.now,
        );
        if (!started.ok) throw new Error(started.body.error_description);
        const userCode = (await collections.deviceCodes.findOne({ _id: sha256(started.body.device_code) }))?.user_code as string;
        clock.advance(DEVICE_CODE_TTL_SECONDS * 1000 - 2000);
        expect(await decideDeviceCode(stores, userCode, account.userId, true, clock.now)).toBe(true);
        const answer = await token(
          stores,
          grantsAt(clock.now),
          accountOf,
          { client_id: app.client_id, grant_type: DEVICE_CODE_GRANT, device_code: started.body.device_code },
          undefined,
        );
        expect(answer).toMatchObject({ ok: true, body: { token_type: "Bearer", scope: "time_entries:read" } });
      });
    });

    describe("the sweep", () => {
      const ages = retentionAges(TTL_DAYS);
      const code = (clientId: string, expiresAt: number, used: boolean) => ({
        _id: sha256(randomUUID()),
        client_id: clientId,
        user_id: account.userId,
        organization_id: account.organizationId,
        redirect_uri: "https://client.example.test/cb",
        scopes: ["projects:read" as const],
        code_challenge: null,
        expires_at: expiresAt,
        used,
        family: newId("event"),
      });
      const deviceCode = (clientId: string, expiresAt: number) => ({
        _id: sha256(randomUUID()),
        user_code: randomUUID().slice(0, 8).toUpperCase(),
        client_id: clientId,
        scopes: ["projects:read" as const],
        status: "pending" as const,
        user_id: null,
        expires_at: expiresAt,
        interval: 5,
        last_polled_at: 0,
        family: newId("event"),
      });
      const refreshToken = (clientId: string, expiresAt: number, spent: boolean) => ({
        _id: sha256(randomUUID()),
        family: newId("event"),
        client_id: clientId,
        user_id: account.userId,
        scopes: ["projects:read" as const],
        expires_at: expiresAt,
        spent,
      });
      const consent = (clientId: string, userId: string, usedAt: number) => ({
        _id: consentIdOf(userId, clientId),
        user_id: userId,
        client_id: clientId,
        scopes: ["projects:read" as const],
        created_at: isoSeconds(new Date(usedAt - DAY)),
        updated_at: isoSeconds(new Date(usedAt)),
      });
      const idsOf = async (collection: { find(filter: Record<string, unknown>): Promise<{ _id: string }[]> }, clientId: string) =>
        (await collection.find({ client_id: clientId })).map((doc) => doc._id).sort();

      it("deletes by age what can no longer be used, keeps what the protocol still needs, and two replicas sweeping at once agree", async () => {
        const now = START + 400 * DAY;
        const clientId = newId("oauthClient");
        const codes = {
          old: code(clientId, now - DAY - MINUTE, true),
          recentlyExpired: code(clientId, now - 5 * MINUTE, true),
          live: code(clientId, now + 5 * MINUTE, false),
        };
        const devices = {
          old: deviceCode(clientId, now - DAY - MINUTE),
          recentlyExpired: deviceCode(clientId, now - MINUTE),
          live: deviceCode(clientId, now + MINUTE),
        };
        const tokens = {
          expiredSpent: refreshToken(clientId, now - MINUTE, true),
          expired: refreshToken(clientId, now - 1, false),
          liveSpent: refreshToken(clientId, now + DAY, true),
          live: refreshToken(clientId, now + DAY, false),
        };
        const unusedFor = (ms: number) => consent(clientId, newId("user"), now - ms);
        const consents = { stale: unusedFor(TTL_DAYS * DAY + 2 * DAY), inUse: unusedFor(TTL_DAYS * DAY) };
        for (const doc of Object.values(codes)) await collections.codes.insertOne(doc);
        for (const doc of Object.values(devices)) await collections.deviceCodes.insertOne(doc);
        for (const doc of Object.values(tokens)) await collections.refreshTokens.insertOne(doc);
        for (const doc of Object.values(consents)) await collections.consents.insertOne(doc);

        const [first, second] = await Promise.all([sweepOAuth(stores, ages, () => now), sweepOAuth(stores, ages, () => now)]);
        expect(first.codes + second.codes).toBeGreaterThanOrEqual(1);
        expect(first.refreshTokens + second.refreshTokens).toBeGreaterThanOrEqual(2);

        expect(await idsOf(collections.codes, clientId)).toEqual([codes.recentlyExpired._id, codes.live._id].sort());
        expect(await idsOf(collections.deviceCodes, clientId)).toEqual([devices.recentlyExpired._id, devices.live._id].sort());
        expect(await idsOf(collections.refreshTokens, clientId)).toEqual([tokens.liveSpent._id, tokens.live._id].sort());
        expect(await idsOf(collections.consents, clientId)).toEqual([consents.inUse._id]);
        // Nothing more to do: a second sweep deletes nothing.
        await expect(sweepOAuth(stores, ages, () => now)).resolves.toEqual({ codes: 0, deviceCodes: 0, refreshTokens: 0, consents: 0 });
      });

      it("keeps the consent of a grant whose refresh tokens are still live, however long ago it was given", async () => {
        const clock = handClock();
        const app = await publicApplication(collections);
        const consentId = consentIdOf(account.userId, app.client_id);
        const started = await startDeviceAuthorization(
          stores,
          { client_id: app.client_id },
          undefined,
          "https://stint.example.test/device",
          clock.now,
        );
        if (!started.ok) throw new Error(started.body.error_description);
        const userCode = (await collections.deviceCodes.findOne({ _id: sha256(started.body.device_code) }))?.user_code as string;
        await decideDeviceCode(stores, userCode, account.userId, true, clock.now);
        // As the verification page remembers it on approval.
        await collections.consents.insertOne(consent(app.client_id, account.userId, clock.now()));
        const first = await token(
          stores,
          grantsAt(clock.now),
          accountOf,
          { client_id: app.client_id, grant_type: DEVICE_CODE_GRANT, device_code: started.body.device_code },
          undefined,
        );
        if (!first.ok) throw new Error(first.body.error_description);
        // Refreshed late in the first token's life: the new token lives on, and so must the consent.
        clock.advance(TTL_DAYS * DAY - MINUTE);
        const refreshed = await token(
          stores,
          grantsAt(clock.now),
          accountOf,
          { client_id: app.client_id, grant_type: "refresh_token", refresh_token: first.body.refresh_token },
          undefined,
        );
        expect(refreshed).toMatchObject({ ok: true });
        clock.advance(TTL_DAYS * DAY - MINUTE);
        await sweepOAuth(stores, ages, clock.now);
        expect(await collections.consents.findOne({ _id: consentId })).not.toBeNull();
        expect(await collections.refreshTokens.count({ client_id: app.client_id, spent: false })).toBe(1);
        // Unused for longer than its last refresh token lives: it goes, with that token.
        clock.advance(DAY + 12 * MINUTE);
        await sweepOAuth(stores, ages, clock.now);
        expect(await collections.consents.findOne({ _id: consentId })).toBeNull();
        expect(await collections.refreshTokens.count({ client_id: app.client_id })).toBe(0);
      });
    });
  });
}

const dir = temporaryDir("oauth-lifetimes");
afterAll(() => dir.remove());
describeLifetimes("embedded store", () => openEmbeddedStore(dir.path));

describeWithServers(["mongo"], "OAuth lifetimes on MongoDB", () => {
  describeLifetimes("MongoDB", () =>
    openStore({
      mongoUrl: mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_oauth_lifetimes_${randomUUID().slice(0, 8)}`),
      dataDir: dir.path,
    }),
  );
});
