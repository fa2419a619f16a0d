import { client, registerOwner } from "./support/http";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed, type TestStint } from "./support/stint";
import { describeTimeEntriesApi } from "./time-entries-api.suite";
import type { TimeEntry } from "../services/time-entries/contract";

function deployment(): Promise<TestStint> {
  return startDistributed(testServers("te"));
}

describeWithServers(["mongo", "nats", "redis"], "time entries API, distributed (MongoDB + NATS + Redis)", () => {
  describeTimeEntriesApi("gateway and services as separate brokers over NATS", deployment);

  describe("timers across several gateway and time-entries processes", () => {
    let stint: TestStint;
    let gateways: string[];

    beforeAll(async () => {
      stint = await deployment();
      gateways = [stint.url, await stint.addGateway!(), await stint.addGateway!()];
      await stint.addServices!();
      await stint.addServices!();
    }, 90_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

    it("keeps exactly one timer running when parallel starts for one user arrive through every process", async () => {
      const { account } = await registerOwner(stint.url);
      const through = gateways.map((url) => client(url, { authorization: `Bearer ${account.access_token}` }));
      const owner = through[0]!;
      const project = (await owner.post<{ data: { id: string } }>("/api/v1/projects", { name: "Concurrent" })).body.data.id;
      const attempts = 30;
      const results = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          through[i % through.length]!.post<{ data: TimeEntry }>("/api/v1/time-entries/start", {
            project_id: project,
            description: `start ${i}`,
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(attempts).fill(201));

      const all = (await owner.get<{ data: TimeEntry[]; meta: { total: number } }>("/api/v1/time-entries?per_page=200")).body;
      expect(all.meta.total).toBe(attempts);
      expect(new Set(all.data.map((e) => e.description)).size).toBe(attempts);
      const running = all.data.filter((e) => e.is_running);
      expect(running).toHaveLength(1);
      const finished = all.data
        .filter((e) => !e.is_running)
        .sort((a, b) => a.start_time.localeCompare(b.start_time) || (a.end_time ?? "").localeCompare(b.end_time ?? ""));
      for (let i = 1; i < finished.length; i++) expect(finished[i]!.start_time >= finished[i - 1]!.end_time!).toBe(true);
      for (const entry of finished) expect(entry.end_time! >= entry.start_time).toBe(true);
      const lastEnd = finished.at(-1)?.end_time;
      expect(!lastEnd || running[0]!.start_time >= lastEnd).toBe(true);
      for (const gateway of through) {
        expect((await gateway.get<{ data: TimeEntry }>("/api/v1/time-entries/current")).body.data.id).toBe(running[0]!.id);
      }
    }, 60_000);
  });
});
