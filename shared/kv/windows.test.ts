import { KeptWindow, placeWindows } from "./windows";

describe("placing windows in time", () => {
  const counterAt = (window: { key: string; limit: number; windowMs: number }, nowMs: number) =>
    placeWindows([window], { nowMs }).windows[0]?.counterKey;

  it("names a kept window's counter exactly as any window's, as its window moves on and back", () => {
    const kept = new KeptWindow("rate-limit:{p:s}:minute", 5, 60_000);
    const plain = { key: "rate-limit:{p:s}:minute", limit: 5, windowMs: 60_000 };
    for (const nowMs of [61_000, 119_999, 120_000, 61_000, 0]) expect(counterAt(kept, nowMs)).toBe(counterAt(plain, nowMs));
    expect(counterAt(kept, 119_999)).toBe("rate-limit:{p:s}:minute:60000");
    expect(counterAt(kept, 120_000)).toBe("rate-limit:{p:s}:minute:120000");
  });

  it("refuses a key given twice, kept or not", () => {
    const kept = new KeptWindow("same", 1, 1_000);
    expect(() => placeWindows([kept, { key: "same", limit: 2, windowMs: 2_000 }], { nowMs: 0 })).toThrow(RangeError);
  });
});
