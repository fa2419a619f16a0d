import type { ImportPreview } from "../services/imports/contract";
import type { TimeEntry } from "../services/time-entries/client";
import {
  carriesBillable,
  carriesTags,
  DATE_STYLES,
  exportEntries,
  randomEntries,
  randomStyle,
  REQUESTED_FORMAT,
  seededRandom,
  type ExportedEntry,
  type ExportStyle,
} from "./import-exports";
import { entriesOf, finished, fixture, projectsByName, upload } from "./imports-api.suite";
import { joinTeam } from "./support/accounts";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import { describeStint, useStint, type StintMode } from "./support/stint";

type Preview = { data: ImportPreview };

/** How many entries an organization has, whatever the page size. */
async function entryCount(api: Client): Promise<number> {
  const res = await api.get<List<TimeEntry>>(`${A}/time-entries?per_page=1&start_date=1970-01-01&end_date=2099-12-31`);
  expect(res.status).toBe(200);
  return res.body.meta.total;
}

/** Every entry of the organization as names: whose, where, when, what, billable. */
async function entriesByName(api: Client, emailsById: Map<string, string>) {
  const projects = await projectsByName(api);
  const taskNames = new Map<string, string>();
  for (const projectId of projects.values()) {
    const tasks = await api.get<List<{ id: string; name: string }>>(`${A}/projects/${projectId}/tasks?per_page=200`);
    for (const task of tasks.body.data) taskNames.set(task.id, task.name);
  }
  const projectNames = new Map([...projects].map(([name, id]) => [id, name]));
  const entries: TimeEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<List<TimeEntry>>(`${A}/time-entries?per_page=200&page=${page}&start_date=1970-01-01&end_date=2099-12-31`);
    entries.push(...res.body.data);
    if (res.body.data.length < 200) break;
  }
  return entries.map((entry) => ({
    person: emailsById.get(entry.user_id),
    project: projectNames.get(entry.project_id),
    task: entry.task_id === null ? null : taskNames.get(entry.task_id),
    description: entry.description,
    start: entry.start_time,
    end: entry.end_time,
    billable: entry.billable,
    tags: entry.tags,
  }));
}

const byStart = <T extends { start: string; description: string }>(items: T[]) =>
  [...items].sort((a, b) => a.start.localeCompare(b.start) || a.description.localeCompare(b.description));

/** Imports of real-world files end to end over HTTP: every layout, dates, encodings, breaks and the preview. */
export function describeImportFilesApi(mode: StintMode): void {
  describeStint(mode, "imports of real-world files", () => {
    const stint = useStint({ mode });

    async function team() {
      const { account, api: owner } = await registerOwner(stint.url);
      const member = await joinTeam(stint.url, owner, "member");
      const people = {
        owner: account.user.email,
        member: member.account.user.email,
        ownerFirst: "Owner",
        ownerLast: "",
        memberFirst: "member",
        memberLast: "",
      };
      const emailsById = new Map([
        [account.user.id, account.user.email],
        [member.account.user.id, member.account.user.email],
      ]);
      return { owner, member: member.api, ownerId: account.user.id, memberId: member.account.user.id, people, emailsById };
    }

    it("when Toggl's newer layout names Member and Stop date, then its rows import as the older layout's do, and '-' is no project", async () => {
      const { owner, ownerId, memberId, people } = await team();
      const job = await finished(
        owner,
        await upload(owner, { source: "toggl", timezone: "Europe/Berlin" }, fixture("toggl-2026.csv", people)),
      );
      expect(job).toMatchObject({
        status: "succeeded",
        rows_total: 3,
        rows_imported: 2,
        date_format: "YYYY-MM-DD",
        date_format_source: "file",
        errors: [{ row: 4, field: "Project", reason: "is required: every entry belongs to a project" }],
      });
      const entries = await entriesOf(owner, "&start_date=2026-01-01&end_date=2026-01-31");
      expect(
        entries.map((entry) => [entry.user_id, entry.start_time, entry.end_time, entry.billable, entry.task_id !== null]).sort(),
      ).toEqual(
        [
          [ownerId, "2026-01-20T07:30:00Z", "2026-01-20T08:45:00Z", true, true],
          [memberId, "2026-01-21T21:45:00Z", "2026-01-21T22:15:00Z", false, false],
        ].sort(),
      );
      expect([...(await projectsByName(owner)).keys()]).toEqual(["Tide Tables"]);
    });

    it("when a Clockify file writes days first, calls the task Activity and has no Billable, then no row lands on a wrong date", async () => {
      const { owner, people } = await team();
      const job = await finished(owner, await upload(owner, { source: "clockify" }, fixture("clockify-activity.csv", people)));
      expect(job).toMatchObject({
        status: "succeeded",
        rows_imported: 3,
        errors: [],
        date_format: "DD/MM/YYYY",
        date_format_source: "file",
      });
      const entries = await entriesOf(owner, "&start_date=2026-01-01&end_date=2026-12-31");
      expect(entries.map((entry) => [entry.start_time, entry.end_time, entry.billable, entry.task_id !== null]).sort()).toEqual(
        [
          ["2026-02-12T09:00:00Z", "2026-02-12T10:30:00Z", true, true],
          ["2026-02-13T14:00:00Z", "2026-02-13T14:45:00Z", true, false],
          ["2026-03-01T23:30:00Z", "2026-03-02T00:15:00Z", true, true],
        ].sort(),
      );
    });

    it("when files are semicolon- or tab-separated, with dotted dates, decimal commas and yes/no in another language, then they import", async () => {
      const { owner, ownerId, memberId, people } = await team();
      const semicolons = await finished(owner, await upload(owner, { source: "clockify" }, fixture("clockify-semicolon.csv", people)));
      expect(semicolons).toMatchObject({ status: "succeeded", rows_imported: 2, errors: [], date_format: "DD.MM.YYYY" });
      const commas = await finished(owner, await upload(owner, { source: "harvest" }, fixture("harvest-comma.csv", people)));
      expect(commas).toMatchObject({ status: "succeeded", rows_imported: 2, errors: [] });
      const tabs = await finished(
        owner,
        await upload(owner, { source: "harvest", date_format: "DD/MM/YYYY" }, fixture("harvest-tab.tsv", people)),
      );
      expect(tabs).toMatchObject({
        status: "succeeded",
        rows_imported: 2,
        errors: [],
        date_format: "DD/MM/YYYY",
        date_format_source: "request",
      });
      const entries = await entriesOf(owner, "&start_date=2026-01-01&end_date=2026-12-31");
      expect(entries.map((entry) => [entry.user_id, entry.description, entry.start_time, entry.duration, entry.billable]).sort()).toEqual(
        [
          [ownerId, "Measured the field; twice", "2026-05-04T08:00:00Z", 5400, true],
          [memberId, 'Ordered "Skyhook" kites', "2026-05-05T16:15:00Z", 2700, false],
          [ownerId, "Filled, capped and labelled", "2026-01-26T00:00:00Z", 27000, true],
          [memberId, "Swept the floor", "2026-01-27T00:00:00Z", 900, false],
          // 6/1/2026 read day first, as the request asked: 6 January.
          [ownerId, "Washed the crates", "2026-01-06T00:00:00Z", 5400, true],
          [ownerId, "Sorted the apples", "2026-02-06T00:00:00Z", 7200, false],
        ].sort(),
      );
    });

    it("when a file shows both date orders, or date_format does not fit it, then it is a 400 in both styles and nothing is imported", async () => {
      const { owner, people } = await team();
      const mixed = fixture("clockify-two-orders.csv", people);
      const inA = await upload(owner, { source: "clockify" }, mixed);
      expect(inA.status).toBe(400);
      const a = inA.body as unknown as StyleAError;
      expect(a.error.code).toBe("invalid_request");
      expect(a.error.details.field).toBe("file");
      expect(a.error.message).toMatch(/row 3 has "14\/02\/2026" in "Start Date".*row 4 has "02\/15\/2026" in "Start Date"/);
      const inB = await upload(owner, { source: "clockify", date_format: "DD/MM/YYYY" }, mixed, B);
      expect(inB.status).toBe(400);
      expect((inB.body as unknown as StyleBError).code).toBe("VALIDATION_ERROR");
      expect((inB.body as unknown as StyleBError).error).toMatch(/mixes two date orders/);
      const unfit = await upload(owner, { source: "harvest", date_format: "YYYY-MM-DD" }, fixture("harvest-tab.tsv", people));
      expect(unfit.status).toBe(400);
      expect((unfit.body as unknown as StyleAError).error.message).toMatch(/send date_format MM\/DD\/YYYY or DD\/MM\/YYYY/);
      const unknown = await upload(owner, { source: "harvest", date_format: "D/M/Y" }, fixture("harvest-tab.tsv", people));
      expect(unknown.status).toBe(400);
      expect((unknown.body as unknown as StyleAError).error.details.field).toBe("date_format");
      expect(await entryCount(owner)).toBe(0);
    });

    it("when a file is UTF-16 or Latin-1, then the 400 says so and how to save it, in both styles", async () => {
      const { owner } = await team();
      const text = "Date,Project,Hours,Notes\r\n2026-03-02,Café,1,Crème brûlée\r\n";
      const cases: [Buffer, RegExp][] = [
        [
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
          /is UTF-16 text \(it begins with a UTF-16 byte-order mark\)/,
        ],
        [Buffer.from(text, "utf16le"), /is UTF-16 text, not UTF-8/],
        [Buffer.from(text, "latin1"), /line 2 has the byte 0xE9, which UTF-8 does not allow.*Save it as UTF-8/],
        [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "latin1")]), /line 2 has the byte 0xE9/],
      ];
      for (const [bytes, message] of cases) {
        const a = await upload(owner, { source: "harvest" }, bytes);
        expect({ status: a.status, message: (a.body as unknown as StyleAError).error.message }).toEqual({
          status: 400,
          message: expect.stringMatching(message),
        });
        const b = await upload(owner, { source: "harvest" }, bytes, B);
        expect({ status: b.status, message: (b.body as unknown as StyleBError).error }).toEqual({
          status: 400,
          message: expect.stringMatching(message),
        });
      }
      expect((await projectsByName(owner)).size).toBe(0);
    });

    it("when a file breaks part-way, then the rows before are kept and rows are counted as records, across quoted line breaks", async () => {
      const { owner } = await team();
      const header = "user_email,project_name,task_name,description,start_time,end_time,billable";
      const lines = [header];
      for (let row = 2; row <= 550; row++) {
        const start = Date.UTC(2026, 5, 1) + row * 3600_000;
        const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
        // Every third description holds a line break, so records and lines part ways early.
        const description = row === 521 ? '"never closed, and on' : row % 3 === 0 ? `"row ${row}\nsecond line"` : `row ${row}`;
        const end = row === 300 ? start - 60_000 : start + 1800_000;
        lines.push(`,Long File,,${description},${iso(start)},${iso(end)},true`);
      }
      const job = await finished(owner, await upload(owner, { source: "stint" }, `${lines.join("\n")}\n`));
      expect(job).toMatchObject({ status: "failed", rows_total: 519, rows_imported: 518, rows_skipped: 1 });
      expect(job.errors).toEqual([
        { row: 300, field: "end_time", reason: "must be after the start" },
        {
          row: 521,
          field: "file",
          // The quote opened in row 521 closes at the next one, in row 522, and text follows it.
          reason: expect.stringMatching(/^has text after a quoted cell's closing quote.*the rows before it are imported$/),
        },
      ]);
      expect(await entryCount(owner)).toBe(518);
      const again = await finished(owner, await upload(owner, { source: "stint" }, `${lines.join("\n")}\n`));
      expect(again).toMatchObject({ status: "failed", rows_imported: 0, rows_skipped: 519 });
      expect(await entryCount(owner)).toBe(518);
      // A quote that opens in the last rows and never closes: the file ends inside it.
      const tail = [
        header,
        ",Short File,,one,2026-08-01T09:00:00Z,2026-08-01T10:00:00Z,true",
        ',Short File,,"two\nand on,2026-08-02T09:00:00Z',
      ];
      const ended = await finished(owner, await upload(owner, { source: "stint" }, tail.join("\r\n")));
      expect(ended).toMatchObject({ status: "failed", rows_total: 1, rows_imported: 1 });
      expect(ended.errors).toEqual([
        { row: 3, field: "file", reason: expect.stringMatching(/^opens a quoted cell that never closes: the file ends inside it/) },
      ]);
    });

    it("when a header is written in another case, then errors name the column as the file writes it", async () => {
      const { owner } = await team();
      const file =
        "PROJECT,START DATE,START TIME,END DATE,END TIME,billable\nKites,2026-13-01,09:00,2026-01-01,10:00,yes\nKites,2026-01-02,09:00,2026-01-02,10:00,perhaps\n";
      const job = await finished(owner, await upload(owner, { source: "clockify" }, file));
      expect(job.errors).toEqual([
        { row: 2, field: "START DATE", reason: expect.stringMatching(/^must be a date like/) },
        { row: 3, field: "billable", reason: "must be yes or no (true or false)" },
      ]);
    });

    it("when dry_run=true, then it answers 200 with what the import would do and stores nothing; the import then does just that", async () => {
      const { owner, member, ownerId, memberId, people } = await team();
      const file = fixture("clockify-activity.csv", people);
      const res = await upload(owner, { source: "clockify", dry_run: "true" }, file);
      expect(res.status).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      const preview = (res.body as unknown as Preview).data;
      expect(preview).toMatchObject({
        dry_run: true,
        source: "clockify",
        timezone: "UTC",
        layout: {
          name: "Clockify detailed export",
          columns: { project: "Project", task: "Activity", start_date: "Start Date", email: "Email" },
        },
        delimiter: ",",
        date_format: "DD/MM/YYYY",
        date_format_source: "file",
        rows_total: 3,
        rows_importable: 3,
        projects_to_create: ["Kite Festival"],
        tasks_to_create: [{ project_name: "Kite Festival", task_name: "Sewing" }],
        errors: [],
      });
      expect(preview.layout.columns).not.toHaveProperty("billable");
      expect(preview.people).toEqual([
        { email: people.owner, name: null, user_id: ownerId, rows: 2 },
        { email: people.member, name: null, user_id: memberId, rows: 1 },
      ]);
      expect(
        preview.rows.map((row) => [row.row, row.user_id, row.project_id, row.task_name, row.start_time, row.duration, row.billable]),
      ).toEqual([
        [2, ownerId, null, "Sewing", "2026-02-12T09:00:00Z", 5400, true],
        [3, memberId, null, null, "2026-02-13T14:00:00Z", 2700, true],
        [4, ownerId, null, "Sewing", "2026-03-01T23:30:00Z", 2700, true],
      ]);
      expect((await projectsByName(owner)).size).toBe(0);
      expect(await entryCount(owner)).toBe(0);

      // A member's preview makes nothing either, and says which rows it would refuse.
      const asMember = await upload(member, { source: "clockify", dry_run: "true" }, file, B);
      expect(asMember.status).toBe(200);
      expect((asMember.body as unknown as Preview).data).toMatchObject({ rows_importable: 0, projects_to_create: [] });
      expect((asMember.body as unknown as Preview).data.errors.map((error) => [error.row, error.field])).toEqual([
        [2, "Email"],
        [3, "Project"],
        [4, "Email"],
      ]);

      const job = await finished(owner, await upload(owner, { source: "clockify" }, file));
      expect(job.rows_imported).toBe(preview.rows_importable);
      const projectId = (await projectsByName(owner)).get("Kite Festival");
      // Once the project exists, a preview in Style B shows its id as Style B writes it.
      const later = await upload(owner, { source: "clockify", dry_run: "true" }, file, B);
      const shown = (later.body as unknown as Preview).data;
      expect(shown.projects_to_create).toEqual([]);
      expect(shown.tasks_to_create).toEqual([]);
      expect(shown.rows[0]?.project_id).toBe(projectId?.replace(/^prj_/, "proj_"));
      expect(await entryCount(owner)).toBe(3);
    });

    describe("files with tags, into an organization that already spells one of them its own way", () => {
      type Job = Awaited<ReturnType<typeof finished>>;
      const refusals = [
        { row: 4, field: "Tags", reason: "holds 21 tags: an entry carries at most 20" },
        { row: 5, field: "Tags", reason: expect.stringMatching(/^has a tag of more than 50 characters/) },
      ];
      let owner: Client;
      let preview: ImportPreview;
      let jobs: { toggl: Job; togglAgain: Job; clockify: Job; stint: Job };
      const tagsOn = async (month: string) =>
        (await entriesOf(owner, `&start_date=${month}-01&end_date=${month}-28`)).map((entry) => [entry.start_time, entry.tags]).sort();

      beforeAll(async () => {
        const given = await team();
        owner = given.owner;
        const project = await createProject(owner, { name: "Harbour" });
        await createTimeEntry(owner, project.id, { tags: ["NIGHT SHIFT"] });
        const toggl = fixture("toggl-tags.csv", given.people);
        const previewed = await upload(owner, { source: "toggl", dry_run: "true" }, toggl);
        expect(previewed.status).toBe(200);
        preview = (previewed.body as unknown as Preview).data;
        const toggled = await finished(owner, await upload(owner, { source: "toggl" }, toggl));
        const togglAgain = await finished(owner, await upload(owner, { source: "toggl" }, toggl));
        const clockify = await finished(owner, await upload(owner, { source: "clockify" }, fixture("clockify-tags.csv", given.people)));
        const stintFile = await finished(owner, await upload(owner, { source: "stint" }, fixture("stint-tags.csv", given.people)));
        jobs = { toggl: toggled, togglAgain, clockify, stint: stintFile };
      });

      it("when a Toggl file's preview is asked, then it reads the Tags column and shows each row's tags in the organization's spelling", () => {
        expect(preview.layout.columns).toMatchObject({ tags: "Tags" });
        expect(preview.rows.map((row) => [row.row, row.tags])).toEqual([
          [2, ["design", "Night shift", "review"]],
          [3, ["Design"]],
          [6, []],
        ]);
      });

      it("when a row has too many tags or too long a tag, then the preview and the import refuse it by its column", () => {
        expect(preview.errors).toEqual(refusals);
        expect(jobs.toggl).toMatchObject({ status: "succeeded", rows_total: 5, rows_imported: 3, rows_skipped: 2, errors: refusals });
      });

      it("when a Toggl file is imported, then its entries carry their tags in the organization's spelling, a new tag in the file's first", async () => {
        expect(await tagsOn("2026-04")).toEqual([
          ["2026-04-06T09:00:00Z", ["design", "NIGHT SHIFT", "review"]],
          ["2026-04-07T09:00:00Z", ["design"]],
          ["2026-04-10T09:00:00Z", []],
        ]);
      });

      it("when the same file is imported again, then nothing is added: tags are not part of a row's identity", () => {
        expect(jobs.togglAgain).toMatchObject({ rows_imported: 0, rows_skipped: 5 });
      });

      it("when a Clockify file carries tags, then its entries get them, split at commas", async () => {
        expect(jobs.clockify).toMatchObject({ status: "succeeded", rows_imported: 2, errors: [] });
        expect(await tagsOn("2026-05")).toEqual([
          ["2026-05-14T09:00:00Z", ["Workshop", "overtime"]],
          ["2026-05-15T16:00:00Z", ["field", "Workshop"]],
        ]);
      });

      it("when a Stint file carries tags, then its entries get them, split at '; ' as its export joins them", async () => {
        expect(jobs.stint).toMatchObject({ status: "succeeded", rows_imported: 2, errors: [] });
        expect(await tagsOn("2026-06")).toEqual([
          ["2026-06-01T08:00:00Z", ["design", "NIGHT SHIFT", "q3;review"]],
          ["2026-06-02T08:00:00Z", []],
        ]);
      });

      it("when the files are imported, then the organization's tags count the imported entries", async () => {
        const tags = await owner.get<List<{ name: string; entry_count: number }>>(`${A}/tags?per_page=100`);
        expect(tags.body.data.map((tag) => [tag.name, tag.entry_count]).sort()).toEqual(
          [
            ["design", 3],
            ["field", 1],
            ["NIGHT SHIFT", 3],
            ["overtime", 1],
            ["q3;review", 1],
            ["review", 1],
            ["Workshop", 2],
          ].sort(),
        );
      });
    });

    it("when a preview's file is refused, then it is the same 400 as the import's", async () => {
      const { owner, people } = await team();
      const res = await upload(owner, { source: "toggl", dry_run: "true" }, fixture("stint", people));
      expect(res.status).toBe(400);
      expect((res.body as unknown as StyleAError).error.message).toMatch(/is not a Toggl Track detailed export/);
      const bad = await upload(owner, { source: "toggl", dry_run: "maybe" }, fixture("toggl", people));
      expect(bad.status).toBe(400);
      expect((bad.body as unknown as StyleAError).error.details.field).toBe("dry_run");
    });

    it("when random entries are exported in each vendor's layout, in every date format and delimiter, then they import back the same, and again add nothing", async () => {
      const seed = Number(process.env.IMPORT_SEED ?? Date.now() % 1_000_000);
      const random = seededRandom(seed);
      const delimiters = [",", ";", "\t"] as const;
      const styles: ExportStyle[] = [];
      for (const source of ["toggl", "clockify", "harvest"] as const) {
        DATE_STYLES.forEach((dates, at) => styles.push({ ...randomStyle(random, source), dates, delimiter: delimiters[at % 3]! }));
      }
      delimiters.forEach((delimiter) => styles.push({ ...randomStyle(random, "stint"), delimiter }));
      for (const style of styles) {
        const { owner, people, emailsById } = await team();
        const persons = [
          { email: people.owner, firstName: "Owner", lastName: "" },
          { email: people.member, firstName: "member", lastName: "" },
        ];
        const entries = randomEntries(random, style, persons, 2 + Math.floor(random() * 6));
        const file = exportEntries(entries, style);
        const fields = { source: style.source, timezone: style.zone, date_format: REQUESTED_FORMAT[style.dates] };
        const context = `seed ${seed}: ${JSON.stringify(style)}`;
        const job = await finished(owner, await upload(owner, fields, file));
        expect({ context, status: job.status, imported: job.rows_imported, errors: job.errors }).toEqual({
          context,
          status: "succeeded",
          imported: entries.length,
          errors: [],
        });
        const expected = entries.map((entry: ExportedEntry) => ({
          person: entry.email,
          project: entry.project,
          task: entry.task,
          description: entry.description,
          start: entry.start,
          end: entry.end,
          // A file without Billable leaves each entry the default of the project the import made.
          billable: carriesBillable(style) ? entry.billable : true,
          tags: carriesTags(style) ? entry.tags : [],
        }));
        expect({ context, stored: byStart(await entriesByName(owner, emailsById)) }).toEqual({ context, stored: byStart(expected) });
        const again = await finished(owner, await upload(owner, fields, file));
        expect({ context, imported: again.rows_imported, skipped: again.rows_skipped }).toEqual({
          context,
          imported: 0,
          skipped: entries.length,
        });
        expect(await entryCount(owner)).toBe(entries.length);
      }
    }, 300_000);
  });
}
