import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import sharp from "sharp";
import { screenshotsClient } from "../services/screenshots/client";
import { client, registerOwner } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { useStint } from "./support/stint";
import { A, type List } from "./support/shapes";
import type { Screenshot } from "../services/screenshots/contract";

/** The screenshots whose blobs are on disk, by id, each with the files it has. */
function blobsOnDisk(dataDir: string, organizationId: string): Map<string, string[]> {
  const folder = join(dataDir, "blobs", "screenshots", organizationId);
  if (!existsSync(folder)) return new Map();
  return new Map(readdirSync(folder).map((id) => [id, readdirSync(join(folder, id)).sort()]));
}

/** Sends the form's head and `share` of the file, then (for a share below 1) waits without finishing it. */
function sendUpload(url: string, token: string, entryId: string, file: Buffer, share: number): Promise<number> {
  const boundary = "----stint-restart";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="time_entry_id"\r\n\r\n${entryId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="taken_at"\r\n\r\n2026-03-02T10:00:00Z\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = httpRequest(
      new URL(`${A}/screenshots`, url),
      {
        method: "POST",
        headers: {
          authorization: token,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + file.length + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    // A connection closed under it is an upload that did not happen.
    req.on("error", () => resolve(0));
    req.write(head);
    if (share >= 1) req.end(Buffer.concat([file, tail]));
    else req.write(file.subarray(0, Math.floor(file.length * share)));
  });
}

describe("screenshots across a restart", () => {
  const stint = useStint({ mode: "embedded", env: { SHUTDOWN_TIMEOUT_MS: "300" } });

  it("when Stint restarts with uploads in flight, then every blob has its record and no record lacks its blobs", async () => {
    const { account, api: owner } = await registerOwner(stint.url);
    const organizationId = account.organization.id;
    const token = `Bearer ${account.access_token}`;
    const project = await createProject(owner);
    const entry = await createTimeEntry(owner, project.id, { end_time: "2026-03-02T11:00:00Z" });
    const noisy = sharp({
      create: { width: 900, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    });
    const file = await noisy.png().toBuffer();

    // Whole uploads and half-sent ones, all under way when the process is told to stop.
    const uploads = [1, 1, 1, 1, 0.5, 0.5, 0.5, 0.9].map((share) => sendUpload(stint.url, token, entry.id, file, share));
    await new Promise((resolve) => setTimeout(resolve, 150));
    let statuses: number[] = [];
    await stint.restart(async () => {
      statuses = await Promise.all(uploads);
    });
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(4);

    const api = client(stint.url, { authorization: token });
    const listed = await api.get<List<Screenshot>>(`${A}/screenshots?per_page=200`);
    expect(listed.status).toBe(200);
    const recorded = listed.body.data.map((shot) => shot.id).sort();
    const onDisk = blobsOnDisk(stint.dataDir, organizationId);
    expect([...onDisk.keys()].sort()).toEqual(recorded);
    for (const files of onDisk.values()) expect(files).toEqual(["image.png", "thumbnail.webp"]);
    for (const id of recorded) expect((await api.get(`${A}/screenshots/${id}/image`)).status).toBe(200);
  }, 120_000);

  it("when blobs have no record, as a killed process leaves them, then the sweep removes them once they are old enough", async () => {
    const { account } = await registerOwner(stint.url);
    const organizationId = account.organization.id;
    const file = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    const orphanFolder = join(stint.dataDir, "blobs", "screenshots", organizationId, "scr_0rphan0rphan0rphan0rph");
    mkdirSync(orphanFolder, { recursive: true });
    writeFileSync(join(orphanFolder, "image.png"), file);
    // A client's calls are methods of the object `over` answers: called on it, not detached.
    const screenshots = screenshotsClient.over(stint.broker);
    const sweep = (input: Parameters<typeof screenshots.sweep>[0]) => screenshots.sweep(input);
    expect(await sweep({})).toEqual({ expired: 0, orphanBlobs: 0 });
    expect(existsSync(join(orphanFolder, "image.png"))).toBe(true);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(join(orphanFolder, "image.png"), anHourAgo, anHourAgo);
    expect(await sweep({})).toEqual({ expired: 0, orphanBlobs: 1 });
    expect(existsSync(join(orphanFolder, "image.png"))).toBe(false);
    expect([...blobsOnDisk(stint.dataDir, organizationId).keys()]).toEqual([]);
  });
});
