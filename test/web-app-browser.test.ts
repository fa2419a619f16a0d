import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { aRegistration } from "./support/builders";
import { client } from "./support/http";
import { CHROMIUM_PATH, describeWithChromium } from "./support/servers";
import { useStint } from "./support/stint";

/**
 * The web application's page and session cookie in a real browser: Debian's `chromium`
 * (`CHROMIUM_PATH` names another). The page's script runs under its Content-Security-Policy,
 * the session survives a reload without any script seeing the refresh token, and a page of
 * another origin cannot use the cookie. Outside CI a missing browser skips this suite, loudly;
 * in CI it fails it.
 */
const TITLE = "the web application and its session cookie in a real browser";
const BUILD = join(__dirname, "fixtures", "web-build");

interface Outcome {
  status: number;
  body: string;
}

/** Runs a session request from the page, as the application's own script would. */
function fromPage(page: Page, path: string, body?: unknown): Promise<Outcome> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers: Record<string, string> = { "X-Stint-Web": "1" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await fetch(path, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.text() };
    },
    { path, body },
  );
}

describeWithChromium(TITLE, () => {
  const stint = useStint({ mode: "embedded", env: { WEB_DIR: BUILD } });
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function openApp(path: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const response = await page.goto(`${stint.url}${path}`);
    expect(response?.status()).toBe(200);
    await page.locator("#root", { hasText: `Stint test build: ${path}` }).waitFor({ timeout: 20_000 });
    return { context, page, problems };
  }

  async function signUp(): Promise<string> {
    const res = await client(stint.url).post<{ refresh_token: string }>("/api/auth/register", aRegistration({ name: "Browser" }));
    expect(res.status).toBe(201);
    return res.body.refresh_token;
  }

  it("when an application path opens in a browser, then its script runs under the policy and the session survives a reload out of the scripts' reach", async () => {
    const { context, page, problems } = await openApp("/projects/abc");
    const refreshToken = await signUp();

    expect(await fromPage(page, "/web-session", { refresh_token: refreshToken })).toEqual({ status: 204, body: "" });
    const cookie = (await context.cookies()).find((candidate) => candidate.name === "stint_session");
    expect(cookie).toMatchObject({ value: refreshToken, httpOnly: true, sameSite: "Strict", path: "/web-session" });
    // Expressions as text: they run in the page, whose names (document, window) this file's types do not know.
    expect(await page.evaluate<string>("document.cookie")).not.toContain("stint_session");

    await page.reload();
    await page.locator("#root", { hasText: "Stint test build: /projects/abc" }).waitFor({ timeout: 20_000 });
    const refreshed = await fromPage(page, "/web-session/refresh");
    expect(refreshed.status).toBe(200);
    expect(Object.keys(JSON.parse(refreshed.body) as object).sort()).toEqual(["access_token", "expires_in"]);
    const rotated = (await context.cookies()).find((candidate) => candidate.name === "stint_session");
    expect(rotated?.value).toMatch(/^rt_/);
    expect(rotated?.value).not.toBe(refreshToken);

    expect((await fromPage(page, "/web-session/logout")).status).toBe(204);
    expect((await context.cookies()).find((candidate) => candidate.name === "stint_session")).toBeUndefined();
    expect((await fromPage(page, "/web-session/refresh")).status).toBe(401);
    expect(problems.filter((problem) => !problem.includes("401"))).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a page of another origin tries the cookie, by script or by form, then it is refused", async () => {
    const { context, page } = await openApp("/timesheet");
    expect(await fromPage(page, "/web-session", { refresh_token: await signUp() })).toMatchObject({ status: 204 });

    // Another origin on the same loopback address: same site for the browser, so only the session endpoints' own checks stand in the way.
    const target = stint.url;
    const attacker: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><body>
<form id="logout" method="post" action="${target}/web-session/logout" enctype="text/plain"><input name="x" value="1"></form>
<script>
window.scriptOutcome = fetch("${target}/web-session/refresh", { method: "POST", credentials: "include", headers: { "X-Stint-Web": "1" } })
  .then((res) => "answered " + res.status, (error) => "blocked: " + error.name);
</script></body>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    try {
      const evil = await context.newPage();
      await evil.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      // The browser asks first (the header is not a simple one); the gateway grants nothing, so the request is never sent.
      expect(await evil.evaluate<string>("window.scriptOutcome")).toBe("blocked: TypeError");
      // A form needs no permission, but cannot carry the header: refused.
      const [answer] = await Promise.all([
        evil.waitForResponse((res) => res.url().endsWith("/web-session/logout")),
        evil.evaluate("document.getElementById('logout').submit()"),
      ]);
      expect(answer.status()).toBe(403);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
    // The sign-in was neither refreshed nor ended: the application's own refresh still works.
    expect((await fromPage(page, "/web-session/refresh")).status).toBe(200);
    await context.close();
  }, 60_000);
});
