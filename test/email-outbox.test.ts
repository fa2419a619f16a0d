import { joinTeam } from "./support/accounts";
import { anAcceptance, anInvitation, PASSWORD, uniqueEmail } from "./support/builders";
import { client, registerOwner, type Account, type Client } from "./support/http";
import { A, B, type List } from "./support/shapes";
import { describeStint, useStint } from "./support/stint";

interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  text: string;
  link_hidden: boolean;
  state: string;
}

const NEW_PASSWORD = "a brand new passphrase";

/** The one-time token in a message's text, when the reader may see it. */
function tokenIn(text: string): string | undefined {
  const match = /#token=(\S+)/.exec(text);
  return match?.[1] && decodeURIComponent(match[1]);
}

/**
 * Without `SMTP_URL` nothing is sent: every message stays in the organization's outbox, and
 * its link is shown to those who may pass it on (docs/api.md, "Email").
 */
describeStint("embedded", "email kept in the outbox", () => {
  const stint = useStint({ mode: "embedded" });
  let anonymous: Client;
  let owner: { account: Account; api: Client };
  let admin: { account: Account; api: Client };
  let member: { account: Account; api: Client };

  beforeAll(async () => {
    anonymous = client(stint.url);
    owner = await registerOwner(stint.url, "Owner");
    admin = await joinTeam(stint.url, owner.api, "admin");
    member = await joinTeam(stint.url, owner.api, "member");
  });

  async function outboxOf(reader: Client, to: string, kind: string): Promise<OutboxMessage | undefined> {
    const res = await reader.get<List<OutboxMessage>>(`${A}/organization/outbox?kind=${kind}&per_page=100`);
    expect(res.status).toBe(200);
    return res.body.data.find((message) => message.to === to);
  }

  it("when someone is invited, then the invitation is kept with its link, which joins them", async () => {
    const address = uniqueEmail("kept");
    await owner.api.post(`${A}/users/invitations`, anInvitation({ email: address }));
    const kept = await outboxOf(admin.api, address, "invitation");
    expect(kept).toMatchObject({ state: "kept", link_hidden: false });
    const token = tokenIn(kept?.text ?? "");
    expect(token).toMatch(/^inv_tok_/);
    const joined = await anonymous.post(`${B}/auth/invitations/accept`, anAcceptance(token ?? ""));
    expect(joined.status).toBe(201);
  });

  it("when a member asks for a reset, then the answer says the outbox, and the admin and the owner see the link, which works", async () => {
    const asked = await anonymous.post(`${A}/auth/password-reset`, { email: member.account.user.email });
    expect(asked).toMatchObject({ status: 202, body: { delivery: "outbox" } });
    let forAdmin: OutboxMessage | undefined;
    while (!forAdmin) forAdmin = await outboxOf(admin.api, member.account.user.email, "password_reset");
    const forOwner = await outboxOf(owner.api, member.account.user.email, "password_reset");
    expect(forAdmin).toMatchObject({ state: "kept", link_hidden: false });
    expect(forOwner).toMatchObject({ link_hidden: false, text: forAdmin.text });
    const reset = await anonymous.post(`${A}/auth/password-reset/confirm`, { token: tokenIn(forAdmin.text), password: NEW_PASSWORD });
    expect(reset.status).toBe(204);
    expect((await anonymous.post(`${A}/auth/login`, { email: member.account.user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("when an admin or the owner asks for a reset, then no equal and no one below sees the link", async () => {
    for (const who of [admin, owner]) {
      await anonymous.post(`${A}/auth/password-reset`, { email: who.account.user.email });
      let kept: OutboxMessage | undefined;
      while (!kept) kept = await outboxOf(admin.api, who.account.user.email, "password_reset");
      expect(kept.link_hidden).toBe(true);
      expect(tokenIn(kept.text)).toBeUndefined();
    }
    const adminsResetForOwner = await outboxOf(owner.api, admin.account.user.email, "password_reset");
    expect(adminsResetForOwner?.link_hidden).toBe(false);
    const ownersResetForOwner = await outboxOf(owner.api, owner.account.user.email, "password_reset");
    expect(ownersResetForOwner?.link_hidden).toBe(true);
    expect((await anonymous.post(`${A}/auth/login`, { email: owner.account.user.email, password: PASSWORD })).status).toBe(200);
  });

  it("when a member reads the outbox, then it is a 403", async () => {
    const another = await joinTeam(stint.url, owner.api, "member");
    expect((await another.api.get(`${B}/organization/outbox`)).status).toBe(403);
  });

  it("when the outbox is read with an unknown kind, then it is a 400 naming kind", async () => {
    const res = await owner.api.get<{ error: { details: { errors?: { field: string }[]; field?: string } } }>(
      `${A}/organization/outbox?kind=letters`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors?.[0]?.field ?? res.body.error.details.field).toBe("kind");
  });
});
