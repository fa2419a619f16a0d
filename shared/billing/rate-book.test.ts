import { RateBook, rateOn, type RateChange } from "./rate-book";

const ADA = "usr_ada";
const BOB = "usr_bob";
const SITE = "prj_site";
const APP = "prj_app";

function change(partial: Partial<RateChange> & Pick<RateChange, "level" | "hourly_rate">): RateChange {
  return { user_id: null, project_id: null, effective_from: null, ...partial };
}

describe("rate book", () => {
  const everyLevel: RateChange[] = [
    change({ level: "organization", hourly_rate: 50 }),
    change({ level: "member", user_id: ADA, hourly_rate: 60 }),
    change({ level: "project", project_id: SITE, hourly_rate: 70 }),
    change({ level: "project_member", user_id: ADA, project_id: SITE, hourly_rate: 80 }),
  ];

  it("when every level sets a rate, then a person on a project wins", () => {
    expect(new RateBook(everyLevel).rateAt(ADA, SITE, "2026-03-01T10:00:00Z")).toBe(8000);
  });

  it("when no person-on-project rate applies, then the project's wins over the person's", () => {
    expect(new RateBook(everyLevel).rateAt(BOB, SITE, "2026-03-01T10:00:00Z")).toBe(7000);
  });

  it("when the project sets no rate, then the person's wins over the organization's", () => {
    expect(new RateBook(everyLevel).rateAt(ADA, APP, "2026-03-01T10:00:00Z")).toBe(6000);
  });

  it("when only the organization sets a rate, then it applies", () => {
    expect(new RateBook(everyLevel).rateAt(BOB, APP, "2026-03-01T10:00:00Z")).toBe(5000);
  });

  it("when no level sets a rate, then there is none", () => {
    expect(new RateBook([]).rateAt(BOB, APP, "2026-03-01T10:00:00Z")).toBeNull();
  });

  it("when a rate changes from a day, then entries starting that day use the new rate and earlier ones the old", () => {
    const book = new RateBook([
      change({ level: "project", project_id: SITE, hourly_rate: 70 }),
      change({ level: "project", project_id: SITE, hourly_rate: 90, effective_from: "2026-03-15" }),
    ]);
    expect(book.rateAt(BOB, SITE, "2026-03-14T23:59:59Z")).toBe(7000);
    expect(book.rateAt(BOB, SITE, "2026-03-15T00:00:00Z")).toBe(9000);
    expect(book.rateAt(BOB, SITE, "2026-12-31T12:00:00Z")).toBe(9000);
  });

  it("when a level is set to null from a day, then the next level applies from that day", () => {
    const book = new RateBook([
      change({ level: "organization", hourly_rate: 50 }),
      change({ level: "project", project_id: SITE, hourly_rate: 70 }),
      change({ level: "project", project_id: SITE, hourly_rate: null, effective_from: "2026-06-01" }),
    ]);
    expect(book.rateAt(BOB, SITE, "2026-05-31T10:00:00Z")).toBe(7000);
    expect(book.rateAt(BOB, SITE, "2026-06-01T10:00:00Z")).toBe(5000);
  });

  it("when a more general level changes later, then the more specific one still wins", () => {
    const book = new RateBook([
      change({ level: "member", user_id: ADA, hourly_rate: 60 }),
      change({ level: "organization", hourly_rate: 100, effective_from: "2026-02-01" }),
    ]);
    expect(book.rateAt(ADA, SITE, "2026-02-10T10:00:00Z")).toBe(6000);
    expect(book.rateAt(BOB, SITE, "2026-02-10T10:00:00Z")).toBe(10000);
    expect(book.rateAt(BOB, SITE, "2026-01-10T10:00:00Z")).toBeNull();
  });

  it("when two changes of one level share a day, then the later one wins", () => {
    const book = new RateBook([
      change({ level: "project", project_id: SITE, hourly_rate: 70, effective_from: "2026-01-01" }),
      change({ level: "project", project_id: SITE, hourly_rate: 75, effective_from: "2026-01-01" }),
    ]);
    expect(book.rateAt(BOB, SITE, "2026-01-01T00:00:00Z")).toBe(7500);
  });

  it("when a pair's timeline is read, then days without a change for it are merged", () => {
    const book = new RateBook([
      change({ level: "organization", hourly_rate: 50 }),
      change({ level: "member", user_id: ADA, hourly_rate: 60, effective_from: "2026-02-01" }),
      change({ level: "member", user_id: BOB, hourly_rate: 65, effective_from: "2026-03-01" }),
    ]);
    const timeline = book.timeline(ADA, SITE);
    expect(timeline.starts).toEqual(["", "2026-02-01"]);
    expect(timeline.hundredths).toEqual([5000, 6000]);
    expect(book.timeline(ADA, SITE)).toBe(timeline);
    expect(rateOn(timeline, "2026-01-31")).toBe(5000);
  });
});
