import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { domainEvent } from "../../shared/events";
import type { StreamEntry } from "../../shared/event-stream";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { LiveFeed } from "../../shared/live/feed";
import type { StreamPlan } from "../../shared/live/plan";
import { LiveStreams, type ReadBackPage } from "./live-streams";
import { MOST_WAITING_ENTRIES } from "./open-stream";

const ORG = "org_4fJ2kLm9QxT7bN1cR8sV0w";
const OWNER: Identity = {
  organizationId: ORG,
  plan: "free",
  userId: "usr_4fJ2kLm9QxT7bN1cR8sV0w",
  role: "owner",
  permissions: PERMISSIONS,
};
const VIEW = { organizationId: ORG, userId: OWNER.userId, types: { "project.created": "all" as const } };

/** A response that keeps what is written, as a socket would send it. */
class FakeResponse extends EventEmitter {
  written = "";
  writableLength = 0;
  destroyed = false;
  ended = false;
  status = 0;
  writeHead(status: number): this {
    this.status = status;
    return this;
  }
  write(chunk: Buffer): boolean {
    this.written += chunk.toString("utf8");
    return true;
  }
  end(): void {
    this.ended = true;
    this.emit("close");
  }
  destroy(): void {
    this.destroyed = true;
    this.emit("close");
  }
  /** The ids of the events written, in order. */
  get ids(): string[] {
    return [...this.written.matchAll(/^id: (\S+)$/gm)].map((match) => match[1] as string);
  }
}

const entry = (position: number): StreamEntry => ({
  position,
  event: domainEvent("project.created", ORG, { id: `prj_${position}` }, `evt_${String(position).padStart(22, "0")}`),
});

function setUp(perOrganization = 10, perHolder = 10) {
  const feed = new LiveFeed();
  const streams = new LiveStreams({ feed, perOrganization, perHolder, heartbeatMs: 60_000, logger: { warn: () => undefined } });
  const open = (
    plan: StreamPlan,
    readBack: (after: number) => Promise<ReadBackPage> = () => Promise.reject(new Error("unused")),
    res = new FakeResponse(),
    identity: Identity = OWNER,
  ) => {
    streams.serve({
      plan,
      res: res as unknown as ServerResponse,
      style: "A",
      identity,
      readBack,
      identifyAgain: () => Promise.resolve(OWNER),
    });
    return res;
  };
  return { feed, streams, open };
}

describe("live streams in the gateway", () => {
  it("when events come while a resuming stream reads back, then each is written once, in order, after what was read back", async () => {
    const { feed, open } = setUp();
    const pages: ((page: ReadBackPage) => void)[] = [];
    const res = open({ view: VIEW, start: { kind: "after", position: 2 } }, () => new Promise((resolve) => pages.push(resolve)));
    // The feed runs ahead while the first page is read: 5 and 6 are also on the page, 8 is not.
    feed.publish(entry(5));
    feed.publish(entry(6));
    pages.shift()?.({ entries: [entry(3), entry(5)], through: 5, done: false });
    await new Promise((resolve) => setImmediate(resolve));
    feed.publish(entry(8));
    pages.shift()?.({ entries: [entry(6), entry(7)], through: 7, done: true });
    await new Promise((resolve) => setImmediate(resolve));
    feed.publish(entry(9));
    expect(res.ids.map((id) => Number(id.slice(4)))).toEqual([3, 5, 6, 7, 8, 9]);
  });

  it("when a stream opens from now, then it writes only what its view shows, and nothing after it closes", () => {
    const { feed, open } = setUp();
    const res = open({ view: VIEW, start: { kind: "now" } });
    expect(res.status).toBe(200);
    feed.publish(entry(1));
    feed.publish({ position: 2, event: domainEvent("time_entry.started", ORG, { id: "te_1", user_id: OWNER.userId }) });
    feed.publish({ position: 3, event: domainEvent("project.created", "org_5fJ2kLm9QxT7bN1cR8sV0w", { id: "prj_x" }) });
    res.emit("close");
    feed.publish(entry(4));
    expect(res.ids.map((id) => Number(id.slice(4)))).toEqual([1]);
  });

  it("when an organization has as many streams as allowed, then one more is refused until one closes; a client gone before it opened is not counted", () => {
    const { open } = setUp(2);
    const plan: StreamPlan = { view: VIEW, start: { kind: "now" } };
    const gone = new FakeResponse();
    gone.destroyed = true;
    open(plan, undefined, gone);
    expect(gone.status).toBe(0);
    const first = open(plan);
    open(plan);
    expect(() => open(plan)).toThrow(expect.objectContaining({ code: 429 }));
    first.emit("close");
    expect(() => open(plan)).not.toThrow();
  });

  it("when one holder of credentials has as many streams as allowed, then one more is refused, while their API key and another person still open", () => {
    const { open } = setUp(10, 2);
    const plan: StreamPlan = { view: VIEW, start: { kind: "now" } };
    const first = open(plan);
    open(plan);
    expect(() => open(plan)).toThrow(expect.objectContaining({ code: 429, message: expect.stringContaining("This account has 2") }));
    const key = { ...OWNER, apiKeyId: "key_4fJ2kLm9QxT7bN1cR8sV0w" };
    open(plan, undefined, undefined, key);
    open(plan, undefined, undefined, key);
    expect(() => open(plan, undefined, undefined, key)).toThrow(
      expect.objectContaining({ message: expect.stringContaining("This API key has 2") }),
    );
    expect(() => open(plan, undefined, undefined, { ...OWNER, userId: "usr_5fJ2kLm9QxT7bN1cR8sV0w" })).not.toThrow();
    first.emit("close");
    expect(() => open(plan)).not.toThrow();
  });

  it("when reading back falls far behind the live events, then the stream ends rather than keeping them without end", () => {
    const { feed, open } = setUp();
    const res = open({ view: VIEW, start: { kind: "after", position: 0 } }, () => new Promise(() => undefined));
    for (let position = 1; position <= MOST_WAITING_ENTRIES; position++) feed.publish(entry(position));
    expect(res.ended).toBe(false);
    feed.publish(entry(MOST_WAITING_ENTRIES + 1));
    expect(res.ended).toBe(true);
  });

  it("when a client reads far slower than events come, then its connection is dropped rather than queued without end", () => {
    const { feed, open } = setUp();
    const res = open({ view: VIEW, start: { kind: "now" } });
    res.writableLength = 2 * 1024 * 1024;
    feed.publish(entry(1));
    expect(res.destroyed).toBe(true);
  });

  it("when the process drains, then every stream ends and no more open", () => {
    const { streams, open } = setUp();
    const res = open({ view: VIEW, start: { kind: "now" } });
    streams.closeAll();
    expect(res.ended).toBe(true);
    expect(() => open({ view: VIEW, start: { kind: "now" } })).toThrow(expect.objectContaining({ code: 503 }));
  });
});
