import { createServer, type AddressInfo } from "node:net";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { verify as verifySha256 } from "@octokit/webhooks-methods";
import sharp from "sharp";
import { eventually, WebhookReceiver } from "../../../test/support/webhook-receiver";
import { describeStint, useStint, type StintMode } from "../../../test/support/stint";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  Stint,
  VERSION,
  WebhookVerificationError,
  type EventStream,
  type Project,
  type Session,
  type StintEvent,
  type StreamReset,
} from "../src/index";
import { PASSWORD, signUp, uniqueLabel } from "./support/accounts";
import { LoopbackProxy } from "./support/loopback-proxy";
import { TcpRelay } from "./support/tcp-relay";

/** A loopback port nothing listens on: one the kernel gave out and that was closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_URLS: "true" };
const STYLE_A_RATE_LIMITED = { error: { code: "rate_limited", message: "Too many requests", details: { retry_after: 1 } } };
/** What Stint answers while the first attempt of a POST with the same key is still running. */
const STYLE_A_IN_PROGRESS = {
  error: {
    code: "conflict",
    message: "A request with this Idempotency-Key is still being processed",
    details: { reason: "request_in_progress" },
  },
};
const STYLE_A_UNAVAILABLE = { error: { code: "service_unavailable", message: "Try again shortly", details: {} } };

/**
 * The client library against a real Stint, every resource and every promise of
 * docs/api.md#client-libraries; run once per deployment mode.
 */
export function describeClient(mode: StintMode): void {
  describeStint(mode, "@stint/sdk against Stint", () => {
    const deployment = useStint({ mode, env: ALLOW_PRIVATE });
    let proxy: LoopbackProxy;
    let inbox: WebhookReceiver;
    let session: Session;
    let ownerEmail: string;
    /** The owner, signed in (access token), straight to Stint. */
    let owner: Stint;

    beforeAll(async () => {
      proxy = await LoopbackProxy.start(deployment.url);
      inbox = await WebhookReceiver.start();
      ({ session, email: ownerEmail, stint: owner } = await signUp(deployment.url));
    });

    afterAll(async () => {
      await inbox?.close();
      await proxy?.close();
    });

    beforeEach(() => proxy.reset());

    /** Someone else's client through the proxy. */
    const proxiedAs = (someone: Session) => new Stint({ baseUrl: proxy.url, accessToken: someone.access_token });

    const newProject = (stint: Stint = owner, name = `Project ${uniqueLabel()}`) => stint.projects.create({ name, billable: true });

    describe("accounts and credentials", () => {
      it("when a client without a credential signs up, in, refreshes and out, then each call succeeds", async () => {
        const anonymous = new Stint({ baseUrl: deployment.url });
        expect(await anonymous.version()).toMatchObject({ name: "stint", api: "v1" });
        const login = await anonymous.auth.login({ email: ownerEmail, password: PASSWORD });
        expect(login.user.email).toBe(ownerEmail);
        const tokens = await anonymous.auth.refresh({ refreshToken: login.refresh_token });
        expect(tokens.access_token).toEqual(expect.any(String));
        await anonymous.auth.logout({ refreshToken: tokens.refresh_token });
        await expect(anonymous.auth.refresh({ refreshToken: tokens.refresh_token })).rejects.toBeInstanceOf(AuthenticationError);
        await expect(anonymous.auth.login({ email: ownerEmail, password: "not the password" })).rejects.toMatchObject({
          status: 401,
          code: "unauthorized",
        });
      });

      it("when the organization is read and renamed, then the new name is kept", async () => {
        const before = await owner.organization.get();
        expect(before).toMatchObject({ id: session.organization.id, plan: "free" });
        const renamed = await owner.organization.update({ name: `Renamed ${uniqueLabel()}` });
        expect(renamed.name).toMatch(/^Renamed /);
        expect((await owner.organization.get()).name).toBe(renamed.name);
      });

      it("when the screenshots' retention is set, then the organization keeps it", async () => {
        // An account of its own: the owner's requests are counted by the rate limit the last tests meet.
        const { stint, session: keeper } = await signUp(deployment.url, "keeper");
        expect(await stint.organization.update({ screenshotRetentionDays: 30 })).toMatchObject({
          name: keeper.organization.name,
          screenshot_retention_days: 30,
        });
        expect((await stint.organization.get()).screenshot_retention_days).toBe(30);
        expect((await stint.organization.update({ screenshotRetentionDays: null })).screenshot_retention_days).toBeNull();
        await expect(stint.organization.update({ screenshotRetentionDays: 0 })).rejects.toMatchObject({
          status: 400,
          details: expect.objectContaining({ field: "screenshot_retention_days" }),
        });
      });

      it("when an API key is made, then it works as a client's credential, is listed without its secret, and stops once revoked", async () => {
        const created = await owner.apiKeys.create({
          name: "sdk key",
          permissions: ["projects:read", "time_entries:read", "time_entries:write"],
        });
        expect(created.key).toMatch(/^tt_live_/);
        const keyed = new Stint({ baseUrl: deployment.url, apiKey: created.key });
        expect((await keyed.projects.list()).data).toEqual(expect.any(Array));
        // Keys cannot manage keys, and a key holds only its permissions.
        await expect(keyed.apiKeys.list()).rejects.toBeInstanceOf(PermissionDeniedError);
        await expect(keyed.projects.create({ name: "not allowed" })).rejects.toMatchObject({ status: 403, code: "forbidden" });

        const listed = [];
        for await (const key of owner.apiKeys.list()) listed.push(key);
        expect(listed.map((key) => key.id)).toContain(created.id);
        expect(JSON.stringify(listed)).not.toContain(created.key);

        await owner.apiKeys.revoke(created.id);
        await expect(keyed.projects.list()).rejects.toBeInstanceOf(AuthenticationError);
      });

      it("when a client is built with two credentials or no address, then it refuses", () => {
        expect(() => new Stint({ baseUrl: deployment.url, apiKey: "tt_live_x", accessToken: "y" })).toThrow(/not both/);
        const saved = process.env.STINT_BASE_URL;
        delete process.env.STINT_BASE_URL;
        try {
          expect(() => new Stint({ apiKey: "tt_live_x" })).toThrow(/baseUrl/);
        } finally {
          if (saved !== undefined) process.env.STINT_BASE_URL = saved;
        }
      });
    });

    describe("projects and tasks", () => {
      it("when a project goes through its life (create, read by either id, change, archive, delete), then each call answers as documented", async () => {
        const project = await owner.projects.create({
          name: `Lighthouse ${uniqueLabel()}`,
          clientName: "Harbour board",
          hourlyRate: 80,
          billable: false,
        });
        expect(project).toMatchObject({
          id: expect.stringMatching(/^prj_/),
          client_name: "Harbour board",
          hourly_rate: 80,
          billable: false,
          archived: false,
        });
        expect(await owner.projects.get(project.id.replace(/^prj_/, "proj_"))).toEqual(project);
        const changed = await owner.projects.update(project.id, { description: "Paint it", billable: true });
        expect(changed).toMatchObject({ description: "Paint it", billable: true });
        expect(await owner.projects.archive(project.id)).toMatchObject({ archived: true });
        expect((await owner.projects.list({ archived: true })).data.map((p) => p.id)).toContain(project.id);
        expect(await owner.projects.unarchive(project.id)).toMatchObject({ archived: false });
        await owner.projects.delete(project.id);
        await expect(owner.projects.get(project.id)).rejects.toBeInstanceOf(NotFoundError);
      });

      it("when projects are paged a few at a time, then for await and page by page both reach every one", async () => {
        const { stint } = await signUp(deployment.url, "pager");
        const names = Array.from({ length: 7 }, (_, i) => `Paged ${String(i).padStart(2, "0")}`);
        for (const name of names) await stint.projects.create({ name });

        const first = await stint.projects.list({ perPage: 3 });
        expect(first.data).toHaveLength(3);
        expect(first.meta).toEqual({ total: 7, page: 1, per_page: 3 });
        expect(first.hasNextPage()).toBe(true);

        const pages: string[][] = [];
        for await (const page of first.pages()) pages.push(page.data.map((p) => p.name));
        expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);

        const seen: string[] = [];
        for await (const project of stint.projects.list({ perPage: 3 })) seen.push(project.name);
        expect(seen).toEqual(names);

        // A later first page pages on from there.
        const fromSecond: string[] = [];
        for await (const project of stint.projects.list({ perPage: 3, page: 2 })) fromSecond.push(project.name);
        expect(fromSecond).toEqual(names.slice(3));
        const last = await stint.projects.list({ perPage: 3, page: 3 });
        expect(last.hasNextPage()).toBe(false);
        expect(await last.nextPage()).toBeNull();
      });

      it("when a project's tasks are created, listed, changed and deleted, then each call answers as documented", async () => {
        const project = await newProject();
        const task = await owner.tasks.create(project.id, { name: "Survey" });
        expect(task).toMatchObject({ id: expect.stringMatching(/^task_/), project_id: project.id, name: "Survey", status: "active" });
        expect(await owner.tasks.get(project.id, task.id)).toEqual(task);
        expect(await owner.tasks.update(project.id, task.id, { status: "done" })).toMatchObject({ status: "done" });
        expect((await owner.tasks.list(project.id, { status: "done" })).data.map((t) => t.id)).toEqual([task.id]);
        await owner.tasks.delete(project.id, task.id);
        await expect(owner.tasks.get(project.id, task.id)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe("time entries and the timer", () => {
      it("when the specification's three calls run (list projects, start a timer, stop it), then they answer as documented", async () => {
        const project = await newProject();
        const task = await owner.tasks.create(project.id, { name: "Write" });
        const projects = await owner.projects.list();
        expect(projects.data.map((p) => p.id)).toContain(project.id);

        expect(await owner.timeEntries.current()).toBeNull();
        const running = await owner.timeEntries.start({ projectId: project.id, taskId: task.id, description: "Drafting" });
        expect(running).toMatchObject({
          project_id: project.id,
          task_id: task.id,
          description: "Drafting",
          is_running: true,
          end_time: null,
        });
        expect(await owner.timeEntries.current()).toMatchObject({ id: running.id });

        const stopped = await owner.timeEntries.stop();
        expect(stopped).toMatchObject({ id: running.id, is_running: false, end_time: expect.any(String) });
        expect(await owner.timeEntries.current()).toBeNull();
        const error = await owner.timeEntries.stop().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotFoundError);
        expect(error).toMatchObject({ status: 404, code: "not_found", requestId: expect.any(String) });
      });

      it("when entries are created, read, filtered, changed and deleted, then camelCase names go out as snake_case", async () => {
        const project = await newProject();
        const other = await newProject();
        const entry = await owner.timeEntries.create({
          projectId: project.id,
          startTime: "2026-03-02T09:00:00Z",
          endTime: "2026-03-02T10:30:00Z",
          description: "Morning",
          billable: false,
        });
        expect(entry).toMatchObject({ project_id: project.id, duration: 5400, billable: false, start_time: "2026-03-02T09:00:00Z" });
        await owner.timeEntries.create({ projectId: other.id, startTime: "2026-03-02T11:00:00Z", endTime: "2026-03-02T11:30:00Z" });

        expect(await owner.timeEntries.get(entry.id)).toEqual(entry);
        const filtered = await owner.timeEntries.list({
          projectId: project.id,
          startDate: "2026-03-01",
          endDate: "2026-03-03",
          billable: false,
        });
        expect(filtered.data.map((e) => e.id)).toEqual([entry.id]);

        const changed = await owner.timeEntries.update(entry.id, { description: "Late morning", endTime: "2026-03-02T11:00:00Z" });
        expect(changed).toMatchObject({ description: "Late morning", duration: 7200 });
        await owner.timeEntries.delete(entry.id);
        await expect(owner.timeEntries.get(entry.id)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe("users and invitations", () => {
      it("when someone is invited and joins, then they can be read, given another role and removed", async () => {
        const email = `invitee-${uniqueLabel()}@example.test`;
        const invitation = await owner.invitations.create({ email, role: "member" });
        expect(invitation).toMatchObject({ id: expect.stringMatching(/^inv_/), email, role: "member", token: expect.any(String) });
        expect((await owner.invitations.list()).data.map((i) => i.id)).toContain(invitation.id);
        expect(await owner.invitations.get(invitation.id)).toMatchObject({ id: invitation.id, email });

        const joined = await new Stint({ baseUrl: deployment.url }).invitations.accept({
          token: invitation.token,
          name: "Invitee",
          password: PASSWORD,
        });
        expect(joined.user).toMatchObject({ email, role: "member", organization_id: session.organization.id });
        const member = new Stint({ baseUrl: deployment.url, accessToken: joined.access_token });
        await expect(member.invitations.list()).rejects.toBeInstanceOf(PermissionDeniedError);

        const users = [];
        for await (const user of owner.users.list()) users.push(user.email);
        expect(users).toEqual(expect.arrayContaining([ownerEmail, email]));
        expect(await owner.users.get(joined.user.id)).toMatchObject({ email });
        expect(await owner.users.changeRole(joined.user.id, { role: "admin" })).toMatchObject({ role: "admin" });
        await expect(owner.users.changeRole(session.user.id, { role: "member" })).rejects.toBeInstanceOf(ConflictError);
        await owner.users.remove(joined.user.id);
        await expect(owner.users.get(joined.user.id)).rejects.toBeInstanceOf(NotFoundError);
      });

      it("when a pending invitation is revoked, then it is gone", async () => {
        const invitation = await owner.invitations.create({ email: `revoked-${uniqueLabel()}@example.test`, role: "admin" });
        await owner.invitations.revoke(invitation.id);
        await expect(owner.invitations.get(invitation.id)).rejects.toBeInstanceOf(NotFoundError);
        await expect(
          new Stint({ baseUrl: deployment.url }).invitations.accept({ token: invitation.token, name: "Late", password: PASSWORD }),
        ).rejects.toMatchObject({
          status: 400,
          details: expect.objectContaining({ field: "token" }),
        });
      });
    });

    describe("reports, exports and imports", () => {
      it("when reports are read and exported, then the summary and detailed reports come as JSON, CSV and XLSX bytes", async () => {
        const { stint } = await signUp(deployment.url, "reporter");
        const project = await stint.projects.create({ name: "Reported" });
        for (const day of ["05", "06", "07"])
          await stint.timeEntries.create({
            projectId: project.id,
            startTime: `2026-04-${day}T09:00:00Z`,
            endTime: `2026-04-${day}T10:00:00Z`,
          });
        const range = { startDate: "2026-04-01", endDate: "2026-04-30" };

        const summary = await stint.reports.summary({ ...range, groupBy: "day", roundingMinutes: 15 });
        expect(summary).toMatchObject({ total_seconds: 3 * 3600 });
        expect(summary.groups.map((group) => group.key)).toEqual(["2026-04-05", "2026-04-06", "2026-04-07"]);

        const detailed = [];
        for await (const row of stint.reports.detailed({ ...range, perPage: 2 })) detailed.push(row);
        expect(detailed).toHaveLength(3);
        expect(detailed[0]).toMatchObject({ project_name: "Reported", start_time: "2026-04-07T09:00:00Z" });

        const csv = await stint.reports.exportDetailed({ ...range, format: "csv" });
        expect(csv.contentType).toMatch(/^text\/csv/);
        expect(csv.filename).toBe("stint-detailed-2026-04-01-2026-04-30.csv");
        const lines = new TextDecoder().decode(csv.data).trim().split(/\r?\n/);
        expect(lines[0]).toMatch(/^\uFEFF?id,user_id,user_email/);
        expect(lines).toHaveLength(4);

        const xlsx = await stint.reports.exportSummary({ ...range, format: "xlsx" });
        expect(xlsx.filename).toBe("stint-summary-2026-04-01-2026-04-30.xlsx");
        // An XLSX file is a ZIP archive.
        expect(Buffer.from(xlsx.data.subarray(0, 2)).toString("latin1")).toBe("PK");
        expect(xlsx.data.length).toBeGreaterThan(1000);
      });

      it("when a CSV export is imported, then it goes as a multipart upload and the job is followed to its end", async () => {
        const { stint, email } = await signUp(deployment.url, "importer");
        const csv = [
          "id,user_id,user_email,user_name,project_id,project_name,task_id,task_name,description,start_time,end_time,duration_seconds,duration_hours,billable",
          `te_1,usr_1,${email},Importer,prj_1,Imported,,,First,2026-05-04T08:00:00Z,2026-05-04T09:00:00Z,3600,1,true`,
          `te_2,usr_1,${email},Importer,prj_1,Imported,,,Second,2026-05-05T08:00:00Z,2026-05-05T08:30:00Z,1800,0.5,false`,
        ].join("\n");
        const started = await stint.imports.create({
          source: "stint",
          file: new Blob([csv], { type: "text/csv" }),
          filename: "export.csv",
        });
        expect(started).toMatchObject({ id: expect.stringMatching(/^imp_/), source: "stint" });
        const done = await stint.imports.waitUntilDone(started.id, { intervalMs: 50 });
        expect(done).toMatchObject({ status: "succeeded", rows_total: 2, rows_imported: 2 });
        expect((await stint.imports.get(started.id)).status).toBe("succeeded");
        expect((await stint.timeEntries.list({ startDate: "2026-05-01", endDate: "2026-05-31" })).meta.total).toBe(2);

        // The same file again, as text this time, creates nothing new.
        const again = await stint.imports.waitUntilDone((await stint.imports.create({ source: "stint", file: csv })).id, {
          intervalMs: 50,
        });
        expect(again).toMatchObject({ rows_imported: 0, rows_skipped: 2 });
        await expect(stint.imports.create({ source: "toggl", file: csv })).rejects.toBeInstanceOf(BadRequestError);
      });

      it("when an import of day-first dates is previewed, then it says what the import would do and stores nothing, and the import then does it", async () => {
        const { stint } = await signUp(deployment.url, "previewer");
        const csv = [
          "Date;Project;Task;Notes;Hours;First Name;Last Name",
          "02/03/2026;Previewed;Checking;One;1,5;;",
          "03/03/2026;Previewed;;Two;0,5;;",
        ].join("\n");
        const preview = await stint.imports.preview({ source: "harvest", file: csv, dateFormat: "DD/MM/YYYY" });
        expect(preview).toMatchObject({
          dry_run: true,
          delimiter: ";",
          date_format: "DD/MM/YYYY",
          date_format_source: "request",
          rows_total: 2,
          rows_importable: 2,
          projects_to_create: ["Previewed"],
          tasks_to_create: [{ project_name: "Previewed", task_name: "Checking" }],
          errors: [],
        });
        expect(preview.rows.map((row) => [row.start_time, row.duration])).toEqual([
          ["2026-03-02T00:00:00Z", 5400],
          ["2026-03-03T00:00:00Z", 1800],
        ]);
        expect((await stint.projects.list()).meta.total).toBe(0);
        const job = await stint.imports.waitUntilDone(
          (await stint.imports.create({ source: "harvest", file: csv, dateFormat: "DD/MM/YYYY" })).id,
          { intervalMs: 50 },
        );
        expect(job).toMatchObject({ status: "succeeded", rows_imported: 2, date_format: "DD/MM/YYYY", date_format_source: "request" });
      });
    });

    describe("screenshots", () => {
      /** Someone new, with an hour's stopped entry on `day` to take screenshots for. */
      async function withStoppedEntry(label: string, day: string) {
        const { stint } = await signUp(deployment.url, label);
        const project = await stint.projects.create({ name: `${label} project` });
        const entry = await stint.timeEntries.create({ projectId: project.id, startTime: `${day}T09:00:00Z`, endTime: `${day}T10:00:00Z` });
        return { stint, project, entry };
      }

      it("when an image is uploaded for a stopped entry, then it can be listed, read, downloaded (with ETags) and deleted", async () => {
        const { stint, project, entry } = await withStoppedEntry("shooter", "2026-06-01");
        const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c00" } })
          .png()
          .toBuffer();

        const shot = await stint.screenshots.upload({
          file: png,
          filename: "desk.png",
          timeEntryId: entry.id,
          takenAt: "2026-06-01T09:30:00Z",
        });
        expect(shot).toMatchObject({
          id: expect.stringMatching(/^scr_/),
          time_entry_id: entry.id,
          project_id: project.id,
          taken_at: "2026-06-01T09:30:00Z",
          width: 64,
          height: 48,
          mime_type: "image/png",
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        });

        const listed = await stint.screenshots.list({ timeEntryId: entry.id });
        expect(listed.data.map((s) => s.id)).toEqual([shot.id]);
        expect(listed.meta).toEqual({ total: 1, page: 1, per_page: expect.any(Number) });
        expect((await stint.screenshots.list({ startDate: "2026-06-02" })).data).toEqual([]);
        expect(await stint.screenshots.get(shot.id)).toEqual(shot);

        const image = await stint.screenshots.image(shot.id);
        if (image.notModified) throw new Error("the first download cannot be a 304");
        expect(image.contentType).toBe("image/png");
        expect(image.data.length).toBe(shot.size_bytes);
        expect(await sharp(image.data).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
        expect(image.etag).toEqual(expect.any(String));
        expect(await stint.screenshots.image(shot.id, { ifNoneMatch: image.etag })).toEqual({
          notModified: true,
          data: null,
          contentType: undefined,
          etag: image.etag,
        });

        const thumbnail = await stint.screenshots.thumbnail(shot.id);
        if (thumbnail.notModified) throw new Error("the first download cannot be a 304");
        expect(thumbnail.contentType).toBe("image/webp");
        expect(await sharp(thumbnail.data).metadata()).toMatchObject({ format: "webp", width: 64 });
        expect(thumbnail.etag).not.toBe(image.etag);
        expect((await stint.screenshots.thumbnail(shot.id, { ifNoneMatch: thumbnail.etag })).notModified).toBe(true);
        // An ETag of something else gets the bytes.
        expect((await stint.screenshots.thumbnail(shot.id, { ifNoneMatch: image.etag })).notModified).toBe(false);

        await stint.screenshots.delete(shot.id);
        await expect(stint.screenshots.get(shot.id)).rejects.toBeInstanceOf(NotFoundError);
        await expect(stint.screenshots.image(shot.id)).rejects.toBeInstanceOf(NotFoundError);
        expect((await stint.screenshots.list({ timeEntryId: entry.id })).meta.total).toBe(0);
      });

      it("when a text file named .png is uploaded, then a typed 400 comes and nothing is stored", async () => {
        const { stint, entry } = await withStoppedEntry("faker", "2026-06-03");
        const text = new Blob(["this is not a picture\n"], { type: "image/png" });
        const error = await stint.screenshots
          .upload({ file: text, filename: "holiday.png", timeEntryId: entry.id, takenAt: "2026-06-03T09:10:00Z" })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BadRequestError);
        expect(error).toMatchObject({ status: 400, details: expect.objectContaining({ field: "file" }) });
        expect((await stint.screenshots.list()).meta.total).toBe(0);
      });

      it("when an image is uploaded as an ArrayBuffer, then it is taken and another organization cannot see it", async () => {
        const { stint, entry } = await withStoppedEntry("sharer", "2026-06-03");
        const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#0c0" } })
          .jpeg()
          .toBuffer();
        const bytes = jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength);
        const shot = await stint.screenshots.upload({ file: bytes, timeEntryId: entry.id, takenAt: "2026-06-03T09:20:00Z" });
        expect(shot).toMatchObject({ mime_type: "image/jpeg", width: 20, height: 10 });
        const { stint: stranger } = await signUp(deployment.url, "stranger");
        await expect(stranger.screenshots.get(shot.id)).rejects.toBeInstanceOf(NotFoundError);
        await expect(stranger.screenshots.thumbnail(shot.id)).rejects.toBeInstanceOf(NotFoundError);
        await expect(stranger.screenshots.delete(shot.id)).rejects.toBeInstanceOf(NotFoundError);
        expect((await stranger.screenshots.list({ timeEntryId: entry.id })).data).toEqual([]);
        expect(await stint.screenshots.get(shot.id)).toEqual(shot);
      });
    });

    describe("OAuth applications and authorizations", () => {
      it("when an OAuth application is registered, then it can be read, changed, its secret rotated, and deleted", async () => {
        const app = await owner.oauth.applications.create({
          name: "Timesheet sync",
          redirectUris: ["https://sync.example.com/callback"],
          scopes: ["time_entries:read"],
          homepageUrl: "https://sync.example.com",
        });
        expect(app).toMatchObject({
          id: expect.stringMatching(/^app_/),
          client_type: "confidential",
          client_secret: expect.any(String),
          redirect_uris: ["https://sync.example.com/callback"],
        });
        expect((await owner.oauth.applications.list()).data.map((a) => a.id)).toContain(app.id);
        expect(await owner.oauth.applications.get(app.id)).toMatchObject({ id: app.id, status: "active" });
        expect(await owner.oauth.applications.update(app.id, { name: "Timesheet sync 2" })).toMatchObject({ name: "Timesheet sync 2" });
        const rotated = await owner.oauth.applications.rotateSecret(app.id);
        expect(rotated.client_secret).not.toBe(app.client_secret);
        await owner.oauth.applications.delete(app.id);
        await expect(owner.oauth.applications.get(app.id)).rejects.toBeInstanceOf(NotFoundError);

        const authorizations = await owner.oauth.authorizations.list();
        expect(authorizations.data).toEqual([]);
        await expect(owner.oauth.authorizations.revoke(app.client_id)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe("webhooks", () => {
      /**
       * A webhook for `project.created`, a project made, and Stint's delivery of it, on a
       * receiver of its own: the webhooks made before stay subscribed and deliver the same
       * event, signed with their own secrets.
       */
      const projectDelivered = async () => {
        const receiver = await WebhookReceiver.start();
        try {
          const webhook = await owner.webhooks.create({ url: receiver.url, events: ["project.created"] });
          const project = await newProject();
          const [delivery] = await receiver.waitFor(1);
          if (!delivery) throw new Error("no delivery");
          return { webhook, project, delivery };
        } finally {
          await receiver.close();
        }
      };

      it("when a real delivery arrives, then its signature verifies, and tampering, another secret or a forged signature fail", async () => {
        const { webhook, project, delivery } = await projectDelivered();
        expect(webhook).toMatchObject({ id: expect.stringMatching(/^wh_/), status: "active", secret: expect.stringMatching(/^whsec_/) });

        const event = await owner.webhooks.verify<Project>(delivery.body, delivery.headers, webhook.secret);
        expect(event).toMatchObject({ type: "project.created", organization_id: session.organization.id, data: { id: project.id } });
        // Raw bytes and a Fetch API Headers object work as well as a string and Node's headers.
        const asHeaders = new Headers(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
        expect((await owner.webhooks.verify(Buffer.from(delivery.body), asHeaders, webhook.secret)).id).toBe(event.id);

        await expect(
          owner.webhooks.verify(delivery.body.replace(project.id, "prj_0000000000000000000000"), delivery.headers, webhook.secret),
        ).rejects.toBeInstanceOf(WebhookVerificationError);
        await expect(
          owner.webhooks.verify(delivery.body, delivery.headers, "whsec_" + Buffer.alloc(32, 7).toString("base64")),
        ).rejects.toThrow(/does not match/);
        await expect(
          owner.webhooks.verify(delivery.body, { ...delivery.headers, "webhook-signature": "v1,AAAA" }, webhook.secret),
        ).rejects.toThrow(/does not match/);
        await expect(owner.webhooks.verify(delivery.body, {}, webhook.secret)).rejects.toThrow(/no webhook signature/);
        const { "x-webhook-signature": _legacy, ...standardOnly } = delivery.headers;
        expect((await owner.webhooks.verify(delivery.body, standardOnly, webhook.secret)).id).toBe(event.id);
        await owner.webhooks.delete(webhook.id);
      });

      it("when a real delivery is checked more than five minutes after it was sent, or before, then it is refused", async () => {
        const { webhook, delivery } = await projectDelivered();
        const sentAt = Number(delivery.headers["webhook-timestamp"]) * 1000;
        for (const within of [sentAt - 300_000, sentAt + 300_000])
          expect((await owner.webhooks.verify(delivery.body, delivery.headers, webhook.secret, { now: new Date(within) })).type).toBe(
            "project.created",
          );
        for (const outside of [sentAt - 301_000, sentAt + 301_000])
          await expect(owner.webhooks.verify(delivery.body, delivery.headers, webhook.secret, { now: new Date(outside) })).rejects.toThrow(
            /more than 300 seconds from now/,
          );
        await owner.webhooks.delete(webhook.id);
      });

      it("when a real delivery is stripped to its legacy signature, then it is refused unless the caller accepts one", async () => {
        const { webhook, delivery } = await projectDelivered();
        // What a replayer would send: the Standard Webhooks headers dropped, as they bind the time.
        const legacyOnly = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => !name.startsWith("webhook-")));
        const refusal = await owner.webhooks.verify(delivery.body, legacyOnly, webhook.secret).catch((e: unknown) => e);
        expect(refusal).toBeInstanceOf(WebhookVerificationError);
        expect(String(refusal)).toMatch(/can be replayed/);
        const optedIn = { allowLegacySignature: true };
        expect((await owner.webhooks.verify(delivery.body, legacyOnly, webhook.secret, optedIn)).type).toBe("project.created");
        await expect(owner.webhooks.verify(`${delivery.body} `, legacyOnly, webhook.secret, optedIn)).rejects.toThrow(/does not match/);
        // Its unsigned timestamp, when stale, is still refused.
        await expect(
          owner.webhooks.verify(delivery.body, legacyOnly, webhook.secret, { ...optedIn, now: new Date(Date.now() + 301_000) }),
        ).rejects.toThrow(/300 seconds/);
        await owner.webhooks.delete(webhook.id);
      });

      it("when sign() makes a signature, then other libraries and verify() accept it", async () => {
        const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
        const body = JSON.stringify({ id: "evt_1", type: "ping", created_at: "2026-01-01T00:00:00Z", organization_id: "org_1", data: {} });
        const headers = await owner.webhooks.sign(body, secret, { id: "evt_1" });
        expect(headers).toMatchObject({ "X-Webhook-Event": "ping", "X-Webhook-Id": "evt_1", "webhook-id": "evt_1" });
        expect(await verifySha256(secret, body, headers["X-Webhook-Signature"] as string)).toBe(true);
        expect(new StandardWebhook(secret).verify(body, headers)).toMatchObject({ type: "ping" });
        expect((await owner.webhooks.verify(body, headers, secret)).type).toBe("ping");
      });

      it("when a webhook is read, changed, tested, its deliveries listed and redelivered, and its secret rotated, then each call answers as documented", async () => {
        const webhook = await owner.webhooks.create({ url: inbox.url, events: ["time_entry.started"] });
        expect(await owner.webhooks.get(webhook.id)).toMatchObject({ id: webhook.id, url: inbox.url });
        expect((await owner.webhooks.list()).data.map((w) => w.id)).toContain(webhook.id);
        expect(await owner.webhooks.update(webhook.id, { events: ["time_entry.started", "time_entry.stopped"] })).toMatchObject({
          events: ["time_entry.started", "time_entry.stopped"],
        });

        const ping = await owner.webhooks.test(webhook.id);
        expect(ping).toMatchObject({ id: expect.stringMatching(/^whd_/), webhook_id: webhook.id });
        const settled = await eventually("the ping delivered", async () => {
          const delivery = await owner.webhooks.deliveries.get(webhook.id, ping.id);
          return delivery.status === "succeeded" ? delivery : undefined;
        });
        const received = inbox.requests.find((request) => request.headers["webhook-id"] === settled.event_id);
        if (!received) throw new Error("the ping never arrived");
        expect((await owner.webhooks.verify(received.body, received.headers, webhook.secret)).type).toBe("ping");

        const again = await owner.webhooks.deliveries.redeliver(webhook.id, ping.id);
        expect(again).toMatchObject({ event_id: settled.event_id });
        expect(again.id).not.toBe(ping.id);
        const deliveries = [];
        for await (const delivery of owner.webhooks.deliveries.list(webhook.id, { perPage: 1 })) deliveries.push(delivery.id);
        expect(deliveries).toEqual(expect.arrayContaining([ping.id, again.id]));

        const rotated = await owner.webhooks.rotateSecret(webhook.id);
        expect(rotated.secret).not.toBe(webhook.secret);
        const redelivered = await eventually(
          "the redelivery",
          () => inbox.requests.filter((request) => request.headers["webhook-id"] === settled.event_id)[1],
        );
        // Signed with whichever secret was current when it was sent; one of them checks out.
        const checks = await Promise.allSettled(
          [webhook.secret, rotated.secret].map((secret) => owner.webhooks.verify(redelivered.body, redelivered.headers, secret)),
        );
        expect(checks.filter((check) => check.status === "fulfilled")).toHaveLength(1);
        await owner.webhooks.delete(webhook.id);
        await expect(owner.webhooks.get(webhook.id)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe("live events", () => {
      /** Reads a stream in the background, keeping every item; `opened` once it listens. */
      const collect = (open: (onOpen: () => void) => EventStream) => {
        const seen: (StintEvent | StreamReset)[] = [];
        let opened: () => void = () => undefined;
        const listening = new Promise<void>((resolve) => (opened = resolve));
        const stream = open(() => opened());
        const done = (async () => {
          for await (const item of stream) seen.push(item);
        })();
        return { stream, seen, done, listening };
      };
      const createdIds = (seen: (StintEvent | StreamReset)[]) =>
        seen.flatMap((item) => (item.type === "project.created" ? [item.data.id] : []));

      it("streams typed events, and after a dropped connection reconnects and resumes without a loss or a repeat", async () => {
        const { stint: direct, session: streamer } = await signUp(deployment.url, "streamer");
        const relay = await TcpRelay.start(deployment.url);
        try {
          const viaRelay = new Stint({ baseUrl: relay.url, accessToken: streamer.access_token });
          const reading = collect((onOpen) => viaRelay.events.stream({ reconnectDelay: 20, maxReconnectDelay: 200, onOpen }));
          const { stream } = reading;
          await reading.listening;
          const first = await direct.projects.create({ name: `Live ${uniqueLabel()}` });
          await eventually("the first event", () => createdIds(reading.seen).includes(first.id));
          const event = reading.seen.find((item) => item.type === "project.created");
          // Typed by its type: a project.created carries a Project.
          if (event?.type === "project.created") expect(event.data.name).toBe(first.name);
          expect(stream.lastEventId).toMatch(/^evt_/);

          relay.refusing = true;
          relay.cut();
          const missed = [await direct.projects.create({ name: "while away 1" }), await direct.projects.create({ name: "while away 2" })];
          await eventually("a refused reconnection", () => relay.connections >= 2);
          relay.refusing = false;
          await eventually("the missed events", () => createdIds(reading.seen).length >= 3);
          expect(createdIds(reading.seen)).toEqual([first.id, ...missed.map((project) => project.id)]);
          const ids = reading.seen.flatMap((item) => (item.type === "reset" ? [] : [item.id]));
          expect(new Set(ids).size).toBe(ids.length);
          expect(stream.lastEventId).toBe(ids.at(-1));

          stream.close();
          await reading.done;
        } finally {
          await relay.close();
        }
      });

      it("resumes a later stream from lastEventId, and says reset when that id is unknown", async () => {
        const { stint } = await signUp(deployment.url, "resumer");
        const first = collect((onOpen) => stint.events.stream({ onOpen }));
        await first.listening;
        const one = await stint.projects.create({ name: "one" });
        await eventually("one", () => createdIds(first.seen).includes(one.id));
        const lastEventId = (first.seen[0] as StintEvent).id;
        first.stream.close();
        await first.done;
        const two = await stint.projects.create({ name: "two" });

        const resumed = stint.events.stream({ lastEventId });
        expect((await resumed.next()).value).toMatchObject({ type: "project.created", data: { id: two.id } });
        await resumed.return();

        const unknown = stint.events.stream({ lastEventId: "evt_4fJ2kLm9QxT7bN1cR8sV0w" });
        expect((await unknown.next()).value).toMatchObject({ type: "reset", reason: "unknown_last_event_id" });
        unknown.close();
      });

      it("ends with a PermissionDeniedError for a key without events:read, without reconnecting", async () => {
        const { stint } = await signUp(deployment.url, "keyed");
        const created = await stint.apiKeys.create({ name: "no events", permissions: ["projects:read"] });
        const keyed = new Stint({ baseUrl: deployment.url, apiKey: created.key });
        await expect(keyed.events.stream().next()).rejects.toBeInstanceOf(PermissionDeniedError);
      });
    });

    describe("raw responses", () => {
      it("when any call is asked withResponse(), then it gives the result with its HTTP response and request id", async () => {
        // An account of its own: the owner's requests are counted by the rate limit the last tests meet.
        const { stint: owner } = await signUp(deployment.url, "raw");
        const created = await owner.projects.create({ name: `Raw ${uniqueLabel()}` }).withResponse();
        expect(created.response.status).toBe(201);
        expect(created.response.headers.get("location")).toMatch(new RegExp(`/projects/${created.data.id}$`));
        expect(created.requestId).toBe(created.response.headers.get("x-request-id"));
        expect(created.requestId).toEqual(expect.any(String));

        const read = await owner.projects.get(created.data.id, { headers: { "X-Request-Id": "sdk-raw-1" } }).withResponse();
        expect(read).toMatchObject({ data: created.data, requestId: "sdk-raw-1" });
        expect(read.response.status).toBe(200);

        const page = await owner.projects.list({ perPage: 1 }).withResponse();
        expect(page.response.status).toBe(200);
        expect(page.data.meta.per_page).toBe(1);
        expect(page.response.headers.get("x-ratelimit-remaining")).toEqual(expect.any(String));

        const file = await owner.reports.exportDetailed({ startDate: "2026-01-01", endDate: "2026-01-31", format: "csv" }).withResponse();
        expect(file.response.headers.get("content-type")).toMatch(/^text\/csv/);
        expect(file.data.filename).toBe("stint-detailed-2026-01-01-2026-01-31.csv");

        const version = await new Stint({ baseUrl: deployment.url }).version().withResponse();
        expect(version.data).toMatchObject({ name: "stint" });

        const deleted = await owner.projects.delete(created.data.id).withResponse();
        expect(deleted.data).toBeUndefined();
        expect(deleted.response.status).toBe(204);
      });

      it("when a call is awaited instead, then it resolves to the result alone, and an error fails it the same way either face", async () => {
        const { stint: owner, session: own } = await signUp(deployment.url, "awaiter");
        const pending = owner.organization.get();
        expect(await pending).toMatchObject({ id: own.organization.id });
        expect((await pending.withResponse()).data).toEqual(await pending);
        const missing = owner.timeEntries.get("te_0000000000000000000000");
        await expect(missing.withResponse()).rejects.toBeInstanceOf(NotFoundError);
        await expect(missing).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe("retries, idempotency keys, timeouts and errors", () => {
      // An account of its own: this block's requests, with the rest of the suite's, would take the
      // owner past the rate limit (100 a minute), and a 429's wait would outlast a test.
      let own: { session: Session; stint: Stint };
      beforeAll(async () => {
        const made = await signUp(deployment.url, "retrier");
        own = { session: made.session, stint: made.stint };
      });
      /** A client of this block's account through the proxy, so the test sees and shapes the traffic. */
      const proxied = (options: { maxRetries?: number; timeout?: number; longestRetryAfter?: number } = {}) =>
        new Stint({ baseUrl: proxy.url, accessToken: own.session.access_token, ...options });

      it("when the client sends a request, then it names itself in X-Stint-Client and User-Agent", async () => {
        await proxied().projects.list();
        const [get] = proxy.requests;
        expect(get?.headers["x-stint-client"]).toBe(`stint-js/${VERSION}`);
        expect(get?.headers["user-agent"]).toMatch(new RegExp(`^stint-js/${VERSION.replace(/\./g, "\\.")} node/`));
      });

      it("when the client sends a POST, then it carries an Idempotency-Key, and other methods do not", async () => {
        const stint = proxied();
        await stint.projects.list();
        await newProject(stint);
        const [get, post] = proxy.requests;
        expect(get?.headers["idempotency-key"]).toBeUndefined();
        expect(post?.headers["idempotency-key"]).toMatch(/^stint-js-[0-9a-f]{32}$/);
      });

      it.each([408, 429, 500, 502, 503, 504])(
        "when a %i comes back, then the request is retried and succeeds on the next attempt",
        async (status) => {
          proxy.plan = (_request, n) =>
            n === 1 ? { kind: "answer", status, headers: { "retry-after": "0" }, body: STYLE_A_UNAVAILABLE } : { kind: "forward" };
          const project = await newProject(proxied());
          expect(project.id).toMatch(/^prj_/);
          expect(proxy.requests.map((request) => request.action)).toEqual(["answer", "forward"]);
          expect(proxy.requests[1]?.headers["x-stint-retry-count"]).toBe("1");
        },
      );

      // Accounts of their own: the owner's requests are counted by the rate limit the last tests meet.
      it("when a POST's 409 says its first attempt is still running, then it is retried with the same Idempotency-Key", async () => {
        const { session: own, stint: direct } = await signUp(deployment.url, "waiter");
        proxy.plan = (_request, n) => (n === 1 ? { kind: "answer", status: 409, body: STYLE_A_IN_PROGRESS } : { kind: "forward" });
        const project = await newProject(proxiedAs(own));
        const [refused, retried] = proxy.requests;
        expect(proxy.requests.map((request) => request.action)).toEqual(["answer", "forward"]);
        expect(retried?.headers["idempotency-key"]).toBe(refused?.headers["idempotency-key"]);
        expect(retried?.upstream?.status).toBe(201);
        expect(await direct.projects.get(project.id)).toEqual(project);
      });

      it("when a create or a PATCH meets a real conflict, then it is not retried", async () => {
        const { session: own, stint: direct } = await signUp(deployment.url, "conflicted");
        const taken = await newProject(direct);
        const other = await newProject(direct);
        const stint = proxiedAs(own);
        await expect(stint.projects.create({ name: taken.name })).rejects.toBeInstanceOf(ConflictError);
        await expect(stint.projects.update(other.id, { name: taken.name })).rejects.toBeInstanceOf(ConflictError);
        expect(proxy.requests.map((request) => [request.method, request.upstream?.status])).toEqual([
          ["POST", 409],
          ["PATCH", 409],
        ]);
      });

      it("when a PATCH gets a 409, whatever it says, then it is not retried", async () => {
        const { session: own, stint: direct } = await signUp(deployment.url, "patcher");
        const project = await newProject(direct);
        proxy.plan = () => ({ kind: "answer", status: 409, body: STYLE_A_IN_PROGRESS });
        await expect(proxiedAs(own).projects.update(project.id, { description: "Changed" })).rejects.toBeInstanceOf(ConflictError);
        expect(proxy.requests).toHaveLength(1);
      });

      it("when a 429 says Retry-After, then the client waits that long before trying again", async () => {
        proxy.plan = (_request, n) =>
          n === 1 ? { kind: "answer", status: 429, headers: { "retry-after": "1" }, body: STYLE_A_RATE_LIMITED } : { kind: "forward" };
        await proxied().projects.list();
        const [first, second] = proxy.requests;
        expect(proxy.requests).toHaveLength(2);
        // A lower bound only: the client may wait longer on a busy machine, never less.
        expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
      });

      it("when a Retry-After is longer than a minute, then the caller gets the RateLimitError instead of a wait", async () => {
        proxy.plan = () => ({
          kind: "answer",
          status: 429,
          headers: { "retry-after": "3600" },
          body: { error: { code: "rate_limited", message: "Slow down", details: { retry_after: 3600 } } },
        });
        await expect(proxied().projects.list()).rejects.toMatchObject({ name: "RateLimitError", retryAfter: 3600 });
        expect(proxy.requests).toHaveLength(1);
      });

      it("when a Retry-After is longer than the client's longestRetryAfter, then the caller gets the RateLimitError at once", async () => {
        proxy.plan = () => ({ kind: "answer", status: 429, headers: { "retry-after": "6" }, body: STYLE_A_RATE_LIMITED });
        await expect(proxied({ longestRetryAfter: 5 }).projects.list()).rejects.toMatchObject({ name: "RateLimitError", retryAfter: 6 });
        expect(proxy.requests).toHaveLength(1);
      });

      it("when 503s keep coming, then the client gives up after two retries with the typed error of the last answer", async () => {
        proxy.plan = () => ({
          kind: "answer",
          status: 503,
          headers: { "retry-after": "0", "x-request-id": "req-503" },
          body: STYLE_A_UNAVAILABLE,
        });
        const error = await proxied()
          .projects.list()
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(error).toBeInstanceOf(InternalServerError);
        expect(error).toMatchObject({ status: 503, code: "service_unavailable", message: "503 Try again shortly", requestId: "req-503" });
        expect(proxy.requests).toHaveLength(3);
      });

      it("when maxRetries is set per client or per request, then it is honoured", async () => {
        proxy.plan = () => ({ kind: "answer", status: 503, headers: { "retry-after": "0" }, body: STYLE_A_UNAVAILABLE });
        const once = proxied({ maxRetries: 0 });
        await expect(once.projects.list()).rejects.toBeInstanceOf(InternalServerError);
        expect(proxy.requests).toHaveLength(1);
        await expect(once.projects.list(undefined, { maxRetries: 3 })).rejects.toBeInstanceOf(InternalServerError);
        expect(proxy.requests).toHaveLength(5);
      });

      it("when a 400, 401, 403 or 404 comes back, then nothing is retried", async () => {
        const stint = proxied();
        await expect(stint.projects.get("prj_0000000000000000000000")).rejects.toBeInstanceOf(NotFoundError);
        await expect(stint.projects.create({ name: "" })).rejects.toBeInstanceOf(BadRequestError);
        await expect(new Stint({ baseUrl: proxy.url, apiKey: "tt_live_unknown" }).projects.list()).rejects.toBeInstanceOf(
          AuthenticationError,
        );
        expect(proxy.requests).toHaveLength(3);
      });

      it("when a POST's answer is lost, then it is retried with the same Idempotency-Key and runs once", async () => {
        const name = `Lost answer ${uniqueLabel()}`;
        proxy.plan = (_request, n) => (n === 1 ? { kind: "lose-response" } : { kind: "forward" });
        const project = await proxied().projects.create({ name });

        const [lost, retried] = proxy.requests;
        expect(proxy.requests).toHaveLength(2);
        expect(lost?.upstream?.status).toBe(201);
        expect(retried?.headers["idempotency-key"]).toBe(lost?.headers["idempotency-key"]);
        expect(retried?.upstream?.headers["idempotent-replayed"]).toBe("true");
        expect(project.id).toBe((JSON.parse(lost?.upstream?.body ?? "{}") as { data: Project }).data.id);
        const named = (await own.stint.projects.list({ perPage: 200 })).data.filter((p) => p.name === name);
        expect(named).toHaveLength(1);
      });

      it("when a timer start's answer is lost, then one timer is started, not two", async () => {
        const { session: runner } = await signUp(deployment.url, "runner");
        const stint = new Stint({ baseUrl: proxy.url, accessToken: runner.access_token });
        const project = await stint.projects.create({ name: "Timed" });
        proxy.reset();
        proxy.plan = (_request, n) => (n === 1 ? { kind: "lose-response" } : { kind: "forward" });
        const entry = await stint.timeEntries.start({ projectId: project.id });
        expect(proxy.requests.map((request) => request.upstream?.status)).toEqual([201, 201]);
        const entries = await new Stint({ baseUrl: deployment.url, accessToken: runner.access_token }).timeEntries.list();
        expect(entries.data.map((e) => e.id)).toEqual([entry.id]);
      });

      it("when connections keep dropping, then they are retried and an APIConnectionError comes at last", async () => {
        proxy.plan = () => ({ kind: "reset" });
        await expect(proxied({ maxRetries: 1 }).projects.list()).rejects.toBeInstanceOf(APIConnectionError);
        expect(proxy.requests).toHaveLength(2);
        // Nothing listening at all (a port just freed): the reason is named.
        const port = await freePort();
        const nowhere = new Stint({ baseUrl: `http://127.0.0.1:${port}`, accessToken: "x", maxRetries: 0 });
        await expect(nowhere.projects.list()).rejects.toThrow(`Could not reach http://127.0.0.1:${port}: fetch failed: ECONNREFUSED`);
        proxy.reset();
        proxy.plan = (_request, n) => (n === 1 ? { kind: "reset" } : { kind: "forward" });
        expect((await proxied().projects.list()).data).toEqual(expect.any(Array));
      });

      it("when an attempt gets no answer, then it times out (per client or per request) and is retried", async () => {
        proxy.plan = () => ({ kind: "hang" });
        await expect(proxied({ timeout: 200, maxRetries: 0 }).projects.list()).rejects.toBeInstanceOf(APITimeoutError);
        await expect(proxied({ maxRetries: 0 }).projects.list(undefined, { timeout: 200 })).rejects.toBeInstanceOf(APITimeoutError);
        expect(proxy.requests).toHaveLength(2);
        proxy.reset();
        proxy.plan = (_request, n) => (n === 1 ? { kind: "hang" } : { kind: "forward" });
        expect((await proxied({ timeout: 3_000 }).projects.list()).data).toEqual(expect.any(Array));
        expect(proxy.requests).toHaveLength(2);
      });

      it("when the caller's AbortSignal fires, then the request stops at once without retrying", async () => {
        proxy.plan = () => ({ kind: "hang" });
        const controller = new AbortController();
        const pending = proxied()
          .projects.list(undefined, { signal: controller.signal })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        await eventually("the request at the proxy", () => proxy.requests.length === 1);
        controller.abort();
        expect(await pending).toBeInstanceOf(APIUserAbortError);
        // An abort during the wait between attempts ends it too.
        proxy.plan = () => ({ kind: "answer", status: 503, headers: { "retry-after": "30" }, body: STYLE_A_UNAVAILABLE });
        const waiting = new AbortController();
        const between = proxied()
          .projects.list(undefined, { signal: waiting.signal })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        await eventually("the 503 answered", () => proxy.requests.length === 2);
        waiting.abort();
        expect(await between).toBeInstanceOf(APIUserAbortError);
        expect(proxy.requests).toHaveLength(2);
      });

      it("when the signal has already fired, then nothing is sent", async () => {
        await expect(proxied().projects.list(undefined, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(APIUserAbortError);
        expect(proxy.requests).toHaveLength(0);
      });

      it("when a success is not JSON, as when baseUrl points elsewhere, then the error says so", async () => {
        proxy.plan = () => ({ kind: "answer", status: 200, headers: { "content-type": "text/html" }, body: "<html>" });
        await expect(proxied().projects.list()).rejects.toThrow(/not JSON \(text\/html\)/);
      });

      it("when a fetch is given, then every request goes through it", async () => {
        const seen: string[] = [];
        const stint = new Stint({
          baseUrl: deployment.url,
          accessToken: own.session.access_token,
          fetch: (input, init) => {
            seen.push(`${init.method} ${new URL(input).pathname}`);
            return fetch(input, init);
          },
        });
        await stint.timeEntries.current();
        expect(seen).toEqual(["GET /api/v1/time-entries/current"]);
      });

      it("when Style A answers an error, then it is typed with its code, details and request id", async () => {
        const error = await proxied()
          .projects.create({ name: "" }, { headers: { "X-Request-Id": "sdk-style-a" } })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BadRequestError);
        expect(error).toMatchObject({
          status: 400,
          code: "invalid_request",
          requestId: "sdk-style-a",
          details: expect.objectContaining({ field: "name" }),
        });
        expect((error as BadRequestError).body).toMatchObject({ error: { code: "invalid_request" } });
      });

      it("when Style B answers an error, then it is typed the same way from its other shape", async () => {
        // The proxy turns the library's Style A paths into Style B's, whose errors look different.
        proxy.rewritePath = (path) => path.replace(/^\/api\/v1\//, "/api/");
        const stint = proxied();
        const invalid = await stint.projects.create({ name: "" }, { headers: { "X-Request-Id": "sdk-style-b" } }).catch((e: unknown) => e);
        expect(invalid).toBeInstanceOf(BadRequestError);
        expect(invalid).toMatchObject({
          status: 400,
          code: "VALIDATION_ERROR",
          requestId: "sdk-style-b",
          details: expect.objectContaining({ field: "name" }),
        });
        expect((invalid as BadRequestError).body).toMatchObject({ error: expect.any(String), code: "VALIDATION_ERROR" });
        const missing = await stint.projects.get("prj_0000000000000000000000").catch((e: unknown) => e);
        expect(missing).toBeInstanceOf(NotFoundError);
        expect(missing).toMatchObject({ code: "NOT_FOUND", message: expect.stringMatching(/^404 /) });
        const name = `Duplicate ${uniqueLabel()}`;
        await stint.projects.create({ name });
        await expect(stint.projects.create({ name }, { maxRetries: 0 })).rejects.toMatchObject({ status: 409, code: "CONFLICT" });
        expect(proxy.requests.map((request) => request.upstream?.path.split("/").slice(0, 3).join("/"))).toEqual(
          Array(proxy.requests.length).fill("/api/projects"),
        );
      });

      it("when a body is too large, then a PayloadTooLargeError comes and nothing is retried", async () => {
        const error = await proxied()
          .projects.create({ name: "Too long", description: "x".repeat(1024 * 1024 + 1) })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PayloadTooLargeError);
        expect(error).toMatchObject({ status: 413, code: "payload_too_large", requestId: expect.any(String) });
        expect(proxy.requests).toHaveLength(1);
      });

      it("when Stint's own rate limit is met, then it comes as a RateLimitError with retryAfter", async () => {
        const key = await own.stint.apiKeys.create({ name: "busy", permissions: ["projects:read"] });
        const busy = new Stint({ baseUrl: deployment.url, apiKey: key.key, maxRetries: 0 });
        let limited: unknown;
        // 100 a minute (docs/api.md#rate-limits); a window that turns over midway needs up to twice
        // that. Sent 50 at a time: one by one, a busy machine took longer than the test may last.
        for (let batch = 0; batch < 5 && limited === undefined; batch++) {
          const outcomes = await Promise.all(
            Array.from({ length: 50 }, () =>
              busy.projects.list({ perPage: 1 }).then(
                () => undefined,
                (e: unknown) => e,
              ),
            ),
          );
          limited = outcomes.find((outcome) => outcome !== undefined);
        }
        expect(limited).toBeInstanceOf(RateLimitError);
        const error = limited as RateLimitError;
        expect(error).toMatchObject({ status: 429, code: "rate_limited" });
        expect(error.retryAfter).toBeGreaterThan(0);
        expect(error.retryAfter).toBeLessThanOrEqual(60);
        expect(error.headers.get("x-ratelimit-remaining")).toBe("0");
      });
    });
  });
}
