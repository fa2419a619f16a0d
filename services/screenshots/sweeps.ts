import { DAY_MS } from "../../shared/sweep";
import { isoSeconds } from "../../shared/time";
import type { ScreenshotDependencies, ScreenshotEvents } from "./ports";
import { BLOB_PREFIX } from "./screenshot";
import { deleteScreenshot } from "./screenshots";

/**
 * The two clean-ups every replica runs every `CLEANUP_INTERVAL_SECONDS` (`shared/sweep.ts`). Both are safe to run in several
 * replicas at once: a screenshot is announced as deleted only by whoever removed its
 * record, and removing a blob twice is no error.
 */

const BATCH = 100;

/** Blobs younger than this may belong to an upload still writing its record; they are left alone. */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;

/** Deletes the screenshots taken before each organization's retention, with their blobs; how many. */
export async function sweepExpired(
  deps: ScreenshotDependencies,
  events: ScreenshotEvents,
  retentions: readonly { organizationId: string; days: number }[],
  now: Date,
  onBlobFailure: (error: unknown) => void,
): Promise<number> {
  let deleted = 0;
  for (const { organizationId, days } of retentions) {
    const before = isoSeconds(new Date(now.getTime() - days * DAY_MS));
    for (;;) {
      const batch = await deps.screenshots.expired(organizationId, before, BATCH);
      for (const doc of batch) if (await deleteScreenshot(deps, events, doc, onBlobFailure)) deleted++;
      if (batch.length < BATCH) break;
    }
  }
  return deleted;
}

/**
 * Deletes blobs that no record names: left by a process that died between writing an
 * upload's blobs and its record, or between removing a record and its blobs. How many.
 */
export async function sweepOrphans(deps: ScreenshotDependencies, now: Date, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const cutoff = now.getTime() - graceMs;
  const byScreenshot = new Map<string, { keys: string[]; newest: number }>();
  for await (const blob of deps.blobs.list(BLOB_PREFIX)) {
    // screenshots/<organization>/<screenshot>/<file>
    const id = blob.key.split("/")[2];
    if (!id) continue;
    const seen = byScreenshot.get(id) ?? { keys: [], newest: 0 };
    seen.keys.push(blob.key);
    seen.newest = Math.max(seen.newest, Date.parse(blob.writtenAt));
    byScreenshot.set(id, seen);
  }
  let deleted = 0;
  for (const [id, { keys, newest }] of byScreenshot) {
    if (newest > cutoff || (await deps.screenshots.exists(id))) continue;
    for (const key of keys) await deps.blobs.delete(key);
    deleted += keys.length;
  }
  return deleted;
}
