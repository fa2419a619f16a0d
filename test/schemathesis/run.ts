/**
 * Fuzzes a running Stint with Schemathesis, against both published OpenAPI documents.
 *
 *   tsx test/schemathesis/run.ts
 *
 * Starts Stint in embedded mode on a free loopback port with a temporary data folder,
 * registers an organization, moves it to the enterprise plan with the admin tool (Style B
 * limits per plan and hour), makes API keys for the hooks to rotate (Style A limits per
 * key and minute) and signs in a few users (API keys are managed with tokens), then
 * runs every check of Schemathesis, in its coverage, fuzzing and stateful phases with a
 * fixed seed, against Style A and Style B. Exits non-zero when either run finds anything
 * (a 5xx, a response the document does not describe, ...).
 *
 * Nothing found is excused. `schemathesis.toml` beside this file holds the one setting
 * that differs from Schemathesis's defaults, with its reason: which operations may answer
 * valid data with a 400 because the contract says so.
 *
 * Environment: `SCHEMATHESIS` names the executable (default: `schemathesis` on PATH);
 * `SCHEMATHESIS_SEED` and `SCHEMATHESIS_MAX_EXAMPLES` override the defaults below.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { join } from "node:path";
import { PERMISSIONS } from "../../shared/identity";
import { StintProcess } from "../support/processes";
import { temporaryDir } from "../support/stint";

const ROOT = join(__dirname, "..", "..");
const HOOKS = join(__dirname, "hooks.py");
const HOST = "127.0.0.1";
const SEED = process.env.SCHEMATHESIS_SEED ?? "20240611";
const MAX_EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? "10";
/** Style A allows 100 requests a minute per key; the runs together send a few thousand. */
const API_KEYS = 60;
/** Signed-in users, for the operations that take no API key (managing API keys). */
const USERS = 5;
const DOCUMENTS = [
  { style: "A", path: "/api/v1/openapi.json" },
  { style: "B", path: "/api/openapi.json" },
] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Runs a command with inherited output; resolves to its exit code. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Session {
  access_token: string;
  organization: { id: string; plan: string };
}

async function main(): Promise<number> {
  const schemathesis = process.env.SCHEMATHESIS ?? "schemathesis";
  const data = temporaryDir("schemathesis");
  // Schemathesis keeps a folder of its own in the directory it runs in: a temporary one.
  const workDir = temporaryDir("schemathesis-work");
  const port = String(await freePort());
  const env = {
    HOST,
    PORT: port,
    DATA_DIR: data.path,
    JWT_SECRET: randomBytes(32).toString("hex"),
    TRUSTED_PROXIES: HOST,
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  };
  let stint = new StintProcess(env);
  // Interrupted (CI's time limit, Ctrl-C): the Stint started here does not outlive the run.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void stint.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  try {
    let url = await stint.url();
    const owner = { email: "fuzz-owner@example.test", password: "a long fuzzing passphrase" };
    const registered = await post<Session>(url, "/api/auth/register", { ...owner, name: "Fuzz Owner", organization_name: "Fuzzing" });

    // The embedded store belongs to one process: the admin tool runs while Stint is stopped.
    await stint.stop();
    const setPlan = await run("npm", ["run", "--silent", "admin", "--", "set-plan", registered.organization.id, "enterprise"], ROOT, {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
    });
    if (setPlan !== 0) throw new Error(`the admin tool exited ${setPlan}`);
    stint = new StintProcess(env);
    url = await stint.url();

    // Signed in again, the token carries the new plan: Style B has no limit for it.
    const session = await post<Session>(url, "/api/auth/login", owner);
    const tokens = [session.access_token];
    for (let i = 1; i < USERS; i += 1) {
      const invitation = await post<{ data: { token: string } }>(
        url,
        "/api/users/invitations",
        { email: `fuzz-admin-${i}@example.test`, role: "admin" },
        session.access_token,
      );
      const joined = await post<Session>(url, "/api/auth/invitations/accept", {
        token: invitation.data.token,
        name: `Fuzz Admin ${i}`,
        password: owner.password,
      });
      tokens.push(joined.access_token);
    }
    const keys: string[] = [];
    for (let i = 0; i < API_KEYS; i += 1) {
      const created = await post<{ data: { key: string } }>(
        url,
        "/api/api-keys",
        { name: `fuzz ${i}`, permissions: PERMISSIONS },
        session.access_token,
      );
      keys.push(created.data.key);
    }
    const failed: string[] = [];
    for (const document of DOCUMENTS) {
      process.stdout.write(`\n==> Schemathesis against Style ${document.style}: ${url}${document.path}\n`);
      const args = [
        `--config-file=${join(__dirname, "schemathesis.toml")}`,
        "run",
        `${url}${document.path}`,
        "--checks=all",
        "--phases=examples,coverage,fuzzing,stateful",
        `--seed=${SEED}`,
        `--max-examples=${MAX_EXAMPLES}`,
        "--workers=2",
        "--request-timeout=10",
        "--output-truncate=false",
      ];
      const code = await run(schemathesis, args, workDir.path, {
        ...process.env,
        SCHEMATHESIS_HOOKS: HOOKS,
        STINT_FUZZ_API_KEYS: keys.join(","),
        STINT_FUZZ_TOKENS: tokens.join(","),
        STINT_FUZZ_WEBHOOK_SINK: `${HOST}:9`,
      });
      if (code !== 0) failed.push(`Style ${document.style} (exit ${code})`);
    }
    // A 5xx is logged with its cause: show those beside Schemathesis's report.
    for (const line of stint.logs.filter((entry) => entry.level >= 50)) process.stderr.write(`stint: ${JSON.stringify(line)}\n`);
    if (failed.length > 0) {
      process.stderr.write(`\nSchemathesis found problems: ${failed.join(", ")}\n`);
      return 1;
    }
    process.stdout.write("\nSchemathesis: no problems in either style\n");
    return 0;
  } finally {
    await stint.stop();
    data.remove();
    workDir.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`the Schemathesis run could not be set up: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
