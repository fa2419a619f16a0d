import type { Context } from "moleculer";
import { temporaryDir } from "../test/support/stint";
import { announceChange, durableEvents } from "./announce";
import { ApiError } from "./errors";
import type { DomainEvent } from "./events";
import { Outbox, OUTBOX_COLLECTION, type OutboxDocument } from "./outbox";
import { openEmbeddedStore } from "./storage/embedded";
import type { Collection, DocumentStore } from "./storage/port";

/** The outbox and the durable announcer on the embedded store, with a stream that records (or refuses) what it is given. */
describe("the outbox", () => {
  const data = temporaryDir("outbox");
  let store: DocumentStore;
  let records: Collection<OutboxDocument>;
  let clock = Date.UTC(2026, 10, 25, 12);
  const now = () => clock;
  const published: DomainEvent[] = [];
  let streamDown = false;
  const stream = {
    publish: (event: DomainEvent) => {
      if (streamDown) return Promise.reject(new Error("NATS is away"));
      published.push(event);
      return Promise.resolve();
    },
  };
  const quiet = { warn: () => undefined };
  const ctx = {} as Context;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    records = await store.collection<OutboxDocument>(OUTBOX_COLLECTION);
  });

  afterAll(async () => {
    await store.close();
    data.remove();
  });

  beforeEach(async () => {
    published.length = 0;
    streamDown = false;
    await records.deleteMany({});
  });

  async function outbox(): Promise<Outbox> {
    return Outbox.open(store, { sweepAfterMs: 30_000, sweepEveryMs: 1000 }, now);
  }

  it("holds the event while the change is made, publishes what the change produced, then forgets it", async () => {
    const events = durableEvents(await outbox(), stream, quiet);
    const announce = events.announce<{ id: string; name: string }>(ctx, "project.created", () => "org_1");
    const during: OutboxDocument[][] = [];
    const result = await announceChange(announce, { id: "prj_1", name: "expected" }, async () => {
      during.push(await records.find({}));
      return { id: "prj_1", name: "actual" };
    });
    expect(result).toEqual({ id: "prj_1", name: "actual" });
    expect(during[0]).toEqual([
      expect.objectContaining({
        event: expect.objectContaining({ type: "project.created", organization_id: "org_1", data: { id: "prj_1", name: "expected" } }),
      }),
    ]);
    expect(published).toEqual([expect.objectContaining({ id: during[0]?.[0]?._id, data: { id: "prj_1", name: "actual" } })]);
    expect(await records.count({})).toBe(0);
  });

  it("announces nothing for a refused change, and leaves a change of unknown outcome to the sweep", async () => {
    const events = durableEvents(await outbox(), stream, quiet);
    const announce = events.announce<{ id: string }>(ctx, "project.updated", () => "org_1");
    await expect(announceChange(announce, { id: "prj_1" }, () => Promise.reject(ApiError.notFound("Project")))).rejects.toThrow(
      "Project not found",
    );
    expect(await records.count({})).toBe(0);
    await expect(announceChange(announce, { id: "prj_2" }, () => Promise.reject(new Error("the store stopped answering")))).rejects.toThrow(
      "stopped answering",
    );
    expect(published).toEqual([]);
    expect(await records.find({})).toEqual([expect.objectContaining({ event: expect.objectContaining({ data: { id: "prj_2" } }) })]);
  });

  it("keeps what could not be published, with the actual data, and the sweep publishes it once it is old enough", async () => {
    const box = await outbox();
    const events = durableEvents(box, stream, quiet);
    streamDown = true;
    await announceChange(
      events.announce<{ id: string; n: number }>(ctx, "project.updated", () => "org_1"),
      { id: "prj_1", n: 1 },
      () => Promise.resolve({ id: "prj_1", n: 2 }),
    );
    expect(published).toEqual([]);
    streamDown = false;

    expect(await box.sweep(stream.publish)).toBe(0);
    clock += 30_000;
    expect(await box.sweep(stream.publish)).toBe(1);
    expect(published).toEqual([expect.objectContaining({ type: "project.updated", data: { id: "prj_1", n: 2 } })]);
    expect(await records.count({})).toBe(0);
  });

  it("lets one of two sweeps take a record, and a failed publish leave it for a later sweep", async () => {
    const [first, second] = [await outbox(), await outbox()];
    const events = durableEvents(first, { publish: () => Promise.reject(new Error("down")) }, quiet);
    await (await events.announce<{ id: string }>(ctx, "project.created", () => "org_1").prepare({ id: "prj_1" })).publish({ id: "prj_1" });
    clock += 30_000;

    streamDown = true;
    await expect(first.sweep(stream.publish)).rejects.toThrow("NATS is away");
    // Taken by the failed sweep: no one publishes it until that sweep's lease has run out.
    streamDown = false;
    expect(await second.sweep(stream.publish)).toBe(0);
    clock += 60_000;
    const counts = await Promise.all([first.sweep(stream.publish), second.sweep(stream.publish)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(new Set(published.map((event) => event.id)).size).toBe(1);
    expect(await records.count({})).toBe(0);
  });
});
