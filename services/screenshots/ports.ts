import type { Announce } from "../../shared/announce";
import type { BlobStore } from "../../shared/blob/port";
import type { EntrySpan } from "../time-entries/client";
import type { Turns } from "./turns";
import type { ScreenshotStore } from "./screenshot-store";
import type { Screenshot } from "./contract";

/** What the use cases work with: the records, the blobs, and how to reach the other services. */
export interface ScreenshotDependencies {
  screenshots: ScreenshotStore;
  blobs: BlobStore;
  /** Uploads read, checked and stored at once, at most. */
  turns: Turns;
}

/** One entry of the organization, or `null` (the time-entries service answers). */
export type EntryLookup = (organizationId: string, id: string) => Promise<EntrySpan | null>;

/** Announcements of what changed in an organization, as the webhook catalogue names them. */
export interface ScreenshotEvents {
  captured(organizationId: string): Announce<Screenshot>;
  deleted(organizationId: string): Announce<Screenshot>;
}
