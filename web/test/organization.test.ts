import type { Page } from "playwright-core";
import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import {
  DESKTOP,
  navigateTo,
  PASSWORD,
  PHONE,
  savePicture,
  seriousAccessibilityViolations,
  signInInApp,
  signUpInApp,
  uniqueEmail,
} from "./support/browser";
import { contentWidth, libraryAs, useWebApp } from "./support/web-app";
import { eventually, projectPicker, timerOf } from "./support/workday";

/** The projects the timer's picker offers for `typed` (its list opened, read and closed again). */
async function timerOffers(page: Page, typed: string): Promise<string[]> {
  const picker = projectPicker(timerOf(page));
  await picker.fill(typed);
  const names = await page.getByRole("listbox").getByRole("option").allInnerTexts();
  await picker.press("Escape");
  return names;
}

describeWithChromium("web application: projects, tasks, the team and the organization's settings", () => {
  const web = useWebApp();
  const { deployment } = web;

  it("when a project with a colour, a rate and a task is made, archived and unarchived in the page, then the API stores what the page showed", async () => {
    const { page, context, problems } = await web.open();
    const email = uniqueEmail("projects");
    await signUpInApp(page, { name: "Ada Owner", organization: "Analytical Engines", email, password: PASSWORD });
    const stint = await libraryAs(deployment.url, email);

    await navigateTo(page, "Projects");
    await page.getByRole("heading", { level: 1, name: "Projects" }).waitFor();
    await page.getByText("No active projects yet").waitFor();
    await page.getByRole("button", { name: "New project" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Orrery");
    await page.getByRole("radio", { name: "Green" }).check();
    await page.getByLabel("Colour code").fill("#1A2B3C");
    await page.getByLabel("Client").fill("Babbage Ltd");
    await page.getByLabel("Hourly rate").fill("85.5");
    await page.getByLabel("Description").fill("Brass and gears");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("status").filter({ hasText: "Project Orrery created." }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Orrery" });
    await row.getByRole("cell", { name: "Babbage Ltd" }).waitFor();
    expect(await row.innerText()).toMatch(/85[.,]50/);

    const [stored] = await stint.projects.list().then((first) => first.data);
    expect(stored).toMatchObject({
      name: "Orrery",
      color: "#1a2b3c",
      client_name: "Babbage Ltd",
      description: "Brass and gears",
      billable: true,
      hourly_rate: 85.5,
      archived: false,
    });
    // The timer bar heard of the new project without a reload.
    expect(
      await eventually(
        () => timerOffers(page, "Orr"),
        (names) => names.length > 0,
      ),
    ).toEqual([expect.stringMatching(/^Orrery/)]);

    // A name already used is refused in words, and what was typed stays.
    await page.getByRole("button", { name: "New project" }).click();
    await page.getByLabel("Name", { exact: true }).fill("orrery");
    await page.getByLabel("Client").fill("Someone else");
    await page.getByRole("button", { name: "Create project" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /already exists/ })
      .waitFor();
    expect(await page.getByLabel("Client").inputValue()).toBe("Someone else");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("link", { name: "Orrery" }).click();
    await page.getByRole("heading", { level: 1, name: "Orrery" }).waitFor();
    await page.getByText("This project has no tasks yet.").waitFor();
    const newTask = page.getByRole("form", { name: "New task" });
    await newTask.getByLabel("New task name").fill("Polish gears");
    await newTask.getByLabel("Estimate (hours)").fill("1.5");
    await newTask.getByLabel("Billable").selectOption("no");
    await newTask.getByRole("button", { name: "Add task" }).click();
    await page.getByRole("status").filter({ hasText: "Task Polish gears added." }).waitFor();
    await page.getByRole("cell", { name: "1:30" }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "project-detail");

    await page.getByRole("button", { name: "Edit Polish gears" }).click();
    const editTask = page.getByRole("form", { name: "Edit task Polish gears" });
    await editTask.getByLabel("Task name").fill("Polish brass gears");
    await editTask.getByLabel("Estimate (hours)").fill("2");
    await editTask.getByRole("button", { name: "Save task" }).click();
    await page.getByRole("status").filter({ hasText: "Task Polish brass gears saved." }).waitFor();
    await page.getByRole("button", { name: "Mark done Polish brass gears" }).click();
    await page.getByRole("button", { name: "Mark active Polish brass gears" }).waitFor();
    const [task] = (await stint.tasks.list(stored!.id)).data;
    expect(task).toMatchObject({ name: "Polish brass gears", estimate_seconds: 7200, billable: false, status: "done" });

    // A task with no time entries is deleted after a second press.
    await newTask.getByLabel("New task name").fill("Oil bearings");
    await newTask.getByRole("button", { name: "Add task" }).click();
    await page.getByRole("button", { name: "Delete Oil bearings" }).click();
    await page.getByRole("button", { name: "Delete Oil bearings for good" }).click();
    await page.getByRole("status").filter({ hasText: "Task Oil bearings deleted." }).waitFor();
    expect((await stint.tasks.list(stored!.id)).data.map((each) => each.name)).toEqual(["Polish brass gears"]);

    // Archived from the list: gone from the active list and the timer bar, shown among the archived.
    await navigateTo(page, "Projects");
    await page.getByRole("button", { name: "Archive Orrery" }).click();
    await page.getByRole("status").filter({ hasText: "Project Orrery archived" }).waitFor();
    await page.getByText("No active projects yet").waitFor();
    expect(await stint.projects.get(stored!.id)).toMatchObject({ archived: true });
    expect(
      await eventually(
        () => timerOffers(page, "Orr"),
        (names) => names.length === 0,
      ),
    ).toEqual([]);
    await page.getByLabel("Show").selectOption("archived");
    await page.getByRole("button", { name: "Unarchive Orrery" }).click();
    await page.getByRole("status").filter({ hasText: "Project Orrery is active again." }).waitFor();
    expect(await stint.projects.get(stored!.id)).toMatchObject({ archived: false });
    expect(
      await eventually(
        () => timerOffers(page, "Orr"),
        (names) => names.length > 0,
      ),
    ).toEqual([expect.stringMatching(/^Orrery/)]);

    // A project with time cannot be deleted: the page says what the API says.
    await stint.timeEntries.start({ projectId: stored!.id, description: "winding" });
    await stint.timeEntries.stop();
    await page.getByLabel("Show").selectOption("active");
    await page.getByRole("button", { name: "Delete Orrery" }).click();
    await page.getByRole("button", { name: "Delete Orrery for good" }).click();
    await page.getByRole("alert").filter({ hasText: "has time entries and cannot be deleted; archive it instead" }).waitFor();
    expect(await stint.projects.get(stored!.id)).toMatchObject({ name: "Orrery" });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "projects");
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it("when a member joins by the invitation link, then the owner can make them admin and remove them in the page", async () => {
    const owner = await web.open();
    const ownerEmail = uniqueEmail("team-owner");
    await signUpInApp(owner.page, { name: "Ada Owner", organization: "Difference Works", email: ownerEmail, password: PASSWORD });
    const stint = await libraryAs(deployment.url, ownerEmail);

    await navigateTo(owner.page, "Team");
    await owner.page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await owner.page.getByText("No pending invitations.").waitFor();
    const memberEmail = uniqueEmail("member");
    await owner.page.getByLabel("Email").fill(memberEmail);
    await owner.page.getByLabel("Role", { exact: true }).selectOption("member");
    await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.page.getByText("will not be shown again").waitFor();
    await owner.page.getByRole("button", { name: "Copy link" }).waitFor();
    const link = await owner.page.locator(".secret").innerText();
    expect(link).toMatch(new RegExp(`^${deployment.url}/join#token=.+`));
    await owner.page.getByRole("row").filter({ hasText: memberEmail }).waitFor();
    await savePicture(owner.page, "team");

    const member = await web.open();
    await member.page.goto(link);
    await member.page.getByRole("heading", { level: 1, name: "Join your team" }).waitFor();
    await member.page.getByLabel("Your name").fill("Charles Member");
    await member.page.getByLabel("Password").fill(PASSWORD);
    await member.page.getByRole("button", { name: "Join" }).click();
    await member.page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
    await member.page.getByRole("banner").getByText("Charles Member").waitFor();
    const navigation = member.page.getByRole("navigation", { name: "Main" });
    await navigation.getByRole("link", { name: "Team" }).waitFor();
    expect(await navigation.getByRole("link", { name: "Webhooks" }).count()).toBe(0);
    await navigateTo(member.page, "Team");
    await member.page.getByRole("row").filter({ hasText: "Ada Owner" }).waitFor();
    await member.page.getByRole("row").filter({ hasText: "Charles Member" }).getByRole("cell", { name: "Member", exact: true }).waitFor();
    expect(await member.page.getByRole("button", { name: /Change role|Remove|Invite/ }).count()).toBe(0);
    expect(await member.page.getByRole("combobox").filter({ hasText: "Admin" }).count()).toBe(0);
    expect(await member.page.getByText("Pending invitations").count()).toBe(0);
    expect(await seriousAccessibilityViolations(member.page)).toEqual([]);
    // Members read the organization's settings and projects, and are offered no changes.
    await navigateTo(member.page, "Organization");
    await member.page.getByText("Only the owner and admins change these settings.").waitFor();
    expect(await member.page.getByRole("button", { name: "Save settings" }).count()).toBe(0);
    await navigateTo(member.page, "Projects");
    await member.page.getByText("An owner or admin creates them").waitFor();
    expect(await member.page.getByRole("button", { name: "New project" }).count()).toBe(0);
    expect(member.problems).toEqual([]);
    await member.context.close();

    // The owner sees the new member, makes them an admin, then removes them.
    await navigateTo(owner.page, "Projects");
    await navigateTo(owner.page, "Team");
    await owner.page.getByText("No pending invitations.").waitFor();
    const joined = (await stint.users.list()).data.find((user) => user.email === memberEmail)!;
    expect(joined).toMatchObject({ name: "Charles Member", role: "member" });
    expect(await owner.page.getByRole("button", { name: "Remove Ada Owner" }).count()).toBe(0);
    await owner.page.getByLabel("Role of Charles Member").selectOption("admin");
    await owner.page.getByRole("button", { name: "Change role of Charles Member" }).click();
    await owner.page.getByRole("status").filter({ hasText: "Charles Member is now admin." }).waitFor();
    expect(await stint.users.get(joined.id)).toMatchObject({ role: "admin" });
    await owner.page.getByRole("button", { name: "Remove Charles Member" }).click();
    await owner.page.getByRole("button", { name: "Remove Charles Member from the organization" }).click();
    await owner.page.getByRole("status").filter({ hasText: "Charles Member was removed" }).waitFor();
    expect((await stint.users.list()).data.map((user) => user.email)).toEqual([ownerEmail]);

    // An invitation revoked stops being pending.
    const later = uniqueEmail("later");
    await owner.page.getByLabel("Email").fill(later);
    await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.page.getByRole("row").filter({ hasText: later }).waitFor();
    await owner.page
      .getByRole("button", { name: `Revoke the invitation for ${later}` })
      .first()
      .click();
    await owner.page.getByRole("button", { name: `Revoke the invitation for ${later}` }).click();
    await owner.page.getByRole("status").filter({ hasText: "was revoked" }).waitFor();
    expect((await stint.invitations.list()).data).toEqual([]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 90_000);

  it("when the organization is renamed, then the header follows, and a retention out of range is refused in words", async () => {
    const { page, context, problems } = await web.open();
    const email = uniqueEmail("settings");
    await signUpInApp(page, { name: "Ada Owner", organization: "Old Name Works", email, password: PASSWORD });
    const stint = await libraryAs(deployment.url, email);

    await navigateTo(page, "Organization");
    await page.getByRole("heading", { level: 1, name: "Organization" }).waitFor();
    await page.getByText(/^Free: .*100 requests per hour/).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("New Name Works");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    await page.getByRole("banner").getByText("New Name Works").waitFor();
    expect(await stint.organization.get()).toMatchObject({ name: "New Name Works", screenshot_retention_days: null });

    for (const refused of ["0", "100000"]) {
      await page.getByLabel("Screenshot retention (days)").fill(refused);
      await page.getByRole("button", { name: "Save settings" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /Screenshot retention \(days\):/ })
        .waitFor();
      expect(await page.getByLabel("Screenshot retention (days)").inputValue()).toBe(refused);
    }
    expect(await stint.organization.get()).toMatchObject({ screenshot_retention_days: null });
    await page.getByLabel("Screenshot retention (days)").fill("30");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    expect(await stint.organization.get()).toMatchObject({ screenshot_retention_days: 30 });
    await page.getByLabel("Screenshot retention (days)").fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    await expect(stint.organization.get()).resolves.toMatchObject({ screenshot_retention_days: null });
    await savePicture(page, "organization-settings");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when an admin opens the organization, then only what an admin may do is offered: retention but not the name, others' roles but not their own or the owner's", async () => {
    const ownerEmail = uniqueEmail("admin-owner");
    const signedUp = await new Stint({ baseUrl: deployment.url }).auth.register({
      email: ownerEmail,
      password: PASSWORD,
      name: "Ada Owner",
      organizationName: "Admin Works",
    });
    const stint = new Stint({ baseUrl: deployment.url, accessToken: signedUp.access_token });
    const adminEmail = uniqueEmail("admin");
    const anonymous = new Stint({ baseUrl: deployment.url });
    await anonymous.invitations.accept({
      token: (await stint.invitations.create({ email: adminEmail, role: "admin" })).token,
      name: "Grace Admin",
      password: PASSWORD,
    });
    await anonymous.invitations.accept({
      token: (await stint.invitations.create({ email: uniqueEmail("plain"), role: "member" })).token,
      name: "Plain Member",
      password: PASSWORD,
    });

    const { page, context, problems } = await web.open();
    await signInInApp(page, adminEmail, PASSWORD);
    await navigateTo(page, "Team");
    await page.getByLabel("Role of Plain Member").waitFor();
    expect(await page.getByLabel(/Role of (Ada Owner|Grace Admin)/).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Remove (Ada Owner|Grace Admin)/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Invite", exact: true }).waitFor();

    await navigateTo(page, "Organization");
    const name = page.getByLabel("Name", { exact: true });
    await name.waitFor();
    expect(await name.getAttribute("readonly")).not.toBeNull();
    await page.getByText("Only the owner renames the organization.").waitFor();
    await page.getByLabel("Screenshot retention (days)").fill("14");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    expect(await stint.organization.get()).toMatchObject({ name: "Admin Works", screenshot_retention_days: 14 });

    // The capture agent's settings: an interval out of range is refused in words, 0 turns capture off.
    const interval = page.getByLabel("Screenshot interval (minutes)");
    expect(await interval.inputValue()).toBe("10");
    await interval.fill("61");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /Screenshot interval \(minutes\):/ })
      .waitFor();
    expect(await stint.organization.get()).toMatchObject({ screenshot_interval_minutes: 10, screenshot_blur: false });
    await interval.fill("0");
    await page.getByLabel("Blur screenshots before they are uploaded").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    expect(await stint.organization.get()).toMatchObject({ screenshot_interval_minutes: 0, screenshot_blur: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when its pages are checked on a desktop and a phone, then none has a serious accessibility violation or is wider than the screen", async () => {
    const email = uniqueEmail("axe");
    await new Stint({ baseUrl: deployment.url }).auth.register({
      email,
      password: PASSWORD,
      name: "Ada Owner",
      organizationName: "Accessible Engines",
    });
    const stint = await libraryAs(deployment.url, email);
    const project = await stint.projects.create({
      name: "Jacquard loom with a long name",
      color: "#7c3aed",
      clientName: "Weavers of Lyon",
      hourlyRate: 120,
    });
    await stint.tasks.create(project.id, { name: "Punch cards", estimateSeconds: 9000 });
    const invitee = uniqueEmail("invitee");
    await stint.invitations.create({ email: invitee, role: "admin" });

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, problems } = await web.open(viewport);
      await signInInApp(page, email, PASSWORD);
      // Each page with what it loads on show, so the check sees the page filled, not loading.
      // Reached by links, as a person would: one page load, one resumed sign-in.
      for (const [go, heading, loaded] of [
        [() => navigateTo(page, "Projects"), "Projects", "Weavers of Lyon"],
        [() => page.getByRole("link", { name: project.name }).click(), project.name, "Punch cards"],
        [() => navigateTo(page, "Team"), "Team", invitee],
        [() => navigateTo(page, "Organization"), "Organization", /^Free: .*100 requests per hour/],
      ] as const) {
        await go();
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        const path = new URL(page.url()).pathname;
        await page.getByRole("main").getByText(loaded).first().waitFor();
        expect({ path, viewport, violations: await seriousAccessibilityViolations(page) }).toEqual({ path, viewport, violations: [] });
        expect({ path, viewport, tooWide: (await contentWidth(page)) > viewport.width }).toEqual({ path, viewport, tooWide: false });
      }
      // The project form, open, is checked too.
      await navigateTo(page, "Projects");
      await page.getByRole("button", { name: "New project" }).click();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
