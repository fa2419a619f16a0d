import { randomUUID } from "node:crypto";
import { ServiceBroker } from "moleculer";
import { ATTEMPT_CLAIMS_COLLECTION, type AttemptClaimDocument } from "../services/webhooks/documents";
import { domainEvent } from "../shared/events";
import { openMongoStore } from "../shared/storage/mongo";
import type { DocumentStore } from "../shared/storage/port";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "./support/servers";
import { eventually, WebhookReceiver } from "./support/webhook-receiver";
import { ownerOf, startWebhooks, type WebhooksHarness } from "./support/webhooks-harness";

jest.setTimeout(60_000);

const EVENTS = 40;

/**
 * Two webhook-service processes (two brokers on NATS, each with its own connection to the
 * same FerretDB/MongoDB database) working one queue, as two replicas would.
 */
describeWithServers(["mongo", "nats"], "webhook workers in two processes (NATS + MongoDB)", () => {
  const namespace = `webhooks-${process.pid}-${randomUUID().slice(0, 8)}`;
  const mongoUrl = () => mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_wh_${randomUUID().slice(0, 8)}`);
  const transporter = () => ({ type: "NATS" as const, options: { url: serverUrl("nats") as string } });
  let url: string;
  const stores: DocumentStore[] = [];
  const workers: WebhooksHarness[] = [];
  let emitter: ServiceBroker;

  async function worker(nodeID: string): Promise<WebhooksHarness> {
    const store = await openMongoStore(url);
    stores.push(store);
    const started = await startWebhooks({
      store,
      delivery: { retryDelaysMs: [200, 200, 200], pollIntervalMs: 25 },
      broker: { namespace, nodeID, transporter: transporter() },
    });
    workers.push(started);
    return started;
  }

  beforeAll(async () => {
    url = mongoUrl();
    emitter = new ServiceBroker({ logger: false, namespace, nodeID: "emitter", transporter: transporter() });
    await emitter.start();
  });

  afterAll(async () => {
    for (const started of workers) await started.stop().catch(() => undefined);
    await emitter.stop();
    for (const store of stores) await store.close();
  });

  it("when two processes work one queue, then every event arrives and no attempt is sent twice", async () => {
    const [a, b] = [await worker("webhooks-a"), await worker("webhooks-b")];
    await emitter.waitForServices(["webhooks"], 10_000);
    await eventually(
      "both workers to be seen",
      () => emitter.registry.getServiceList({ onlyAvailable: true }).filter((s) => s.name === "webhooks").length === 2,
    );
    const owner = ownerOf();
    // Every first attempt fails, so every retry is due in both processes at once and both try to claim it.
    const inbox = await WebhookReceiver.start((request) => {
      const id = (JSON.parse(request.body) as { id: string }).id;
      return { status: inbox.requests.filter((r) => (JSON.parse(r.body) as { id: string }).id === id).length === 1 ? 500 : 200 };
    });
    try {
      const webhook = await a.create(owner, inbox.url, ["time_entry.created"]);
      const ids: string[] = [];
      for (let i = 0; i < EVENTS; i++) {
        const event = domainEvent("time_entry.created", owner.organizationId, { id: `te_${String(i).padStart(22, "0")}` });
        ids.push(event.id);
        await emitter.emit("time_entry.created", event);
      }
      await inbox.waitFor(EVENTS * 2, 30_000);
      const deliveries = await eventually(
        "every delivery to succeed",
        async () => {
          const list = (
            await b.call<{ data: { status: string; attempts: { attempt: number }[] }[] }>("deliveries", owner, {
              params: { id: webhook.id },
              query: { per_page: "200" },
            })
          ).data;
          return list.length === EVENTS && list.every((d) => d.status === "succeeded") ? list : undefined;
        },
        20_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));

      const perEvent = new Map<string, number>();
      for (const event of inbox.events()) perEvent.set(event.id, (perEvent.get(event.id) ?? 0) + 1);
      expect([...perEvent.keys()].sort()).toEqual([...ids].sort());
      expect([...perEvent.values()].every((count) => count === 2)).toBe(true);
      expect(inbox.requests).toHaveLength(EVENTS * 2);
      expect(deliveries.every((d) => d.attempts.map((x) => x.attempt).join() === "1,2")).toBe(true);

      // Both processes did some of the sending.
      const attempts = await (
        await stores[0]?.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION)
      )?.find({ webhook_id: webhook.id });
      // A worker is named node/instance: the node says which process it was.
      const byWorker = new Set(attempts?.map((attempt) => attempt.worker.split("/")[0]));
      expect(byWorker).toEqual(new Set(["webhooks-a", "webhooks-b"]));
    } finally {
      await inbox.close();
    }
  });

  it("when a process stops with deliveries pending, then the other finishes them", async () => {
    const [a, b] = workers;
    if (!a || !b) throw new Error("workers missing");
    const owner = ownerOf();
    let refusing = true;
    const inbox = await WebhookReceiver.start(() => ({ status: refusing ? 503 : 200 }));
    try {
      const webhook = await a.create(owner, inbox.url, ["project.created"]);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const event = domainEvent("project.created", owner.organizationId, { id: `prj_${String(i).padStart(22, "0")}` });
        ids.push(event.id);
        await emitter.emit("project.created", event);
      }
      await inbox.waitFor(10);
      await a.stop();
      refusing = false;
      const list = await eventually(
        "the remaining process to deliver everything",
        async () => {
          const found = (await b.call<{ data: { status: string }[] }>("deliveries", owner, { params: { id: webhook.id } })).data;
          return found.length === 10 && found.every((d) => d.status === "succeeded") ? found : undefined;
        },
        20_000,
      );
      expect(list).toHaveLength(10);
      expect(new Set(inbox.events().map((e) => e.id))).toEqual(new Set(ids));
    } finally {
      await inbox.close();
    }
  });
});
