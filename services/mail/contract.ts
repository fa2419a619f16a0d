/**
 * What the mail service shows the world: a message as the outbox shows it, a person's email
 * preferences, and the words its rules are stated in. Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

/** What a message is about. */
export const MAIL_KINDS = ["invitation", "password_reset", "weekly_summary"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Where a message is: `queued` waits for the SMTP server (retried until it takes it), `sent`
 * was taken by it, `kept` stays in the outbox because the deployment sends no email (no
 * `SMTP_URL`), `expired` could not be sent before the link it carries stopped working, and
 * `refused` was turned down by the SMTP server for good (a 5xx answer: no such mailbox, say).
 */
export const MAIL_STATES = ["queued", "sent", "kept", "expired", "refused"] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** How messages reach people in this deployment: by `email`, or kept in the `outbox` for an admin to pass on. */
export const DELIVERIES = ["email", "outbox"] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** What the outbox shows of one message. */
export interface OutboxMessage {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** Whether `text` leaves out the message's one-time link, which this reader may not see. */
  link_hidden: boolean;
  state: MailState;
  created_at: string;
  sent_at: string | null;
}

export const outboxMessageSchema = z
  .object({
    id: idSchema("mailMessage"),
    kind: z.enum(MAIL_KINDS),
    to: z.string().describe("The recipient's address"),
    subject: z.string(),
    text: z
      .string()
      .describe(
        "The message as it was (or will be) sent, in plain text. Its one-time link is left out where the reader may not see it (`link_hidden`)",
      ),
    link_hidden: z.boolean().describe("Whether `text` leaves out a one-time link this reader may not see (see the API reference, Email)"),
    state: z
      .enum(MAIL_STATES)
      .describe(
        "`queued`: waiting for the SMTP server; `sent`: taken by it; `kept`: no email is sent in this deployment, the message stays here; `expired`: its link stopped working before it could be sent; `refused`: the SMTP server turned it down for good (no such mailbox, say)",
      ),
    created_at: timestamp,
    sent_at: timestamp.nullable().describe("When the SMTP server took the message; `null` until then"),
  })
  .meta({ id: "OutboxMessage", description: "An email Stint sent or keeps in the outbox" });
assertSameShape<SameShape<z.output<typeof outboxMessageSchema>, OutboxMessage>>();

/** A person's choices about the email Stint sends them. */
export interface EmailPreferences {
  weekly_summary: boolean;
  time_zone: string;
}

export const emailPreferencesSchema = z
  .object({
    weekly_summary: z
      .boolean()
      .describe("Whether the person gets a summary of their tracked time every Monday, for the week before; off until they turn it on"),
    time_zone: z
      .string()
      .describe("The IANA time zone the summary's week and days are counted in")
      .meta({ examples: ["Europe/Berlin"] }),
  })
  .meta({ id: "EmailPreferences" });
assertSameShape<SameShape<z.output<typeof emailPreferencesSchema>, EmailPreferences>>();
