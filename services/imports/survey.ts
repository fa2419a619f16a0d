import { DELIMITERS, type Delimiter } from "./contract";
import { ApiError } from "../../shared/errors";
import { CsvRecords, DELIMITER_NAMES, type CsvRecord } from "./csv-records";
import { DateEvidence } from "./file-values";
import { DATE_ROLES, matchColumns, namesOf, type FileColumn, type FileColumns, type Layout } from "./layouts";

/*
 * The first look at a file, while it arrives: its delimiter and columns from the header,
 * and what its dates say about their format. A file the import could not read at all is
 * refused here, before any job exists.
 */

/** The header as read: the delimiter it is written with and the layout's columns in it. */
export interface FileHeader {
  delimiter: Delimiter;
  columns: FileColumns;
}

/** How much text may come before the header row ends. */
const MAX_HEADER_CHARS = 64 * 1024;

const refuse = (message: string) => ApiError.validation([{ field: "file", reason: "invalid", message }]);

/** The first record of `text` read with `delimiter`: `null` until its text is complete, `"broken"` if it cannot be read so. */
function firstRecord(text: string, delimiter: Delimiter, complete: boolean): CsvRecord | "broken" | null {
  const reader = new CsvRecords(delimiter);
  const [record] = reader.push(text);
  if (record) return record;
  if (reader.broken) return "broken";
  if (!complete) return null;
  return reader.end()[0] ?? (reader.broken ? "broken" : null);
}

type Candidate = { delimiter: Delimiter; cells: number; missing: ReturnType<typeof matchColumns>["missing"]; columns: FileColumns };

/**
 * The delimiter and columns of a header row, or `null` while its text is incomplete. The
 * delimiter is the one with which the header has the layout's columns (comma first); a header
 * that has them with none is a 400 naming what it lacks and how it was read.
 */
export function readHeader(text: string, layout: Layout, complete: boolean): FileHeader | null {
  let best: Candidate | null = null;
  let broken = false;
  for (const delimiter of DELIMITERS) {
    const record = firstRecord(text, delimiter, complete);
    if (record === null) {
      if (!complete) return null;
      continue;
    }
    if (record === "broken") {
      broken = true;
      continue;
    }
    const { columns, missing } = matchColumns(layout, record.cells);
    if (!best || missing.length < best.missing.length || (missing.length === best.missing.length && record.cells.length > best.cells)) {
      best = { delimiter, cells: record.cells.length, missing, columns };
    }
  }
  if (!best) return broken ? failNoHeader() : null;
  if (best.missing.length > 0) {
    const lacks = best.missing.map(namesOf).join(", ");
    const reading =
      best.cells === 1
        ? "its header has a single column (columns must be separated by commas, semicolons or tabs)"
        : `its header (read as ${DELIMITER_NAMES[best.delimiter]}-separated) lacks ${lacks}`;
    throw refuse(`is not a ${layout.title}: ${reading}`);
  }
  return { delimiter: best.delimiter, columns: best.columns };
}

function failNoHeader(): never {
  throw refuse("has no readable header row: its quotes do not close where they should");
}

/** Reads the decoded text as it arrives: the header first, then the dates of every row. */
export class FileSurvey {
  readonly evidence = new DateEvidence();
  private head = "";
  private reader: CsvRecords | null = null;
  private header: FileHeader | null = null;
  private headerSeen = false;
  private dateColumns: FileColumn[] = [];

  constructor(private readonly layout: Layout) {}

  write(text: string): void {
    if (this.reader) {
      this.look(this.reader.push(text));
      return;
    }
    this.head += text;
    const header = readHeader(this.head, this.layout, false);
    if (header) this.begin(header);
    else if (this.head.length > MAX_HEADER_CHARS) throw refuse(`has no header row in its first ${MAX_HEADER_CHARS / 1024} KiB`);
  }

  /** The header, once the whole file has been seen. */
  end(): FileHeader {
    if (!this.reader) {
      const header = this.head.trim() === "" ? null : readHeader(this.head, this.layout, true);
      if (!header) throw refuse("has no header row: it is empty or blank");
      this.begin(header);
    }
    this.look((this.reader as CsvRecords).end());
    return this.header as FileHeader;
  }

  private begin(header: FileHeader): void {
    this.header = header;
    this.reader = new CsvRecords(header.delimiter);
    this.dateColumns = DATE_ROLES.flatMap((role) => (header.columns[role] ? [header.columns[role]] : []));
    const text = this.head;
    this.head = "";
    this.look(this.reader.push(text));
  }

  private look(records: readonly CsvRecord[]): void {
    for (const record of records) {
      if (!this.headerSeen) {
        this.headerSeen = true;
        continue;
      }
      for (const column of this.dateColumns) this.evidence.see(record.cells[column.index] ?? "", record.row, column.header);
    }
  }
}
