import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
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

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(cell: Cell): string {
  if (cell === null) return "";
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

async function* csvText(table: Table): AsyncGenerator<string> {
  yield csvLine(table.columns);
  for await (const batch of table.rows) yield batch.map(csvLine).join("");
}

function csvStream(table: Table): Readable {
  return Readable.from(csvText(table), { objectMode: false });
}

/** One worksheet, header row first; numbers stay numbers, booleans booleans. */
function xlsxStream(table: Table, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    sheet.addRow([...table.columns]).commit();
    for await (const batch of table.rows) {
      for (const row of batch) sheet.addRow(row.map((cell) => cell ?? "")).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

export function tableFile(table: Table, format: "csv" | "xlsx", sheetName: string): { stream: Readable; mediaType: FileMediaType } {
  return format === "csv"
    ? { stream: csvStream(table), mediaType: FILE_MEDIA_TYPES.csv }
    : { stream: xlsxStream(table, sheetName), mediaType: FILE_MEDIA_TYPES.xlsx };
}

/** Seconds as decimal hours, to two places (exports carry both, docs/api.md#exports). */
export function hours(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}

/** `stint-summary-2026-01-01-2026-12-31.csv` */
export function exportFileName(report: "summary" | "detailed", startDate: string, endDate: string, format: "csv" | "xlsx"): string {
  return `stint-${report}-${startDate}-${endDate}.${format}`;
}
