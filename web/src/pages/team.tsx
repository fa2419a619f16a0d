import type { CreatedInvitation, Stint, User } from "@stint/sdk";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "../components/confirm-button";
import { CopyButton } from "../components/copy-button";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { collect } from "../lib/collect";
import { showDate, showDateTime } from "../lib/format";
import { useAction } from "../lib/use-action";
import { showMoney } from "../lib/money";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { RateHistory } from "./rate-history";
import "./projects.css";

type AssignableRole = "admin" | "member";

const ROLE_NAMES: Record<User["role"], string> = { owner: "Owner", admin: "Admin", member: "Member" };

/**
 * The people of the organization. Everyone sees who is in it; owners and admins change roles,
 * remove people (never the owner, nor themselves here) and invite, and only they see the
 * pending invitations (the API keeps those from members).
 */
export default function TeamPage() {
  const client = useStint();
  const manager = useIsManager();
  const [invitationsRound, setInvitationsRound] = useState(0);
  return (
    <Page title="Team">
      <Members client={client} manager={manager} />
      {manager ? (
        <>
          <InviteForm client={client} onInvited={() => setInvitationsRound((round) => round + 1)} />
          <PendingInvitations client={client} round={invitationsRound} />
        </>
      ) : (
        <p className="hint">Owners and admins invite people and change their roles.</p>
      )}
    </Page>
  );
}

function Members({ client, manager }: { client: Stint; manager: boolean }) {
  const { identity, organization } = useSignedIn();
  const { currency } = organization;
  const users = useLoad(() => collect(client.users.list({ perPage: 200 })), [client]);
  const { said, error, run } = useAction();
  const act = async (what: () => Promise<unknown>, done: string): Promise<void> => {
    await run(async () => {
      await what();
      users.reload();
      return done;
    });
  };
  /** The owner's role is fixed and nobody changes or removes themselves from this list. */
  const manageable = (user: User) => manager && user.role !== "owner" && user.id !== identity.userId;

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="section-heading">
        Members
      </h2>
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={error} />
      <ErrorNotice error={users.error} onRetry={users.reload} />
      {users.data === undefined ? (
        users.error ? null : (
          <Loading what="members" />
        )
      ) : users.data.length === 0 ? (
        <Empty>No members.</Empty>
      ) : (
        <div className="table-wrap" role="region" aria-label="Members of the organization" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Members of the organization</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col" className="number">
                  Hourly rate
                </th>
                {manager ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.name}
                    {user.id === identity.userId ? <span className="visually-hidden"> (you)</span> : null}
                    {user.id === identity.userId ? (
                      <span className="badge you-badge" aria-hidden="true">
                        you
                      </span>
                    ) : null}
                  </td>
                  <td>{user.email}</td>
                  <td>
                    {manageable(user) ? (
                      <RoleForm
                        user={user}
                        onChange={(role) =>
                          act(() => client.users.changeRole(user.id, { role }), `${user.name} is now ${ROLE_NAMES[role].toLowerCase()}.`)
                        }
                      />
                    ) : (
                      ROLE_NAMES[user.role]
                    )}
                  </td>
                  {/* A rate the reader may not see is not sent at all: a dash, as for no rate. */}
                  <td className="number">{showMoney(user.hourly_rate, currency)}</td>
                  {manager ? (
                    <td>
                      {manageable(user) ? (
                        <ConfirmButton
                          confirmLabel={`Remove ${user.name} from the organization`}
                          onConfirm={() =>
                            act(() => client.users.remove(user.id), `${user.name} was removed; their sign-ins and keys no longer work.`)
                          }
                        >
                          Remove<span className="visually-hidden"> {user.name}</span>
                        </ConfirmButton>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manager && users.data?.length ? <MemberRates client={client} users={users.data} onChanged={users.reload} /> : null}
    </section>
  );
}

/** One member's own rate over time (the `member` level: their rate on every project without a more specific one). */
function MemberRates({ client, users, onChanged }: { client: Stint; users: User[]; onChanged(): void }) {
  const { currency } = useSignedIn().organization;
  const [userId, setUserId] = useState(users[0]!.id);
  const user = users.find((each) => each.id === userId) ?? users[0]!;
  return (
    <div className="stack">
      <label className="field">
        <span>Show the rates of</span>
        <select value={user.id} onChange={(event) => setUserId(event.target.value)}>
          {users.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
      </label>
      <RateHistory
        key={user.id}
        client={client}
        title={`Rates of ${user.name}`}
        filter={{ level: "member", userId: user.id }}
        targets={[{ label: user.name, level: "member", userId: user.id }]}
        describe={() => `${user.name}, on every project`}
        currency={currency}
        onChanged={onChanged}
      />
    </div>
  );
}

/** A role chosen, then saved by its own button: a select that saved on change would act on every arrow key. */
function RoleForm({ user, onChange }: { user: User; onChange(role: AssignableRole): Promise<void> }) {
  const [role, setRole] = useState<AssignableRole>(user.role === "admin" ? "admin" : "member");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onChange(role);
    setBusy(false);
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)}>
      <label>
        <span className="visually-hidden">Role of {user.name}</span>
        <select value={role} onChange={(event) => setRole(event.target.value as AssignableRole)}>
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      </label>
      <button type="submit" className="button-secondary" disabled={busy || role === user.role}>
        Change role<span className="visually-hidden"> of {user.name}</span>
      </button>
    </form>
  );
}

function joinLink(token: string): string {
  return `${window.location.origin}/join#token=${encodeURIComponent(token)}`;
}

function InviteForm({ client, onInvited }: { client: Stint; onInvited(): void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("member");
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      const invitation = await client.invitations.create({ email, role });
      setCreated(invitation);
      setEmail("");
      setRole("member");
      onInvited();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="section-heading">
        Invite someone
      </h2>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <div className="row">
          <label className="field">
            <span>Email</span>
            <input type="email" value={email} required autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
          </label>
          <div className="field">
            <label className="field-label" htmlFor="invite-role">
              Role
            </label>
            <select
              id="invite-role"
              value={role}
              aria-describedby="invite-role-hint"
              onChange={(event) => setRole(event.target.value as AssignableRole)}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <button type="submit" disabled={busy}>
            {busy ? "Inviting…" : "Invite"}
          </button>
        </div>
        <small id="invite-role-hint" className="hint">
          A member tracks their own time and reads projects; an admin also manages projects, people and settings.
        </small>
        <ErrorNotice error={error} fields={{ email: "Email", role: "Role" }} />
      </form>
      {created ? (
        <div className="notice notice-warning stack invite-result" role="status">
          <p>
            Send this link to {created.email} yourself: Stint sends no email. It works once, until {showDateTime(created.expires_at)}, and{" "}
            <strong>will not be shown again</strong>.
          </p>
          <p className="secret">{joinLink(created.token)}</p>
          <p>
            <CopyButton text={joinLink(created.token)} label="Copy link" />
          </p>
        </div>
      ) : null}
    </section>
  );
}

function PendingInvitations({ client, round }: { client: Stint; round: number }) {
  const invitations = useLoad(() => collect(client.invitations.list({ perPage: 200 })), [client, round]);
  const { said, error, run } = useAction();
  const revoke = (id: string, email: string) =>
    run(async () => {
      await client.invitations.revoke(id);
      invitations.reload();
      return `The invitation for ${email} was revoked; its link no longer works.`;
    });
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="section-heading">
        Pending invitations
      </h2>
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={error} />
      <ErrorNotice error={invitations.error} onRetry={invitations.reload} />
      {invitations.data === undefined ? (
        invitations.error ? null : (
          <Loading what="invitations" />
        )
      ) : invitations.data.length === 0 ? (
        <Empty>No pending invitations.</Empty>
      ) : (
        <div className="table-wrap" role="region" aria-label="Pending invitations" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Pending invitations</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{ROLE_NAMES[invitation.role]}</td>
                  <td>{showDate(invitation.expires_at)}</td>
                  <td>
                    <ConfirmButton
                      confirmLabel={`Revoke the invitation for ${invitation.email}`}
                      onConfirm={() => revoke(invitation.id, invitation.email)}
                    >
                      Revoke<span className="visually-hidden"> the invitation for {invitation.email}</span>
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
