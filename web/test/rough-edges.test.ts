import type { Browser } from "playwright-core";
import { Stint, type Project } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import type { TestStint } from "../../test/support/stint";
import { DESKTOP, navigateTo, openApp, PASSWORD, PHONE_375, signInInApp, uniqueEmail } from "./support/browser";
import { chooseTimerProject, eventually, isFocused, timerOf } from "./support/workday";
import { startWebApp, stopWebApp } from "./support/web-app";

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE_375],
] as const;

/** A local day plus hours and minutes, as an instant. */
function at(year: number, month: number, day: number, hours: number, minutes = 0): Date {
  return new Date(year, month - 1, day, hours, minutes);
}

/*
 * The rough edges a day's work runs into: where the keyboard lands, what is said when
 * something is missing or refused, which messages stay, how times are written.
 */
describeWithChromium("web application: focus, messages and words", () => {
  let deployment: TestStint;
  let browser: Browser;

  beforeAll(async () => {
    ({ deployment, browser } = await startWebApp());
  }, 120_000);

  afterAll(() => stopWebApp({ deployment, browser }), 30_000);

  /** An organization of its own with one project, for one test (each person has their own request allowance). */
  async function someone(label: string): Promise<{ email: string; stint: Stint; project: Project }> {
    const email = uniqueEmail(label);
    const session = await new Stint({ baseUrl: deployment.url }).auth.register({
      email,
      password: PASSWORD,
      name: `${label} person`,
      organizationName: `${label} works`,
    });
    const stint = new Stint({ baseUrl: deployment.url, accessToken: session.access_token });
    const project = await stint.projects.create({ name: "Orrery", color: "#2f7d4f" });
    return { email, stint, project };
  }

  it.each(VIEWPORTS)(
    "on a %s, /timesheet is the timesheet, as the README says",
    async (_name, viewport) => {
      const { email } = await someone("address");
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto("/timesheet?week=2026-11-18");
      await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
      await page.getByText(/Week of Nov 16, 2026/).waitFor();
      await navigateTo(page, "Reports");
      await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
      await navigateTo(page, "Timesheet");
      await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/timesheet");
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, the timer is the first stop of the keyboard, and Start and Stop keep the focus on the timer's button",
    async (_name, viewport) => {
      const { email } = await someone("focus");
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      const timer = timerOf(page);
      await timer.getByRole("button", { name: "Start timer" }).waitFor();
      // From the top of the page, one Tab and Enter reach the timer.
      await page.locator("body").focus();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to the timer" });
      expect(await isFocused(skip)).toBe(true);
      await page.keyboard.press("Enter");
      const description = timer.getByLabel("What are you working on?", { exact: true });
      expect(await eventually(() => isFocused(description), Boolean)).toBe(true);
      await page.keyboard.type("winding the spring");
      await chooseTimerProject(page, "Orrery");
      const start = timer.getByRole("button", { name: "Start timer" });
      await start.focus();
      await page.keyboard.press("Enter");
      const stop = timer.getByRole("button", { name: "Stop timer" });
      await stop.waitFor();
      expect(await eventually(() => isFocused(stop), Boolean)).toBe(true);
      await page.keyboard.press("Enter");
      await start.waitFor();
      expect(await eventually(() => isFocused(start), Boolean)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, Enter in the timer with no project says a project is missing",
    async (_name, viewport) => {
      const { email, stint } = await someone("missing");
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      const timer = timerOf(page);
      const description = timer.getByLabel("What are you working on?", { exact: true });
      await description.fill("no project yet");
      await description.press("Enter");
      expect(await timer.getByRole("alert").innerText()).toMatch(/Choose a project/);
      expect(await stint.timeEntries.current()).toBeNull();
      // What was typed stays.
      expect(await description.inputValue()).toBe("no project yet");
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, a success message goes once the next action is taken",
    async (_name, viewport) => {
      const { email, stint, project } = await someone("messages");
      const old = await stint.timeEntries.create({
        projectId: project.id,
        description: "an old entry",
        startTime: at(2026, 11, 17, 9).toISOString(),
        endTime: at(2026, 11, 17, 10).toISOString(),
      });
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto("/timesheet?week=2026-11-16");
      await page.getByRole("button", { name: "Add time" }).click();
      const form = page.getByRole("form", { name: "New entry" });
      await form.getByLabel("Date").fill("2026-11-18");
      await form.getByLabel("Start").fill("13:00");
      await form.getByLabel("End").fill("14:00");
      const picker = form.getByLabel("Project", { exact: true });
      if ((await picker.evaluate((element) => element.tagName)) === "SELECT") await picker.selectOption({ label: "Orrery" });
      else {
        await picker.fill("Orr");
        await page
          .getByRole("listbox")
          .getByRole("option", { name: /^Orrery/ })
          .click();
      }
      await form.getByRole("button", { name: "Add entry" }).click();
      await page.getByText("Entry added.").waitFor();
      const row = page.getByRole("row", { name: /an old entry/ });
      await row.getByRole("button", { name: /^Delete/ }).click();
      await row.getByRole("button", { name: "Delete for good" }).click();
      await expect(stint.timeEntries.get(old.id)).rejects.toMatchObject({ status: 404 });
      expect(
        await eventually(
          () => page.getByText("Entry added.").count(),
          (count) => count === 0,
        ),
      ).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, a reversed report range is said once, with no Try again and no chart of the range before",
    async (_name, viewport) => {
      const { email, stint, project } = await someone("range");
      await stint.timeEntries.create({
        projectId: project.id,
        startTime: at(2026, 11, 17, 9).toISOString(),
        endTime: at(2026, 11, 17, 11).toISOString(),
      });
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto("/reports?from=2026-11-16&to=2026-11-22");
      await page.getByRole("table", { name: "Hours by project" }).waitFor();
      await page.getByLabel("From").fill("2026-11-30");
      const alerts = page.getByRole("main").getByRole("alert");
      await alerts.first().waitFor();
      // Both reports would fail alike: one message says so, in the form's words.
      expect(
        await eventually(
          () => alerts.allInnerTexts(),
          (texts) => texts.length > 1,
          2_000,
        ),
      ).toHaveLength(1);
      expect(await alerts.innerText()).toMatch(/\bTo\b.*\bFrom\b|\bFrom\b.*\bTo\b/);
      expect(await alerts.innerText()).not.toMatch(/start_date|end_date/);
      expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
      expect(await page.getByTestId("report-chart").count()).toBe(0);
      expect(await page.getByRole("table", { name: "Hours by project" }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, refusals name the fields as the forms do, never as the API spells them",
    async (_name, viewport) => {
      const { email, project } = await someone("fields");
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);

      await page.goto(`/projects/${project.id}`);
      const newTask = page.getByRole("form", { name: "New task" });
      await newTask.getByLabel("New task name").fill("Polish");
      await newTask.getByLabel("Estimate (hours)").fill("-1");
      await newTask.getByRole("button", { name: "Add task" }).click();
      const taskError = await newTask.getByRole("alert").innerText();
      expect(taskError).toMatch(/Estimate \(hours\)/);
      expect(taskError).not.toMatch(/estimate.seconds/i);

      await navigateTo(page, "Developer portal");
      const register = page.getByRole("form", { name: "Register an application" });
      await register.getByLabel("Application name").fill("Gear counter");
      await register.getByLabel("Redirect URIs").fill("https://gears.example.test/back\nnot an address");
      await register.getByLabel("projects:read").check();
      await register.getByRole("button", { name: "Register application" }).click();
      const redirectError = await register.getByRole("alert").innerText();
      expect(redirectError).toMatch(/Redirect URI/);
      expect(redirectError).not.toMatch(/redirect_uris|redirect uris\.\d/i);

      await navigateTo(page, "Organization");
      await page.getByLabel("Screenshot retention (days)").fill("0");
      await page.getByRole("button", { name: "Save settings" }).click();
      const retentionError = await page.getByRole("main").getByRole("alert").innerText();
      expect(retentionError).toMatch(/Screenshot retention \(days\)/);
      expect(retentionError).not.toMatch(/retention.days/);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    ["en-US", DESKTOP],
    ["en-GB", PHONE_375],
    ["de-DE", DESKTOP],
  ] as const)(
    "in %s, the timesheet and the reports write clock times alike, as the locale does",
    async (locale, viewport) => {
      const { email, stint, project } = await someone(`clock-${locale}`);
      const start = at(2026, 11, 17, 9);
      const end = at(2026, 11, 17, 14, 30);
      await stint.timeEntries.create({
        projectId: project.id,
        description: "a clock entry",
        startTime: start.toISOString(),
        endTime: end.toISOString(),
      });
      const clock = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });
      const { page, context, problems } = await openApp(browser, deployment.url, viewport, locale);
      await signInInApp(page, email, PASSWORD);
      await page.goto("/timesheet?week=2026-11-16");
      const row = page.getByRole("row", { name: /a clock entry/ });
      await row.waitFor();
      expect(await row.innerText()).toContain(`${clock.format(start)}–${clock.format(end)}`);
      await page.goto("/reports?from=2026-11-16&to=2026-11-22");
      const entry = page.getByRole("table", { name: /Entries of the report/ }).getByRole("row", { name: /a clock entry/ });
      expect(await entry.innerText()).toContain(clock.format(start));
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "on a %s, the organization page says what the plan means in plain words",
    async (_name, viewport) => {
      const { email } = await someone("plan");
      const { page, context, problems } = await openApp(browser, deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await navigateTo(page, "Organization");
      const plan = page.getByRole("main").getByText(/^Free/);
      await plan.waitFor();
      const said = await plan.innerText();
      expect(said).not.toMatch(/style|API's|requests an hour through/i);
      expect(said).toMatch(/per hour|an hour/);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
