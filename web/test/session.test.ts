import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import {
  DESKTOP,
  PASSWORD,
  PHONE,
  savePicture,
  seriousAccessibilityViolations,
  signInInApp,
  signUpInApp,
  uniqueEmail,
} from "./support/browser";
import { contentWidth, useWebApp } from "./support/web-app";
import { chooseProject, projectPicker } from "./support/workday";

describeWithChromium("web application: signing up, in and out, the session cookie and the timer bar", () => {
  const web = useWebApp();
  const { deployment } = web;

  it("when someone signs up, then a reload keeps them signed in with no token in script-readable storage, and they can sign out and in again", async () => {
    const { page, context, problems } = await web.open();
    const email = uniqueEmail("owner");
    await signUpInApp(page, { name: "Ada Owner", organization: "Analytical Engines", email, password: PASSWORD });
    await page.getByText("Analytical Engines").waitFor();

    // The refresh token is in an HttpOnly cookie, and nowhere a script could read it.
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "stint_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/web-session" });
    const readable = await page.evaluate(() => {
      const w = globalThis as unknown as {
        document: { cookie: string };
        localStorage: { length: number };
        sessionStorage: { length: number };
      };
      return { cookie: w.document.cookie, local: w.localStorage.length, session: w.sessionStorage.length };
    });
    expect(readable).toEqual({ cookie: "", local: 0, session: 0 });

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    // Signed out means the cookie's sign-in is ended on the server too: a reload stays out.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password, surely");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").innerText()).toMatch(/\w+ \w+/);
    await signInInApp(page, email, PASSWORD);
    await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when reloads come, even one that cuts a session refresh off mid-way, then the person stays signed in", async () => {
    const { page, context, problems } = await web.open();
    await signUpInApp(page, { name: "Rea Loader", organization: "Reloads", email: uniqueEmail("reload"), password: PASSWORD });
    // Reloads at once and after a pause in turn: some leave while the refresh is on the wire.
    for (let round = 0; round < 6; round += 1) {
      await page.goto("/projects");
      await page.waitForTimeout(round % 2 ? 30 : 600);
    }
    await page.goto("/projects");
    await page.getByRole("heading", { level: 1, name: "Projects" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the timer is started and stopped from the bar on any page, then it works there and its ticking shifts nothing", async () => {
    const { page, context, problems } = await web.open();
    const email = uniqueEmail("timer");
    await signUpInApp(page, { name: "Tim Er", organization: "Clockworks", email, password: PASSWORD });
    const session = await new Stint({ baseUrl: deployment.url }).auth.login({ email, password: PASSWORD });
    const stint = new Stint({ baseUrl: deployment.url, accessToken: session.access_token });
    const project = await stint.projects.create({ name: "Orrery" });
    await page.reload();

    const timer = page.getByRole("region", { name: "Timer" });
    await timer.getByPlaceholder("What are you working on?").fill("polishing gears");
    await chooseProject(page, projectPicker(timer), "Orrery");
    await timer.getByRole("button", { name: "Start timer" }).click();
    await timer.getByRole("button", { name: "Stop timer" }).waitFor();
    expect(await stint.timeEntries.current()).toMatchObject({ project_id: project.id, description: "polishing gears", is_running: true });

    const boxes = async () =>
      Promise.all(
        [timer.getByRole("button", { name: "Stop timer" }), timer.getByLabel("Time running"), page.getByRole("heading", { level: 1 })].map(
          (locator) => locator.boundingBox(),
        ),
      );
    const clock = async () => timer.getByLabel("Time running").innerText();
    const before = await boxes();
    const firstReading = await clock();
    await page.waitForTimeout(2200);
    expect(await clock()).not.toBe(firstReading);
    expect(await boxes()).toEqual(before);

    await timer.getByRole("button", { name: "Stop timer" }).click();
    await timer.getByRole("button", { name: "Start timer" }).waitFor();
    expect(await stint.timeEntries.current()).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when the signed-out pages are checked on a desktop and a phone, then none has a serious accessibility violation", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, problems } = await web.open(viewport);
      for (const path of ["/signin", "/signup", "/join"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect({ path, viewport, violations: await seriousAccessibilityViolations(page) }).toEqual({ path, viewport, violations: [] });
        // Nothing wider than the screen: a phone never scrolls sideways.
        expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      }
      if (viewport === DESKTOP) {
        await page.goto("/signin");
        await savePicture(page, "sign-in");
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it("when the app is served, then its strict Content-Security-Policy troubles nothing on the page", async () => {
    const { page, context, problems } = await web.open();
    const answer = await page.goto("/signin");
    const csp = answer?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});
