import type { Page, Request } from "playwright-core";
import type { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { PASSWORD, signInInApp, type AppPage } from "./support/browser";
import { useWebApp } from "./support/web-app";
import { chooseProject, projectPicker, someoneWithProjects } from "./support/workday";

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

/** Two tabs of one browser, signed in as one person of their own, and every stream request either sent. */
interface TwoTabs {
  app: AppPage;
  second: Page;
  stint: Stint;
  projectId: string;
  /** Every stream request the browser sent, from either tab, with its Last-Event-ID. */
  streams: { at: number; lastEventId: string | undefined }[];
}

describeWithChromium("web application: live updates across tabs", () => {
  const web = useWebApp();
  const opened: AppPage[] = [];

  afterEach(async () => {
    for (const app of opened.splice(0)) await app.context.close();
  });

  /**
   * A person and organization of their own for each test: every tab reloads a few things on
   * each change, and all of one person's sign-ins share one rate limit.
   */
  async function twoTabs(label: string): Promise<TwoTabs> {
    const { email, stint, projects } = await someoneWithProjects(web.deployment.url, label, ["Clockwork"]);
    const app = await web.open();
    opened.push(app);
    const streams: TwoTabs["streams"] = [];
    app.context.on("request", (request) => {
      if (isStream(request)) streams.push({ at: Date.now(), lastEventId: request.headers()["last-event-id"] });
    });
    await signInInApp(app.page, email, PASSWORD);
    await timerOf(app.page).getByRole("button", { name: "Start timer" }).waitFor();
    // A second tab of the same browser: the same sign-in, its own page.
    const second = await app.context.newPage();
    await second.goto("/");
    await timerOf(second).getByRole("button", { name: "Start timer" }).waitFor();
    return { app, second, stint, projectId: projects[0]!.id, streams };
  }

  it("when a timer starts through the API, then both tabs show it, over one connection for the two", async () => {
    const { app, second, stint, projectId, streams } = await twoTabs("live-api");
    await stint.timeEntries.start({ projectId, description: "started through the API" });
    const [first, other] = await Promise.all([
      showsRunning(app.page, "started through the API"),
      showsRunning(second, "started through the API"),
    ]);
    console.log(`live updates: the API's timer showed in the tabs after ${first} ms and ${other} ms`);
    // One stream open for both tabs: only one request went out, from whichever tab leads.
    expect(streams.filter((stream) => stream.lastEventId === undefined)).toHaveLength(1);
    expect(app.problems).toEqual([]);
  }, 60_000);

  it("when one tab stops the timer, then the other shows it stopped at once", async () => {
    const { app, second, stint, projectId } = await twoTabs("live-stop");
    await stint.timeEntries.start({ projectId, description: "to be stopped in a tab" });
    await Promise.all([showsRunning(app.page, "to be stopped in a tab"), showsRunning(second, "to be stopped in a tab")]);
    await timerOf(app.page).getByRole("button", { name: "Stop timer" }).click();
    await timerOf(second).getByRole("button", { name: "Start timer" }).waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(await stint.timeEntries.current()).toBeNull();
    expect(app.problems).toEqual([]);
  }, 60_000);

  it("when a timer is started and stopped through the API within one second, then the tabs show it stopped", async () => {
    const { app, second, stint, projectId } = await twoTabs("live-second");
    // `updated_at` counts whole seconds: the start's and the stop's states read alike. Tried
    // from the start of a second until one pair falls within one (the tabs show the start fast).
    let withinOneSecond = 0;
    for (let attempt = 0; attempt < 5 && withinOneSecond === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      const started = await stint.timeEntries.start({ projectId, description: `quick ${attempt}` });
      await Promise.all([showsRunning(app.page, `quick ${attempt}`), showsRunning(second, `quick ${attempt}`)]);
      const stopped = await stint.timeEntries.stop();
      if (stopped.updated_at === started.updated_at) withinOneSecond++;
      await Promise.all(
        [app.page, second].map((page) => timerOf(page).getByRole("button", { name: "Start timer" }).waitFor({ timeout: SHOWS_WITHIN_MS })),
      );
    }
    expect(withinOneSecond).toBe(1);
    expect(app.problems).toEqual([]);
  }, 90_000);

  it("when the browser was offline while a timer started, then on coming back the tabs catch up without a reload", async () => {
    const { app, second, stint, projectId, streams } = await twoTabs("live-offline");
    // The stream has had an event to resume after: a timer started while online.
    await stint.timeEntries.start({ projectId, description: "started while online" });
    await Promise.all([showsRunning(app.page, "started while online"), showsRunning(second, "started while online")]);
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
  }, 60_000);

  it("when a tab starts the timer itself, then the stream's event for it loads nothing again in either tab", async () => {
    const { app, second, stint } = await twoTabs("live-own-start");
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
    expect(app.problems).toEqual([]);
  }, 60_000);
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
