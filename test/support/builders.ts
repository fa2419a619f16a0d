import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { createApiKeyInput, registerInput } from "../../services/auth/inputs";
import type { createApplicationInput } from "../../services/oauth/inputs";
import type { createProjectInput, createRateInput, createTaskInput } from "../../services/projects/inputs";
import type { createEntryInput, startTimerInput } from "../../services/time-entries/inputs";
import type { acceptInvitationInput, inviteInput } from "../../services/users/inputs";
import type { createWebhookInput } from "../../services/webhooks/inputs";

/**
 * Bodies for the requests tests send most, each valid as it stands and unique where the API
 * wants it, with what the test cares about given as overrides:
 * `api.post(`${A}/projects`, aProject({ billable: false }))`. Each is typed from the operation's
 * own input schema, as a caller writes it (`z.input`), so a field renamed there breaks the
 * builder at type check. A test about a field writes that field out, even when it is the default.
 */

/** The body an operation's input schema takes, before its defaults and transforms. */
type BodyOf<Schema extends z.ZodType> = z.input<Schema> extends { body: infer Body } ? Body : never;

export type RegistrationBody = BodyOf<typeof registerInput>;
export type ApiKeyBody = BodyOf<typeof createApiKeyInput>;
export type InvitationBody = BodyOf<typeof inviteInput>;
export type AcceptanceBody = BodyOf<typeof acceptInvitationInput>;
export type ProjectBody = BodyOf<typeof createProjectInput>;
export type TaskBody = BodyOf<typeof createTaskInput>;
export type RateBody = BodyOf<typeof createRateInput>;
export type TimeEntryBody = BodyOf<typeof createEntryInput>;
export type TimerStartBody = BodyOf<typeof startTimerInput>;
export type WebhookBody = BodyOf<typeof createWebhookInput>;
export type OAuthApplicationBody = BodyOf<typeof createApplicationInput>;

/** `label` and a short random suffix: a name no other test uses. */
export function unique(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** An address no other test uses, in the reserved `.test` domain. */
export function uniqueEmail(label = "someone"): string {
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The password of everyone the builders make. */
export const PASSWORD = "correct horse battery";

/** Where the test OAuth applications send people back; never reached (tests read the redirect). */
export const OAUTH_CALLBACK = "https://client.example.test/callback";

/** A new organization and its owner, named `name`. */
export function aRegistration(overrides: Partial<RegistrationBody> = {}): RegistrationBody {
  const name = overrides.name ?? "Owner";
  return { email: uniqueEmail(name), password: PASSWORD, name, organization_name: unique(`${name} Org`), ...overrides };
}

/** A key that may read projects. */
export function anApiKey(overrides: Partial<ApiKeyBody> = {}): ApiKeyBody {
  return { name: unique("Key"), permissions: ["projects:read"], ...overrides };
}

/** An invitation for a new member. */
export function anInvitation(overrides: Partial<InvitationBody> = {}): InvitationBody {
  return { email: uniqueEmail("invited"), role: "member", ...overrides };
}

/** Accepting the invitation `token`. */
export function anAcceptance(token: string, overrides: Partial<Omit<AcceptanceBody, "token">> = {}): AcceptanceBody {
  return { token, name: "Teammate", password: PASSWORD, ...overrides };
}

/** A project with its defaults (billable, no rate). */
export function aProject(overrides: Partial<ProjectBody> = {}): ProjectBody {
  return { name: unique("Project"), ...overrides };
}

/** A task with its defaults (active, billable as its project, no estimate). */
export function aTask(overrides: Partial<TaskBody> = {}): TaskBody {
  return { name: unique("Task"), ...overrides };
}

/** The organization's default rate changing to 50 an hour from 1 January 2026. */
export function aRate(overrides: Partial<RateBody> = {}): RateBody {
  return { level: "organization", hourly_rate: 50, effective_from: "2026-01-01", ...overrides };
}

/** An hour's work on `projectId`, Monday 2 March 2026 from 09:00 UTC. */
export function aTimeEntry(projectId: string, overrides: Partial<TimeEntryBody> = {}): TimeEntryBody {
  return { project_id: projectId, start_time: "2026-03-02T09:00:00Z", end_time: "2026-03-02T10:00:00Z", ...overrides };
}

/** A timer started on `projectId`. */
export function aTimerStart(projectId: string, overrides: Partial<TimerStartBody> = {}): TimerStartBody {
  return { project_id: projectId, ...overrides };
}

/** A subscription of `url` to new projects. */
export function aWebhook(url: string, overrides: Partial<WebhookBody> = {}): WebhookBody {
  return { url, events: ["project.created"], ...overrides };
}

/** A confidential application that reads projects and time entries, sending people back to `OAUTH_CALLBACK`. */
export function anOAuthApplication(overrides: Partial<OAuthApplicationBody> = {}): OAuthApplicationBody {
  return { name: "Timesheet sync", redirect_uris: [OAUTH_CALLBACK], scopes: ["projects:read", "time_entries:read"], ...overrides };
}
