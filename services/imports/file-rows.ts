import type { Delimiter } from "./contract";
import { createReadStream } from "node:fs";
import { CsvRecords, type CsvBreak, type CsvRecord } from "./csv-records";
import { matchColumns, type FileColumns, type Layout } from "./layouts";

/** A kept file read back from disk: its columns, then its data records one by one; `broken` once it ends, if it broke. */
export class FileRows {
  broken: CsvBreak | null = null;
  columns: FileColumns = {};

  constructor(
    private readonly path: string,
    private readonly delimiter: Delimiter,
    private readonly layout: Layout,
  ) {}

  async *records(): AsyncGenerator<CsvRecord> {
    const reader = new CsvRecords(this.delimiter);
    // The bytes were checked when the file arrived; the decoder drops a byte-order mark.
    const decoder = new TextDecoder("utf-8");
    let headerSeen = false;
    const data = (records: CsvRecord[]): CsvRecord[] => {
      if (headerSeen || records.length === 0) return records;
      headerSeen = true;
      this.columns = matchColumns(this.layout, (records[0] as CsvRecord).cells).columns;
      return records.slice(1);
    };
    for await (const chunk of createReadStream(this.path) as AsyncIterable<Buffer>) {
      yield* data(reader.push(decoder.decode(chunk, { stream: true })));
      if (reader.broken) break;
    }
    if (!reader.broken) {
      yield* data(reader.push(decoder.decode()));
      yield* data(reader.end());
    }
    this.broken = reader.broken;
  }
}
