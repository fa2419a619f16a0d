import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { openAccountCollections } from "../services/auth/documents";
import type { OrganizationDocument } from "../services/auth/organization";
import { changedPlanOf } from "../shared/auth/plan-changes";
import { newId } from "../shared/ids";
import { openKeyValueStore } from "../shared/kv/open";
import { openEmbeddedStore } from "../shared/storage/embedded";
import { openMongoStore } from "../shared/storage/mongo";
import { describeWithServers, mongoUrlWithDatabase, serverUrl } from "../test/support/servers";

jest.setTimeout(60_000);

const ROOT = join(__dirname, "..");
const TSX_CLI = require.resolve("tsx/cli");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `tsx cli/stint-admin.ts <args>` as its own process, with only the environment given. */
function admin(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX_CLI, "cli/stint-admin.ts", ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A port nothing listens on: bound, then closed again. */
async function idlePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("stint-admin, run as a command", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "stint-admin-"));
  let env: Record<string, string>;
  let org: OrganizationDocument;

  async function storedOrganization(id: string): Promise<OrganizationDocument | null> {
    const store = await openEmbeddedStore(dataDir);
    try {
      return await (await openAccountCollections(store)).organizations.findOne({ _id: id });
    } finally {
      await store.close();
    }
  }

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(await idlePort()) };
    org = {
      _id: newId("organization"),
      name: "Acme Ltd",
      plan: "free",
      created_at: "2026-11-21T09:00:00Z",
      updated_at: "2026-11-21T09:00:00Z",
    };
    const store = await openEmbeddedStore(dataDir);
    await (await openAccountCollections(store)).organizations.insertOne(org);
    await store.close();
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sets a plan in the embedded store, prints one line and exits 0; show-org reads it back", async () => {
    const set = await admin(["set-plan", org._id, "enterprise"], env);
    expect(set).toMatchObject({ code: 0, stderr: "" });
    expect(set.stdout).toBe(`${org._id} "Acme Ltd": plan free -> enterprise; start Stint to apply it\n`);
    expect((await storedOrganization(org._id))?.plan).toBe("enterprise");

    const shown = await admin(["show-org", org._id], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(`^${org._id} "Acme Ltd": plan enterprise \\(created 2026-11-21T09:00:00Z, updated \\S+Z\\)\\n$`),
    );
  });

  it("exits 2 naming the problem for an unknown plan, a bad id or a bad command, and changes nothing", async () => {
    const before = await storedOrganization(org._id);
    const plan = await admin(["set-plan", org._id, "platinum"], env);
    expect(plan).toMatchObject({ code: 2, stdout: "" });
    expect(plan.stderr).toContain('Unknown plan: "platinum" (known plans: free, standard, pro, enterprise)');

    const id = await admin(["set-plan", "usr_0123456789012345678901", "pro"], env);
    expect(id).toMatchObject({ code: 2, stdout: "" });
    expect(id.stderr).toContain("Not an organization id");

    const command = await admin(["delete-org", org._id], env);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Unknown command: "delete-org"');
    expect(command.stderr).toContain("set-plan <org_id> <free|standard|pro|enterprise>");
    expect(await storedOrganization(org._id)).toEqual(before);
  });

  it("exits 1 for an organization the store does not have", async () => {
    const missing = newId("organization");
    const run = await admin(["set-plan", missing, "pro"], env);
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr).toContain(`No organization ${missing}`);
  });

  describe("while a server answers on the configured address", () => {
    let server: Server;

    beforeAll(async () => {
      server = createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"ok"}'));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("refuses to touch the embedded store, which belongs to that server", async () => {
      const port = String((server.address() as AddressInfo).port);
      const before = await storedOrganization(org._id);
      const run = await admin(["set-plan", org._id, "pro"], { ...env, PORT: port });
      expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toContain(`Stint is running on 127.0.0.1:${port}`);
      expect(run.stderr).toContain("stop Stint, run this again, then start Stint");
      expect(await storedOrganization(org._id)).toEqual(before);
    });
  });
});

describeWithServers(["mongo", "redis"], "stint-admin against MongoDB and Redis", () => {
  it("changes the plan in MongoDB and leaves the mark every gateway of the namespace reads", async () => {
    const mongoUrl = mongoUrlWithDatabase(serverUrl("mongo") as string, `stint_admin_${randomUUID().slice(0, 8)}`);
    const redisUrl = serverUrl("redis") as string;
    const namespace = `admin-test-${process.pid}`;
    const org: OrganizationDocument = {
      _id: newId("organization"),
      name: "Remote",
      plan: "standard",
      created_at: "2026-11-21T09:00:00Z",
      updated_at: "2026-11-21T09:00:00Z",
    };
    const store = await openMongoStore(mongoUrl);
    const kv = await openKeyValueStore({ redisUrl, namespace });
    try {
      const { organizations } = await openAccountCollections(store);
      await organizations.insertOne(org);

      const run = await admin(["set-plan", org._id, "pro"], { MONGO_URL: mongoUrl, REDIS_URL: redisUrl, NAMESPACE: namespace });
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(run.stdout).toBe(
        `${org._id} "Remote": plan standard -> pro; every gateway sharing this Redis applies it from the next request\n`,
      );
      expect((await organizations.findOne({ _id: org._id }))?.plan).toBe("pro");
      expect(await changedPlanOf(kv, org._id)).toBe("pro");
    } finally {
      await kv.close();
      await store.close();
    }
  });
});
