import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import mongoose from "mongoose";
import { ENTRY_ORDER, entryQuery } from "../../services/time-entries/entry-store";
import { TIME_ENTRIES_COLLECTION, presentTimeEntry, type TimeEntryDocument } from "../../services/time-entries/time-entry";
import { tokenSigner } from "../../shared/auth/tokens";
import { listEnvelope } from "../../shared/paging";
import { REPO_ROOT, startApp, waitForReady } from "../lib/launch";
import type { LoadRequest } from "../lib/load";
import type { ExpectedResponse, ObservedProcess, Target, TargetStart } from "../lib/scenario";
import { monthRange, randomSource, type SeededUser } from "./dataset";
import { prepareDataset, type Prepared } from "./prepare";

const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
const JSON_TYPE = "application/json; charset=utf-8";
const PER_PAGE = 50;
/** Long enough for any run: tokens are made once per target, before its load. */
const TOKEN_TTL_SECONDS = 3600;

type Available = Extract<Prepared, { available: true }>;

/**
 * One request per user, in a shuffled order, each for a month of the data set: the load
 * goes round them, so neighbouring requests come from different users (each with their
 * own rate-limit bucket) and ask for different months.
 */
async function listRequest(prepared: Available, secret: string): Promise<{ request: LoadRequest; expect: ExpectedResponse }> {
  const { dataset } = prepared;
  const signer = tokenSigner(secret, TOKEN_TTL_SECONDS);
  const random = randomSource(3);
  const users = [...dataset.users];
  for (let index = users.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [users[index], users[other]] = [users[other] as SeededUser, users[index] as SeededUser];
  }
  const asked = users.map((user) => ({ user, range: monthRange(dataset.months[Math.floor(random() * dataset.months.length)] as string) }));
  const paths = asked.map(
    ({ user, range }) =>
      `/api/v1/time-entries?${new URLSearchParams({ user_id: user.id, start_date: range.start_date, end_date: range.end_date, per_page: String(PER_PAGE) }).toString()}`,
  );
  const headerVariants = asked.map(({ user }) => ({
    authorization: `Bearer ${signer.sign({ userId: user.id, organizationId: user.organizationId, plan: "free", role: user.role })}`,
  }));

  // The answer the first request must get, worked out from the store with the raw driver.
  const first = asked[0] as (typeof asked)[number];
  const client = new mongoose.mongo.MongoClient(prepared.mongo.url);
  try {
    await client.connect();
    const entries = client.db(dataset.databaseName).collection<TimeEntryDocument>(TIME_ENTRIES_COLLECTION.name);
    const filter = entryQuery(first.user.organizationId, { user_id: first.user.id, ...first.range });
    const [items, total] = await Promise.all([
      entries.find(filter).sort(ENTRY_ORDER).limit(PER_PAGE).toArray(),
      entries.countDocuments(filter),
    ]);
    const body = listEnvelope(
      items.map((item) => presentTimeEntry(item)),
      total,
      { page: 1, per_page: PER_PAGE },
    );
    return {
      request: { method: "GET", path: paths[0] as string, pathVariants: paths, headerVariants },
      expect: { status: 200, contentType: JSON_TYPE, body },
    };
  } finally {
    await client.close();
  }
}

const VERSION_REQUEST: LoadRequest = { method: "GET", path: "/api/v1/version" };
const VERSION_EXPECT: ExpectedResponse = { status: 200, contentType: JSON_TYPE, body: { data: { name: "stint", version, api: "v1" } } };

/**
 * The app as one process (gateway and every service, no transporter) storing in the
 * seeded database; the `version` and `list` targets start it the same way, so the only
 * difference between them is the route.
 */
function seededAppTarget(name: "version" | "list"): Target {
  return {
    name,
    description:
      name === "version"
        ? "main.ts in one process on the seeded store: GET /api/v1/version (no store, no credentials)"
        : "main.ts in one process on the seeded store: GET /api/v1/time-entries, one user's month, 50 a page, each user with an access token",
    async start(ctx): Promise<TargetStart> {
      const prepared = await prepareDataset(ctx);
      if (!prepared.available) return { skipped: prepared.reason };
      const secret = randomBytes(48).toString("base64url");
      const app = await startApp(ctx, { label: "app", http: true, env: { MONGO_URL: prepared.dataset.url, JWT_SECRET: secret } });
      const baseUrl = app.baseUrl ?? "";
      await waitForReady(ctx, baseUrl, [app.process]);
      const observe: ObservedProcess[] = [app.process];
      if (prepared.mongo.pid !== undefined) observe.push({ label: "ferretdb", pid: prepared.mongo.pid });
      const notes = [
        `store: ${prepared.mongo.server}, database ${prepared.dataset.databaseName} (${prepared.dataset.entries.toLocaleString("en-US")} entries)`,
      ];
      if (name === "version")
        return { baseUrl, processes: [app.process], observe, request: VERSION_REQUEST, expect: VERSION_EXPECT, notes };
      const { request, expect } = await listRequest(prepared, secret);
      notes.push(
        `load goes round ${request.pathVariants?.length ?? 0} requests, one per user, each with that user's access token and one month of ${prepared.dataset.months.join(", ")}`,
      );
      return { baseUrl, processes: [app.process], observe, request, expect, notes };
    },
  };
}

export const versionTarget = seededAppTarget("version");
export const listTarget = seededAppTarget("list");
