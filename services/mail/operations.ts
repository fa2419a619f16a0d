import { EVERY_ROLE, MANAGERS, type CredentialAccess } from "../../shared/access";
import { noInput } from "../../shared/inputs";
import { defineOperations } from "../../shared/operations";
import { list, single } from "../../shared/schemas";
import { emailPreferencesSchema, outboxMessageSchema } from "./contract";
import { listOutboxInput, updatePreferencesInput } from "./inputs";

/**
 * The outbox holds invitations' links and the addresses of everyone written to: those who
 * manage the organization's people read it, with a signed-in user's own token.
 */
const READ_OUTBOX: CredentialAccess = { permission: "users:write", roles: MANAGERS, sessionOnly: true };

/** A person's own choices about the email they get: with their own sign-in, not a key or an application's token. */
const OWN_PREFERENCES: CredentialAccess = { roles: EVERY_ROLE, sessionOnly: true };

/** The email Stint sent or keeps for an organization (docs/api.md#email). */
export const mailOperations = defineOperations("mail", {
  listOutbox: {
    method: "GET",
    path: "/organization/outbox",
    summary: "List the organization's email",
    description:
      "Owners and admins only, with a signed-in user's access token. Every message Stint sent or keeps for the organization, newest first, for `MAIL_RETENTION_DAYS`. Without `SMTP_URL` nothing is sent and this is how messages reach people: a message is `kept`, and its one-time link is shown to readers who may pass it on (an invitation's to every reader; a password reset's only to someone who outranks the account) until the link expires.",
    tag: "Organization",
    resource: "Email",
    input: listOutboxInput,
    access: READ_OUTBOX,
    success: { status: 200, description: "A page of messages, newest first", body: list(outboxMessageSchema) },
    parameters: { kind: "Only messages of this kind", state: "Only messages in this state" },
  },
  getPreferences: {
    method: "GET",
    path: "/email-preferences",
    summary: "Read your email preferences",
    description:
      "The signed-in user's own: whether they get the weekly summary (off until they turn it on) and the time zone its weeks are counted in.",
    tag: "Email",
    resource: "Email preferences",
    input: noInput,
    access: OWN_PREFERENCES,
    success: { status: 200, description: "Your email preferences", body: single(emailPreferencesSchema) },
  },
  updatePreferences: {
    method: "PATCH",
    path: "/email-preferences",
    summary: "Change your email preferences",
    description:
      "The signed-in user's own. With `weekly_summary` on, a summary of the week before (Monday to Sunday in `time_zone`) is sent every Monday, from the first week that ends after it was turned on. An unknown time zone is a 400 naming `time_zone`.",
    tag: "Email",
    resource: "Email preferences",
    input: updatePreferencesInput,
    access: OWN_PREFERENCES,
    success: { status: 200, description: "Your email preferences as changed", body: single(emailPreferencesSchema) },
  },
});
