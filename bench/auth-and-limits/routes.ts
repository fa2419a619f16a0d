import type { LoadRequest } from "../lib/load";
import { OPEN_ROUTE_ORGANIZATION_HEADER, OPEN_ROUTE_PATH } from "../lib/open-route";
import type { SeededOrganization } from "../lib/seed";
import type { BenchSettings } from "../lib/settings";

/**
 * The two routes the authentication and rate-limiting set compares, and the accounts they
 * need: what its targets (one process per route) and its interleaved phase (both routes of
 * one process in turn) share.
 */

/** The app as `main.ts` starts it, plus the bench-only open route (see the file itself). */
export const ENTRY = "bench/app-with-open-route.ts";
/** Extra settings of every app process: sign-ups come through loopback as a trusted proxy (see `seed.ts`). */
export const APP_ENV = { TRUSTED_PROXIES: "127.0.0.1" };

/**
 * More than the authenticated route serves on the machines this runs on (about 5,000 a
 * second on two cores); sizes the pool of keys. A faster machine that outruns it gets 429s,
 * and the target fails: raise it then.
 */
const ASSUMED_PEAK_REQUESTS_PER_SEC = 12_000;
/** Requests each key may get in one minute: under Style A's 100, with room for priming and the answer check. */
const REQUESTS_PER_KEY = 90;
/** Keys per organization: its owner's token makes them, and is itself limited to 100 a minute. */
export const KEYS_PER_ORGANIZATION = 90;
/** Style A's shortest window: a key's count starts again every minute. */
const MINUTE_SEC = 60;

/** Unmeasured load of a route right before each of its measured loads in the interleaved phase. */
export const SWITCH_WARMUP_SEC = 1;
/** The interleaved phase's measured load per route and round: it decides how many keys the whole set seeds. */
export const ROUND_SECONDS_OPTION = "round-seconds";
export const DEFAULT_ROUND_SECONDS = 5;

export const roundSecondsOf = (settings: Pick<BenchSettings, "options">): number =>
  settings.options[ROUND_SECONDS_OPTION] ?? DEFAULT_ROUND_SECONDS;

/**
 * The most seconds of authenticated load one minute window can hold, in a target (its
 * warm-up and load, plus a margin for priming and the answer check) or in the interleaved
 * phase (there the order of the routes alternates, so the authenticated loads come two in
 * a row every four, and a minute holds half of them plus one of `--round-seconds`, after
 * the first warm-up). A load longer than a minute needs no more keys.
 */
function authenticatedSecondsPerMinute(settings: Pick<BenchSettings, "warmupSec" | "durationSec" | "options">): number {
  const target = settings.warmupSec + settings.durationSec + 2;
  const interleaved = settings.warmupSec + MINUTE_SEC / 2 + roundSecondsOf(settings) + SWITCH_WARMUP_SEC + 2;
  return Math.min(MINUTE_SEC, Math.max(target, interleaved));
}

/**
 * Organizations enough that no key sees more than REQUESTS_PER_KEY requests in one minute
 * window. The targets and the interleaved phase seed the same number, so that their figures
 * are of the same pool of keys (a larger pool is a larger working set for the gateway).
 */
export function organizationsFor(settings: Pick<BenchSettings, "warmupSec" | "durationSec" | "options">): number {
  const keys = Math.ceil((ASSUMED_PEAK_REQUESTS_PER_SEC * authenticatedSecondsPerMinute(settings)) / REQUESTS_PER_KEY);
  return Math.ceil(keys / KEYS_PER_ORGANIZATION);
}

export type Route = "open" | "auth";

export const routeRequest = (route: Route, seeded: readonly SeededOrganization[]): LoadRequest =>
  route === "open"
    ? { method: "GET", path: OPEN_ROUTE_PATH, headerVariants: seeded.map((org) => ({ [OPEN_ROUTE_ORGANIZATION_HEADER]: org.id })) }
    : {
        method: "GET",
        path: "/api/v1/organization",
        // Key k of every organization, then key k+1 of every organization: neighbouring
        // requests use different organizations, as they would from many clients.
        headerVariants: (seeded[0]?.keys ?? []).flatMap((_, k) => seeded.map((org) => ({ "x-api-key": org.keys[k] as string }))),
      };
