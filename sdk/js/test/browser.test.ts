import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_PATH, describeWithChromium } from "../../../test/support/servers";
import { useStint } from "../../../test/support/stint";
import { signUp } from "./support/accounts";

const LIBRARY = join(__dirname, "..");
const ESM_BUILD = join(LIBRARY, "dist", "esm");

/**
 * One origin for the page: the library's ES module build under `/sdk/`, a blank page at `/`,
 * and everything else passed to Stint, so the browser's rules (no `User-Agent` from
 * scripts, Web Crypto, no `process`) apply without cross-origin requests.
 */
async function serveSite(stintUrl: string, seen: IncomingHttpHeaders[]): Promise<Server> {
  const target = new URL(stintUrl);
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === "/") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>@stint/sdk</title>");
      return;
    }
    if (url.startsWith("/sdk/")) {
      const file = normalize(join(ESM_BUILD, url.slice("/sdk/".length)));
      if (!file.startsWith(ESM_BUILD)) return void res.writeHead(404).end();
      try {
        res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(file));
      } catch {
        res.writeHead(404).end();
      }
      return;
    }
    seen.push(req.headers);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

interface BrowserRun {
  total: number;
  started: { id: string; is_running: boolean; description: string };
  stopped: { id: string; is_running: boolean };
  secondStop: [string, number, boolean];
  iterated: number;
  verifiedType: string;
  tampered: string;
  hasProcess: boolean;
}

describeWithChromium("@stint/sdk in a real browser (Chromium), from its ES module build", () => {
  const deployment = useStint({ mode: "embedded" });
  let browser: Browser;
  let site: Server;
  const headers: IncomingHttpHeaders[] = [];
  let token: string;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [join(LIBRARY, "scripts", "build.cjs")], { cwd: LIBRARY });
    const { stint, session } = await signUp(deployment.url, "browser");
    token = session.access_token;
    for (const name of ["Alpha", "Beta", "Gamma"]) await stint.projects.create({ name });
    site = await serveSite(deployment.url, headers);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  }, 30_000);

  it("when the ES module build runs in Chromium, then it lists, pages, starts and stops a timer, types its errors and checks webhook signatures with Web Crypto", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await page.goto(`${origin}/`);
    // The build as a page loads it, as an ES module; the test's code then finds it on the window.
    await page.addScriptTag({ type: "module", content: 'import * as sdk from "/sdk/index.js"; globalThis.stintSdk = sdk;' });
    await page.waitForFunction(() => "stintSdk" in globalThis);

    const result = await page.evaluate(
      async ({ accessToken, baseUrl }): Promise<BrowserRun> => {
        const { Stint, NotFoundError, signWebhook, verifyWebhook } = (globalThis as unknown as { stintSdk: typeof import("../src/index") })
          .stintSdk;
        const stint = new Stint({ baseUrl, accessToken });
        const projects = await stint.projects.list();
        const first = projects.data[0];
        if (!first) throw new Error("no project");
        const started = await stint.timeEntries.start({ projectId: first.id, description: "in a browser" });
        const stopped = await stint.timeEntries.stop();
        const secondStop = await stint.timeEntries.stop().then(
          () => ["none", 0, false] as [string, number, boolean],
          (e: { name: string; status: number }) => [e.name, e.status, e instanceof NotFoundError] as [string, number, boolean],
        );
        let iterated = 0;
        for await (const project of stint.projects.list({ perPage: 1 })) if (project.id) iterated += 1;
        const secret = "whsec_" + btoa(String.fromCharCode(...new Uint8Array(32).fill(5)));
        const body = JSON.stringify({ id: "evt_1", type: "ping", created_at: "2026-01-01T00:00:00Z", organization_id: "org_1", data: {} });
        const signed = await signWebhook(body, secret, { id: "evt_1" });
        const verified = await verifyWebhook(body, new Headers(signed), secret);
        const tampered = await verifyWebhook(body.replace("ping", "pong"), signed, secret).then(
          () => "accepted",
          (e: Error) => e.name,
        );
        return {
          total: projects.meta.total,
          started,
          stopped,
          secondStop,
          iterated,
          verifiedType: verified.type,
          tampered,
          hasProcess: "process" in globalThis,
        };
      },
      { accessToken: token, baseUrl: origin },
    );

    expect(problems).toEqual([]);
    expect(result.hasProcess).toBe(false);
    expect(result.total).toBe(3);
    expect(result.started).toMatchObject({ is_running: true, description: "in a browser" });
    expect(result.stopped).toMatchObject({ id: result.started.id, is_running: false });
    expect(result.secondStop).toEqual(["NotFoundError", 404, true]);
    expect(result.iterated).toBe(3);
    expect(result.verifiedType).toBe("ping");
    expect(result.tampered).toBe("WebhookVerificationError");

    // The library names itself where a browser lets it, and leaves the browser's User-Agent alone.
    const apiCalls = headers.filter((h) => h["x-stint-client"] !== undefined);
    expect(apiCalls.length).toBeGreaterThanOrEqual(6);
    expect(apiCalls.every((h) => /Chrome/.test(h["user-agent"] ?? "") && !/stint-js/.test(h["user-agent"] ?? ""))).toBe(true);
  }, 60_000);
});
