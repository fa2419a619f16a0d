import { Readable, Writable } from "node:stream";
import { FILE_MEDIA_TYPES, type FileMediaType } from "../../shared/operations";

/**
 * Writing a report out as CSV or as an XLSX spreadsheet, streamed: rows are written as
 * they come, so an export of every entry of a year never sits in memory whole.
 */

export type Cell = string | number | boolean | null;

export interface Table {
  columns: readonly string[];
  /** Batches of rows, each as long as `columns`. */
  rows: AsyncIterable<readonly (readonly Cell[])[]>;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled (numbers and booleans never need it). */
function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell !== "string") return String(cell);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One line, CRLF-ended; written into one string, as an export writes one for every entry. */
function csvLine(cells: readonly Cell[]): string {
  let line = cells.length > 0 ? csvField(cells[0] as Cell) : "";
  for (let at = 1; at < cells.length; at++) line += `,${csvField(cells[at] as Cell)}`;
  return `${line}\r\n`;
}

async function* csvText(table: Table): AsyncGenerator<string> {
  yield csvLine(table.columns);
  for await (const batch of table.rows) {
    let text = "";
    for (const row of batch) text += csvLine(row);
    yield text;
  }
}

function csvStream(table: Table): Readable {
  return Readable.from(csvText(table), { objectMode: false });
}

/** Bytes of a file waiting for its reader at most, before the writer waits for it to catch up. */
const XLSX_AHEAD_BYTES = 1024 * 1024;

/**
 * One worksheet, header row first; numbers stay numbers, booleans booleans. ExcelJS writes
 * its zip into a sink whose chunks wait here for the reader; rows are added only while
 * less than `XLSX_AHEAD_BYTES` wait, so a slow reader holds the rows back, not memory.
 */
async function* xlsxBytes(table: Table, sheetName: string): AsyncGenerator<Buffer> {
  const waiting: Buffer[] = [];
  let waitingBytes = 0;
  let finished = false;
  let failure: unknown;
  let wakeReader: (() => void) | undefined;
  let wakeWriter: (() => void) | undefined;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      waiting.push(chunk);
      waitingBytes += chunk.length;
      wakeReader?.();
      done();
    },
  });
  // ExcelJS is loaded with the first spreadsheet asked for, not at start (docs/design.md, "Memory at rest").
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    sheet.addRow([...table.columns]).commit();
    for await (const batch of table.rows) {
      for (const row of batch) sheet.addRow(row.map((cell) => cell ?? "")).commit();
      while (waitingBytes > XLSX_AHEAD_BYTES) await new Promise<void>((resolve) => (wakeWriter = resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write()
    .catch((error: unknown) => (failure = error ?? new Error("the spreadsheet could not be written")))
    .finally(() => {
      finished = true;
      wakeReader?.();
    });
  for (;;) {
    const chunk = waiting.shift();
    if (chunk) {
      waitingBytes -= chunk.length;
      if (waitingBytes <= XLSX_AHEAD_BYTES) wakeWriter?.();
      yield chunk;
      continue;
    }
    if (failure !== undefined) throw failure;
    if (finished) return;
    await new Promise<void>((resolve) => (wakeReader = resolve));
  }
}

export function tableFile(table: Table, format: "csv" | "xlsx", sheetName: string): { stream: Readable; mediaType: FileMediaType } {
  return format === "csv"
    ? { stream: csvStream(table), mediaType: FILE_MEDIA_TYPES.csv }
    : { stream: Readable.from(xlsxBytes(table, sheetName), { objectMode: false }), mediaType: FILE_MEDIA_TYPES.xlsx };
}

/** Seconds as decimal hours, to two places (exports carry both, docs/api.md#exports). */
export function hours(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}

/** `stint-summary-2026-01-01-2026-12-31.csv` */
export function exportFileName(report: "summary" | "detailed", startDate: string, endDate: string, format: "csv" | "xlsx"): string {
  return `stint-${report}-${startDate}-${endDate}.${format}`;
}
