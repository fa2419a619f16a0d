import { createServer, type Server } from "node:net";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "../../test/support/stint";
import { eventually, WebhookReceiver } from "../../test/support/webhook-receiver";
import { ownerOf, startWebhooks, type WebhooksHarness } from "../../test/support/webhooks-harness";
import type { ResolveHost } from "./address-guard";
import { ATTEMPT_CLAIMS_COLLECTION, attemptId, type AttemptClaimDocument } from "./documents";
import type { Delivery } from "./contract";

jest.setTimeout(30_000);

async function freePort(): Promise<number> {
  const probe = await WebhookReceiver.start();
  const port = probe.port;
  await probe.close();
  return port;
}

describe("webhook deliveries across a restart of the webhook service", () => {
  const data = temporaryDir("webhook-restart");

  afterAll(() => data.remove());

  it("keeps deliveries whose receiver is down while the service stops, and sends them once both are back", async () => {
    const owner = ownerOf();
    const port = await freePort();
    let store = await openEmbeddedStore(data.path);
    const first = await startWebhooks({ store, delivery: { retryDelaysMs: [1500, 100, 100] } });
    const webhook = await first.create(owner, `http://127.0.0.1:${port}/hooks`, ["project.created"]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await first.emit("project.created", owner.organizationId, { id: `prj_${String(i).padStart(22, "0")}` }));
    const failedOnce = await eventually("every first attempt to fail", async () => {
      const list = await first.deliveries(owner, webhook.id);
      return list.length === 5 && list.every((d) => d.status === "pending" && d.attempts.length === 1) ? list : undefined;
    });
    expect(failedOnce[0]?.attempts[0]?.error).toMatch(/^ECONNREFUSED/);
    await first.stop();
    await store.close();

    const inbox = await WebhookReceiver.start(undefined, port);
    try {
      store = await openEmbeddedStore(data.path);
      const second = await startWebhooks({ store, delivery: { retryDelaysMs: [1500, 100, 100] } });
      await inbox.waitFor(5, 10_000);
      const delivered = await eventually("every delivery to succeed", async () => {
        const list = await second.deliveries(owner, webhook.id);
        return list.every((d) => d.status === "succeeded") ? list : undefined;
      });
      expect(delivered.map((d) => d.attempts.length)).toEqual([2, 2, 2, 2, 2]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        inbox
          .events()
          .map((e) => e.id)
          .sort(),
      ).toEqual([...ids].sort());
      await second.stop();
    } finally {
      await inbox.close();
      await store.close();
    }
  });

  it("lets attempts in flight finish when the service stops, and does not send them again", async () => {
    const owner = ownerOf();
    const store = await openEmbeddedStore(data.path);
    const inbox = await WebhookReceiver.start(() => ({ status: 200, delayMs: 400 }));
    try {
      const first = await startWebhooks({ store });
      const webhook = await first.create(owner, inbox.url, ["project.updated"]);
      await first.emit("project.updated", owner.organizationId, { id: "prj_0000000000000000000020" });
      await eventually("the attempt to be in flight", () => inbox.inFlight === 1);
      await first.stop();
      const second = await startWebhooks({ store });
      const [delivery] = await second.deliveries(owner, webhook.id);
      expect(delivery).toMatchObject({ status: "succeeded", attempts: [{ attempt: 1, outcome: "succeeded", status_code: 200 }] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(inbox.requests).toHaveLength(1);
      await second.stop();
    } finally {
      await inbox.close();
      await store.close();
    }
  });

  /**
   * A delivery queued by a process whose worker is off, its first attempt claimed by `worker`
   * until `leaseUntil`, as a worker that died mid-attempt leaves it.
   */
  async function abandonedAttempt(store: DocumentStore, inbox: WebhookReceiver, worker: string, leaseUntil: number) {
    const owner = ownerOf();
    const queuing = await startWebhooks({ store, workerDisabled: true });
    const webhook = await queuing.create(owner, inbox.url, ["user.removed"]);
    await queuing.emit("user.removed", owner.organizationId, { id: "usr_0000000000000000000009" });
    const [queued] = await queuing.deliveries(owner, webhook.id);
    if (!queued) throw new Error("nothing queued");
    await (
      await store.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION)
    ).insertOne({
      _id: attemptId(queued.id, 1),
      organization_id: owner.organizationId,
      webhook_id: webhook.id,
      delivery_id: queued.id,
      attempt: 1,
      worker,
      claimed_at: new Date(Date.now() - 60_000).toISOString(),
      lease_until: leaseUntil,
    });
    return { owner, queuing, webhook };
  }

  /** The delivery once succeeded, its first attempt logged as interrupted. */
  async function deliveredAfterInterruption(worker: WebhooksHarness, owner: ReturnType<typeof ownerOf>, webhookId: string) {
    const [delivery] = await eventually("the delivery to succeed", async () => {
      const list: Delivery[] = await worker.deliveries(owner, webhookId);
      return list[0]?.status === "succeeded" ? list : undefined;
    });
    expect(delivery?.attempts).toMatchObject([
      { attempt: 1, outcome: "failed", error: "interrupted: the worker making this attempt stopped before it finished" },
      { attempt: 2, outcome: "succeeded", status_code: 200 },
    ]);
    return delivery as Delivery;
  }

  it("takes over an attempt whose worker stopped without finishing it, once its lease has run out", async () => {
    const store = await openEmbeddedStore(data.path);
    const inbox = await WebhookReceiver.start();
    try {
      const leaseUntil = Date.now() + 500;
      const { owner, queuing, webhook } = await abandonedAttempt(store, inbox, "a-worker-that-died", leaseUntil);
      const worker = await startWebhooks({ store });
      const [request] = await inbox.waitFor(1, 5000);
      // Not before the lease ran out, however long the worker took to start.
      expect(request?.receivedAt).toBeGreaterThanOrEqual(leaseUntil);
      await deliveredAfterInterruption(worker, owner, webhook.id);
      await worker.stop();
      await queuing.stop();
    } finally {
      await inbox.close();
      await store.close();
    }
  });

  it("takes over at once an attempt claimed by an earlier run of its own process, without waiting for the lease", async () => {
    const store = await openEmbeddedStore(data.path);
    const inbox = await WebhookReceiver.start();
    try {
      // The process ran as node "webhooks-1" and died mid-attempt; its claim's lease has ten minutes to go.
      const leaseUntil = Date.now() + 600_000;
      const { owner, queuing, webhook } = await abandonedAttempt(store, inbox, "webhooks-1/an-earlier-run", leaseUntil);
      // Restarted under the same node id: a new run, which knows the earlier one is over.
      const restarted = await startWebhooks({ store, broker: { nodeID: "webhooks-1" } });
      const delivery = await deliveredAfterInterruption(restarted, owner, webhook.id);
      expect(Date.parse(delivery.attempts[1]?.started_at ?? "")).toBeLessThan(leaseUntil);
      await restarted.stop();
      await queuing.stop();
    } finally {
      await inbox.close();
      await store.close();
    }
  });
});

describe("webhook addresses at delivery time", () => {
  const data = temporaryDir("webhook-ssrf");
  let store: DocumentStore;
  let listener: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    // Counts connections and answers nothing: anything that reaches it is a failure of the guard.
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", () => resolve()));
    port = (listener.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await store.close();
    data.remove();
  });

  async function refusedAttempt(
    hooks: WebhooksHarness,
    owner: ReturnType<typeof ownerOf>,
    webhookId: string,
  ): Promise<string | null | undefined> {
    const [delivery] = await eventually("a refused attempt", async () => {
      const list = await hooks.deliveries(owner, webhookId);
      return list[0] && list[0].attempts.length > 0 ? list : undefined;
    });
    return delivery?.attempts[0]?.error;
  }

  it("refuses to connect when a host that was public when saved now resolves to loopback", async () => {
    let lookups = 0;
    const rebinding: ResolveHost = async () =>
      lookups++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    const hooks = await startWebhooks({ store, allowPrivateUrls: false, resolveHost: rebinding });
    try {
      const owner = ownerOf();
      const webhook = await hooks.create(owner, `https://hooks.rebind.example:${port}/in`, ["project.created"]);
      await hooks.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000030" });
      expect(await refusedAttempt(hooks, owner, webhook.id)).toBe(
        "refused: hooks.rebind.example resolves to a loopback address (127.0.0.1)",
      );
      expect(lookups).toBeGreaterThanOrEqual(2);
      expect(connections).toBe(0);
    } finally {
      await hooks.stop();
    }
  });

  it("refuses a saved localhost URL once the deployment no longer allows private addresses", async () => {
    const lenient = await startWebhooks({ store, allowPrivateUrls: true, workerDisabled: true });
    const owner = ownerOf();
    const webhook = await lenient.create(owner, `https://localhost:${port}/in`, ["project.created"]);
    await lenient.stop();
    const strict = await startWebhooks({ store, allowPrivateUrls: false });
    try {
      await strict.emit("project.created", owner.organizationId, { id: "prj_0000000000000000000031" });
      expect(await refusedAttempt(strict, owner, webhook.id)).toMatch(
        /^refused: localhost resolves to a loopback address \((127\.0\.0\.1|::1)\)$/,
      );
      expect(connections).toBe(0);
    } finally {
      await strict.stop();
    }
  });

  it("refuses an address literal and plain http at delivery too", async () => {
    const lenient = await startWebhooks({ store, allowPrivateUrls: true, workerDisabled: true });
    const owner = ownerOf();
    const literal = await lenient.create(owner, `https://127.0.0.1:${port}/in`, ["project.updated"]);
    const plain = await lenient.create(owner, `http://[::1]:${port}/in`, ["project.updated"]);
    await lenient.stop();
    const strict = await startWebhooks({ store, allowPrivateUrls: false });
    try {
      await strict.emit("project.updated", owner.organizationId, { id: "prj_0000000000000000000032" });
      expect(await refusedAttempt(strict, owner, literal.id)).toBe("refused: 127.0.0.1 is a loopback address");
      expect(await refusedAttempt(strict, owner, plain.id)).toBe("refused: http:// is not allowed");
      expect(connections).toBe(0);
    } finally {
      await strict.stop();
    }
  });
});
