import { eventStreamNames } from "./event-stream";

describe("event stream names", () => {
  it("are made of the namespace, so deployments sharing a NATS server keep apart", () => {
    const stint = eventStreamNames("stint");
    expect(stint).toMatchObject({ stream: "stint-events-stint", subjects: "stint.events.>" });
    expect(stint.subject("time_entry.created")).toBe("stint.events.time_entry.created");
    const other = eventStreamNames("staging");
    expect(other.stream).not.toBe(stint.stream);
    expect(other.subject("time_entry.created").startsWith("stint.")).toBe(false);
  });

  it("hold no character NATS refuses in a stream name or a subject token", () => {
    const names = eventStreamNames("acme.prod eu/1*>");
    expect(names.stream).toBe("stint-events-acme_prod_eu_1__");
    expect(names.subjects).toBe("acme_prod_eu_1__.events.>");
  });
});
