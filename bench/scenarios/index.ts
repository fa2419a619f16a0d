import type { ScenarioSet } from "../lib/scenario";
import { trivialRoute } from "./trivial-route";

/** Every scenario set `npm run bench` runs, in order. Add new sets here. */
export const SCENARIO_SETS: readonly ScenarioSet[] = [trivialRoute];
