import { eventStreamNames } from "./event-stream";

describe("event stream names", () => {
  it("are made of the namespace, so deployments sharing a NATS server keep apart", () => {
    const stint = eventStreamNames("stint");
    expect(stint).toMatchObject({ stream: "stint-events-stint", subjects: "stint.events.>" });
    const event = { organization_id: "org_4fJ2kLm9QxT7bN1cR8sV0w", type: "time_entry.created" } as const;
    expect(stint.subject(event)).toBe("stint.events.org_4fJ2kLm9QxT7bN1cR8sV0w.time_entry.created");
    expect(stint.organizationSubjects(event.organization_id)).toBe("stint.events.org_4fJ2kLm9QxT7bN1cR8sV0w.>");
    const other = eventStreamNames("staging");
    expect(other.stream).not.toBe(stint.stream);
    expect(other.subject(event).startsWith("stint.")).toBe(false);
  });

  it("hold no character NATS refuses in a stream name or a subject token", () => {
    const names = eventStreamNames("acme.prod eu/1*>");
    expect(names.stream).toBe("stint-events-acme_prod_eu_1__");
    expect(names.subjects).toBe("acme_prod_eu_1__.events.>");
    expect(names.organizationSubjects("org.*>")).toBe("acme_prod_eu_1__.events.org___.>");
  });
});
