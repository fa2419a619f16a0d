import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page, Request } from "playwright-core";
import { Stint, type Project, type Task, type TimeEntry } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { DESKTOP, PASSWORD, PHONE, savePicture, seriousAccessibilityViolations, signInInApp, uniqueEmail } from "./support/browser";
import { contentWidth, useWebApp } from "./support/web-app";
import { chooseProject, dayKey, eventually, mondayOf, projectPicker } from "./support/workday";
import { groupByDay, instantOf, parseDay, utcRangeOf, weekFromSearch } from "../src/pages/timesheet-week";

/** A local day plus hours and minutes, as an instant. */
function at(day: Date, hours: number, minutes = 0): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

/** Seconds as the timesheet adds them up: hours and rounded minutes. */
function hoursMinutes(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The section of one day of the shown week, found by its heading ("Tuesday, November 17"). */
function daySection(page: Page, day: Date): Locator {
  return page.getByRole("region", { name: new RegExp(`^${WEEKDAYS[day.getDay()]}\\b`) });
}

async function dayTotal(page: Page, day: Date): Promise<string> {
  return (
    await daySection(page, day)
      .getByText(/^Total/)
      .innerText()
  ).replace(/^Total\s*/, "");
}

async function weekTotal(page: Page): Promise<string> {
  return page.getByRole("table", { name: "Hours by day" }).getByRole("cell").last().innerText();
}

async function entriesOf(stint: Stint, userId: string): Promise<TimeEntry[]> {
  const entries: TimeEntry[] = [];
  for await (const entry of stint.timeEntries.list({ userId, perPage: 200 })) entries.push(entry);
  return entries;
}

describe("timesheet weeks, in the local time zone", () => {
  it("when the address names a day, then the week is the one of its Monday, and anything else means this week", () => {
    const today = new Date(2026, 10, 25, 15, 30);
    expect(dayKey(weekFromSearch("?week=2026-11-18", today))).toBe("2026-11-16");
    expect(dayKey(weekFromSearch("?week=2026-11-22", today))).toBe("2026-11-16");
    expect(dayKey(weekFromSearch("?week=2026-11-23", today))).toBe("2026-11-23");
    for (const search of ["", "?week=2026-02-31", "?week=yesterday", "?week=1969-12-31"])
      expect(dayKey(weekFromSearch(search, today))).toBe("2026-11-23");
    expect(parseDay("2026-13-01")).toBeNull();
    expect(instantOf("2026-11-17", "9:00")).toBeNull();
    expect(instantOf("2026-11-17", "09:05")).toEqual(new Date(2026, 10, 17, 9, 5));
  });

  it("when a local week is loaded, then the API is asked for a UTC day either side and only what starts inside the week is kept, by day", () => {
    const monday = new Date(2026, 10, 16);
    const range = utcRangeOf(monday);
    expect(Date.parse(`${range.startDate}T00:00:00Z`)).toBeLessThanOrEqual(monday.getTime());
    expect(Date.parse(`${range.endDate}T23:59:59Z`)).toBeGreaterThanOrEqual(at(new Date(2026, 10, 22), 23, 59).getTime());
    const entry = (id: string, start: Date, end: Date | null) => ({
      id,
      start_time: start.toISOString(),
      end_time: end?.toISOString() ?? null,
      duration: end ? (end.getTime() - start.getTime()) / 1000 : 0,
    });
    const now = at(new Date(2026, 10, 18), 12).getTime();
    const days = groupByDay(
      monday,
      [
        entry("b", at(new Date(2026, 10, 17), 13), at(new Date(2026, 10, 17), 14)),
        entry("a", at(new Date(2026, 10, 17), 9), at(new Date(2026, 10, 17), 10, 30)),
        entry("before", at(new Date(2026, 10, 15), 23), at(new Date(2026, 10, 15), 23, 30)),
        entry("after", at(new Date(2026, 10, 23), 0, 10), at(new Date(2026, 10, 23), 1)),
        entry("running", at(new Date(2026, 10, 18), 11), null),
      ],
      now,
    );
    expect(days.map((day) => [day.key, day.entries.map((e) => e.id), day.seconds])).toEqual([
      ["2026-11-16", [], 0],
      ["2026-11-17", ["a", "b"], 9000],
      ["2026-11-18", ["running"], 3600],
      ["2026-11-19", [], 0],
      ["2026-11-20", [], 0],
      ["2026-11-21", [], 0],
      ["2026-11-22", [], 0],
    ]);
  });
});

/** A member of the owner's organization, invited and joined through the library. */
async function invitedMember(owner: Stint, baseUrl: string, name: string): Promise<{ stint: Stint; userId: string; email: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const invitation = await owner.invitations.create({ email, role: "member" });
  const joined = await new Stint({ baseUrl }).invitations.accept({ token: invitation.token, name, password: PASSWORD });
  return { stint: new Stint({ baseUrl, accessToken: joined.access_token }), userId: joined.user.id, email };
}

/** An organization of its own, with the billable project Orrery and its task Gears, and its owner in the library. */
async function organizationWithOrrery(
  baseUrl: string,
  label: string,
): Promise<{ stint: Stint; userId: string; email: string; orrery: Project; gears: Task }> {
  const email = uniqueEmail(label);
  const session = await new Stint({ baseUrl }).auth.register({
    email,
    password: PASSWORD,
    name: "Olive Owner",
    organizationName: "Orrery Works",
  });
  const stint = new Stint({ baseUrl, accessToken: session.access_token });
  const orrery = await stint.projects.create({ name: "Orrery", color: "#2f7d4f", billable: true });
  const gears = await stint.tasks.create(orrery.id, { name: "Gears" });
  return { stint, userId: session.user.id, email, orrery, gears };
}

/*
 * The API allows each person 100 requests a minute, and every step of a page costs a few:
 * each test has an organization of its own, and spreads over several people (an owner,
 * a member) as real people would, each within their own allowance.
 */
describeWithChromium("web application: the timesheet and the timer bar", () => {
  const web = useWebApp();
  const { deployment } = web;

  /** An owner of a new organization with Orrery, signed in in a browser of their own. */
  async function ownerInApp(label: string) {
    const organization = await organizationWithOrrery(deployment.url, label);
    const app = await web.open();
    await signInInApp(app.page, organization.email, PASSWORD);
    return { ...organization, ...app };
  }

  /** Mo, a member of the organization, with half an hour of "member's own sanding" on Wednesday, 11 November. */
  async function memberWithSanding(owner: Stint, orrery: Project) {
    const mo = await invitedMember(owner, deployment.url, "Mo Member");
    await mo.stint.timeEntries.create({
      projectId: orrery.id,
      startTime: at(new Date(2026, 10, 11), 14).toISOString(),
      endTime: at(new Date(2026, 10, 11), 14, 30).toISOString(),
      description: "member's own sanding",
    });
    return mo;
  }

  /** Someone's timesheet of the week of `monday`, in a browser of their own, once `shown` is on it. */
  async function sheetOf(email: string, monday: Date, shown: RegExp) {
    const app = await web.open();
    await signInInApp(app.page, email, PASSWORD);
    await app.page.goto(`/?week=${dayKey(monday)}`);
    await app.page.getByRole("row", { name: shown }).waitFor();
    return app;
  }

  it("when the timer runs from the bar and stops, then the week shows the entry with the right totals", async () => {
    const owner = await ownerInApp("sheet-timer");
    const { page, stint, orrery, gears } = owner;
    await page.goto("/");
    await page.getByText("No time this week.").waitFor();
    const timer = page.getByRole("region", { name: "Timer" });
    await timer.getByPlaceholder("What are you working on?").fill("polishing gears");
    await chooseProject(page, projectPicker(timer), "Orrery");
    await timer.getByLabel("Task").selectOption({ label: "Gears" });
    // Starting and stopping swaps the bar's form for the running timer and back; the projects
    // it offers are not asked for again (each request counts against the person's rate limit).
    let projectLoads = 0;
    const countProjectLoads = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/v1/projects" && url.searchParams.get("archived") === "false") projectLoads += 1;
    };
    page.on("request", countProjectLoads);
    await timer.getByRole("button", { name: "Start timer" }).click();
    await timer.getByRole("button", { name: "Stop timer" }).waitFor();
    const running = await stint.timeEntries.current();
    expect(running).toMatchObject({
      project_id: orrery.id,
      task_id: gears.id,
      description: "polishing gears",
      billable: true,
      is_running: true,
    });

    // The sheet shows the running entry as running, without a reload.
    const row = page.getByRole("row", { name: /polishing gears/ });
    await row.getByText("Running").waitFor();

    // Move the start back (within today) in the sheet, so the entry adds up to whole minutes; the bar follows.
    const startOfToday = at(new Date(), 0).getTime();
    const start = new Date(Math.max(Date.now() - 75 * 60_000, startOfToday));
    await row.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("form", { name: /Change the entry/ });
    await edit.getByText("running").waitFor();
    await edit.getByLabel("Start").fill(`${String(start.getHours()).padStart(2, "0")}:${String(start.getMinutes()).padStart(2, "0")}`);
    await edit.getByRole("button", { name: "Save changes" }).click();
    const clock = timer.getByLabel("Time running");
    const first = await eventually(
      () => clock.innerText(),
      (reading) => /^1:1\d:\d\d$/.test(reading) || Date.now() - startOfToday < 80 * 60_000,
    );
    expect(first).toMatch(/^\d+:\d\d:\d\d$/);
    expect(
      await eventually(
        () => clock.innerText(),
        (reading) => reading !== first,
      ),
    ).not.toBe(first);
    await timer.getByText("Orrery · Gears").waitFor();

    await timer.getByRole("button", { name: "Stop timer" }).click();
    await timer.getByRole("button", { name: "Start timer" }).waitFor();
    expect(await stint.timeEntries.current()).toBeNull();
    // Stopping in the bar updates the sheet: the entry is no longer running.
    expect(
      await eventually(
        () => row.getByText("Running").count(),
        (count) => count === 0,
      ),
    ).toBe(0);
    page.off("request", countProjectLoads);
    expect(projectLoads).toBe(0);

    const stopped = (await entriesOf(stint, owner.userId)).find((entry) => entry.id === running!.id)!;
    expect(stopped.end_time).not.toBeNull();
    expect(stopped.duration).toBeGreaterThanOrEqual(60);
    const expected = hoursMinutes(stopped.duration);
    expect(await row.getByRole("cell").nth(1).innerText()).toBe(expected);
    await row.getByRole("cell", { name: "Orrery", exact: true }).waitFor();
    await row.getByRole("cell", { name: "Gears", exact: true }).waitFor();
    expect(await dayTotal(page, new Date(stopped.start_time))).toBe(expected);
    expect(await weekTotal(page)).toBe(expected);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 60_000);

  it("when entries are added, edited and deleted by form, then bad ones are refused in words and the days and the week add up", async () => {
    const { stint: ownerStint, orrery, gears } = await organizationWithOrrery(deployment.url, "sheet-forms");
    const fay = await invitedMember(ownerStint, deployment.url, "Fay Former");
    const { page, context, problems } = await web.open();
    await signInInApp(page, fay.email, PASSWORD);
    const stint = fay.stint;
    const monday = new Date(2026, 10, 16);
    const tuesday = new Date(2026, 10, 17);
    const thursday = new Date(2026, 10, 19);
    await page.goto(`/?week=${dayKey(monday)}`);
    await page.getByText("No time this week.").waitFor();

    const add = async (day: Date, start: string, end: string, description: string) => {
      await page.getByRole("button", { name: "Add time" }).click();
      const form = page.getByRole("form", { name: "New entry" });
      await form.getByLabel("Date").fill(dayKey(day));
      await form.getByLabel("Start").fill(start);
      await form.getByLabel("End").fill(end);
      await chooseProject(page, projectPicker(form), "Orrery");
      await form.getByLabel("Description").fill(description);
      return form;
    };

    // An end before the start is refused in words, and what was typed stays.
    const form = await add(tuesday, "10:30", "09:00", "writing docs");
    await form.getByRole("button", { name: "Add entry" }).click();
    expect(await form.getByRole("alert").innerText()).toMatch(/end time must be after the start time/);
    expect(await form.getByLabel("Description").inputValue()).toBe("writing docs");
    await form.getByLabel("Start").fill("09:00");
    await form.getByLabel("End").fill("10:30");
    await form.getByLabel("Task").selectOption({ label: "Gears" });
    await form.getByLabel("Billable").uncheck();
    await form.getByRole("button", { name: "Add entry" }).click();
    await page.getByText("Entry added.").waitFor();

    const docs = page.getByRole("row", { name: /writing docs/ });
    await docs.getByRole("cell", { name: "Gears", exact: true }).waitFor();
    expect(await docs.innerText()).toMatch(/9:00\sAM–10:30\sAM[\s\S]*1:30[\s\S]*Orrery[\s\S]*Gears[\s\S]*writing docs[\s\S]*Not billable/);
    const created = (await entriesOf(stint, fay.userId)).find((entry) => entry.description === "writing docs")!;
    expect(created).toMatchObject({
      project_id: orrery.id,
      task_id: gears.id,
      billable: false,
      duration: 5400,
      start_time: at(tuesday, 9).toISOString().replace(".000", ""),
    });

    await (await add(thursday, "13:00", "13:45", "code review")).getByRole("button", { name: "Add entry" }).click();
    await page.getByRole("row", { name: /code review/ }).waitFor();
    expect(await dayTotal(page, tuesday)).toBe("1:30");
    expect(await dayTotal(page, thursday)).toBe("0:45");
    expect(await weekTotal(page)).toBe("2:15");

    // Edit in place, by keyboard: the form takes focus, Escape leaves it, Enter saves.
    await docs.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("form", { name: /Change the entry 9:00\sAM–10:30\sAM/ });
    expect(
      await eventually(
        () => edit.getByLabel("Date").evaluate((input) => input === (input.ownerDocument as { activeElement: unknown }).activeElement),
        Boolean,
      ),
    ).toBe(true);
    await page.keyboard.press("Escape");
    expect(
      await eventually(
        () => edit.count(),
        (count) => count === 0,
      ),
    ).toBe(0);
    await docs.getByRole("button", { name: /^Edit/ }).press("Enter");
    await edit.getByLabel("Description").fill("writing the guide");
    await edit.getByLabel("Start").fill("08:00");
    await edit.getByLabel("End").fill("10:15");
    await edit.getByLabel("Description").press("Enter");
    const guide = page.getByRole("row", { name: /writing the guide/ });
    await guide.waitFor();
    expect(await guide.innerText()).toMatch(/8:00\sAM–10:15\sAM[\s\S]*2:15/);
    expect(await dayTotal(page, tuesday)).toBe("2:15");
    expect(await weekTotal(page)).toBe("3:00");
    expect(await stint.timeEntries.get(created.id)).toMatchObject({ description: "writing the guide", duration: 8100 });

    // Each entry links to its screenshots.
    expect(await guide.getByRole("link", { name: /Screenshots/ }).getAttribute("href")).toBe(`/screenshots?entry=${created.id}`);

    // Delete asks once more, then the entry is gone from the sheet and the API.
    await guide.getByRole("button", { name: /^Delete/ }).click();
    await guide.getByRole("button", { name: "Delete for good" }).click();
    expect(
      await eventually(
        () => guide.count(),
        (count) => count === 0,
      ),
    ).toBe(0);
    expect(await weekTotal(page)).toBe("0:45");
    await expect(stint.timeEntries.get(created.id)).rejects.toMatchObject({ status: 404 });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the timer ticks, then nothing on the page moves", async () => {
    const owner = await ownerInApp("sheet-ticks");
    const { page } = owner;
    await page.goto("/");
    const timer = page.getByRole("region", { name: "Timer" });
    await timer.getByPlaceholder("What are you working on?").fill("steady hands");
    await chooseProject(page, projectPicker(timer), "Orrery");
    // The project bills by default; this time is not billed.
    expect(await timer.getByLabel("Billable").isChecked()).toBe(true);
    await timer.getByLabel("Billable").uncheck();
    await timer.getByRole("button", { name: "Start timer" }).click();
    const clock = timer.getByLabel("Time running");
    await clock.waitFor();
    expect(await owner.stint.timeEntries.current()).toMatchObject({ description: "steady hands", billable: false });
    await timer.getByText("Orrery").waitFor();
    await page.getByRole("row", { name: /steady hands/ }).waitFor();

    const watched = [
      timer,
      timer.getByText("steady hands"),
      timer.getByText("Orrery"),
      clock,
      timer.getByRole("button", { name: "Stop timer" }),
      page.getByRole("heading", { level: 1, name: "Timesheet" }),
    ];
    const boxes = () => Promise.all(watched.map((locator) => locator.boundingBox()));
    const before = await boxes();
    const firstReading = await clock.innerText();
    await page.waitForTimeout(2200);
    expect(await clock.innerText()).not.toBe(firstReading);
    expect(before.every((box) => box !== null && box.width > 0)).toBe(true);
    expect(await boxes()).toEqual(before);

    // Deleting the running entry in the sheet clears the bar.
    const row = page.getByRole("row", { name: /steady hands/ });
    await row.getByRole("button", { name: /^Delete/ }).click();
    await row.getByRole("button", { name: "Delete for good" }).click();
    await timer.getByRole("button", { name: "Start timer" }).waitFor();
    expect(await owner.stint.timeEntries.current()).toBeNull();
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 60_000);

  it("when a member opens the timesheet, then only their own time shows, never the owner's", async () => {
    const week = new Date(2026, 10, 9);
    const owner = await organizationWithOrrery(deployment.url, "sheet-own-time");
    await owner.stint.timeEntries.create({
      projectId: owner.orrery.id,
      startTime: at(new Date(2026, 10, 10), 9).toISOString(),
      endTime: at(new Date(2026, 10, 10), 11).toISOString(),
      description: "owner's private planning",
    });
    const mo = await memberWithSanding(owner.stint, owner.orrery);

    const member = await sheetOf(mo.email, week, /member's own sanding/);
    expect(await member.page.getByText("owner's private planning").count()).toBe(0);
    expect(await weekTotal(member.page)).toBe("0:30");
    expect(member.problems).toEqual([]);
    await member.context.close();

    // And the owner's own sheet is the owner's alone too.
    const asOwner = await sheetOf(owner.email, week, /owner's private planning/);
    expect(await asOwner.page.getByText("member's own sanding").count()).toBe(0);
    expect(await weekTotal(asOwner.page)).toBe("2:00");
    expect(asOwner.problems).toEqual([]);
    await asOwner.context.close();
  }, 60_000);

  it("when the page reloads, then the sign-in and the week are kept", async () => {
    const owner = await organizationWithOrrery(deployment.url, "sheet-reload");
    const mo = await memberWithSanding(owner.stint, owner.orrery);
    const { page, context, problems } = await web.open();
    await signInInApp(page, mo.email, PASSWORD);
    await page.goto("/?week=2026-11-18");
    // Any day of a week names that week; the label shows its Monday.
    await page.getByText(/Week of Nov 16, 2026/).waitFor();
    await page.getByRole("link", { name: "Previous week" }).click();
    await page.getByText(/Week of Nov 9, 2026/).waitFor();
    expect(new URL(page.url()).search).toBe("?week=2026-11-09");
    await page.getByRole("row", { name: /member's own sanding/ }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page.getByText(/Week of Nov 9, 2026/).waitFor();
    await page.getByRole("row", { name: /member's own sanding/ }).waitFor();
    expect(new URL(page.url()).search).toBe("?week=2026-11-09");
    await page.getByRole("link", { name: "This week" }).click();
    await page
      .getByText(
        `Week of ${new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric" }).format(mondayOf(new Date()))}`,
        { exact: false },
      )
      .waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the timesheet is checked on a desktop and a phone, then it has no serious accessibility violation", async () => {
    // A person of their own, with a few entries this week and a timer running.
    const email = uniqueEmail("sheet-picture");
    const session = await new Stint({ baseUrl: deployment.url }).auth.register({
      email,
      password: PASSWORD,
      name: "Grace Hopper",
      organizationName: "Compiler Works",
    });
    const stint = new Stint({ baseUrl: deployment.url, accessToken: session.access_token });
    const compiler = await stint.projects.create({ name: "Compiler", color: "#1f5fbf", billable: true });
    const parser = await stint.tasks.create(compiler.id, { name: "Parser" });
    const manual = await stint.projects.create({ name: "Manual", color: "#b5451b", billable: false });
    const monday = mondayOf(new Date());
    const seed: [number, number, number, number, number, string, string, string | null][] = [
      [0, 9, 0, 12, 30, compiler.id, "Tokenizer for the new grammar", parser.id],
      [0, 13, 30, 15, 0, manual.id, "Chapter on loops", null],
      [1, 9, 15, 11, 45, compiler.id, "Error recovery", parser.id],
      [1, 14, 0, 17, 20, compiler.id, "Code generation review", null],
      [2, 10, 0, 11, 0, manual.id, "Index and glossary", null],
    ];
    for (const [offset, h1, m1, h2, m2, projectId, description, taskId] of seed) {
      const day = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + offset);
      await stint.timeEntries.create({
        projectId,
        taskId,
        description,
        startTime: at(day, h1, m1).toISOString(),
        endTime: at(day, h2, m2).toISOString(),
      });
    }
    await stint.timeEntries.start({ projectId: compiler.id, taskId: parser.id, description: "Operator precedence" });

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, problems } = await web.open(viewport);
      await signInInApp(page, email, PASSWORD);
      await page.getByRole("row", { name: /Index and glossary/ }).waitFor();
      await page.getByRole("region", { name: "Timer" }).getByText("Compiler · Parser").waitFor();
      expect({ viewport, violations: await seriousAccessibilityViolations(page) }).toEqual({ viewport, violations: [] });
      // The add form is part of the page too.
      await page.getByRole("button", { name: "Add time" }).click();
      await page.getByRole("form", { name: "New entry" }).waitFor();
      expect({ viewport, form: true, violations: await seriousAccessibilityViolations(page) }).toEqual({
        viewport,
        form: true,
        violations: [],
      });
      await page.getByRole("button", { name: "Cancel" }).click();
      // And so is an entry's form in place, which stays within the screen on a phone.
      await page
        .getByRole("row", { name: /Index and glossary/ })
        .getByRole("button", { name: /^Edit/ })
        .click();
      const edit = page.getByRole("form", { name: /Change the entry 10:00\sAM–11:00\sAM/ });
      await edit.getByLabel("Description").waitFor();
      expect({ viewport, edit: true, violations: await seriousAccessibilityViolations(page) }).toEqual({
        viewport,
        edit: true,
        violations: [],
      });
      const box = await edit.getByRole("button", { name: "Save changes" }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await savePicture(page, viewport === PHONE ? "timesheet-edit-phone" : "timesheet-edit");
      await edit.getByRole("button", { name: "Cancel" }).click();
      // A phone never scrolls sideways: wide tables scroll inside their own box.
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      if (viewport === PHONE) await savePicture(page, "timesheet-phone");
      if (viewport === DESKTOP) {
        const picture = await savePicture(page, "timesheet");
        // The README shows this picture; it changes only when asked for.
        if (process.env.UPDATE_README_PICTURE === "1") {
          const images = join(__dirname, "..", "..", "docs", "images");
          mkdirSync(images, { recursive: true });
          copyFileSync(picture, join(images, "timesheet.png"));
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
