import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_PATH, describeWithChromium } from "./support/servers";
import { useStint } from "./support/stint";

/**
 * The rendered reference in a real browser: Debian's `chromium` (`CHROMIUM_PATH` names
 * another). Outside CI a missing browser skips this suite, loudly; in CI it fails it.
 */
const TITLE = "the /docs reference page in a real browser";

describeWithChromium(TITLE, () => {
  const stint = useStint({ mode: "embedded" });
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("when the reference page opens, then it renders both styles' operations from this host alone", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const requested: string[] = [];
    const problems: string[] = [];
    page.on("request", (req) => requested.push(req.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const response = await page.goto(`${stint.url}/docs`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector(".opblock-summary-path", { timeout: 20_000 });
    await expect(page.locator(".info .title").textContent()).resolves.toContain("Style A");
    expect(await page.locator('.opblock-summary-path[data-path="/projects"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.opblock-summary-path[data-path="/projects/{id}"]').count()).toBeGreaterThan(0);
    // Swagger UI shows schema and reference problems in an error box; there must be none.
    expect(await page.locator(".errors-wrapper").count()).toBe(0);

    const dir = process.env.DOCS_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), "stint-docs-"));
    mkdirSync(dir, { recursive: true });
    const screenshot = join(dir, "docs-style-a.png");
    await page.screenshot({ path: screenshot });
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
    console.info(`screenshot of /docs: ${screenshot}`);

    // The reader switches to Style B with the document picker.
    await page.selectOption("#select", { label: "Style B: /api" });
    await page.locator(".info .title", { hasText: "Style B" }).waitFor({ timeout: 20_000 });
    expect(requested.some((url) => url.endsWith("/api/openapi.json"))).toBe(true);
    // An opened operation shows its response, with Style B's project ids in the example.
    await page.locator('.opblock-get .opblock-summary-path[data-path="/projects/{id}"]').first().click();
    const opened = page.locator(".opblock.is-open").first();
    await opened.locator(".responses-table").first().waitFor({ timeout: 20_000 });
    await expect(opened.locator(".responses-table").first().textContent()).resolves.toContain("proj_4fJ2kLm9QxT7bN1cR8sV0w");
    expect(await page.locator(".errors-wrapper").count()).toBe(0);
    await opened.screenshot({ path: join(dir, "docs-style-b-operation.png") });

    const origin = new URL(stint.url).origin;
    // data: URLs are the page's own inline images; everything else must come from this host.
    const offHost = requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin);
    expect(offHost).toEqual([]);
    expect(requested.filter((url) => url.includes("/docs/assets/")).length).toBeGreaterThanOrEqual(3);
    // Content-Security-Policy violations and script errors are reported on the console.
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("when ?style=B is asked for, then Style B's document opens first", async () => {
    const page = await browser.newPage();
    await page.goto(`${stint.url}/docs?style=B`);
    await page.locator(".info .title", { hasText: "Style B" }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.opblock-summary-path[data-path="/projects"]').count()).toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});
