import { randomUUID } from "node:crypto";
import { LIVE_TEST_ENV, openStream } from "./live-events.suite";
import { client, registerOwner } from "./support/http";
import { A } from "./support/shapes";
import { describeWithServers, testServers } from "./support/servers";
import { startDistributed, type TestStint } from "./support/stint";

/**
 * Live streams behind several gateway processes: each follows the JetStream stream itself,
 * and what a stream has seen is noted in Redis, so a client whose gateway went away resumes
 * at any other, or at one started since.
 */
describeWithServers(["mongo", "nats", "redis"], "live streams across gateways (MongoDB + NATS JetStream + Redis)", () => {
  let stint: TestStint;

  beforeAll(async () => {
    stint = await startDistributed(testServers("live_gateways"), `-${randomUUID().slice(0, 6)}`, LIVE_TEST_ENV);
  }, 60_000);

  afterAll(async () => {
    await stint?.stop();
  }, 60_000);

  it("when a stream's gateway stops, then the stream ends, and the client resumes at another gateway, then at a new one, missing nothing", async () => {
    const firstUrl = stint.url;
    const owner = await registerOwner(firstUrl);
    const auth = { authorization: `Bearer ${owner.account.access_token}` };
    const newProject = async (name: string) => (await owner.api.post<{ data: { id: string } }>(`${A}/projects`, { name })).body.data;

    // Both gateways run; the client is on the first.
    const secondUrl = await stint.addGateway!();
    const firstGateway = stint.stints[1]!;
    const onFirst = await openStream(firstUrl, `${A}/events/stream`, auth);
    const seen = await newProject("seen at the first gateway");
    const seenEvent = await onFirst.event("project.created", (event) => event.data.id === seen.id);

    await firstGateway.stop();
    await onFirst.closedByServer();
    // Made while the client is away; through the second gateway, since the first is gone.
    const atSecond = client(secondUrl, auth);
    const missed = (await atSecond.post<{ data: { id: string } }>(`${A}/projects`, { name: "missed" })).body.data;

    const onSecond = await openStream(secondUrl, `${A}/events/stream`, { ...auth, "last-event-id": seenEvent.id });
    const caughtUp = await onSecond.event("project.created");
    expect(caughtUp.data.id).toBe(missed.id);
    onSecond.close();

    // A gateway started after the events were shown resumes from them too: the positions are in Redis.
    const thirdUrl = await stint.addGateway!();
    const latest = (await client(thirdUrl, auth).post<{ data: { id: string } }>(`${A}/projects`, { name: "latest" })).body.data;
    const onThird = await openStream(thirdUrl, `${A}/events/stream`, { ...auth, "last-event-id": caughtUp.id });
    const next = await onThird.event("project.created");
    expect(next.data.id).toBe(latest.id);
    expect(onThird.events.map((event) => event.id)).not.toContain(caughtUp.id);
    onThird.close();
  }, 120_000);
});
