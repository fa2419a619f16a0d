import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { navigateTo, PASSWORD, seriousAccessibilityViolations, signInInApp, signUpInApp, uniqueEmail } from "./support/browser";
import { paintedPixels, rowsOf, settled } from "./support/report-page";
import { libraryAs, useWebApp } from "./support/web-app";
import { chooseProject, projectPicker } from "./support/workday";

const WEEK = "from=2026-11-02&to=2026-11-08";

/**
 * A week of time in EUR: Orrery (client Acme) at 80 an hour, 1:30 tagged design and 0:45
 * tagged design and urgent; Sundial, without a rate or a client, 1:00 untagged. All billable.
 */
async function seedRatedWeek(stint: Stint): Promise<void> {
  await stint.organization.update({ currency: "EUR" });
  const orrery = await stint.projects.create({ name: "Orrery", hourlyRate: 80, clientName: "Acme" });
  const sundial = await stint.projects.create({ name: "Sundial" });
  const entry = (projectId: string, day: string, from: string, to: string, description: string, tags: string[]) =>
    stint.timeEntries.create({
      projectId,
      startTime: `2026-11-${day}T${from}:00Z`,
      endTime: `2026-11-${day}T${to}:00Z`,
      description,
      billable: true,
      tags,
    });
  await entry(orrery.id, "03", "09:00", "10:30", "drafting", ["design"]);
  await entry(orrery.id, "04", "09:00", "09:45", "pairing", ["design", "urgent"]);
  await entry(sundial.id, "05", "10:00", "11:00", "gnomon", []);
}

describeWithChromium("web application: billing (currency, rates, budgets and tags)", () => {
  const web = useWebApp();
  const { deployment } = web;

  /** A new organization, its owner signed in in a browser and in the library. */
  async function ownerOf(organization: string) {
    const app = await web.open();
    const email = uniqueEmail("billing");
    await signUpInApp(app.page, { name: "Ada Owner", organization, email, password: PASSWORD });
    return { ...app, stint: await libraryAs(deployment.url, email) };
  }

  it("when the owner sets a currency, a default rate and members' amounts, then the organization stores them and the page shows them", async () => {
    const { page, context, problems, stint } = await ownerOf("Currency Works");
    await navigateTo(page, "Organization");
    const billing = page.getByRole("group", { name: "Billing" });
    await billing.getByLabel("Currency").selectOption("EUR");
    await billing.getByLabel("Default hourly rate").fill("90.5");
    await billing.getByLabel("Members see the rates and amounts of their own time").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    expect(await stint.organization.get()).toMatchObject({ currency: "EUR", default_hourly_rate: 90.5, members_see_own_amounts: true });

    // The page keeps what was saved after a reload, and a rate the server refuses is named.
    await page.reload();
    expect(await page.getByLabel("Currency").inputValue()).toBe("EUR");
    expect(await page.getByLabel("Default hourly rate").inputValue()).toBe("90.5");
    await page.getByLabel("Default hourly rate").fill("-3");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /default hourly rate/i })
      .waitFor();
    expect(await stint.organization.get()).toMatchObject({ default_hourly_rate: 90.5 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a timer starts with a tag picked and a tag typed, then the entry carries both and the timesheet shows them", async () => {
    const { page, context, problems, stint } = await ownerOf("Tag Works");
    const project = await stint.projects.create({ name: "Orrery" });
    const now = Date.now();
    await stint.timeEntries.create({
      projectId: project.id,
      startTime: new Date(now - 3 * 3600_000).toISOString(),
      endTime: new Date(now - 2 * 3600_000).toISOString(),
      description: "drafting",
      tags: ["Design"],
    });
    const asked = { tags: 0, running: 0 };
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/v1/tags") asked.tags += 1;
      if (path === "/api/v1/time-entries/current") asked.running += 1;
    });
    await page.reload();
    const timer = page.getByRole("region", { name: "Timer" });
    await timer.getByRole("button", { name: "Start timer" }).waitFor();
    // Settled: the live stream has opened and the page has loaded what it shows again (the
    // running entry twice). The tags are not among it: every page has the timer bar, and each
    // request counts against the person's rate limit.
    expect(
      await settled(
        async () => asked.running,
        (count) => count >= 2,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(asked.tags).toBe(0);
    await timer.getByPlaceholder("What are you working on?").fill("sketching");
    await chooseProject(page, projectPicker(timer), "Orrery");
    const tagField = timer.getByRole("combobox", { name: "Tags" });
    // The organization's tags are asked for once the field is used, and offered as one types.
    await tagField.focus();
    await timer.locator("datalist option[value='Design']").waitFor({ state: "attached" });
    expect(asked.tags).toBe(1);
    await tagField.fill("design");
    await tagField.press("Enter");
    await tagField.fill("urgent");
    await tagField.press(",");
    await timer.getByRole("button", { name: "Remove tag urgent" }).waitFor();
    await timer.getByRole("button", { name: "Start timer" }).click();
    await timer.getByRole("button", { name: "Stop timer" }).waitFor();
    await timer.getByText("urgent", { exact: true }).waitFor();
    expect((await stint.timeEntries.current())?.tags).toEqual(["Design", "urgent"]);
    await timer.getByRole("button", { name: "Stop timer" }).click();
    await timer.getByRole("button", { name: "Start timer" }).waitFor();

    const row = page.getByRole("row").filter({ hasText: "sketching" });
    await row.getByText("Tags:").waitFor({ state: "attached" });
    expect(await row.locator(".tag-chip").allInnerTexts()).toEqual(["Design", "urgent"]);

    // In the entry form the tags are chips too: one removed, one typed.
    const drafting = page.getByRole("row").filter({ hasText: "drafting" });
    await drafting.getByRole("button", { name: /^Edit/ }).click();
    const form = page.getByRole("form", { name: /^Change the entry/ });
    await form.getByRole("button", { name: "Remove tag Design" }).click();
    await form.getByRole("combobox", { name: "Tags" }).fill("review");
    await form.getByRole("button", { name: "Save changes" }).click();
    await drafting.getByText("review", { exact: true }).waitFor();
    expect(await drafting.locator(".tag-chip").allInnerTexts()).toEqual(["review"]);
    const [entry] = (await stint.timeEntries.list({ tag: "review" })).data;
    expect(entry).toMatchObject({ description: "drafting", tags: ["review"] });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a page appears while its owner types in the timer's tag field, then the field keeps the focus and Enter adds the tag", async () => {
    const { page, context, problems } = await ownerOf("Slow Page");
    // The timesheet's code held back until a tag is typed: the page appears after the timer bar.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/timesheet-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const timer = page.getByRole("region", { name: "Timer" });
    const tagField = timer.getByRole("combobox", { name: "Tags" });
    await tagField.fill("late");
    release();
    await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
    expect(await tagField.evaluate((field) => field === (field.ownerDocument as { activeElement: unknown }).activeElement)).toBe(true);
    await tagField.press("Enter");
    await timer.getByRole("button", { name: "Remove tag late" }).waitFor();
    expect(await timer.getByRole("button", { name: "Start timer" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the owner sets an hours budget on a project with time, then the project and the list show how much of it is used", async () => {
    const { page, context, problems, stint } = await ownerOf("Budget Works");
    const project = await stint.projects.create({ name: "Orrery", hourlyRate: 80 });
    const now = Date.now();
    await stint.timeEntries.create({
      projectId: project.id,
      startTime: new Date(now - 3 * 3600_000).toISOString(),
      endTime: new Date(now - 1.5 * 3600_000).toISOString(),
    });
    await navigateTo(page, "Projects");
    await page.getByRole("link", { name: "Orrery" }).click();
    await page.getByRole("heading", { level: 1, name: "Orrery" }).waitFor();
    await page.getByRole("button", { name: "Edit project" }).click();
    await page.getByLabel("Budget kind").selectOption("hours");
    await page.getByLabel("Budget (hours)").fill("2");
    await page.getByLabel("Budget period").selectOption("total");
    await page.getByLabel("Alert at (%)").fill("50");
    await page.getByRole("button", { name: "Save project" }).click();
    await page.getByRole("status").filter({ hasText: "Project saved." }).waitFor();
    expect(await stint.projects.get(project.id)).toMatchObject({
      hourly_rate: 80,
      budget: { kind: "hours", value: 2, period: "total", alert_percent: 50 },
      budget_used: { seconds: 5400, percent: 75 },
    });
    await page.getByText("1:30 of 2 h (75 %)").waitFor();
    expect(await page.getByRole("progressbar", { name: "Budget used of Orrery" }).getAttribute("value")).toBe("75");

    await navigateTo(page, "Projects");
    const row = page.getByRole("row").filter({ hasText: "Orrery" });
    await row.getByText("1:30 of 2 h (75 %)").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the owner adds a member's rate on a project from a date, then it is recorded from that day, and the member sees no rates", async () => {
    const { page, context, problems, stint } = await ownerOf("Rate Works");
    await stint.organization.update({ currency: "EUR" });
    const project = await stint.projects.create({ name: "Orrery", hourlyRate: 80 });
    const memberEmail = uniqueEmail("rated");
    await new Stint({ baseUrl: deployment.url }).invitations.accept({
      token: (await stint.invitations.create({ email: memberEmail, role: "member" })).token,
      name: "Charles Member",
      password: PASSWORD,
    });
    const member = (await stint.users.list()).data.find((user) => user.email === memberEmail)!;
    await page.reload();

    await navigateTo(page, "Projects");
    await page.getByRole("link", { name: "Orrery" }).click();
    const rates = page.getByRole("region", { name: "Rates" });
    await rates.getByRole("row").filter({ hasText: "Everyone on the project" }).getByText("€80.00").waitFor();
    const form = page.getByRole("form", { name: "New rate: Rates" });
    await form.getByLabel("Rate for").selectOption({ label: "Charles Member" });
    await form.getByLabel("New hourly rate (EUR)").fill("95");
    await form.getByLabel("From (UTC date)").fill("2026-03-15");
    await form.getByRole("button", { name: "Add rate" }).click();
    await page.getByRole("status").filter({ hasText: "Rate for Charles Member from" }).waitFor();
    const added = rates.getByRole("row").filter({ hasText: "Charles Member" });
    await added.getByText("€95.00").waitFor();
    expect((await stint.rates.list({ projectId: project.id, level: "project_member" })).data).toMatchObject([
      { user_id: member.id, project_id: project.id, hourly_rate: 95, effective_from: "2026-03-15" },
    ]);
    // The project's own rate is untouched, and a change is deleted after a second press.
    expect(await stint.projects.get(project.id)).toMatchObject({ hourly_rate: 80 });
    await added.getByRole("button", { name: /^Delete the rate for Charles Member from/ }).click();
    await page.getByRole("button", { name: /^Delete the rate for Charles Member from .* for good$/ }).click();
    await page.getByRole("status").filter({ hasText: "deleted" }).waitFor();
    expect((await stint.rates.list({ projectId: project.id, level: "project_member" })).data).toEqual([]);

    // A member's own rate, from today, is the one in force, shown in the team's list.
    await navigateTo(page, "Team");
    await page.getByLabel("Show the rates of").selectOption({ label: "Charles Member" });
    const memberForm = page.getByRole("form", { name: "New rate: Rates of Charles Member" });
    await memberForm.getByLabel("New hourly rate (EUR)").fill("60");
    await memberForm.getByRole("button", { name: "Add rate" }).click();
    await page
      .getByRole("region", { name: "Members of the organization" })
      .getByRole("row")
      .filter({ hasText: "Charles Member" })
      .getByText("€60.00")
      .waitFor();
    expect(await stint.users.get(member.id)).toMatchObject({ hourly_rate: 60 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // The member is sent no rates: a dash in their place, and nothing to change them with.
    const seen = await web.open();
    await signInInApp(seen.page, memberEmail, PASSWORD);
    await navigateTo(seen.page, "Team");
    const own = seen.page.getByRole("row").filter({ hasText: "Charles Member" });
    await own.getByRole("cell", { name: "—" }).waitFor();
    expect(await seen.page.getByText("€60.00").count()).toBe(0);
    expect(await seen.page.getByLabel("Show the rates of").count()).toBe(0);
    await navigateTo(seen.page, "Projects");
    await seen.page.getByRole("link", { name: "Orrery" }).click();
    await seen.page.getByRole("heading", { level: 1, name: "Orrery" }).waitFor();
    expect(await seen.page.getByText("€80.00").count()).toBe(0);
    expect(await seen.page.getByRole("region", { name: "Rates" }).count()).toBe(0);
    expect(seen.problems).toEqual([]);
    await seen.context.close();
  }, 90_000);
  it("when the owner reads a report of rated time, then amounts stand beside the hours in the totals, the groups, the chart and the entries, in the organization's currency", async () => {
    const { page, context, problems, stint } = await ownerOf("Report Money");
    await seedRatedWeek(stint);
    await page.goto(`/reports?${WEEK}&group=project&tz=UTC`);
    const byProject = page.getByRole("table", { name: "Hours by project" });
    expect(
      await settled(
        () => rowsOf(byProject),
        (rows) => rows.length === 4 && rows[0]!.length === 5,
      ),
    ).toEqual([
      ["Project", "Hours", "Billable hours", "Amount (EUR)", "Entries"],
      ["Orrery", "2:15", "2:15", "€180.00", "2"],
      ["Sundial", "1:00", "1:00", "€0.00", "1"],
      ["Total", "3:15", "3:15", "€180.00", "3"],
    ]);
    expect(await page.getByTestId("billable-amount").innerText()).toBe("€180.00");
    expect(await page.getByTestId("unrated-hours").innerText()).toBe("1:00");
    // The chart draws the amounts on an axis of their own, and says them to a screen reader.
    expect(await page.getByTestId("report-chart").getAttribute("aria-label")).toMatch(
      /^Bar chart of hours by project: .* €180\.00 billed\./,
    );
    expect(await paintedPixels(page)).toBeGreaterThan(0);

    // Each entry with its rate and amount, and its tags.
    const entries = page.getByRole("table", { name: "Entries of the report, newest first" });
    const rows = await settled(
      () => rowsOf(entries),
      (found) => found.length === 4,
    );
    expect(rows[0]!.slice(-3)).toEqual(["Billable", "Rate (EUR)", "Amount (EUR)"]);
    expect(rows.find((row) => row[4]!.startsWith("pairing"))?.slice(2)).toEqual([
      "Orrery",
      "",
      "pairingTags: design, urgent",
      "0:45",
      "Yes",
      "€80.00",
      "€60.00",
    ]);
    expect(rows.find((row) => row[4] === "gnomon")?.slice(-2)).toEqual(["—", "€0.00"]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a report is grouped by client and by tag and drawn as a donut, then each grouping adds up with its amounts and the donut shows the shares", async () => {
    const { page, context, problems, stint } = await ownerOf("Report Groups");
    await seedRatedWeek(stint);
    await page.goto(`/reports?${WEEK}&group=project&tz=UTC`);
    await page.getByRole("table", { name: "Hours by project" }).waitFor();

    await page.getByLabel("Group by").selectOption({ label: "Client" });
    const byClient = page.getByRole("table", { name: "Hours by client" });
    expect(
      await settled(
        () => rowsOf(byClient),
        (rows) => rows.length === 4,
      ),
    ).toEqual([
      ["Client", "Hours", "Billable hours", "Amount (EUR)", "Entries"],
      ["Acme", "2:15", "2:15", "€180.00", "2"],
      ["No client", "1:00", "1:00", "€0.00", "1"],
      ["Total", "3:15", "3:15", "€180.00", "3"],
    ]);

    // By tag, an entry with two tags counts in both; the total stays the report's.
    await page.getByLabel("Group by").selectOption({ label: "Tag" });
    const byTag = page.getByRole("table", { name: "Hours by tag" });
    expect(
      await settled(
        () => rowsOf(byTag),
        (rows) => rows.length === 5,
      ),
    ).toEqual([
      ["Tag", "Hours", "Billable hours", "Amount (EUR)", "Entries"],
      ["design", "2:15", "2:15", "€180.00", "2"],
      ["No tag", "1:00", "1:00", "€0.00", "1"],
      ["urgent", "0:45", "0:45", "€60.00", "1"],
      ["Total", "3:15", "3:15", "€180.00", "3"],
    ]);
    await page.getByText("An entry with several tags counts in each of them.").waitFor();
    expect(new URL(page.url()).searchParams.get("group")).toBe("tag");

    await page.getByLabel("Chart", { exact: true }).selectOption({ label: "Donut" });
    const chart = page.getByTestId("report-chart");
    expect(
      await settled(
        async () => (await chart.getAttribute("aria-label")) ?? "",
        (label) => label.startsWith("Donut"),
      ),
    ).toMatch(/^Donut chart of hours by tag: 3 slices, 4\.00 hours in all, the largest design with 2\.25 hours \(56 %\)\./);
    expect(await paintedPixels(page)).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get("chart")).toBe("donut");
    // The choice is kept in the address: a reload draws the donut again.
    await page.reload();
    await byTag.waitFor();
    expect(await page.getByLabel("Chart", { exact: true }).inputValue()).toBe("donut");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a member reads the report, then amounts show only once the organization lets members see their own", async () => {
    const { context, stint } = await ownerOf("Member Money");
    await context.close();
    await stint.organization.update({ currency: "EUR" });
    const orrery = await stint.projects.create({ name: "Orrery", hourlyRate: 80 });
    const memberEmail = uniqueEmail("member-money");
    await new Stint({ baseUrl: deployment.url }).invitations.accept({
      token: (await stint.invitations.create({ email: memberEmail, role: "member" })).token,
      name: "Mia Member",
      password: PASSWORD,
    });
    const member = await libraryAs(deployment.url, memberEmail);
    await member.timeEntries.create({
      projectId: orrery.id,
      startTime: "2026-11-06T14:00:00Z",
      endTime: "2026-11-06T15:00:00Z",
      description: "polishing",
      billable: true,
    });

    const { page, context: memberContext, problems } = await web.open();
    await signInInApp(page, memberEmail, PASSWORD);
    await page.goto(`/reports?${WEEK}&group=project&tz=UTC`);
    const byProject = page.getByRole("table", { name: "Hours by project" });
    expect(
      await settled(
        () => rowsOf(byProject),
        (rows) => rows.length === 3,
      ),
    ).toEqual([
      ["Project", "Hours", "Billable hours", "Entries"],
      ["Orrery", "1:00", "1:00", "1"],
      ["Total", "1:00", "1:00", "1"],
    ]);
    expect(await page.getByTestId("billable-amount").count()).toBe(0);
    expect(await page.getByTestId("report-chart").getAttribute("aria-label")).not.toMatch(/billed/);
    expect(await page.getByRole("columnheader", { name: /Amount/ }).count()).toBe(0);

    await stint.organization.update({ membersSeeOwnAmounts: true });
    await page.reload();
    expect(
      await settled(
        () => rowsOf(byProject),
        (rows) => rows.length === 3 && rows[0]!.length === 5,
      ),
    ).toEqual([
      ["Project", "Hours", "Billable hours", "Amount (EUR)", "Entries"],
      ["Orrery", "1:00", "1:00", "€80.00", "1"],
      ["Total", "1:00", "1:00", "€80.00", "1"],
    ]);
    expect(await page.getByTestId("billable-amount").innerText()).toBe("€80.00");
    expect(problems).toEqual([]);
    await memberContext.close();
  }, 60_000);
});
