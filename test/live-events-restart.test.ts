import { openStream } from "./live-events.suite";
import { client, registerOwner } from "./support/http";
import { A } from "./support/shapes";
import { startEmbedded, temporaryDir } from "./support/stint";

/**
 * Embedded mode across a restart: shutting down does not wait for open streams, and the
 * event log outlives the process, so a client resumes where it was.
 */
describe("live streams across an embedded restart", () => {
  const data = temporaryDir("live-restart");

  afterAll(() => data.remove());

  it("when the process stops with a stream open, then it stops at once (the stream ends), and after a restart the stream resumes from its last event", async () => {
    // A shutdown that waited for the open stream would wait this long, far past the test's timeout.
    const env = { DATA_DIR: data.path, SHUTDOWN_TIMEOUT_MS: "600000" };
    const first = await startEmbedded(env);
    const owner = await registerOwner(first.url);
    const auth = { authorization: `Bearer ${owner.account.access_token}` };
    const stream = await openStream(first.url, `${A}/events/stream`, auth);
    const before = await owner.api.post<{ data: { id: string } }>(`${A}/projects`, { name: "before" });
    const seen = await stream.event("project.created", (event) => event.data.id === before.body.data.id);

    await first.stop();
    expect(stream.ended).toBe(true);

    const second = await startEmbedded(env);
    try {
      // The same signing key: the owner's access token is good at the restarted process too.
      const again = client(second.url, auth);
      const after = await again.post<{ data: { id: string } }>(`${A}/projects`, { name: "after" });
      const resumed = await openStream(second.url, `${A}/events/stream`, { ...auth, "last-event-id": seen.id });
      const next = await resumed.event("project.created");
      expect(next.data.id).toBe(after.body.data.id);
      expect(resumed.messages.some((message) => message.event === "reset")).toBe(false);
      resumed.close();
    } finally {
      await second.stop();
    }
  }, 60_000);
});
