import type { Role } from "../../shared/identity";

/**
 * The words of every message Stint sends, in plain text. A message with a one-time link is
 * written twice: with the link, and with it left out (what the outbox shows a reader who
 * may not see it, and what the store keeps once the message is sent).
 */
export interface Composed {
  subject: string;
  text: string;
  redactedText: string;
  hasLink: boolean;
}

/** Where the web application's pages are: `PUBLIC_URL`, or nothing (links then start at the path, for the outbox). */
export class WebAppLinks {
  private readonly base: string;

  constructor(publicUrl: string | undefined) {
    this.base = (publicUrl ?? "").replace(/\/+$/, "");
  }

  /** A page of the web application. */
  page(path: string): string {
    return `${this.base}${path}`;
  }

  /**
   * A page that reads a one-time token from the address's fragment, which a browser never
   * sends to a server, so the token stays out of every access log on its way.
   */
  withToken(path: string, token: string): string {
    return `${this.page(path)}#token=${encodeURIComponent(token)}`;
  }
}

const HIDDEN_LINK = "[The link is left out here: only the recipient may use it.]";

/** `2026-01-12 09:30 UTC`: one way of writing an instant, whatever the reader's language. */
export function writtenInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function withAndWithout(subject: string, lines: (link: string) => string[], link: string): Composed {
  return {
    subject,
    text: lines(link).join("\n"),
    redactedText: lines(HIDDEN_LINK).join("\n"),
    hasLink: true,
  };
}

export interface InvitationWords {
  organizationName: string;
  inviterName: string;
  role: Exclude<Role, "owner">;
  token: string;
  expiresAt: number;
}

export function invitationMessage(words: InvitationWords, links: WebAppLinks): Composed {
  const article = words.role === "admin" ? "an admin" : "a member";
  return withAndWithout(
    `${words.inviterName} invited you to ${words.organizationName} on Stint`,
    (link) => [
      `${words.inviterName} invited you to join ${words.organizationName} on Stint, to track time as ${article}.`,
      "",
      "Open this link to choose your name and password:",
      "",
      link,
      "",
      `The link works once, until ${writtenInstant(words.expiresAt)}.`,
      "If you did not expect this invitation, ignore this email: nothing happens unless the link is used.",
    ],
    links.withToken("/join", words.token),
  );
}

export interface PasswordResetWords {
  name: string;
  token: string;
  expiresAt: number;
}

export function passwordResetMessage(words: PasswordResetWords, links: WebAppLinks): Composed {
  return withAndWithout(
    "Set a new password for Stint",
    (link) => [
      `Hello ${words.name},`,
      "",
      "Someone (we hope you) asked to set a new password for your Stint account. Open this link to choose one:",
      "",
      link,
      "",
      `The link works once, until ${writtenInstant(words.expiresAt)}. Setting a new password signs you out everywhere.`,
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    links.withToken("/reset-password", words.token),
  );
}

export interface WeekWords {
  name: string;
  organizationName: string;
  timeZone: string;
  /** The seven days, Monday first: `YYYY-MM-DD` and seconds tracked. */
  days: { date: string; seconds: number }[];
  /** Projects with time, most first. */
  projects: { name: string; seconds: number }[];
}

/** `7 h 05 min`. */
export function writtenDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function weeklySummaryMessage(words: WeekWords, links: WebAppLinks): Composed {
  const first = words.days[0]?.date ?? "";
  const last = words.days.at(-1)?.date ?? "";
  const total = words.days.reduce((sum, day) => sum + day.seconds, 0);
  const width = Math.max(0, ...words.projects.map((project) => project.name.length));
  const lines = [
    `Hello ${words.name},`,
    "",
    `Your week in ${words.organizationName}, from Monday ${first} to Sunday ${last} (${words.timeZone}):`,
    "",
    `Total: ${writtenDuration(total)}`,
    "",
    "By day:",
    ...words.days.map((day, index) => `  ${WEEKDAYS[index]} ${day.date}  ${writtenDuration(day.seconds)}`),
    "",
    ...(words.projects.length === 0
      ? ["No time was tracked this week."]
      : ["By project:", ...words.projects.map((project) => `  ${project.name.padEnd(width)}  ${writtenDuration(project.seconds)}`)]),
    "",
    "A timer still running at the end of the week counts up to then.",
    `You get this summary every Monday because you asked for it; turn it off in your profile: ${links.page("/settings/profile")}`,
  ];
  const text = lines.join("\n");
  return { subject: `Your week in Stint: ${writtenDuration(total)} (${first} to ${last})`, text, redactedText: text, hasLink: false };
}
