import type { Delimiter } from "./contract";
/*
 * CSV read as a spreadsheet shows it: one row per record, whatever line breaks its quoted
 * cells hold. The text arrives in pieces, so that a large file is never whole in memory,
 * and the reader says which row each record is and where, if anywhere, the file stops being
 * readable (see docs/api.md, Imports).
 */

/** How a delimiter is named in messages and answers. */
export const DELIMITER_NAMES: Readonly<Record<Delimiter, string>> = { ",": "comma", ";": "semicolon", "\t": "tab" };

/** One record: its row (the header is row 1) and its cells, as written. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** Where the file stops being readable CSV, and why. */
export interface CsvBreak {
  row: number;
  reason: string;
}

/** A cell this long is a quote that never closed, not a cell: reading stops there rather than holding the rest of the file. */
export const MAX_CELL_CHARS = 1_000_000;

const QUOTE = 34; // "
const LF = 10;
const CR = 13;
const SPACE = 32;

const enum State {
  /** At the start of a cell. */
  CellStart,
  /** In a cell without quotes. */
  Plain,
  /** In a quoted cell. */
  Quoted,
  /** A quote inside a quoted cell: the cell's end, or the first of two quotes that mean one. */
  QuoteInQuoted,
  /** After a quoted cell's closing quote and spaces: only a delimiter or a line end may follow. */
  AfterQuoted,
}

/**
 * Splits CSV text (RFC 4180, with a chosen delimiter) into records as it is fed. A quote
 * inside a cell without quotes is kept as written; a blank line is a row without cells
 * (counted, never returned). Once the text breaks (a quoted cell followed by more text, or
 * one that never ends), `broken` says where and nothing more is returned.
 */
export class CsvRecords {
  private readonly delimiter: number;
  /** Rows finished so far, blank ones included. */
  private rows = 0;
  private cells: string[] = [];
  private cell = "";
  private state = State.CellStart;
  /** A CR ended the last record: an LF right after it belongs to it. */
  private afterCR = false;
  /** The row a quoted cell opened in, for the message if it never closes. */
  private quoteOpenedInRow = 0;
  broken: CsvBreak | null = null;

  constructor(delimiter: Delimiter) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** The records that the text completes. */
  push(text: string): CsvRecord[] {
    const done: CsvRecord[] = [];
    if (this.broken) return done;
    const delimiter = this.delimiter;
    let runStart = -1;
    const keepRun = (end: number) => {
      if (runStart >= 0) this.cell += text.slice(runStart, end);
      runStart = -1;
    };
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (this.afterCR) {
        this.afterCR = false;
        if (code === LF) continue;
      }
      switch (this.state) {
        case State.Quoted:
          if (code === QUOTE) {
            keepRun(at);
            this.state = State.QuoteInQuoted;
          } else if (runStart < 0) runStart = at;
          continue;
        case State.QuoteInQuoted:
          if (code === QUOTE) {
            this.cell += '"';
            this.state = State.Quoted;
            continue;
          }
          this.state = State.AfterQuoted;
          break;
        case State.CellStart:
          if (code === QUOTE) {
            this.state = State.Quoted;
            this.quoteOpenedInRow = this.rows + 1;
            continue;
          }
          break;
      }
      // Plain text, a cell's start, or what follows a closing quote.
      if (code === delimiter) {
        keepRun(at);
        this.endCell();
      } else if (code === LF || code === CR) {
        keepRun(at);
        this.afterCR = code === CR;
        const record = this.endRecord();
        if (record) done.push(record);
      } else if (this.state === State.AfterQuoted) {
        if (code !== SPACE) {
          this.breakAt(this.rows + 1, `has text after a quoted cell's closing quote, before the next ${delimiterName(delimiter)}`);
          return done;
        }
      } else {
        this.state = State.Plain;
        if (runStart < 0) runStart = at;
      }
    }
    keepRun(text.length);
    if (this.cell.length > MAX_CELL_CHARS) {
      this.breakAt(
        this.rows + 1,
        `has a cell of more than ${MAX_CELL_CHARS.toLocaleString("en-US")} characters: a quote that opens there never closes`,
      );
    }
    return done;
  }

  /** The last record, if the text does not end with a line break; or the break, if it ends inside quotes. */
  end(): CsvRecord[] {
    if (this.broken) return [];
    if (this.state === State.Quoted) {
      this.breakAt(this.quoteOpenedInRow, "opens a quoted cell that never closes: the file ends inside it");
      return [];
    }
    const record = this.endRecord();
    return record ? [record] : [];
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = "";
    this.state = State.CellStart;
  }

  private endRecord(): CsvRecord | null {
    const blank = this.cells.length === 0 && this.cell === "" && this.state === State.CellStart;
    this.rows += 1;
    if (blank) return null;
    this.endCell();
    const record = { row: this.rows, cells: this.cells };
    this.cells = [];
    return record;
  }

  private breakAt(row: number, reason: string): void {
    this.broken = { row, reason };
    this.cells = [];
    this.cell = "";
  }
}

function delimiterName(code: number): string {
  return DELIMITER_NAMES[String.fromCharCode(code) as Delimiter];
}
