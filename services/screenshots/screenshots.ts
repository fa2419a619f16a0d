import type { Readable } from "node:stream";
import { isManager } from "../../shared/access";
import { ApiError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import { prepareImage } from "./image";
import type { ListScreenshotsQuery, UploadScreenshotBody } from "./inputs";
import type { EntryLookup, ScreenshotDependencies, ScreenshotEvents } from "./ports";
import { receiveImage, withUploadBuffer } from "./receive";
import { blobKeysOf, presentScreenshot, type Mount, type ScreenshotDocument } from "./screenshot";
import type { Screenshot } from "./contract";
import { announceChange } from "../../shared/announce";

/** A running entry's screenshots may carry a `taken_at` this far past the server's clock (a client's clock runs ahead). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const entryProblem = (message: string, reason: "invalid" | "out_of_range" = "invalid") =>
  ApiError.validation([{ field: "time_entry_id", reason, message }]);

/** The caller's own entry, and a `taken_at` inside it (docs/api.md#uploading). */
async function placeInEntry(
  entries: EntryLookup,
  who: Identity,
  body: UploadScreenshotBody,
  now: Date,
): Promise<{ projectId: string; takenAt: string }> {
  const entry = await entries(who.organizationId, body.time_entry_id);
  if (!entry) throw entryProblem("is not a time entry of this organization");
  if (entry.user_id !== who.userId) throw entryProblem("is another person's entry: a screenshot goes on the uploader's own entry");
  const takenAt = body.taken_at ?? isoSeconds(now);
  const latest = entry.end_time ?? isoSeconds(new Date(now.getTime() + CLOCK_SKEW_MS));
  if (takenAt < entry.start_time || takenAt > latest) {
    const span = entry.end_time
      ? `between ${entry.start_time} and ${entry.end_time}`
      : `after ${entry.start_time} (the entry is running) and not in the future`;
    throw ApiError.validation([{ field: "taken_at", reason: "out_of_range", message: `must fall inside the entry: ${span}` }]);
  }
  return { projectId: entry.project_id, takenAt };
}

/**
 * An upload, in the order that keeps a failure from leaving anything behind: the entry is
 * checked before the file is read; the picture is checked and its thumbnail made in
 * memory; both blobs are written, then the record. Should the record fail, the blobs are
 * removed again; should the process die in between, the orphan sweep removes them.
 */
export async function uploadScreenshot(
  deps: ScreenshotDependencies,
  events: ScreenshotEvents,
  entries: EntryLookup,
  who: Identity,
  body: UploadScreenshotBody,
  file: Readable | null,
  mount: Mount,
): Promise<Screenshot> {
  if (!file) throw ApiError.validation([{ field: "file", reason: "required", message: "is required: a form field holding the image" }]);
  const now = new Date();
  const { projectId, takenAt } = await placeInEntry(entries, who, body, now);
  // Reading, checking and storing take turns: the memory of uploads in progress is bounded.
  return deps.turns.run(() => storeUpload(deps, events, who, body, file, mount, { projectId, takenAt, now }));
}

async function storeUpload(
  deps: ScreenshotDependencies,
  events: ScreenshotEvents,
  who: Identity,
  body: UploadScreenshotBody,
  file: Readable,
  mount: Mount,
  placed: { projectId: string; takenAt: string; now: Date },
): Promise<Screenshot> {
  const { projectId, takenAt, now } = placed;
  // The received file lives in a lent buffer until its checked, stripped copy is made.
  const image = await withUploadBuffer(async (buffer) => prepareImage(await receiveImage(file, buffer)));
  const id = newId("screenshot");
  const keys = blobKeysOf(who.organizationId, id, image.type);
  const doc: ScreenshotDocument = {
    _id: id,
    organization_id: who.organizationId,
    user_id: who.userId,
    time_entry_id: body.time_entry_id,
    project_id: projectId,
    taken_at: takenAt,
    width: image.width,
    height: image.height,
    size_bytes: image.bytes.length,
    mime_type: image.type,
    sha256: image.sha256,
    image_key: keys.image,
    thumbnail_key: keys.thumbnail,
    thumbnail_sha256: image.thumbnailSha256,
    created_at: isoSeconds(now),
  };
  try {
    await deps.blobs.put(keys.image, image.bytes, image.type);
    await deps.blobs.put(keys.thumbnail, image.thumbnail, "image/webp");
    // The record is the change the event announces: prepared before it, published after it.
    const screenshot = presentScreenshot(doc);
    await announceChange(events.captured(who.organizationId), screenshot, async () => {
      await deps.screenshots.insert(doc);
      return screenshot;
    });
  } catch (error) {
    await removeBlobs(deps, doc).catch(() => undefined);
    throw error;
  }
  return presentScreenshot(doc, mount);
}

async function removeBlobs(deps: ScreenshotDependencies, doc: Pick<ScreenshotDocument, "image_key" | "thumbnail_key">): Promise<void> {
  await Promise.all([deps.blobs.delete(doc.image_key), deps.blobs.delete(doc.thumbnail_key)]);
}

/** A screenshot the caller may see: any of the organization's for those who manage it, a member's own. */
async function visible(deps: ScreenshotDependencies, who: Identity, id: string): Promise<ScreenshotDocument> {
  const doc = await deps.screenshots.find(who.organizationId, id);
  if (!doc || (!isManager(who) && doc.user_id !== who.userId)) throw ApiError.notFound("Screenshot");
  return doc;
}

export async function getScreenshot(deps: ScreenshotDependencies, who: Identity, id: string, mount: Mount): Promise<Screenshot> {
  return presentScreenshot(await visible(deps, who, id), mount);
}

export async function listScreenshots(
  deps: ScreenshotDependencies,
  who: Identity,
  query: ListScreenshotsQuery,
  mount: Mount,
): Promise<ListEnvelope<Screenshot>> {
  if (!isManager(who) && query.user_id !== undefined && query.user_id !== who.userId) {
    throw new ApiError("forbidden", "Members see only their own screenshots");
  }
  const userId = isManager(who) ? query.user_id : who.userId;
  const { items, total } = await deps.screenshots.page(who.organizationId, { ...query, user_id: userId }, query);
  return listEnvelope(
    items.map((doc) => presentScreenshot(doc, mount)),
    total,
    query,
  );
}

/** The bytes of the picture or its thumbnail, with what `answerWithImage` needs to send them. */
export async function screenshotBytes(
  deps: ScreenshotDependencies,
  who: Identity,
  id: string,
  which: "image" | "thumbnail",
): Promise<{ etag: string; mediaType: string; open(): Promise<Readable> }> {
  const doc = await visible(deps, who, id);
  const key = which === "image" ? doc.image_key : doc.thumbnail_key;
  return {
    etag: which === "image" ? doc.sha256 : doc.thumbnail_sha256,
    mediaType: which === "image" ? doc.mime_type : "image/webp",
    async open() {
      const stream = await deps.blobs.get(key);
      // Only when the record outlived its blob (a delete under way): the image is gone.
      if (!stream) throw ApiError.notFound("Screenshot");
      return stream;
    },
  };
}

/**
 * Removes the record first and the blobs after: whoever removes the record (one request,
 * or one replica's sweep) is the one that announces it. Blobs left by a failure there are
 * the orphan sweep's.
 */
export async function deleteScreenshot(
  deps: ScreenshotDependencies,
  events: ScreenshotEvents,
  doc: ScreenshotDocument,
  onBlobFailure: (error: unknown) => void,
): Promise<boolean> {
  const screenshot = presentScreenshot(doc);
  const announcement = await events.deleted(doc.organization_id).prepare(screenshot);
  if (!(await deps.screenshots.remove(doc.organization_id, doc._id))) {
    await announcement.drop();
    return false;
  }
  await removeBlobs(deps, doc).catch(onBlobFailure);
  await announcement.publish(screenshot);
  return true;
}

export async function deleteVisibleScreenshot(
  deps: ScreenshotDependencies,
  events: ScreenshotEvents,
  who: Identity,
  id: string,
  onBlobFailure: (error: unknown) => void,
): Promise<void> {
  const doc = await visible(deps, who, id);
  if (!(await deleteScreenshot(deps, events, doc, onBlobFailure))) throw ApiError.notFound("Screenshot");
}
