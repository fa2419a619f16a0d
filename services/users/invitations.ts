import { announceChange, announceMade } from "../../shared/announce";
import { randomSecret, sha256 } from "../../shared/auth/secrets";
import { ApiError } from "../../shared/errors";
import { createdBeforeWithSecret, createdId, insertOnce, isRepeatable, type Creation } from "../../shared/creation";
import type { Identity } from "../../shared/identity";
import { listEnvelope, type ListEnvelope, type Page } from "../../shared/paging";
import { isoSeconds } from "../../shared/time";
import type { Session } from "../auth/client";
import type { AcceptInvitationBody } from "./inputs";
import { presentInvitation, type InvitationDocument } from "./invitation";
import type { InvitationStore } from "./invitation-store";
import type { Accounts, Mailer, PeopleEvents } from "./ports";
import type { CreatedInvitation, Invitation, InvitedRole } from "./contract";

/** Invitations are good for a week. */
const INVITATION_TTL_MS = 7 * 86_400_000;

const EMAIL_TAKEN = () => ApiError.conflict("An account with this email already exists", { field: "email", reason: "conflict" });
const INVALID_TOKEN = () =>
  ApiError.validation([{ field: "token", reason: "invalid", message: "is not a valid invitation or has expired" }]);

/**
 * Sent again with its `Idempotency-Key`, makes no second invitation: a 409 names the first
 * (`shared/creation.ts`). The invitee is sent the link by email, or, in a deployment that
 * sends none, it waits in the organization's outbox.
 */
export async function invite(
  invitations: InvitationStore,
  accounts: Accounts,
  mailer: Mailer,
  events: PeopleEvents,
  who: Identity,
  email: string,
  role: InvitedRole,
  request: Creation = {},
  mailFailed: (error: unknown) => void = () => undefined,
): Promise<CreatedInvitation> {
  const id = createdId("invitation", request);
  if (isRepeatable(request) && (await invitations.find(who.organizationId, id))) throw createdBeforeWithSecret("This invitation", id);
  if (await accounts.emailTaken({ email })) throw EMAIL_TAKEN();
  const token = `inv_tok_${randomSecret(40)}`;
  const doc: InvitationDocument = {
    _id: id,
    organization_id: who.organizationId,
    email,
    role,
    token_hash: sha256(token),
    invited_by: who.userId,
    expires_at: invitations.now() + INVITATION_TTL_MS,
    created_at: isoSeconds(),
  };
  const invitation = presentInvitation(doc);
  await announceChange(events.invited, invitation, async () => {
    const inserted = await insertOnce(
      doc,
      (fresh) => invitations.insert(fresh),
      (earlier) => invitations.find(who.organizationId, earlier),
    );
    if (!inserted.created) throw createdBeforeWithSecret("This invitation", id);
    return invitation;
  });
  const [organizationName, inviter] = await Promise.all([
    accounts.organizationName({ organizationId: who.organizationId }),
    accounts.accountOf({ userId: who.userId }),
  ]);
  // The invitation is stored and its link is in this answer: a mail service that is away must
  // not turn it into an error, which the caller would retry into a 409 for an invitation made.
  await mailer
    .send({
      kind: "invitation",
      organizationId: who.organizationId,
      invitationId: id,
      to: email,
      organizationName: organizationName ?? "your team",
      inviterName: inviter?.name ?? "Someone",
      role,
      token,
      expiresAt: doc.expires_at,
    })
    .catch((error: unknown) => mailFailed(error));
  return { ...invitation, token };
}

/** Pending invitations, newest first. */
export async function listInvitations(invitations: InvitationStore, who: Identity, page: Page): Promise<ListEnvelope<Invitation>> {
  const { items, total } = await invitations.listPending(who.organizationId, page);
  return listEnvelope(items.map(presentInvitation), total, page);
}

/** Unknown, expired and another organization's invitations are all a 404. */
export async function getInvitation(invitations: InvitationStore, who: Identity, id: string): Promise<Invitation> {
  const doc = await invitations.findPending(who.organizationId, id);
  if (!doc) throw ApiError.notFound("Invitation");
  return presentInvitation(doc);
}

/** The token stops working at once. */
export async function revokeInvitation(invitations: InvitationStore, who: Identity, id: string): Promise<void> {
  if (!(await invitations.deletePending(who.organizationId, id))) throw ApiError.notFound("Invitation");
}

/** Joins the invitation's organization; the token works once. */
export async function acceptInvitation(
  invitations: InvitationStore,
  accounts: Accounts,
  events: PeopleEvents,
  input: AcceptInvitationBody,
): Promise<Session> {
  const invitation = await invitations.byTokenHash(sha256(input.token));
  if (!invitation || invitation.expires_at <= invitations.now()) throw INVALID_TOKEN();
  // The auth service's unique email index makes a second acceptance of the same invitation a 409 there.
  const joined = await accounts.createMember({
    organizationId: invitation.organization_id,
    email: invitation.email,
    name: input.name,
    role: invitation.role,
    password: input.password,
  });
  if (!joined) throw INVALID_TOKEN();
  // The new user's id is made by the auth service, so this one event cannot be foreseen:
  // it is recorded just after the account exists (see docs/events.md).
  await announceMade(events.joined, joined.user);
  await invitations.delete(invitation._id);
  return joined;
}
