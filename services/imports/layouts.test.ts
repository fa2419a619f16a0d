import type { DateFormat, ImportSource } from "./contract";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ApiError } from "../../shared/errors";
import { CsvRecords } from "./csv-records";
import { decideDateFormat } from "./file-values";
import { LAYOUTS } from "./layouts";
import { readRow, type RowReading } from "./rows";
import { FileSurvey, readHeader } from "./survey";

const PEOPLE: Record<string, string> = {
  owner: "owner@example.test",
  member: "member@example.test",
  ownerFirst: "Ada",
  ownerLast: "Lane",
  memberFirst: "Bo",
  memberLast: "",
};

/** A file as the import reads it: surveyed as it arrives, its date format decided, each row read. */
function readAs(source: ImportSource, file: string, zone = "UTC", requested: DateFormat | "auto" = "auto") {
  // As the import decodes it: the byte-order mark goes.
  const text = new TextDecoder().decode(Buffer.from(file, "utf8"));
  const layout = LAYOUTS[source];
  const survey = new FileSurvey(layout);
  for (let at = 0; at < text.length; at += 7) survey.write(text.slice(at, at + 7));
  const header = survey.end();
  const dates = layout.times === "instants" ? null : decideDateFormat(survey.evidence, requested, layout.defaultDateFormat);
  const reader = new CsvRecords(header.delimiter);
  const [, ...records] = [...reader.push(text), ...reader.end()];
  const rows = records.map((record) => ({
    row: record.row,
    reading: readRow(record.cells, { layout, columns: header.columns, zone, dateFormat: dates?.format ?? "YYYY-MM-DD" }),
  }));
  return { delimiter: header.delimiter, dates, rows };
}

function fixture(name: string): string {
  const text = readFileSync(join(__dirname, "..", "..", "test", "fixtures", "imports", name), "utf8");
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => PEOPLE[key] ?? "");
}

/** The readings, shortened to what a comparison needs. */
function summary(rows: { row: number; reading: RowReading }[]) {
  return rows.map(({ row, reading }) =>
    "field" in reading
      ? { row, refused: reading.field, reason: reading.reason }
      : {
          row,
          person: reading.row.person,
          project: reading.row.project,
          task: reading.row.task,
          description: reading.row.description,
          start: reading.row.start,
          end: reading.row.end,
          billable: reading.row.billable,
        },
  );
}

describe("the layouts, on files written as each vendor writes them", () => {
  it("when Toggl's newer layout names Member and Stop date, with a byte-order mark and '-' for nothing, then it reads as the older one", () => {
    const { delimiter, dates, rows } = readAs("toggl", fixture("toggl-2026.csv"), "Europe/Berlin");
    expect(delimiter).toBe(",");
    expect(dates).toEqual({ format: "YYYY-MM-DD", source: "file" });
    expect(summary(rows)).toEqual([
      {
        row: 2,
        person: { email: PEOPLE.owner, column: "Email" },
        project: "Tide Tables",
        task: "Draft",
        description: "Tuned the ferry timetable, again",
        start: "2026-01-20T07:30:00Z",
        end: "2026-01-20T08:45:00Z",
        billable: true,
      },
      {
        row: 3,
        person: { email: PEOPLE.member, column: "Email" },
        project: "Tide Tables",
        task: null,
        description: "Checked the harbour lights",
        start: "2026-01-21T21:45:00Z",
        end: "2026-01-21T22:15:00Z",
        billable: false,
      },
      { row: 4, refused: "Project", reason: "is required: every entry belongs to a project" },
    ]);
  });

  it("when Clockify calls the task Activity, has no Billable and writes days first, then the file's own dates decide", () => {
    const { dates, rows } = readAs("clockify", fixture("clockify-activity.csv"));
    expect(dates).toEqual({ format: "DD/MM/YYYY", source: "file" });
    expect(summary(rows).map((row) => ("start" in row ? [row.task, row.start, row.end, row.billable] : row))).toEqual([
      ["Sewing", "2026-02-12T09:00:00Z", "2026-02-12T10:30:00Z", null],
      [null, "2026-02-13T14:00:00Z", "2026-02-13T14:45:00Z", null],
      ["Sewing", "2026-03-01T23:30:00Z", "2026-03-02T00:15:00Z", null],
    ]);
  });

  it("when the file is semicolon-separated with dotted dates, then commas stay in cells and quotes are undone", () => {
    const { delimiter, dates, rows } = readAs("clockify", fixture("clockify-semicolon.csv"));
    expect(delimiter).toBe(";");
    expect(dates).toEqual({ format: "DD.MM.YYYY", source: "file" });
    expect(summary(rows).map((row) => ("start" in row ? [row.description, row.start, row.billable] : row))).toEqual([
      ["Measured the field; twice", "2026-05-04T08:00:00Z", true],
      ['Ordered "Skyhook" kites', "2026-05-05T16:15:00Z", false],
    ]);
  });

  it("when Harvest writes hours with a decimal comma and dotted dates, then they are hours and days", () => {
    const { rows } = readAs("harvest", fixture("harvest-comma.csv"), "Europe/Helsinki");
    expect(summary(rows)).toEqual([
      {
        row: 2,
        person: { name: "Ada Lane", column: "First Name" },
        project: "Cider Press",
        task: "Bottling",
        description: "Filled, capped and labelled",
        start: "2026-01-25T22:00:00Z",
        end: "2026-01-26T05:30:00Z",
        billable: true,
      },
      {
        row: 3,
        person: { name: "Bo", column: "First Name" },
        project: "Cider Press",
        task: "Bottling",
        description: "Swept the floor",
        start: "2026-01-26T22:00:00Z",
        end: "2026-01-26T22:15:00Z",
        billable: false,
      },
    ]);
  });

  it("when Toggl, Clockify and Stint files carry tags, then each cell is split as its export joins them, trimmed, each tag once ignoring case", () => {
    const tagsOf = (rows: { row: number; reading: RowReading }[]) =>
      rows.map(({ row, reading }) => ("field" in reading ? { row, refused: reading.field, reason: reading.reason } : reading.row.tags));
    expect(tagsOf(readAs("toggl", fixture("toggl-tags.csv")).rows)).toEqual([
      ["design", "Night shift", "review"],
      ["Design"],
      { row: 4, refused: "Tags", reason: "holds 21 tags: an entry carries at most 20" },
      { row: 5, refused: "Tags", reason: 'has a tag of more than 50 characters ("a tag that goes on a…")' },
      [],
    ]);
    expect(tagsOf(readAs("clockify", fixture("clockify-tags.csv")).rows)).toEqual([
      ["Workshop", "overtime"],
      ["field", "WORKSHOP"],
    ]);
    // Stint's export joins tags with "; ": a tag holding a bare semicolon reads back whole.
    expect(tagsOf(readAs("stint", fixture("stint-tags.csv")).rows)).toEqual([["Design", "night shift", "q3;review"], []]);
    // Toggl's newer export writes "-" for no tags; Harvest's has no tags at all.
    expect(tagsOf(readAs("toggl", fixture("toggl-2026.csv")).rows).slice(0, 2)).toEqual([[], ["night"]]);
    expect(tagsOf(readAs("harvest", fixture("harvest.csv")).rows).every((tags) => Array.isArray(tags) && tags.length === 0)).toBe(true);
  });

  it("when a tab-separated file's dates decide nothing, then the request or else the vendor's default does", () => {
    const byDefault = readAs("harvest", fixture("harvest-tab.tsv"));
    expect(byDefault.delimiter).toBe("\t");
    expect(byDefault.dates).toEqual({ format: "MM/DD/YYYY", source: "default" });
    expect(summary(byDefault.rows).map((row) => ("start" in row ? row.start : row))).toEqual([
      "2026-06-01T00:00:00Z",
      "2026-06-02T00:00:00Z",
    ]);
    const asked = readAs("harvest", fixture("harvest-tab.tsv"), "UTC", "DD/MM/YYYY");
    expect(asked.dates).toEqual({ format: "DD/MM/YYYY", source: "request" });
    expect(summary(asked.rows).map((row) => ("start" in row ? row.start : row))).toEqual(["2026-01-06T00:00:00Z", "2026-02-06T00:00:00Z"]);
  });

  it("when a file shows both date orders, then it is refused naming a row of each", () => {
    expect(() => readAs("clockify", fixture("clockify-two-orders.csv"))).toThrow(/row 3 has "14\/02\/2026".*row 4 has "02\/15\/2026"/);
  });

  it("when the header lacks a required column, then the 400 names it by every name the vendor used, and the delimiter it was read with", () => {
    const refusal = (() => {
      try {
        readHeader("Project;Start date;Start time;End time\n", LAYOUTS.toggl, false);
      } catch (error) {
        return error as ApiError;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal?.message).toBe(
      'file: is not a Toggl Track detailed export: its header (read as semicolon-separated) lacks "End date" (or "Stop date")',
    );
    expect(() => readHeader("just one column\n", LAYOUTS.harvest, false)).toThrow(/single column/);
    expect(readHeader("DATE , project,HOURS\r\n", LAYOUTS.harvest, false)?.columns).toEqual({
      date: { index: 0, header: "DATE" },
      project: { index: 1, header: "project" },
      hours: { index: 2, header: "HOURS" },
    });
    expect(readHeader("Date,Project,Hou", LAYOUTS.harvest, false)).toBeNull();
  });
});
