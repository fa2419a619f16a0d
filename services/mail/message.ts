import type { Role } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import { isoSeconds } from "../../shared/time";
import type { MailKind, MailState, OutboxMessage } from "./contract";

/**
 * One email: the queue entry, and its record in the outbox, at once. `_id` (`msg_...`) comes
 * from what the message is about (an invitation, a reset, a person's week), so that queuing
 * it again finds it instead of making a second one.
 */
export interface MailDocument extends StoredDocument {
  organization_id: string;
  kind: MailKind;
  to: string;
  /** The recipient's role when the message was made, for messages to people with an account: who outranks them. */
  recipient_role: Role | null;
  subject: string;
  /** The whole text, one-time link included, until it is sent; then `redacted_text`, so no live secret stays in the store. */
  text: string;
  /** The text with its one-time link left out; the same as `text` for a message without one. */
  redacted_text: string;
  has_link: boolean;
  state: MailState;
  /** Attempts to send so far; attempt `attempts + 1` is the next one. */
  attempts: number;
  /** Epoch ms when the next attempt is due; `null` once the message is settled. */
  next_attempt_at: number | null;
  /** Why the last attempt failed, for the operator's log; never shown in answers. */
  last_error: string | null;
  /** Epoch ms when the message's link stops working; `null` for a message without one. */
  link_expires_at: number | null;
  created_at: string;
  sent_at: string | null;
}

/**
 * The claim on one attempt (`_id` = `<message id>:<attempt>`): inserting it is what entitles
 * a worker to send that attempt, and the store takes each `_id` once, so across every process
 * one worker makes each attempt.
 */
export interface MailClaimDocument extends StoredDocument {
  message_id: string;
  attempt: number;
  worker: string;
  claimed_at: string;
  /** Epoch ms after which an attempt whose message has not moved on is taken for abandoned (its worker stopped). */
  lease_until: number;
}

export const MAIL_MESSAGES: CollectionSpec = {
  name: "mail_messages",
  indexes: [
    // The worker's question (what is due), the outbox's (an organization's, newest first), the clean-up's (settled by age).
    { fields: { state: 1, next_attempt_at: 1 } },
    { fields: { organization_id: 1, created_at: -1 } },
    { fields: { state: 1, created_at: 1 } },
  ],
};

export const MAIL_CLAIMS: CollectionSpec = { name: "mail_attempt_claims", indexes: [{ fields: { claimed_at: 1 } }] };

export function attemptClaimId(messageId: string, attempt: number): string {
  return `${messageId}:${String(attempt).padStart(4, "0")}`;
}

/** The message as a reader of the outbox sees it; `showLink`: whether they may see its one-time link. */
export function presentMessage(doc: MailDocument, showLink: boolean): OutboxMessage {
  const hasLink = doc.has_link;
  return {
    id: doc._id,
    kind: doc.kind,
    to: doc.to,
    subject: doc.subject,
    text: hasLink && showLink ? doc.text : doc.redacted_text,
    link_hidden: hasLink && !showLink,
    state: doc.state,
    created_at: doc.created_at,
    sent_at: doc.sent_at,
  };
}

/** An instant of the mail service's clock as every answer writes it. */
export function isoAt(ms: number): string {
  return isoSeconds(new Date(ms));
}
