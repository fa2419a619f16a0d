import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { DetailedEntry, SummaryGroup, SummaryReport } from "../services/reports/contract";
import { joinTeam, withApiKey } from "./support/accounts";
import { aRate, type ProjectBody } from "./support/builders";
import { client, registerOwner, type Client } from "./support/http";
import { createProject, createTask, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";

type Summary = { data: SummaryReport };
type Grouping = "project" | "user" | "task" | "day" | "week" | "month" | "billable" | "tag" | "client";
const GROUPINGS: readonly Grouping[] = ["project", "user", "task", "day", "week", "month", "billable", "tag", "client"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** An entry as the tests made it, to work out by hand what a report must say. */
interface Made {
  user: string;
  project: string;
  task: string | null;
  start: string;
  seconds: number;
  billable: boolean;
  tags?: string[];
  /** The project's client, for the reference only. */
  client?: string | null;
}

function styleB(id: string): string {
  return id.replace(/^prj_/, "proj_");
}

/**
 * The reference: UTC days, Monday weeks, no rounding. Independent of the service's code.
 * The keys an entry counts under: one, or (tags) each of its tags, `null` for none.
 */
function expectedKeys(grouping: Grouping, entry: Made): (string | null)[] {
  const day = entry.start.slice(0, 10);
  switch (grouping) {
    case "project":
      return [entry.project];
    case "user":
      return [entry.user];
    case "task":
      return [entry.task];
    case "billable":
      return [String(entry.billable)];
    case "day":
      return [day];
    case "month":
      return [day.slice(0, 7)];
    case "week": {
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return [date.toISOString().slice(0, 10)];
    }
    case "tag":
      return entry.tags && entry.tags.length > 0 ? entry.tags : [null];
    case "client":
      return [entry.client ?? null];
  }
}

function expectedSums(
  grouping: Grouping,
  entries: readonly Made[],
): Map<string | null, { total: number; count: number; billable: number }> {
  const sums = new Map<string | null, { total: number; count: number; billable: number }>();
  for (const entry of entries) {
    for (const key of expectedKeys(grouping, entry)) {
      const sum = sums.get(key) ?? { total: 0, count: 0, billable: 0 };
      sum.total += entry.seconds;
      sum.count += 1;
      if (entry.billable) sum.billable += entry.seconds;
      sums.set(key, sum);
    }
  }
  return sums;
}

function sumsOf(groups: readonly SummaryGroup[]): Map<string | null, { total: number; count: number; billable: number }> {
  return new Map(
    groups.map((group) => [group.key, { total: group.total_seconds, count: group.entry_count, billable: group.billable_seconds }]),
  );
}

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function csvRows(text: string): string[][] {
  return parse(text) as string[][];
}

/** Reports end to end over HTTP, in both styles; run once per deployment mode. */
export function describeReportsApi(mode: StintMode): void {
  describeStint(mode, "reports API", () => {
    const stint = useStint({ mode });

    async function project(api: Client, name: string, billable: boolean, extra: Partial<ProjectBody> = {}): Promise<string> {
      return (await createProject(api, { name, billable, ...extra })).id;
    }

    async function entry(
      api: Client,
      made: Omit<Made, "billable" | "client"> & { billable?: boolean; description?: string },
    ): Promise<string> {
      const end = new Date(Date.parse(made.start) + made.seconds * 1000).toISOString();
      const created = await createTimeEntry(api, made.project, {
        task_id: made.task,
        start_time: made.start,
        end_time: end,
        user_id: made.user,
        description: made.description ?? "",
        ...(made.billable === undefined ? {} : { billable: made.billable }),
        ...(made.tags === undefined ? {} : { tags: made.tags }),
      });
      return created.id;
    }

    /** An owner and a member with five entries between them, in March and April 2026 (UTC). */
    async function team() {
      const { account, api: owner } = await registerOwner(stint.url);
      const member = await joinTeam(stint.url, owner, "member");
      const alpha = await project(owner, "Alpha", true, { client_name: "Acme" });
      const beta = await project(owner, "Beta", false);
      const design = (await createTask(owner, alpha, { name: "Design" })).id;
      const ownerId = account.user.id;
      const memberId = member.account.user.id;
      const entries: Made[] = [
        {
          user: ownerId,
          project: alpha,
          task: design,
          start: "2026-03-02T09:00:00Z",
          seconds: 3600,
          billable: true,
          tags: ["Design", "Review"],
        },
        { user: ownerId, project: beta, task: null, start: "2026-03-02T11:00:00Z", seconds: 1800, billable: false, tags: ["Review"] },
        { user: memberId, project: alpha, task: null, start: "2026-03-09T08:00:00Z", seconds: 7200, billable: true },
        { user: memberId, project: beta, task: null, start: "2026-04-01T12:00:00Z", seconds: 1200, billable: false, tags: ["Meeting"] },
        { user: ownerId, project: alpha, task: design, start: "2026-03-08T10:00:00Z", seconds: 2700, billable: true, tags: ["Design"] },
      ];
      for (const made of entries) made.client = made.project === alpha ? "Acme" : null;
      for (const made of entries) await entry(owner, made);
      return {
        owner,
        member: member.api,
        ownerId,
        memberId,
        alpha,
        beta,
        design,
        entries,
        ownerEmail: account.user.email,
        memberEmail: member.account.user.email,
      };
    }

    const SPRING = "start_date=2026-03-01&end_date=2026-04-30";

    describe("summary", () => {
      it("when a summary is asked by project, then each group adds up raw, billable and rounded seconds, largest first, in both styles", async () => {
        const { owner, alpha, beta } = await team();
        const res = await owner.get<Summary>(`${A}/reports/summary?${SPRING}`);
        expect(res.status).toBe(200);
        const report = res.body.data;
        expect(report).toMatchObject({
          start_date: "2026-03-01",
          end_date: "2026-04-30",
          timezone: "UTC",
          total_seconds: 16500,
          billable_seconds: 13500,
          rounded_seconds: 16500,
          entry_count: 5,
        });
        expect(report.as_of).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        // No rate is set anywhere: every second is unrated, and the amounts are 0 in the default currency.
        expect(report).toMatchObject({ currency: "USD", billable_amount: 0, unrated_seconds: 16500 });
        expect(report.groups).toEqual([
          {
            key: alpha,
            name: "Alpha",
            total_seconds: 13500,
            billable_seconds: 13500,
            rounded_seconds: 13500,
            entry_count: 3,
            billable_amount: 0,
            unrated_seconds: 13500,
          },
          {
            key: beta,
            name: "Beta",
            total_seconds: 3000,
            billable_seconds: 0,
            rounded_seconds: 3000,
            entry_count: 2,
            billable_amount: 0,
            unrated_seconds: 3000,
          },
        ]);
        const inB = await owner.get<Summary>(`${B}/reports/summary?${SPRING}`);
        expect(inB.status).toBe(200);
        expect(inB.body.data.groups.map((group) => group.key)).toEqual([styleB(alpha), styleB(beta)]);
      });

      it("when a summary is grouped and sub-grouped in every way, then its sums match the ones worked out by hand", async () => {
        const { owner, entries } = await team();
        for (const groupBy of GROUPINGS) {
          const res = await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=${groupBy}`);
          expect({ groupBy, status: res.status }).toEqual({ groupBy, status: 200 });
          expect({ groupBy, sums: sumsOf(res.body.data.groups) }).toEqual({ groupBy, sums: expectedSums(groupBy, entries) });
          for (const subGroupBy of GROUPINGS.filter((other) => other !== groupBy)) {
            const nested = await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=${groupBy}&sub_group_by=${subGroupBy}`);
            expect(nested.status).toBe(200);
            for (const group of nested.body.data.groups) {
              const inGroup = entries.filter((made) => expectedKeys(groupBy, made).includes(group.key));
              expect({ groupBy, subGroupBy, key: group.key, sums: sumsOf(group.sub_groups ?? []) }).toEqual({
                groupBy,
                subGroupBy,
                key: group.key,
                sums: expectedSums(subGroupBy, inGroup),
              });
            }
          }
        }
      }, 60_000);

      it("when groups are shown, then they are named and ordered by total then key, dates ascending, no task last among equals", async () => {
        const { owner, ownerId, memberId, design } = await team();
        const byUser = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=user`)).body.data.groups;
        expect(byUser.map((group) => [group.key, group.name, group.total_seconds])).toEqual([
          [memberId, "member", 8400],
          [ownerId, "Owner", 8100],
        ]);
        const byTask = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=task`)).body.data.groups;
        expect(byTask.map((group) => [group.key, group.name])).toEqual([
          [null, null],
          [design, "Design"],
        ]);
        const byDay = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=day`)).body.data.groups;
        expect(byDay.map((group) => [group.key, group.name])).toEqual([
          ["2026-03-02", "2026-03-02"],
          ["2026-03-08", "2026-03-08"],
          ["2026-03-09", "2026-03-09"],
          ["2026-04-01", "2026-04-01"],
        ]);
        const byMonth = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=month`)).body.data.groups;
        expect(byMonth.map((group) => group.key)).toEqual(["2026-03", "2026-04"]);
        const byBillable = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=billable`)).body.data.groups;
        expect(byBillable.map((group) => [group.key, group.name, group.total_seconds])).toEqual([
          ["true", "Billable", 13500],
          ["false", "Not billable", 3000],
        ]);
      });

      it("when grouping by week, then weeks start on Monday unless Sunday is asked for", async () => {
        const { owner } = await team();
        const monday = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=week`)).body.data.groups;
        expect(monday.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-03-02", 8100],
          ["2026-03-09", 7200],
          ["2026-03-30", 1200],
        ]);
        const sunday = (await owner.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=week&week_start=sunday`)).body.data.groups;
        expect(sunday.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-03-01", 5400],
          ["2026-03-08", 9900],
          ["2026-03-29", 1200],
        ]);
      });

      it("when a summary is filtered by user, project, task, billable or days, then only the matching entries count", async () => {
        const { owner, memberId, alpha, design } = await team();
        const total = async (query: string) => {
          const res = await owner.get<Summary>(`${A}/reports/summary?${query}`);
          expect(res.status).toBe(200);
          return [res.body.data.total_seconds, res.body.data.entry_count];
        };
        expect(await total(`${SPRING}&user_id=${memberId}`)).toEqual([8400, 2]);
        expect(await total(`${SPRING}&project_id=${styleB(alpha)}`)).toEqual([13500, 3]);
        expect(await total(`${SPRING}&task_id=${design}`)).toEqual([6300, 2]);
        expect(await total(`${SPRING}&billable=false`)).toEqual([3000, 2]);
        expect(await total(`${SPRING}&billable=true&user_id=${memberId}`)).toEqual([7200, 1]);
        expect(await total("start_date=2026-03-02&end_date=2026-03-08")).toEqual([8100, 3]);
        expect(await total("start_date=2026-03-03&end_date=2026-03-07")).toEqual([0, 0]);
      });

      it("when a time zone is given, then days are counted in it across daylight-saving changes (Europe/Berlin, America/New_York)", async () => {
        const { owner, ownerId, alpha } = await team();
        const at = (start: string, seconds: number) => entry(owner, { user: ownerId, project: alpha, task: null, start, seconds });
        // Berlin springs forward on 2026-03-29: that day runs from 23:00Z on the 28th to 22:00Z on the 29th.
        await at("2026-03-28T22:59:59Z", 60); // 23:59:59 CET on the 28th
        await at("2026-03-28T23:30:00Z", 120); // 00:30 CET on the 29th
        await at("2026-03-29T21:59:00Z", 180); // 23:59 CEST on the 29th
        await at("2026-03-29T22:00:00Z", 240); // 00:00 CEST on the 30th
        const berlin = await owner.get<Summary>(
          `${A}/reports/summary?start_date=2026-03-28&end_date=2026-03-30&timezone=Europe/Berlin&group_by=day`,
        );
        expect(berlin.status).toBe(200);
        expect(berlin.body.data.timezone).toBe("Europe/Berlin");
        expect(berlin.body.data.groups.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-03-28", 60],
          ["2026-03-29", 300],
          ["2026-03-30", 240],
        ]);
        const oneDay = await owner.get<Summary>(`${A}/reports/summary?start_date=2026-03-29&end_date=2026-03-29&timezone=Europe/Berlin`);
        expect(oneDay.body.data.total_seconds).toBe(300);
        const inUtc = await owner.get<Summary>(`${A}/reports/summary?start_date=2026-03-28&end_date=2026-03-30&group_by=day`);
        expect(inUtc.body.data.groups.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-03-28", 180],
          ["2026-03-29", 420],
        ]);

        // New York falls back on 2026-11-01: that day lasts 25 hours, 04:00Z to 05:00Z next day.
        await at("2026-11-01T03:59:00Z", 10); // 23:59 EDT on 31 October
        await at("2026-11-01T04:00:00Z", 20); // 00:00 EDT on 1 November
        await at("2026-11-02T04:30:00Z", 30); // 23:30 EST on 1 November
        await at("2026-11-02T05:00:00Z", 40); // 00:00 EST on 2 November
        const newYork = await owner.get<Summary>(
          `${A}/reports/summary?start_date=2026-10-31&end_date=2026-11-02&timezone=America/New_York&group_by=day`,
        );
        expect(newYork.body.data.groups.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-10-31", 10],
          ["2026-11-01", 50],
          ["2026-11-02", 40],
        ]);
        const week = await owner.get<Summary>(
          `${A}/reports/summary?start_date=2026-10-31&end_date=2026-11-02&timezone=America/New_York&group_by=week&week_start=sunday`,
        );
        expect(week.body.data.groups.map((group) => [group.key, group.total_seconds])).toEqual([
          ["2026-10-25", 10],
          ["2026-11-01", 90],
        ]);
      });

      it("when rounding is asked, then durations round up, down or to the nearest step, per entry or per group, and one on a step stays", async () => {
        const { owner, ownerId, alpha, beta } = await team();
        const at = (project: string, start: string, seconds: number) =>
          entry(owner, { user: ownerId, project, task: null, start, seconds });
        await at(alpha, "2026-06-01T08:00:00Z", 900); // exactly 15 minutes
        await at(alpha, "2026-06-01T09:00:00Z", 450); // 7.5 minutes: a half
        await at(alpha, "2026-06-01T10:00:00Z", 960); // 16 minutes
        await at(beta, "2026-06-01T11:00:00Z", 1); // one second
        const JUNE = "start_date=2026-06-01&end_date=2026-06-30";
        const rounded = async (query: string) => {
          const res = await owner.get<Summary>(`${A}/reports/summary?${JUNE}&${query}`);
          expect(res.status).toBe(200);
          expect(res.body.data.total_seconds).toBe(2311);
          return [res.body.data.rounded_seconds, ...res.body.data.groups.map((group) => group.rounded_seconds)];
        };
        expect(await rounded("rounding=none")).toEqual([2311, 2310, 1]);
        expect(await rounded("rounding=up&rounding_minutes=15")).toEqual([4500, 3600, 900]);
        expect(await rounded("rounding=up")).toEqual([4500, 3600, 900]);
        expect(await rounded("rounding=down&rounding_minutes=15")).toEqual([1800, 1800, 0]);
        expect(await rounded("rounding=nearest&rounding_minutes=15")).toEqual([2700, 2700, 0]);
        expect(await rounded("rounding=up&rounding_minutes=1")).toEqual([2400, 2340, 60]);
        expect(await rounded("rounding=up&rounding_minutes=60&rounding_scope=group")).toEqual([7200, 3600, 3600]);
        expect(await rounded("rounding=up&rounding_minutes=15&rounding_scope=group")).toEqual([3600, 2700, 900]);
        expect(await rounded("rounding=down&rounding_minutes=15&rounding_scope=group")).toEqual([1800, 1800, 0]);
        expect(await rounded("rounding=nearest&rounding_minutes=6&rounding_scope=group")).toEqual([2160, 2160, 0]);
        const sub = await owner.get<Summary>(
          `${A}/reports/summary?${JUNE}&rounding=up&rounding_minutes=15&rounding_scope=group&sub_group_by=day`,
        );
        expect(sub.body.data.groups[0]!.sub_groups).toEqual([
          {
            key: "2026-06-01",
            name: "2026-06-01",
            total_seconds: 2310,
            billable_seconds: 2310,
            rounded_seconds: 2700,
            entry_count: 3,
            billable_amount: 0,
            unrated_seconds: 2310,
          },
        ]);
      });

      it("when an entry is running, then it counts up to as_of", async () => {
        const { owner, alpha } = await team();
        const started = await owner.post<{ data: { id: string } }>(`${A}/time-entries/start`, { project_id: alpha });
        expect(started.status).toBe(201);
        const startTime = new Date(Date.now() - 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
        expect((await owner.put(`${A}/time-entries/${started.body.data.id}`, { start_time: startTime })).status).toBe(200);
        const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
        const res = await owner.get<Summary>(`${A}/reports/summary?start_date=${day(-1)}&end_date=${day(1)}`);
        expect(res.status).toBe(200);
        const report = res.body.data;
        const expected = (Date.parse(report.as_of) - Date.parse(startTime)) / 1000;
        expect(expected).toBeGreaterThanOrEqual(7200);
        expect(report).toMatchObject({ total_seconds: expected, rounded_seconds: expected, entry_count: 1 });
        const detailed = await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?start_date=${day(-1)}&end_date=${day(1)}`);
        expect(detailed.body.data[0]).toMatchObject({ is_running: true, end_time: null });
        expect(detailed.body.data[0]!.duration).toBeGreaterThanOrEqual(expected);
      });
    });

    describe("who sees what", () => {
      it("when a member asks for a report, then it holds only their own time, and another user's is refused with 403", async () => {
        const { owner, member, ownerId, memberId } = await team();
        const own = await member.get<Summary>(`${A}/reports/summary?${SPRING}&group_by=user`);
        expect(own.status).toBe(200);
        expect(own.body.data.groups.map((group) => group.key)).toEqual([memberId]);
        expect(own.body.data.total_seconds).toBe(8400);
        expect((await member.get<Summary>(`${A}/reports/summary?${SPRING}&user_id=${memberId}`)).body.data.total_seconds).toBe(8400);
        const other = await member.get<StyleAError>(`${A}/reports/summary?${SPRING}&user_id=${ownerId}`);
        expect(other.status).toBe(403);
        expect(other.body.error).toMatchObject({ code: "forbidden", details: { field: "user_id" } });
        const otherB = await member.get<StyleBError>(`${B}/reports/detailed?${SPRING}&user_id=${ownerId}`);
        expect(otherB.status).toBe(403);
        expect(otherB.body).toMatchObject({ code: "FORBIDDEN", details: { field: "user_id" } });
        const otherCsv = await member.get<StyleAError>(`${A}/reports/detailed?${SPRING}&user_id=${ownerId}&format=csv`);
        expect(otherCsv.status).toBe(403);
        const detailed = await member.get<List<DetailedEntry>>(`${A}/reports/detailed?${SPRING}`);
        expect(detailed.body.data.map((line) => line.user_id)).toEqual([memberId, memberId]);
        const csv = await member.get(`${A}/reports/detailed?${SPRING}&format=csv`);
        expect(
          csvRows(csv.text)
            .slice(1)
            .map((row) => row[1]),
        ).toEqual([memberId, memberId]);
        const admin = await owner.get<Summary>(`${A}/reports/summary?${SPRING}&user_id=${memberId}`);
        expect(admin.body.data.total_seconds).toBe(8400);
      });

      it("when another organization's ids are sent, then none of its time is counted or named", async () => {
        const ours = await team();
        const theirs = await team();
        const base = (await ours.owner.get<Summary>(`${A}/reports/summary?${SPRING}`)).body.data;
        expect(base.total_seconds).toBe(16500);
        for (const query of [`project_id=${theirs.alpha}`, `user_id=${theirs.memberId}`, `task_id=${theirs.design}`]) {
          const res = await ours.owner.get<Summary>(`${A}/reports/summary?${SPRING}&${query}`);
          expect({ query, status: res.status, total: res.body.data.total_seconds, groups: res.body.data.groups }).toEqual({
            query,
            status: 200,
            total: 0,
            groups: [],
          });
        }
        const detailed = await ours.owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${SPRING}&project_id=${theirs.alpha}`);
        expect(detailed.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
      });

      it("when a credential lacks reports:read, then reports are refused with 403", async () => {
        const { owner } = await team();
        const withoutReports = (await withApiKey(stint.url, owner, { permissions: ["projects:read"] })).api;
        expect((await withoutReports.get<StyleAError>(`${A}/reports/summary?${SPRING}`)).status).toBe(403);
        expect((await withoutReports.get<StyleAError>(`${A}/reports/detailed?${SPRING}&format=csv`)).status).toBe(403);
        const withReports = (await withApiKey(stint.url, owner, { permissions: ["reports:read"] })).api;
        expect((await withReports.get<Summary>(`${A}/reports/summary?${SPRING}`)).body.data.total_seconds).toBe(16500);
        expect((await client(stint.url).get(`${A}/reports/summary?${SPRING}`)).status).toBe(401);
      });
    });

    /**
     * A month to bill: euros, a project's rate raised in the middle of March, a person with
     * a rate of their own on it, a non-billable entry and a billable entry without any rate.
     * Every figure below is the bookkeeper's.
     */
    async function bookkeeping() {
      const { account, api: owner } = await registerOwner(stint.url);
      const bob = await joinTeam(stint.url, owner, "member");
      expect((await owner.patch(`${A}/organization`, { currency: "EUR" })).status).toBe(200);
      const website = await project(owner, "Website", true, { client_name: "Acme GmbH", hourly_rate: 80 });
      const internal = await project(owner, "Internal", false);
      const research = await project(owner, "Research", true);
      const raise = await owner.post(
        `${A}/rates`,
        aRate({ level: "project", project_id: website, hourly_rate: 95, effective_from: "2026-03-16" }),
      );
      expect(raise.status).toBe(201);
      const bobsRate = await owner.post(
        `${A}/rates`,
        aRate({
          level: "project_member",
          project_id: website,
          user_id: bob.account.user.id,
          hourly_rate: 110,
          effective_from: "2026-01-01",
        }),
      );
      expect(bobsRate.status).toBe(201);
      const alice = account.user.id;
      const at = (made: Omit<Made, "billable" | "task"> & { billable?: boolean }) => entry(owner, { task: null, ...made });
      const ids = {
        a: await at({ user: alice, project: website, start: "2026-03-02T09:00:00Z", seconds: 10800, tags: ["Design"] }),
        b: await at({ user: alice, project: website, start: "2026-03-15T23:30:00Z", seconds: 5400, tags: ["Design", "Overtime"] }),
        c: await at({ user: alice, project: website, start: "2026-03-16T08:00:00Z", seconds: 7200 }),
        d: await at({ user: alice, project: website, start: "2026-03-20T13:00:00Z", seconds: 4800 }),
        e: await at({ user: alice, project: website, start: "2026-03-18T10:00:00Z", seconds: 3600, billable: false }),
        f: await at({ user: bob.account.user.id, project: website, start: "2026-03-10T09:00:00Z", seconds: 2700 }),
        g: await at({ user: alice, project: internal, start: "2026-03-12T14:00:00Z", seconds: 1800 }),
        h: await at({ user: alice, project: research, start: "2026-03-25T09:00:00Z", seconds: 3600 }),
      };
      return { owner, bob, alice, website, internal, research, ids };
    }

    const MARCH = "start_date=2026-03-01&end_date=2026-03-31";

    describe("amounts", () => {
      it("when a rate changes in the middle of a month, then the reports of that month bill as the example of docs/api.md says", async () => {
        // docs/api.md, "Example: a rate change in the middle of a month" and "Amounts in reports".
        const { api: owner } = await registerOwner(stint.url);
        const ada = (await joinTeam(stint.url, owner, "member")).account.user.id;
        expect((await owner.patch(`${A}/organization`, { currency: "EUR" })).status).toBe(200);
        const site = await project(owner, "Website", true, { hourly_rate: 80 });
        const change = await owner.post<{ data: { id: string } }>(
          `${A}/rates`,
          aRate({ level: "project_member", user_id: ada, project_id: site, hourly_rate: 95, effective_from: "2026-03-15" }),
        );
        expect(change.status).toBe(201);
        const worked = [
          { start: "2026-03-14T09:00:00Z", seconds: 9000 },
          { start: "2026-03-14T23:30:00Z", seconds: 3600 },
          { start: "2026-03-15T08:00:00Z", seconds: 1200 },
          { start: "2026-03-20T13:00:00Z", seconds: 14400 },
        ];
        for (const made of worked) await entry(owner, { user: ada, project: site, task: null, ...made });
        const rates = (await owner.get<List<{ effective_from: string | null }>>(`${A}/rates?project_id=${site}`)).body.data;
        expect(rates.map((rate) => rate.effective_from)).toEqual([null, "2026-03-15"]);

        const byWeek = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=week`)).body.data;
        expect(byWeek).toMatchObject({ currency: "EUR", billable_amount: 691.67, unrated_seconds: 0 });
        expect(byWeek.groups.map((group) => [group.key, group.billable_amount])).toEqual([
          ["2026-03-09", 311.67],
          ["2026-03-16", 380],
        ]);
        const inBerlin = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=day&timezone=Europe/Berlin`)).body.data;
        expect(inBerlin.groups.map((group) => [group.key, group.billable_amount])).toEqual([
          ["2026-03-14", 200],
          ["2026-03-15", 111.67],
          ["2026-03-20", 380],
        ]);
        const lines = (await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}`)).body.data;
        expect(lines.map((line) => [line.start_time, line.hourly_rate, line.billable_amount])).toEqual([
          ["2026-03-20T13:00:00Z", 95, 380],
          ["2026-03-15T08:00:00Z", 95, 31.67],
          ["2026-03-14T23:30:00Z", 80, 80],
          ["2026-03-14T09:00:00Z", 80, 200],
        ]);

        expect((await owner.delete(`${A}/rates/${change.body.data.id}`)).status).toBe(204);
        const without = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        expect(without.billable_amount).toBe(626.67);
      });

      it("when a month has rates at every level, then every grouping bills it as a bookkeeper would", async () => {
        const { owner, alice, bob, website, internal, research, ids } = await bookkeeping();
        const byProject = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        expect(byProject).toMatchObject({
          currency: "EUR",
          total_seconds: 39900,
          billable_seconds: 34500,
          billable_amount: 759.17,
          unrated_seconds: 9000,
          entry_count: 8,
        });
        expect(byProject.groups.map((group) => [group.key, group.total_seconds, group.billable_amount, group.unrated_seconds])).toEqual([
          [website, 34500, 759.17, 3600],
          [research, 3600, 0, 3600],
          [internal, 1800, 0, 1800],
        ]);
        const byUser = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=user`)).body.data.groups;
        expect(byUser.map((group) => [group.key, group.billable_amount, group.unrated_seconds])).toEqual([
          [alice, 676.67, 9000],
          [bob.account.user.id, 82.5, 0],
        ]);
        const byWeek = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=week`)).body.data.groups;
        expect(byWeek.map((group) => [group.key, group.billable_amount])).toEqual([
          ["2026-03-02", 240],
          ["2026-03-09", 202.5],
          ["2026-03-16", 316.67],
          ["2026-03-23", 0],
        ]);
        const detailed = (await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}&per_page=200`)).body.data;
        const priced = new Map(detailed.map((line) => [line.id, [line.hourly_rate, line.billable_amount]]));
        expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, priced.get(id)]))).toEqual({
          a: [80, 240],
          b: [80, 120],
          c: [95, 190],
          d: [95, 126.67],
          e: [null, 0],
          f: [110, 82.5],
          g: [null, 0],
          h: [null, 0],
        });
      });

      it("when a time zone is given, then an entry is counted on the zone's day but priced by its start's UTC day", async () => {
        const { owner } = await bookkeeping();
        // Entry b starts at 00:30 on 16 March in Berlin, a day after its UTC date: counted on the 16th, billed at the rate of the 15th.
        const days = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=day&timezone=Europe/Berlin`)).body.data.groups;
        expect(days.find((group) => group.key === "2026-03-16")).toMatchObject({ total_seconds: 12600, billable_amount: 310 });
        expect(days.find((group) => group.key === "2026-03-15")).toBeUndefined();
      });

      it("when rounding is per entry, then the rounded time is priced", async () => {
        const { owner } = await bookkeeping();
        const entryScope = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&rounding=up&rounding_minutes=15`)).body.data;
        // Only d moves: 1 h 20 min rounds up to 1 h 30 min, 142.50 at 95.
        expect(entryScope).toMatchObject({ rounded_seconds: 40500, billable_amount: 775 });
      });

      it("when rounding is per group, then the raw time is priced and only the groups' time is rounded", async () => {
        const { owner } = await bookkeeping();
        const groupScope = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&rounding=up&rounding_minutes=15&rounding_scope=group`))
          .body.data;
        expect(groupScope).toMatchObject({ billable_amount: 759.17 });
        expect(groupScope.groups.map((group) => group.rounded_seconds)).toEqual([35100, 3600, 1800]);
      });

      /** An organization billing in `currency` at `rate` an hour, with entries of `seconds`: its report's total and each line's amount. */
      const priced = async (currency: string, rate: number, seconds: number[]) => {
        const { account, api } = await registerOwner(stint.url);
        expect((await api.patch(`${A}/organization`, { currency })).status).toBe(200);
        const work = await project(api, "Work", true, { hourly_rate: rate });
        for (const [index, length] of seconds.entries()) {
          await entry(api, {
            user: account.user.id,
            project: work,
            task: null,
            start: `2026-03-0${index + 1}T09:00:00Z`,
            seconds: length,
          });
        }
        const report = (await api.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        const lines = (await api.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}`)).body.data;
        return { currency: report.currency, total: report.billable_amount, lines: lines.map((line) => line.billable_amount).sort() };
      };

      it("when the currency has no minor unit (JPY), then amounts are whole, halves going up", async () => {
        // 9 s at 1,000 yen an hour is 2.5 yen, rounded up; 4,020 s is 1,116.67 yen.
        expect(await priced("JPY", 1000, [9, 4020])).toEqual({ currency: "JPY", total: 1120, lines: [1117, 3] });
      });

      it("when the currency has three minor digits (KWD), then amounts keep three decimals, halves going up", async () => {
        // 1,000 s at 12.35 dinars is 3.43056; 1,800 s is 6.175 exactly.
        expect(await priced("KWD", 12.35, [1000, 1800])).toEqual({ currency: "KWD", total: 9.606, lines: [3.431, 6.175] });
      });

      it("when a member asks for reports, then they show neither rates nor amounts, in JSON or CSV", async () => {
        const { bob } = await bookkeeping();
        const hidden = (await bob.api.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=project&sub_group_by=day`)).body.data;
        expect(hidden.total_seconds).toBe(2700);
        const moneyFields = (line: object) =>
          ["billable_amount", "unrated_seconds", "currency", "hourly_rate"].filter((field) => field in line);
        expect([hidden, ...hidden.groups, ...hidden.groups.flatMap((group) => group.sub_groups ?? [])].flatMap(moneyFields)).toEqual([]);
        const hiddenRows = (await bob.api.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}`)).body.data;
        expect(hiddenRows.flatMap(moneyFields)).toEqual([]);
        const hiddenCsv = csvRows((await bob.api.get(`${A}/reports/detailed?${MARCH}&format=csv`)).text);
        expect(hiddenCsv[0]?.slice(-2)).toEqual(["billable", "tags"]);
        expect(csvRows((await bob.api.get(`${A}/reports/summary?${MARCH}&format=csv`)).text)[0]?.at(-1)).toBe("entry_count");
      });

      it("when the organization lets members see their own amounts, then a member's reports show their rate and amounts", async () => {
        const { owner, bob } = await bookkeeping();
        expect((await owner.patch(`${A}/organization`, { members_see_own_amounts: true })).status).toBe(200);
        const shown = (await bob.api.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        expect(shown).toMatchObject({ currency: "EUR", total_seconds: 2700, billable_amount: 82.5, unrated_seconds: 0 });
        const shownRows = (await bob.api.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}`)).body.data;
        expect(shownRows.map((line) => [line.hourly_rate, line.billable_amount])).toEqual([[110, 82.5]]);
        const shownCsv = csvRows((await bob.api.get(`${A}/reports/detailed?${MARCH}&format=csv`)).text);
        expect(shownCsv[0]?.slice(-3)).toEqual(["hourly_rate", "billable_amount", "currency"]);
        expect(shownCsv[1]?.slice(-3)).toEqual(["110", "82.5", "EUR"]);
      });

      it("when an admin asks for a report, then it shows everyone's amounts", async () => {
        const { owner } = await bookkeeping();
        const admin = await joinTeam(stint.url, owner, "admin");
        expect((await admin.api.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data.billable_amount).toBe(759.17);
      });

      it("when another organization has rates and time, then they neither price nor add to this organization's report", async () => {
        const ours = await bookkeeping();
        const theirs = await bookkeeping();
        expect((await theirs.owner.patch(`${A}/organization`, { currency: "JPY" })).status).toBe(200);
        expect(
          (await theirs.owner.post(`${A}/rates`, aRate({ level: "organization", hourly_rate: 5000, effective_from: "2026-01-01" }))).status,
        ).toBe(201);
        const report = (await ours.owner.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        expect(report).toMatchObject({ currency: "EUR", total_seconds: 39900, billable_amount: 759.17, unrated_seconds: 9000 });
        const filtered = (await ours.owner.get<Summary>(`${A}/reports/summary?${MARCH}&project_id=${theirs.website}`)).body.data;
        expect(filtered).toMatchObject({ total_seconds: 0, billable_amount: 0, groups: [] });
        // Their organization rate now prices their research entry; ours is still unrated.
        const theirReport = (await theirs.owner.get<Summary>(`${A}/reports/summary?${MARCH}`)).body.data;
        expect(theirReport).toMatchObject({ currency: "JPY", unrated_seconds: 5400 });
      });

      it("when the detailed report is exported, then rates, amounts, the currency and tags follow the other columns, in CSV and XLSX", async () => {
        const { owner, ids } = await bookkeeping();
        const csv = csvRows((await owner.get(`${A}/reports/detailed?${MARCH}&format=csv`)).text);
        const header = csv[0] ?? [];
        expect(header.slice(13)).toEqual(["billable", "tags", "hourly_rate", "billable_amount", "currency"]);
        const byId = new Map(csv.slice(1).map((row) => [row[0], row.slice(14)]));
        expect(byId.get(ids.b)).toEqual(["Design; Overtime", "80", "120", "EUR"]);
        expect(byId.get(ids.d)).toEqual(["", "95", "126.67", "EUR"]);
        expect(byId.get(ids.e)).toEqual(["", "", "0", "EUR"]);
        const sheet = await xlsxRows((await owner.get(`${A}/reports/detailed?${MARCH}&format=xlsx`)).bytes);
        expect(sheet[0]).toEqual(header);
        const row = sheet.find((cells) => cells[0] === ids.d) ?? [];
        expect(row.slice(15)).toEqual([95, 126.67, "EUR"]);
        const summary = csvRows((await owner.get(`${A}/reports/summary?${MARCH}&group_by=client&format=csv`)).text);
        expect(summary[0]?.slice(-4)).toEqual(["unrated_seconds", "unrated_hours", "billable_amount", "currency"]);
        expect(summary.slice(1).map((cells) => [cells[0], cells[1], cells.at(-2), cells.at(-1)])).toEqual([
          ["Acme GmbH", "Acme GmbH", "759.17", "EUR"],
          ["", "", "0", "EUR"],
        ]);
      });
    });

    describe("tags and clients", () => {
      it("when grouped by tag, then an entry with two tags is in both groups, untagged ones under null, and each counts once in the totals", async () => {
        const { owner } = await bookkeeping();
        const report = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=tag`)).body.data;
        expect(report).toMatchObject({ total_seconds: 39900, entry_count: 8, billable_amount: 759.17 });
        expect(
          report.groups.map((group) => [group.key, group.name, group.total_seconds, group.entry_count, group.billable_amount]),
        ).toEqual([
          [null, null, 23700, 6, 399.17],
          ["Design", "Design", 16200, 2, 360],
          ["Overtime", "Overtime", 5400, 1, 120],
        ]);
      });

      it("when reports are filtered by tag, then they count the entries carrying it in any case, any of several, each entry once", async () => {
        const { owner, ids } = await bookkeeping();
        const one = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&tag=design`)).body.data;
        expect([one.total_seconds, one.entry_count, one.billable_amount]).toEqual([16200, 2, 360]);
        const either = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&tag=OVERTIME&tag=Design`)).body.data;
        expect(either.entry_count).toBe(2);
        const detailed = (await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${MARCH}&tag=overtime`)).body.data;
        expect(detailed.map((line) => [line.id, line.tags])).toEqual([[ids.b, ["Design", "Overtime"]]]);
        const none = await owner.get<Summary>(`${A}/reports/summary?${MARCH}&tag=nothing-like-this`);
        expect(none.body.data).toMatchObject({ total_seconds: 0, groups: [] });
      });

      it("when a report's tag filter is too long, names too many tags or holds an empty one, then the 400 names it", async () => {
        const { api: owner } = await registerOwner(stint.url);
        const tooLong = await owner.get<StyleAError>(`${A}/reports/summary?${MARCH}&tag=${"x".repeat(51)}`);
        expect(tooLong.status).toBe(400);
        expect(tooLong.body.error.details).toMatchObject({ field: "tag" });
        const many = Array.from({ length: 21 }, (_, i) => `tag=t${i}`).join("&");
        const tooMany = await owner.get<StyleAError>(`${A}/reports/detailed?${MARCH}&${many}`);
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.error.message).toBe("tag: must name 1 to 20 tags, each 1-50 characters");
        const oneEmpty = await owner.get<StyleBError>(`${B}/reports/summary?${MARCH}&tag=ok&tag=%20`);
        expect(oneEmpty.status).toBe(400);
        expect(oneEmpty.body.details).toMatchObject({ field: "tag.1", reason: "invalid" });
      });

      it("when grouped by client, then projects count under their client_name, those without one under null, sub-groups within", async () => {
        const { owner, website } = await bookkeeping();
        const report = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=client&sub_group_by=tag`)).body.data;
        expect(report.groups.map((group) => [group.key, group.name, group.total_seconds, group.billable_amount])).toEqual([
          ["Acme GmbH", "Acme GmbH", 34500, 759.17],
          [null, null, 5400, 0],
        ]);
        expect(report.groups[0]?.sub_groups?.map((sub) => [sub.key, sub.total_seconds])).toEqual([
          [null, 18300],
          ["Design", 16200],
          ["Overtime", 5400],
        ]);
        const byProject = (await owner.get<Summary>(`${A}/reports/summary?${MARCH}&group_by=client&sub_group_by=project`)).body.data;
        expect(byProject.groups[0]?.sub_groups?.map((sub) => [sub.key, sub.name])).toEqual([[website, "Website"]]);
        const inB = (await owner.get<Summary>(`${B}/reports/summary?${MARCH}&group_by=tag&sub_group_by=project&format=json`)).body.data;
        expect(inB.groups[0]?.sub_groups?.[0]?.key).toMatch(/^proj_/);
      });
    });

    describe("bad input", () => {
      it("when a report's query is bad, then the 400 names the field (ranges, zones, groupings, rounding, filters)", async () => {
        const { owner } = await team();
        const cases: [string, string, string][] = [
          ["end_date=2026-01-31", "start_date", "required"],
          ["start_date=2026-01-01", "end_date", "required"],
          ["start_date=2026-01-01&end_date=2027-01-02", "end_date", "out_of_range"],
          ["start_date=2026-02-01&end_date=2026-01-31", "end_date", "invalid"],
          ["start_date=2026-02-30&end_date=2026-03-31", "start_date", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&timezone=Mars/Olympus_Mons", "timezone", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&timezone=%2B01:00", "timezone", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&group_by=year", "group_by", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&group_by=day&sub_group_by=day", "sub_group_by", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&rounding=up&rounding_minutes=7", "rounding_minutes", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&rounding=sideways", "rounding", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&rounding_scope=project", "rounding_scope", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&week_start=friday", "week_start", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&user_id=usr_nope", "user_id", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&billable=yes", "billable", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&format=pdf", "format", "invalid"],
          ["start_date=2026-01-01&end_date=2026-01-31&colour=red", "colour", "unknown"],
        ];
        for (const [query, field, reason] of cases) {
          const res = await owner.get<StyleAError>(`${A}/reports/summary?${query}`);
          expect({ query, status: res.status, details: res.body.error?.details }).toMatchObject({
            query,
            status: 400,
            details: { field, reason },
          });
        }
        const leapYear = await owner.get<Summary>(`${A}/reports/summary?start_date=2028-01-01&end_date=2028-12-31`);
        expect(leapYear.status).toBe(200);
        const detailed = await owner.get<StyleBError>(`${B}/reports/detailed?start_date=2026-01-01&end_date=2027-01-02`);
        expect(detailed.status).toBe(400);
        expect(detailed.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "end_date", reason: "out_of_range" } });
        const page = await owner.get<StyleAError>(`${A}/reports/detailed?start_date=2026-01-01&end_date=2026-01-31&per_page=201`);
        expect(page.body.error.details).toMatchObject({ field: "per_page", reason: "out_of_range" });
        const csv = await owner.get<StyleAError>(
          `${A}/reports/summary?start_date=2026-01-01&end_date=2026-01-31&format=csv&timezone=Nowhere`,
        );
        expect(csv.status).toBe(400);
        expect(csv.headers.get("content-type")).toMatch(/application\/json/);
      });
    });

    describe("detailed report and exports", () => {
      it("when the detailed report is asked, then it lists the entries newest first, with names, paged", async () => {
        const { owner, ownerId, memberId, alpha, beta, design, ownerEmail, memberEmail } = await team();
        const res = await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${SPRING}&per_page=2&page=2`);
        expect(res.status).toBe(200);
        expect(res.body.meta).toEqual({ total: 5, page: 2, per_page: 2 });
        // Newest first: 1 April, 9 March | 8 March, 2 March 11:00 | 2 March 09:00.
        expect(res.body.data.map((line) => line.start_time)).toEqual(["2026-03-08T10:00:00Z", "2026-03-02T11:00:00Z"]);
        const first = await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${SPRING}&per_page=3`);
        expect(first.body.data.slice(1)).toEqual([
          expect.objectContaining({
            user_id: memberId,
            user_name: "member",
            user_email: memberEmail,
            project_id: alpha,
            project_name: "Alpha",
            task_id: null,
            task_name: null,
            start_time: "2026-03-09T08:00:00Z",
            end_time: "2026-03-09T10:00:00Z",
            duration: 7200,
            billable: true,
            is_running: false,
          }),
          expect.objectContaining({
            user_id: ownerId,
            user_name: "Owner",
            user_email: ownerEmail,
            project_id: alpha,
            task_id: design,
            task_name: "Design",
            start_time: "2026-03-08T10:00:00Z",
            duration: 2700,
          }),
        ]);
        const inB = await owner.get<List<DetailedEntry>>(`${B}/reports/detailed?${SPRING}&project_id=${beta}`);
        expect(inB.body.data.map((line) => [line.project_id, line.project_name])).toEqual([
          [styleB(beta), "Beta"],
          [styleB(beta), "Beta"],
        ]);
      });

      it("when the detailed report is exported, then the CSV and the XLSX hold every row in the columns docs/api.md#exports lists", async () => {
        const { owner, ownerId, alpha } = await team();
        // More rows than a page, a description that needs quoting, and one a spreadsheet would take
        // for a formula: written as stored in the CSV, and as text (never a formula) in the XLSX.
        for (let i = 0; i < 6; i++) {
          await entry(owner, {
            user: ownerId,
            project: alpha,
            task: null,
            start: `2026-04-1${i}T08:00:00Z`,
            seconds: 1000 + i,
            description: `${i === 0 ? "=1+1 " : ""}Notes, "quoted"\nline ${i}`,
          });
        }
        const json = await owner.get<List<DetailedEntry>>(`${A}/reports/detailed?${SPRING}&per_page=200`);
        expect(json.body.meta.total).toBe(11);
        const columns = [
          "id",
          "user_id",
          "user_email",
          "user_name",
          "project_id",
          "project_name",
          "task_id",
          "task_name",
          "description",
          "start_time",
          "end_time",
          "duration_seconds",
          "duration_hours",
          "billable",
          "tags",
          "hourly_rate",
          "billable_amount",
          "currency",
        ];
        const expectedRows = json.body.data.map((line) => [
          line.id,
          line.user_id,
          line.user_email,
          line.user_name,
          line.project_id,
          line.project_name,
          line.task_id ?? "",
          line.task_name ?? "",
          line.description,
          line.start_time,
          line.end_time ?? "",
          String(line.duration),
          String(Math.round((line.duration / 3600) * 100) / 100),
          String(line.billable),
          line.tags.join("; "),
          "",
          "0",
          "USD",
        ]);
        expect(expectedRows.map((row) => row[14])).toContain("Design; Review");

        const csv = await owner.get(`${A}/reports/detailed?${SPRING}&format=csv`);
        expect(csv.status).toBe(200);
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(csv.headers.get("content-disposition")).toBe('attachment; filename="stint-detailed-2026-03-01-2026-04-30.csv"');
        expect(csvRows(csv.text)).toEqual([columns, ...expectedRows]);

        const xlsx = await owner.get(`${A}/reports/detailed?${SPRING}&format=xlsx`);
        expect(xlsx.status).toBe(200);
        expect(xlsx.headers.get("content-type")).toBe(XLSX);
        expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="stint-detailed-2026-03-01-2026-04-30.xlsx"');
        const sheet = await xlsxRows(xlsx.bytes);
        expect(sheet[0]).toEqual(columns);
        expect(sheet.slice(1).map((row) => columns.map((_, i) => (row[i] === undefined || row[i] === null ? "" : String(row[i]))))).toEqual(
          expectedRows,
        );

        const csvB = await owner.get(`${B}/reports/detailed?${SPRING}&format=csv`);
        expect(
          csvRows(csvB.text)
            .slice(1)
            .map((row) => row[4]),
        ).toEqual(expectedRows.map((row) => styleB(row[4] as string)));
      });

      it("when the summary is exported, then the CSV and the XLSX add up to the JSON report", async () => {
        const { owner } = await team();
        const query = `${SPRING}&group_by=project&sub_group_by=month&rounding=up&rounding_minutes=30`;
        const json = (await owner.get<Summary>(`${A}/reports/summary?${query}`)).body.data;
        const expected = json.groups.flatMap((group) =>
          (group.sub_groups ?? []).map((sub) =>
            [
              group.key,
              group.name,
              sub.key,
              sub.name,
              sub.total_seconds,
              sub.total_seconds / 3600,
              sub.billable_seconds,
              sub.billable_seconds / 3600,
              sub.rounded_seconds,
              sub.rounded_seconds / 3600,
              sub.entry_count,
              sub.unrated_seconds,
              (sub.unrated_seconds ?? 0) / 3600,
              sub.billable_amount,
              "USD",
            ].map((cell) => (typeof cell === "number" ? String(Math.round(cell * 100) / 100) : String(cell ?? ""))),
          ),
        );
        const columns = [
          "group_key",
          "group_name",
          "sub_group_key",
          "sub_group_name",
          "total_seconds",
          "total_hours",
          "billable_seconds",
          "billable_hours",
          "rounded_seconds",
          "rounded_hours",
          "entry_count",
          "unrated_seconds",
          "unrated_hours",
          "billable_amount",
          "currency",
        ];
        const csv = await owner.get(`${A}/reports/summary?${query}&format=csv`);
        expect(csv.status).toBe(200);
        expect(csv.headers.get("content-disposition")).toBe('attachment; filename="stint-summary-2026-03-01-2026-04-30.csv"');
        expect(csvRows(csv.text)).toEqual([columns, ...expected]);
        const rows = csvRows(csv.text).slice(1);
        expect(rows.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(json.total_seconds);
        expect(rows.reduce((sum, row) => sum + Number(row[8]), 0)).toBe(json.rounded_seconds);

        const xlsx = await owner.get(`${B}/reports/summary?${query}&format=xlsx`);
        expect(xlsx.status).toBe(200);
        expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="stint-summary-2026-03-01-2026-04-30.xlsx"');
        const sheet = await xlsxRows(xlsx.bytes);
        expect(sheet[0]).toEqual(columns);
        expect(sheet.slice(1).map((row) => columns.map((_, i) => String(row[i] ?? "")))).toEqual(
          expected.map((row) => [styleB(row[0]!), ...row.slice(1)]),
        );

        const flat = await owner.get(`${A}/reports/summary?${SPRING}&group_by=billable&format=csv`);
        expect(
          csvRows(flat.text)
            .slice(1)
            .map((row) => row.slice(0, 5)),
        ).toEqual([
          ["true", "Billable", "", "", "13500"],
          ["false", "Not billable", "", "", "3000"],
        ]);
      });
    });
  });
}
