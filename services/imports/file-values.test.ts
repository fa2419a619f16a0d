import type { DateFormat } from "./contract";
import { ApiError } from "../../shared/errors";
import { DateEvidence, decideDateFormat, readDate, readHours, readTime, readYesNo } from "./file-values";

function evidenceOf(...dates: string[]): DateEvidence {
  const evidence = new DateEvidence();
  dates.forEach((date, at) => evidence.see(date, at + 2, "Start Date"));
  return evidence;
}

describe("dates as exports write them", () => {
  it("when a date has the year first or is dotted, then it says its own order", () => {
    for (const format of ["MM/DD/YYYY", "DD/MM/YYYY"] as const) {
      expect(readDate("2026-02-03", format)).toEqual({ year: 2026, month: 2, day: 3 });
      expect(readDate("2026/02/03", format)).toEqual({ year: 2026, month: 2, day: 3 });
      expect(readDate(" 03.02.2026 ", format)).toEqual({ year: 2026, month: 2, day: 3 });
    }
  });

  it("when a date has the year last, then the decided format says which part is the day", () => {
    expect(readDate("03/02/2026", "MM/DD/YYYY")).toEqual({ year: 2026, month: 3, day: 2 });
    expect(readDate("03/02/2026", "DD/MM/YYYY")).toEqual({ year: 2026, month: 2, day: 3 });
    expect(readDate("3-2-2026", "DD/MM/YYYY")).toEqual({ year: 2026, month: 2, day: 3 });
    expect(readDate("12/13/2026", "DD/MM/YYYY")).toBeNull();
    expect(readDate("02/30/2026", "MM/DD/YYYY")).toBeNull();
    expect(readDate("1/2/26", "MM/DD/YYYY")).toBeNull();
    expect(readDate("2026-01-01T00:00", "MM/DD/YYYY")).toBeNull();
  });

  it("when a row shows the day above 12 first, then the file is day first; above 12 second, month first", () => {
    expect(decideDateFormat(evidenceOf("01/02/2026", "13/02/2026"), "auto", "MM/DD/YYYY")).toEqual({
      format: "DD/MM/YYYY",
      source: "file",
    });
    expect(decideDateFormat(evidenceOf("01/02/2026", "02/13/2026"), "DD/MM/YYYY", "MM/DD/YYYY")).toEqual({
      format: "MM/DD/YYYY",
      source: "file",
    });
  });

  it("when rows show both orders, then it is a 400 naming a row of each", () => {
    const refused = (() => {
      try {
        decideDateFormat(evidenceOf("01/02/2026", "13/02/2026", "02/13/2026"), "auto", "MM/DD/YYYY");
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(400);
    expect((refused as ApiError).message).toMatch(/row 3 has "13\/02\/2026" in "Start Date".*row 4 has "02\/13\/2026"/);
  });

  it("when no row decides, then the request's date_format does, else the vendor's default", () => {
    const undecided = evidenceOf("01/02/2026", "12/11/2026");
    expect(decideDateFormat(undecided, "DD/MM/YYYY", "MM/DD/YYYY")).toEqual({ format: "DD/MM/YYYY", source: "request" });
    expect(decideDateFormat(undecided, "DD.MM.YYYY", "MM/DD/YYYY")).toEqual({ format: "DD/MM/YYYY", source: "request" });
    expect(decideDateFormat(undecided, "MM/DD/YYYY", "DD/MM/YYYY")).toEqual({ format: "MM/DD/YYYY", source: "request" });
    expect(decideDateFormat(undecided, "auto", "MM/DD/YYYY")).toEqual({ format: "MM/DD/YYYY", source: "default" });
    expect(() => decideDateFormat(undecided, "YYYY-MM-DD", "MM/DD/YYYY")).toThrow(/send date_format MM\/DD\/YYYY or DD\/MM\/YYYY/);
  });

  it("when the file has no year-last dates, then its own dates name the format", () => {
    const requests: (DateFormat | "auto")[] = ["auto", "MM/DD/YYYY", "DD/MM/YYYY"];
    for (const requested of requests) {
      expect(decideDateFormat(evidenceOf("2026-02-13"), requested, "MM/DD/YYYY")).toEqual({ format: "YYYY-MM-DD", source: "file" });
      expect(decideDateFormat(evidenceOf("13.02.2026"), requested, "MM/DD/YYYY")).toEqual({ format: "DD.MM.YYYY", source: "file" });
    }
    expect(decideDateFormat(evidenceOf(), "DD.MM.YYYY", "MM/DD/YYYY")).toEqual({ format: "DD.MM.YYYY", source: "request" });
    expect(decideDateFormat(evidenceOf("not a date"), "auto", "MM/DD/YYYY")).toEqual({ format: "MM/DD/YYYY", source: "default" });
  });
});

describe("times, hours and yes or no as exports write them", () => {
  it("reads 24-hour and 12-hour clocks", () => {
    expect(readTime("09:05")).toEqual({ hour: 9, minute: 5, second: 0 });
    expect(readTime("23:59:59")).toEqual({ hour: 23, minute: 59, second: 59 });
    expect(readTime("12:00:00 AM")).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(readTime("12:30 pm")).toEqual({ hour: 12, minute: 30, second: 0 });
    expect(readTime("1:15 p.m.")).toEqual({ hour: 13, minute: 15, second: 0 });
    expect(readTime("11:30:00PM")).toEqual({ hour: 23, minute: 30, second: 0 });
    for (const bad of ["24:00", "13:00 PM", "0:30 AM", "9", "09:60", "noon"]) expect(readTime(bad)).toBeNull();
  });

  it("reads hours with a decimal point or comma, or as hours and minutes", () => {
    expect(readHours("7.5")).toBe(27_000);
    expect(readHours("7,5")).toBe(27_000);
    expect(readHours(" 20,0 ")).toBe(72_000);
    expect(readHours("0.25")).toBe(900);
    expect(readHours("1:30")).toBe(5400);
    expect(readHours("2")).toBe(7200);
    for (const bad of ["", "1,234.5", "-1", "1h", "1.2.3"]) expect(readHours(bad)).toBeNull();
  });

  it("reads yes and no, in English and in the words some exports carry", () => {
    expect(["Yes", "TRUE", "1", "ja", "Oui", "はい"].map(readYesNo)).toEqual([true, true, true, true, true, true]);
    expect(["No", "false", "0", "Nein", "non", "いいえ"].map(readYesNo)).toEqual([false, false, false, false, false, false]);
    expect(readYesNo(" ")).toBeNull();
    expect(readYesNo("maybe")).toBeUndefined();
  });
});
