import { openStream } from "./live-events.suite";
import { client, registerOwner } from "./support/http";
import { createProject } from "./support/resources";
import { A } from "./support/shapes";
import { useStint } from "./support/stint";

/**
 * Embedded mode across a restart: shutting down does not wait for open streams, and the
 * event log outlives the process, so a client resumes where it was.
 */
describe("live streams across an embedded restart", () => {
  // A shutdown that waited for the open stream would wait this long, far past the test's timeout.
  const stint = useStint({ mode: "embedded", env: { SHUTDOWN_TIMEOUT_MS: "600000" } });

  it("when the process stops with a stream open, then it stops at once (the stream ends), and after a restart the stream resumes from its last event", async () => {
    const owner = await registerOwner(stint.url);
    const auth = { authorization: `Bearer ${owner.account.access_token}` };
    const stream = await openStream(stint.url, `${A}/events/stream`, auth);
    const before = await createProject(owner.api, { name: "before" });
    const seen = await stream.event("project.created", (event) => event.data.id === before.id);

    let endedWhenStopped = false;
    await stint.restart(async () => {
      endedWhenStopped = stream.ended;
    });
    expect(endedWhenStopped).toBe(true);

    // The same signing key: the owner's access token is good at the restarted process too.
    const after = await createProject(client(stint.url, auth), { name: "after" });
    const resumed = await openStream(stint.url, `${A}/events/stream`, { ...auth, "last-event-id": seen.id });
    const next = await resumed.event("project.created");
    expect(next.data.id).toBe(after.id);
    expect(resumed.messages.some((message) => message.event === "reset")).toBe(false);
    resumed.close();
  }, 60_000);
});
