import type { Announce } from "../../shared/announce";
import { newId } from "../../shared/ids";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "../../test/support/stint";
import { BUDGET_ALERTS_COLLECTION, type BudgetAlertDocument } from "./budget-alert";
import { BudgetAlertStore } from "./budget-alert-store";
import { checkBudget, type BudgetSources } from "./budgets";
import type { Budget, BudgetAlert } from "./contract";
import { PROJECTS_COLLECTION, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { RATES_COLLECTION, type RateDocument } from "./rate";
import { RateStore } from "./rate-store";
import { TASKS_COLLECTION, type TaskDocument } from "./task";
import { TaskStore } from "./task-store";
import type { ProjectStores } from "./task-use-cases";

describe("budget announcements", () => {
  const data = temporaryDir("budgets");
  let store: DocumentStore;
  let stores: ProjectStores;

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    stores = {
      projects: new ProjectStore(await store.collection<ProjectDocument>(PROJECTS_COLLECTION)),
      tasks: new TaskStore(await store.collection<TaskDocument>(TASKS_COLLECTION)),
      rates: new RateStore(await store.collection<RateDocument>(RATES_COLLECTION)),
      alerts: new BudgetAlertStore(await store.collection<BudgetAlertDocument>(BUDGET_ALERTS_COLLECTION)),
    };
  });

  afterAll(async () => {
    await store.close();
    data.remove();
  });

  /** A project with this budget, and a clock of used seconds the test moves. */
  async function budgeted(budget: Budget): Promise<{ organizationId: string; projectId: string; usedSeconds: { value: number } }> {
    const organizationId = newId("organization");
    const projectId = newId("project");
    await stores.projects.insert({
      _id: projectId,
      organization_id: organizationId,
      name: "Budgeted",
      name_key: "budgeted",
      description: null,
      color: null,
      client_name: null,
      billable: true,
      budget,
      archived: false,
      created_at: "2026-03-01T00:00:00Z",
      updated_at: "2026-03-01T00:00:00Z",
    });
    return { organizationId, projectId, usedSeconds: { value: 0 } };
  }

  function sourcesOf(usedSeconds: { value: number }): BudgetSources {
    return { minorDigits: () => Promise.resolve(2), usage: () => Promise.resolve({ seconds: usedSeconds.value, amount_minor: 0 }) };
  }

  /** Records what is published, by the key the announcement was made under. */
  function recorder(): { published: { key: string; data: BudgetAlert }[]; announcerFor: (key: string) => Announce<BudgetAlert> } {
    const published: { key: string; data: BudgetAlert }[] = [];
    return {
      published,
      announcerFor: (key) => ({
        prepare: () =>
          Promise.resolve({
            publish: (actual: BudgetAlert) => {
              published.push({ key, data: actual });
              return Promise.resolve();
            },
            drop: () => Promise.resolve(),
          }),
      }),
    };
  }

  const HOURS: Budget = { kind: "hours", value: 10, period: "monthly", alert_percent: 80 };

  it("when checks see a budget cross 80 % and then 100 %, then each is announced once however often it is checked", async () => {
    const { organizationId, projectId, usedSeconds } = await budgeted(HOURS);
    const { published, announcerFor } = recorder();
    const check = () => checkBudget(stores, sourcesOf(usedSeconds), announcerFor, organizationId, projectId, "2026-03-10T09:00:00Z");

    usedSeconds.value = 8 * 3600 - 1;
    expect(await check()).toBe(0);
    usedSeconds.value = 8 * 3600;
    expect(await check()).toBe(1);
    expect(await check()).toBe(0);
    usedSeconds.value = 10 * 3600;
    expect(await check()).toBe(1);
    expect(await check()).toBe(0);
    expect(published.map(({ data }) => [data.percent, data.period, data.budget_used?.percent])).toEqual([
      [80, "2026-03", 80],
      [100, "2026-03", 100],
    ]);
    expect(published[0]?.data).toMatchObject({ id: projectId, budget: HOURS });

    // Another month is another period.
    expect(await checkBudget(stores, sourcesOf(usedSeconds), announcerFor, organizationId, projectId, "2026-04-01T00:00:00Z")).toBe(2);
  });

  it("when many processes check at once, then one of them announces each threshold", async () => {
    const { organizationId, projectId, usedSeconds } = await budgeted({ ...HOURS, period: "total" });
    const { published, announcerFor } = recorder();
    usedSeconds.value = 11 * 3600;
    const counts = await Promise.all(
      Array.from({ length: 12 }, () =>
        checkBudget(stores, sourcesOf(usedSeconds), announcerFor, organizationId, projectId, "2026-03-10T09:00:00Z"),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(published.map(({ data }) => data.percent).sort((a, b) => a - b)).toEqual([80, 100]);
    expect(new Set(published.map(({ key }) => key)).size).toBe(2);
  });

  it("when the budget changes, then its thresholds may be announced again; another organization's project is not found", async () => {
    const { organizationId, projectId, usedSeconds } = await budgeted({ ...HOURS, period: "total" });
    const { published, announcerFor } = recorder();
    usedSeconds.value = 10 * 3600;
    expect(await checkBudget(stores, sourcesOf(usedSeconds), announcerFor, organizationId, projectId, "2026-03-10T09:00:00Z")).toBe(2);
    await stores.projects.update(organizationId, projectId, { budget: { ...HOURS, period: "total", value: 12 } });
    expect(await checkBudget(stores, sourcesOf(usedSeconds), announcerFor, organizationId, projectId, "2026-03-10T09:00:00Z")).toBe(1);
    expect(published.map(({ data }) => [data.budget?.value, data.percent])).toEqual([
      [10, 80],
      [10, 100],
      [12, 80],
    ]);
    expect(await checkBudget(stores, sourcesOf(usedSeconds), announcerFor, newId("organization"), projectId, "2026-03-10T09:00:00Z")).toBe(
      0,
    );
  });
});
