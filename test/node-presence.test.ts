import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { ServiceBroker } from "moleculer";
import { brokerOptions } from "../shared/broker";
import { busConnected } from "../shared/bus-resilience";
import { loadConfig } from "../shared/config";
import { StintProcess } from "./support/processes";
import { describeWithServers, serverUrl } from "./support/servers";
import { temporaryDir, TEST_JWT_SECRET } from "./support/stint";

/**
 * A process killed with SIGKILL says no goodbye on the bus. NATS presence notices it anyway:
 * the watcher here has heartbeats turned practically off (a node would be declared gone after
 * ten minutes), so only presence can remove the killed node, and moleculer's
 * `$node.disconnected` follows. The time it took is printed, not asserted.
 */

jest.setTimeout(90_000);

describeWithServers(["nats"], "NATS presence", () => {
  const namespace = `presence-${randomUUID().slice(0, 8)}`;
  const lines: { msg?: string; leftNode?: string }[] = [];
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim() !== "") lines.push(JSON.parse(line) as { msg?: string; leftNode?: string });
      done();
    },
  });
  const data = temporaryDir("presence");
  let watcher: ServiceBroker;
  let victim: StintProcess;
  const disconnected: { id: string; unexpected: boolean; at: number }[] = [];

  beforeAll(async () => {
    const config = loadConfig({
      NATS_URL: serverUrl("nats"),
      NAMESPACE: namespace,
      NODE_ID: "watcher",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    });
    watcher = new ServiceBroker({ ...brokerOptions(config, logs), heartbeatTimeout: 600 });
    watcher.createService({
      name: "watch",
      events: {
        "$node.disconnected"(ctx: { params: { node: { id: string }; unexpected: boolean } }) {
          disconnected.push({ id: ctx.params.node.id, unexpected: ctx.params.unexpected, at: Date.now() });
        },
      },
    });
    await watcher.start();
    victim = new StintProcess({
      NATS_URL: serverUrl("nats") as string,
      NAMESPACE: namespace,
      NODE_ID: "victim",
      SERVICES: "system",
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: data.path,
    });
  });

  afterAll(async () => {
    await victim?.stop();
    await watcher?.stop();
    data.remove();
  });

  it("when a node is killed, then the others remove it through NATS alone and emit $node.disconnected", async () => {
    await watcher.waitForServices(["system"], 60_000);
    expect(busConnected(watcher)).toBe(true);
    // Presence declares gone only a node that answered a probe before: give it a round.
    const answeredBy = Date.now() + 3_000;
    while (Date.now() < answeredBy) await new Promise((resolve) => setTimeout(resolve, 100));

    victim.child.kill("SIGKILL");
    const killedAt = Date.now();
    await victim.exited;
    const deadline = Date.now() + 30_000;
    while (!disconnected.some((d) => d.id === "victim") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const event = disconnected.find((d) => d.id === "victim");
    expect(event?.unexpected).toBe(true);
    expect(lines.some((line) => line.msg?.includes("left NATS") && line.leftNode === "victim")).toBe(true);
    expect(watcher.registry.nodes.get("victim")?.available).toBe(false);
    process.stdout.write(`presence: $node.disconnected ${(event?.at ?? NaN) - killedAt} ms after the SIGKILL\n`);
  });
});
