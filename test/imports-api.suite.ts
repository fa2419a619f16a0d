import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { TimeEntry } from "../services/time-entries/client";
import { joinTeam, withApiKey } from "./support/accounts";
import { registerOwner, type ApiResponse, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError } from "./support/shapes";
import type { ImportJob } from "../services/imports/contract";

type Job = { data: ImportJob };
type Source = "stint" | "toggl" | "clockify" | "harvest";

/** A fixture of `test/fixtures/imports` (`name.csv`, or the file named), with the test's people put in its placeholders. */
export function fixture(name: Source | `${string}.${"csv" | "tsv"}`, people: Record<string, string>): string {
  const text = readFileSync(join(__dirname, "fixtures", "imports", name.includes(".") ? name : `${name}.csv`), "utf8");
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => people[key] ?? "");
}

function form(fields: Record<string, string>, file?: string | Buffer, fileName = "export.csv"): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file !== undefined) body.append("file", new Blob([file], { type: "text/csv" }), fileName);
  return body;
}

export async function upload(api: Client, fields: Record<string, string>, file?: string | Buffer, mount = A): Promise<ApiResponse<Job>> {
  return api.send<Job>("POST", `${mount}/imports`, { form: form(fields, file) });
}

/** Follows a job until it ends. */
export async function finished(api: Client, started: ApiResponse<Job>): Promise<ImportJob> {
  expect(started.status).toBe(202);
  const location = started.headers.get("location") ?? "";
  expect(location).toMatch(new RegExp(`/imports/${started.body.data.id}$`));
  for (let attempt = 0; attempt < 400; attempt++) {
    const res = await api.get<Job>(new URL(location, "http://x").pathname);
    expect(res.status).toBe(200);
    if (res.body.data.status !== "running") return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import did not end");
}

export async function entriesOf(api: Client, query = ""): Promise<TimeEntry[]> {
  const res = await api.get<List<TimeEntry>>(`${A}/time-entries?per_page=200${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

export async function projectsByName(api: Client): Promise<Map<string, string>> {
  const res = await api.get<List<{ id: string; name: string }>>(`${A}/projects?per_page=200`);
  return new Map(res.body.data.map((project) => [project.name, project.id]));
}

/** Imports end to end over HTTP (docs/api.md#imports); run once per deployment mode. */
export function describeImportsApi(mode: StintMode): void {
  describeStint(mode, "imports API", () => {
    const stint = useStint({ mode });

    async function team() {
      const { account, api: owner } = await registerOwner(stint.url);
      const member = await joinTeam(stint.url, owner, "member");
      const people = { owner: account.user.email, member: member.account.user.email, ownerFirst: "Owner", ownerLast: "" };
      return { owner, member: member.api, ownerId: account.user.id, memberId: member.account.user.id, people };
    }

    it("when Stint's own CSV is imported, then names are matched or made, people found by email, and row errors given by row and field, in both styles", async () => {
      const { owner, ownerId, memberId, people } = await team();
      const made = await owner.post<{ data: { id: string } }>(`${A}/projects`, { name: "LIGHTHOUSE", billable: false });
      expect(made.status).toBe(201);
      const job = await finished(owner, await upload(owner, { source: "stint" }, fixture("stint", people), B));
      expect(job).toMatchObject({
        source: "stint",
        status: "succeeded",
        rows_total: 5,
        rows_imported: 3,
        rows_skipped: 2,
        user_id: ownerId,
      });
      expect(job.errors).toEqual([
        { row: 5, field: "end_time", reason: "must be after the start" },
        { row: 6, field: "user_email", reason: "is not a user of this organization" },
      ]);
      const projects = await projectsByName(owner);
      // "Lighthouse" and "lighthouse" are the existing LIGHTHOUSE; Harbour Wall is new.
      expect([...projects.keys()].sort()).toEqual(["Harbour Wall", "LIGHTHOUSE"]);
      const entries = await entriesOf(owner, "&start_date=2026-02-01&end_date=2026-02-28");
      const shown = entries
        .map((entry) => [
          entry.user_id,
          entry.project_id,
          entry.task_id !== null,
          entry.description,
          entry.start_time,
          entry.end_time,
          entry.duration,
          entry.billable,
        ])
        .sort();
      expect(shown).toEqual(
        [
          [ownerId, made.body.data.id, true, "Counted the steps, twice", "2026-02-02T08:00:00Z", "2026-02-02T09:30:00Z", 5400, true],
          [memberId, made.body.data.id, false, "Painted the railing", "2026-02-03T13:00:00Z", "2026-02-03T14:00:00Z", 3600, false],
          [ownerId, projects.get("Harbour Wall"), false, "", "2026-02-04T10:00:00Z", "2026-02-04T10:45:00Z", 2700, true],
        ].sort(),
      );
      const tasks = await owner.get<List<{ name: string }>>(`${A}/projects/${made.body.data.id}/tasks`);
      expect(tasks.body.data.map((task) => task.name)).toEqual(["Survey"]);
    });

    it("when the same file is imported again, then nothing is duplicated: its rows count as skipped", async () => {
      const { owner, people } = await team();
      const file = fixture("stint", people);
      const first = await finished(owner, await upload(owner, { source: "stint" }, file));
      expect(first.rows_imported).toBe(3);
      const again = await finished(owner, await upload(owner, { source: "stint" }, file));
      expect(again).toMatchObject({ status: "succeeded", rows_total: 5, rows_imported: 0, rows_skipped: 5 });
      expect(again.errors).toHaveLength(2);
      expect(await entriesOf(owner, "&start_date=2026-02-01&end_date=2026-02-28")).toHaveLength(3);
    });

    it("when Toggl Track's detailed export is imported, then its times are read in the given time zone", async () => {
      const { owner, ownerId, memberId, people } = await team();
      const job = await finished(owner, await upload(owner, { source: "toggl", timezone: "Europe/Berlin" }, fixture("toggl", people)));
      expect(job).toMatchObject({
        status: "succeeded",
        timezone: "Europe/Berlin",
        rows_total: 2,
        rows_imported: 2,
        rows_skipped: 0,
        errors: [],
      });
      const entries = await entriesOf(owner, "&start_date=2026-01-01&end_date=2026-01-31");
      expect(
        entries
          .map((entry) => [entry.user_id, entry.start_time, entry.end_time, entry.description, entry.billable, entry.task_id !== null])
          .sort(),
      ).toEqual(
        [
          [ownerId, "2026-01-12T08:15:00Z", "2026-01-12T09:45:00Z", "Sketched the winter table", true, true],
          [memberId, "2026-01-13T15:00:00Z", "2026-01-13T15:20:00Z", "Proofread the summer table", false, false],
        ].sort(),
      );
    });

    it("when Clockify's detailed export is imported, then its US dates and 12-hour times are read right, across midnight and a daylight-saving change", async () => {
      const { owner, ownerId, memberId, people } = await team();
      const job = await finished(
        owner,
        await upload(owner, { source: "clockify", timezone: "Europe/Berlin" }, fixture("clockify", people)),
      );
      expect(job).toMatchObject({ status: "succeeded", rows_imported: 2, errors: [] });
      const entries = await entriesOf(owner, "&start_date=2026-03-01&end_date=2026-03-31");
      expect(entries.map((entry) => [entry.user_id, entry.start_time, entry.end_time, entry.duration]).sort()).toEqual(
        [
          // 23:30 CET on the 28th to 01:00 CET on the 29th (summer time starts at 02:00).
          [ownerId, "2026-03-28T22:30:00Z", "2026-03-29T00:00:00Z", 5400],
          [memberId, "2026-03-30T06:00:00Z", "2026-03-30T07:00:00Z", 3600],
        ].sort(),
      );
    });

    it("when Harvest's detailed time report is imported, then people are found by name, dates and hours read, and equal rows kept apart", async () => {
      const { owner, ownerId, people } = await team();
      const file = fixture("harvest", people);
      const job = await finished(owner, await upload(owner, { source: "harvest", timezone: "America/New_York" }, file));
      expect(job).toMatchObject({ status: "succeeded", rows_total: 3, rows_imported: 3, errors: [] });
      const entries = await entriesOf(owner, "&start_date=2026-04-01&end_date=2026-04-30");
      expect(entries.map((entry) => [entry.user_id, entry.start_time, entry.duration, entry.description, entry.billable]).sort()).toEqual(
        [
          [ownerId, "2026-04-06T04:00:00Z", 8100, "Booked the press", true],
          [ownerId, "2026-04-06T04:00:00Z", 8100, "Booked the press", true],
          [ownerId, "2026-04-07T04:00:00Z", 1800, "Labelled crates", false],
        ].sort(),
      );
      const again = await finished(owner, await upload(owner, { source: "harvest", timezone: "America/New_York" }, file));
      expect(again).toMatchObject({ rows_imported: 0, rows_skipped: 3 });
    });

    it("when the file or the form is bad, then a clear 400 (415 for JSON) comes before any job exists", async () => {
      const { owner, people } = await team();
      const cases: [string, ApiResponse<unknown>][] = [
        ["columns of another source", await upload(owner, { source: "toggl" }, fixture("stint", people))],
        ["binary bytes", await upload(owner, { source: "stint" }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))],
        ["not UTF-8", await upload(owner, { source: "stint" }, Buffer.from("user_email,caf\xe9\n", "latin1"))],
        ["an empty file", await upload(owner, { source: "stint" }, "")],
        ["no file", await upload(owner, { source: "stint" })],
        ["an unknown source", await upload(owner, { source: "excel" }, fixture("stint", people))],
        ["an unknown time zone", await upload(owner, { source: "toggl", timezone: "Mars/Olympus" }, fixture("toggl", people))],
        ["an unknown field", await upload(owner, { source: "stint", colour: "red" }, fixture("stint", people))],
      ];
      for (const [label, res] of cases) {
        expect({ label, status: res.status }).toEqual({ label, status: 400 });
        expect((res.body as StyleAError).error.code).toBe("invalid_request");
      }
      const missing = cases[0]![1].body as StyleAError;
      expect(missing.error.message).toMatch(/lacks "Project", "Start date", "Start time", "End date" \(or "Stop date"\)/);
      const json = await owner.post(`${A}/imports`, { source: "stint" });
      expect(json.status).toBe(415);
      expect(await entriesOf(owner)).toEqual([]);
    });

    it("when a file is over 100 MiB, then it is a 413 and Stint keeps serving", async () => {
      const { owner } = await team();
      const header = "user_email,project_name,task_name,description,start_time,end_time,billable\n";
      const big = Buffer.alloc(100 * 1024 * 1024 + 10, "x");
      big.write(header);
      const res = await upload(owner, { source: "stint" }, big);
      expect(res.status).toBe(413);
      expect((res.body as unknown as StyleAError).error.code).toBe("payload_too_large");
      expect((await owner.get(`${A}/projects`)).status).toBe(200);
    }, 60_000);

    it("when a member imports, then only their own time is imported and no project made, where an admin's file names anyone", async () => {
      const { owner, member, memberId, people } = await team();
      await owner.post(`${A}/projects`, { name: "Lighthouse" });
      const job = await finished(member, await upload(member, { source: "stint" }, fixture("stint", people)));
      expect(job).toMatchObject({ status: "succeeded", rows_total: 5, rows_imported: 1, rows_skipped: 4 });
      expect(job.errors).toEqual([
        { row: 2, field: "user_email", reason: "names another person: a member imports only their own time" },
        { row: 4, field: "user_email", reason: "names another person: a member imports only their own time" },
        { row: 5, field: "end_time", reason: "must be after the start" },
        { row: 6, field: "user_email", reason: "is not a user of this organization" },
      ]);
      const mine = await entriesOf(member);
      expect(mine.map((entry) => [entry.user_id, entry.description])).toEqual([[memberId, "Painted the railing"]]);
      expect([...(await projectsByName(owner)).keys()]).toEqual(["Lighthouse"]);
      // A member's file naming a project that does not exist: refused, not made.
      const unknown = `user_email,project_name,task_name,description,start_time,end_time,billable\n,Secret Garden,,x,2026-05-01T10:00:00Z,2026-05-01T11:00:00Z,true\n`;
      const refused = await finished(member, await upload(member, { source: "stint" }, unknown));
      expect(refused.errors).toEqual([
        { row: 2, field: "project_name", reason: "is not a project of this organization (only an admin's import makes projects)" },
      ]);
      // The owner sees the member's import; the member does not see the owner's.
      expect((await owner.get(`${A}/imports/${job.id}`)).status).toBe(200);
      const ownersJob = await finished(owner, await upload(owner, { source: "stint" }, unknown));
      expect(ownersJob.rows_imported).toBe(1);
      expect((await member.get(`${A}/imports/${ownersJob.id}`)).status).toBe(404);
    });

    it("when an import is another organization's or its id is malformed, then it is a 404", async () => {
      const { owner, people } = await team();
      const job = await finished(owner, await upload(owner, { source: "toggl" }, fixture("toggl", people)));
      const stranger = (await registerOwner(stint.url, "Stranger")).api;
      const res = await stranger.get<StyleAError>(`${A}/imports/${job.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect((await owner.get(`${B}/imports/imp_nope`)).status).toBe(404);
      expect((await owner.get(`${A}/imports/imp_0000000000000000000000`)).status).toBe(404);
    });

    it("when a key without time_entries:write imports or reads an import, then it is a 403", async () => {
      const { owner, people } = await team();
      const reader = (await withApiKey(stint.url, owner, { name: "read only", permissions: ["time_entries:read"] })).api;
      const refused = await upload(reader, { source: "toggl" }, fixture("toggl", people));
      expect(refused.status).toBe(403);
      const job = await finished(owner, await upload(owner, { source: "toggl" }, fixture("toggl", people)));
      expect((await reader.get(`${A}/imports/${job.id}`)).status).toBe(403);
    });

    it("when a key with time_entries:write but not projects:write imports, then rows go into projects that exist and none is made", async () => {
      const { owner } = await team();
      const withWrite = (await withApiKey(stint.url, owner, { name: "writer", permissions: ["time_entries:write"] })).api;
      await createProject(owner, { name: "Tide Tables" });
      const file = `user_email,project_name,task_name,description,start_time,end_time,billable\n,Tide Tables,,x,2026-05-01T10:00:00Z,2026-05-01T11:00:00Z,true\n,Secret Garden,,y,2026-05-02T10:00:00Z,2026-05-02T11:00:00Z,true\n`;
      const kept = await finished(withWrite, await upload(withWrite, { source: "stint" }, file));
      expect(kept).toMatchObject({
        status: "succeeded",
        rows_imported: 1,
        errors: [
          { row: 3, field: "project_name", reason: "is not a project of this organization (only an admin's import makes projects)" },
        ],
      });
    });

    it("when an export is imported into a fresh organization, then exporting there gives the same rows", async () => {
      const source = await team();
      await finished(source.owner, await upload(source.owner, { source: "stint" }, fixture("stint", source.people)));
      await finished(
        source.owner,
        await upload(source.owner, { source: "toggl", timezone: "Asia/Tokyo" }, fixture("toggl", source.people)),
      );
      const range = "start_date=2026-01-01&end_date=2026-12-31";
      const exported = await source.owner.get(`${A}/reports/detailed?${range}&format=csv`);
      expect(exported.status).toBe(200);
      const target = await team();
      // The same people have other accounts (an email is one account) in the new organization.
      const moved = exported.text
        .replaceAll(source.people.owner, target.people.owner)
        .replaceAll(source.people.member, target.people.member);
      const job = await finished(target.owner, await upload(target.owner, { source: "stint" }, moved));
      expect(job).toMatchObject({ status: "succeeded", rows_total: 5, rows_imported: 5, errors: [] });
      const again = await target.owner.get(`${A}/reports/detailed?${range}&format=csv`);
      // Everything but the ids and the people's columns is the same, row for row, in order.
      const comparable = (text: string, people: Record<string, string>) =>
        (parse(text) as string[][]).map((row) => [people[row[2] ?? ""] ?? row[2], ...row.slice(5, 6), ...row.slice(7)].join("|"));
      expect(comparable(again.text, { [target.people.owner]: "owner", [target.people.member]: "member" })).toEqual(
        comparable(exported.text, { [source.people.owner]: "owner", [source.people.member]: "member" }),
      );
    });
  });
}
