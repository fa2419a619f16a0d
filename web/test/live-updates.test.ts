import type { Page, Request } from "playwright-core";
import type { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { PASSWORD, signUpInApp, uniqueEmail, type AppPage } from "./support/browser";
import { libraryAs, useWebApp } from "./support/web-app";
import { chooseProject, projectPicker } from "./support/workday";

/** Generous: the promise is within a second (the delay to every stream is measured by bench/live-events.ts), but a busy machine must not fail the test. */
const SHOWS_WITHIN_MS = 10_000;

const timerOf = (page: Page) => page.getByRole("region", { name: "Timer" });

/** Waits until the page's timer bar shows `description` running, and says how long that took. */
async function showsRunning(page: Page, description: string): Promise<number> {
  const started = Date.now();
  await timerOf(page).getByText(description).waitFor({ timeout: SHOWS_WITHIN_MS });
  await timerOf(page).getByRole("button", { name: "Stop timer" }).waitFor({ timeout: SHOWS_WITHIN_MS });
  return Date.now() - started;
}

const isStream = (request: Request) => new URL(request.url()).pathname === "/api/v1/events/stream";

describeWithChromium("web application: live updates across tabs", () => {
  const web = useWebApp();
  let app: AppPage;
  let second: Page;
  let stint: Stint;
  let projectId: string;
  /** Every stream request the browser sent, from any tab, with its Last-Event-ID. */
  const streams: { at: number; lastEventId: string | undefined }[] = [];

  beforeAll(async () => {
    app = await web.open();
    app.context.on("request", (request) => {
      if (isStream(request)) streams.push({ at: Date.now(), lastEventId: request.headers()["last-event-id"] });
    });
    const email = uniqueEmail("live");
    await signUpInApp(app.page, { name: "Lee", organization: "Live Co", email, password: PASSWORD });
    stint = await libraryAs(web.deployment.url, email);
    projectId = (await stint.projects.create({ name: "Clockwork" })).id;
    // A second tab of the same browser: the same sign-in, its own page.
    second = await app.context.newPage();
    await second.goto("/");
    await timerOf(second).getByRole("button", { name: "Start timer" }).waitFor();
  }, 120_000);

  it("when a timer starts through the API, then both tabs show it, over one connection for the two", async () => {
    await stint.timeEntries.start({ projectId, description: "started through the API" });
    const [first, other] = await Promise.all([
      showsRunning(app.page, "started through the API"),
      showsRunning(second, "started through the API"),
    ]);
    console.log(`live updates: the API's timer showed in the tabs after ${first} ms and ${other} ms`);
    // One stream open for both tabs: only one request went out, from whichever tab leads.
    expect(streams.filter((stream) => stream.lastEventId === undefined)).toHaveLength(1);
    expect(app.problems).toEqual([]);
  });

  it("when one tab stops the timer, then the other shows it stopped at once", async () => {
    await timerOf(app.page).getByRole("button", { name: "Stop timer" }).click();
    await timerOf(second).getByRole("button", { name: "Start timer" }).waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(await stint.timeEntries.current()).toBeNull();
  });

  it("when the browser was offline while a timer started, then on coming back the tabs catch up without a reload", async () => {
    await app.context.setOffline(true);
    // Made while the browser cannot hear of it.
    await stint.timeEntries.start({ projectId, description: "started while offline" });
    const beforeOnline = Date.now();
    await Promise.all([markDocument(app.page), markDocument(second)]);
    await app.context.setOffline(false);
    await Promise.all([showsRunning(app.page, "started while offline"), showsRunning(second, "started while offline")]);
    // It came by resuming the stream after the last event seen, not by loading the pages again.
    expect(streams.some((stream) => stream.at >= beforeOnline && stream.lastEventId?.startsWith("evt_"))).toBe(true);
    expect([await isMarked(app.page), await isMarked(second)]).toEqual([true, true]);
  });

  it("when a tab starts the timer itself, then the stream's event for it loads nothing again in either tab", async () => {
    await stint.timeEntries.stop();
    await Promise.all([
      timerOf(app.page).getByRole("button", { name: "Start timer" }).waitFor({ timeout: SHOWS_WITHIN_MS }),
      timerOf(second).getByRole("button", { name: "Start timer" }).waitFor({ timeout: SHOWS_WITHIN_MS }),
    ]);
    const problemsBefore = app.problems.length;
    // What each tab asks for from here: the running entry, and the projects (see below).
    const asked = new Map<Page, { running: number; projects: number }>();
    for (const page of [app.page, second]) {
      const count = { running: 0, projects: 0 };
      asked.set(page, count);
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path === "/api/v1/time-entries/current") count.running += 1;
        if (path === "/api/v1/projects") count.projects += 1;
      });
    }
    const timer = timerOf(app.page);
    await timer.getByPlaceholder("What are you working on?").fill("started in a tab");
    await chooseProject(app.page, projectPicker(timer), "Clockwork");
    await timer.getByRole("button", { name: "Start timer" }).click();
    await Promise.all([showsRunning(app.page, "started in a tab"), showsRunning(second, "started in a tab")]);
    // The stream keeps the order of events: once both tabs have loaded the projects again for
    // a project made after the start, the start's own event has come and gone.
    const [first, other] = [asked.get(app.page)!, asked.get(second)!];
    const projectsBefore = [first.projects, other.projects];
    await stint.projects.create({ name: "Made after the start" });
    const until = Date.now() + SHOWS_WITHIN_MS;
    while (first.projects === projectsBefore[0] || other.projects === projectsBefore[1]) {
      if (Date.now() > until) throw new Error("The tabs did not load the projects again after a project was made");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Each tab loaded the running entry once: the tab that started it when the API answered,
    // the other when that tab told it; the event of the same start loaded nothing again.
    expect([first.running, other.running]).toEqual([1, 1]);
    expect(app.problems.slice(problemsBefore)).toEqual([]);
  });
});

type Marked = { liveTestMark?: boolean };

/** Marks the tab's document: a reload would make a new one, without the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as Marked).liveTestMark = true;
  });
}

function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as Marked).liveTestMark === true);
}
