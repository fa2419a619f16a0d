import type { Page } from "playwright-core";
import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { SmtpInbox, tokenInLink } from "../../test/support/smtp-inbox";
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

const NEW_PASSWORD = "a fresh passphrase for tests";

/** The link the outbox shows for `to`'s newest message of `subject`, once it is there. */
async function keptLinkFor(page: Page, to: string, subject: RegExp): Promise<string> {
  await navigateTo(page, "Outbox");
  await page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor();
  const item = page
    .getByRole("listitem")
    .filter({ hasText: to })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await item.waitFor();
  await item.getByRole("button", { name: `Copy the link for ${to}` }).waitFor();
  return item.locator("code").innerText();
}

/** The link's path and fragment, on the deployment the test reaches. */
function onDeployment(link: string, baseUrl: string): string {
  const url = new URL(link, baseUrl);
  return `${baseUrl}${url.pathname}${url.hash}`;
}

describeWithChromium("web application: email kept in the outbox (no SMTP), invitations, password reset and change", () => {
  const web = useWebApp();
  const { deployment } = web;

  it("when an owner invites someone and passes on the outbox's link, then the invitee joins; a forgotten password is reset by the owner's link", async () => {
    const owner = await web.open();
    const ownerEmail = uniqueEmail("owner");
    await signUpInApp(owner.page, { name: "Olive Owner", organization: "Outbox Works", email: ownerEmail, password: PASSWORD });
    const library = await libraryAs(deployment.url, ownerEmail);
    const memberEmail = uniqueEmail("member");
    await library.invitations.create({ email: memberEmail, role: "member" });

    const joinLink = await keptLinkFor(owner.page, memberEmail, /invited you to Outbox Works/);
    expect(await seriousAccessibilityViolations(owner.page)).toEqual([]);
    await savePicture(owner.page, "outbox");

    const member = await web.open(PHONE);
    await member.page.goto(onDeployment(joinLink, deployment.url));
    await member.page.getByRole("heading", { level: 1, name: "Join your team" }).waitFor();
    await member.page.getByLabel("Your name").fill("Mo Member");
    await member.page.getByLabel("Password").fill(PASSWORD);
    await member.page.getByRole("button", { name: "Join" }).click();
    await member.page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
    await member.page.getByRole("button", { name: "Sign out" }).click();

    // Forgotten: asked for on the sign-in page, answered without saying whether the address is known.
    await member.page.getByRole("link", { name: "Forgot your password?" }).click();
    await member.page.getByRole("heading", { level: 1, name: "Forgot your password?" }).waitFor();
    await member.page.getByLabel("Email").fill(memberEmail);
    await member.page.getByRole("button", { name: "Send me a link" }).click();
    await member.page.getByRole("status").filter({ hasText: "ask your organization's owner or an admin" }).waitFor();
    expect(await seriousAccessibilityViolations(member.page)).toEqual([]);
    expect(await contentWidth(member.page)).toBeLessThanOrEqual(PHONE.width);

    const resetLink = await keptLinkFor(owner.page, memberEmail, /Set a new password/);
    await member.page.goto(onDeployment(resetLink, deployment.url));
    await member.page.getByRole("heading", { level: 1, name: "Set a new password" }).waitFor();
    await member.page.getByLabel(/^New password(?! again)/).fill(NEW_PASSWORD);
    await member.page.getByLabel("New password again").fill(NEW_PASSWORD);
    await member.page.getByRole("button", { name: "Set password" }).click();
    await member.page.getByRole("heading", { level: 1, name: "Your password is set" }).waitFor();
    expect(await seriousAccessibilityViolations(member.page)).toEqual([]);

    // The link works once: opened again (a fresh load), it says so in words.
    await member.page.goto("/signin");
    await member.page.goto(onDeployment(resetLink, deployment.url));
    await member.page.getByLabel(/^New password(?! again)/).fill("yet another passphrase");
    await member.page.getByLabel("New password again").fill("yet another passphrase");
    await member.page.getByRole("button", { name: "Set password" }).click();
    await member.page.getByRole("alert").filter({ hasText: "has been used or has expired" }).waitFor();

    await signInInApp(member.page, memberEmail, NEW_PASSWORD);
    expect(owner.problems).toEqual([]);
    expect(member.problems).toEqual([]);
    await owner.context.close();
    await member.context.close();
  }, 120_000);

  it("when a signed-in person opens an invitation or a reset link, then the page says whose sign-in it is and signing out there opens the link", async () => {
    const { page, context, problems } = await web.open(PHONE);
    const ownerEmail = uniqueEmail("linked");
    await signUpInApp(page, { name: "Lin Linked", organization: "Links", email: ownerEmail, password: PASSWORD });
    const library = await libraryAs(deployment.url, ownerEmail);
    const memberEmail = uniqueEmail("linked-member");
    await library.invitations.create({ email: memberEmail, role: "member" });
    const joinLink = await keptLinkFor(page, memberEmail, /invited you to Links/);

    await page.goto(onDeployment(joinLink, deployment.url));
    await page.getByRole("heading", { level: 1, name: "This invitation is for a new account" }).waitFor();
    expect(await page.getByText(`You are signed in as ${ownerEmail}`).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await contentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("button", { name: "Sign out and use the link" }).click();
    await page.getByRole("heading", { level: 1, name: "Join your team" }).waitFor();
    await page.getByLabel("Your name").fill("Lee Linked");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Join" }).click();
    await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();

    // Now signed in as the member, who opens the reset link the owner passed on.
    await new Stint({ baseUrl: deployment.url }).auth.requestPasswordReset({ email: memberEmail });
    const { data: kept } = await library.organization.outbox({ kind: "password_reset" });
    const token = tokenInLink(kept.find((message) => message.to === memberEmail)?.text ?? "", "/reset-password");
    await page.goto(`/reset-password#token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { level: 1, name: "This link sets a new password" }).waitFor();
    await page.getByRole("button", { name: "Sign out and use the link" }).click();
    await page.getByLabel(/^New password(?! again)/).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByRole("heading", { level: 1, name: "Your password is set" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("when someone changes their password in the profile, then a wrong current one is said in words and the new one signs in", async () => {
    const { page, context, problems } = await web.open(DESKTOP);
    const email = uniqueEmail("profile");
    await signUpInApp(page, { name: "Pat Profile", organization: "Profiles", email, password: PASSWORD });
    await navigateTo(page, "Profile");
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();

    // The weekly summary: off until asked for, then on in the zone chosen, as the API keeps it.
    const weekly = page.getByLabel("Email me a summary of my tracked time every Monday");
    expect(await weekly.isChecked()).toBe(false);
    await weekly.check();
    await page.getByLabel("Weeks and days counted in").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save email settings" }).click();
    await page.getByRole("status").filter({ hasText: "every Monday, for the week before in Europe/Berlin" }).waitFor();
    expect(await (await libraryAs(deployment.url, email)).emailPreferences.get()).toEqual({
      weekly_summary: true,
      time_zone: "Europe/Berlin",
    });

    await page.getByLabel("Current password").fill("not my password at all");
    await page.getByLabel(/^New password(?! again)/).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("alert").filter({ hasText: "Your current password is not right" }).waitFor();
    expect(await page.getByLabel(/^New password(?! again)/).inputValue()).toBe(NEW_PASSWORD);

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("status").filter({ hasText: "Your password is changed" }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await savePicture(page, "profile");

    // This browser's sign-in carries on with the new session, across a reload.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await signInInApp(page, email, NEW_PASSWORD);
    await expect(new Stint({ baseUrl: deployment.url }).auth.login({ email, password: PASSWORD })).rejects.toThrow();
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});

describeWithChromium("web application: a password reset link sent through SMTP", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
  });
  // The links point at PUBLIC_URL; the test opens their path and fragment on the deployment it reaches.
  const web = useWebApp(() => ({ SMTP_URL: inbox.url, SMTP_FROM: "Stint <stint@example.test>", PUBLIC_URL: "https://stint.example.test" }));
  const { deployment } = web;
  afterAll(async () => {
    await inbox?.stop();
  });

  it("when someone asks for a reset in the browser, then the email's link opens the page that sets the password", async () => {
    const email = uniqueEmail("mailed");
    await new Stint({ baseUrl: deployment.url }).auth.register({
      email,
      password: PASSWORD,
      name: "Mae Mailed",
      organizationName: "Mailed",
    });
    const { page, context, problems } = await web.open(PHONE);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByRole("status").filter({ hasText: "a link is on its way there" }).waitFor();

    const [mail] = await inbox.waitFor(email);
    const token = tokenInLink(mail?.text ?? "", "https://stint.example.test/reset-password");
    await page.goto(`/reset-password#token=${encodeURIComponent(token)}`);
    await page.getByLabel(/^New password(?! again)/).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByRole("heading", { level: 1, name: "Your password is set" }).waitFor();
    expect(await contentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expect(new Stint({ baseUrl: deployment.url }).auth.login({ email, password: NEW_PASSWORD })).resolves.toMatchObject({
      user: { email },
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
