import { MANAGERS, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { list } from "../../shared/schemas";
import { outboxMessageSchema } from "./contract";
import { listOutboxInput } from "./inputs";

/**
 * The outbox holds invitations' links and the addresses of everyone written to: those who
 * manage the organization's people read it, with a signed-in user's own token.
 */
const READ_OUTBOX: CredentialAccess = { permission: "users:write", roles: MANAGERS, sessionOnly: true };

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
});
