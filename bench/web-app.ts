/**
 * `npm run bench:web`: what a person's browser pays for the web application, measured in
 * Debian's Chromium against a Stint in this process on 127.0.0.1.
 *
 * - JavaScript sent, gzipped as the gateway sends it: what the sign-in page loads, what a
 *   signed-in person's first page (the timesheet) loads, and every chunk of the build.
 * - First load with a cold cache (a new browser context each time): from navigation start to
 *   the page's heading on screen (the User Timing mark the application sets then), for the sign-in page and for the timesheet of a signed-in
 *   person (the session cookie set beforehand), next to a bare `node:http` page with one
 *   heading served in the same run, so the machine's own floor is visible beside the figure.
 *
 * Goals (issue 15): under 300 KB of JavaScript gzipped; first page under 1 s on loopback.
 * Needs a build (`npm run build:web`, which this runs first) and Chromium (`CHROMIUM_PATH`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { Stint } from "../sdk/js/src/index";
import { startEmbedded } from "../test/support/stint";
import { launchChromium } from "../web/test/support/browser";
import { buildWebApp } from "../web/test/support/web-build";

const ASSETS = join(__dirname, "..", "dist", "web", "assets");
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 7);
const KB = 1024;

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(join(ASSETS, file))).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Milliseconds from navigation start until the level-1 heading is on screen, and the scripts it fetched. */
async function firstLoad(page: Page, url: string, heading: string): Promise<{ ms: number; scripts: string[] }> {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname.split("/").pop() ?? "");
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  // The page marks the moment its heading was shown (the bare page too); Playwright's own
  // polling would add its delay to the figure.
  const ms = await page.evaluate(
    () =>
      (globalThis as unknown as { performance: { getEntriesByName(name: string): { startTime: number }[] } }).performance.getEntriesByName(
        "stint:first-page-shown",
      )[0]?.startTime ?? Number.NaN,
  );
  return { ms, scripts };
}

/** `ROUNDS` first loads, each in a new browser context (nothing cached); `cookie` makes each round's session cookie. */
async function coldLoads(
  browser: Browser,
  url: string,
  heading: string,
  cookie?: () => Promise<string>,
): Promise<{ ms: number[]; scripts: string[] }> {
  const ms: number[] = [];
  let scripts: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([{ name: "stint_session", value: await cookie(), url: `${new URL(url).origin}/web-session` }]);
    const page = await context.newPage();
    const load = await firstLoad(page, url, heading);
    ms.push(load.ms);
    scripts = load.scripts;
    await context.close();
  }
  return { ms, scripts };
}

async function bareServer(): Promise<Server> {
  const server = createServer((_req, res) =>
    res
      .writeHead(200, { "content-type": "text/html" })
      .end('<!doctype html><title>bare</title><h1>Bare</h1><script>performance.mark("stint:first-page-shown")</script>'),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function main(): Promise<void> {
  await buildWebApp();
  const deployment = await startEmbedded();
  const bare = await bareServer();
  const browser = await launchChromium();
  try {
    const email = `bench-${Date.now()}@example.test`;
    const password = "a long passphrase";
    await new Stint({ baseUrl: deployment.url }).auth.register({ email, password, name: "Bench", organizationName: "Bench" });
    // A refresh token works once, so each round signs in afresh and hands its token to the
    // gateway as the app does, keeping the cookie the gateway sets.
    const sessionCookie = async (): Promise<string> => {
      const session = await new Stint({ baseUrl: deployment.url }).auth.login({ email, password });
      const kept = await fetch(`${deployment.url}/web-session`, {
        method: "POST",
        headers: { "X-Stint-Web": "1", "Content-Type": "application/json" },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      const value = /stint_session=([^;]+)/.exec(kept.headers.get("set-cookie") ?? "")?.[1];
      if (!value) throw new Error(`the gateway kept no session cookie (${kept.status})`);
      return value;
    };

    const bareLoads = await coldLoads(browser, `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, "Bare");
    const signIn = await coldLoads(browser, `${deployment.url}/signin`, "Sign in");
    const timesheet = await coldLoads(browser, `${deployment.url}/`, "Timesheet", sessionCookie);
    const timesheetMs = timesheet.ms;
    const timesheetScripts = timesheet.scripts;

    const all = readdirSync(ASSETS).filter((file) => file.endsWith(".js"));
    const total = all.reduce((sum, file) => sum + gzippedSize(file), 0);
    const sent = (scripts: string[]) =>
      [...new Set(scripts)].filter((file) => all.includes(file)).reduce((sum, file) => sum + gzippedSize(file), 0);
    const rows: [string, string, string][] = [
      ["JavaScript gzipped, sign-in page", `${(sent(signIn.scripts) / KB).toFixed(1)} KB`, "< 300 KB"],
      ["JavaScript gzipped, timesheet (signed in)", `${(sent(timesheetScripts) / KB).toFixed(1)} KB`, "< 300 KB"],
      ["JavaScript gzipped, every chunk of the build", `${(total / KB).toFixed(1)} KB`, "(all pages)"],
      ["cold first load, bare page (floor)", `${median(bareLoads.ms).toFixed(0)} ms`, ""],
      ["cold first load, sign-in page", `${median(signIn.ms).toFixed(0)} ms`, "< 1000 ms"],
      ["cold first load, timesheet (signed in)", `${median(timesheetMs).toFixed(0)} ms`, "< 1000 ms"],
    ];
    process.stdout.write(`web application, ${ROUNDS} cold loads each (median)\n`);
    for (const [what, figure, goal] of rows) process.stdout.write(`  ${what.padEnd(46)} ${figure.padStart(10)}  ${goal}\n`);
  } finally {
    await browser.close();
    bare.close();
    await deployment.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:web: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
