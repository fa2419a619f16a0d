import type { Project, Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { DESKTOP, navigateTo, openApp, PASSWORD, PHONE_375, signInInApp } from "./support/browser";
import { chooseProject, eventually, isFocused, projectPicker, someoneWithProjects, timerOf } from "./support/workday";
import { useWebApp } from "./support/web-app";

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
  const app = useWebApp();

  /** An organization of its own with one project, Orrery, for one test. */
  async function someone(label: string): Promise<{ email: string; stint: Stint; project: Project }> {
    const { email, stint, projects } = await someoneWithProjects(app.deployment.url, label, ["Orrery"]);
    return { email, stint, project: projects[0]! };
  }

  it.each(VIEWPORTS)(
    "when /timesheet is opened on a %s, then it is the timesheet, as the README says",
    async (_name, viewport) => {
      const { email } = await someone("address");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
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
    "when the keyboard starts and stops the timer on a %s, then the timer is its first stop and the focus stays on the timer's button",
    async (_name, viewport) => {
      const { email } = await someone("focus");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      const timer = timerOf(page);
      await timer.getByRole("button", { name: "Start timer" }).waitFor();
      // The page first: its heading takes the focus when it appears (after the timer bar, when its code comes later).
      await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
      // From the top of the page, one Tab and Enter reach the timer.
      // From the top of the page: the keyboard on the application's outermost element.
      await page.locator("#root").evaluate((root) => {
        const element = root as unknown as { tabIndex: number; focus(): void };
        element.tabIndex = -1;
        element.focus();
      });
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to the timer" });
      expect(await isFocused(skip)).toBe(true);
      await page.keyboard.press("Enter");
      const description = timer.getByLabel("What are you working on?", { exact: true });
      expect(await eventually(() => isFocused(description), Boolean)).toBe(true);
      await page.keyboard.type("winding the spring");
      await chooseProject(page, projectPicker(timer), "Orrery");
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
    "when Enter is pressed in the timer with no project on a %s, then it says a project is missing",
    async (_name, viewport) => {
      const { email, stint } = await someone("missing");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
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
    "when the next action is taken on a %s, then the success message before it goes",
    async (_name, viewport) => {
      const { email, stint, project } = await someone("messages");
      const old = await stint.timeEntries.create({
        projectId: project.id,
        description: "an old entry",
        startTime: at(2026, 11, 17, 9).toISOString(),
        endTime: at(2026, 11, 17, 10).toISOString(),
      });
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto("/timesheet?week=2026-11-16");
      await page.getByRole("button", { name: "Add time" }).click();
      const form = page.getByRole("form", { name: "New entry" });
      await form.getByLabel("Date").fill("2026-11-18");
      await form.getByLabel("Start").fill("13:00");
      await form.getByLabel("End").fill("14:00");
      await chooseProject(page, projectPicker(form), "Orrery");
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
    "when a task is added after the project was saved on a %s, then the project's message goes",
    async (_name, viewport) => {
      const { email, project } = await someone("projects");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto(`/projects/${project.id}`);
      await page.getByRole("button", { name: "Edit project" }).click();
      await page.getByRole("button", { name: "Save project" }).click();
      const saved = page.getByRole("status").filter({ hasText: "Project saved." });
      await saved.waitFor();
      const newTask = page.getByRole("form", { name: "New task" });
      await newTask.getByLabel("New task name").fill("Polish");
      await newTask.getByRole("button", { name: "Add task" }).click();
      await page.getByRole("status").filter({ hasText: "Task Polish added." }).waitFor();
      expect(await saved.count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(VIEWPORTS)(
    "when a report's range is reversed on a %s, then it is said once, with no Try again and no chart of the range before",
    async (_name, viewport) => {
      const { email, stint, project } = await someone("range");
      await stint.timeEntries.create({
        projectId: project.id,
        startTime: at(2026, 11, 17, 9).toISOString(),
        endTime: at(2026, 11, 17, 11).toISOString(),
      });
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
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
    "when the API refuses a form's field on a %s, then the refusal names it as the form does",
    async (_name, viewport) => {
      const { email, project } = await someone("fields");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
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
    "when the browser speaks %s, then the timesheet and the reports write clock times alike, as the locale does",
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
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport, locale);
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
    "when the organization page is opened on a %s, then it says what the plan means in plain words",
    async (_name, viewport) => {
      const { email } = await someone("plan");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
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
  it.each(VIEWPORTS)(
    "when a person's requests meet the rate limit on a %s, then each page says once when it tries again, instead of loading silently, and does",
    async (_name, viewport) => {
      const { email, stint } = await someone("limited");
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      // The minute's window is the one met: started early enough in it that its end is far off.
      const secondsLeft = 60 - new Date().getUTCSeconds();
      if (secondsLeft < 35) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 500));
      // Their sign-ins share one count (the library's token and the page's): the library uses it up.
      let refused = false;
      while (!refused) {
        const answers = await Promise.allSettled(Array.from({ length: 20 }, () => stint.projects.list({}, { maxRetries: 0 })));
        refused = answers.some((answer) => answer.status === "rejected" && (answer.reason as { status?: number }).status === 429);
      }
      await navigateTo(page, "Projects");
      const said = page
        .getByRole("alert")
        .filter({ hasText: /Too many requests just now\. Try again in \d+ seconds\./ })
        .first();
      await said.waitFor({ timeout: 15_000 });
      expect(await said.getByRole("button", { name: "Try again" }).count()).toBe(1);
      // Reports loads five things at once; their one refusal is said once.
      await navigateTo(page, "Reports");
      await said.waitFor({ timeout: 15_000 });
      expect(
        await eventually(
          () =>
            page
              .getByRole("main")
              .getByText(/^Loading/)
              .count(),
          (count) => count === 0,
        ),
      ).toBe(0);
      expect(await page.getByRole("alert").allInnerTexts()).toEqual([expect.stringMatching(/^Too many requests just now/)]);
      // Once the wait is over, the page asks again by itself, and the message goes.
      expect(
        await eventually(
          () => page.getByRole("alert").count(),
          (count) => count === 0,
          70_000,
        ),
      ).toBe(0);
      await page.getByRole("heading", { level: 2, name: "Summary" }).waitFor();
      // This test meets the limit on purpose: the page's refused loads are recorded (there
      // were some), and nothing else went wrong.
      const refusals = problems.filter((problem) => problem.startsWith("rate limited: "));
      expect(refusals).not.toEqual([]);
      expect(problems.filter((problem) => !refusals.includes(problem))).toEqual([]);
      await context.close();
    },
    150_000,
  );
});
