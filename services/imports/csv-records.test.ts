import type { Delimiter } from "./contract";
import { CsvRecords, MAX_CELL_CHARS, type CsvRecord } from "./csv-records";

/** Every record of `text` fed in pieces of `size` characters, and where it broke. */
function read(text: string, delimiter: Delimiter = ",", size = text.length || 1) {
  const reader = new CsvRecords(delimiter);
  const records: CsvRecord[] = [];
  for (let at = 0; at < text.length; at += size) records.push(...reader.push(text.slice(at, at + size)));
  records.push(...reader.end());
  return { records, broken: reader.broken };
}

describe("CSV records", () => {
  it("when cells are quoted, then delimiters, doubled quotes and line breaks inside them are text, and rows count records", () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n"three\r\nlines",,plain\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      expect(read(text, ",", size)).toEqual({
        records: [
          { row: 1, cells: ["a", "b", "c"] },
          { row: 2, cells: ["x, y", 'say "hi"', "two\nlines"] },
          { row: 3, cells: ["three\r\nlines", "", "plain"] },
        ],
        broken: null,
      });
    }
  });

  it("when the delimiter is a semicolon or a tab, then commas are text", () => {
    expect(read("a;b\n1,5;x\n", ";").records).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 2, cells: ["1,5", "x"] },
    ]);
    expect(read('a\tb\n"1\t2"\t3', "\t").records).toEqual([
      { row: 1, cells: ["a", "b"] },
      { row: 2, cells: ["1\t2", "3"] },
    ]);
  });

  it("when a line is blank, then it is a row without a record, as a spreadsheet shows it", () => {
    expect(read("a\n\n b \r\n\r\nc").records).toEqual([
      { row: 1, cells: ["a"] },
      { row: 3, cells: [" b "] },
      { row: 5, cells: ["c"] },
    ]);
    expect(read("a\rb\r").records).toEqual([
      { row: 1, cells: ["a"] },
      { row: 2, cells: ["b"] },
    ]);
  });

  it("when a cell without quotes holds a quote, then it is kept as written", () => {
    expect(read('5" screen,ok\n').records).toEqual([{ row: 1, cells: ['5" screen', "ok"] }]);
  });

  it("when a quote never closes, then the records before it are kept and the break names the row it opened in", () => {
    const text = 'h\n1\n"two\nstill two\n3\n';
    for (const size of [1, 4, text.length]) {
      expect(read(text, ",", size)).toEqual({
        records: [
          { row: 1, cells: ["h"] },
          { row: 2, cells: ["1"] },
        ],
        broken: { row: 3, reason: "opens a quoted cell that never closes: the file ends inside it" },
      });
    }
  });

  it("when text follows a closing quote, then reading stops at that row; spaces after it are allowed", () => {
    expect(read('a,b\n"x" ,y\n"z"w,1\nlast\n')).toEqual({
      records: [
        { row: 1, cells: ["a", "b"] },
        { row: 2, cells: ["x", "y"] },
      ],
      broken: { row: 3, reason: "has text after a quoted cell's closing quote, before the next comma" },
    });
  });

  it("when a cell grows past the limit, then reading stops there rather than holding the rest of the file", () => {
    const { records, broken } = read(`h\n"${"x".repeat(MAX_CELL_CHARS + 10)}`, ",", 64 * 1024);
    expect(records).toEqual([{ row: 1, cells: ["h"] }]);
    expect(broken?.row).toBe(2);
  });
});
