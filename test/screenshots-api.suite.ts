import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { screenshotsClient } from "../services/screenshots/client";
import type { Permission } from "../shared/identity";
import { joinTeam, withApiKey } from "./support/accounts";
import { aWebhook } from "./support/builders";
import { registerOwner, type ApiResponse, type Client } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Screenshot } from "../services/screenshots/contract";
import { eventually, WebhookReceiver } from "./support/webhook-receiver";

type One = { data: Screenshot };

/** A picture made here, with EXIF that must not survive the upload. */
async function picture(format: "png" | "jpeg" | "webp", width = 640, height = 400): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).withExif({
    IFD0: { Artist: "secret-artist", Copyright: "secret-owner" },
  });
  return format === "png" ? image.png().toBuffer() : format === "jpeg" ? image.jpeg().toBuffer() : image.webp().toBuffer();
}

function form(fields: Record<string, string>, file?: Buffer, fileName = "shot.png", type = "image/png"): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file !== undefined) body.append("file", new Blob([file], { type }), fileName);
  return body;
}

function upload<T = One>(
  api: Client,
  fields: Record<string, string>,
  file?: Buffer,
  mount = A,
  fileName?: string,
): Promise<ApiResponse<T>> {
  return api.send<T>("POST", `${mount}/screenshots`, { form: form(fields, file, fileName) });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A store for the images other than the mode's own (files under DATA_DIR embedded, GridFS distributed). */
export interface BlobStore {
  /** Where the images are, for the suite's title. */
  where: string;
  /** The settings that choose it. */
  env: Record<string, string>;
  /** Makes it ready before Stint starts. */
  prepare(): Promise<void>;
}

/** Screenshots end to end over HTTP (docs/api.md#screenshots); run once per deployment mode. */
export function describeScreenshotsApi(mode: StintMode, blobs?: BlobStore): void {
  describeStint(mode, blobs ? `screenshots API with images in ${blobs.where}` : "screenshots API", () => {
    if (blobs) beforeAll(() => blobs.prepare());
    const stint = useStint({ mode, env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true", ...blobs?.env } });
    // Every team subscribes a webhook here: announcements are heard where they end up, the same
    // way in both modes (in process when embedded, through the outbox and JetStream distributed).
    let receiver: WebhookReceiver;
    const announced = () => receiver.events<{ type: string; data: Screenshot; organization_id: string }>();

    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      await stint.broker.waitForServices(["screenshots"], 10_000);
    });

    afterAll(async () => {
      await receiver?.close();
    });

    /** An owner, an admin and a member, each with a finished entry of their own on one project. */
    async function team() {
      const { account, api: owner } = await registerOwner(stint.url);
      const admin = await joinTeam(stint.url, owner, "admin");
      const member = await joinTeam(stint.url, owner, "member");
      const projectId = (await createProject(owner, { name: "Lighthouse" })).id;
      const hook = await owner.post(`${A}/webhooks`, aWebhook(receiver.url, { events: ["screenshot.captured", "screenshot.deleted"] }));
      expect(hook.status).toBe(201);
      const entryOf = async (api: Client, start = "2026-03-02T09:00:00Z", end = "2026-03-02T11:00:00Z") =>
        (await createTimeEntry(api, projectId, { start_time: start, end_time: end })).id;
      return {
        owner,
        admin: admin.api,
        member: member.api,
        organizationId: account.organization.id,
        ownerId: account.user.id,
        ownerToken: `Bearer ${account.access_token}`,
        memberId: member.account.user.id,
        projectId,
        entryOf,
        ownerEntry: await entryOf(owner),
        memberEntry: await entryOf(member.api),
      };
    }

    it("when a PNG, JPEG or WebP is uploaded under any name, then it is kept as its bytes say, without its metadata, with a thumbnail", async () => {
      const { owner, ownerId, ownerEntry, projectId, organizationId } = await team();
      for (const format of ["png", "jpeg", "webp"] as const) {
        const original = await picture(format);
        expect((await sharp(original).metadata()).exif).toBeDefined();
        // Named and declared as something else: the bytes decide.
        const made = await owner.send<One>("POST", `${A}/screenshots`, {
          form: form({ time_entry_id: ownerEntry, taken_at: "2026-03-02T10:15:00+01:00" }, original, "shot.gif", "image/gif"),
        });
        expect(made.status).toBe(201);
        const shot = made.body.data;
        expect(shot).toMatchObject({
          user_id: ownerId,
          time_entry_id: ownerEntry,
          project_id: projectId,
          taken_at: "2026-03-02T09:15:00Z",
          width: 640,
          height: 400,
          mime_type: `image/${format}`,
          image_url: `/api/v1/screenshots/${shot.id}/image`,
          thumbnail_url: `/api/v1/screenshots/${shot.id}/thumbnail`,
        });
        expect(shot.id).toMatch(/^scr_/);
        expect(made.headers.get("location")).toMatch(new RegExp(`/screenshots/${shot.id}$`));
        expect(JSON.stringify(shot)).not.toMatch(new RegExp(organizationId));

        const image = await owner.get(shot.image_url);
        expect(image.status).toBe(200);
        expect(image.headers.get("content-type")).toBe(`image/${format}`);
        expect(image.headers.get("cache-control")).toMatch(/^private/);
        expect(image.bytes.length).toBe(shot.size_bytes);
        expect(sha256(image.bytes)).toBe(shot.sha256);
        expect(image.bytes.includes("secret-owner")).toBe(false);
        expect(image.bytes.includes("secret-artist")).toBe(false);
        const stored = await sharp(image.bytes).metadata();
        expect(stored).toMatchObject({ format, width: 640, height: 400 });
        expect(stored.exif).toBeUndefined();
        // The picture itself is what was sent: same pixels.
        expect((await sharp(image.bytes).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);

        const etag = image.headers.get("etag") as string;
        expect(etag).toBe(`"${shot.sha256}"`);
        const again = await owner.get(shot.image_url, { headers: { "if-none-match": etag } });
        expect(again.status).toBe(304);
        expect(again.bytes.length).toBe(0);
        expect((await owner.get(shot.image_url, { headers: { "if-none-match": '"something-else"' } })).status).toBe(200);

        const thumbnail = await owner.get(`${B}/screenshots/${shot.id}/thumbnail`);
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get("content-type")).toBe("image/webp");
        expect(thumbnail.headers.get("cache-control")).toMatch(/^private/);
        expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: "webp", width: 400, height: 250 });
        expect(
          (
            await owner.get(`${B}/screenshots/${shot.id}/thumbnail`, {
              headers: { "if-none-match": thumbnail.headers.get("etag") as string },
            })
          ).status,
        ).toBe(304);
      }
    });

    it("when the file is not a whole image of a sane size, then it is refused with 400 and nothing is stored", async () => {
      const { owner, ownerEntry } = await team();
      const text = Buffer.from("this is not a picture at all, whatever its name says\n".repeat(20));
      const png = await picture("png", 1200, 800);
      const cases: [string, Buffer, RegExp][] = [
        ["text named .png", text, /not a PNG, JPEG or WebP/],
        ["cut-off PNG", png.subarray(0, Math.floor(png.length * 0.6)), /cut off or damaged/],
        ["cut-off JPEG", (await picture("jpeg", 1200, 800)).subarray(0, 3000), /cut off or damaged/],
        [
          "60 megapixels",
          await sharp({ create: { width: 8000, height: 7500, channels: 3, background: "#fff" } })
            .png({ compressionLevel: 1 })
            .toBuffer(),
          /8000×7500 pixels: more than 50 megapixels/,
        ],
      ];
      for (const [label, file, message] of cases) {
        const res = await upload<StyleAError>(owner, { time_entry_id: ownerEntry, taken_at: "2026-03-02T10:00:00Z" }, file, A, "shot.png");
        expect({ label, status: res.status, code: res.body.error.code, field: res.body.error.details.field }).toEqual({
          label,
          status: 400,
          code: "invalid_request",
          field: "file",
        });
        expect(res.body.error.message).toMatch(message);
      }
      const missing = await upload<StyleBError>(owner, { time_entry_id: ownerEntry }, undefined, B);
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe("VALIDATION_ERROR");
      expect((await owner.post(`${A}/screenshots`, { time_entry_id: ownerEntry })).status).toBe(415);
      expect((await owner.get<List<Screenshot>>(`${A}/screenshots`)).body.meta.total).toBe(0);
    }, 60_000);

    it("when taken_at falls outside the entry, then the upload is refused with 400 naming taken_at", async () => {
      const { owner, member, ownerEntry } = await team();
      const png = await picture("png");
      const outside = await upload<StyleAError>(owner, { time_entry_id: ownerEntry, taken_at: "2026-03-02T11:00:01Z" }, png);
      expect(outside.status).toBe(400);
      expect(outside.body.error.details).toMatchObject({ field: "taken_at", reason: "out_of_range" });
      expect((await upload(owner, { time_entry_id: ownerEntry, taken_at: "2026-03-02T08:59:59Z" }, png)).status).toBe(400);
      // Defaulting to now lies outside a finished entry of March.
      expect((await upload(owner, { time_entry_id: ownerEntry }, png)).status).toBe(400);
      expect((await upload(owner, { time_entry_id: ownerEntry, taken_at: "yesterday" }, png)).status).toBe(400);
      const running = await member.post<{ data: { id: string } }>(`${A}/time-entries/start`, {
        project_id: (await owner.get<{ data: { project_id: string } }>(`${A}/time-entries/${ownerEntry}`)).body.data.project_id,
      });
      expect(running.status).toBe(201);
      expect((await upload(member, { time_entry_id: running.body.data.id, taken_at: "2099-01-01T00:00:00Z" }, png)).status).toBe(400);
    });

    it("when a running entry gets a screenshot without taken_at, then it is taken now", async () => {
      const { owner, member, ownerEntry } = await team();
      const png = await picture("png");
      const running = await member.post<{ data: { id: string; project_id: string } }>(`${A}/time-entries/start`, {
        project_id: (await owner.get<{ data: { project_id: string } }>(`${A}/time-entries/${ownerEntry}`)).body.data.project_id,
      });
      expect(running.status).toBe(201);
      const now = await upload(member, { time_entry_id: running.body.data.id }, png);
      expect(now.status).toBe(201);
      expect(Math.abs(Date.parse(now.body.data.taken_at) - Date.now())).toBeLessThan(120_000);
    });

    it("when the entry is someone else's, another organization's or none, then the upload is refused with 400", async () => {
      const { owner, memberEntry, ownerEntry, entryOf } = await team();
      const png = await picture("png");
      // Someone else's entry, even in the same organization, and another organization's.
      const theirs = await upload<StyleAError>(owner, { time_entry_id: memberEntry, taken_at: "2026-03-02T10:00:00Z" }, png);
      expect(theirs.status).toBe(400);
      expect(theirs.body.error.details.field).toBe("time_entry_id");
      const stranger = (await registerOwner(stint.url, "Stranger")).api;
      const foreign = await upload<StyleAError>(stranger, { time_entry_id: ownerEntry, taken_at: "2026-03-02T10:00:00Z" }, png);
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toMatch(/not a time entry of this organization/);
      expect((await upload(owner, { time_entry_id: "te_nope", taken_at: "2026-03-02T10:00:00Z" }, png)).status).toBe(400);
      expect(await entryOf(owner)).toMatch(/^te_/);
    });

    describe("four screenshots of an owner and a member, on two days", () => {
      let given: Awaited<ReturnType<typeof team>>;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        given = await team();
        const { owner, member, ownerEntry, memberEntry, entryOf } = given;
        const png = await picture("png", 300, 200);
        for (const [name, api, entry, at] of [
          ["owner1", owner, ownerEntry, "2026-03-02T09:10:00Z"],
          ["owner2", owner, ownerEntry, "2026-03-02T09:20:00Z"],
          ["member1", member, memberEntry, "2026-03-02T10:30:00Z"],
        ] as const) {
          const res = await upload(api, { time_entry_id: entry, taken_at: at }, png);
          expect(res.status).toBe(201);
          ids[name] = res.body.data.id;
        }
        const otherDay = await entryOf(member, "2026-03-05T09:00:00Z", "2026-03-05T10:00:00Z");
        ids.member2 = (await upload(member, { time_entry_id: otherDay, taken_at: "2026-03-05T09:30:00Z" }, png)).body.data.id;
      });

      const listed = async (api: Client, query = "", mount = A) => {
        const res = await api.get<List<Screenshot>>(`${mount}/screenshots${query}`);
        expect(res.status).toBe(200);
        return res.body;
      };

      it("when screenshots are listed, then they come newest first, filtered by person, entry, day or project, paged", async () => {
        const { owner, admin, memberId, projectId, ownerEntry } = given;
        const all = await listed(admin);
        expect(all.data.map((shot) => shot.id)).toEqual([ids.member2, ids.member1, ids.owner2, ids.owner1]);
        expect(all.meta).toEqual({ total: 4, page: 1, per_page: 50 });
        expect((await listed(owner, `?user_id=${memberId}`)).data.map((shot) => shot.id)).toEqual([ids.member2, ids.member1]);
        expect((await listed(owner, `?time_entry_id=${ownerEntry}`)).data.map((shot) => shot.id)).toEqual([ids.owner2, ids.owner1]);
        expect((await listed(owner, `?start_date=2026-03-05&end_date=2026-03-05`)).data.map((shot) => shot.id)).toEqual([ids.member2]);
        const styleB = await listed(owner, `?project_id=${projectId.replace(/^prj_/, "proj_")}&per_page=2&page=2`, B);
        expect(styleB.data.map((shot) => [shot.id, shot.project_id, shot.image_url])).toEqual([
          [ids.owner2, projectId.replace(/^prj_/, "proj_"), `/api/screenshots/${ids.owner2}/image`],
          [ids.owner1, projectId.replace(/^prj_/, "proj_"), `/api/screenshots/${ids.owner1}/image`],
        ]);
        expect(styleB.meta).toEqual({ total: 4, page: 2, per_page: 2 });
        expect((await owner.get(`${A}/screenshots?per_page=201`)).status).toBe(400);
      });

      it("when a member looks at screenshots, then they see their own only and another's is 404", async () => {
        const { member, memberId, ownerId } = given;
        expect((await listed(member)).data.map((shot) => shot.user_id)).toEqual([memberId, memberId]);
        expect((await member.get(`${A}/screenshots?user_id=${ownerId}`)).status).toBe(403);
        expect((await member.get(`${A}/screenshots/${ids.owner1}`)).status).toBe(404);
        expect((await member.get(`${A}/screenshots/${ids.owner1}/image`)).status).toBe(404);
        expect((await member.delete(`${A}/screenshots/${ids.owner1}`)).status).toBe(404);
        expect((await member.get(`${A}/screenshots/${ids.member1}/thumbnail`)).status).toBe(200);
      });

      it("when screenshots are deleted, then a member may delete their own and an admin anyone's, the bytes going too, and each deletion is announced", async () => {
        const { owner, admin, member } = given;
        expect((await member.delete(`${A}/screenshots/${ids.member1}`)).status).toBe(204);
        expect((await admin.delete(`${B}/screenshots/${ids.owner1}`)).status).toBe(204);
        expect((await owner.get(`${A}/screenshots/${ids.owner1}/image`)).status).toBe(404);
        expect((await owner.delete(`${A}/screenshots/${ids.owner1}`)).status).toBe(404);
        expect((await listed(owner)).data.map((shot) => shot.id)).toEqual([ids.member2, ids.owner2]);
        await eventually("both deletions announced", () => {
          const deleted = announced()
            .filter((event) => event.type === "screenshot.deleted")
            .map((event) => event.data.id);
          return [ids.member1, ids.owner1].every((id) => id !== undefined && deleted.includes(id));
        });
      });
    });

    it("when another organization's or a malformed screenshot id is named, then every route answers 404", async () => {
      const { owner, ownerEntry } = await team();
      const shot = (await upload(owner, { time_entry_id: ownerEntry, taken_at: "2026-03-02T10:00:00Z" }, await picture("webp"))).body.data;
      const stranger = (await registerOwner(stint.url, "Stranger")).api;
      for (const path of [`/screenshots/${shot.id}`, `/screenshots/${shot.id}/image`, `/screenshots/${shot.id}/thumbnail`]) {
        const res = await stranger.get<StyleAError>(`${A}${path}`);
        expect({ path, status: res.status, code: res.body.error.code }).toEqual({ path, status: 404, code: "not_found" });
      }
      expect((await stranger.delete(`${A}/screenshots/${shot.id}`)).status).toBe(404);
      expect((await stranger.get<List<Screenshot>>(`${A}/screenshots`)).body.data).toEqual([]);
      expect((await owner.get(`${A}/screenshots/scr_nope`)).status).toBe(404);
      expect((await owner.get(`${B}/screenshots/te_0000000000000000000000/image`)).status).toBe(404);
      expect((await owner.get(`${A}/screenshots/${shot.id}`)).status).toBe(200);
    });

    it("when a screenshot is taken, then screenshot.captured is announced with it as Style A shows it", async () => {
      const { member, memberEntry, organizationId } = await team();
      const shot = (await upload(member, { time_entry_id: memberEntry, taken_at: "2026-03-02T10:00:00Z" }, await picture("png"), B)).body
        .data;
      const captured = await eventually("the capture announced", () =>
        announced().find((event) => event.type === "screenshot.captured" && event.data.id === shot.id),
      );
      expect(captured?.organization_id).toBe(organizationId);
      expect(captured?.data.image_url).toBe(`/api/v1/screenshots/${shot.id}/image`);
      expect(captured?.data.project_id).toMatch(/^prj_/);
    });

    it("when a key lacks screenshots:read or screenshots:write, then looking, or uploading and deleting, is refused with 403", async () => {
      const { owner, ownerEntry } = await team();
      const keyOf = async (permissions: Permission[]) => (await withApiKey(stint.url, owner, { permissions })).key;
      const readOnly = await keyOf(["screenshots:read"]);
      const other = await keyOf(["time_entries:read"]);
      const png = await picture("png");
      const send = (key: string, method: string, path: string, formData?: FormData) =>
        owner.send(method, path, { headers: { authorization: "", "x-api-key": key }, form: formData });
      expect((await send(readOnly, "POST", `${A}/screenshots`, form({ time_entry_id: ownerEntry }, png))).status).toBe(403);
      expect((await send(other, "GET", `${A}/screenshots`)).status).toBe(403);
      expect((await send(readOnly, "GET", `${A}/screenshots`)).status).toBe(200);
      const shot = (await upload(owner, { time_entry_id: ownerEntry, taken_at: "2026-03-02T10:00:00Z" }, png)).body.data;
      expect((await send(readOnly, "DELETE", `${A}/screenshots/${shot.id}`)).status).toBe(403);
      expect((await send(readOnly, "GET", `${A}/screenshots/${shot.id}/image`)).status).toBe(200);
    });

    it("when a file passes 10 MiB, then the upload is refused with 413 at once, its connection closed and memory flat", async () => {
      const { owner, ownerEntry, ownerToken: token } = await team();
      const boundary = "----stint-test-boundary";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="time_entry_id"\r\n\r\n${ownerEntry}\r\n--${boundary}\r\nContent-Disposition: form-data; name="taken_at"\r\n\r\n2026-03-02T10:00:00Z\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const declared = 2 * 1024 * 1024 * 1024;
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      const url = new URL(`${A}/screenshots`, stint.url);
      let sent = 0;
      const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        let answered = false;
        const req = httpRequest(
          url,
          {
            method: "POST",
            headers: {
              authorization: token,
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": String(head.length + declared),
            },
          },
          (res) => {
            answered = true;
            let body = "";
            res.on("data", (part: Buffer) => (body += part.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
          },
        );
        // Once the answer is in, the server closing on the rest of the body is what it said it would do.
        req.on("error", (error) => {
          if (!answered) reject(error);
        });
        req.write(head);
        // A 2 GiB upload, written as fast as the server takes it, never held whole here.
        const pump = () => {
          while (sent < declared) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once("drain", pump);
              return;
            }
          }
          req.end();
        };
        req.on("close", () => (sent = declared));
        pump();
      });
      clearInterval(sampler);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe("payload_too_large");
      expect(answer.connection).toBe("close");
      // Far less than the 2 GiB declared went over before the answer closed the connection.
      expect(sent).toBeLessThan(declared);
      expect(peakRss - rssBefore).toBeLessThan(100 * 1024 * 1024);
      expect((await owner.get<List<Screenshot>>(`${A}/screenshots`)).body.meta.total).toBe(0);
      expect((await owner.get(`${A}/projects`)).status).toBe(200);
    }, 120_000);

    it("when a screenshot is older than the organization's retention, then the sweep deletes it with its bytes, once, and announces it", async () => {
      const { owner, admin, member, memberEntry, entryOf } = await team();
      expect((await member.patch(`${A}/organization`, { screenshot_retention_days: 30 })).status).toBe(403);
      expect((await admin.patch(`${A}/organization`, { name: "Taken over" })).status).toBe(403);
      expect((await admin.patch(`${A}/organization`, { screenshot_retention_days: 0 })).status).toBe(400);
      const set = await admin.patch<{ data: { screenshot_retention_days: number | null } }>(`${A}/organization`, {
        screenshot_retention_days: 30,
      });
      expect(set.status).toBe(200);
      expect(set.body.data.screenshot_retention_days).toBe(30);
      const png = await picture("png", 200, 100);
      const old = (await upload(member, { time_entry_id: memberEntry, taken_at: "2026-03-02T10:00:00Z" }, png)).body.data;
      const recent = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      const recentEntry = await entryOf(member, new Date(recent.getTime() - 3600_000).toISOString(), recent.toISOString());
      const kept = (await upload(member, { time_entry_id: recentEntry, taken_at: new Date(recent.getTime() - 60_000).toISOString() }, png))
        .body.data;
      expect(kept.id).toMatch(/^scr_/);

      // Every process runs the sweep; two at once delete each screenshot once.
      const sweeps = await Promise.all([0, 1].map(() => screenshotsClient.over(stint.broker).sweep({})));
      expect(sweeps.reduce((sum, sweep) => sum + sweep.expired, 0)).toBeGreaterThanOrEqual(1);
      expect((await owner.get(`${A}/screenshots/${old.id}`)).status).toBe(404);
      expect((await owner.get(`${A}/screenshots/${old.id}/image`)).status).toBe(404);
      expect((await owner.get(`${A}/screenshots/${kept.id}/image`)).status).toBe(200);
      const deletedOld = (event: { type: string; data: Screenshot }) => event.type === "screenshot.deleted" && event.data.id === old.id;
      await eventually("the sweep's deletion announced", () => announced().some(deletedOld));
      expect(announced().filter(deletedOld)).toHaveLength(1);

      const unset = await owner.patch<{ data: { screenshot_retention_days: number | null } }>(`${B}/organization`, {
        screenshot_retention_days: null,
      });
      expect(unset.body.data.screenshot_retention_days).toBeNull();
    });
  });
}
