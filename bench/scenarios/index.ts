import type { ScenarioSet } from "../lib/scenario";
import { authAndLimits } from "./auth-and-limits";
import { authenticatedList } from "./authenticated-list";
import { embeddedScale } from "./embedded-scale";
import { trivialRoute } from "./trivial-route";
import { reports } from "./reports";
import { timeEntries } from "./time-entries";

/** Every scenario set `npm run bench` runs, in order. Add new sets here. */
export const SCENARIO_SETS: readonly ScenarioSet[] = [trivialRoute, authAndLimits, timeEntries, reports, embeddedScale, authenticatedList];
