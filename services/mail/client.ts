import { z } from "zod";
import { defineClient, internalAction } from "../../shared/client";
import { ROLES } from "../../shared/identity";
import { nothing } from "../../shared/inputs";
import { idOf } from "../../shared/validation";
import type { Delivery } from "./contract";

/**
 * What other services ask of the mail service: to send a message. They say what it is about;
 * the mail service writes it (its words and links are its own), queues it in its store, and
 * answers at once: sending happens later, in its worker, and is retried until the SMTP server
 * takes it. Without `SMTP_URL` the message is kept in the outbox instead.
 */

const address = z.string().min(3).max(254);
const displayName = z.string().min(1).max(401);
/** A one-time token as issued; only its message ever holds it in the clear. */
const token = z.string().min(1).max(200);
/** Epoch milliseconds. */
const instantMs = z.int().min(0);

const invitationMail = z
  .object({
    kind: z.literal("invitation"),
    organizationId: idOf("organization"),
    /** The message's id comes from the invitation's, so that queuing it twice keeps one message. */
    invitationId: idOf("invitation"),
    to: address,
    organizationName: displayName,
    inviterName: displayName,
    role: z.enum(["admin", "member"]),
    token,
    expiresAt: instantMs,
  })
  .strict();

const passwordResetMail = z
  .object({
    kind: z.literal("password_reset"),
    organizationId: idOf("organization"),
    /** What tells this reset from others (never its secret): the message's id comes from it. */
    resetId: z.string().min(1).max(100),
    to: address,
    name: displayName,
    /** The account's role: who may see the link in the outbox (docs/api.md, "Email"). */
    role: z.enum(ROLES),
    token,
    expiresAt: instantMs,
  })
  .strict();

const mailToSend = z.discriminatedUnion("kind", [invitationMail, passwordResetMail]);
export type MailToSend = z.output<typeof mailToSend>;

/** A message queued: its id, and whether it goes out by email or waits in the outbox. */
export interface QueuedMail {
  id: string;
  delivery: Delivery;
}

export const mailClient = defineClient("mail", {
  /** Queues a message; a message already queued for the same invitation or reset is kept once. */
  send: internalAction(mailToSend).returning<QueuedMail>(),
  /** How this deployment delivers messages, without sending one. */
  delivery: internalAction(nothing).returning<Delivery>(),
});

export type { Delivery } from "./contract";
