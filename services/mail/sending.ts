import { derivedId } from "../../shared/creation";
import type { Role } from "../../shared/identity";
import type { MailToSend, QueuedMail } from "./client";
import type { Delivery, MailKind } from "./contract";
import { isoAt, type MailDocument } from "./message";
import type { MessageStore } from "./message-store";
import { invitationMessage, passwordResetMessage, type Composed, type WebAppLinks } from "./templates";

/** What queuing a message needs. */
export interface Outgoing {
  messages: MessageStore;
  links: WebAppLinks;
  /** `email` when this process has an SMTP server to send through; `outbox` otherwise. */
  delivery: Delivery;
  now(): number;
  /** Tells the worker a message is due now. */
  queued(): void;
}

/** The message's id, from what it is about: the same request makes the same message. */
export function messageIdFor(kind: MailKind, subject: string): string {
  return derivedId("mailMessage", `${kind}:${subject}`);
}

export interface NewMessage {
  id: string;
  organizationId: string;
  kind: MailKind;
  to: string;
  recipientRole: Role | null;
  composed: Composed;
  linkExpiresAt: number | null;
}

/** Stores a message: queued for the SMTP server, or kept in the outbox when there is none. Once per id. */
export async function storeMessage(outgoing: Outgoing, message: NewMessage): Promise<QueuedMail> {
  const now = outgoing.now();
  const queued = outgoing.delivery === "email";
  const doc: MailDocument = {
    _id: message.id,
    organization_id: message.organizationId,
    kind: message.kind,
    to: message.to,
    recipient_role: message.recipientRole,
    subject: message.composed.subject,
    text: message.composed.text,
    redacted_text: message.composed.redactedText,
    has_link: message.composed.hasLink,
    state: queued ? "queued" : "kept",
    attempts: 0,
    next_attempt_at: queued ? now : null,
    last_error: null,
    link_expires_at: message.linkExpiresAt,
    created_at: isoAt(now),
    sent_at: null,
  };
  if ((await outgoing.messages.add(doc)) && queued) outgoing.queued();
  return { id: message.id, delivery: outgoing.delivery };
}

/** Writes and queues what another service asks to send. */
export function queueMail(outgoing: Outgoing, mail: MailToSend): Promise<QueuedMail> {
  if (mail.kind === "invitation") {
    return storeMessage(outgoing, {
      id: messageIdFor("invitation", mail.invitationId),
      organizationId: mail.organizationId,
      kind: "invitation",
      to: mail.to,
      recipientRole: null,
      composed: invitationMessage(mail, outgoing.links),
      linkExpiresAt: mail.expiresAt,
    });
  }
  return storeMessage(outgoing, {
    id: messageIdFor("password_reset", mail.resetId),
    organizationId: mail.organizationId,
    kind: "password_reset",
    to: mail.to,
    recipientRole: mail.role,
    composed: passwordResetMessage(mail, outgoing.links),
    linkExpiresAt: mail.expiresAt,
  });
}
