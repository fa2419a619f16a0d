import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_PATH } from "../../../test/support/servers";

const ARTIFACTS = join(__dirname, "..", "..", "..", "test-artifacts", "web");
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** A phone (360 px wide, the narrowest the app promises) and a desktop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page of its own browser context (its own cookies), with what went wrong in it collected. */
export interface AppPage {
  page: Page;
  context: BrowserContext;
  /**
   * Script errors, console errors (a CSP refusal is one; so is a request that failed or was
   * answered with a 5xx, which the browser logs as an error), and every answer refused by the
   * rate limit (`rate limited: GET /api/v1/...`): a test that meets the limit has used its
   * person's allowance up, and what it waits for may never show, so a refusal is a problem
   * unless the test meets the limit on purpose.
   */
  problems: string[];
}

let contexts = 0;

/**
 * A client address of its own for each browser context, sent as `X-Forwarded-For` (test
 * deployments trust loopback as a proxy): each person counts against their own allowance
 * for unauthenticated calls, as people on different machines would.
 */
function nextClientAddress(): string {
  contexts += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${contexts % 250}`;
}

export async function openApp(browser: Browser, baseUrl: string, viewport = DESKTOP, locale?: string): Promise<AppPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    ...(locale ? { locale } : {}),
    acceptDownloads: true,
    extraHTTPHeaders: { "X-Forwarded-For": nextClientAddress() },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // A 4xx the page shows in words is expected in some tests; the browser logs it as an error too.
    if (message.type() === "error" && !/the server responded with a status of 4\d\d/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  // On the context: a second tab opened in it is counted too.
  context.on("response", (response) => {
    if (response.status() !== 429) return;
    const url = new URL(response.url());
    problems.push(`rate limited: ${response.request().method()} ${url.pathname}`);
  });
  return { page, context, problems };
}

/** Signs up through the app's own form and waits for the timesheet. */
export async function signUpInApp(
  page: Page,
  account: { name: string; organization: string; email: string; password: string },
): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Your name").fill(account.name);
  await page.getByLabel("Organization name").fill(account.organization);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create organization" }).click();
  await page.getByRole("heading", { level: 1, name: "Timesheet" }).waitFor();
}

export async function signInInApp(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

/** Goes to a page by the navigation, as a person would (the menu opens first on a phone). */
export async function navigateTo(page: Page, label: string): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, exact: true }).click();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. axe runs through the
 * debugging protocol, which the page's CSP does not govern, so the CSP stays as strict as shipped.
 */
export async function seriousAccessibilityViolations(
  page: Page,
): Promise<{ id: string; impact: string | null; help: string; targets: string[] }[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** A picture of the page, kept under `test-artifacts/web/` for people to look at. */
export async function savePicture(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  // A full-page picture is taken in slices: the timer bar, which sticks to the top while
  // scrolling, would show up in the middle. It is laid out in its place for the picture.
  const unstick = (position: string) =>
    page.evaluate((value) => {
      const bar = (
        globalThis as unknown as { document: { querySelector(selector: string): { style: { position: string } } | null } }
      ).document.querySelector(".timer-bar");
      if (bar) bar.style.position = value;
    }, position);
  await unstick("static");
  await page.screenshot({ path, fullPage: true });
  await unstick("");
  return path;
}

let counter = 0;
/** An address no other test of this run uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const PASSWORD = "a long passphrase for tests";

/** A common phone's width (375 px), where every page is checked with long names. */
export const PHONE_375 = { width: 375, height: 812 };
