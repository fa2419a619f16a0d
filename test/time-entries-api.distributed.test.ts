import { client, registerOwner } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, useStint } from "./support/stint";
import { describeTimeEntriesApi } from "./time-entries-api.suite";
import type { TimeEntry } from "../services/time-entries/contract";

describeTimeEntriesApi("distributed");

describeStint("distributed", "timers across three gateways and three nodes of every service", () => {
  const stint = useStint({ mode: "distributed", gateways: 3, serviceNodes: 3 });

  it("when one user's starts arrive at once through every gateway, then exactly one timer runs", async () => {
    const { account } = await registerOwner(stint.url);
    const through = stint.urls.map((url) => client(url, { authorization: `Bearer ${account.access_token}` }));
    const owner = through[0]!;
    const project = (await createProject(owner)).id;
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
