import type { Locator, Page } from "playwright-core";

/* Reading the reports page: its tables, its chart, and what it shows once its requests are answered. */

/** Every row of a table as the text of its cells, header cells included. */
export async function rowsOf(table: Locator): Promise<string[][]> {
  type Cell = { textContent: string | null };
  return table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from((row as unknown as { querySelectorAll(selector: string): ArrayLike<Cell> }).querySelectorAll("th, td")).map((cell) =>
          (cell.textContent ?? "").trim(),
        ),
      ),
    );
}

/**
 * What `read` answers once it satisfies `accept`, or its last answer after `timeoutMs` (for
 * the assertion that follows to show): pages settle after their requests come back.
 */
export async function settled<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const same =
  <T>(expected: T) =>
  (value: T) =>
    JSON.stringify(value) === JSON.stringify(expected);

/** How many pixels of the report's chart something was drawn on. */
export async function paintedPixels(page: Page): Promise<number> {
  return page.getByTestId("report-chart").evaluate((element) => {
    const canvas = element as unknown as {
      width: number;
      height: number;
      getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
    };
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) painted += 1;
    return painted;
  });
}
