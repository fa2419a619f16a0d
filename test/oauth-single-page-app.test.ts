import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { anOAuthApplication, PASSWORD } from "./support/builders";
import { registerOwner, request, type Account, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { CHROMIUM_PATH, describeWithChromium } from "./support/servers";
import { useStint } from "./support/stint";

/**
 * The example single-page application of docs/api.md (docs/examples/single-page-app), served
 * from another loopback port than Stint's, in a real browser: it signs in with the
 * authorization code flow and PKCE through Stint's pages, calls the API with the token,
 * refreshes it and revokes it, every request across origins under CORS_ORIGINS. Served from
 * an origin CORS_ORIGINS does not name, the browser lets it read nothing.
 */

const EXAMPLE = join(__dirname, "..", "docs", "examples", "single-page-app");

/** Serves the example as written, with a config.js naming this Stint and application. */
async function serveExample(config: () => { stintUrl: string; clientId: string }): Promise<{ server: Server; origin: string }> {
  const files: Record<string, { type: string; body: () => string }> = {
    "/": { type: "text/html", body: () => readFileSync(join(EXAMPLE, "index.html"), "utf8") },
    "/app.js": { type: "text/javascript", body: () => readFileSync(join(EXAMPLE, "app.js"), "utf8") },
    "/config.js": {
      type: "text/javascript",
      body: () => `window.STINT_EXAMPLE = ${JSON.stringify({ ...config(), scope: "projects:read" })};`,
    },
  };
  const server = createServer((req, res) => {
    const file = files[(req.url ?? "/").split("?")[0] ?? "/"];
    res.writeHead(file ? 200 : 404, { "content-type": file?.type ?? "text/plain" });
    res.end(file ? file.body() : "not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describeWithChromium("the example single-page application, on another origin, in a real browser", () => {
  let browser: Browser;
  let owner: { account: Account; api: Client };
  let example: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };
  let clientId = "";

  // The example is served first: Stint allows its origin, known once it listens.
  beforeAll(async () => {
    const config = () => ({ stintUrl: stint.url, clientId });
    example = await serveExample(config);
    stranger = await serveExample(config);
  });
  const stint = useStint({ mode: "embedded", env: () => ({ CORS_ORIGINS: example.origin }) });

  beforeAll(async () => {
    owner = await registerOwner(stint.url, "Owner");
    await createProject(owner.api, { name: "Launch plan" });
    const app = await owner.api.post<{ data: { client_id: string } }>(
      "/api/v1/oauth/applications",
      anOAuthApplication({
        name: "Project board",
        client_type: "public",
        redirect_uris: [`${example.origin}/`, `${stranger.origin}/`],
        scopes: ["projects:read"],
      }),
    );
    clientId = app.body.data.client_id;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    for (const served of [example, stranger]) if (served) await new Promise((resolve) => served.server.close(resolve));
  });

  /** A fresh browser profile; `problems` gathers what its pages report as errors, `bearers` every access token the page sends Stint. */
  async function newPage(): Promise<{ page: Page; problems: string[]; bearers: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const bearers: string[] = [];
    page.on("console", (message) => {
      // The browser asks Stint's pages for a favicon they do not have: not the application's concern.
      if (message.type() === "error" && message.location().url !== `${stint.url}/favicon.ico`) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    context.on("request", (req) => {
      const authorization = req.headers().authorization;
      if (authorization?.startsWith("Bearer ")) bearers.push(authorization.slice("Bearer ".length));
    });
    return { page, problems, bearers };
  }

  /** Waits until the element shows `text` (the page updates it after its requests), then checks it shows only that. */
  async function shows(page: Page, selector: string, text: string | RegExp): Promise<void> {
    await page.locator(selector, { hasText: text }).waitFor();
    const shown = (await page.locator(selector).first().textContent()) ?? "";
    if (typeof text === "string") expect(shown).toBe(text);
    else expect(shown).toMatch(text);
  }

  it("when the example runs on an allowed origin, then it signs in through Stint's pages, calls the API, refreshes and signs out, all across origins", async () => {
    const { page, problems, bearers } = await newPage();
    await page.goto(`${example.origin}/`);
    await page.click("#sign-in");
    // On to Stint's sign-in page, unless the application shows why not (a refused request, say).
    const onward = await Promise.race([
      page.waitForURL(`${stint.url}/api/auth/oauth/authorize?**`).then(() => "at Stint's sign-in page"),
      page
        .locator("#error", { hasText: /./ })
        .waitFor()
        .then(async () => `stopped: ${await page.locator("#error").textContent()}`),
    ]);
    expect(onward).toBe("at Stint's sign-in page");
    await page.fill("#email", owner.account.user.email);
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
    await page.locator("#approve").click();
    await page.waitForURL(`${example.origin}/`);
    await shows(page, "#projects li", "Launch plan");
    await shows(page, "#status", "Signed in; the token may: projects:read.");
    // X-Request-ID is readable across origins only because Stint exposes it.
    await shows(page, "#request-id", /^Request id: [0-9a-f-]{36}$/);
    expect(page.url()).toBe(`${example.origin}/`);

    await page.click("#refresh");
    await shows(page, "#status", "Signed in, with a fresh token.");
    expect(new Set(bearers).size).toBe(2);
    const latest = bearers.at(-1) as string;
    expect((await request(stint.url, "GET", "/api/v1/projects", { headers: { authorization: `Bearer ${latest}` } })).status).toBe(200);

    await page.click("#sign-out");
    await shows(page, "#status", "Signed out.");
    expect((await request(stint.url, "GET", "/api/v1/projects", { headers: { authorization: `Bearer ${latest}` } })).status).toBe(401);
    await expect(page.locator("#error").textContent()).resolves.toBe("");
    expect(problems).toEqual([]);
  });

  it("when the example runs on an origin CORS_ORIGINS does not name, then the browser lets it read none of Stint's answers", async () => {
    const { page, problems } = await newPage();
    await page.goto(`${stranger.origin}/`);
    await page.click("#sign-in");
    await shows(page, "#error", "Failed to fetch");
    expect(page.url()).toBe(`${stranger.origin}/`);
    expect(problems.join("\n")).toMatch(/has been blocked by CORS policy/);
  });
});
