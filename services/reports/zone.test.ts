import { roundSeconds } from "./rounding";
import { weekStartOf, ZoneCalendar } from "./zone";
import { canonicalZone } from "../../shared/time";

describe("days of a time zone", () => {
  it("gives Berlin's spring-forward day 23 hours and New York's fall-back day 25", () => {
    const berlin = new ZoneCalendar("2026-03-28", "2026-03-30", "Europe/Berlin");
    expect(berlin.dates).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(berlin.starts).toEqual(["2026-03-27T23:00:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z"]);
    const newYork = new ZoneCalendar("2026-11-01", "2026-11-01", "America/New_York");
    expect([newYork.from, newYork.to]).toEqual(["2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"]);
  });

  it("starts a day whose midnight does not exist at its first instant (Beirut moves 00:00 to 01:00)", () => {
    const beirut = new ZoneCalendar("2026-03-29", "2026-03-29", "Asia/Beirut");
    expect([beirut.from, beirut.to]).toEqual(["2026-03-28T22:00:00Z", "2026-03-29T21:00:00Z"]);
  });

  it("finds the day of an instant, boundaries included", () => {
    const berlin = new ZoneCalendar("2026-03-28", "2026-03-30", "Europe/Berlin");
    expect(berlin.dayIndexOf("2026-03-27T23:00:00Z")).toBe(0);
    expect(berlin.dayIndexOf("2026-03-28T22:59:59Z")).toBe(0);
    expect(berlin.dayIndexOf("2026-03-28T23:00:00Z")).toBe(1);
    expect(berlin.dayIndexOf("2026-03-30T21:59:59Z")).toBe(2);
  });

  it("knows IANA names only, in their canonical spelling", () => {
    expect(canonicalZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalZone("UTC")).toBe("UTC");
    expect(canonicalZone("+01:00")).toBeNull();
    expect(canonicalZone("Mars/Olympus_Mons")).toBeNull();
  });

  it("starts weeks on Monday or Sunday", () => {
    expect(weekStartOf("2026-03-08", "monday")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-08", "sunday")).toBe("2026-03-08");
    expect(weekStartOf("2026-03-02", "monday")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-07", "sunday")).toBe("2026-03-01");
  });
});

describe("rounding", () => {
  it("never moves a duration on a step, and rounds halves up when rounding to the nearest", () => {
    for (const mode of ["up", "down", "nearest"] as const) expect(roundSeconds(900, { mode, minutes: 15 })).toBe(900);
    expect(roundSeconds(901, { mode: "up", minutes: 15 })).toBe(1800);
    expect(roundSeconds(1799, { mode: "down", minutes: 15 })).toBe(900);
    expect(roundSeconds(450, { mode: "nearest", minutes: 15 })).toBe(900);
    expect(roundSeconds(449, { mode: "nearest", minutes: 15 })).toBe(0);
    expect(roundSeconds(0, { mode: "up", minutes: 6 })).toBe(0);
    expect(roundSeconds(1234, { mode: "none", minutes: 15 })).toBe(1234);
  });
});
