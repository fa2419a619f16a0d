import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { anOAuthApplication, OAUTH_CALLBACK, PASSWORD } from "./support/builders";
import { registerOwner, type Account, type Client } from "./support/http";
import { CHROMIUM_PATH, describeWithChromium } from "./support/servers";
import { useStint } from "./support/stint";

/**
 * The OAuth pages in a real browser: Debian's `chromium` (`CHROMIUM_PATH` names another).
 * Outside CI a missing browser skips this suite, loudly; in CI it fails it.
 */
const TITLE = "the OAuth sign-in, consent and device pages in a real browser";
const CALLBACK = OAUTH_CALLBACK;

describeWithChromium(TITLE, () => {
  const stint = useStint({ mode: "embedded" });
  let browser: Browser;
  let owner: { account: Account; api: Client };
  let app: { client_id: string; client_secret: string };

  /** A fresh browser profile whose pages report CSP and script problems, with the application's callback answered locally. */
  async function newPage(): Promise<{ page: Page; problems: string[]; callbacks: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const callbacks: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // Every arrival at the application, whether the browser reached it through a form or a redirect.
    context.on("request", (req) => {
      if (req.url().startsWith("https://client.example.test/")) callbacks.push(req.url());
    });
    await context.route("https://client.example.test/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>back at the application</p>" }),
    );
    return { page, problems, callbacks };
  }

  const authorizeUrl = (state: string) =>
    `${stint.url}/api/auth/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: CALLBACK, scope: "projects:read", state }).toString()}`;

  async function signIn(page: Page): Promise<void> {
    await page.fill("#email", owner.account.user.email);
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
  }

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
    owner = await registerOwner(stint.url, "Owner");
    const created = await owner.api.post<{ data: { client_id: string; client_secret: string } }>(
      "/api/v1/oauth/applications",
      anOAuthApplication({ name: "Invoice Robot", homepage_url: "https://client.example.test" }),
    );
    app = created.body.data;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("when a person denies, then the application gets access_denied and its state back", async () => {
    const { page, problems, callbacks } = await newPage();
    await page.goto(authorizeUrl("deny-1"));
    await signIn(page);
    await page.locator("#deny").click();
    await page.waitForURL(/client\.example\.test/);
    const back = new URL(callbacks.at(-1) as string);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("deny-1");
    expect(problems).toEqual([]);
  });

  it("when a person signs in and approves on the pages, then the code goes back, and consent is remembered for the next time", async () => {
    const { page, problems, callbacks } = await newPage();
    await page.goto(authorizeUrl("st-1"));
    await expect(page.locator("h1").textContent()).resolves.toContain("Sign in");
    await signIn(page);
    await expect(page.locator("#application").textContent()).resolves.toBe("Invoice Robot");
    await expect(page.locator("#scopes li").allTextContents()).resolves.toEqual(["See your organization's projects and tasks"]);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "stint_oauth_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    await page.locator("#approve").click();
    await page.waitForURL(/client\.example\.test/);
    const back = new URL(callbacks.at(-1) as string);
    expect(back.searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(back.searchParams.get("state")).toBe("st-1");
    // Remembered: the same scopes again go straight back (a redirect the route may not answer; the request is what counts).
    await page.goto(authorizeUrl("st-2")).catch(() => undefined);
    expect(new URL(callbacks.at(-1) as string).searchParams.get("state")).toBe("st-2");
    expect(new URL(callbacks.at(-1) as string).searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(problems.filter((problem) => !problem.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
  });

  it("when another site frames the pages, then the browser refuses to show them", async () => {
    // The framing page comes from another origin on the same loopback address (another port), over
    // plain HTTP like the pages: nothing but the pages' own headers stands in the way of the frame.
    const framer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<iframe id="framed" src="${authorizeUrl("framed")}" width="600" height="400"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
    try {
      const { page } = await newPage();
      const blocked: string[] = [];
      page.on("console", (message) => blocked.push(message.text()));
      await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      await page.waitForTimeout(1_000);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      const content = frame ? await frame.content().catch(() => "") : "";
      expect(content).not.toContain("Sign in to Stint");
      expect(blocked.join("\n")).toMatch(/frame-ancestors|X-Frame-Options/);
    } finally {
      await new Promise((resolve) => framer.close(resolve));
    }
  });

  it("when a person approves a device on the pages (sign in, type the code, allow), then it is connected", async () => {
    const started = await fetch(`${stint.url}/api/auth/oauth/device/code`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`,
      },
      body: "scope=time_entries%3Aread",
    });
    const codes = (await started.json()) as { device_code: string; user_code: string; verification_uri: string };
    const { page, problems } = await newPage();
    await page.goto(codes.verification_uri);
    await signIn(page);
    await page.fill("#user_code", codes.user_code.toLowerCase().replace("-", " "));
    await page.click("button[type=submit]");
    await expect(page.locator("#code").textContent()).resolves.toBe(codes.user_code);
    await expect(page.locator("#scopes li").allTextContents()).resolves.toEqual(["See your time entries"]);
    await page.locator("#approve").click();
    await expect(page.locator("#done").textContent()).resolves.toBe("Device connected");
    expect(problems).toEqual([]);
  });
});
