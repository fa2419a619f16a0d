import { openMemoryStore } from "../../../shared/kv/memory";
import { repeatedRefreshes } from "./repeated-refresh";

describe("a refresh's answer, kept for its spent token", () => {
  const answer = { access_token: "eyJ.access", expires_in: 900, refresh_token: "rt_next" };

  it("gives the answer back to the spent token alone, and to nobody else", async () => {
    const kv = openMemoryStore();
    const repeats = repeatedRefreshes(kv, 60_000);
    await repeats.remember("rt_spent", answer);
    expect(await repeats.recall("rt_spent")).toEqual(answer);
    expect(await repeats.recall("rt_other")).toBeNull();
  });

  it("keeps nothing readable in the store: no token, no access token", async () => {
    const written: string[] = [];
    const kv = openMemoryStore();
    const spying = {
      ...kv,
      set: (key: string, value: string, options: { ttlMs: number }) => (written.push(key, value), kv.set(key, value, options)),
    };
    await repeatedRefreshes(spying, 60_000).remember("rt_spent", answer);
    expect(written.join(" ")).not.toMatch(/rt_spent|rt_next|eyJ/);
  });

  it("answers nothing once the window has passed, or when the sealed value was altered", async () => {
    const kv = openMemoryStore();
    await repeatedRefreshes(kv, 20).remember("rt_spent", answer);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await repeatedRefreshes(kv, 20).recall("rt_spent")).toBeNull();

    const keys: string[] = [];
    const tampered = {
      ...kv,
      set: (key: string, value: string, options: { ttlMs: number }) => (keys.push(key), kv.set(key, `${value.slice(0, -4)}AAAA`, options)),
    };
    await repeatedRefreshes(tampered, 60_000).remember("rt_spent", answer);
    expect(keys).toHaveLength(1);
    expect(await repeatedRefreshes(kv, 60_000).recall("rt_spent")).toBeNull();
  });
});
