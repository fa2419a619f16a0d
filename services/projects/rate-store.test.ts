import { newId } from "../../shared/ids";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "../../test/support/stint";
import { moveLegacyRates } from "./legacy-rates";
import { PROJECTS_COLLECTION, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { RATES_COLLECTION, type RateDocument, type RateTarget } from "./rate";
import { RateStore } from "./rate-store";

describe("rate store", () => {
  const data = temporaryDir("rate-store");
  let store: DocumentStore;
  let rates: RateStore;
  let clock = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    rates = new RateStore(await store.collection<RateDocument>(RATES_COLLECTION), () => (clock += 1000));
  });

  afterAll(async () => {
    await store.close();
    data.remove();
  });

  const project = (id: string): RateTarget => ({ level: "project", user_id: null, project_id: id });

  it("when two changes of one target take effect on the same day, then the second is a 409 naming the first", async () => {
    const org = newId("organization");
    const site = newId("project");
    const first = await rates.record(org, { ...project(site), hourly_rate: 70, effective_from: "2026-03-01" });
    await expect(rates.record(org, { ...project(site), hourly_rate: 80, effective_from: "2026-03-01" })).rejects.toMatchObject({
      code: 409,
      data: { field: "effective_from", id: first._id },
    });
    // Another target, or another organization, may use the day.
    await rates.record(org, { ...project(newId("project")), hourly_rate: 80, effective_from: "2026-03-01" });
    await rates.record(newId("organization"), { ...project(site), hourly_rate: 80, effective_from: "2026-03-01" });
    expect((await rates.all(org)).map((change) => change.hourly_rate)).toEqual([70, 80]);
  });

  it("when a rate is set from the beginning, then it replaces the target's history and leaves other targets alone", async () => {
    const org = newId("organization");
    const site = newId("project");
    const other = newId("project");
    await rates.record(org, { ...project(site), hourly_rate: 70, effective_from: "2026-03-01" });
    await rates.record(org, { ...project(site), hourly_rate: 90, effective_from: "2026-06-01" });
    await rates.record(org, { ...project(other), hourly_rate: 50, effective_from: "2026-03-01" });
    await rates.replace(org, project(site), 100);
    await rates.replace(org, project(site), 110);
    const left = await rates.all(org);
    expect(left.map((change) => [change.project_id, change.hourly_rate, change.effective_from])).toEqual([
      [other, 50, "2026-03-01"],
      [site, 110, null],
    ]);
    await rates.replace(org, project(site), null);
    expect((await rates.all(org)).map((change) => change.project_id)).toEqual([other]);
  });

  it("when asked for the rate in force on a day, then the latest change not after it answers, or null before any", async () => {
    const org = newId("organization");
    const ada = newId("user");
    const bob = newId("user");
    const member = (id: string): RateTarget => ({ level: "member", user_id: id, project_id: null });
    await rates.replace(org, member(ada), 60);
    await rates.record(org, { ...member(ada), hourly_rate: 65, effective_from: "2026-03-15" });
    await rates.record(org, { ...member(ada), hourly_rate: null, effective_from: "2026-07-01" });
    await rates.record(org, { ...member(bob), hourly_rate: 40, effective_from: "2026-05-01" });
    const on = async (day: string) => Object.fromEntries(await rates.inForce(org, "member", [ada, bob], day));
    expect(await on("2026-03-14")).toEqual({ [ada]: 60, [bob]: null });
    expect(await on("2026-03-15")).toEqual({ [ada]: 65, [bob]: null });
    expect(await on("2026-05-01")).toEqual({ [ada]: 65, [bob]: 40 });
    expect(await on("2026-07-01")).toEqual({ [ada]: null, [bob]: 40 });
    expect(await rates.organizationRate(org, "2026-07-01")).toBeNull();
    await rates.record(org, { level: "organization", user_id: null, project_id: null, hourly_rate: 30, effective_from: "2026-02-01" });
    expect(await rates.organizationRate(org, "2026-01-31")).toBeNull();
    expect(await rates.organizationRate(org, "2026-02-01")).toBe(30);
  });

  it("when a project is deleted, then its rates and its members' rates on it go, and no one else's", async () => {
    const org = newId("organization");
    const site = newId("project");
    const ada = newId("user");
    await rates.replace(org, project(site), 70);
    await rates.record(org, { level: "project_member", user_id: ada, project_id: site, hourly_rate: 90, effective_from: "2026-01-01" });
    await rates.replace(org, { level: "member", user_id: ada, project_id: null }, 60);
    expect(await rates.deleteOfProject(org, site)).toBe(2);
    expect((await rates.all(org)).map((change) => change.level)).toEqual(["member"]);
  });

  it("when projects carry a rate from before rates had history, then it becomes their change from the beginning, once", async () => {
    const projects = await store.collection<ProjectDocument>(PROJECTS_COLLECTION);
    const org = newId("organization");
    const legacy = (name: string, hourlyRate: number | null): ProjectDocument => ({
      _id: newId("project"),
      organization_id: org,
      name,
      name_key: name,
      description: null,
      color: null,
      client_name: null,
      billable: true,
      hourly_rate: hourlyRate,
      archived: false,
      created_at: "2025-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
    });
    const priced = legacy("priced", 95.125);
    const unpriced = legacy("unpriced", null);
    await projects.insertMany([priced, unpriced]);

    const projectStore = new ProjectStore(projects);
    expect(await moveLegacyRates(projectStore, rates)).toBe(1);
    expect(await moveLegacyRates(projectStore, rates)).toBe(0);
    expect((await rates.all(org)).map((change) => [change.project_id, change.hourly_rate, change.effective_from])).toEqual([
      [priced._id, 95.13, null],
    ]);
    expect(await projects.findOne({ _id: priced._id })).not.toHaveProperty("hourly_rate");
  });
});
