import { LIVE_TEST_ENV, openStream } from "./live-events.suite";
import { client, registerOwner } from "./support/http";
import { createProject } from "./support/resources";
import { A } from "./support/shapes";
import { describeStint, useStint } from "./support/stint";

/**
 * Live streams behind several gateways: each follows the JetStream stream itself, and what a
 * stream has seen is noted in Redis, so a client whose gateway went away resumes at any other,
 * or at one started since.
 */
describeStint("distributed", "live streams across gateways", () => {
  const stint = useStint({ mode: "distributed", gateways: 2, env: LIVE_TEST_ENV, label: "live_gateways" });

  it("when a stream's gateway stops, then the stream ends, and the client resumes at another gateway, then at a new one, missing nothing", async () => {
    const [firstUrl, secondUrl] = stint.urls as [string, string];
    const owner = await registerOwner(firstUrl);
    const auth = { authorization: `Bearer ${owner.account.access_token}` };

    // Both gateways run; the client is on the first.
    const onFirst = await openStream(firstUrl, `${A}/events/stream`, auth);
    const seen = await createProject(owner.api, { name: "seen at the first gateway" });
    const seenEvent = await onFirst.event("project.created", (event) => event.data.id === seen.id);

    await stint.stopGateway(firstUrl);
    await onFirst.closedByServer();
    // Made while the client is away; through the second gateway, since the first is gone.
    const atSecond = client(secondUrl, auth);
    const missed = await createProject(atSecond, { name: "missed" });

    const onSecond = await openStream(secondUrl, `${A}/events/stream`, { ...auth, "last-event-id": seenEvent.id });
    const caughtUp = await onSecond.event("project.created");
    expect(caughtUp.data.id).toBe(missed.id);
    onSecond.close();

    // A gateway started after the events were shown resumes from them too: the positions are in Redis.
    const thirdUrl = await stint.addGateway();
    const latest = await createProject(client(thirdUrl, auth), { name: "latest" });
    const onThird = await openStream(thirdUrl, `${A}/events/stream`, { ...auth, "last-event-id": caughtUp.id });
    const next = await onThird.event("project.created");
    expect(next.data.id).toBe(latest.id);
    expect(onThird.events.map((event) => event.id)).not.toContain(caughtUp.id);
    onThird.close();
  }, 120_000);
});
