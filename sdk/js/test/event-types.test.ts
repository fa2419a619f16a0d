import type { StintEvent } from "../src/types";

/** Reads a budget event's fields as typed values: a field the type lacks does not compile. */
function budgetLine(event: StintEvent): string | undefined {
  if (event.type !== "project.budget_reached") return undefined;
  const percent: number = event.data.percent;
  const period: string = event.data.period;
  const name: string = event.data.name;
  return `${name}: ${percent} % of its ${period} budget`;
}

describe("the types of live events", () => {
  it("when a project's budget is reached, then the event's data is the project with the threshold and period", () => {
    const event = JSON.parse(
      '{"id":"evt_1","type":"project.budget_reached","created_at":"2026-11-20T10:00:00Z","organization_id":"org_1",' +
        '"data":{"id":"prj_1","name":"Website relaunch","percent":80,"period":"2026-11"}}',
    ) as StintEvent;
    expect(budgetLine(event)).toBe("Website relaunch: 80 % of its 2026-11 budget");
  });
});
