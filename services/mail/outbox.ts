import type { Identity, Role } from "../../shared/identity";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import type { OutboxMessage } from "./contract";
import { presentMessage, type MailDocument } from "./message";
import type { MessageStore, OutboxFilter } from "./message-store";

const RANK: Readonly<Record<Role, number>> = { member: 0, admin: 1, owner: 2 };

/**
 * Whether the reader may see a message's one-time link (docs/api.md, "Who sees a link in
 * the outbox"). Only while the outbox is how the message reaches its recipient (no SMTP: the
 * message is `kept`) and the link still works; then an invitation's link to the owner and
 * admins, who could read its token when they made it anyway, and a password reset's link only
 * to someone who outranks the account it resets: the owner for admins and members, admins for
 * members. Whoever holds a reset link can take the account over, so no one sees the link of
 * their equal or of their superior, and no one ever sees the owner's.
 */
export function mayShowLink(reader: Pick<Identity, "role">, message: MailDocument, now: number): boolean {
  if (!message.has_link || message.state !== "kept") return false;
  if (message.link_expires_at !== null && message.link_expires_at <= now) return false;
  if (message.kind === "invitation") return true;
  if (message.kind === "password_reset" && message.recipient_role !== null) return RANK[reader.role] > RANK[message.recipient_role];
  return false;
}

/** The organization's messages, newest first, each as this reader may see it. */
export async function listOutbox(
  messages: MessageStore,
  reader: Identity,
  filter: OutboxFilter,
  page: Page,
  now: number,
): Promise<ListEnvelope<OutboxMessage>> {
  const { items, total } = await messages.list(reader.organizationId, filter, page);
  return listEnvelope(
    items.map((doc) => presentMessage(doc, mayShowLink(reader, doc, now))),
    total,
    page,
  );
}
