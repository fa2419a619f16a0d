import type { Page } from "playwright-core";
import { describeWithChromium } from "../../test/support/servers";
import { cellChange, gridOf, parseDuration } from "../src/pages/timesheet-grid-model";
import { groupByDay } from "../src/pages/timesheet-week";
import { DESKTOP, openApp, PASSWORD, PHONE_375, seriousAccessibilityViolations, signInInApp } from "./support/browser";
import { contentWidth, useWebApp } from "./support/web-app";
import { chooseProject, dayKey, eventually, isFocused, mondayOf, projectPicker, someoneWithProjects, timerOf } from "./support/workday";

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE_375],
] as const;

/** Presses a shortcut's key with the keyboard on the page's heading, outside any field. */
async function pressShortcut(page: Page, key: string): Promise<void> {
  await page.getByRole("heading", { level: 1 }).first().focus();
  await page.keyboard.press(key);
}

/** A local day plus hours and minutes, as an instant. */
function at(day: Date, hours: number, minutes = 0): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

describe("the week grid's arithmetic", () => {
  it("when a cell is typed as 1:30, 1.5, 1,5, 90m or 2h, then it is read as that many seconds, and nonsense or over a day as nothing", () => {
    expect([" 1:30 ", "1.5", "1,5", "90m", "2h", "", "0"].map(parseDuration)).toEqual([5400, 5400, 5400, 5400, 7200, 0, 0]);
    expect(["1:75", "soon", "25", "-1", "1:30:00"].map(parseDuration)).toEqual([null, null, null, null, null]);
  });

  it("when a week is laid out as a grid, then each project has a row of seven days with its total, and added rows come last", () => {
    const monday = new Date(2026, 10, 16);
    const entry = (id: string, project: string, day: number, hours: number) => ({
      id,
      project_id: project,
      is_running: false,
      start_time: at(new Date(2026, 10, 16 + day), 9).toISOString(),
      end_time: at(new Date(2026, 10, 16 + day), 9 + hours).toISOString(),
      duration: hours * 3600,
    });
    const days = groupByDay(monday, [entry("a", "p1", 0, 1), entry("b", "p1", 0, 2), entry("c", "p2", 3, 1)], Date.now());
    const rows = gridOf(days, ["p3"], Date.now());
    expect(rows.map((row) => [row.projectId, row.cells.map((cell) => cell.seconds / 3600), row.seconds / 3600])).toEqual([
      ["p1", [3, 0, 0, 0, 0, 0, 0], 3],
      ["p2", [0, 0, 0, 1, 0, 0, 0], 1],
      ["p3", [0, 0, 0, 0, 0, 0, 0], 0],
    ]);
  });

  it("when a total is typed into a cell, then an empty cell gets an entry and otherwise the latest entry takes up the difference", () => {
    const day = new Date(2026, 10, 18);
    const entry = (id: string, from: number, hours: number) => ({
      id,
      project_id: "p1",
      is_running: false,
      start_time: at(day, from).toISOString(),
      end_time: at(day, from + hours).toISOString(),
      duration: hours * 3600,
    });
    const cellOf = (entries: ReturnType<typeof entry>[]) => ({
      dayKey: "2026-11-18",
      day,
      entries,
      seconds: entries.reduce((sum, one) => sum + one.duration, 0),
    });
    const [morning, afternoon] = [entry("morning", 9, 2), entry("afternoon", 14, 1)];
    // The latest by start, whatever the order the cell lists them in.
    const two = cellOf([afternoon, morning]);
    expect(cellChange(cellOf([]), 5400)).toEqual({ kind: "create", seconds: 5400 });
    expect(cellChange(cellOf([]), 0)).toEqual({ kind: "none" });
    expect(cellChange(two, 3 * 3600)).toEqual({ kind: "none" });
    expect(cellChange(two, 4 * 3600)).toEqual({ kind: "resize", entry: afternoon, seconds: 2 * 3600 });
    expect(cellChange(two, 2.5 * 3600)).toEqual({ kind: "resize", entry: afternoon, seconds: 1800 });
    expect(cellChange(two, 2 * 3600)).toEqual({ kind: "delete", entry: afternoon });
    expect(cellChange(two, 3600)).toEqual({ kind: "below-the-others", othersSeconds: 2 * 3600 });
    expect(cellChange(cellOf([morning]), 0)).toEqual({ kind: "delete", entry: morning });
  });
});

/*
 * A day's work at the keyboard: the project picker that searches and remembers, suggestions
 * from what was done before, continuing an entry, the time in the tab, the shortcuts, and the
 * week as a grid.
 */
describeWithChromium("web application: a day's work", () => {
  const app = useWebApp();

  /** An organization of its own, with four projects, for one test. */
  const someone = (label: string) => someoneWithProjects(app.deployment.url, label, ["Almanac", "Barometer", "Chronometer", "Orrery"]);

  async function open(
    viewport: { width: number; height: number },
    email: string,
  ): Promise<{ page: Page; close(): Promise<void>; problems: string[] }> {
    const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
    await signInInApp(page, email, PASSWORD);
    return { page, problems, close: () => context.close() };
  }

  it.each(VIEWPORTS)(
    "when a project is searched in the timer's picker on a %s, then only the matches are offered, and the last used comes first under Recent",
    async (_name, viewport) => {
      const { email, stint, projects } = await someone("picker");
      const chronometer = projects[2]!;
      await stint.timeEntries.create({
        projectId: chronometer.id,
        description: "winding",
        startTime: at(new Date(), 0, 5).toISOString(),
        endTime: at(new Date(), 0, 20).toISOString(),
      });
      const { page, close, problems } = await open(viewport, email);
      const picker = projectPicker(timerOf(page));
      // Opened from the keyboard, as the combobox pattern has it: Down opens the list.
      await picker.focus();
      await picker.press("ArrowDown");
      const listbox = page.getByRole("listbox");
      await listbox.getByRole("option", { name: /^Chronometer/ }).waitFor();
      const names = await listbox.getByRole("option").allInnerTexts();
      expect(names[0]).toMatch(/^Chronometer/);
      expect(await listbox.getByText("Recent").count()).toBe(1);
      await picker.fill("baro");
      expect(
        await eventually(
          () => listbox.getByRole("option").allInnerTexts(),
          (texts) => texts.length === 1,
        ),
      ).toEqual([expect.stringMatching(/^Barometer/)]);
      await picker.press("ArrowDown");
      await picker.press("Enter");
      expect(await picker.inputValue()).toBe("Barometer");
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    },
    90_000,
  );

  it.each(VIEWPORTS)(
    "when an earlier description is typed into the timer on a %s, then it is suggested, and taking it brings its project",
    async (_name, viewport) => {
      const { email, stint, projects } = await someone("suggest");
      const orrery = projects[3]!;
      await stint.timeEntries.create({
        projectId: orrery.id,
        description: "calibrating the moons",
        startTime: at(new Date(), 0, 5).toISOString(),
        endTime: at(new Date(), 0, 20).toISOString(),
      });
      const { page, close, problems } = await open(viewport, email);
      const timer = timerOf(page);
      const description = timer.getByLabel("What are you working on?", { exact: true });
      // The suggestions are the options of the field's list, offered by the browser as it is typed.
      const offered = () =>
        description.evaluate((input) => {
          const list = (input as unknown as { list: { options: ArrayLike<{ value: string }> } | null }).list;
          return Array.from(list?.options ?? [], (option) => option.value);
        });
      await description.fill("calib");
      expect(await eventually(offered, (values) => values.length > 0)).toEqual(["calibrating the moons"]);
      await description.fill("calibrating the moons");
      expect(
        await eventually(
          () => projectPicker(timer).inputValue(),
          (value) => value === "Orrery",
        ),
      ).toBe("Orrery");
      expect(problems).toEqual([]);
      await close();
    },
    90_000,
  );

  it.each(VIEWPORTS)(
    "when an entry is continued on a %s, then a timer runs on the same work and the tab's title counts its time",
    async (_name, viewport) => {
      const { email, stint, projects } = await someone("continue");
      const almanac = projects[0]!;
      await stint.timeEntries.create({
        projectId: almanac.id,
        description: "ruling the tables",
        billable: false,
        startTime: at(new Date(), 0, 5).toISOString(),
        endTime: at(new Date(), 0, 20).toISOString(),
      });
      const { page, close, problems } = await open(viewport, email);
      await page.goto("/timesheet");
      const row = page.getByRole("row", { name: /ruling the tables/ });
      await row.getByRole("button", { name: /^Continue/ }).click();
      await timerOf(page).getByRole("button", { name: "Stop timer" }).waitFor();
      expect(await stint.timeEntries.current()).toMatchObject({
        project_id: almanac.id,
        description: "ruling the tables",
        billable: false,
      });
      expect(
        await eventually(
          () => page.title(),
          (title) => /^0:00:0\d · Timesheet · Stint$/.test(title),
        ),
      ).toMatch(/^0:00:0\d · Timesheet · Stint$/);
      await timerOf(page).getByRole("button", { name: "Stop timer" }).click();
      expect(
        await eventually(
          () => page.title(),
          (title) => title === "Timesheet · Stint",
        ),
      ).toBe("Timesheet · Stint");
      expect(problems).toEqual([]);
      await close();
    },
    90_000,
  );

  it.each(VIEWPORTS)(
    "when ? is pressed on a %s, then the shortcuts are listed, and s starts and stops the timer, n opens a new entry, t goes to the timesheet",
    async (_name, viewport) => {
      const { email, stint, projects } = await someone("keys");
      const { page, close, problems } = await open(viewport, email);
      await page.goto("/reports");
      await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
      await pressShortcut(page, "?");
      const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/Start or stop the timer[\s\S]*Add time[\s\S]*Go to the timesheet/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await pressShortcut(page, "t");
      await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
      await chooseProject(page, projectPicker(timerOf(page)), "Orrery");
      await pressShortcut(page, "s");
      await timerOf(page).getByRole("button", { name: "Stop timer" }).waitFor();
      expect(await stint.timeEntries.current()).toMatchObject({ project_id: projects[3]!.id });
      await pressShortcut(page, "s");
      await timerOf(page).getByRole("button", { name: "Start timer" }).waitFor();
      expect(await stint.timeEntries.current()).toBeNull();

      await pressShortcut(page, "n");
      const form = page.getByRole("form", { name: "New entry" });
      await form.waitFor();
      expect(await eventually(() => isFocused(form.getByLabel("Date")), Boolean)).toBe(true);
      expect(problems).toEqual([]);
      await close();
    },
    90_000,
  );

  it.each(VIEWPORTS)(
    "when hours are typed into the week grid on a %s, then entries are made and changed, and the row, column and week totals follow",
    async (_name, viewport) => {
      const { email, stint, projects } = await someone("grid");
      const [almanac, barometer] = projects;
      const monday = mondayOf(new Date());
      const tuesday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 1);
      const existing = await stint.timeEntries.create({
        projectId: almanac!.id,
        startTime: at(tuesday, 10).toISOString(),
        endTime: at(tuesday, 11).toISOString(),
      });
      const { page, close, problems } = await open(viewport, email);
      await page.goto(`/timesheet?week=${dayKey(monday)}`);
      await page.getByRole("link", { name: "Week grid" }).click();
      const grid = page.getByRole("table", { name: /Hours by project and day/ });
      const cell = (project: string, day: Date) =>
        grid.getByRole("textbox", {
          name: `${project}, ${new Intl.DateTimeFormat("en-US", { weekday: "long", day: "numeric", month: "long" }).format(day)}`,
        });
      expect(await cell("Almanac", tuesday).inputValue()).toBe("1:00");

      // The existing entry grows to 2:30; a new row gets time on Monday.
      await cell("Almanac", tuesday).fill("2.5");
      await cell("Almanac", tuesday).press("Enter");
      expect(
        await eventually(
          async () => (await stint.timeEntries.get(existing.id)).duration,
          (seconds) => seconds === 9000,
        ),
      ).toBe(9000);
      await chooseProject(page, projectPicker(page.getByRole("main")), "Barometer");
      await cell("Barometer", monday).fill("1:15");
      await cell("Barometer", monday).press("Tab");
      const totals = () => grid.locator("tfoot td").allInnerTexts();
      expect(await eventually(totals, (texts) => texts[7] === "3:45")).toEqual([
        "1:15",
        "2:30",
        "0:00",
        "0:00",
        "0:00",
        "0:00",
        "0:00",
        "3:45",
      ]);
      const barometerRow = grid.getByRole("row", { name: /^Barometer/ });
      expect(await barometerRow.getByRole("cell").last().innerText()).toBe("1:15");
      const made = [];
      for await (const entry of stint.timeEntries.list({ projectId: barometer!.id })) made.push(entry);
      expect(made.map((entry) => [entry.duration, Date.parse(entry.start_time)])).toEqual([[4500, at(monday, 9).getTime()]]);

      // A day of two entries: the latest takes up the change; below the earlier one's hour, it is said.
      const wednesday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 2);
      const [first, second] = [
        await stint.timeEntries.create({
          projectId: barometer!.id,
          startTime: at(wednesday, 9).toISOString(),
          endTime: at(wednesday, 10).toISOString(),
        }),
        await stint.timeEntries.create({
          projectId: barometer!.id,
          startTime: at(wednesday, 13).toISOString(),
          endTime: at(wednesday, 13, 30).toISOString(),
        }),
      ];
      expect(
        await eventually(
          () => cell("Barometer", wednesday).inputValue(),
          (shown) => shown === "1:30",
        ),
      ).toBe("1:30");
      await cell("Barometer", wednesday).fill("2:00");
      await cell("Barometer", wednesday).press("Enter");
      expect(
        await eventually(
          async () => (await stint.timeEntries.get(second.id)).duration,
          (seconds) => seconds === 3600,
        ),
      ).toBe(3600);
      await cell("Barometer", wednesday).fill("0:30");
      await cell("Barometer", wednesday).press("Enter");
      await page.getByRole("alert").filter({ hasText: "The earlier entries of this day already make 1:00" }).waitFor();
      expect([(await stint.timeEntries.get(first.id)).duration, (await stint.timeEntries.get(second.id)).duration]).toEqual([3600, 3600]);

      // Nonsense is said in words and stored nowhere.
      await cell("Almanac", monday).fill("soon");
      await cell("Almanac", monday).press("Enter");
      expect(await grid.getByRole("alert").innerText()).toMatch(/1:30, 1.5 or 90m/);
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    },
    90_000,
  );
});
