import { rateInHundredths } from "./money";

/** Where a rate is set, from the most general to the most specific. */
export const RATE_LEVELS = ["organization", "member", "project", "project_member"] as const;
export type RateLevel = (typeof RATE_LEVELS)[number];

/** One recorded rate change, as the rate book needs it. */
export interface RateChange {
  level: RateLevel;
  /** The member of a `member` or `project_member` change. */
  user_id: string | null;
  /** The project of a `project` or `project_member` change. */
  project_id: string | null;
  /** Major units per hour, at most two decimals; `null`: not set at this level from this day on. */
  hourly_rate: number | null;
  /** First UTC day (`YYYY-MM-DD`) the change applies to; `null`: from the beginning. */
  effective_from: string | null;
}

/**
 * The rates of one (person, project) over time: `starts[i]` is the first UTC day of
 * segment i (`""` for the beginning of time), `hundredths[i]` its rate in hundredths of
 * the major unit per hour, or `null` when no level sets one.
 */
export interface RateTimeline {
  readonly starts: readonly string[];
  readonly hundredths: readonly (number | null)[];
}

interface Step {
  from: string;
  hundredths: number | null;
}

const BEGINNING = "";

function chainKey(level: RateLevel, userId: string | null, projectId: string | null): string {
  switch (level) {
    case "organization":
      return "o";
    case "member":
      return `m\u0000${userId}`;
    case "project":
      return `p\u0000${projectId}`;
    case "project_member":
      return `pm\u0000${projectId}\u0000${userId}`;
  }
}

/** The value a chain of steps (sorted by `from`) has on `day`, and whether it has one. */
function valueOn(chain: readonly Step[] | undefined, day: string): Step | undefined {
  if (!chain) return undefined;
  let found: Step | undefined;
  for (const step of chain) {
    if (step.from > day) break;
    found = step;
  }
  return found;
}

/**
 * The rates of an organization, resolved once per (person, project) and then looked up
 * per entry by its start: the most specific level that sets a rate on the entry's UTC
 * start day wins (a person on a project, the project, the person, the organization).
 * Changes of one level and target on the same day: the later one in `changes` wins.
 */
export class RateBook {
  private readonly chains = new Map<string, Step[]>();
  /** Timelines by project, then person: looked up for every entry priced, so without building a key. */
  private readonly timelines = new Map<string, Map<string, RateTimeline>>();

  constructor(changes: Iterable<RateChange>) {
    for (const change of changes) {
      const key = chainKey(change.level, change.user_id, change.project_id);
      const from = change.effective_from ?? BEGINNING;
      const hundredths = change.hourly_rate === null ? null : rateInHundredths(change.hourly_rate);
      const chain = this.chains.get(key) ?? [];
      const same = chain.findIndex((step) => step.from === from);
      if (same >= 0) chain[same] = { from, hundredths };
      else chain.push({ from, hundredths });
      this.chains.set(key, chain);
    }
    for (const chain of this.chains.values()) chain.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  }

  /** The timeline of one person on one project, computed once and kept. */
  timeline(userId: string, projectId: string): RateTimeline {
    let ofProject = this.timelines.get(projectId);
    if (!ofProject) {
      ofProject = new Map();
      this.timelines.set(projectId, ofProject);
    }
    return ofProject.get(userId) ?? this.resolve(userId, projectId, ofProject);
  }

  private resolve(userId: string, projectId: string, ofProject: Map<string, RateTimeline>): RateTimeline {
    const mostSpecificFirst = [
      this.chains.get(chainKey("project_member", userId, projectId)),
      this.chains.get(chainKey("project", null, projectId)),
      this.chains.get(chainKey("member", userId, null)),
      this.chains.get(chainKey("organization", null, null)),
    ];
    const days = new Set<string>([BEGINNING]);
    for (const chain of mostSpecificFirst) for (const step of chain ?? []) days.add(step.from);
    const starts: string[] = [];
    const hundredths: (number | null)[] = [];
    for (const day of [...days].sort()) {
      let rate: number | null = null;
      for (const chain of mostSpecificFirst) {
        const step = valueOn(chain, day);
        if (step && step.hundredths !== null) {
          rate = step.hundredths;
          break;
        }
      }
      // Merge days on which nothing changes for this pair.
      if (hundredths.length > 0 && hundredths[hundredths.length - 1] === rate) continue;
      starts.push(day);
      hundredths.push(rate);
    }
    const timeline: RateTimeline = { starts, hundredths };
    ofProject.set(userId, timeline);
    return timeline;
  }

  /** The rate in hundredths per hour for an entry of this pair starting at `startTime` (ISO 8601 UTC), or `null`. */
  rateAt(userId: string, projectId: string, startTime: string): number | null {
    return rateOn(this.timeline(userId, projectId), startTime);
  }
}

/**
 * The timeline's rate at an ISO 8601 UTC start time (or a `YYYY-MM-DD` day): a day
 * compares below every time of that day as text, so the day of a change includes all of it.
 */
export function rateOn(timeline: RateTimeline, startTime: string): number | null {
  const { starts, hundredths } = timeline;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as string) <= startTime) low = middle;
    else high = middle - 1;
  }
  return hundredths[low] ?? null;
}
