import Redis from "ioredis";
import { aProject, aTask, aTimeEntry, aTimerStart, anApiKey, anInvitation, aWebhook } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { describeStint, useStint } from "./support/stint";

/**
 * A create whose answer was lost: the gateway's record of the first answer is gone (its
 * process died before storing it, or Redis lost it), and the caller sends the request again
 * with the same `Idempotency-Key`. The resource must not be made twice. Forgetting the records
 * in Redis plays the lost answer deterministically; the chaos suite plays it with SIGKILL.
 */

jest.setTimeout(60_000);

const A = "/api/v1";

describeStint("distributed", "a create repeated after its answer was lost", () => {
  const stint = useStint({ mode: "distributed", env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true" }, label: "lost_answers" });
  let api: Client;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(stint.servers.redisUrl);
    ({ api } = await registerOwner(stint.url, "Lost"));
  });

  afterAll(() => {
    redis?.disconnect();
  });

  /** Forgets every stored answer of this deployment, as a gateway that died before storing it would. */
  async function forgetAnswers(): Promise<void> {
    // The answer reaches the caller a moment before the gateway stores it: wait for every record to be complete.
    const deadline = Date.now() + 5_000;
    const pattern = `${stint.servers.namespace}:idempotency:*`;
    let keys = await redis.keys(pattern);
    while (Date.now() < deadline) {
      const values = keys.length === 0 ? [] : await redis.mget(...keys);
      if (keys.length > 0 && values.every((value) => value !== null && value.includes('"state":"completed"'))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
      keys = await redis.keys(pattern);
    }
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
  }

  it("when a project, time entry or timer start is repeated after its answer was lost, then the first run's is answered and nothing is made twice", async () => {
    const key = (what: string) => ({ headers: { "idempotency-key": `lost-${what}-${Date.now()}` } });
    const projectKey = key("project");
    const projectBody = aProject();
    const project = await api.post<{ data: { id: string } }>(`${A}/projects`, projectBody, projectKey);
    expect(project.status).toBe(201);
    await forgetAnswers();
    const projectAgain = await api.post<{ data: { id: string } }>(`${A}/projects`, projectBody, projectKey);
    expect(projectAgain.status).toBe(201);
    expect(projectAgain.headers.get("idempotent-replayed")).toBeNull();
    expect(projectAgain.body.data.id).toBe(project.body.data.id);

    const entryKey = key("entry");
    const body = aTimeEntry(project.body.data.id);
    const entry = await api.post<{ data: { id: string } }>(`${A}/time-entries`, body, entryKey);
    await forgetAnswers();
    const entryAgain = await api.post<{ data: { id: string } }>(`${A}/time-entries`, body, entryKey);
    expect(entryAgain.body.data.id).toBe(entry.body.data.id);
    // The same key with another body stays a 422 while the record is kept.
    const other = await api.post<{ data: { id: string } }>(`${A}/time-entries`, { ...body, description: "other" }, entryKey);
    expect(other.status).toBe(422);

    const startKey = key("start");
    const startBody = aTimerStart(project.body.data.id);
    const started = await api.post<{ data: { id: string } }>(`${A}/time-entries/start`, startBody, startKey);
    await forgetAnswers();
    const startedAgain = await api.post<{ data: { id: string } }>(`${A}/time-entries/start`, startBody, startKey);
    expect(startedAgain.body.data.id).toBe(started.body.data.id);
    expect((await api.get<{ data: { id: string } | null }>(`${A}/time-entries/current`)).body.data?.id).toBe(started.body.data.id);

    const projects = await api.get<{ data: { id: string }[] }>(`${A}/projects`);
    expect(projects.body.data.map((p) => p.id)).toEqual([project.body.data.id]);
    const entries = await api.get<{ data: { id: string }[] }>(`${A}/time-entries?per_page=200`);
    expect(entries.body.data.map((e) => e.id).sort()).toEqual([entry.body.data.id, started.body.data.id].sort());
  });

  it("when a task or webhook create is repeated after its answer was lost, then the first run's is answered, the webhook's secret included", async () => {
    const project = await api.post<{ data: { id: string } }>(`${A}/projects`, aProject());
    const taskKey = { headers: { "idempotency-key": `lost-task-${Date.now()}` } };
    const taskBody = aTask();
    const task = await api.post<{ data: { id: string } }>(`${A}/projects/${project.body.data.id}/tasks`, taskBody, taskKey);
    expect(task.status).toBe(201);
    await forgetAnswers();
    const taskAgain = await api.post<{ data: { id: string } }>(`${A}/projects/${project.body.data.id}/tasks`, taskBody, taskKey);
    expect(taskAgain.status).toBe(201);
    expect(taskAgain.body.data.id).toBe(task.body.data.id);

    const hookKey = { headers: { "idempotency-key": `lost-hook-${Date.now()}` } };
    const hookBody = aWebhook("http://127.0.0.1:9/hooks");
    const hook = await api.post<{ data: { id: string; secret: string } }>(`${A}/webhooks`, hookBody, hookKey);
    expect(hook.status).toBe(201);
    await forgetAnswers();
    const hookAgain = await api.post<{ data: { id: string; secret: string } }>(`${A}/webhooks`, hookBody, hookKey);
    expect(hookAgain.body.data).toMatchObject({ id: hook.body.data.id, secret: hook.body.data.secret });
    expect((await api.get<{ data: unknown[] }>(`${A}/webhooks`)).body.data).toHaveLength(1);
  });

  it("when an invitation create is repeated after its answer was lost, then it is a 409 naming the invitation, whose token is not shown again", async () => {
    const inviteKey = { headers: { "idempotency-key": `lost-invite-${Date.now()}` } };
    const inviteBody = anInvitation();
    const invitation = await api.post<{ data: { id: string } }>(`${A}/users/invitations`, inviteBody, inviteKey);
    expect(invitation.status).toBe(201);
    await forgetAnswers();
    const again = await api.post<{ error: { code: string; details: { id: string } } }>(`${A}/users/invitations`, inviteBody, inviteKey);
    expect(again.status).toBe(409);
    expect(again.body.error.details.id).toBe(invitation.body.data.id);
  });

  it("when an API key create is repeated after its answer was lost, then it is a 409 naming the key, and no second key is made", async () => {
    const headers = { headers: { "idempotency-key": `lost-key-${Date.now()}` } };
    const keyBody = anApiKey();
    const made = await api.post<{ data: { id: string; key: string } }>(`${A}/api-keys`, keyBody, headers);
    expect(made.status).toBe(201);
    await forgetAnswers();
    const again = await api.post<{ error: { code: string; details: { id: string } } }>(`${A}/api-keys`, keyBody, headers);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "conflict", details: { id: made.body.data.id } });
    const keys = await api.get<{ data: { id: string }[] }>(`${A}/api-keys`);
    expect(keys.body.data.filter((k) => k.id === made.body.data.id)).toHaveLength(1);
    expect(keys.body.data).toHaveLength(1);
  });
});
