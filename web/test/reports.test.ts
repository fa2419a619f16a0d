import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { PASSWORD, PHONE, savePicture, seriousAccessibilityViolations, signInInApp, uniqueEmail } from "./support/browser";
import { paintedPixels, rowsOf, same, settled } from "./support/report-page";
import { contentWidth, useWebApp } from "./support/web-app";

/** A PNG of one colour, as a desktop tracker would send. */
function png(width: number, height: number, red: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** Another organization and its owner, signed up through the library (each test its own person, so that none uses up another's requests per minute). */
async function ownerThroughLibrary(baseUrl: string, name: string): Promise<{ email: string; stint: Stint }> {
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  const session = await new Stint({ baseUrl }).auth.register({ email, password: PASSWORD, name, organizationName: `${name}'s company` });
  return { email, stint: new Stint({ baseUrl, accessToken: session.access_token }) };
}

const WEEK = "from=2026-11-02&to=2026-11-08";

/**
 * The week of 2 November: Website (billable) 1:30 on Monday and 1:00 on Tuesday; Backend (not
 * billable) 1:00 from 23:30 UTC on Tuesday and 0:07 on Thursday. Gives Monday's entry.
 */
async function seedReportingWeek(stint: Stint): Promise<string> {
  const website = await stint.projects.create({ name: "Website", billable: true });
  const backend = await stint.projects.create({ name: "Backend", billable: false });
  const entry = (projectId: string, start: string, end: string, description: string) =>
    stint.timeEntries.create({ projectId, startTime: start, endTime: end, description });
  const monday = (await entry(website.id, "2026-11-02T09:00:00Z", "2026-11-02T10:30:00Z", "home page")).id;
  await entry(website.id, "2026-11-03T13:00:00Z", "2026-11-03T14:00:00Z", "contact form");
  // 23:30 UTC on Tuesday is 08:30 on Wednesday in Tokyo: the zone decides its day.
  await entry(backend.id, "2026-11-03T23:30:00Z", "2026-11-04T00:30:00Z", "migration");
  await entry(backend.id, "2026-11-05T10:00:00Z", "2026-11-05T10:07:00Z", "hotfix");
  return monday;
}

/**
 * Grace Shots, of an organization of her own, with two entries of Design (Tuesday's and
 * Monday's) and two screenshots of Tuesday's: 640×400 at 13:10 and 800×500 at 13:40.
 */
async function graceWithScreenshots(baseUrl: string) {
  const { email, stint } = await ownerThroughLibrary(baseUrl, "Grace Shots");
  const project = await stint.projects.create({ name: "Design" });
  const tuesday = await stint.timeEntries.create({
    projectId: project.id,
    startTime: "2026-11-03T13:00:00Z",
    endTime: "2026-11-03T14:00:00Z",
    description: "contact form",
  });
  const monday = await stint.timeEntries.create({
    projectId: project.id,
    startTime: "2026-11-02T09:00:00Z",
    endTime: "2026-11-02T10:00:00Z",
    description: "home page",
  });
  const first = await stint.screenshots.upload({
    file: await png(640, 400, 200),
    timeEntryId: tuesday.id,
    takenAt: "2026-11-03T13:10:00Z",
  });
  await stint.screenshots.upload({ file: await png(800, 500, 40), timeEntryId: tuesday.id, takenAt: "2026-11-03T13:40:00Z" });
  return { email, stint, project, tuesday, monday, first };
}

describeWithChromium("web application: reports, screenshots and imports", () => {
  const web = useWebApp();
  const { deployment } = web;

  it("when time is seeded, then the report page matches it by project and by day, in the zone chosen, rounded as asked", async () => {
    const { page, context, problems } = await web.open();
    // Each test has people of its own: a person's sign-ins share one rate limit.
    const { email, stint } = await ownerThroughLibrary(deployment.url, "Ada Owner");
    await seedReportingWeek(stint);
    await signInInApp(page, email, PASSWORD);

    await page.goto(`/reports?${WEEK}&group=project&tz=UTC`);
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    const byProject = page.getByRole("table", { name: "Hours by project" });
    await byProject.waitFor();
    expect(await rowsOf(byProject)).toEqual([
      ["Project", "Hours", "Billable hours", "Entries"],
      ["Website", "2:30", "2:30", "2"],
      ["Backend", "1:07", "0:00", "2"],
      ["Total", "3:37", "2:30", "4"],
    ]);
    expect(await page.getByTestId("total-hours").innerText()).toBe("3:37");
    // The chart is drawn, and says in words what it shows.
    expect(
      await settled(
        () => paintedPixels(page),
        (value) => value > 500,
      ),
    ).toBeGreaterThan(500);
    expect(await page.getByRole("img", { name: /Bar chart of hours by project: 2 bars.*largest Website/ }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "reports");

    await page.getByLabel("Group by").selectOption("day");
    const byDay = page.getByRole("table", { name: "Hours by day" });
    await byDay.waitFor();
    expect(page.url()).toContain("group=day");
    expect((await rowsOf(byDay)).slice(1)).toEqual([
      ["2026-11-02", "1:30", "1:30", "1"],
      ["2026-11-03", "2:00", "1:00", "2"],
      ["2026-11-05", "0:07", "0:00", "1"],
      ["Total", "3:37", "2:30", "4"],
    ]);

    await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
    const tokyoDays = ["2026-11-02", "2026-11-03", "2026-11-04"];
    expect(await settled(async () => (await rowsOf(byDay)).slice(1, 4).map((row) => row[0] ?? ""), same(tokyoDays))).toEqual(tokyoDays);
    expect((await rowsOf(byDay)).slice(1)).toEqual([
      ["2026-11-02", "1:30", "1:30", "1"],
      ["2026-11-03", "1:00", "1:00", "1"],
      ["2026-11-04", "1:00", "0:00", "1"],
      ["2026-11-05", "0:07", "0:00", "1"],
      ["Total", "3:37", "2:30", "4"],
    ]);
    // The address holds the report: a reload (or a bookmark) brings the same one back.
    expect(page.url()).toContain("tz=Asia%2FTokyo");
    await page.reload();
    await page.getByRole("table", { name: "Hours by day" }).getByRole("rowheader", { name: "2026-11-04" }).waitFor();

    // Each entry rounded up to 15 minutes: the 7-minute one becomes 15; to the nearest, 0.
    await page.getByLabel("Rounding", { exact: true }).selectOption("up");
    await page.getByTestId("rounded-hours").waitFor();
    expect(await settled(() => page.getByTestId("rounded-hours").innerText(), same("3:45"))).toBe("3:45");
    await page.getByLabel("Rounding", { exact: true }).selectOption("nearest");
    expect(await settled(() => page.getByTestId("rounded-hours").innerText(), same("3:30"))).toBe("3:30");
    expect(await page.getByTestId("total-hours").innerText()).toBe("3:37");
    const api = await stint.reports.summary({
      startDate: "2026-11-02",
      endDate: "2026-11-08",
      timezone: "Asia/Tokyo",
      rounding: "nearest",
      roundingMinutes: "15",
    });
    expect(api.rounded_seconds).toBe(3.5 * 3600);

    // The detailed list, newest first.
    const entries = page.getByRole("table", { name: "Entries of the report, newest first" });
    expect((await rowsOf(entries)).slice(1).map((row) => row[4])).toEqual(["hotfix", "migration", "contact form", "home page"]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it("when the report is downloaded, then CSV and XLSX come through the library as files, and filters and presets change the address", async () => {
    const { email, stint } = await ownerThroughLibrary(deployment.url, "Ada Owner");
    const mondayEntry = await seedReportingWeek(stint);
    const { page, context, problems } = await web.open();
    await signInInApp(page, email, PASSWORD);
    await page.goto(`/reports?${WEEK}&group=project&tz=UTC`);
    await page.getByRole("table", { name: "Hours by project" }).waitFor();

    await page.getByLabel("Report to download").selectOption("detailed");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe("stint-detailed-2026-11-02-2026-11-08.csv");
    const lines = readFileSync((await csv.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "id,user_id,user_email,user_name,project_id,project_name,task_id,task_name,description,start_time,end_time,duration_seconds,duration_hours,billable,tags,hourly_rate,billable_amount,currency",
    );
    expect(lines).toHaveLength(5);
    // No tags and no rate: billable, nothing billed, in the organization's currency.
    expect(lines.find((line) => line.startsWith(`${mondayEntry},`))).toMatch(
      /,Website,.*,home page,2026-11-02T09:00:00(\.000)?Z,2026-11-02T10:30:00(\.000)?Z,5400,1\.5,true,,,0,USD$/,
    );
    await page.getByRole("status").getByRole("link", { name: "stint-detailed-2026-11-02-2026-11-08.csv" }).waitFor();

    await page.getByLabel("Report to download").selectOption("summary");
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download XLSX" }).click()]);
    expect(xlsx.suggestedFilename()).toBe("stint-summary-2026-11-02-2026-11-08.xlsx");
    const workbook = readFileSync((await xlsx.path())!);
    expect(workbook.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(workbook.length).toBeGreaterThan(1000);

    // Filters narrow both the summary and the entries; a project's tasks become a filter of their own.
    await page.getByRole("main").getByLabel("Project", { exact: true }).selectOption({ label: "Backend" });
    const byProject = page.getByRole("table", { name: "Hours by project" });
    expect(await settled(async () => (await rowsOf(byProject)).length, same(3))).toBe(3);
    expect((await rowsOf(byProject))[1]).toEqual(["Backend", "1:07", "0:00", "2"]);
    expect(new URL(page.url()).searchParams.get("project")).toMatch(/^prj_/);
    await page.getByRole("main").getByLabel("Task", { exact: true }).waitFor();
    await page.getByRole("main").getByLabel("Billable", { exact: true }).selectOption("true");
    await page.getByText("No time in this range.").waitFor();
    await page.getByText("No entries in this range.").waitFor();

    // A preset fills the range in the address: last week is the seven days from the Monday before this week's.
    await page.getByLabel("Period").selectOption("last-week");
    const range = await settled(
      async () => new URL(page.url()).searchParams,
      (params) => params.get("from") !== "2026-11-02",
    );
    const [from, to] = [Date.parse(`${range.get("from")}T00:00:00Z`), Date.parse(`${range.get("to")}T00:00:00Z`)];
    expect((to - from) / 86_400_000).toBe(6);
    expect(new Date(from).getUTCDay()).toBe(1);
    expect(await page.getByLabel("Period").inputValue()).toBe("last-week");

    // A reversed range is said in words, in the form's terms, not a blank page.
    await page.goto(`/reports?from=2026-11-08&to=2026-11-02&group=project&tz=UTC`);
    expect(
      await settled(
        () => page.getByRole("alert").first().innerText(),
        (value) => /To date is before the From date/.test(value),
      ),
    ).toMatch(/To date is before the From date/);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when screenshots are browsed, then they show by day and by entry as thumbnails, and one can be opened and deleted", async () => {
    const { page, context, problems } = await web.open();
    const { email: shooterEmail, stint: library, tuesday, monday, first } = await graceWithScreenshots(deployment.url);
    await signInInApp(page, shooterEmail, PASSWORD);

    await page.goto("/screenshots?date=2026-11-01");
    await page.getByText("No screenshots for this day").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto("/screenshots?date=2026-11-03");
    const thumbnails = page.getByRole("img", { name: /^Screenshot of Grace Shots, / });
    expect(await settled(() => thumbnails.count(), same(2))).toBe(2);
    expect(
      await settled(
        () =>
          thumbnails.evaluateAll((images) =>
            images.every(
              (image) =>
                (image as unknown as { naturalWidth: number; src: string }).naturalWidth === 400 &&
                (image as unknown as { src: string }).src.startsWith("blob:"),
            ),
          ),
        same(true),
      ),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "screenshots");

    await page.goto(`/screenshots?entry=${tuesday.id}`);
    await page.getByText("contact form").waitFor();
    expect(await settled(() => thumbnails.count(), same(2))).toBe(2);
    // Newest first: the first thumbnail is the one taken at 13:40.
    await page
      .getByRole("button", { name: /^Open screenshot of Grace Shots/ })
      .first()
      .click();
    const viewer = page.getByRole("dialog");
    await viewer.waitFor();
    const full = viewer.getByRole("img");
    expect(await settled(() => full.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), same(800))).toBe(800);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await viewer.getByRole("button", { name: "Close" }).click();
    await viewer.waitFor({ state: "detached" });

    await page
      .getByRole("button", { name: /^Open screenshot of Grace Shots/ })
      .first()
      .click();
    await viewer.getByRole("button", { name: "Delete", exact: true }).click();
    await viewer.getByRole("button", { name: "Delete this screenshot" }).click();
    await viewer.waitFor({ state: "detached" });
    expect(await settled(() => thumbnails.count(), same(1))).toBe(1);
    const left = await library.screenshots.list({ timeEntryId: tuesday.id });
    expect(left.data.map((shot) => shot.id)).toEqual([first.id]);

    await page.goto(`/screenshots?entry=${monday.id}`);
    await page.getByText("No screenshots for this entry").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a member looks, then only their own screenshots and time show, while a manager sees everyone's by person", async () => {
    const shooter = await graceWithScreenshots(deployment.url);
    const grace = shooter.stint;
    const milo = `milo-${Date.now().toString(36)}@example.test`;
    const invitation = await grace.invitations.create({ email: milo, role: "member" });
    const joined = await new Stint({ baseUrl: deployment.url }).invitations.accept({
      token: invitation.token,
      name: "Milo Member",
      password: PASSWORD,
    });
    const member = new Stint({ baseUrl: deployment.url, accessToken: joined.access_token });
    const own = await member.timeEntries.create({
      projectId: shooter.project.id,
      startTime: "2026-11-03T15:00:00Z",
      endTime: "2026-11-03T15:45:00Z",
      description: "review",
    });
    await member.screenshots.upload({ file: await png(320, 200, 90), timeEntryId: own.id, takenAt: "2026-11-03T15:20:00Z" });

    const asMember = await web.open();
    await signInInApp(asMember.page, milo, PASSWORD);
    await asMember.page.goto("/screenshots?date=2026-11-03");
    const memberShots = asMember.page.getByRole("img", { name: /^Screenshot of / });
    expect(
      await settled(
        () => memberShots.evaluateAll((images) => images.map((image) => (image as unknown as { alt: string }).alt.split(",")[0] ?? "")),
        same(["Screenshot of Milo Member"]),
      ),
    ).toEqual(["Screenshot of Milo Member"]);
    expect(await asMember.page.getByLabel("Person", { exact: true }).count()).toBe(0);
    await asMember.page.goto(`/reports?${WEEK}&group=user&tz=UTC`);
    const byPerson = asMember.page.getByRole("table", { name: "Hours by person" });
    await byPerson.waitFor();
    expect((await rowsOf(byPerson)).slice(1)).toEqual([
      ["Milo Member", "0:45", "0:45", "1"],
      ["Total", "0:45", "0:45", "1"],
    ]);
    expect(await asMember.page.getByLabel("Person", { exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(asMember.page)).toEqual([]);
    expect(asMember.problems).toEqual([]);
    await asMember.context.close();

    const asManager = await web.open();
    await signInInApp(asManager.page, shooter.email, PASSWORD);
    await asManager.page.goto("/screenshots?date=2026-11-03");
    const managerShots = asManager.page.getByRole("img", { name: /^Screenshot of / });
    // Grace's two and Milo's one.
    expect(await settled(() => managerShots.count(), same(3))).toBe(3);
    await asManager.page.getByLabel("Person", { exact: true }).selectOption({ label: "Milo Member" });
    expect(await settled(() => managerShots.count(), same(1))).toBe(1);
    expect(await managerShots.getAttribute("alt")).toMatch(/^Screenshot of Milo Member, /);
    expect(asManager.problems).toEqual([]);
    await asManager.context.close();
  }, 60_000);

  it("when a Stint CSV is imported through the page, then the counts show, and a bad row's error", async () => {
    const { page, context, problems } = await web.open();
    const { email, stint: library } = await ownerThroughLibrary(deployment.url, "Ima Porter");
    await signInInApp(page, email, PASSWORD);
    await page.goto("/imports");
    await page.getByRole("heading", { level: 1, name: "Imports" }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const header = "user_email,project_name,task_name,description,start_time,end_time,billable";
    const good = [
      header,
      `${email},Imported,,first,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,true`,
      `,Imported,,second,2026-10-06T09:00:00Z,2026-10-06T09:30:00Z,false`,
    ].join("\r\n");
    await page.getByLabel("Exported from").selectOption("stint");
    await page
      .getByLabel("CSV file (at most 100 MiB)")
      .setInputFiles({ name: "stint.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await page.getByRole("heading", { name: "Result" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("rows-imported").innerText()).toBe("2");
    expect(await page.getByTestId("rows-skipped").innerText()).toBe("0");
    expect(page.url()).toMatch(/job=imp_/);
    const imported = await library.reports.summary({ startDate: "2026-10-05", endDate: "2026-10-06", timezone: "UTC" });
    expect(imported).toMatchObject({ total_seconds: 5400, entry_count: 2, groups: [{ name: "Imported" }] });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "imports");

    // The same rows again are skipped; a row whose end is before its start is refused and named.
    const bad = [
      header,
      `${email},Imported,,first,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,true`,
      `${email},Imported,,backwards,2026-10-07T10:00:00Z,2026-10-07T09:00:00Z,true`,
    ].join("\r\n");
    await page.getByLabel("CSV file (at most 100 MiB)").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Import 1 row" }).click();
    const errors = page.getByRole("table", { name: "Rows that were refused" });
    await errors.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("rows-imported").innerText()).toBe("0");
    expect(await page.getByTestId("rows-skipped").innerText()).toBe("2");
    const rows = await rowsOf(errors);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe("3");
    expect(rows[1]![2]).toMatch(/\w+ \w+/);

    // A file the API refuses at once (not CSV of the source) is said in words, the form kept.
    await page
      .getByLabel("CSV file (at most 100 MiB)")
      .setInputFiles({ name: "nothing.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\r\n1,2\r\n") });
    await page.getByRole("button", { name: "Preview" }).click();
    expect(
      await settled(
        () => page.getByRole("alert").first().innerText(),
        (value) => /\w+ \w+/.test(value),
      ),
    ).toMatch(/\w+ \w+/);
    expect(await page.getByLabel("Exported from").inputValue()).toBe("stint");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a day-first, semicolon-separated Clockify file is previewed, then the page shows how it was read and imports it only once confirmed", async () => {
    const { page, context, problems } = await web.open();
    const { email, stint: library } = await ownerThroughLibrary(deployment.url, "Day First");
    await signInInApp(page, email, PASSWORD);
    await page.goto("/imports");
    await page.getByRole("heading", { level: 1, name: "Imports" }).waitFor();
    const file = [
      "Project;Client;Description;Task;User;Email;Billable;Start Date;Start Time;End Date;End Time;Tags",
      `Kites;Windward;Cut the sails;Sewing;Day First;${email};Yes;12/02/2026;09:00;12/02/2026;10:30;workshop, night`,
      `Kites;Windward;Flew the prototype;;Day First;${email};No;13/02/2026;14:00;13/02/2026;14:45;`,
    ].join("\r\n");
    await page.getByLabel("Exported from").selectOption("clockify");
    await page.getByLabel("Time zone of the file's times").selectOption("UTC");
    await page
      .getByLabel("CSV file (at most 100 MiB)")
      .setInputFiles({ name: "clockify.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("heading", { name: "Before importing: check how the file was read" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("preview-layout").innerText()).toBe("Clockify detailed export");
    expect(await page.getByTestId("preview-delimiter").innerText()).toBe("semicolons");
    expect(await page.getByTestId("preview-date-format").innerText()).toBe("DD/MM/YYYY");
    expect(await page.getByTestId("preview-date-source").innerText()).toMatch(/read from the file's own dates/);
    expect(await page.getByTestId("preview-to-create").innerText()).toMatch(/Project Kites[\s\S]*Task Sewing in Kites/);
    const firstRows = await rowsOf(page.getByRole("table", { name: /rows, as they would be stored/ }));
    expect(firstRows.slice(1).map((row) => [row[0], row[3], row[4], row[7], row[8]])).toEqual([
      ["2", "1:30", "Kites (new)", "yes", "workshop, night"],
      ["3", "0:45", "Kites (new)", "no", ""],
    ]);
    // 12/02 is the 12th of February, as the 13/02 of the next row shows.
    expect(firstRows[1]![1]).toMatch(/Feb\w* 12|12 Feb/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "imports-preview");
    // Nothing is stored until the import is confirmed.
    expect((await library.projects.list()).meta.total).toBe(0);

    // Changing a choice drops the preview: the file must be read again as now asked.
    await page.getByLabel("Dates like 03/04/2026").selectOption("MM/DD/YYYY");
    await page.getByRole("heading", { name: "Before importing: check how the file was read" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Before importing: check how the file was read" }).waitFor({ state: "detached" });
    expect((await library.timeEntries.list({ startDate: "2026-02-01", endDate: "2026-02-28" })).meta.total).toBe(0);

    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await page.getByRole("heading", { name: "Result" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("rows-imported").innerText()).toBe("2");
    const stored = await library.timeEntries.list({ startDate: "2026-02-01", endDate: "2026-02-28" });
    expect(stored.data.map((entry) => entry.start_time).sort()).toEqual(["2026-02-12T09:00:00Z", "2026-02-13T14:00:00Z"]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it("when the three pages are 360 px wide, then they stay usable and accessible", async () => {
    const { email, stint } = await ownerThroughLibrary(deployment.url, "Ada Owner");
    await seedReportingWeek(stint);
    const shooter = await graceWithScreenshots(deployment.url);
    const visits = [
      { who: email, path: `/reports?${WEEK}&group=day&tz=UTC`, ready: (page: Page) => page.getByRole("table", { name: "Hours by day" }) },
      { who: email, path: "/imports", ready: (page: Page) => page.getByLabel("CSV file (at most 100 MiB)") },
      {
        who: shooter.email,
        path: "/screenshots?date=2026-11-03",
        ready: (page: Page) => page.getByRole("img", { name: /^Screenshot of Grace Shots/ }).first(),
      },
    ];
    for (const visit of visits) {
      const { page, context, problems } = await web.open(PHONE);
      await signInInApp(page, visit.who, PASSWORD);
      await page.goto(visit.path);
      await visit.ready(page).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // Nothing but the tables' own boxes scrolls sideways.
      expect(await contentWidth(page)).toBeLessThanOrEqual(360);
      if (visit.path.startsWith("/reports")) await savePicture(page, "reports-phone");
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 60_000);
});
