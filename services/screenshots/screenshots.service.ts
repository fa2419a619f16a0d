import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import type { Service, ServiceSchema } from "moleculer";
import { openBlobStore } from "../../shared/blob/open";
import { internalActions } from "../../shared/client";
import { s3SettingsOf } from "../../shared/config";
import type { ApiContext } from "../../shared/context";
import { IN_PROCESS_EVENTS, type EventPublisher, type EventSource } from "../../shared/announce";
import { answerWithImage } from "../../shared/files";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { authClient } from "../auth/client";
import { timeEntriesClient } from "../time-entries/client";
import { screenshotsClient } from "./client";
import { screenshotOperations } from "./operations";
import type { EntryLookup, ScreenshotDependencies, ScreenshotEvents } from "./ports";
import { SCREENSHOTS_COLLECTION, type Mount, type ScreenshotDocument } from "./screenshot";
import { ScreenshotStore } from "./screenshot-store";
import type { Screenshot } from "./contract";
import { deleteVisibleScreenshot, getScreenshot, listScreenshots, screenshotBytes, uploadScreenshot } from "./screenshots";
import { ORPHAN_GRACE_MS, sweepExpired, sweepOrphans } from "./sweeps";
import { Turns } from "./turns";
import { sweepPeriodically } from "../../shared/sweep";

/**
 * Uploads one process reads, checks and stores at once: one per core. Each holds its file
 * (up to 10 MiB, twice while it is joined) and a decoded picture; the others wait with their
 * bytes still with their senders.
 */
const UPLOADS_AT_ONCE = Math.max(2, availableParallelism());

interface State extends ScreenshotDependencies {
  stopSweeping(): void;
}

/** A request's context, or the broker for the sweeps: either announces through the process's publisher. */
function eventsOver(publisher: EventPublisher) {
  return (source: EventSource): ScreenshotEvents => ({
    captured: (organizationId) => publisher.announce<Screenshot>(source, "screenshot.captured", () => organizationId),
    deleted: (organizationId) => publisher.announce<Screenshot>(source, "screenshot.deleted", () => organizationId),
  });
}

const mountOf = (ctx: ApiContext<unknown>): Mount => (ctx.meta.style === "B" ? "/api" : "/api/v1");

const entriesOver =
  (ctx: ApiContext<unknown>): EntryLookup =>
  (organizationId, id) =>
    timeEntriesClient.over(ctx).spanOf({ organizationId, id });

/** Wiring only: the operations table, the use cases behind it, the records, the blobs and the sweeps. */
export function screenshotsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const eventsFrom = eventsOver(deps.events ?? IN_PROCESS_EVENTS);
  let self: Service | undefined;

  async function sweep(state: ScreenshotDependencies, orphanGraceMs = ORPHAN_GRACE_MS): Promise<{ expired: number; orphanBlobs: number }> {
    const service = self as Service;
    const onBlobFailure = (error: unknown) => service.logger.warn({ err: error }, "a deleted screenshot's blob stays for the orphan sweep");
    const retentions = await authClient.over(service.broker).screenshotRetentions({});
    const now = new Date();
    const expired = await sweepExpired(state, eventsFrom(service.broker), retentions, now, onBlobFailure);
    const orphanBlobs = await sweepOrphans(state, now, orphanGraceMs);
    return { expired, orphanBlobs };
  }

  return stintService<State>({
    name: screenshotOperations.service,

    async open(service) {
      self = service;
      const [collection, blobs] = await Promise.all([
        store.collection<ScreenshotDocument>(SCREENSHOTS_COLLECTION),
        openBlobStore({ s3: s3SettingsOf(deps.config), mongoUrl: deps.config.mongoUrl, dataDir: deps.config.dataDir }),
      ]);
      const state: ScreenshotDependencies = { screenshots: new ScreenshotStore(collection), blobs, turns: new Turns(UPLOADS_AT_ONCE) };
      const stopSweeping = sweepPeriodically("screenshots", () => sweep(state), service.logger, deps.config.cleanupIntervalSeconds * 1000);
      return { ...state, stopSweeping };
    },

    async close(state) {
      state.stopSweeping();
      await state.blobs.close();
    },

    actions: (started) => {
      const onBlobFailure = (error: unknown) => self?.logger.warn({ err: error }, "a deleted screenshot's blob stays for the orphan sweep");
      return {
        ...routedActions(screenshotOperations, {
          upload: async (input, who, ctx) => ({
            data: await uploadScreenshot(
              started(),
              eventsFrom(ctx),
              entriesOver(ctx),
              who,
              input.body,
              ctx.stream as Readable | null,
              mountOf(ctx),
            ),
          }),
          list: (input, who, ctx) => listScreenshots(started(), who, input.query, mountOf(ctx)),
          get: async (input, who, ctx) => ({ data: await getScreenshot(started(), who, input.params.id, mountOf(ctx)) }),
          image: async (input, who, ctx) => answerWithImage(ctx, await screenshotBytes(started(), who, input.params.id, "image")),
          thumbnail: async (input, who, ctx) => answerWithImage(ctx, await screenshotBytes(started(), who, input.params.id, "thumbnail")),
          remove: async (input, who, ctx) => {
            await deleteVisibleScreenshot(started(), eventsFrom(ctx), who, input.params.id, onBlobFailure);
            return null;
          },
        }),
        ...internalActions(screenshotsClient, {
          sweep: (input) => sweep(started(), input.orphanGraceMs),
        }),
      };
    },
  });
}
