import type { Locator, Page } from "playwright-core";
import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import {
  DESKTOP,
  navigateTo,
  openApp,
  PASSWORD,
  PHONE_375,
  seriousAccessibilityViolations,
  signInInApp,
  uniqueEmail,
} from "./support/browser";
import { chooseProject, mondayOf, projectPicker } from "./support/workday";
import { contentWidth, useWebApp } from "./support/web-app";

/** `length` characters of words, as people write them. */
function words(start: string, length: number): string {
  let text = start;
  const filler = ["northern", "warehouse", "inventory", "reconciliation", "for", "the", "quarterly", "audit", "of", "stock"];
  for (let index = 0; text.length < length; index += 1) text += ` ${filler[index % filler.length]}`;
  return text.slice(0, length).trimEnd().padEnd(length, "x");
}

/** `length` characters with no place to break a line: a pasted identifier, a URL. */
function unbroken(start: string, length: number): string {
  return (start + "-" + "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(10)).slice(0, length);
}

const PROJECT = unbroken("Orrery", 200);
const WORDY_PROJECT = words("Lighthouse", 200);
const CLIENT = words("Weavers", 200);
const TASK = unbroken("Gears", 200);
const DESCRIPTION = `${words("Sanding", 600)} ${unbroken("https://example.test/tickets", 150)} ${words("and", 249)}`;
const PERSON = words("Ada", 200);

/** The `title` of every element that has one: where a cut text shows in full on hover. */
function titles(scope: Page | Locator): Promise<string[]> {
  return scope.locator("[title]").evaluateAll((elements) => elements.map((element) => (element as unknown as { title: string }).title));
}

async function expectNoOverflow(page: Page, where: string, viewport: { width: number }): Promise<void> {
  const width = await contentWidth(page);
  expect({ where, viewport: viewport.width, width: width <= viewport.width ? "fits" : width }).toEqual({
    where,
    viewport: viewport.width,
    width: "fits",
  });
}

/*
 * Names at the API's longest (200 characters, with and without spaces), descriptions of 1,000
 * characters, on every page, on a desktop and a phone: nothing wider than the screen, long
 * text cut with the whole of it on hover and in full in the editor.
 */
describeWithChromium("web application: long names and descriptions on every page", () => {
  const app = useWebApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  const people: { email: string; stint: Stint }[] = [];
  let projectId = "";
  let webhookId = "";

  beforeAll(async () => {
    const deployment = app.deployment;
    const email = uniqueEmail("long-owner");
    const session = await new Stint({ baseUrl: deployment.url }).auth.register({
      email,
      password: PASSWORD,
      name: PERSON,
      organizationName: words("Compagnie", 200),
    });
    const owner = new Stint({ baseUrl: deployment.url, accessToken: session.access_token });
    people.push({ email, stint: owner });
    const project = await owner.projects.create({
      name: PROJECT,
      clientName: CLIENT,
      description: words("About", 1000),
      hourlyRate: 120,
    });
    projectId = project.id;
    await owner.projects.create({ name: WORDY_PROJECT, clientName: unbroken("Client", 200) });
    const task = await owner.tasks.create(project.id, { name: TASK, estimateSeconds: 9000 });
    await owner.apiKeys.create({ name: words("Key", 200), permissions: ["time_entries:read"] });
    webhookId = (await owner.webhooks.create({ url: `https://127.0.0.1:9/${unbroken("hooks", 400)}`, events: ["project.deleted"] })).id;
    await owner.oauth.applications.create({
      name: unbroken("Integration", 100),
      clientType: "confidential",
      redirectUris: [`https://integration.example.test/${unbroken("callback", 300)}`],
      scopes: ["projects:read"],
    });
    await owner.invitations.create({ email: `${"pending".repeat(9)}@example.test`, role: "member" });
    const join = async (role: "admin" | "member", name: string) => {
      const invitation = await owner.invitations.create({ email: uniqueEmail(`long-${role}`), role });
      const joined = await new Stint({ baseUrl: deployment.url }).invitations.accept({ token: invitation.token, name, password: PASSWORD });
      people.push({ email: joined.user.email, stint: new Stint({ baseUrl: deployment.url, accessToken: joined.access_token }) });
    };
    // A second person with a name at the longest, who also looks at the pages from a phone.
    await join("admin", unbroken("Grace", 200));
    // Two more who look at their own long entries: each test's pages are one person's
    // requests, and all of a person's sign-ins share one rate limit (the owner's tour of
    // every page is most of theirs).
    await join("member", words("Lin", 200));
    await join("member", unbroken("Mo", 200));
    // Each person: a week of time with the long names, and a timer running on them.
    const monday = mondayOf(new Date());
    for (const { stint } of people) {
      for (const day of [0, 1, 2]) {
        const start = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + day, 9);
        await stint.timeEntries.create({
          projectId: project.id,
          taskId: task.id,
          description: DESCRIPTION,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
        });
      }
    }
  }, 120_000);

  it.each([
    ["desktop", DESKTOP, 0],
    ["phone", PHONE_375, 1],
  ] as const)(
    "when names and descriptions are at their longest, on a %s, then no page is wider than the screen and the cut texts show whole on hover",
    async (_name, viewport, person) => {
      const { email, stint } = people[person]!;
      await stint.timeEntries.start({ projectId, description: DESCRIPTION });
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      const timer = page.getByRole("region", { name: "Timer" });
      await timer.getByRole("button", { name: "Stop timer" }).waitFor();

      // The timer bar keeps to its height with the long texts, and shows them whole on hover.
      expect(await titles(timer)).toEqual(expect.arrayContaining([DESCRIPTION, PROJECT]));
      if (viewport === DESKTOP) expect((await timer.boundingBox())!.height).toBeLessThanOrEqual(90);

      const visits: [string, () => Promise<unknown>, string, () => Locator][] = [
        ["timesheet", () => navigateTo(page, "Timesheet"), "Timesheet", () => page.getByRole("row", { name: /Sanding/ }).first()],
        ["reports", () => navigateTo(page, "Reports"), "Reports", () => page.getByRole("table", { name: "Hours by project" })],
        [
          "screenshots",
          () => navigateTo(page, "Screenshots"),
          "Screenshots",
          () => page.getByRole("main").getByLabel("Day", { exact: true }),
        ],
        ["imports", () => navigateTo(page, "Imports"), "Imports", () => page.getByLabel(/^CSV file/)],
        ["projects", () => navigateTo(page, "Projects"), "Projects", () => page.getByRole("link", { name: PROJECT })],
        [
          "project",
          () => page.getByRole("link", { name: PROJECT }).click(),
          PROJECT,
          () => page.getByRole("cell", { name: TASK, exact: true }),
        ],
        ["team", () => navigateTo(page, "Team"), "Team", () => page.getByText(PERSON).first()],
        ["webhooks", () => navigateTo(page, "Webhooks"), "Webhooks", () => page.getByRole("link", { name: /^https:\/\/127/ })],
        ["webhook", () => page.goto(`/webhooks/${webhookId}`), "Webhook", () => page.getByRole("heading", { name: "Delivery log" })],
        ["organization", () => navigateTo(page, "Organization"), "Organization", () => page.getByLabel("Name", { exact: true })],
        ["api keys", () => navigateTo(page, "API keys"), "API keys", () => page.getByText(/^Key northern/).first()],
        ["developer", () => navigateTo(page, "Developer portal"), "Developer portal", () => page.getByText(/^Integration-/).first()],
      ];
      for (const [where, go, heading, shown] of visits) {
        await go();
        await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
        await shown().waitFor();
        await expectNoOverflow(page, where, viewport);
        expect({ where, violations: await seriousAccessibilityViolations(page) }).toEqual({ where, violations: [] });
        if (where === "timesheet") {
          // Each entry's row stays a row: the description is cut, and whole on hover.
          const row = page.getByRole("row", { name: /Sanding/ }).first();
          expect(await titles(row)).toEqual(expect.arrayContaining([DESCRIPTION, PROJECT, TASK]));
          expect((await row.getByText(/^Sanding/).boundingBox())!.height).toBeLessThanOrEqual(80);
        }
        if (where === "reports") expect(await titles(page.getByRole("main"))).toEqual(expect.arrayContaining([DESCRIPTION, PROJECT]));
        if (where === "projects") expect(await titles(page.getByRole("main"))).toEqual(expect.arrayContaining([PROJECT, CLIENT]));
      }

      // The start form with the longest project chosen: the picker keeps its size, the bar its height.
      await timer.getByRole("button", { name: "Stop timer" }).click();
      await timer.getByRole("button", { name: "Start timer" }).waitFor();
      const before = (await timer.boundingBox())!.height;
      await chooseProject(page, projectPicker(timer), PROJECT);
      const picker = projectPicker(timer);
      expect((await picker.boundingBox())!.width).toBeLessThanOrEqual(Math.min(viewport.width, 360));
      expect((await timer.boundingBox())!.height).toBe(before);
      await expectNoOverflow(page, "timer with a long project", viewport);
      expect(problems).toEqual([]);
      await context.close();
    },
    180_000,
  );

  it.each([
    ["desktop", DESKTOP, 2],
    ["phone", PHONE_375, 3],
  ] as const)(
    "when a long entry is shown on a %s, then its Edit, Continue and Delete are on screen and its editor shows the description in full",
    async (_name, viewport, person) => {
      const { email } = people[person]!;
      const { page, context, problems } = await openApp(app.browser, app.deployment.url, viewport);
      await signInInApp(page, email, PASSWORD);
      await page.goto(`/?week=${new Date().toISOString().slice(0, 10)}`);
      const row = page.getByRole("row", { name: /Sanding/ }).first();
      await row.waitFor();
      // Reached without scrolling sideways: every action of the row lies within the screen.
      for (const action of [/^Edit/, /^Delete/, /^Continue/]) {
        const box = (await row.getByRole("button", { name: action }).boundingBox())!;
        expect({ action: String(action), left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({
          action: String(action),
          left: true,
          right: true,
        });
      }
      await row.getByRole("button", { name: /^Edit/ }).click();
      const description = page.getByRole("form", { name: /Change the entry/ }).getByLabel("Description");
      expect(await description.inputValue()).toBe(DESCRIPTION);
      // In full: nothing of it scrolled out of its box.
      const hidden = await description.evaluate((field) => {
        const box = field as unknown as { scrollHeight: number; clientHeight: number; scrollWidth: number; clientWidth: number };
        return { down: box.scrollHeight - box.clientHeight > 1, across: box.scrollWidth - box.clientWidth > 1 };
      });
      expect(hidden).toEqual({ down: false, across: false });
      await expectNoOverflow(page, "timesheet editor", viewport);
      expect(problems).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
