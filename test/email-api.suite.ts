import { joinTeam, withApiKey } from "./support/accounts";
import { anAcceptance, anInvitation, PASSWORD, uniqueEmail } from "./support/builders";
import { client, registerOwner, type Account, type Client } from "./support/http";
import { manualClock } from "./support/manual-clock";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import { SmtpInbox, tokenInLink } from "./support/smtp-inbox";
import { createProject, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";

interface Tokens {
  access_token: string;
  refresh_token: string;
}
interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  link_hidden: boolean;
  state: string;
  sent_at: string | null;
}

const PUBLIC_URL = "https://stint.example.test";
const NEW_PASSWORD = "a brand new passphrase";
const MINUTE = 60_000;
const RESET_SUBJECT = "Set a new password for Stint";

/**
 * Email through a real SMTP server the suite starts on loopback (`smtp-server`), which asks
 * for the login of `SMTP_URL`: invitations, password reset links and their rules (once, 30
 * minutes by an injected clock, the same answer for every address), password change, and
 * the outbox's record of what was sent. Run once per mode.
 */
export function describeEmailApi(mode: StintMode): void {
  describeStint(mode, "email through SMTP", () => {
    let inbox: SmtpInbox;
    const clock = manualClock();
    beforeAll(async () => {
      inbox = await SmtpInbox.start();
    });
    const stint = useStint({
      mode,
      label: "email",
      clock: clock.now,
      env: () => ({ SMTP_URL: inbox.url, SMTP_FROM: "Stint <stint@example.test>", PUBLIC_URL }),
    });
    afterAll(async () => {
      await inbox?.stop();
    });

    let anonymous: Client;
    let owner: { account: Account; api: Client };
    beforeAll(async () => {
      anonymous = client(stint.url);
      owner = await registerOwner(stint.url, "Grace");
    });

    const signIn = (email: string, password: string) => anonymous.post<Account>(`${A}/auth/login`, { email, password });

    /** Asks for a reset of `email`'s password and answers the token of the link that arrives. */
    async function resetLinkFor(email: string): Promise<string> {
      // Counted by subject: the invitation that brought the person in may still be arriving.
      const before = inbox.to(email, RESET_SUBJECT).length;
      const asked = await anonymous.post<{ delivery: string }>(`${B}/auth/password-reset`, { email });
      expect(asked.status).toBe(202);
      const mail = (await inbox.waitFor(email, before + 1, RESET_SUBJECT)).at(-1);
      return tokenInLink(mail?.text ?? "", `${PUBLIC_URL}/reset-password`);
    }

    it("when an owner invites someone, then they receive an email from the sender, through the SMTP login, whose link joins them", async () => {
      const address = uniqueEmail("invitee");
      const invited = await owner.api.post<{ data: { id: string } }>(
        `${A}/users/invitations`,
        anInvitation({ email: address, role: "admin" }),
      );
      expect(invited.status).toBe(201);
      const [mail] = await inbox.waitFor(address);
      expect(mail).toMatchObject({ from: "stint@example.test", user: inbox.user, to: [address] });
      expect(mail?.subject).toBe(`Grace invited you to ${owner.account.organization.name} on Stint`);
      expect(mail?.text).toContain("to track time as an admin");
      const token = tokenInLink(mail?.text ?? "", `${PUBLIC_URL}/join`);
      const joined = await anonymous.post<Account>(`${B}/auth/invitations/accept`, anAcceptance(token, { name: "Invitee" }));
      expect(joined.status).toBe(201);
      expect(joined.body.user).toMatchObject({ email: address, role: "admin", organization_id: owner.account.organization.id });
    });

    it("when a reset link is used, then the new password signs in, the old one and every earlier sign-in stop, and the link works once", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const token = await resetLinkFor(member.account.user.email);
      expect(token).toMatch(/^pwr_/);
      const reset = await anonymous.post(`${A}/auth/password-reset/confirm`, { token, password: NEW_PASSWORD });
      expect(reset.status).toBe(204);
      expect((await signIn(member.account.user.email, NEW_PASSWORD)).status).toBe(200);
      expect((await signIn(member.account.user.email, PASSWORD)).status).toBe(401);
      expect((await anonymous.post(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token })).status).toBe(401);
      expect((await member.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(401);

      const again = await anonymous.post<StyleBError>(`${B}/auth/password-reset/confirm`, { token, password: "yet another passphrase" });
      expect(again.status).toBe(400);
      expect(again.body.details).toMatchObject({ field: "token", reason: "invalid" });
      expect((await signIn(member.account.user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it("when a reset link is used 30 minutes after it was asked for, then it is refused and the password stays", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const token = await resetLinkFor(member.account.user.email);
      clock.advance(30 * MINUTE);
      const late = await anonymous.post<StyleAError>(`${A}/auth/password-reset/confirm`, { token, password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
      expect((await signIn(member.account.user.email, PASSWORD)).status).toBe(200);

      const fresh = await resetLinkFor(member.account.user.email);
      clock.advance(29 * MINUTE);
      expect((await anonymous.post(`${A}/auth/password-reset/confirm`, { token: fresh, password: NEW_PASSWORD })).status).toBe(204);
    });

    it("when a reset link's secret is altered, then it is refused as any unknown link", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const token = await resetLinkFor(member.account.user.email);
      const last = token.at(-1) === "a" ? "b" : "a";
      for (const forged of [`${token.slice(0, -1)}${last}`, "pwr_nothing", "not a token"]) {
        const res = await anonymous.post<StyleAError>(`${A}/auth/password-reset/confirm`, { token: forged, password: NEW_PASSWORD });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
      }
      expect((await signIn(member.account.user.email, PASSWORD)).status).toBe(200);
    });

    it("when a reset is asked for an address without an account, then the answer is the same as for one with an account, and nothing is sent", async () => {
      const nobody = uniqueEmail("nobody");
      const member = await joinTeam(stint.url, owner.api, "member");
      const unknown = await anonymous.post(`${A}/auth/password-reset`, { email: nobody });
      const known = await anonymous.post(`${A}/auth/password-reset`, { email: member.account.user.email });
      expect(unknown.status).toBe(202);
      expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
      expect(unknown.body).toEqual({ delivery: "email" });
      await inbox.waitFor(member.account.user.email, 1, RESET_SUBJECT);
      expect(inbox.to(nobody)).toEqual([]);
    });

    it("when a reset is asked for a fourth time within 30 minutes, then the answer is alike and no fourth link is sent", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const email = member.account.user.email;
      for (let n = 1; n <= 3; n++) await resetLinkFor(email);
      const fourth = await anonymous.post(`${A}/auth/password-reset`, { email });
      expect(fourth.status).toBe(202);
      // A marker sent after the fourth ask: once it is in, a fourth link would be too.
      const marker = uniqueEmail("marker");
      await owner.api.post(`${A}/users/invitations`, anInvitation({ email: marker }));
      await inbox.waitFor(marker);
      expect(inbox.to(email, RESET_SUBJECT)).toHaveLength(3);
    });

    it("when a reset request's body is not an email, then it is a 400 naming email", async () => {
      const res = await anonymous.post<StyleAError>(`${A}/auth/password-reset`, { email: "not an address" });
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors?.[0]?.field ?? res.body.error.details.field).toBe("email");
    });

    it("when someone changes their password with the current one, then the answer's tokens work and earlier sign-ins end", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const changed = await member.api.post<Tokens>(`${B}/auth/password`, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      const fresh = client(stint.url, { authorization: `Bearer ${changed.body.access_token}` });
      expect((await fresh.get(`${A}/users/${member.account.user.id}`)).status).toBe(200);
      expect((await member.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(401);
      expect((await anonymous.post(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token })).status).toBe(401);
      expect((await anonymous.post(`${A}/auth/refresh`, { refresh_token: changed.body.refresh_token })).status).toBe(200);
      expect((await signIn(member.account.user.email, NEW_PASSWORD)).status).toBe(200);
      expect((await signIn(member.account.user.email, PASSWORD)).status).toBe(401);
    });

    it("when the current password given is wrong, then the change is a 400 naming current_password and the password stays", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const res = await member.api.post<StyleAError>(`${A}/auth/password`, {
        current_password: "not my password",
        new_password: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toMatchObject({ field: "current_password", reason: "invalid" });
      expect((await signIn(member.account.user.email, PASSWORD)).status).toBe(200);
    });

    it("when a password change comes with an API key, then it is a 403", async () => {
      const key = await withApiKey(stint.url, owner.api, { permissions: ["users:read"] });
      const res = await key.api.post<StyleBError>(`${B}/auth/password`, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    });

    it("when email is sent, then the outbox records it as sent without its link, to the organization's owner and admins only", async () => {
      const address = uniqueEmail("recorded");
      await owner.api.post(`${A}/users/invitations`, anInvitation({ email: address }));
      await inbox.waitFor(address);
      let recorded: OutboxMessage | undefined;
      while (recorded?.state !== "sent") {
        const outbox = await owner.api.get<List<OutboxMessage>>(`${A}/organization/outbox?kind=invitation&per_page=100`);
        expect(outbox.status).toBe(200);
        recorded = outbox.body.data.find((message) => message.to === address);
      }
      expect(recorded).toMatchObject({ kind: "invitation", link_hidden: true });
      expect(recorded.sent_at).not.toBeNull();
      expect(recorded.text).not.toContain("#token=");

      const member = await joinTeam(stint.url, owner.api, "member");
      expect((await member.api.get(`${A}/organization/outbox`)).status).toBe(403);
      const stranger = await registerOwner(stint.url, "Stranger");
      const theirs = await stranger.api.get<List<OutboxMessage>>(`${B}/organization/outbox`);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.map((message) => message.to)).not.toContain(address);
    });

    it("when someone turns the weekly summary on, then after their week ends they get one summary of its time, and others none", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const quiet = await joinTeam(stint.url, owner.api, "member");
      const turnedOn = await member.api.patch<{ data: { weekly_summary: boolean; time_zone: string } }>(`${A}/email-preferences`, {
        weekly_summary: true,
        time_zone: "Europe/Berlin",
      });
      expect(turnedOn.status).toBe(200);
      expect(turnedOn.body.data).toEqual({ weekly_summary: true, time_zone: "Europe/Berlin" });
      expect((await quiet.api.get(`${B}/email-preferences`)).body).toEqual({ data: { weekly_summary: false, time_zone: "UTC" } });

      const project = await createProject(owner.api, { name: `Orrery ${Date.now()}` });
      const hour = 3_600_000;
      const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
      const start = clock.now() + hour;
      await createTimeEntry(member.api, project.id, { start_time: at(start), end_time: at(start + 2 * hour) });
      await createTimeEntry(member.api, project.id, { start_time: at(start + 24 * hour), end_time: at(start + 25 * hour) });
      await createTimeEntry(quiet.api, project.id, { start_time: at(start), end_time: at(start + hour) });

      clock.advance(7 * 24 * hour);
      await inbox.waitFor(member.account.user.email, 2);
      const weekly = inbox.to(member.account.user.email).filter((mail) => mail.subject.startsWith("Your week in Stint"));
      expect(weekly).toHaveLength(1);
      expect(weekly[0]?.subject).toMatch(/^Your week in Stint: 3 h 00 min \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\)$/);
      expect(weekly[0]?.text).toContain(`${project.name}  3 h 00 min`);
      expect(weekly[0]?.text).toContain("(Europe/Berlin)");

      // Looked at again later the same week, nothing more is sent; the one who did not ask gets nothing.
      clock.advance(30 * 60_000);
      const marker = uniqueEmail("marker");
      await owner.api.post(`${A}/users/invitations`, anInvitation({ email: marker }));
      await inbox.waitFor(marker);
      expect(inbox.to(member.account.user.email).filter((mail) => mail.subject.startsWith("Your week in Stint"))).toHaveLength(1);
      expect(inbox.to(quiet.account.user.email).filter((mail) => mail.subject.startsWith("Your week in Stint"))).toHaveLength(0);
    });

    it("when email preferences name an unknown time zone or come with an API key, then it is a 400 naming time_zone, or a 403", async () => {
      const member = await joinTeam(stint.url, owner.api, "member");
      const bad = await member.api.patch<StyleAError>(`${A}/email-preferences`, { time_zone: "Mars/Olympus" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.errors?.[0]?.field ?? bad.body.error.details.field).toBe("time_zone");
      const key = await withApiKey(stint.url, owner.api, { permissions: ["users:read"] });
      expect((await key.api.get(`${A}/email-preferences`)).status).toBe(403);
    });
  });
}
