import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAccountCollections } from "../services/auth/documents";
import { OrganizationStore } from "../services/auth/organization-store";
import type { OrganizationDocument } from "../services/auth/organization";
import { changedPlanOf } from "../shared/auth/plan-changes";
import { newId } from "../shared/ids";
import { openMemoryStore } from "../shared/kv/memory";
import type { KeyValueStore } from "../shared/kv/port";
import { openEmbeddedStore } from "../shared/storage/embedded";
import type { Collection, DocumentStore } from "../shared/storage/port";
import { AdminError, describeOrganization, parseOrganizationId, parsePlan, setOrganizationPlan } from "./plans";

describe("setting an organization's plan (embedded store)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "stint-plans-"));
  let store: DocumentStore;
  let organizations: Collection<OrganizationDocument>;
  let kv: KeyValueStore;

  beforeAll(async () => {
    store = await openEmbeddedStore(dataDir);
    organizations = (await openAccountCollections(store)).organizations;
  });

  beforeEach(() => {
    kv = openMemoryStore();
  });

  afterEach(async () => {
    await kv.close();
  });

  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function anOrganization(plan: OrganizationDocument["plan"] = "free"): Promise<OrganizationDocument> {
    const doc: OrganizationDocument = {
      _id: newId("organization"),
      name: "Acme",
      plan,
      created_at: "2026-11-21T09:00:00Z",
      updated_at: "2026-11-21T09:00:00Z",
    };
    await organizations.insertOne(doc);
    return doc;
  }

  it("changes the stored plan and tells the gateways through the key-value store", async () => {
    const org = await anOrganization();
    const change = await setOrganizationPlan(
      { organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 900 },
      org._id,
      "pro",
    );
    expect(change.previousPlan).toBe("free");
    expect(change.announced).toBe(true);
    expect(change.organization).toMatchObject({ _id: org._id, name: "Acme", plan: "pro" });
    expect(change.organization.updated_at).not.toBe(org.updated_at);
    expect(await organizations.findOne({ _id: org._id })).toEqual(change.organization);
    expect(await changedPlanOf(kv, org._id)).toBe("pro");
  });

  it("touches only the organization it names", async () => {
    const org = await anOrganization();
    const other = await anOrganization("standard");
    await setOrganizationPlan(
      { organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 900 },
      org._id,
      "enterprise",
    );
    expect(await organizations.findOne({ _id: other._id })).toEqual(other);
    expect(await changedPlanOf(kv, other._id)).toBeNull();
  });

  it("leaves the document alone when the plan is already set, and announces it again", async () => {
    const org = await anOrganization("standard");
    const change = await setOrganizationPlan(
      { organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 900 },
      org._id,
      "standard",
    );
    expect(change.previousPlan).toBe("standard");
    expect(await organizations.findOne({ _id: org._id })).toEqual(org);
    expect(await changedPlanOf(kv, org._id)).toBe("standard");
  });

  it("changes only the store when no key-value store is shared", async () => {
    const org = await anOrganization();
    const change = await setOrganizationPlan(
      { organizations: new OrganizationStore(organizations), kv: null, accessTokenTtlSeconds: 900 },
      org._id,
      "standard",
    );
    expect(change.announced).toBe(false);
    expect((await organizations.findOne({ _id: org._id }))?.plan).toBe("standard");
  });

  it("keeps the announcement as long as an access token issued before the change can live", async () => {
    const org = await anOrganization();
    const set = jest.spyOn(kv, "set");
    await setOrganizationPlan({ organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 3600 }, org._id, "pro");
    expect(set).toHaveBeenCalledWith(expect.stringContaining(org._id), "pro", { ttlMs: expect.any(Number) });
    expect(set.mock.calls[0]?.[2].ttlMs).toBeGreaterThan(3600 * 1000);
  });

  it("refuses an organization that does not exist, and writes nothing", async () => {
    const missing = newId("organization");
    const attempt = setOrganizationPlan(
      { organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 900 },
      missing,
      "pro",
    );
    await expect(attempt).rejects.toThrow(AdminError);
    await expect(attempt).rejects.toThrow(`No organization ${missing}`);
    expect(await organizations.findOne({ _id: missing })).toBeNull();
    expect(await changedPlanOf(kv, missing)).toBeNull();
  });

  it("says when the gateways could not be told, after the store changed", async () => {
    const org = await anOrganization();
    jest.spyOn(kv, "set").mockRejectedValueOnce(new Error("connection refused"));
    await expect(
      setOrganizationPlan({ organizations: new OrganizationStore(organizations), kv, accessTokenTtlSeconds: 900 }, org._id, "pro"),
    ).rejects.toThrow(/store now says plan pro.*connection refused.*run the command again/);
    expect((await organizations.findOne({ _id: org._id }))?.plan).toBe("pro");
  });

  it("describes an organization on one line", async () => {
    const org = await anOrganization("pro");
    expect(describeOrganization(org)).toBe(`${org._id} "Acme": plan pro (created 2026-11-21T09:00:00Z, updated 2026-11-21T09:00:00Z)`);
  });
});

describe("reading the operator's arguments", () => {
  it("accepts the four plans and nothing else", () => {
    expect(["free", "standard", "pro", "enterprise"].map(parsePlan)).toEqual(["free", "standard", "pro", "enterprise"]);
    for (const bad of ["gold", "PRO", "", undefined]) {
      expect(() => parsePlan(bad)).toThrow(/Unknown plan.*free, standard, pro, enterprise/);
    }
  });

  it("accepts organization ids only", () => {
    const id = newId("organization");
    expect(parseOrganizationId(id)).toBe(id);
    for (const bad of ["org_short", newId("user"), "", undefined, `${id}x`]) {
      expect(() => parseOrganizationId(bad)).toThrow(/Not an organization id/);
    }
    let thrown: unknown;
    try {
      parseOrganizationId("nope");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AdminError);
    expect(thrown).toMatchObject({ exitCode: 2 });
  });
});
