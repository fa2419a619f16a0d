import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { ServiceBroker } from "moleculer";
import { brokerOptions } from "../shared/broker";
import { BUS_TIMINGS } from "../shared/bus-resilience";
import { loadConfig } from "../shared/config";
import { describeWithServers, serverUrl } from "./support/servers";

/**
 * A node whose heartbeats stop but whose other packets keep coming (a gateway streaming a
 * large upload, its heartbeats queued behind the file's chunks) is alive: every packet counts
 * as a sign of life. Once it falls silent, the heartbeat check still declares it gone.
 */

jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietLogs = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

describeWithServers(["nats"], "signs of life on the bus", () => {
  const namespace = `signs-${randomUUID().slice(0, 8)}`;
  let watcher: ServiceBroker;
  let talker: ServiceBroker;
  const disconnected: { id: string; unexpected: boolean }[] = [];

  const brokerNamed = (nodeID: string) =>
    new ServiceBroker(
      brokerOptions(
        loadConfig({ NATS_URL: serverUrl("nats"), NAMESPACE: namespace, NODE_ID: nodeID, LOG_LEVEL: "warn", LOG_FORMAT: "json" }),
        quietLogs(),
      ),
    );

  beforeAll(async () => {
    watcher = brokerNamed("watcher");
    watcher.createService({
      name: "watch",
      actions: { ping: () => "pong" },
      events: {
        "$node.disconnected"(ctx: { params: { node: { id: string }; unexpected: boolean } }) {
          disconnected.push({ id: ctx.params.node.id, unexpected: ctx.params.unexpected });
        },
      },
    });
    talker = brokerNamed("talker");
    talker.createService({ name: "talk", actions: { hello: () => "hello" } });
    await Promise.all([watcher.start(), talker.start()]);
    await Promise.all([talker.waitForServices(["watch"], 30_000), watcher.waitForServices(["talk"], 30_000)]);
  });

  afterAll(async () => {
    await talker?.stop();
    await watcher?.stop();
  });

  it("when a node sends requests but no heartbeats, then it is kept until it falls silent, and dropped then", async () => {
    // The talker stops beating, as if its heartbeats were stuck behind other traffic.
    (talker.registry as unknown as { discoverer: { beat(): Promise<void> } }).discoverer.beat = async () => undefined;

    // Longer than the heartbeat timeout plus one check of it: without other signs of life it would be gone.
    const talkingUntil = Date.now() + (BUS_TIMINGS.heartbeatTimeoutSeconds * 2 + 2) * 1000;
    while (Date.now() < talkingUntil) {
      expect(await talker.call("watch.ping")).toBe("pong");
      await sleep(250);
    }
    expect(disconnected.filter((event) => event.id === "talker")).toEqual([]);
    expect(watcher.registry.nodes.get("talker")?.available).toBe(true);

    // Silent now: neither heartbeats nor requests. It still answers NATS presence, so only the heartbeat check can drop it.
    const deadline = Date.now() + (BUS_TIMINGS.heartbeatTimeoutSeconds * 3 + 5) * 1000;
    while (!disconnected.some((event) => event.id === "talker") && Date.now() < deadline) await sleep(100);
    expect(disconnected.find((event) => event.id === "talker")).toEqual({ id: "talker", unexpected: true });
    expect(watcher.registry.nodes.get("talker")?.available).toBe(false);
  });
});
