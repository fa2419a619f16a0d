import { isoSeconds } from "../../shared/time";
import type { MessageStore } from "./message-store";
import type { PreferenceDocument } from "./preference";
import type { PreferenceStore } from "./preference-store";
import { messageIdFor, storeMessage, type Outgoing } from "./sending";
import { weeklySummaryMessage } from "./templates";
import { lastFinishedWeek, localDateAt, type Week } from "./week";

/** One entry as the summary counts it. */
export interface WeekEntry {
  project_id: string;
  start_time: string;
  end_time: string | null;
}

/** What the summary reads from the services that own it: people, entries and project names. */
export interface WeekSources {
  person(organizationId: string, userId: string): Promise<{ name: string; email: string } | null>;
  organizationName(organizationId: string): Promise<string | null>;
  /** The person's entries that start within `[from, to)`. */
  entries(organizationId: string, userId: string, from: string, to: string): Promise<WeekEntry[]>;
  projectNames(organizationId: string, projectIds: readonly string[]): Promise<Record<string, string>>;
}

export interface WeeklySummaries {
  outgoing: Outgoing;
  messages: MessageStore;
  preferences: PreferenceStore;
  sources: WeekSources;
}

/** Subscribers read at once. */
const TURN = 200;

/** The message's id, from whose week it is: however many replicas look, one message a week. */
function summaryIdOf(subscriber: PreferenceDocument, week: Week): string {
  return messageIdFor("weekly_summary", `${subscriber._id}:${week.dates[0] ?? ""}`);
}

/**
 * Queues the summary of the last whole week for everyone who asked for one and has none yet
 * (each in their own time zone, so a person's Monday comes when it comes where they are).
 * A week that ended before the person turned summaries on is never summarised.
 */
export async function queueWeeklySummaries(summaries: WeeklySummaries): Promise<number> {
  const now = summaries.outgoing.now();
  let queued = 0;
  let after = "";
  for (;;) {
    const turn = await summaries.preferences.subscribers(after, TURN);
    if (turn.length === 0) return queued;
    after = turn.at(-1)?._id ?? after;
    const due = turn
      .map((subscriber) => ({ subscriber, week: lastFinishedWeek(now, subscriber.time_zone) }))
      .filter(({ subscriber, week }) => subscriber.summary_since === null || week.endMs > subscriber.summary_since);
    const sent = await summaries.messages.existing(due.map(({ subscriber, week }) => summaryIdOf(subscriber, week)));
    for (const { subscriber, week } of due) {
      if (sent.has(summaryIdOf(subscriber, week))) continue;
      if (await queueOne(summaries, subscriber, week)) queued += 1;
    }
  }
}

async function queueOne(summaries: WeeklySummaries, subscriber: PreferenceDocument, week: Week): Promise<boolean> {
  const { sources } = summaries;
  const organizationId = subscriber.organization_id;
  const person = await sources.person(organizationId, subscriber._id);
  if (!person) {
    // No longer a user of the organization: nothing to summarise, ever.
    await summaries.preferences.remove(subscriber._id);
    return false;
  }
  const entries = await sources.entries(
    organizationId,
    subscriber._id,
    isoSeconds(new Date(week.startMs)),
    isoSeconds(new Date(week.endMs)),
  );
  const byDay = new Map(week.dates.map((date) => [date, 0]));
  const byProject = new Map<string, number>();
  for (const entry of entries) {
    const start = Date.parse(entry.start_time);
    // A timer still running when the week ended counts up to then.
    const end = Math.min(entry.end_time === null ? week.endMs : Date.parse(entry.end_time), week.endMs);
    const seconds = Math.max(0, Math.round((end - start) / 1000));
    const day = localDateAt(start, subscriber.time_zone);
    byDay.set(day, (byDay.get(day) ?? 0) + seconds);
    byProject.set(entry.project_id, (byProject.get(entry.project_id) ?? 0) + seconds);
  }
  const [organizationName, names] = await Promise.all([
    sources.organizationName(organizationId),
    sources.projectNames(organizationId, [...byProject.keys()]),
  ]);
  const composed = weeklySummaryMessage(
    {
      name: person.name,
      organizationName: organizationName ?? "your organization",
      timeZone: subscriber.time_zone,
      days: week.dates.map((date) => ({ date, seconds: byDay.get(date) ?? 0 })),
      projects: [...byProject]
        .map(([id, seconds]) => ({ name: names[id] ?? "A project no longer there", seconds }))
        .sort((a, b) => b.seconds - a.seconds),
    },
    summaries.outgoing.links,
  );
  await storeMessage(summaries.outgoing, {
    id: summaryIdOf(subscriber, week),
    organizationId,
    kind: "weekly_summary",
    to: person.email,
    recipientRole: null,
    composed,
    linkExpiresAt: null,
  });
  return true;
}
