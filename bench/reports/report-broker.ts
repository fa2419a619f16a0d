import { ServiceBroker } from "moleculer";
import { authService } from "../../services/auth/auth.service";
import { projectsService } from "../../services/projects/projects.service";
import { reportsService } from "../../services/reports/reports.service";
import { timeEntriesService } from "../../services/time-entries/time-entries.service";
import { AccessMiddleware } from "../../shared/access";
import { tokenSigner } from "../../shared/auth/tokens";
import { loadConfig } from "../../shared/config";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { openMemoryStore } from "../../shared/kv/memory";
import type { DocumentStore } from "../../shared/storage/port";

const SECRET = "bench-signing-secret-that-is-long-enough-0123456789";

export interface ReportBroker {
  /** `GET /reports/summary` as the gateway calls it: the routed action, with the owner's identity. */
  summary(
    organizationId: string,
    query: Record<string, string>,
  ): Promise<{
    data: { groups: { key: string | null; sub_groups?: { key: string | null; total_seconds: number }[] }[]; entry_count: number };
  }>;
  stop(): Promise<void>;
}

/** The services a summary passes through (reports, time entries, projects, auth) in one broker over `store`. */
export async function reportBroker(store: DocumentStore, dataDir: string): Promise<ReportBroker> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: "fatal" });
  const kv = openMemoryStore();
  const broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
  const deps = { config, store, kv, signer: tokenSigner(SECRET, config.accessTokenTtlSeconds) };
  for (const schema of [authService(deps), projectsService(deps), timeEntriesService(deps), reportsService()]) broker.createService(schema);
  await broker.start();
  return {
    summary(organizationId, query) {
      const identity: Identity = {
        organizationId,
        plan: "enterprise",
        userId: "usr_0000000000000000000000",
        role: "owner",
        permissions: PERMISSIONS,
      };
      return broker.call("reports.summary", { params: {}, query, body: undefined }, { meta: { identity } });
    },
    async stop() {
      await broker.stop();
      await kv.close();
    },
  };
}

/** `project|day` -> seconds, from a summary grouped by project and by day. */
export function projectDaySums(report: Awaited<ReturnType<ReportBroker["summary"]>>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const group of report.data.groups) for (const sub of group.sub_groups ?? []) sums.set(`${group.key}|${sub.key}`, sub.total_seconds);
  return sums;
}

export function sameSums(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}
