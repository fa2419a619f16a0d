import { Writable } from "node:stream";
import sharp from "sharp";
import { startStint, type RunningStint } from "../app";
import { presentProject, PROJECTS_COLLECTION, type ProjectDocument } from "../services/projects/project";
import {
  ATTEMPT_CLAIMS_COLLECTION,
  attemptId,
  DELIVERIES_COLLECTION,
  type AttemptClaimDocument,
  type DeliveryDocument,
} from "../services/webhooks/documents";
import { BACKEND_SERVICES, loadConfig } from "../shared/config";
import { EventStream } from "../shared/event-stream";
import { domainEvent } from "../shared/events";
import { newId } from "../shared/ids";
import { Outbox, OUTBOX_COLLECTION, type OutboxDocument } from "../shared/outbox";
import { openMongoStore } from "../shared/storage/mongo";
import type { DocumentStore } from "../shared/storage/port";
import { FreezingProxy, mongoInsertInto } from "./support/freezing-proxy";
import { aWebhook } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { StintProcess, type LogLine } from "./support/processes";
import { describeWithServers } from "./support/servers";
import { distributedServers, TEST_JWT_SECRET, temporaryDir } from "./support/stint";
import { eventually, WebhookReceiver } from "./support/webhook-receiver";

jest.setTimeout(180_000);

const ACK_WAIT_SECONDS = 2;
const TOOK_EVENT = "took an event from the stream";

/** A process's log lines, parsed, for the in-process webhook services. */
class LogLines extends Writable {
  readonly lines: LogLine[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() !== "") this.lines.push(JSON.parse(line) as LogLine);
    }
    done();
  }
  took(eventIds: ReadonlySet<string>): LogLine[] {
    return this.lines.filter((line) => line.msg === TOOK_EVENT && eventIds.has(line.eventId as string));
  }
}

interface WebhookBody {
  id: string;
  type: string;
  data: { id: string };
}

/**
 * Domain events on JetStream, against real NATS, FerretDB/MongoDB and Redis: one process
 * runs the gateway and every service but webhooks; webhook services come and go beside it,
 * in this process or as OS processes of their own.
 */
describeWithServers(["mongo", "nats", "redis"], "durable domain events (JetStream + outbox)", () => {
  const servers = distributedServers("events");
  const { namespace, mongoUrl } = servers;
  const data = temporaryDir("events");
  const env: Record<string, string> = {
    PORT: "0",
    LOG_LEVEL: "fatal",
    LOG_FORMAT: "json",
    JWT_SECRET: TEST_JWT_SECRET,
    NAMESPACE: namespace,
    DATA_DIR: data.path,
    MONGO_URL: mongoUrl,
    NATS_URL: servers.natsUrl,
    REDIS_URL: servers.redisUrl,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    EVENT_ACK_WAIT_SECONDS: String(ACK_WAIT_SECONDS),
  };
  let main: RunningStint;
  let url: string;
  let store: DocumentStore;
  let stream: EventStream;
  const webhookServices = new Map<string, { stint: RunningStint; logs: LogLines }>();
  const receivers: WebhookReceiver[] = [];

  async function startWebhookService(name: string): Promise<LogLines> {
    const logs = new LogLines();
    const stint = await startStint(loadConfig({ ...env, SERVICES: "webhooks", NODE_ID: name, LOG_LEVEL: "debug" }), {
      logDestination: logs,
    });
    webhookServices.set(name, { stint, logs });
    await main.broker.waitForServices(["webhooks"], 10_000);
    return logs;
  }

  async function stopWebhookService(name: string): Promise<void> {
    await webhookServices.get(name)?.stint.stop();
    webhookServices.delete(name);
    await eventually(
      "the gateway to see the webhook service gone",
      () => !main.broker.registry.getServiceList({ onlyAvailable: true }).some((s) => s.name === "webhooks" && s.nodeID === name),
    );
  }

  /** A new organization with a subscription to project events, delivered to a receiver of its own. */
  async function subscriber(): Promise<{ api: Client; inbox: WebhookReceiver; webhookId: string }> {
    const { api } = await registerOwner(url);
    const inbox = await WebhookReceiver.start();
    receivers.push(inbox);
    const created = await api.post<{ data: { id: string } }>("/api/v1/webhooks", aWebhook(inbox.url));
    if (created.status !== 201) throw new Error(`webhook not created: ${created.status} ${created.text}`);
    return { api, inbox, webhookId: created.body.data.id };
  }

  async function projectNamed(api: Client, name: string): Promise<string> {
    return (await createProject(api, { name })).id;
  }

  function bodies(inbox: WebhookReceiver): WebhookBody[] {
    return inbox.requests.map((request) => JSON.parse(request.body) as WebhookBody);
  }

  async function deliveriesOf(webhookId: string): Promise<DeliveryDocument[]> {
    return (await store.collection<DeliveryDocument>(DELIVERIES_COLLECTION)).find({ webhook_id: webhookId });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, (ACK_WAIT_SECONDS + 2) * 1000));

  beforeAll(async () => {
    const services = ["gateway", ...BACKEND_SERVICES.filter((name) => name !== "webhooks")].join(",");
    main = await startStint(loadConfig({ ...env, SERVICES: services, NODE_ID: `main-${namespace}` }));
    url = main.url as string;
    store = await openMongoStore(mongoUrl);
    stream = await EventStream.open({ natsUrl: env.NATS_URL as string, namespace, ackWaitMs: ACK_WAIT_SECONDS * 1000 });
  });

  afterAll(async () => {
    for (const name of [...webhookServices.keys()]) await webhookServices.get(name)?.stint.stop();
    await main?.stop();
    await stream?.close();
    await store?.close();
    for (const inbox of receivers) await inbox.close();
    data.remove();
  });

  it("when an event is published while no webhook service runs, then it waits in the stream and is delivered once one starts", async () => {
    await startWebhookService("webhooks-first");
    const { api, inbox, webhookId } = await subscriber();
    await stopWebhookService("webhooks-first");

    const projectId = await projectNamed(api, "Made while nobody listens");
    await eventually("the event to wait in the stream", async () => (await stream.consumerInfo()).num_pending >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.requests).toHaveLength(0);
    expect(await deliveriesOf(webhookId)).toHaveLength(0);

    await startWebhookService("webhooks-second");
    await inbox.waitFor(1, 20_000);
    await settle();
    const [body] = bodies(inbox);
    expect(inbox.requests).toHaveLength(1);
    expect(body).toMatchObject({ type: "project.created", data: { id: projectId } });
    expect(inbox.requests[0]?.headers["webhook-id"]).toBe(body?.id);
    expect(await deliveriesOf(webhookId)).toHaveLength(1);
  });

  it("when two webhook processes run, then they share the events, each queued once", async () => {
    const { api, inbox, webhookId } = await subscriber();
    const first = webhookServices.get("webhooks-second")?.logs as LogLines;
    const other = await startWebhookService("webhooks-other");
    const count = 40;
    const projectIds: string[] = [];
    for (let i = 0; i < count; i++) projectIds.push(await projectNamed(api, `Shared ${i}`));

    await inbox.waitFor(count, 60_000);
    await settle();
    const received = bodies(inbox);
    expect(received.map((body) => body.data.id).sort()).toEqual([...projectIds].sort());
    expect(new Set(received.map((body) => body.id)).size).toBe(count);
    const deliveries = await deliveriesOf(webhookId);
    expect(deliveries).toHaveLength(count);

    const eventIds = new Set(deliveries.map((delivery) => delivery.event_id));
    const queuedBy = (logs: LogLines) => logs.took(eventIds).filter((line) => (line.queued as number) > 0);
    const [byFirst, bySecond] = [queuedBy(first), queuedBy(other)];
    // Each event was queued by exactly one process, and both processes took some.
    expect(byFirst.length + bySecond.length).toBe(count);
    expect(new Set([...byFirst, ...bySecond].map((line) => line.eventId)).size).toBe(count);
    expect(byFirst.length).toBeGreaterThan(0);
    expect(bySecond.length).toBeGreaterThan(0);
  });

  it("when a publisher died after storing a change, then the outbox publishes its event", async () => {
    const { api, inbox } = await subscriber();
    const organizationId = (await api.get<{ data: { id: string } }>("/api/v1/organization")).body.data.id;
    const now = new Date().toISOString();
    const doc: ProjectDocument = {
      _id: newId("project"),
      organization_id: organizationId,
      name: "Left behind",
      name_key: "left behind",
      description: null,
      color: null,
      client_name: null,
      billable: true,
      archived: false,
      created_at: now,
      updated_at: now,
    };
    // What a process does before it dies: the outbox record, then the change; no publish.
    const event = domainEvent("project.created", organizationId, presentProject(doc, null, null));
    await (await Outbox.open(store, { sweepAfterMs: 0, sweepEveryMs: 60_000 })).record(event);
    await (await store.collection<ProjectDocument>(PROJECTS_COLLECTION)).insertOne(doc);

    await inbox.waitFor(1, 30_000);
    const [body] = bodies(inbox);
    expect(body).toMatchObject({ id: event.id, type: "project.created", data: { id: doc._id, name: "Left behind" } });
    expect(inbox.requests[0]?.headers["webhook-id"]).toBe(event.id);
    const records = await store.collection<OutboxDocument>(OUTBOX_COLLECTION);
    await eventually("the outbox record to be cleared", async () => (await records.findOne({ _id: event.id })) === null);
    await settle();
    expect(inbox.requests).toHaveLength(1);
  });

  it("when screenshot events are published while no webhook service runs, then they wait in the stream and are delivered once one starts", async () => {
    const { api } = await registerOwner(url);
    const inbox = await WebhookReceiver.start();
    receivers.push(inbox);
    const hook = await api.post("/api/v1/webhooks", aWebhook(inbox.url, { events: ["screenshot.captured", "screenshot.deleted"] }));
    expect(hook.status).toBe(201);
    const projectId = await projectNamed(api, "Watched");
    const entry = await createTimeEntry(api, projectId, { start_time: "2026-03-02T09:00:00Z", end_time: "2026-03-02T11:00:00Z" });
    for (const name of [...webhookServices.keys()]) await stopWebhookService(name);

    const before = (await stream.consumerInfo()).num_pending;
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("time_entry_id", entry.id);
    form.append("taken_at", "2026-03-02T10:00:00Z");
    form.append("file", new Blob([picture], { type: "image/png" }), "shot.png");
    const uploaded = await api.send<{ data: { id: string } }>("POST", "/api/v1/screenshots", { form });
    expect(uploaded.status).toBe(201);
    expect((await api.delete(`/api/v1/screenshots/${uploaded.body.data.id}`)).status).toBe(204);
    // Both wait in the stream, as no webhook service is there to take them.
    await eventually("both events to wait in the stream", async () => (await stream.consumerInfo()).num_pending >= before + 2);
    expect(inbox.requests).toHaveLength(0);

    await startWebhookService("webhooks-screens");
    await inbox.waitFor(2, 20_000);
    await settle();
    // Deliveries of two events may arrive in either order.
    expect(
      bodies(inbox)
        .map((body) => [body.type, body.data.id])
        .sort(),
    ).toEqual([
      ["screenshot.captured", uploaded.body.data.id],
      ["screenshot.deleted", uploaded.body.data.id],
    ]);
  });

  it("when a webhook process is killed after storing deliveries and before acknowledging, then the event is delivered again without a second delivery", async () => {
    // Last in this suite: the gateway may route calls to the killed process until it notices it is gone.
    const { api, inbox, webhookId } = await subscriber();
    for (const name of [...webhookServices.keys()]) await stopWebhookService(name);

    // The doomed process reaches the store through a proxy that lets its delivery insert
    // through and then answers nothing more: it has stored the delivery and never acks.
    const target = new URL(mongoUrl);
    const proxy = await FreezingProxy.start(
      { host: target.hostname, port: Number(target.port) },
      mongoInsertInto(DELIVERIES_COLLECTION.name),
    );
    const proxied = new URL(mongoUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const doomed = new StintProcess({
      ...env,
      LOG_LEVEL: "info",
      SERVICES: "webhooks",
      NODE_ID: `doomed-${namespace}`,
      MONGO_URL: proxied.toString(),
    });
    try {
      await doomed.waitForLog((line) => line.msg.startsWith("Stint services started"), 60_000);
      await main.broker.waitForServices(["webhooks"], 10_000);

      const projectId = await projectNamed(api, "Held by a process about to die");
      const [stored] = await eventually(
        "the doomed process to store the delivery",
        async () => {
          const found = await deliveriesOf(webhookId);
          return found.length === 1 && proxy.frozen ? found : undefined;
        },
        30_000,
      );
      expect((await stream.consumerInfo()).num_ack_pending).toBe(1);
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      expect(doomed.child.signalCode).toBe("SIGKILL");
      expect(() => process.kill(doomed.child.pid as number, 0)).toThrow();
      expect(inbox.requests).toHaveLength(0);

      const logs = await startWebhookService("webhooks-survivor");
      await inbox.waitFor(1, 30_000);
      await settle();
      const [body] = bodies(inbox);
      expect(inbox.requests).toHaveLength(1);
      expect(body).toMatchObject({ id: stored?.event_id, type: "project.created", data: { id: projectId } });
      expect(inbox.requests[0]?.headers["webhook-id"]).toBe(stored?.event_id);
      expect(await deliveriesOf(webhookId)).toEqual([expect.objectContaining({ _id: stored?._id, state: "succeeded" })]);
      // The survivor was handed the event again and queued nothing new for it.
      const took = logs.took(new Set([stored?.event_id as string]));
      expect(took.length).toBeGreaterThanOrEqual(1);
      expect(took.every((line) => line.queued === 0)).toBe(true);
      expect((await stream.consumerInfo()).num_ack_pending).toBe(0);
    } finally {
      await doomed.stop();
      await proxy.close();
    }
  });

  it("when a webhook process is killed while sending an attempt, then another process takes the attempt over once it sees the process gone, before its lease ends", async () => {
    // After the kill above: once the gateway has seen that process go, it no longer routes to it.
    await eventually(
      "the gateway to see the killed process gone",
      () => !main.broker.registry.nodes.get(`doomed-${namespace}`)?.available,
      30_000,
    );
    for (const name of [...webhookServices.keys()]) await stopWebhookService(name);
    const senderNode = `sender-${namespace}`;
    const sender = new StintProcess({ ...env, LOG_LEVEL: "info", SERVICES: "webhooks", NODE_ID: senderNode });
    try {
      await sender.waitForLog((line) => line.msg.startsWith("Stint services started"), 60_000);
      await main.broker.waitForServices(["webhooks"], 10_000);
      const { api } = await registerOwner(url);
      // The first request is held until the sender is killed; later ones are answered at once.
      const inbox = await WebhookReceiver.start((_request, n) => (n === 1 ? { status: 200, delayMs: 60_000 } : { status: 200 }));
      receivers.push(inbox);
      const created = await api.post<{ data: { id: string } }>("/api/v1/webhooks", aWebhook(inbox.url, { events: ["project.created"] }));
      expect(created.status).toBe(201);
      const webhookId = created.body.data.id;
      await createProject(api, { name: "Sent by a process about to die" });
      await inbox.waitFor(1, 30_000);
      // A second webhooks process, which has seen the sender on the bus, is there when it dies.
      await startWebhookService("webhooks-taking-over");
      const survivor = webhookServices.get("webhooks-taking-over")?.stint.broker;
      await eventually("the survivor to see the sender", () => survivor?.registry.nodes.get(senderNode)?.available === true, 30_000);
      sender.child.kill("SIGKILL");
      await sender.exited;

      const [delivery] = await eventually(
        "the delivery to succeed",
        async () => {
          const found = await deliveriesOf(webhookId);
          return found[0]?.state === "succeeded" ? found : undefined;
        },
        60_000,
      );
      expect(delivery?.attempts).toMatchObject([
        { attempt: 1, outcome: "failed", error: "interrupted: the worker making this attempt stopped before it finished" },
        { attempt: 2, outcome: "succeeded", status_code: 200 },
      ]);
      // Taken over because the sender was seen to go, not because its lease ran out.
      const claim = await (
        await store.collection<AttemptClaimDocument>(ATTEMPT_CLAIMS_COLLECTION)
      ).findOne({
        _id: attemptId(delivery?._id as string, 1),
      });
      expect(claim?.worker.startsWith(`${senderNode}/`)).toBe(true);
      expect(delivery?.attempts[1]?.started_at).toBeLessThan(claim?.lease_until as number);
      expect(inbox.requests).toHaveLength(2);
      expect(new Set(inbox.requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
    } finally {
      await sender.stop();
    }
  });
});
