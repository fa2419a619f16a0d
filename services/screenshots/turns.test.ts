import { Turns } from "./turns";

describe("turns", () => {
  it("runs at most its limit at once, in the order asked, and passes turns on after failures", async () => {
    const turns = new Turns(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number, fail = false) =>
      turns.run(async () => {
        started.push(n);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (fail) throw new Error(`work ${n} failed`);
        return n;
      });
    const results = [work(1, true), work(2), work(3), work(4)].map((promise) =>
      promise.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([{ error: "work 1 failed" }, { value: 2 }, { value: 3 }, { value: 4 }]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
});
