import { verify } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { joinTeam, withApiKey } from "./support/accounts";
import { aProject, aWebhook } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { eventually, WebhookReceiver } from "./support/webhook-receiver";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Delivery, Webhook } from "../services/webhooks/contract";

type Created = Webhook & { secret: string };

const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_URLS: "true" };

/** The webhooks API over HTTP in both styles, with real receivers on loopback; run once per deployment mode. */
export function describeWebhooksApi(mode: StintMode): void {
  describeStint(mode, "webhooks API", () => {
    const stint = useStint({ mode, env: ALLOW_PRIVATE });
    let owner: Client;
    let inbox: WebhookReceiver;

    beforeAll(async () => {
      owner = (await registerOwner(stint.url)).api;
      inbox = await WebhookReceiver.start();
    });

    afterAll(async () => {
      await inbox?.close();
    });

    async function createWebhook(api: Client, events: string[] = ["project.created"], url = inbox.url, base = A): Promise<Created> {
      const res = await api.post<{ data: Created }>(`${base}/webhooks`, aWebhook(url, { events }));
      if (res.status !== 201) throw new Error(`webhook not created: ${res.status} ${res.text}`);
      return res.body.data;
    }

    async function deliveriesOf(api: Client, id: string, count: number): Promise<Delivery[]> {
      return eventually(`${count} settled deliveries`, async () => {
        const res = await api.get<List<Delivery>>(`${A}/webhooks/${id}/deliveries`);
        return res.body.data.length >= count && res.body.data.every((d) => d.status !== "pending") ? res.body.data : undefined;
      });
    }

    describe("subscriptions", () => {
      it("when a webhook is created, then its secret is shown once and Style A reads and lists it without the secret", async () => {
        const res = await owner.post<{ data: Created }>(`${B}/webhooks`, {
          url: inbox.url,
          events: ["time_entry.created", "project.deleted", "time_entry.created"],
        });
        expect(res.status).toBe(201);
        const created = res.body.data;
        expect(created).toEqual({
          id: expect.stringMatching(/^wh_[0-9A-Za-z]{22}$/),
          url: inbox.url,
          events: ["time_entry.created", "project.deleted"],
          status: "active",
          disabled_reason: null,
          secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
          created_at: expect.stringMatching(ISO_SECONDS),
          updated_at: created.created_at,
        });
        expect(res.headers.get("location")).toBe(`${B}/webhooks/${created.id}`);

        const read = await owner.get<{ data: Webhook }>(`${A}/webhooks/${created.id}`);
        expect(read.status).toBe(200);
        const { secret, ...shown } = created;
        expect(read.body.data).toEqual(shown);
        expect(read.text).not.toContain(secret);
        const listed = await owner.get<List<Webhook>>(`${B}/webhooks`);
        expect(listed.body.data.map((w) => w.id)).toContain(created.id);
        expect(listed.body.meta).toMatchObject({ page: 1, per_page: 50 });
        expect(listed.text).not.toContain("whsec_");
      });

      it("when a webhook is created in Style A, then its Location is in Style A and /v1 reads it", async () => {
        const res = await owner.post<{ data: Created }>(`${A}/webhooks`, aWebhook(inbox.url, { events: ["user.joined"] }));
        expect(res.status).toBe(201);
        expect(res.headers.get("location")).toBe(`${A}/webhooks/${res.body.data.id}`);
        expect((await owner.get(`/v1/webhooks/${res.body.data.id}`)).status).toBe(200);
      });

      it("when a webhook names an unknown event, then the 400 names that event, in each style's shape", async () => {
        const a = await owner.post<StyleAError>(`${A}/webhooks`, aWebhook(inbox.url, { events: ["project.created", "project.exploded"] }));
        expect(a.status).toBe(400);
        expect(a.body.error.code).toBe("invalid_request");
        expect(a.body.error.details).toMatchObject({ field: "events", reason: "invalid" });
        expect(a.body.error.message).toContain('"project.exploded"');
        expect(a.body.error.message).not.toContain('"project.created"');
        const b = await owner.post<StyleBError>(`${B}/webhooks`, aWebhook(inbox.url, { events: ["ping"] }));
        expect(b.status).toBe(400);
        expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "events", reason: "invalid" } });
        expect(b.body.error).toContain('"ping"');
      });

      it.each([
        ["no url", { url: undefined }, "url", "required"],
        ["no events", { events: undefined }, "events", "required"],
        ["no event in the list", { events: [] }, "events", "required"],
        ["events that are not a list", { events: "project.created" }, "events", "invalid"],
        ["a url that is a number", { url: 42 }, "url", "invalid"],
        ["a url that is not one", { url: "not a url" }, "url", "invalid"],
        ["an ftp url", { url: "ftp://127.0.0.1/x" }, "url", "invalid"],
        ["a secret of its own", { secret: "mine" }, "secret", "unknown"],
        ["a status", { status: "disabled" }, "status", "unknown"],
      ])("when a webhook has %s, then the 400 names %s (%s)", async (_case, change, field, reason) => {
        const res = await owner.post<StyleAError>(`${A}/webhooks`, { ...aWebhook("http://127.0.0.1:9/x"), ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("when a webhook's url and events are changed, then it takes them and still hides its secret", async () => {
        const webhook = await createWebhook(owner, ["project.created"]);
        const changed = await owner.patch<{ data: Webhook }>(`${B}/webhooks/${webhook.id}`, {
          url: "http://127.0.0.1:9/elsewhere",
          events: ["project.updated"],
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data).toMatchObject({ url: "http://127.0.0.1:9/elsewhere", events: ["project.updated"], status: "active" });
        expect(changed.text).not.toContain("whsec_");
      });

      it("when a webhook is disabled, then it says why and gets nothing until it is enabled again", async () => {
        const other = await WebhookReceiver.start();
        const webhook = await createWebhook(owner, ["project.updated"], other.url);
        try {
          const disabled = await owner.patch<{ data: Webhook }>(`${A}/webhooks/${webhook.id}`, { status: "disabled" });
          expect(disabled.body.data).toMatchObject({ status: "disabled", disabled_reason: "Disabled through the API" });
          const project = await createProject(owner);
          await owner.patch(`${A}/projects/${project.id}`, { description: "changed" });
          const ping = await owner.post<StyleAError>(`${A}/webhooks/${webhook.id}/test`);
          expect(ping.status).toBe(409);

          const enabled = await owner.patch<{ data: Webhook }>(`${A}/webhooks/${webhook.id}`, { status: "active" });
          expect(enabled.body.data).toMatchObject({ status: "active", disabled_reason: null });
          await owner.patch(`${A}/projects/${project.id}`, { description: "changed again" });
          await other.waitFor(1);
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(other.events().map((e) => [e.type, (e.data as { description?: string }).description])).toEqual([
            ["project.updated", "changed again"],
          ]);
        } finally {
          await other.close();
        }
      });

      it("when a change is empty, unknown or has a bad status, then it is refused with 400", async () => {
        const webhook = await createWebhook(owner);
        expect((await owner.patch<StyleAError>(`${A}/webhooks/${webhook.id}`, {})).status).toBe(400);
        const unknown = await owner.patch<StyleAError>(`${A}/webhooks/${webhook.id}`, { secret: "whsec_mine" });
        expect(unknown.body.error.details).toMatchObject({ field: "secret", reason: "unknown" });
        const badStatus = await owner.patch<StyleAError>(`${A}/webhooks/${webhook.id}`, { status: "paused" });
        expect(badStatus.body.error.details).toMatchObject({ field: "status", reason: "invalid" });
      });

      it("when the secret is rotated, then the new one is shown once and signs from then on", async () => {
        const webhook = await createWebhook(owner, ["project.created"]);
        const rotated = await owner.post<{ data: Created }>(`${B}/webhooks/${webhook.id}/rotate-secret`);
        expect(rotated.status).toBe(200);
        expect(rotated.body.data.secret).toMatch(/^whsec_/);
        expect(rotated.body.data.secret).not.toBe(webhook.secret);
        expect((await owner.get(`${A}/webhooks/${webhook.id}`)).text).not.toContain(rotated.body.data.secret);
        const before = inbox.requests.length;
        await owner.post(`${A}/webhooks/${webhook.id}/test`);
        const [request] = (await inbox.waitFor(before + 1)).slice(before);
        await expect(
          verify(rotated.body.data.secret, request?.body ?? "", request?.headers["x-webhook-signature"] as string),
        ).resolves.toBe(true);
        await expect(verify(webhook.secret, request?.body ?? "", request?.headers["x-webhook-signature"] as string)).resolves.toBe(false);
      });

      it("when a webhook is deleted (204), then it and its deliveries are gone", async () => {
        const webhook = await createWebhook(owner);
        const res = await owner.delete(`${B}/webhooks/${webhook.id}`);
        expect(res.status).toBe(204);
        expect((await owner.get(`${A}/webhooks/${webhook.id}`)).status).toBe(404);
        expect((await owner.get(`${A}/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
        expect((await owner.delete(`${A}/webhooks/${webhook.id}`)).status).toBe(404);
      });

      it("when a webhook or delivery id is malformed or unknown, then the answer is 404", async () => {
        const notFound = await owner.get<StyleBError>(`${B}/webhooks/wh_nope`);
        expect(notFound.status).toBe(404);
        expect(notFound.body.code).toBe("NOT_FOUND");
        expect((await owner.get(`${A}/webhooks/wh_0000000000000000000000`)).status).toBe(404);
        expect((await owner.post(`${A}/webhooks/prj_0000000000000000000000/test`)).status).toBe(404);
        const webhook = await createWebhook(owner);
        expect((await owner.post(`${A}/webhooks/${webhook.id}/deliveries/whd_0000000000000000000000/redeliver`)).status).toBe(404);
        expect((await owner.post(`${A}/webhooks/${webhook.id}/deliveries/evt_0000000000000000000000/redeliver`)).status).toBe(404);
      });
    });

    describe("deliveries", () => {
      it("when a webhook is tested, then a ping goes out that both reference libraries verify, and its delivery is logged", async () => {
        const webhook = await createWebhook(owner, ["user.removed"]);
        const before = inbox.requests.length;
        const res = await owner.post<{ data: Delivery }>(`${B}/webhooks/${webhook.id}/test`);
        expect(res.status).toBe(201);
        expect(res.headers.get("location")).toBe(`${B}/webhooks/${webhook.id}/deliveries/${res.body.data.id}`);
        expect(res.body.data).toMatchObject({
          id: expect.stringMatching(/^whd_/),
          webhook_id: webhook.id,
          event_type: "ping",
          status: "pending",
          attempts: [],
        });
        const [request] = (await inbox.waitFor(before + 1)).slice(before);
        if (!request) throw new Error("no ping");
        expect(JSON.parse(request.body)).toEqual({
          id: res.body.data.event_id,
          type: "ping",
          created_at: expect.stringMatching(ISO_SECONDS),
          organization_id: expect.stringMatching(/^org_/),
          data: { webhook_id: webhook.id },
        });
        await expect(verify(webhook.secret, request.body, request.headers["x-webhook-signature"] as string)).resolves.toBe(true);
        expect(new StandardWebhook(webhook.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({
          type: "ping",
        });

        const [logged] = await deliveriesOf(owner, webhook.id, 1);
        expect(logged).toMatchObject({
          id: res.body.data.id,
          status: "succeeded",
          attempts: [{ attempt: 1, outcome: "succeeded", status_code: 200, error: null, next_retry_at: null }],
        });
        expect(logged?.attempts[0]?.started_at).toMatch(ISO_SECONDS);
        expect(typeof logged?.attempts[0]?.duration_ms).toBe("number");
        const one = await owner.get<{ data: Delivery }>(`${B}/webhooks/${webhook.id}/deliveries/${res.body.data.id}`);
        expect(one.status).toBe(200);
        expect(one.body.data).toEqual(logged);
      });

      it("when a project is created, then subscribers get project.created with the project as Style A shows it", async () => {
        await createWebhook(owner, ["project.created"]);
        const before = inbox.requests.length;
        const project = (await owner.post<{ data: Record<string, unknown> }>(`${B}/projects`, aProject())).body.data;
        const [request] = (await inbox.waitFor(before + 1)).slice(before);
        const event = JSON.parse(request?.body ?? "{}") as { id: string; type: string; data: Record<string, unknown> };
        expect(event.type).toBe("project.created");
        expect(event.data).toEqual({ ...project, id: String(project.id).replace(/^proj_/, "prj_") });
      });

      it("when a delivery is redelivered, then the same event goes out again under its id and both deliveries are logged", async () => {
        const webhook = await createWebhook(owner, ["project.created"]);
        const before = inbox.requests.length;
        await createProject(owner);
        const [request] = (await inbox.waitFor(before + 1)).slice(before);
        const event = JSON.parse(request?.body ?? "{}") as { id: string };

        const [delivery] = await deliveriesOf(owner, webhook.id, 1);
        const again = await owner.post<{ data: Delivery }>(`${A}/webhooks/${webhook.id}/deliveries/${delivery?.id}/redeliver`);
        expect(again.status).toBe(201);
        expect(again.body.data).toMatchObject({ event_id: event.id, redelivery_of: delivery?.id, status: "pending" });
        const [repeat] = (await inbox.waitFor(before + 2)).slice(before + 1);
        expect(repeat?.body).toBe(request?.body);
        expect(repeat?.headers["x-webhook-id"]).toBe(event.id);

        await deliveriesOf(owner, webhook.id, 2);
        const succeeded = await owner.get<List<Delivery>>(`${B}/webhooks/${webhook.id}/deliveries?status=succeeded&per_page=1`);
        expect(succeeded.body.meta).toEqual({ total: 2, page: 1, per_page: 1 });
        expect(succeeded.body.data).toHaveLength(1);
        expect((await owner.get<StyleAError>(`${A}/webhooks/${webhook.id}/deliveries?status=lost`)).status).toBe(400);
        expect((await owner.get<StyleAError>(`${A}/webhooks/${webhook.id}/deliveries?per_page=500`)).status).toBe(400);
      });
    });

    describe("access", () => {
      it("when a member reaches for webhooks, then reads and writes are refused with 403", async () => {
        const team = await registerOwner(stint.url, "Managers");
        const member = await joinTeam(stint.url, team.api, "member");
        const admin = await joinTeam(stint.url, team.api, "admin");
        const webhook = await createWebhook(admin.api);
        const read = await member.api.get<StyleAError>(`${A}/webhooks`);
        expect(read.status).toBe(403);
        expect(read.body.error.code).toBe("forbidden");
        expect((await member.api.get(`${A}/webhooks/${webhook.id}`)).status).toBe(403);
        expect((await member.api.post(`${B}/webhooks`, aWebhook(inbox.url))).status).toBe(403);
        expect((await member.api.post(`${A}/webhooks/${webhook.id}/rotate-secret`)).status).toBe(403);
        expect((await team.api.get(`${A}/webhooks/${webhook.id}`)).status).toBe(200);
      });

      it("when a key may only read webhooks, then writing is refused with 403 naming webhooks:write", async () => {
        const reader = (await withApiKey(stint.url, owner, { permissions: ["webhooks:read"] })).api;
        expect((await reader.get(`${A}/webhooks`)).status).toBe(200);
        const write = await reader.post<StyleAError>(`${A}/webhooks`, aWebhook(inbox.url));
        expect(write.status).toBe(403);
        expect(write.body.error.details.permission).toBe("webhooks:write");
      });

      it("when another organization names a webhook, then every operation answers 404 and the webhook is untouched", async () => {
        const mine = await createWebhook(owner, ["project.created"]);
        const other = await registerOwner(stint.url, "Stranger");
        for (const [method, path, body] of [
          ["GET", `${A}/webhooks/${mine.id}`],
          ["PATCH", `${A}/webhooks/${mine.id}`, { status: "disabled" }],
          ["DELETE", `${B}/webhooks/${mine.id}`],
          ["POST", `${A}/webhooks/${mine.id}/rotate-secret`],
          ["POST", `${A}/webhooks/${mine.id}/test`],
          ["GET", `${A}/webhooks/${mine.id}/deliveries`],
        ] as const) {
          expect((await other.api.send(method, path, { body })).status).toBe(404);
        }
        expect((await other.api.get<List<Webhook>>(`${A}/webhooks`)).body.data).toEqual([]);
        expect((await owner.get<{ data: Webhook }>(`${A}/webhooks/${mine.id}`)).body.data.status).toBe("active");
      });

      it("when a member's events happen, then only their own organization's webhooks get them", async () => {
        const team = await registerOwner(stint.url, "Team");
        const outsider = await registerOwner(stint.url, "Outsider");
        const [teamInbox, outsiderInbox] = [await WebhookReceiver.start(), await WebhookReceiver.start()];
        try {
          const everything = ["time_entry.started", "time_entry.stopped", "user.joined", "project.created"];
          await createWebhook(team.api, everything, teamInbox.url);
          await createWebhook(outsider.api, everything, outsiderInbox.url);
          const member = await joinTeam(stint.url, team.api, "member");
          const project = await createProject(team.api);
          const started = await member.api.post<{ data: { id: string } }>(`${A}/time-entries/start`, { project_id: project.id });
          expect(started.status).toBe(201);
          await teamInbox.waitFor(3);
          await new Promise((resolve) => setTimeout(resolve, 300));
          const seen = teamInbox.events().map((e) => e.type);
          expect(seen).toEqual(expect.arrayContaining(["user.joined", "project.created", "time_entry.started"]));
          const timer = teamInbox.events().find((e) => e.type === "time_entry.started");
          expect(timer?.data).toMatchObject({ id: started.body.data.id, user_id: member.account.user.id });
          expect(teamInbox.events().every((e) => e.organization_id === team.account.organization.id)).toBe(true);
          expect(outsiderInbox.requests).toHaveLength(0);
        } finally {
          await teamInbox.close();
          await outsiderInbox.close();
        }
      });
    });

    describe("address rules in a deployment that does not allow private URLs", () => {
      const strict = useStint({ mode });
      let api: Client;

      beforeAll(async () => {
        api = (await registerOwner(strict.url, "Strict")).api;
      });

      it.each([
        ["http://93.184.216.34/hooks", "must use https://"],
        [`http://127.0.0.1:9/hooks`, "must use https://"],
        ["https://127.0.0.1/hooks", "loopback"],
        ["https://localhost:8443/hooks", "loopback"],
        ["https://[::1]/hooks", "loopback"],
        ["https://10.0.0.8/hooks", "private"],
        ["https://192.168.1.20/hooks", "private"],
        ["https://169.254.169.254/latest/meta-data/", "metadata"],
        ["https://[fd00:ec2::254]/", "metadata"],
        ["https://[::ffff:127.0.0.1]/hooks", "IPv4-mapped"],
        ["https://100.64.0.1/hooks", "CGNAT"],
      ])("when a webhook points at %s (%s), then both styles refuse it", async (url, why) => {
        const a = await api.post<StyleAError>(`${A}/webhooks`, aWebhook(url));
        expect(a.status).toBe(400);
        expect(a.body.error.details).toMatchObject({ field: "url", reason: "invalid" });
        expect(a.body.error.message).toContain(why);
        const b = await api.post<StyleBError>(`${B}/webhooks`, aWebhook(url));
        expect(b.status).toBe(400);
        expect(b.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "url" } });
        expect((await api.get<List<Webhook>>(`${A}/webhooks`)).body.data).toEqual([]);
      });

      it("when a webhook points at a public https address, then it is taken", async () => {
        const res = await api.post<{ data: Webhook }>(`${A}/webhooks`, aWebhook("https://93.184.216.34/hooks"));
        expect(res.status).toBe(201);
        await api.delete(`${A}/webhooks/${res.body.data.id}`);
      });

      it("when a webhook is moved to a private address, then the change is refused naming url", async () => {
        const res = await api.post<{ data: Webhook }>(`${A}/webhooks`, aWebhook("https://93.184.216.34/hooks"));
        expect(res.status).toBe(201);
        const moved = await api.patch<StyleAError>(`${A}/webhooks/${res.body.data.id}`, { url: "https://10.1.1.1/hooks" });
        expect(moved.status).toBe(400);
        expect(moved.body.error.details.field).toBe("url");
        await api.delete(`${A}/webhooks/${res.body.data.id}`);
      });
    });
  });
}
