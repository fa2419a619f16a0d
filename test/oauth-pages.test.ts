import { createServer, type Server } from "node:http";
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
/** The application's own pages; its address also appears, encoded, in the authorization page's. */
const APPLICATION = /^https:\/\/client\.example\.test\//;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describeWithChromium(TITLE, () => {
  const stint = useStint({ mode: "embedded" });
  let browser: Browser;
  let owner: { account: Account; api: Client };
  let app: { client_id: string; client_secret: string };
  /** An application's own server on another loopback port, for flows where the browser must really get there. */
  let application: Server;
  let applicationCallback: string;

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

  const authorizeUrl = (state: string, more: Record<string, string> = {}) =>
    `${stint.url}/api/auth/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: CALLBACK, scope: "projects:read", state, ...more }).toString()}`;

  /**
   * Does what `act` does on the page and waits until the browser is at `where`: the URL it
   * arrived at. A Content-Security-Policy that stops the browser on the way fails at once with
   * the browser's own message, rather than after a timeout.
   */
  async function arrivesAt(page: Page, where: RegExp, act: () => Promise<void>): Promise<URL> {
    const stopped = new Promise<string>((resolve) =>
      page.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) resolve(message.text());
      }),
    );
    const arrived = page.waitForURL(where).then(() => "arrived");
    await act();
    expect(await Promise.race([arrived, stopped])).toBe("arrived");
    return new URL(page.url());
  }

  async function signIn(page: Page): Promise<void> {
    await page.fill("#email", owner.account.user.email);
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
  }

  beforeAll(async () => {
    application = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<p>back at the application</p>");
    });
    await new Promise<void>((resolve) => application.listen(0, "127.0.0.1", resolve));
    applicationCallback = `http://127.0.0.1:${(application.address() as AddressInfo).port}/callback`;
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
    await new Promise((resolve) => application?.close(resolve));
  });

  it("when a person denies, then the application gets access_denied and its state back", async () => {
    const { page, problems, callbacks } = await newPage();
    await page.goto(authorizeUrl("deny-1"));
    await signIn(page);
    await page.locator("#deny").click();
    await page.waitForURL(APPLICATION);
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
    await page.waitForURL(APPLICATION);
    const back = new URL(callbacks.at(-1) as string);
    expect(back.searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(back.searchParams.get("state")).toBe("st-1");
    // Remembered: the same scopes again go straight back (a redirect the route may not answer; the request is what counts).
    await page.goto(authorizeUrl("st-2")).catch(() => undefined);
    expect(new URL(callbacks.at(-1) as string).searchParams.get("state")).toBe("st-2");
    expect(new URL(callbacks.at(-1) as string).searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(problems.filter((problem) => !problem.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
  });

  /** An application nobody has authorized yet: its client id. */
  async function newApplication(redirectUri: string): Promise<string> {
    const created = await owner.api.post<{ data: { client_id: string } }>(
      "/api/v1/oauth/applications",
      anOAuthApplication({ redirect_uris: [redirectUri], scopes: ["projects:read"] }),
    );
    return created.body.data.client_id;
  }

  it("when a person whose consent is remembered signs in again, then the browser goes straight on to the application", async () => {
    const client_id = await newApplication(applicationCallback);
    const atApplication = new RegExp(`^${escapeRegExp(applicationCallback)}\\?`);
    const first = await newPage();
    await first.page.goto(authorizeUrl("returning-1", { client_id, redirect_uri: applicationCallback }));
    await signIn(first.page);
    await arrivesAt(first.page, atApplication, () => first.page.locator("#approve").click());
    // Another browser, or the same one after its session ended: the sign-in form, then straight back.
    const { page, problems } = await newPage();
    await page.goto(authorizeUrl("returning-2", { client_id, redirect_uri: applicationCallback }));
    await expect(page.locator("h1").textContent()).resolves.toContain("Sign in");
    const back = await arrivesAt(page, atApplication, () => signIn(page));
    expect(`${back.origin}${back.pathname}`).toBe(applicationCallback);
    expect(back.searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(back.searchParams.get("state")).toBe("returning-2");
    expect(problems).toEqual([]);
  });

  it("when a signed-in person is sent with prompt=login, then the password is asked again before the browser goes on to the application", async () => {
    const client_id = await newApplication(applicationCallback);
    const atApplication = new RegExp(`^${escapeRegExp(applicationCallback)}\\?`);
    const { page, problems } = await newPage();
    await page.goto(authorizeUrl("login-1", { client_id, redirect_uri: applicationCallback }));
    await signIn(page);
    await arrivesAt(page, atApplication, () => page.locator("#approve").click());
    await page.goto(authorizeUrl("login-2", { client_id, redirect_uri: applicationCallback, prompt: "login" }));
    await expect(page.locator("h1").textContent()).resolves.toContain("Sign in");
    const back = await arrivesAt(page, atApplication, () => signIn(page));
    expect(back.searchParams.get("state")).toBe("login-2");
    expect(back.searchParams.get("code")).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(problems).toEqual([]);
  });

  it("when a native application listens on an IPv6 loopback port of its choosing, then its code is sent to that port (RFC 8252 §7.3)", async () => {
    const arrivals: string[] = [];
    const native = createServer((req, res) => {
      arrivals.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<p>the application got it</p>");
    });
    await new Promise<void>((resolve) => native.listen(0, "::1", resolve));
    try {
      const client_id = await newApplication("http://[::1]/callback");
      const redirectUri = `http://[::1]:${(native.address() as AddressInfo).port}/callback`;
      const { page, problems } = await newPage();
      await page.goto(authorizeUrl("native-1", { client_id, redirect_uri: redirectUri }));
      await signIn(page);
      const back = await arrivesAt(page, /^http:\/\/\[::1\]/, () => page.locator("#approve").click());
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get("state")).toBe("native-1");
      expect(arrivals).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await new Promise((resolve) => native.close(resolve));
    }
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
