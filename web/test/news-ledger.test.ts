import { NewsLedger } from "../src/lib/news-ledger";

describe("which word of a change loads the page again", () => {
  it("when a tab's change and its event both come, in either order, then only the first is news", () => {
    const ledger = new NewsLedger(10);
    expect([ledger.change("e1 10:00:00"), ledger.event("e1 10:00:00")]).toEqual([true, false]);
    expect([ledger.event("e2 10:00:00"), ledger.change("e2 10:00:00")]).toEqual([true, false]);
  });

  it("when two events name the same state (a start and a stop within one second), then both are news", () => {
    const ledger = new NewsLedger(10);
    expect([ledger.event("e1 10:00:00"), ledger.event("e1 10:00:00")]).toEqual([true, true]);
  });

  it("when a tab starts and stops within one second before either event comes, then each change is news once and an event after them is news again", () => {
    const ledger = new NewsLedger(10);
    expect([ledger.change("e1 10:00:00"), ledger.change("e1 10:00:00")]).toEqual([true, true]);
    expect([ledger.event("e1 10:00:00"), ledger.event("e1 10:00:00")]).toEqual([false, true]);
  });

  it("when an event names no state, then it is news", () => {
    expect(new NewsLedger(10).event(undefined)).toBe(true);
  });

  it("when more words wait than the ledger keeps, then the oldest is forgotten and its twin is news again", () => {
    const ledger = new NewsLedger(2);
    for (const state of ["a", "b", "c"]) ledger.change(state);
    expect([ledger.event("a"), ledger.event("b"), ledger.event("c")]).toEqual([true, false, false]);
  });
});
