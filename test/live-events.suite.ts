import { joinTeam } from "./support/accounts";
import { anApiKey, anInvitation, aTimerStart, type ApiKeyBody } from "./support/builders";
import { LiveStream, type StreamAnswer, type StreamedEvent } from "./support/event-stream";
import { registerOwner, type Account, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { A, B, type StyleAError, type StyleBError } from "./support/shapes";
import { describeStint, useStint, type StintMode } from "./support/stint";

/** Streams in these tests beat every second, so that waiting for heartbeats takes seconds, not 15 of them. */
export const LIVE_TEST_ENV = { EVENT_STREAM_HEARTBEAT_SECONDS: "1", EVENT_STREAMS_PER_ORGANIZATION: "3", EVENT_STREAMS_PER_HOLDER: "2" };

/** Opens a stream that must open; fails the test with the answer otherwise. */
export async function openStream(baseUrl: string, path: string, headers: Record<string, string>): Promise<LiveStream> {
  const answer = await LiveStream.open(baseUrl, path, headers);
  if (!("stream" in answer)) throw new Error(`the stream did not open: ${answer.status} ${answer.text}`);
  return answer.stream;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function startTimer(api: Client, projectId: string, description: string): Promise<{ id: string }> {
  const res = await api.post<{ data: { id: string } }>(`${A}/time-entries/start`, aTimerStart(projectId, { description }));
  if (res.status !== 201) throw new Error(`timer not started: ${res.status} ${res.text}`);
  return res.body.data;
}

async function newKey(api: Client, permissions: ApiKeyBody["permissions"]): Promise<{ id: string; key: string }> {
  const res = await api.post<{ data: { id: string; key: string } }>(`${A}/api-keys`, anApiKey({ permissions }));
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Live streams (`GET /events/stream`) over HTTP in both styles; run once per deployment mode. */
export function describeLiveEventsApi(mode: StintMode): void {
  describeStint(mode, "live event streams", () => {
    const stint = useStint({ mode, env: LIVE_TEST_ENV, label: "live" });
    let owner: { account: Account; api: Client };
    let project: { id: string };
    const open: LiveStream[] = [];

    const follow = async (path: string, headers: Record<string, string>) => {
      const stream = await openStream(stint.url, path, headers);
      open.push(stream);
      return stream;
    };

    beforeAll(async () => {
      owner = await registerOwner(stint.url);
      project = await createProject(owner.api, { name: "Live" });
    });

    afterEach(() => {
      for (const stream of open.splice(0)) stream.close();
    });

    describe("delivery", () => {
      it("when a timer starts, then the owner's open stream carries time_entry.started with id, event and the entry as data", async () => {
        const stream = await follow(`${A}/events/stream`, bearer(owner.account.access_token));
        expect(stream.retry).toBeGreaterThan(0);
        const entry = await startTimer(owner.api, project.id, "writing");
        const started = await stream.event("time_entry.started", (event) => event.data.id === entry.id);
        const message = stream.messages.find((m) => m.id === started.id);
        expect(message?.event).toBe("time_entry.started");
        expect(started).toMatchObject({
          id: expect.stringMatching(/^evt_/),
          organization_id: expect.stringMatching(/^org_/),
          data: { id: entry.id, user_id: owner.account.user.id, project_id: project.id, description: "writing", is_running: true },
        });
      });

      it("when a timer stops another, then time_entry.stopped comes before time_entry.started, in Style B with proj_ ids", async () => {
        const stream = await follow(`${B}/events/stream`, bearer(owner.account.access_token));
        const first = await startTimer(owner.api, project.id, "first");
        const second = await startTimer(owner.api, project.id, "second");
        await stream.event("time_entry.started", (event) => event.data.id === second.id);
        const types = stream.events.filter((event) => event.data.id === first.id || event.data.id === second.id);
        const stoppedAt = types.findIndex((event) => event.type === "time_entry.stopped" && event.data.id === first.id);
        const startedAt = types.findIndex((event) => event.type === "time_entry.started" && event.data.id === second.id);
        expect(stoppedAt).toBeGreaterThanOrEqual(0);
        expect(stoppedAt).toBeLessThan(startedAt);
        expect(types[startedAt]?.data.project_id).toBe(project.id.replace(/^prj_/, "proj_"));
      });

      it("when the stream is idle, then a comment line comes every heartbeat", async () => {
        const stream = await follow(`${A}/events/stream`, bearer(owner.account.access_token));
        const before = stream.comments;
        await stream.until("two heartbeats", (s) => s.comments >= before + 2);
        expect(stream.ended).toBe(false);
      });
    });

    describe("resuming", () => {
      it("when a stream reconnects with Last-Event-ID, then it gets what came after that event, once each, in order", async () => {
        const first = await follow(`${A}/events/stream`, bearer(owner.account.access_token));
        const one = await createProject(owner.api, { name: "one" });
        const two = await createProject(owner.api, { name: "two" });
        const seen = await first.event("project.created", (event) => event.data.id === two.id);
        const seenOne = await first.event("project.created", (event) => event.data.id === one.id);
        first.close();
        // While nobody listens.
        const three = await createProject(owner.api, { name: "three" });
        const four = await createProject(owner.api, { name: "four" });

        const again = await follow(`${A}/events/stream`, { ...bearer(owner.account.access_token), "last-event-id": seenOne.id });
        await again.event("project.created", (event) => event.data.id === four.id);
        const created = again.events.filter((event) => event.type === "project.created").map((event) => event.data.id);
        expect(created).toEqual([two.id, three.id, four.id]);
        expect(again.events.map((event) => event.id)).not.toContain(seenOne.id);
        expect(new Set(again.events.map((event) => event.id)).size).toBe(again.events.length);
        expect(created[0]).toBe(seen.data.id);
      });

      it("when the client can only put the id in the query (an EventSource polyfill), then `last_event_id` resumes in Style B too", async () => {
        const first = await follow(`${B}/events/stream`, bearer(owner.account.access_token));
        const one = await createProject(owner.api, { name: "query one" });
        const seen = await first.event("project.created", (event) => event.data.id === one.id.replace(/^prj_/, "proj_"));
        first.close();
        const two = await createProject(owner.api, { name: "query two" });
        const again = await follow(`${B}/events/stream?last_event_id=${seen.id}`, bearer(owner.account.access_token));
        const next = await again.event("project.created");
        expect(next.data.id).toBe(two.id.replace(/^prj_/, "proj_"));
      });

      it("when Last-Event-ID is unknown, then a reset message comes first and events go on from now", async () => {
        const stream = await follow(`${A}/events/stream`, {
          ...bearer(owner.account.access_token),
          "last-event-id": "evt_4fJ2kLm9QxT7bN1cR8sV0w",
        });
        await stream.until("a reset", (s) => s.messages.find((m) => m.event === "reset"));
        expect(JSON.parse(stream.messages[0]?.data ?? "{}")).toMatchObject({ reason: "unknown_last_event_id" });
        const made = await createProject(owner.api, { name: "after a reset" });
        await stream.event("project.created", (event) => event.data.id === made.id);
      });

      it("when Last-Event-ID is not an event id, then it is a 400 naming it, in each style's shape", async () => {
        const inA = (await LiveStream.open(stint.url, `${A}/events/stream`, {
          ...bearer(owner.account.access_token),
          "last-event-id": "42",
        })) as Exclude<StreamAnswer, { stream: LiveStream }>;
        expect(inA.status).toBe(400);
        expect((inA.body as StyleAError).error.details).toMatchObject({ field: "last_event_id" });
        const inB = (await LiveStream.open(
          stint.url,
          `${B}/events/stream?last_event_id=nope`,
          bearer(owner.account.access_token),
        )) as Exclude<StreamAnswer, { stream: LiveStream }>;
        expect(inB.status).toBe(400);
        expect((inB.body as StyleBError).code).toBe("VALIDATION_ERROR");
      });

      it("when the query's last_event_id is not an event id, then it is a 400 even beside a Last-Event-ID header that is one", async () => {
        const answer = (await LiveStream.open(stint.url, `${B}/events/stream?last_event_id=%F1%BE%A4%BC`, {
          ...bearer(owner.account.access_token),
          "last-event-id": `evt_${"0".repeat(22)}`,
        })) as Exclude<StreamAnswer, { stream: LiveStream }>;
        expect(answer.status).toBe(400);
        expect((answer.body as StyleBError).code).toBe("VALIDATION_ERROR");
      });

      it("when Last-Event-ID is empty, then it is a 400 too, not a stream resumed from the query's id", async () => {
        const seen = `evt_${"0".repeat(22)}`;
        const answer = (await LiveStream.open(stint.url, `${A}/events/stream?last_event_id=${seen}`, {
          ...bearer(owner.account.access_token),
          "last-event-id": "",
        })) as Exclude<StreamAnswer, { stream: LiveStream }>;
        expect(answer.status).toBe(400);
        expect((answer.body as StyleAError).error.details).toMatchObject({ field: "last_event_id" });
      });
    });

    describe("who sees what", () => {
      describe("when the owner starts a timer, invites someone and makes a project, and a member starts a timer", () => {
        let member: { account: Account; api: Client };
        let memberStream: LiveStream;
        let adminStream: LiveStream;
        let ownersEntry: { id: string };
        let shared: { id: string };

        beforeAll(async () => {
          member = await joinTeam(stint.url, owner.api, "member");
          const admin = await joinTeam(stint.url, owner.api, "admin");
          memberStream = await openStream(stint.url, `${A}/events/stream`, bearer(member.account.access_token));
          adminStream = await openStream(stint.url, `${A}/events/stream`, bearer(admin.account.access_token));

          ownersEntry = await startTimer(owner.api, project.id, "the owner's");
          const invited = await owner.api.post(`${A}/users/invitations`, anInvitation());
          if (invited.status !== 201) throw new Error(`invitation not sent: ${invited.status} ${invited.text}`);
          shared = await createProject(owner.api, { name: "for everyone" });
          const membersEntry = await startTimer(member.api, project.id, "the member's");

          // The member's entry is the last change: once a stream has it, it has had its chance at the others.
          await memberStream.event("time_entry.started", (event) => event.data.id === membersEntry.id);
          await adminStream.event("time_entry.started", (event) => event.data.id === membersEntry.id);
        });

        afterAll(() => {
          memberStream?.close();
          adminStream?.close();
        });

        it("then the member's stream carries the new project", () => {
          expect(memberStream.events.some((event) => event.type === "project.created" && event.data.id === shared.id)).toBe(true);
        });

        it("then the member's stream carries entries of the member's own only, not the owner's", () => {
          const entries = memberStream.events.filter((event) => event.type.startsWith("time_entry."));
          expect(entries.length).toBeGreaterThan(0);
          expect(entries.every((event) => event.data.user_id === member.account.user.id)).toBe(true);
          expect(memberStream.events.some((event) => event.data.id === ownersEntry.id)).toBe(false);
        });

        it("then the member's stream carries no invitation", () => {
          expect(memberStream.events.some((event) => event.type === "user.invited")).toBe(false);
        });

        it("then an admin's stream carries the owner's entry", () => {
          expect(adminStream.events.some((event) => event.data.id === ownersEntry.id)).toBe(true);
        });

        it("then an admin's stream carries the invitation", () => {
          expect(adminStream.events.some((event) => event.type === "user.invited")).toBe(true);
        });
      });

      it("when another organization makes a project, then this organization's stream does not carry it", async () => {
        const other = await registerOwner(stint.url, "Other");
        const otherStream = await follow(`${A}/events/stream`, bearer(other.account.access_token));
        const ours = await follow(`${A}/events/stream`, bearer(owner.account.access_token));
        const theirs = await createProject(other.api, { name: "theirs" });
        await otherStream.event("project.created", (event) => event.data.id === theirs.id);
        // Made after theirs: once our stream has it, it has had its chance at theirs.
        const mine = await createProject(owner.api, { name: "mine" });
        await ours.event("project.created", (event) => event.data.id === mine.id);
        expect(ours.events.some((event) => event.data.id === theirs.id)).toBe(false);
        expect(ours.events.every((event) => event.organization_id === owner.account.organization.id)).toBe(true);
      });

      it("when a stream resumes from another organization's event id, then it is reset and carries none of that organization's events", async () => {
        const other = await registerOwner(stint.url, "Other");
        const otherStream = await follow(`${A}/events/stream`, bearer(other.account.access_token));
        const theirs = await createProject(other.api, { name: "theirs" });
        const theirEvent = await otherStream.event("project.created", (event) => event.data.id === theirs.id);

        const resumedElsewhere = await follow(`${A}/events/stream`, {
          ...bearer(owner.account.access_token),
          "last-event-id": theirEvent.id,
        });
        await resumedElsewhere.until("a reset", (s) => s.messages.find((m) => m.event === "reset"));
        expect(resumedElsewhere.events).toEqual([]);
      });

      it("when a key lacks events:read, then the stream is a 403 naming it, in both styles", async () => {
        const withoutIt = await newKey(owner.api, ["projects:read", "time_entries:read"]);
        for (const base of [A, B]) {
          const refused = await LiveStream.open(stint.url, `${base}/events/stream`, { "x-api-key": withoutIt.key });
          expect(refused.status).toBe(403);
          expect("text" in refused ? refused.text : "").toContain("events:read");
        }
      });

      it("when a key has events:read, then its stream carries only what its other permissions read", async () => {
        const projectsOnly = await newKey(owner.api, ["events:read", "projects:read"]);
        const stream = await follow(`${A}/events/stream`, { "x-api-key": projectsOnly.key });
        const entry = await startTimer(owner.api, project.id, "not for the key");
        const made = await createProject(owner.api, { name: "for the key" });
        await stream.event("project.created", (event) => event.data.id === made.id);
        expect(stream.events.some((event) => event.data.id === entry.id)).toBe(false);
      });

      it("when the stream's key is revoked, then the stream ends within a heartbeat, and reopening it is a 401", async () => {
        const key = await newKey(owner.api, ["events:read", "projects:read"]);
        const stream = await follow(`${A}/events/stream`, { "x-api-key": key.key });
        expect((await owner.api.delete(`${A}/api-keys/${key.id}`)).status).toBe(204);
        await stream.closedByServer();
        expect((await LiveStream.open(stint.url, `${A}/events/stream`, { "x-api-key": key.key })).status).toBe(401);
      });
    });

    describe("limits", () => {
      it("when an organization holds as many streams as allowed, then one more is a 429 with Retry-After until one closes", async () => {
        const team = await registerOwner(stint.url, "Busy");
        const headers = bearer(team.account.access_token);
        // Two holders of credentials, so that the organization's limit (3) comes before either's (2).
        const keyed = { "x-api-key": (await newKey(team.api, ["events:read", "projects:read"])).key };
        const streams = [
          await follow(`${A}/events/stream`, headers),
          await follow(`${A}/events/stream`, keyed),
          await follow(`${A}/events/stream`, keyed),
        ];
        const refused = await LiveStream.open(stint.url, `${B}/events/stream`, headers);
        expect(refused.status).toBe(429);
        expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
        expect(((refused as { body: StyleBError }).body as StyleBError).code).toBe("RATE_LIMIT_EXCEEDED");
        expect((refused as { text: string }).text).toContain("Your organization has 3 live streams open");
        // Another organization is not held back by this one.
        await follow(`${A}/events/stream`, bearer(owner.account.access_token));

        streams[0]?.close();
        const reopened = await waitForOpen(() => LiveStream.open(stint.url, `${A}/events/stream`, headers));
        open.push(reopened);
      });

      it("when one person holds as many streams as allowed, then one more is a 429 in each style's shape, while their API key still opens one", async () => {
        const person = await registerOwner(stint.url, "Tabs");
        const headers = bearer(person.account.access_token);
        await follow(`${A}/events/stream`, headers);
        const second = await follow(`${B}/events/stream`, headers);
        const refusedA = await LiveStream.open(stint.url, `${A}/events/stream`, headers);
        expect(refusedA.status).toBe(429);
        expect(refusedA.headers["retry-after"]).toMatch(/^\d+$/);
        const bodyA = (refusedA as { body: StyleAError }).body;
        expect(bodyA.error).toMatchObject({ code: "rate_limited", details: { retry_after: Number(refusedA.headers["retry-after"]) } });
        expect(bodyA.error.message).toContain("This account has 2 live streams open");
        const refusedB = await LiveStream.open(stint.url, `${B}/events/stream`, headers);
        expect(refusedB.status).toBe(429);
        expect((refusedB as { body: StyleBError }).body.code).toBe("RATE_LIMIT_EXCEEDED");
        // An API key of the same person counts by itself.
        await follow(`${A}/events/stream`, { "x-api-key": (await newKey(person.api, ["events:read", "projects:read"])).key });

        second.close();
        open.push(await waitForOpen(() => LiveStream.open(stint.url, `${A}/events/stream`, headers)));
      });

      it("when a stream stays open, then it counted as one request: the next stream's remaining count is one lower", async () => {
        const team = await registerOwner(stint.url, "Counted");
        const headers = bearer(team.account.access_token);
        const stream = await follow(`${B}/events/stream`, headers);
        await stream.until("two heartbeats", (s) => s.comments >= 3);
        const next = await follow(`${B}/events/stream`, headers);
        expect(Number(next.headers["x-ratelimit-remaining"])).toBe(Number(stream.headers["x-ratelimit-remaining"]) - 1);
      });
    });
  });
}

/** Opens a stream once a closed one has been let go of (its close reaches the server a moment later). */
async function waitForOpen(attempt: () => Promise<StreamAnswer>): Promise<LiveStream> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await attempt();
    if ("stream" in answer) return answer.stream;
    if (answer.status !== 429 || Date.now() > deadline) throw new Error(`the stream did not open: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type { StreamedEvent };
