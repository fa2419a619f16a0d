import { describeKeyValueContract } from "./kv.suite";
import { openMemoryStore } from "./memory";
import { openKeyValueStore } from "./open";

describeKeyValueContract("memory", async () => openMemoryStore());

describe("memory store", () => {
  const timers = () => process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;

  it("starts no timer that could hold the process open", async () => {
    const before = timers();
    const kv = openMemoryStore();
    await kv.set("k", "v", { ttlMs: 60_000 });
    await kv.increment("n", 60_000);
    expect(timers()).toBe(before);
    await kv.close();
  });

  it("drops expired keys nobody reads again", async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const kv = openMemoryStore();
      await kv.set("stale", "x", { ttlMs: 10 });
      jest.setSystemTime(60_000);
      expect(await kv.get("stale")).toBeNull();
      await kv.set("old", "x", { ttlMs: 10 });
      jest.setSystemTime(120_000);
      // Any write past the sweep interval sweeps; "old" is gone without being read.
      await kv.set("trigger", "y", { ttlMs: 10 });
      expect((kv as unknown as { entries: Map<string, unknown> }).entries.has("old")).toBe(false);
      await kv.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it("refuses work once closed", async () => {
    const kv = openMemoryStore();
    await kv.close();
    await expect(kv.get("k")).rejects.toThrow(/closed/);
    await expect(kv.ping()).rejects.toThrow(/closed/);
  });

  it("is what openKeyValueStore picks without a Redis URL", async () => {
    const kv = await openKeyValueStore({ namespace: "test" });
    expect(kv.kind).toBe("memory");
    await kv.close();
  });
});
