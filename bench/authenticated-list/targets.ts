import { randomBytes } from "node:crypto";
import { EntryStore } from "../../services/time-entries/entry-store";
import { presentTimeEntry, TIME_ENTRIES_COLLECTION, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { tokenSigner } from "../../shared/auth/tokens";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { listEnvelope } from "../../shared/paging";
import { startApp, waitForReady } from "../lib/launch";
import type { LoadRequest } from "../lib/load";
import type { ExpectedResponse, Target, TargetStart } from "../lib/scenario";
import { listDataset, listQuery, listThroughStore, PER_PAGE, type ListDataset } from "./dataset";

const TOKEN_TTL_SECONDS = 3600;

/** One request per member, each with the member's own access token; the load goes round them all. */
async function memberRequests(dataset: ListDataset, secret: string): Promise<{ request: LoadRequest; expect: ExpectedResponse }> {
  const signer = tokenSigner(secret, TOKEN_TTL_SECONDS);
  const paths = dataset.members.map((userId) => `/api/v1/time-entries?${new URLSearchParams(listQuery(dataset, userId)).toString()}`);
  const headerVariants = dataset.members.map((userId) => ({
    authorization: `Bearer ${signer.sign({ userId, organizationId: dataset.organizationId, plan: "free", role: "member" })}`,
  }));
  // The first member's answer, read from the store before the app opens it.
  const store = await openEmbeddedStore(dataset.dataDir);
  try {
    const entries = new EntryStore(await store.collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION));
    const first = await listThroughStore(entries, dataset, dataset.members[0] as string);
    const body = listEnvelope(
      first.items.map((doc) => presentTimeEntry(doc)),
      first.total,
      { page: 1, per_page: PER_PAGE },
    );
    return {
      request: { method: "GET", path: paths[0] as string, pathVariants: paths, headerVariants },
      expect: { status: 200, contentType: "application/json; charset=utf-8", body },
    };
  } finally {
    await store.close();
  }
}

const note = (dataset: ListDataset) =>
  `load goes round ${dataset.members.length} members, each with their own access token and their month (${dataset.month}), ${PER_PAGE} a page`;

/** The app in one process on the seeded folder (of `tree`, a compared checkout, when given). */
export const listEmbeddedTarget = (tree?: string): Target => ({
  name: tree ? "list-embedded-compared" : "list-embedded",
  description: `main.ts in one process on the seeded embedded store: GET /api/v1/time-entries with a member's access token${tree ? `, from ${tree}` : ""}`,
  async start(ctx): Promise<TargetStart> {
    const dataset = await listDataset(ctx);
    const secret = randomBytes(48).toString("base64url");
    const { request, expect } = await memberRequests(dataset, secret);
    const app = await startApp(ctx, { label: "embedded", http: true, env: { DATA_DIR: dataset.dataDir, JWT_SECRET: secret }, tree });
    const baseUrl = app.baseUrl ?? "";
    await waitForReady(ctx, baseUrl, [app.process]);
    return { baseUrl, processes: [app.process], observe: [app.process], request, expect, notes: [note(dataset)] };
  },
});

/**
 * A gateway process and a time-entries process over NATS, the time-entries process on the
 * same seeded embedded store: the store is the same as embedded, so the difference is the
 * bus and the second process.
 */
export const listDistributedTarget = (tree?: string): Target => ({
  name: tree ? "list-distributed-compared" : "list-distributed",
  description: `main.ts as SERVICES=gateway and SERVICES=timeEntries over NATS, the service on the seeded embedded store${tree ? `, from ${tree}` : ""}`,
  async start(ctx): Promise<TargetStart> {
    const nats = await ctx.natsServer();
    if (!nats.available) return { skipped: nats.reason };
    const dataset = await listDataset(ctx);
    const secret = randomBytes(48).toString("base64url");
    const { request, expect } = await memberRequests(dataset, secret);
    const bus = { NATS_URL: nats.url, NAMESPACE: `bench-${process.pid}`, JWT_SECRET: secret };
    const worker = await startApp(ctx, {
      label: "timeEntries",
      http: false,
      env: { ...bus, SERVICES: "timeEntries", DATA_DIR: dataset.dataDir },
      tree,
    });
    const gateway = await startApp(ctx, { label: "gateway", http: true, env: { ...bus, SERVICES: "gateway" }, tree });
    const processes = [worker.process, gateway.process];
    const baseUrl = gateway.baseUrl ?? "";
    await waitForReady(ctx, baseUrl, processes);
    const observe = nats.pid === undefined ? processes : [...processes, { label: "nats-server", pid: nats.pid }];
    return { baseUrl, processes, observe, request, expect, notes: [note(dataset)] };
  },
});
