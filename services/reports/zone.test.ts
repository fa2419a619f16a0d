import { roundSeconds } from "../../shared/rounding";
import { weekStartOf, ZoneCalendar } from "./zone";
import { canonicalZone } from "../../shared/time";

function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

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

  it("starts each day at the first second its zone's clocks show it, with odd offsets, changes at midnight and a skipped day", () => {
    // The reference: from a day before, minute by minute, then second by second, the first moment the local date is the day.
    const localDate = (zone: string) => {
      const format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
      return (ms: number) => format.format(ms);
    };
    const firstSecondOf = (date: string, dateAt: (ms: number) => string) => {
      let ms = Date.parse(`${date}T00:00:00Z`) - 15 * 3_600_000;
      while (dateAt(ms + 60_000) < date) ms += 60_000;
      while (dateAt(ms) < date) ms += 1000;
      return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    };
    const cases: [string, string, string][] = [
      ["Europe/Berlin", "2026-03-20", "2026-04-02"],
      ["America/Santiago", "2026-04-01", "2026-04-10"],
      ["Asia/Beirut", "2026-03-25", "2026-04-02"],
      ["Australia/Lord_Howe", "2026-04-01", "2026-04-08"],
      ["Pacific/Chatham", "2026-04-01", "2026-04-08"],
      ["Asia/Kathmandu", "2026-01-01", "2026-01-03"],
      ["Pacific/Apia", "2011-12-27", "2012-01-02"],
      ["America/Havana", "2026-03-05", "2026-03-10"],
    ];
    for (const [zone, from, to] of cases) {
      const calendar = new ZoneCalendar(from, to, zone);
      const dateAt = localDate(zone);
      const expected = [...calendar.dates, "next"].map((date, index) =>
        firstSecondOf(index < calendar.dates.length ? date : dayAfter(to), dateAt),
      );
      expect({ zone, starts: calendar.starts }).toEqual({ zone, starts: expected });
    }
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
