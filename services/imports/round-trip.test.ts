import {
  carriesBillable,
  carriesTags,
  exportEntries,
  randomEntries,
  randomStyle,
  REQUESTED_FORMAT,
  seededRandom,
  type ExportedEntry,
  type ExportStyle,
} from "../../test/import-exports";
import { CsvRecords } from "./csv-records";
import { decideDateFormat } from "./file-values";
import { LAYOUTS } from "./layouts";
import { readRow } from "./rows";
import { FileSurvey } from "./survey";

const PEOPLE = [
  { email: "ada@example.test", firstName: "Ada", lastName: "Lane" },
  { email: "bo@example.test", firstName: "Bo", lastName: "Ng" },
];

/** The entries as the import reads the file back, sent in pieces as an upload arrives. */
function readBack(text: string, style: ExportStyle) {
  const layout = LAYOUTS[style.source];
  const survey = new FileSurvey(layout);
  for (let at = 0; at < text.length; at += 1000) survey.write(text.slice(at, at + 1000));
  const header = survey.end();
  const dates =
    layout.times === "instants"
      ? { format: "YYYY-MM-DD" as const, source: "default" as const }
      : decideDateFormat(survey.evidence, REQUESTED_FORMAT[style.dates], layout.defaultDateFormat);
  const reader = new CsvRecords(header.delimiter);
  const [, ...records] = [...reader.push(text), ...reader.end()];
  return {
    delimiter: header.delimiter,
    readings: records.map((record) =>
      readRow(record.cells, { layout, columns: header.columns, zone: style.zone, dateFormat: dates.format }),
    ),
  };
}

function expected(entry: ExportedEntry, style: ExportStyle) {
  return {
    person: style.source === "harvest" ? { name: `${entry.firstName} ${entry.lastName}` } : { email: entry.email },
    project: entry.project,
    task: entry.task,
    description: entry.description,
    start: entry.start,
    end: entry.end,
    billable: carriesBillable(style) ? entry.billable : null,
    tags: carriesTags(style) ? entry.tags : [],
  };
}

describe("entries exported in each vendor's layout and read back", () => {
  it("when written in any layout, date format, clock, decimal mark and delimiter, then every entry reads back the same", () => {
    const seed = Number(process.env.IMPORT_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    for (let round = 0; round < 300; round++) {
      const style = randomStyle(random);
      const entries = randomEntries(random, style, PEOPLE, 1 + Math.floor(random() * 12));
      const text = exportEntries(entries, style);
      const { delimiter, readings } = readBack(text, style);
      const context = `seed ${seed}, round ${round}, ${JSON.stringify(style)}`;
      expect({ context, delimiter }).toEqual({ context, delimiter: style.delimiter });
      const read = readings.map((reading) => {
        if (!("row" in reading)) return reading;
        const { person, ...rest } = reading.row;
        return { ...rest, person: person && ("email" in person ? { email: person.email } : { name: person.name }) };
      });
      expect({ context, read }).toEqual({ context, read: entries.map((entry) => expected(entry, style)) });
    }
  });
});
