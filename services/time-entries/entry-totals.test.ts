import type { EntryTotalsQuery, TotalsLine } from "./client";
import { addUpEntries, totalsFields, type TotalsFields } from "./entry-totals";

const WINDOW = { organizationId: "org_00000000000000000000000001", from: "2026-03-01T00:00:00Z", to: "2026-03-04T00:00:00Z" };
const DAY_STARTS = ["2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z", "2026-03-04T00:00:00Z"];
const ALICE = "usr_0000000000000000000000000a";
const BOB = "usr_0000000000000000000000000b";
const WEB = "prj_000000000000000000000000w1";
const APP = "prj_000000000000000000000000a1";

function entry(fields: Partial<TotalsFields> & Pick<TotalsFields, "start_time">): TotalsFields {
  return { duration: 3600, user_id: ALICE, project_id: WEB, task_id: null, billable: true, tags: [], ...fields };
}

async function* inBatches(entries: TotalsFields[], size = 2): AsyncGenerator<TotalsFields[]> {
  for (let start = 0; start < entries.length; start += size) yield entries.slice(start, start + size);
}

function query(changes: Partial<EntryTotalsQuery>): EntryTotalsQuery {
  return { window: WINDOW, groupBy: [], asOf: "2026-03-03T12:00:00Z", ...changes };
}

/** The lines by kind and key: `all`, `group|key`, `sub|key|subKey` → figures. */
async function linesOf(entries: TotalsFields[], asked: EntryTotalsQuery): Promise<Map<string, number[]>> {
  const lines = await addUpEntries(inBatches(entries), asked);
  const byKey = new Map<string, number[]>();
  for (const line of lines as TotalsLine[]) {
    if (line[0] === "all") byKey.set("all", line.slice(1) as number[]);
    else if (line[0] === "group") byKey.set(`group|${String(line[1])}`, line.slice(2) as number[]);
    else byKey.set(`sub|${String(line[1])}|${String(line[2])}`, line.slice(3) as number[]);
  }
  return byKey;
}

describe("a summary's sums beside the entries", () => {
  it("counts each entry once in all, in its group and its sub-group; an entry with two tags in both, untagged under null", async () => {
    const entries = [
      entry({ start_time: "2026-03-01T09:00:00Z", tags: ["design", "review"] }),
      entry({ start_time: "2026-03-02T09:00:00Z", duration: 1800, project_id: APP, tags: ["design"] }),
      entry({ start_time: "2026-03-02T10:00:00Z", duration: 600, user_id: BOB, billable: false }),
    ];
    const lines = await linesOf(entries, query({ groupBy: ["tag", "project"] }));
    expect(lines.get("all")).toEqual([3, 6000, 5400, 6000, 0, 0]);
    expect(lines.get("group|design")).toEqual([2, 5400, 5400, 5400, 0, 0]);
    expect(lines.get("group|review")).toEqual([1, 3600, 3600, 3600, 0, 0]);
    expect(lines.get("group|null")).toEqual([1, 600, 0, 600, 0, 0]);
    expect(lines.get(`sub|design|${WEB}`)).toEqual([1, 3600, 3600, 3600, 0, 0]);
    expect(lines.get(`sub|design|${APP}`)).toEqual([1, 1800, 1800, 1800, 0, 0]);
    const byTagInside = await linesOf(entries, query({ groupBy: ["user", "tag"] }));
    expect(byTagInside.get(`group|${ALICE}`)).toEqual([2, 5400, 5400, 5400, 0, 0]);
    expect(byTagInside.get(`sub|${ALICE}|design`)?.[0]).toBe(2);
    expect(byTagInside.get(`sub|${ALICE}|review`)?.[0]).toBe(1);
  });

  it("puts an entry on the day it starts in, by the day starts given; a running one counts up to asOf", async () => {
    const entries = [
      entry({ start_time: "2026-03-01T00:00:00Z", duration: 60 }),
      entry({ start_time: "2026-03-01T23:59:59Z", duration: 60 }),
      entry({ start_time: "2026-03-02T00:00:00Z", duration: 120 }),
      entry({ start_time: "2026-03-03T11:00:00Z", duration: null }),
    ];
    const lines = await linesOf(entries, query({ groupBy: ["day"], dayStarts: DAY_STARTS }));
    expect(lines.get("group|0")).toEqual([2, 120, 120, 120, 0, 0]);
    expect(lines.get("group|1")).toEqual([1, 120, 120, 120, 0, 0]);
    expect(lines.get("group|2")).toEqual([1, 3600, 3600, 3600, 0, 0]);
  });

  it("rounds each entry when asked, and prices the rounded time at the rate in force on its start's UTC day", async () => {
    const entries = [
      entry({ start_time: "2026-03-01T09:00:00Z", duration: 1000 }),
      entry({ start_time: "2026-03-02T09:00:00Z", duration: 1000 }),
      entry({ start_time: "2026-03-02T11:00:00Z", duration: 1000, project_id: APP }),
      entry({ start_time: "2026-03-02T12:00:00Z", duration: 1000, billable: false }),
    ];
    const money: EntryTotalsQuery["money"] = {
      minorDigits: 2,
      rates: [
        { level: "project", user_id: null, project_id: WEB, hourly_rate: 100, effective_from: null },
        { level: "project", user_id: null, project_id: WEB, hourly_rate: 120, effective_from: "2026-03-02" },
      ],
    };
    const lines = await linesOf(entries, query({ groupBy: ["project"], rounding: { mode: "up", minutes: 15 }, money }));
    // 1000 s rounds up to 1800 s: half an hour at 100.00 = 50.00, then at 120.00 = 60.00; the app project has no rate.
    expect(lines.get(`group|${WEB}`)).toEqual([3, 3000, 2000, 5400, 11000, 1000]);
    expect(lines.get(`group|${APP}`)).toEqual([1, 1000, 1000, 1800, 0, 1000]);
    expect(lines.get("all")).toEqual([4, 4000, 3000, 7200, 11000, 2000]);
  });

  it("reads only the fields its groupings and amounts use", () => {
    expect(totalsFields(query({ groupBy: ["day"] }))).toEqual(["start_time", "duration", "billable"]);
    expect(totalsFields(query({ groupBy: ["project", "tag"] }))).toEqual(["start_time", "duration", "billable", "project_id", "tags"]);
    expect(totalsFields(query({ groupBy: ["task"], money: { minorDigits: 2, rates: [] } }))).toEqual([
      "start_time",
      "duration",
      "billable",
      "user_id",
      "project_id",
      "task_id",
    ]);
  });
});
