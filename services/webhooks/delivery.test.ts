import { verify } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "../../test/support/stint";
import { eventually, WebhookReceiver } from "../../test/support/webhook-receiver";
import { ownerOf, startWebhooks, type WebhooksHarness } from "../../test/support/webhooks-harness";
import type { Delivery } from "./contract";

jest.setTimeout(30_000);

const HEADER_NAMES = [
  "x-webhook-signature",
  "x-webhook-event",
  "x-webhook-id",
  "x-webhook-timestamp",
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
];

describe("webhook deliveries", () => {
  const data = temporaryDir("webhook-deliveries");
  let store: DocumentStore;
  let hooks: WebhooksHarness;
  const receivers: WebhookReceiver[] = [];

  async function receiver(...args: Parameters<typeof WebhookReceiver.start>): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start(...args);
    receivers.push(started);
    return started;
  }

  async function settled(who: ReturnType<typeof ownerOf>, webhookId: string, count = 1): Promise<Delivery[]> {
    return eventually(`${count} settled deliveries`, async () => {
      const list = await hooks.deliveries(who, webhookId);
      return list.length >= count && list.every((d) => d.status !== "pending") ? list : undefined;
    });
  }

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    hooks = await startWebhooks({ store });
  });

  afterAll(async () => {
    await hooks.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await store.close();
    data.remove();
  });

  it("delivers an event with the documented body and headers, signed so that both reference libraries verify it", async () => {
    const owner = ownerOf();
    const inbox = await receiver();
    const webhook = await hooks.create(owner, inbox.url, ["project.created"]);
    const project = { id: "prj_0000000000000000000001", name: "Ünïcode ✓", archived: false };
    const eventId = await hooks.emit("project.created", owner.organizationId, project);

    const [request] = await inbox.waitFor(1);
    if (!request) throw new Error("no request");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/hooks");
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["id", "type", "created_at", "organization_id", "data"]);
    expect(body).toEqual({
      id: eventId,
      type: "project.created",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      organization_id: owner.organizationId,
      data: project,
    });
    expect(eventId).toMatch(/^evt_[0-9A-Za-z]{22}$/);

    for (const name of HEADER_NAMES) expect(request.headers[name]).toBeDefined();
    expect(request.headers["x-webhook-event"]).toBe("project.created");
    expect(request.headers["x-webhook-id"]).toBe(eventId);
    expect(request.headers["webhook-id"]).toBe(eventId);
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs(Number(request.headers["x-webhook-timestamp"]) - now)).toBeLessThan(5);
    expect(request.headers["webhook-timestamp"]).toBe(request.headers["x-webhook-timestamp"]);
    expect(request.headers["x-webhook-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);

    await expect(verify(webhook.secret, request.body, request.headers["x-webhook-signature"] as string)).resolves.toBe(true);
    expect(new StandardWebhook(webhook.secret).verify(request.body, request.headers as Record<string, string>)).toEqual(body);

    const [delivery] = await settled(owner, webhook.id);
    expect(delivery).toMatchObject({
      webhook_id: webhook.id,
      event_id: eventId,
      event_type: "project.created",
      status: "succeeded",
      next_attempt_at: null,
    });
    expect(delivery?.id).toMatch(/^whd_[0-9A-Za-z]{22}$/);
    expect(delivery?.attempts).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String),
        outcome: "succeeded",
        status_code: 200,
        duration_ms: expect.any(Number),
        error: null,
        next_retry_at: null,
      },
    ]);
  });

  it("sends only the events a webhook asked for, and each event once even when it is received twice", async () => {
    const owner = ownerOf();
    const inbox = await receiver();
    const webhook = await hooks.create(owner, inbox.url, ["project.deleted"]);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000002" });
    const event = {
      id: "evt_0000000000000000000007",
      type: "project.deleted" as const,
      organization_id: owner.organizationId,
      occurred_at: new Date().toISOString(),
      data: { id: "prj_0000000000000000000002" },
    };
    await hooks.broker.emit("project.deleted", event);
    await hooks.broker.emit("project.deleted", event);
    await inbox.waitFor(1);
    await settled(owner, webhook.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.events().map((e) => [e.type, e.id])).toEqual([["project.deleted", "evt_0000000000000000000007"]]);
    expect(await hooks.deliveries(owner, webhook.id)).toHaveLength(1);
  });

  it("retries after a 500 with the same event id and a fresh signature, and logs both attempts", async () => {
    const owner = ownerOf();
    const inbox = await receiver((_, n) => ({ status: n === 1 ? 500 : 204 }));
    const webhook = await hooks.create(owner, inbox.url, ["project.updated"]);
    const eventId = await hooks.emit("project.updated", owner.organizationId, { id: "prj_0000000000000000000003" });

    const [first, second] = await inbox.waitFor(2);
    expect(first?.body).toBe(second?.body);
    expect(second?.headers["x-webhook-id"]).toBe(eventId);
    expect(second?.headers["webhook-id"]).toBe(eventId);
    expect(new StandardWebhook(webhook.secret).verify(second?.body ?? "", second?.headers as Record<string, string>)).toMatchObject({
      id: eventId,
    });
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(90);

    const [delivery] = await settled(owner, webhook.id);
    expect(delivery?.status).toBe("succeeded");
    expect(delivery?.attempts).toMatchObject([
      { attempt: 1, outcome: "failed", status_code: 500, error: "the receiver answered 500", next_retry_at: expect.any(String) },
      { attempt: 2, outcome: "succeeded", status_code: 204, error: null, next_retry_at: null },
    ]);
  });

  it("gives up after the last attempt and says so", async () => {
    const owner = ownerOf();
    const inbox = await receiver(() => ({ status: 503 }));
    const webhook = await hooks.create(owner, inbox.url, ["user.invited"]);
    await hooks.emit("user.invited", owner.organizationId, { id: "usr_0000000000000000000001" });
    const [delivery] = await settled(owner, webhook.id);
    expect(inbox.requests).toHaveLength(4);
    expect(delivery).toMatchObject({ status: "failed", failure_reason: "gave up after 4 attempts", next_attempt_at: null });
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([503, 503, 503, 503]);
    expect(delivery?.attempts[3]?.next_retry_at).toBeNull();
    const after = (await hooks.call<{ data: { status: string } }>("get", owner, { params: { id: webhook.id } })).data;
    expect(after.status).toBe("active");
  });

  it("disables a webhook at once when its receiver answers 410, and sends it nothing more", async () => {
    const owner = ownerOf();
    const inbox = await receiver(() => ({ status: 410 }));
    const webhook = await hooks.create(owner, inbox.url, ["project.created"]);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000004" });
    const [delivery] = await settled(owner, webhook.id);
    expect(delivery).toMatchObject({ status: "failed", failure_reason: "the receiver answered 410 Gone" });
    expect(delivery?.attempts).toHaveLength(1);
    // The worker disables the webhook in a write after the one that settles the delivery.
    const after = await eventually("the webhook disabled", async () => {
      const read = (await hooks.call<{ data: { status: string; disabled_reason: string } }>("get", owner, { params: { id: webhook.id } }))
        .data;
      return read.status === "disabled" ? read : undefined;
    });
    expect(after.disabled_reason).toMatch(/^The receiver answered 410 Gone at /);

    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000005" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.requests).toHaveLength(1);
  });

  it("signs with the new secret from the moment it is rotated", async () => {
    const owner = ownerOf();
    const inbox = await receiver();
    const webhook = await hooks.create(owner, inbox.url, ["project.created"]);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000006" });
    await inbox.waitFor(1);
    const rotated = (await hooks.call<{ data: { secret: string } }>("rotateSecret", owner, { params: { id: webhook.id } })).data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(webhook.secret);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000007" });
    const [before, after] = await inbox.waitFor(2);
    const signature = (r: typeof before) => r?.headers["x-webhook-signature"] as string;
    await expect(verify(webhook.secret, before?.body ?? "", signature(before))).resolves.toBe(true);
    await expect(verify(rotated.secret, after?.body ?? "", signature(after))).resolves.toBe(true);
    await expect(verify(webhook.secret, after?.body ?? "", signature(after))).resolves.toBe(false);
    expect(() => new StandardWebhook(webhook.secret).verify(after?.body ?? "", after?.headers as Record<string, string>)).toThrow();
    expect(new StandardWebhook(rotated.secret).verify(after?.body ?? "", after?.headers as Record<string, string>)).toBeTruthy();
  });

  it("delivers an organization's events to its own subscriptions only", async () => {
    const [alice, bob] = [ownerOf(), ownerOf()];
    const [aliceInbox, bobInbox] = [await receiver(), await receiver()];
    await hooks.create(alice, aliceInbox.url, ["project.created", "project.updated"]);
    await hooks.create(bob, bobInbox.url, ["project.created", "project.updated"]);
    await hooks.emit("project.created", alice.organizationId, { id: "prj_0000000000000000000008" });
    await hooks.emit("project.updated", bob.organizationId, { id: "prj_0000000000000000000009" });
    await aliceInbox.waitFor(1);
    await bobInbox.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(aliceInbox.events().map((e) => [e.organization_id, e.data.id])).toEqual([[alice.organizationId, "prj_0000000000000000000008"]]);
    expect(bobInbox.events().map((e) => [e.organization_id, e.data.id])).toEqual([[bob.organizationId, "prj_0000000000000000000009"]]);
  });

  it("sends a ping on test, and a new attempt chain with the same event id on redelivery", async () => {
    const owner = ownerOf();
    const inbox = await receiver();
    const webhook = await hooks.create(owner, inbox.url, ["user.joined"]);
    const ping = (await hooks.call<{ data: Delivery }>("test", owner, { params: { id: webhook.id } })).data;
    expect(ping).toMatchObject({ event_type: "ping", status: "pending", attempts: [] });
    const [request] = await inbox.waitFor(1);
    expect(JSON.parse(request?.body ?? "")).toMatchObject({
      id: ping.event_id,
      type: "ping",
      organization_id: owner.organizationId,
      data: { webhook_id: webhook.id },
    });
    expect(request?.headers["x-webhook-event"]).toBe("ping");
    await settled(owner, webhook.id);

    const again = (await hooks.call<{ data: Delivery }>("redeliver", owner, { params: { id: webhook.id, delivery_id: ping.id } })).data;
    expect(again).toMatchObject({ event_id: ping.event_id, redelivery_of: ping.id, status: "pending" });
    expect(again.id).not.toBe(ping.id);
    const [, second] = await inbox.waitFor(2);
    expect(second?.body).toBe(request?.body);
    expect(second?.headers["x-webhook-id"]).toBe(ping.event_id);
    const log = await settled(owner, webhook.id, 2);
    expect(log.map((d) => [d.id, d.status, d.attempts.length])).toEqual(
      expect.arrayContaining([
        [ping.id, "succeeded", 1],
        [again.id, "succeeded", 1],
      ]),
    );
  });

  it("sends nothing more once a webhook is disabled, even what was already waiting for a slot", async () => {
    const owner = ownerOf();
    const slow = await receiver(() => ({ status: 200, delayMs: 400 }));
    const webhook = await hooks.create(owner, slow.url, ["project.updated"]);
    for (let i = 0; i < 10; i++) await hooks.emit("project.updated", owner.organizationId, { id: `prj_${String(i).padStart(22, "7")}` });
    await eventually("four attempts in flight", () => slow.inFlight === 4);
    await hooks.call("update", owner, { params: { id: webhook.id }, body: { status: "disabled" } });
    const list = await settled(owner, webhook.id, 10);
    expect(slow.requests).toHaveLength(4);
    expect(list.filter((d) => d.status === "succeeded")).toHaveLength(4);
    expect(list.filter((d) => d.status === "failed").map((d) => [d.failure_reason, d.attempts.length])).toEqual(
      Array(6).fill(["the webhook is disabled", 0]),
    );
  });

  it("keeps a slow receiver's deliveries to its own slots: a fast receiver is not held up", async () => {
    const owner = ownerOf();
    const slow = await receiver(() => ({ status: 200, delayMs: 1500 }));
    const fast = await receiver();
    await hooks.create(owner, slow.url, ["time_entry.started"]);
    await hooks.create(owner, fast.url, ["time_entry.started"]);
    for (let i = 0; i < 10; i++) await hooks.emit("time_entry.started", owner.organizationId, { id: `te_${String(i).padStart(22, "0")}` });
    await fast.waitFor(10);
    // All ten reached the fast receiver while the slow one still held its first four.
    expect(slow.requests.length).toBeLessThanOrEqual(4);
    expect(slow.inFlight).toBe(4);
    await slow.waitFor(10, 15_000);
    expect(slow.peakInFlight).toBe(4);
  });
});

describe("webhook delivery timeouts", () => {
  const data = temporaryDir("webhook-timeouts");
  let store: DocumentStore;
  let hooks: WebhooksHarness;
  let inbox: WebhookReceiver;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    hooks = await startWebhooks({ store, delivery: { timeoutMs: 300 } });
    inbox = await WebhookReceiver.start((_, n) => ({ status: 200, delayMs: n === 1 ? 1000 : 0 }));
  });

  afterAll(async () => {
    await hooks.stop();
    await inbox.close();
    await store.close();
    data.remove();
  });

  it("counts an answer that takes longer than the timeout as a failure, and retries", async () => {
    const owner = ownerOf();
    const webhook = await hooks.create(owner, inbox.url, ["project.created"]);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000010" });
    const [delivery] = await eventually("the retry to succeed", async () => {
      const list = await hooks.deliveries(owner, webhook.id);
      return list[0]?.status === "succeeded" ? list : undefined;
    });
    expect(delivery?.attempts).toMatchObject([
      { attempt: 1, outcome: "failed", status_code: null, error: "timed out after 300 ms" },
      { attempt: 2, outcome: "succeeded", status_code: 200 },
    ]);
    expect(delivery?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(290);
  });
});

describe("webhooks that keep failing", () => {
  const data = temporaryDir("webhook-failing");
  let store: DocumentStore;
  let hooks: WebhooksHarness;
  let inbox: WebhookReceiver;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    hooks = await startWebhooks({ store, delivery: { retryDelaysMs: [150, 150, 150, 150, 150, 150], disableAfterMs: 400 } });
    inbox = await WebhookReceiver.start(() => ({ status: 500 }));
  });

  afterAll(async () => {
    await hooks.stop();
    await inbox.close();
    await store.close();
    data.remove();
  });

  it("disables a webhook whose deliveries have failed for the whole period, and records why", async () => {
    const owner = ownerOf();
    const webhook = await hooks.create(owner, inbox.url, ["project.created"]);
    await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000011" });
    const after = await eventually("the webhook to be disabled", async () => {
      const got = (
        await hooks.call<{ data: { status: string; disabled_reason: string | null } }>("get", owner, { params: { id: webhook.id } })
      ).data;
      return got.status === "disabled" ? got : undefined;
    });
    expect(after.disabled_reason).toMatch(
      /^Deliveries failed for .* without a success \(since .*\); last error: the receiver answered 500$/,
    );
    const attempts = inbox.requests.length;
    expect(attempts).toBeGreaterThanOrEqual(3);
    const [delivery] = await eventually("the delivery to settle", async () => {
      const list = await hooks.deliveries(owner, webhook.id);
      return list[0]?.status === "failed" ? list : undefined;
    });
    expect(delivery?.failure_reason).toBe("the webhook is disabled");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(inbox.requests.length).toBe(attempts);
  });
});
