import { RefreshTokenStore } from "../services/auth/refresh-token-store";
import { REFRESH_TOKENS, type RefreshTokenDocument } from "../services/auth/session";
import { INVITATIONS, type InvitationDocument } from "../services/users/invitation";
import { InvitationStore } from "../services/users/invitation-store";
import { DeliveryStore } from "../services/webhooks/delivery-store";
import {
  ATTEMPT_CLAIMS_COLLECTION,
  DELIVERIES_COLLECTION,
  type AttemptClaimDocument,
  type DeliveryDocument,
} from "../services/webhooks/documents";
import { openStore } from "../shared/storage/open";
import type { DocumentStore } from "../shared/storage/port";
import { DAY_MS } from "../shared/sweep";
import { temporaryDir } from "./support/stint";
import type { DeliveryState } from "../services/webhooks/contract";

/**
 * Clean-up by age, on a real store: what is past its age goes, nothing younger and nothing
 * still in use does, and two replicas sweeping at once delete each document once.
 */

const NOW = Date.UTC(2026, 5, 1, 12);

describe("pruning by age", () => {
  const data = temporaryDir("cleanup");
  let store: DocumentStore;

  beforeAll(async () => {
    store = await openStore({ dataDir: data.path });
  });

  afterAll(async () => {
    await store.close();
    data.remove();
  });

  it("when refresh tokens expired a retention ago, then they are pruned, spent or not, and the rest are kept", async () => {
    const tokens = await store.collection<RefreshTokenDocument>(REFRESH_TOKENS);
    const token = (id: string, expiresAt: number, spent: boolean): RefreshTokenDocument => ({
      _id: id,
      family: "evt_f",
      user_id: "usr_1",
      organization_id: "org_1",
      expires_at: expiresAt,
      spent,
    });
    await tokens.insertMany([
      token("old-spent", NOW - 3 * DAY_MS, true),
      token("old-unspent", NOW - 2 * DAY_MS, false),
      token("just-expired-spent", NOW - DAY_MS / 2, true),
      token("live-spent", NOW + DAY_MS, true),
      token("live", NOW + DAY_MS, false),
    ]);
    const [first, second] = await Promise.all([
      new RefreshTokenStore(tokens).prune(NOW, DAY_MS),
      new RefreshTokenStore(tokens).prune(NOW, DAY_MS),
    ]);
    expect(first.refreshTokens + second.refreshTokens).toBe(2);
    expect((await tokens.find({})).map((doc) => doc._id).sort()).toEqual(["just-expired-spent", "live", "live-spent"]);
  });

  it("when invitations expired a retention ago, then they are pruned", async () => {
    const invitations = await store.collection<InvitationDocument>(INVITATIONS);
    const invitation = (id: string, expiresAt: number): InvitationDocument => ({
      _id: id,
      organization_id: "org_1",
      email: `${id}@example.test`,
      role: "member",
      token_hash: `hash-${id}`,
      invited_by: "usr_1",
      expires_at: expiresAt,
      created_at: "2026-05-01T00:00:00Z",
    });
    await invitations.insertMany([
      invitation("expired-long-ago", NOW - 10 * DAY_MS),
      invitation("expired-today", NOW - 1000),
      invitation("pending", NOW + DAY_MS),
    ]);
    expect(await new InvitationStore(invitations).prune(NOW, DAY_MS)).toEqual({ invitations: 1 });
    expect(await new InvitationStore(invitations).prune(NOW, DAY_MS)).toEqual({ invitations: 0 });
    expect((await invitations.find({})).map((doc) => doc._id).sort()).toEqual(["expired-today", "pending"]);
  });

  it("when webhook deliveries are settled and attempt claims old, then they are pruned, never a pending delivery", async () => {
    const [deliveryDocs, claimDocs] = await Promise.all([
      store.collection<DeliveryDocument>(DELIVERIES_COLLECTION),
      store.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION),
    ]);
    const at = (ms: number) => new Date(ms).toISOString();
    const delivery = (id: string, state: DeliveryState, updatedAt: number): DeliveryDocument => ({
      _id: id,
      organization_id: "org_1",
      webhook_id: "wh_1",
      event_id: `evt_${id}`,
      event_type: "time_entry.created",
      body: "{}",
      state,
      next_attempt: 2,
      next_attempt_at: state === "pending" ? updatedAt : null,
      attempts: [],
      failure_reason: null,
      redelivery_of: null,
      created_at: at(updatedAt),
      updated_at: at(updatedAt),
    });
    await deliveryDocs.insertMany([
      delivery("old-succeeded", "succeeded", NOW - 40 * DAY_MS),
      delivery("old-failed", "failed", NOW - 31 * DAY_MS),
      delivery("old-pending", "pending", NOW - 40 * DAY_MS),
      delivery("recent-succeeded", "succeeded", NOW - 2 * DAY_MS),
    ]);
    const claim = (id: string, claimedAt: number): AttemptClaimDocument => ({
      _id: id,
      organization_id: "org_1",
      webhook_id: "wh_1",
      delivery_id: "d",
      attempt: 1,
      worker: "w",
      claimed_at: at(claimedAt),
      lease_until: claimedAt + 60_000,
    });
    await claimDocs.insertMany([claim("old-claim", NOW - 40 * DAY_MS), claim("recent-claim", NOW - DAY_MS)]);

    const deliveries = new DeliveryStore(deliveryDocs, claimDocs);
    const [first, second] = await Promise.all([deliveries.prune(NOW - 30 * DAY_MS), deliveries.prune(NOW - 30 * DAY_MS)]);
    expect(first.deliveries + second.deliveries).toBe(2);
    expect(first.attemptClaims + second.attemptClaims).toBe(1);
    expect((await deliveryDocs.find({})).map((doc) => doc._id).sort()).toEqual(["old-pending", "recent-succeeded"]);
    expect((await claimDocs.find({})).map((doc) => doc._id)).toEqual(["recent-claim"]);
  });
});
