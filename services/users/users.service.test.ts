import type { Context, ServiceBroker } from "moleculer";
import type { DomainEvent } from "../../shared/events";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { serviceTestBed } from "../../test/support/service-broker";
import { authService } from "../auth/auth.service";
import { authClient, type Session } from "../auth/client";
import { mailService } from "../mail/mail.service";
import { usersService } from "./users.service";
import type { CreatedInvitation } from "./contract";

function email(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}

/** A new organization's owner, signed up through the auth service, and who they are to a handler. */
async function registerFounder(broker: ServiceBroker): Promise<{ session: Session; who: Identity }> {
  const session = await broker.call<Session, object>("auth.register", {
    params: {},
    query: {},
    body: { email: email("owner"), password: "a long enough password", name: "Owner", organization_name: "Org" },
  });
  const who: Identity = {
    organizationId: session.organization.id,
    plan: "free",
    userId: session.user.id,
    role: "owner",
    permissions: PERMISSIONS,
  };
  return { session, who };
}

describe("users service over the auth client", () => {
  const events: DomainEvent<{ id: string }>[] = [];
  const bed = serviceTestBed("users-service", (deps) => [
    authService(deps),
    usersService(deps),
    mailService(deps),
    {
      name: "listener",
      events: {
        "user.*"(ctx: Context<DomainEvent<{ id: string }>>) {
          events.push(ctx.params);
        },
      },
    },
  ]);
  const accounts = () => authClient.over(bed.broker());

  const founder = () => registerFounder(bed.broker());

  it("never hands out a password hash, and refuses a taken email with the sign-up's 409", async () => {
    const { session, who } = await founder();
    const user = await accounts().getUser({ organizationId: who.organizationId, userId: who.userId });
    expect(user).toEqual(session.user);
    expect(JSON.stringify(user)).not.toContain("password");
    expect(await accounts().emailTaken({ email: session.user.email.toUpperCase() })).toBe(true);
    await expect(
      accounts().createMember({
        organizationId: who.organizationId,
        email: session.user.email,
        name: "Copy",
        role: "member",
        password: "member password 1",
      }),
    ).rejects.toMatchObject({
      code: 409,
      data: { field: "email", reason: "conflict" },
    });
  });

  it("answers null for another organization's user", async () => {
    const first = await founder();
    const second = await founder();
    expect(await accounts().getUser({ organizationId: second.who.organizationId, userId: first.who.userId })).toBeNull();
    expect(await accounts().isMember({ organizationId: second.who.organizationId, userId: first.who.userId })).toBe(false);
    expect(await accounts().setRole({ organizationId: second.who.organizationId, userId: first.who.userId, role: "member" })).toBeNull();
    expect(await accounts().removeUser({ organizationId: second.who.organizationId, userId: first.who.userId })).toBeNull();
  });

  it("announces an invitation without its token, the joining, and the removal", async () => {
    const { who } = await founder();
    const invited = await bed.call<{ data: CreatedInvitation }>("users.invite", who, { body: { email: email("invitee") } });
    const joined = await bed.broker().call<Session, object>("users.acceptInvitation", {
      params: {},
      query: {},
      body: { token: invited.data.token, name: "Invitee", password: "member password 1" },
    });
    await bed.call("users.remove", who, { params: { id: joined.user.id } });
    await new Promise((resolve) => setImmediate(resolve));
    const mine = events.filter((event) => event.organization_id === who.organizationId);
    expect(mine.map((event) => [event.type, event.data.id])).toEqual([
      ["user.invited", invited.data.id],
      ["user.joined", joined.user.id],
      ["user.removed", joined.user.id],
    ]);
    expect(mine[0]?.data).not.toHaveProperty("token");
    expect(await accounts().isMember({ organizationId: who.organizationId, userId: joined.user.id })).toBe(false);
  });
});

describe("users service without a mail service", () => {
  const bed = serviceTestBed("users-without-mail", (deps) => [authService(deps), usersService(deps)]);

  it("when the invitation's email cannot be queued, then the invitation is still answered with its link", async () => {
    const { who } = await registerFounder(bed.broker());
    const invited = await bed.call<{ data: CreatedInvitation }>("users.invite", who, { body: { email: email("invitee") } });
    expect(invited.data.token).toMatch(/^inv_tok_/);
    const listed = await bed.call<{ data: { id: string }[] }>("users.listInvitations", who, { query: {} });
    expect(listed.data.map((invitation) => invitation.id)).toEqual([invited.data.id]);
  });
});
