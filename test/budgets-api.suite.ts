import { verify } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { finished, upload } from "./imports-api.suite";
import { joinTeam } from "./support/accounts";
import { aProject, aRate, aTimerStart, aWebhook } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { eventually, WebhookReceiver, type ReceivedRequest } from "./support/webhook-receiver";
import { A, B, projectIdIn, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { BudgetAlert, Project } from "../services/projects/contract";
import type { TimeEntry } from "../services/time-entries/contract";

const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_URLS: "true" };
const HOUR = 3_600_000;

/** The first instant of the current UTC month, plus `hours`. */
function thisMonth(hours: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) + hours * HOUR);
}

function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

interface Delivered {
  request: ReceivedRequest;
  body: { id: string; type: string; organization_id: string; data: BudgetAlert };
}

/**
 * Budgets over HTTP in both styles, rates at every level through what a budget has used, and
 * `project.budget_reached` at a real receiver on loopback; run once per deployment mode.
 */
export function describeBudgetsApi(mode: StintMode): void {
  describeStint(mode, "budgets API", () => {
    const stint = useStint({ mode, env: ALLOW_PRIVATE });
    let inbox: WebhookReceiver;

    beforeAll(async () => {
      inbox = await WebhookReceiver.start();
    });

    afterAll(async () => {
      await inbox?.close();
    });

    async function team(): Promise<{ owner: Client; member: Client; memberId: string; organizationId: string; ownerEmail: string }> {
      const { api: owner, account } = await registerOwner(stint.url);
      const member = await joinTeam(stint.url, owner, "member");
      return {
        owner,
        member: member.api,
        memberId: member.account.user.id,
        organizationId: account.organization.id,
        ownerEmail: account.user.email,
      };
    }

    /** A finished entry of `minutes` from `start`. */
    function entry(api: Client, projectId: string, start: Date, minutes: number, billable = true): Promise<TimeEntry> {
      return createTimeEntry(api, projectId, {
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + minutes * 60_000).toISOString(),
        billable,
      });
    }

    /** Subscribes the receiver to the organization's budget announcements. */
    async function subscribe(owner: Client): Promise<{ id: string; secret: string }> {
      const hook = await owner.post<{ data: { id: string; secret: string } }>(
        `${A}/webhooks`,
        aWebhook(inbox.url, { events: ["project.budget_reached"] }),
      );
      if (hook.status !== 201) throw new Error(`webhook not created: ${hook.status} ${hook.text}`);
      return hook.body.data;
    }

    async function used(api: Client, projectId: string): Promise<Project["budget_used"]> {
      const res = await api.get<{ data: Project }>(`${A}/projects/${projectId}`);
      expect(res.status).toBe(200);
      return res.body.data.budget_used;
    }

    /** Budget announcements of one organization that reached the receiver, in arrival order. */
    function alertsOf(organizationId: string): Delivered[] {
      return inbox.requests
        .map((request) => ({ request, body: JSON.parse(request.body) as Delivered["body"] }))
        .filter(({ body }) => body.organization_id === organizationId && body.type === "project.budget_reached");
    }

    async function alertsArrived(organizationId: string, count: number): Promise<Delivered[]> {
      return eventually(
        `${count} budget announcements`,
        () => {
          const alerts = alertsOf(organizationId);
          return alerts.length >= count ? alerts : undefined;
        },
        30_000,
      );
    }

    describe("budgets on projects", () => {
      it("when an admin creates a project with a budget, then it is read back with the default alert percent and nothing used", async () => {
        const { owner } = await team();
        const created = await owner.post<{ data: Project }>(
          `${B}/projects`,
          aProject({ budget: { kind: "hours", value: 10.5, period: "monthly" } }),
        );
        expect(created.status).toBe(201);
        expect(created.body.data.budget).toEqual({ kind: "hours", value: 10.5, period: "monthly", alert_percent: 80 });
        expect(created.body.data.budget_used).toEqual({ seconds: 0, amount: 0, percent: 0 });
      });

      it("when a member reads a budgeted project, then neither its budget, what it used nor its rate is shown", async () => {
        const { owner, member } = await team();
        const { id } = await createProject(owner, { budget: { kind: "hours", value: 10.5, period: "monthly" } });
        const asMember = await member.get<{ data: Project }>(`${A}/projects/${id}`);
        expect(asMember.status).toBe(200);
        for (const field of ["budget", "budget_used", "hourly_rate"]) expect(asMember.body.data).not.toHaveProperty(field);
        const memberList = await member.get<List<Project>>(`${B}/projects`);
        expect(memberList.body.data.some((p) => "budget" in p || "budget_used" in p)).toBe(false);
      });

      it("when an admin changes a budget, then the new one stands", async () => {
        const { owner } = await team();
        const { id } = await createProject(owner, { budget: { kind: "hours", value: 10.5, period: "monthly" } });
        const changed = await owner.patch<{ data: Project }>(`${A}/projects/${id}`, {
          budget: { kind: "amount", value: 2000, period: "total", alert_percent: 90 },
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data.budget).toEqual({ kind: "amount", value: 2000, period: "total", alert_percent: 90 });
      });

      it("when an admin sets a budget to null, then the project has no budget and no use", async () => {
        const { owner } = await team();
        const { id } = await createProject(owner, { budget: { kind: "hours", value: 10.5, period: "monthly" } });
        const removed = await owner.patch<{ data: Project }>(`${A}/projects/${id}`, { budget: null });
        expect(removed.status).toBe(200);
        expect(removed.body.data).toMatchObject({ budget: null, budget_used: null });
      });

      it("when a project is made without a budget, then it has no budget and no use", async () => {
        const { owner } = await team();
        expect(await createProject(owner)).toMatchObject({ budget: null, budget_used: null });
      });

      /** A project with a budget of 10 hours over `period`, with 90 minutes this month and an hour, not billable, the month before. */
      async function recorded(owner: Client, period: "monthly" | "total"): Promise<Project> {
        const target = await createProject(owner, { budget: { kind: "hours", value: 10, period } });
        await entry(owner, target.id, thisMonth(1), 90);
        await entry(owner, target.id, thisMonth(-24), 60, false);
        return target;
      }

      it("when time is recorded, then a monthly budget counts the current UTC month only", async () => {
        const { owner } = await team();
        const monthly = await recorded(owner, "monthly");
        expect(await used(owner, monthly.id)).toEqual({ seconds: 5400, amount: 0, percent: 15 });
      });

      it("when time is recorded, then a total budget counts all time, billable or not", async () => {
        const { owner } = await team();
        const total = await recorded(owner, "total");
        expect(await used(owner, total.id)).toEqual({ seconds: 9000, amount: 0, percent: 25 });
      });

      it("when projects are listed, then each shows what its budget used", async () => {
        const { owner } = await team();
        const total = await recorded(owner, "total");
        const listed = await owner.get<List<Project>>(`${A}/projects`);
        expect(listed.body.data.find((p) => p.id === total.id)?.budget_used?.seconds).toBe(9000);
      });

      it("when a timer runs, then the budget counts it up to now", async () => {
        const { owner } = await team();
        const total = await recorded(owner, "total");
        const timer = await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, aTimerStart(total.id));
        expect(timer.status).toBe(201);
        const running = await used(owner, total.id);
        expect(running?.seconds).toBeGreaterThanOrEqual(9000);
        await owner.post(`${A}/time-entries/stop`);
      });

      const badBudgets: [string, unknown, string, string][] = [
        ["an unknown kind", { kind: "days", value: 1, period: "total" }, "budget.kind", "invalid"],
        ["a value of 0", { kind: "hours", value: 0, period: "total" }, "budget.value", "out_of_range"],
        ["a value with three decimals", { kind: "amount", value: 10.005, period: "total" }, "budget.value", "invalid"],
        ["an unknown period", { kind: "hours", value: 1, period: "weekly" }, "budget.period", "invalid"],
        ["an alert percent of 0", { kind: "hours", value: 1, period: "total", alert_percent: 0 }, "budget.alert_percent", "out_of_range"],
        [
          "an alert percent of 101",
          { kind: "hours", value: 1, period: "total", alert_percent: 101 },
          "budget.alert_percent",
          "out_of_range",
        ],
        [
          "a fractional alert percent",
          { kind: "hours", value: 1, period: "total", alert_percent: 50.5 },
          "budget.alert_percent",
          "invalid",
        ],
        ["no value", { kind: "hours", period: "total" }, "budget.value", "required"],
        ["an unknown field", { kind: "hours", value: 1, period: "total", currency: "EUR" }, "budget.currency", "unknown"],
        ["a budget that is no object", 12, "budget", "invalid"],
      ];

      it.each(badBudgets)(
        "when a budget has %s, then both styles answer 400 naming the field and nothing changes",
        async (_label, budget, field, reason) => {
          const { owner } = await team();
          const existing = await createProject(owner, { budget: { kind: "hours", value: 5, period: "total" } });
          const inA = await owner.patch<StyleAError>(`${A}/projects/${existing.id}`, { budget });
          expect(inA.status).toBe(400);
          expect(inA.body.error.details).toMatchObject({ field, reason });
          const inB = await owner.post<StyleBError>(`${B}/projects`, { ...aProject(), budget });
          expect(inB.status).toBe(400);
          expect(inB.body.code).toBe("VALIDATION_ERROR");
          expect(inB.body.details).toMatchObject({ field, reason });
          expect((await owner.get<{ data: Project }>(`${A}/projects/${existing.id}`)).body.data.budget).toEqual({
            kind: "hours",
            value: 5,
            period: "total",
            alert_percent: 80,
          });
        },
      );

      it("when a member sets a budget, then it is a 403", async () => {
        const { owner, member } = await team();
        const target = await createProject(owner);
        const res = await member.patch<StyleAError>(`${A}/projects/${target.id}`, { budget: { kind: "hours", value: 1, period: "total" } });
        expect(res.status).toBe(403);
        expect((await owner.get<{ data: Project }>(`${A}/projects/${target.id}`)).body.data.budget).toBeNull();
      });

      it("when another organization's project is named, then its budget can be neither read nor set (404 in both styles)", async () => {
        const mine = await team();
        const theirs = await team();
        const budget = { kind: "hours", value: 5, period: "total", alert_percent: 80 } as const;
        const theirProject = await createProject(theirs.owner, { budget });
        const read = await mine.owner.get<StyleAError>(`${A}/projects/${theirProject.id}`);
        expect(read.status).toBe(404);
        expect(read.body.error.code).toBe("not_found");
        const inA = await mine.owner.patch<StyleAError>(`${A}/projects/${theirProject.id}`, { budget: null });
        expect(inA.status).toBe(404);
        const inB = await mine.owner.patch<StyleBError>(`${B}/projects/${projectIdIn("B", theirProject.id)}`, {
          budget: { kind: "amount", value: 1, period: "monthly" },
        });
        expect(inB.status).toBe(404);
        expect(inB.body.code).toBe("NOT_FOUND");
        expect((await theirs.owner.get<{ data: Project }>(`${A}/projects/${theirProject.id}`)).body.data.budget).toEqual(budget);
      });
    });

    describe("rates through what a budget used", () => {
      /**
       * Rates at every level: the organization's 10, the member's 20, the priced project's 30, and
       * the member on the priced project 40; an hour on each, and one not billable.
       */
      async function pricedTeam(): Promise<{ owner: Client; memberId: string; priced: Project; unpriced: Project }> {
        const { owner, member, memberId } = await team();
        await owner.patch(`${A}/organization`, { default_hourly_rate: 10 });
        await owner.patch(`${A}/users/${memberId}`, { hourly_rate: 20 });
        const budget = { kind: "amount", value: 1000, period: "total" } as const;
        const priced = await createProject(owner, { hourly_rate: 30, budget });
        const unpriced = await createProject(owner, { budget });
        const special = await owner.post(
          `${A}/rates`,
          aRate({ level: "project_member", user_id: memberId, project_id: priced.id, hourly_rate: 40, effective_from: "2000-01-01" }),
        );
        if (special.status !== 201) throw new Error(`rate not recorded: ${special.status} ${special.text}`);

        await entry(owner, priced.id, thisMonth(1), 60); // the project's 30
        await entry(member, priced.id, thisMonth(2), 60); // the member on the project: 40
        await entry(member, unpriced.id, thisMonth(3), 60); // the member's own 20
        await entry(owner, unpriced.id, thisMonth(4), 60); // the organization's 10
        await entry(owner, unpriced.id, thisMonth(5), 60, false); // nothing
        return { owner, memberId, priced, unpriced };
      }

      it("when rates are set at every level, then each entry is billed at the most specific one, non-billable at nothing", async () => {
        const { owner, priced, unpriced } = await pricedTeam();
        expect(await used(owner, priced.id)).toEqual({ seconds: 7200, amount: 70, percent: 7 });
        expect(await used(owner, unpriced.id)).toEqual({ seconds: 10_800, amount: 30, percent: 3 });
      });

      it('when a level\'s rate is set to "not set here", then its entries fall through to the next level', async () => {
        const { owner, memberId, priced } = await pricedTeam();
        // The member on the project bills the project's rate again.
        await owner.post(
          `${A}/rates`,
          aRate({ level: "project_member", user_id: memberId, project_id: priced.id, hourly_rate: null, effective_from: "2001-01-01" }),
        );
        expect((await used(owner, priced.id))?.amount).toBe(60);
      });

      it("when no level has a rate, then the entry bills nothing", async () => {
        const { owner, unpriced } = await pricedTeam();
        await owner.patch(`${A}/organization`, { default_hourly_rate: null });
        expect((await used(owner, unpriced.id))?.amount).toBe(20);
      });

      /**
       * A project at 50 an hour with three entries around 15 March 2025 (UTC): an hour ending after
       * midnight the day before, half an hour at 01:00 in UTC+02:00 (23:00 UTC the day before), and
       * an hour from the first second of the day.
       */
      async function aroundTheIdes(): Promise<{ owner: Client; target: Project }> {
        const { owner } = await team();
        const target = await createProject(owner, { hourly_rate: 50, budget: { kind: "amount", value: 1000, period: "total" } });
        await entry(owner, target.id, new Date("2025-03-14T23:30:00Z"), 60);
        await createTimeEntry(owner, target.id, { start_time: "2025-03-15T01:00:00+02:00", end_time: "2025-03-15T01:30:00+02:00" });
        await entry(owner, target.id, new Date("2025-03-15T00:00:00Z"), 60);
        expect((await used(owner, target.id))?.amount).toBe(125);
        return { owner, target };
      }

      const changeOnTheIdes = (projectId: string) =>
        aRate({ level: "project", project_id: projectId, hourly_rate: 80, effective_from: "2025-03-15" });

      it("when a rate changes from a day, then entries starting that UTC day take it and earlier ones keep theirs", async () => {
        const { owner, target } = await aroundTheIdes();
        const change = await owner.post<{ data: { id: string } }>(`${B}/rates`, changeOnTheIdes(target.id));
        expect(change.status).toBe(201);
        expect((await used(owner, target.id))?.amount).toBe(50 + 25 + 80);
      });

      it("when a dated rate change is deleted, then every entry takes the earlier rate again", async () => {
        const { owner, target } = await aroundTheIdes();
        const change = await owner.post<{ data: { id: string } }>(`${A}/rates`, changeOnTheIdes(target.id));
        expect(change.status).toBe(201);
        expect((await owner.delete(`${A}/rates/${change.body.data.id}`)).status).toBe(204);
        expect((await used(owner, target.id))?.amount).toBe(125);
      });

      it("when a PATCH sets a project's rate after a dated change, then every entry takes it", async () => {
        const { owner, target } = await aroundTheIdes();
        expect((await owner.post(`${A}/rates`, changeOnTheIdes(target.id))).status).toBe(201);
        const patched = await owner.patch<{ data: Project }>(`${A}/projects/${target.id}`, { hourly_rate: 60 });
        expect(patched.body.data.budget_used?.amount).toBe(150);
      });

      it("when the currency has no minor unit, then amounts are rounded half-up per entry to whole units", async () => {
        const { owner } = await team();
        await owner.patch(`${A}/organization`, { currency: "JPY" });
        const yen = await createProject(owner, { hourly_rate: 1000, budget: { kind: "amount", value: 100000, period: "total" } });
        // 20 minutes at 1000 yen an hour is 333.33...: 333 yen, twice.
        await entry(owner, yen.id, thisMonth(1), 20);
        await entry(owner, yen.id, thisMonth(2), 20);
        expect((await used(owner, yen.id))?.amount).toBe(666);
      });

      it("when the currency has three minor digits, then amounts are rounded half-up per entry to the thousandth", async () => {
        const { owner } = await team();
        await owner.patch(`${A}/organization`, { currency: "KWD" });
        const dinars = await createProject(owner, { hourly_rate: 0.01, budget: { kind: "amount", value: 1, period: "total" } });
        // 30 minutes at 0.010 KWD an hour is 5 fils; 1 minute is 0.1666 fils: 0.
        await entry(owner, dinars.id, thisMonth(3), 30);
        await entry(owner, dinars.id, thisMonth(4), 1);
        expect((await used(owner, dinars.id))?.amount).toBe(0.005);
      });
    });

    describe("project.budget_reached", () => {
      describe("when a budget crosses its alert percent and then 100 %, and a later budget does too", () => {
        let organizationId: string;
        let hook: { id: string; secret: string };
        let target: Project;
        let alerts: Delivered[];
        let percentBeforeTheAlert: number | undefined;

        beforeAll(async () => {
          const given = await team();
          organizationId = given.organizationId;
          const { owner } = given;
          hook = await subscribe(owner);
          target = await createProject(owner, { budget: { kind: "hours", value: 1, period: "monthly" } });

          await entry(owner, target.id, thisMonth(1), 47); // 78.3 %: nothing yet
          percentBeforeTheAlert = (await used(owner, target.id))?.percent;
          await entry(owner, target.id, thisMonth(2), 1); // exactly 80 %
          await alertsArrived(organizationId, 1);
          await entry(owner, target.id, thisMonth(3), 12); // exactly 100 %
          await alertsArrived(organizationId, 2);
          const after = await entry(owner, target.id, thisMonth(4), 5); // over: nothing new
          await owner.put(`${A}/time-entries/${after.id}`, { description: "changed" });

          // A later, different budget announces again under its own keys: once those arrived,
          // the checks of the entries above have long been made.
          await owner.patch(`${A}/projects/${target.id}`, { budget: { kind: "hours", value: 1, period: "monthly", alert_percent: 50 } });
          await alertsArrived(organizationId, 4);
          await eventually("the deliveries to settle", () => alertsOf(organizationId).length === 4);
          alerts = alertsOf(organizationId);
        }, 120_000);

        it("then nothing is announced below the alert percent", () => {
          expect(percentBeforeTheAlert).toBe(78.33);
          expect(alerts[0]?.body.data.percent).toBe(80);
        });

        it("then each threshold of each budget is announced once", () => {
          expect(alerts.map(({ body }) => [body.data.budget?.alert_percent, body.data.percent])).toEqual(
            expect.arrayContaining([
              [80, 80],
              [80, 100],
              [50, 50],
              [50, 100],
            ]),
          );
          expect(alerts).toHaveLength(4);
        });

        it("then the announcement carries the project, its budget, what it used and the period", () => {
          const first = alerts[0];
          if (!first) throw new Error("no announcement");
          expect(first.body).toMatchObject({
            type: "project.budget_reached",
            organization_id: organizationId,
            id: expect.stringMatching(/^evt_/),
          });
          expect(first.body.data).toMatchObject({
            id: target.id,
            name: target.name,
            budget: { kind: "hours", value: 1, period: "monthly", alert_percent: 80 },
            budget_used: { seconds: 2880, amount: 0, percent: 80 },
            percent: 80,
            period: monthKey(thisMonth(1)),
          });
        });

        it("then the announcement is signed with the webhook's secret, in both signature schemes", async () => {
          const first = alerts[0];
          if (!first) throw new Error("no announcement");
          const { request } = first;
          expect(request.headers["x-webhook-event"]).toBe("project.budget_reached");
          await expect(verify(hook.secret, request.body, request.headers["x-webhook-signature"] as string)).resolves.toBe(true);
          expect(new StandardWebhook(hook.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({
            type: "project.budget_reached",
          });
        });
      });

      it("when time recorded late crosses last month's budget, then it is announced for that month, once", async () => {
        const { owner, member, organizationId } = await team();
        await subscribe(owner);
        const target = await createProject(owner, {
          hourly_rate: 100,
          budget: { kind: "amount", value: 100, period: "monthly", alert_percent: 100 },
        });
        const lastMonth = thisMonth(-12);
        await Promise.all([entry(owner, target.id, lastMonth, 30), entry(member, target.id, new Date(lastMonth.getTime() - HOUR), 30)]);
        const [alert] = await alertsArrived(organizationId, 1);
        expect(alert?.body.data).toMatchObject({ percent: 100, period: monthKey(lastMonth) });
        // This month is a period of its own, not used yet.
        expect(await used(owner, target.id)).toEqual({ seconds: 0, amount: 0, percent: 0 });
      });

      it("when an import brings time over a budget, then it is announced as time recorded by hand would be", async () => {
        const { owner, organizationId, ownerEmail } = await team();
        await subscribe(owner);
        const target = await createProject(owner, { budget: { kind: "hours", value: 2, period: "total", alert_percent: 100 } });
        const file = [
          "user_email,project_name,task_name,description,start_time,end_time,billable",
          `${ownerEmail},${target.name},,Imported,2026-02-02T08:00:00Z,2026-02-02T09:00:00Z,true`,
          `${ownerEmail},${target.name},,Imported,2026-02-03T08:00:00Z,2026-02-03T09:00:00Z,true`,
        ].join("\n");
        const job = await finished(owner, await upload(owner, { source: "stint" }, file));
        expect(job).toMatchObject({ status: "succeeded", rows_imported: 2 });
        const [alert] = await alertsArrived(organizationId, 1);
        expect(alert?.body.data).toMatchObject({ id: target.id, percent: 100, period: "total", budget_used: { seconds: 7200 } });
      });

      it("when many entries cross a budget at once, then each threshold is announced once", async () => {
        const { owner, organizationId } = await team();
        await subscribe(owner);
        const target = await createProject(owner, { budget: { kind: "hours", value: 2, period: "total", alert_percent: 50 } });
        await Promise.all(Array.from({ length: 8 }, (_, i) => entry(owner, target.id, thisMonth(i + 1), 30)));
        await alertsArrived(organizationId, 2);
        await owner.patch(`${A}/projects/${target.id}`, { budget: { kind: "hours", value: 2, period: "total", alert_percent: 60 } });
        const alerts = await alertsArrived(organizationId, 4);
        expect(
          alerts
            .filter(({ body }) => body.data.budget?.alert_percent === 50)
            .map(({ body }) => body.data.percent)
            .sort((a, b) => a - b),
        ).toEqual([50, 100]);
        expect(alerts).toHaveLength(4);
      });
    });
  });
}
