/*
 * Screenshots through the HTTP API (docs/api.md#screenshots), against the same bytes written straight
 * to the blob store. A measured script, not a scenario of `run.ts`:
 *
 *   npx tsx bench/screenshots.ts                  # embedded Stint in a process of its own
 *   npx tsx bench/screenshots.ts --seconds 20     # longer measured loads
 *
 * It prints, as JSON lines, in this order (memory first, on a Stint that has done nothing yet):
 * - the Stint process's resident memory (peak of samples every 25 ms) while 20 uploads of a
 *   10 MiB PNG are in flight at once, for a few rounds; goal: under 300 MiB;
 * - the same while 20 uploads of 1 GiB each are refused (413) at once;
 * - uploads a second of a 300 KB PNG through the gateway (checked, stripped, thumbnailed,
 *   stored, recorded), and the same file written straight to the files blob store in this
 *   process, both with the same number of uploads in flight, side by side.
 *
 * `MALLOC_ARENA_MAX=2 npx tsx bench/screenshots.ts` passes that setting on to Stint.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { runAdmin } from "../cli/admin";
import { openFileBlobStore } from "../shared/blob/files";
import { freePort, LOOPBACK } from "./lib/net";
import { readRssMiB, RssSampler } from "./lib/rss";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const SECONDS = option("seconds", 10);
const IN_FLIGHT = option("in-flight", 8);
const LARGE_ROUNDS = option("rounds", 3);
const CONCURRENT_LARGE = 20;
const MAX_BYTES = 10 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PNG of noise (which does not compress) of about `bytes`. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(bytes / 3));
  return sharp({
    create: { width: side, height: side, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * How Stint is started: as `npm start` runs it (`dist/main.js`, which `npm run build` makes),
 * or, with `BENCH_COMPILED=0`, `main.ts` through tsx, whose compiler adds to the memory measured.
 */
function stintCommand(): string[] {
  if (process.env.BENCH_COMPILED === "0") return ["--import", "tsx", "main.ts"];
  if (!existsSync(join(__dirname, "..", "dist", "main.js")))
    throw new Error("the bench runs dist/main.js as npm start does: run `npm run build` first (or set BENCH_COMPILED=0)");
  return ["--experimental-async-context-frame", "dist/main.js"];
}

/** Stint in a child process of its own, so that its memory is its own. */
async function startStint(dataDir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, stintCommand(), {
    cwd: join(__dirname, ".."),
    // MALLOC_ARENA_MAX is passed on when set: glibc's allocator keeps less memory with fewer arenas.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      HOST: LOOPBACK,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      JWT_SECRET: "bench-signing-secret-that-is-long-enough-0123456789",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://${LOOPBACK}:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`Stint exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (attempt > 600) throw new Error("Stint did not become ready");
    await sleep(100);
  }
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function json<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** How many of `work` finish in `seconds` with `inFlight` running at any moment. */
async function throughput(seconds: number, inFlight: number, work: () => Promise<void>): Promise<{ done: number; perSecond: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await work();
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return { done, perSecond: Math.round((done / elapsed) * 10) / 10 };
}

/** A streamed upload whose file is `size` bytes of `chunk` repeated: nothing that size is ever held here. */
function streamedUpload(url: string, token: string, entryId: string, size: number, chunk: Buffer): Promise<number> {
  const boundary = "----stint-bench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="time_entry_id"\r\n\r\n${entryId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/screenshots`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + size),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    let sent = 0;
    let closed = false;
    req.on("error", () => resolve(0));
    req.on("close", () => (closed = true));
    req.write(head);
    const pump = () => {
      while (!closed && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!closed) req.end();
    };
    pump();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "stint-bench-screenshots-"));
  const first = await startStint(dataDir);
  const owner = { email: `bench-${Date.now()}@example.test`, password: "a long bench passphrase" };
  const registered = await json<{ organization: { id: string } }>(first.url, "/api/auth/register", {
    ...owner,
    name: "Bench",
    organization_name: "Bench",
  });
  await first.stop();
  // Style B on the enterprise plan has no rate limit: the bench measures uploads, not the limiter.
  const quiet = { out: () => undefined, err: (line: string) => console.error(line) };
  if ((await runAdmin(["set-plan", registered.organization.id, "enterprise"], { DATA_DIR: dataDir }, quiet)) !== 0)
    throw new Error("the admin tool could not set the plan");
  const stint = await startStint(dataDir);
  try {
    const token = (await json<{ access_token: string }>(stint.url, "/api/auth/login", owner)).access_token;
    const project = await json<{ data: { id: string } }>(stint.url, "/api/v1/projects", { name: "Bench" }, token);
    const entry = await json<{ data: { id: string } }>(stint.url, "/api/v1/time-entries/start", { project_id: project.data.id }, token);

    const small = await noisePng(300 * 1024);
    const upload = (file: Buffer) => async () => {
      const form = new FormData();
      form.append("time_entry_id", entry.data.id);
      form.append("file", new Blob([file], { type: "image/png" }), "shot.png");
      const res = await fetch(`${stint.url}/api/screenshots`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    };
    const large = await noisePng(MAX_BYTES * 0.9);
    if (large.length > MAX_BYTES) throw new Error(`the large PNG is ${large.length} bytes, over the limit`);
    await sleep(1000);
    const idle = readRssMiB(stint.pid);
    const sampler = new RssSampler(stint.pid, 25);
    let accepted = 0;
    for (let round = 0; round < LARGE_ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: CONCURRENT_LARGE }, async () => {
          await upload(large)();
          accepted++;
        }),
      );
    }
    const loaded = sampler.stop();
    console.log(
      JSON.stringify({
        figure: "resident memory, 20 concurrent 10 MiB uploads",
        file_bytes: large.length,
        rounds: LARGE_ROUNDS,
        accepted,
        idle_mib: Math.round(idle ?? 0),
        peak_mib: Math.round(loaded?.peakMiB ?? 0),
        mean_mib: Math.round(loaded?.meanMiB ?? 0),
        goal_mib: 300,
      }),
    );

    await sleep(2000);
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    const refusedSampler = new RssSampler(stint.pid, 25);
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT_LARGE }, () => streamedUpload(stint.url, token, entry.data.id, 1024 * 1024 * 1024, chunk)),
    );
    const refused = refusedSampler.stop();
    console.log(
      JSON.stringify({
        figure: "resident memory, 20 concurrent 1 GiB uploads refused",
        statuses: [...new Set(statuses)],
        peak_mib: Math.round(refused?.peakMiB ?? 0),
      }),
    );

    await throughput(2, IN_FLIGHT, upload(small));
    const gateway = await throughput(SECONDS, IN_FLIGHT, upload(small));
    const blobs = await openFileBlobStore(join(dataDir, "straight"));
    let n = 0;
    const direct = await throughput(SECONDS, IN_FLIGHT, () => blobs.put(`bench/${n++}/image.png`, small, "image/png"));
    await blobs.close();
    console.log(
      JSON.stringify({
        figure: "uploads per second, 300 KB PNG",
        file_bytes: small.length,
        in_flight: IN_FLIGHT,
        seconds: SECONDS,
        gateway: gateway.perSecond,
        straight_to_blob_store: direct.perSecond,
        ratio: Math.round((gateway.perSecond / direct.perSecond) * 1000) / 1000,
      }),
    );
  } finally {
    await stint.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
