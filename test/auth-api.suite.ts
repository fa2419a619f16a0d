import jwt from "jsonwebtoken";
import { client, registerOwner, type Account, type Client } from "./support/http";
import { TEST_JWT_SECRET, type TestStint } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";

interface ApiKey {
  id: string;
  name: string;
  permissions: string[];
  prefix: string;
  last_four: string;
  key?: string;
  last_used_at: string | null;
}
interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

function email(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Accounts, sessions, credentials and tenancy over HTTP, in both styles; run once per mode. */
export function describeAuthApi(title: string, start: () => Promise<TestStint>): void {
  describe(title, () => {
    let stint: TestStint;
    let anonymous: Client;
    let owner: { account: Account; api: Client };

    beforeAll(async () => {
      stint = await start();
      anonymous = client(stint.url);
      owner = await registerOwner(stint.url, "Owner");
    }, 60_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

    async function inviteAndJoin(role: "admin" | "member"): Promise<{ account: Account; api: Client }> {
      const address = email(role);
      const invited = await owner.api.post<{ data: { id: string; token: string; role: string; email: string } }>(`${A}/users/invitations`, {
        email: address,
        role,
      });
      expect(invited.status).toBe(201);
      expect(invited.body.data).toMatchObject({ email: address, role });
      expect(invited.body.data.id).toMatch(/^inv_/);
      const joined = await anonymous.post<Account>(`${B}/auth/invitations/accept`, {
        token: invited.body.data.token,
        name: role,
        password: "member password 1",
      });
      expect(joined.status).toBe(201);
      expect(joined.body.user).toMatchObject({ email: address, role, organization_id: owner.account.organization.id });
      return { account: joined.body, api: client(stint.url, { authorization: `Bearer ${joined.body.access_token}` }) };
    }

    describe("register and sign in", () => {
      it("registers an organization on the free plan with its owner, and tokens", async () => {
        const address = email("reg");
        const res = await anonymous.post<Account>(`${B}/auth/register`, {
          email: address.toUpperCase(),
          password: "a long enough password",
          name: "Ada",
          organization_name: "Analytical",
        });
        expect(res.status).toBe(201);
        expect(res.body.user).toMatchObject({ email: address, role: "owner", organization_id: res.body.organization.id });
        expect(res.body.user.id).toMatch(/^usr_/);
        expect(res.body.organization).toMatchObject({ name: "Analytical", plan: "free" });
        expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 900 });
        expect(res.body.refresh_token).toMatch(/^rt_/);
        expect(res.headers.get("location")).toBe(`${B}/users/${res.body.user.id}`);
        expect(JSON.stringify(res.body)).not.toContain("password");
        const claims = jwt.decode(res.body.access_token, { complete: true });
        expect(claims?.header.alg).toBe("HS256");
        expect(claims?.payload).toMatchObject({ sub: res.body.user.id, iss: "stint", aud: "stint-api" });
      });

      it("refuses a second account with the same email (409) and keeps the first", async () => {
        const res = await anonymous.post<StyleAError>(`${A}/auth/register`, {
          email: owner.account.user.email,
          password: "another password!",
          name: "Copy",
          organization_name: "Copy",
        });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe("conflict");
        expect(
          (await anonymous.post(`${A}/auth/login`, { email: owner.account.user.email, password: "correct horse battery" })).status,
        ).toBe(200);
      });

      it.each([
        [{ email: "not-an-email", password: "long enough pass", name: "x", organization_name: "y" }, "email", "invalid"],
        [{ email: "a@example.test", password: "short", name: "x", organization_name: "y" }, "password", "invalid"],
        [{ email: "a@example.test", password: "long enough pass", name: "x" }, "organization_name", "required"],
        [{ email: "a@example.test", password: "long enough pass", name: "x", organization_name: "y", role: "admin" }, "role", "unknown"],
        [
          { email: "a@example.test", password: "long enough pass", name: "x", organization_name: "y", plan: "enterprise" },
          "plan",
          "unknown",
        ],
      ])("rejects %j naming %s", async (body, field, reason) => {
        const res = await anonymous.post<StyleAError>(`${A}/auth/register`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("signs in with the right password, and answers a wrong one and an unknown email alike (401)", async () => {
        const ok = await anonymous.post<Account>(`${B}/auth/login`, { email: owner.account.user.email, password: "correct horse battery" });
        expect(ok.status).toBe(200);
        expect(ok.body.user.id).toBe(owner.account.user.id);
        const wrong = await anonymous.post<StyleBError>(`${B}/auth/login`, {
          email: owner.account.user.email,
          password: "wrong password!!",
        });
        const unknown = await anonymous.post<StyleBError>(`${B}/auth/login`, { email: email("nobody"), password: "wrong password!!" });
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(wrong.body).toEqual(unknown.body);
        expect(wrong.body.code).toBe("UNAUTHORIZED");
      });
    });

    describe("refresh and sign out", () => {
      it("rotates refresh tokens, and reuse of a spent one revokes its whole chain", async () => {
        const first = owner.account.refresh_token;
        const second = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: first });
        expect(second.status).toBe(200);
        expect(second.body.refresh_token).not.toBe(first);
        const third = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: second.body.refresh_token });
        expect(third.status).toBe(200);

        const replay = await anonymous.post<StyleAError>(`${A}/auth/refresh`, { refresh_token: first });
        expect(replay.status).toBe(401);
        const afterTheft = await anonymous.post(`${A}/auth/refresh`, { refresh_token: third.body.refresh_token });
        expect(afterTheft.status).toBe(401);
      });

      it("signs out: the refresh token stops working", async () => {
        const session = await anonymous.post<Tokens>(`${A}/auth/login`, {
          email: owner.account.user.email,
          password: "correct horse battery",
        });
        expect((await anonymous.post(`${B}/auth/logout`, { refresh_token: session.body.refresh_token })).status).toBe(204);
        expect((await anonymous.post(`${B}/auth/refresh`, { refresh_token: session.body.refresh_token })).status).toBe(401);
      });
    });

    describe("credentials", () => {
      it.each([
        ["no credential", {}],
        ["a malformed token", { authorization: "Bearer not.a.token" }],
        ["another scheme", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }],
        ["an unknown key", { "x-api-key": "tt_live_0000000000000000000000000000000000000000" }],
      ])("answers %s with 401 in both styles", async (_label, headers) => {
        const a = await anonymous.get<StyleAError>(`${A}/projects`, { headers });
        expect(a.status).toBe(401);
        expect(a.body.error.code).toBe("unauthorized");
        const b = await anonymous.get<StyleBError>(`${B}/projects`, { headers });
        expect(b.status).toBe(401);
        expect(b.body.code).toBe("UNAUTHORIZED");
      });

      it("refuses expired tokens, tokens signed with another key, and unsigned ones", async () => {
        const claims = { org: owner.account.organization.id, plan: "free", role: "owner", iat_ms: Date.now() };
        const base = { subject: owner.account.user.id, issuer: "stint", audience: "stint-api" };
        const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET, { ...base, algorithm: "HS256" });
        const foreign = jwt.sign(claims, "some-other-secret-that-is-long-enough-as-well", { ...base, algorithm: "HS256", expiresIn: 300 });
        const wrongAudience = jwt.sign(claims, TEST_JWT_SECRET, { ...base, audience: "elsewhere", algorithm: "HS256", expiresIn: 300 });
        const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(JSON.stringify({ ...claims, sub: owner.account.user.id, iss: "stint", aud: "stint-api", exp: 9999999999 })).toString("base64url")}.`;
        for (const token of [expired, foreign, wrongAudience, unsigned]) {
          expect((await anonymous.get(`${A}/projects`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
        }
        const good = jwt.sign(claims, TEST_JWT_SECRET, { ...base, algorithm: "HS256", expiresIn: 300 });
        expect((await anonymous.get(`${A}/projects`, { headers: { authorization: `Bearer ${good}` } })).status).toBe(200);
      });

      it("creates an API key shown once, lists it by prefix and last four, and accepts it in both headers and styles", async () => {
        const created = await owner.api.post<{ data: ApiKey }>(`${A}/api-keys`, {
          name: "CI",
          permissions: ["projects:read", "projects:write"],
        });
        expect(created.status).toBe(201);
        const key = created.body.data.key as string;
        expect(key).toMatch(/^tt_live_[0-9A-Za-z]{40}$/);
        expect(created.body.data).toMatchObject({ name: "CI", prefix: "tt_live_", last_four: key.slice(-4), last_used_at: null });
        expect(created.body.data.id).toMatch(/^key_/);

        const both: Record<string, string>[] = [{ "x-api-key": key }, { authorization: `Bearer ${key}` }];
        for (const headers of both) {
          expect((await anonymous.post(`${A}/projects`, { name: `Via key ${Math.random()}` }, { headers })).status).toBe(201);
          expect((await anonymous.get(`${B}/projects`, { headers })).status).toBe(200);
        }

        const listed = await owner.api.get<{ data: ApiKey[] }>(`${B}/api-keys`);
        const shown = listed.body.data.find((k) => k.id === created.body.data.id);
        expect(shown).toMatchObject({ last_four: key.slice(-4), prefix: "tt_live_" });
        expect(shown?.last_used_at).not.toBeNull();
        expect(JSON.stringify(listed.body)).not.toContain(key);
      });

      it("limits a key to its permissions (403), and keys cannot manage keys", async () => {
        const created = await owner.api.post<{ data: ApiKey }>(`${A}/api-keys`, { name: "Read only", permissions: ["projects:read"] });
        const headers = { "x-api-key": created.body.data.key as string };
        expect((await anonymous.get(`${A}/projects`, { headers })).status).toBe(200);
        const write = await anonymous.post<StyleAError>(`${A}/projects`, { name: "Nope" }, { headers });
        expect(write.status).toBe(403);
        expect(write.body.error).toMatchObject({ code: "forbidden", details: { permission: "projects:write" } });
        const b = await anonymous.post<StyleBError>(`${B}/projects`, { name: "Nope" }, { headers });
        expect(b.status).toBe(403);
        expect(b.body.code).toBe("FORBIDDEN");
        expect((await anonymous.post(`${A}/api-keys`, { name: "Child", permissions: ["projects:read"] }, { headers })).status).toBe(403);
        expect((await anonymous.get(`${A}/api-keys`, { headers })).status).toBe(403);
      });

      it("rejects unknown permissions with 400 naming the field", async () => {
        const res = await owner.api.post<StyleAError>(`${A}/api-keys`, { name: "Bad", permissions: ["projects:read", "everything"] });
        expect(res.status).toBe(400);
        expect(res.body.error.details.field).toBe("permissions.1");
      });

      it("revokes a key at once", async () => {
        const created = await owner.api.post<{ data: ApiKey }>(`${A}/api-keys`, { name: "Short lived", permissions: ["projects:read"] });
        const headers = { "x-api-key": created.body.data.key as string };
        expect((await anonymous.get(`${A}/projects`, { headers })).status).toBe(200);
        expect((await owner.api.delete(`${A}/api-keys/${created.body.data.id}`)).status).toBe(204);
        const after = await anonymous.get<StyleAError>(`${A}/projects`, { headers });
        expect(after.status).toBe(401);
        expect((await owner.api.delete(`${A}/api-keys/${created.body.data.id}`)).status).toBe(404);
      });
    });

    describe("users and invitations", () => {
      interface User {
        id: string;
        email: string;
        role: string;
        organization_id: string;
      }

      it("invites a member who joins once with the one-time token", async () => {
        const address = email("once");
        const invited = await owner.api.post<{ data: { token: string } }>(`${A}/users/invitations`, { email: address, role: "member" });
        const body = { token: invited.body.data.token, name: "Once", password: "member password 1" };
        expect((await anonymous.post(`${A}/auth/invitations/accept`, body)).status).toBe(201);
        const again = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, body);
        expect(again.status).toBe(400);
        expect(again.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
        const list = await owner.api.get<{ data: User[] }>(`${A}/users?role=member&per_page=200`);
        expect(list.body.data.filter((u) => u.email === address)).toHaveLength(1);
      });

      it("lists and reads the organization's users, never another's", async () => {
        const member = await inviteAndJoin("member");
        const list = await member.api.get<{ data: User[]; meta: { total: number } }>(`${A}/users?per_page=200`);
        expect(list.status).toBe(200);
        expect(list.body.data.every((u) => u.organization_id === owner.account.organization.id)).toBe(true);
        expect(list.body.data.map((u) => u.id)).toEqual(expect.arrayContaining([owner.account.user.id, member.account.user.id]));
        expect(JSON.stringify(list.body)).not.toContain("password");
        const other = await registerOwner(stint.url, "Elsewhere");
        expect((await other.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(404);
        expect((await other.api.delete(`${A}/users/${member.account.user.id}`)).status).toBe(404);
        expect((await other.api.patch(`${A}/users/${member.account.user.id}`, { role: "admin" })).status).toBe(404);
      });

      it("gives a member 403 on admin operations", async () => {
        const member = await inviteAndJoin("member");
        const checks = [
          await member.api.post(`${A}/users/invitations`, { email: email("x"), role: "member" }),
          await member.api.patch(`${A}/users/${member.account.user.id}`, { role: "admin" }),
          await member.api.delete(`${A}/users/${owner.account.user.id}`),
          await member.api.post(`${A}/projects`, { name: "Members can't" }),
          await member.api.post(`${A}/api-keys`, { name: "Too much", permissions: ["projects:write"] }),
        ];
        expect(checks.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
        expect((await member.api.get(`${B}/projects`)).status).toBe(200);
      });

      it("cannot be escalated through the body: role, organization_id and user_id are refused", async () => {
        const address = email("escalate");
        const invited = await owner.api.post<{ data: { token: string } }>(`${A}/users/invitations`, { email: address });
        const accept = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, {
          token: invited.body.data.token,
          name: "x",
          password: "member password 1",
          role: "owner",
        });
        expect(accept.status).toBe(400);
        expect(accept.body.error.details).toMatchObject({ field: "role", reason: "unknown" });
        expect((await owner.api.post<StyleAError>(`${A}/users/invitations`, { email: email("o"), role: "owner" })).status).toBe(400);
        const member = await inviteAndJoin("member");
        const key = await member.api.post<StyleAError>(`${A}/api-keys`, {
          name: "k",
          permissions: ["projects:read"],
          user_id: owner.account.user.id,
        });
        expect(key.body.error.details).toMatchObject({ field: "user_id", reason: "unknown" });
        expect(
          (
            await owner.api.patch<StyleAError>(`${A}/users/${member.account.user.id}`, {
              role: "admin",
              organization_id: "org_0000000000000000000000",
            })
          ).status,
        ).toBe(400);
      });

      it("changes a role (old tokens stop, new ones carry the role), and never the owner's", async () => {
        const member = await inviteAndJoin("member");
        const promoted = await owner.api.patch<{ data: User }>(`${A}/users/${member.account.user.id}`, { role: "admin" });
        expect(promoted.status).toBe(200);
        expect(promoted.body.data.role).toBe("admin");
        expect((await member.api.get(`${A}/projects`)).status).toBe(401);
        const fresh = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token });
        expect(fresh.status).toBe(200);
        const asAdmin = client(stint.url, { authorization: `Bearer ${fresh.body.access_token}` });
        expect((await asAdmin.post(`${A}/projects`, { name: `Admin made ${Math.random()}` })).status).toBe(201);
        const ownerChange = await asAdmin.patch<StyleAError>(`${A}/users/${owner.account.user.id}`, { role: "member" });
        expect(ownerChange.status).toBe(409);
      });

      it("removes a member with their keys and tokens at once, and never the owner", async () => {
        const member = await inviteAndJoin("member");
        const key = await member.api.post<{ data: { key: string } }>(`${A}/api-keys`, { name: "theirs", permissions: ["projects:read"] });
        const keyHeaders = { "x-api-key": key.body.data.key };
        expect((await anonymous.get(`${A}/projects`, { headers: keyHeaders })).status).toBe(200);
        expect((await owner.api.delete(`${B}/users/${member.account.user.id}`)).status).toBe(204);
        expect((await anonymous.get(`${A}/projects`, { headers: keyHeaders })).status).toBe(401);
        expect((await member.api.get(`${A}/projects`)).status).toBe(401);
        expect((await anonymous.post(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token })).status).toBe(401);
        expect((await owner.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(404);
        const ownerRemoval = await owner.api.delete<StyleAError>(`${A}/users/${owner.account.user.id}`);
        expect(ownerRemoval.status).toBe(409);
      });
    });

    describe("pending invitations", () => {
      interface Invitation {
        id: string;
        organization_id: string;
        email: string;
        role: string;
        invited_by: string;
        expires_at: string;
        created_at: string;
        token?: string;
      }

      async function invite(style: string, role: "admin" | "member" = "member"): Promise<Invitation> {
        const invited = await owner.api.post<{ data: Invitation }>(`${style}/users/invitations`, { email: email("pending"), role });
        expect(invited.status).toBe(201);
        expect(invited.headers.get("location")).toBe(`${style}/users/invitations/${invited.body.data.id}`);
        return invited.body.data;
      }

      it("reads an invitation where its Location points, in both styles, never with its token", async () => {
        for (const style of [A, B]) {
          const invited = await invite(style);
          const read = await owner.api.get<{ data: Invitation }>(`${style}/users/invitations/${invited.id}`);
          expect(read.status).toBe(200);
          const { token, ...shown } = invited;
          expect(read.body.data).toEqual(shown);
          expect(read.body.data).not.toHaveProperty("token");
          expect(JSON.stringify(read.body)).not.toContain(token as string);
        }
      });

      it("lists the organization's pending invitations, newest first and paged, in both styles", async () => {
        const first = await invite(A);
        const second = await invite(A, "admin");
        for (const style of [A, B]) {
          const listed = await owner.api.get<List<Invitation>>(`${style}/users/invitations?per_page=200`);
          expect(listed.status).toBe(200);
          expect(listed.body.meta).toMatchObject({ page: 1, per_page: 200 });
          expect(listed.body.data.every((i) => i.organization_id === owner.account.organization.id)).toBe(true);
          expect(listed.body.data.every((i) => !("token" in i))).toBe(true);
          const ids = listed.body.data.map((i) => i.id);
          expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
          const created = listed.body.data.map((i) => i.created_at);
          expect(created).toEqual([...created].sort().reverse());
        }
        const page = await owner.api.get<List<Invitation>>(`${A}/users/invitations?per_page=1`);
        expect(page.body.data).toHaveLength(1);
        expect(page.body.meta.total).toBeGreaterThanOrEqual(2);
        expect((await owner.api.get<StyleAError>(`${A}/users/invitations?per_page=0`)).status).toBe(400);
      });

      it("revokes an invitation: it is gone from the list and its token no longer joins", async () => {
        const address = email("revoked");
        const invited = await owner.api.post<{ data: Invitation }>(`${B}/users/invitations`, { email: address });
        expect((await owner.api.delete(`${B}/users/invitations/${invited.body.data.id}`)).status).toBe(204);
        expect((await owner.api.get(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
        expect((await owner.api.delete(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
        const listed = await owner.api.get<List<Invitation>>(`${A}/users/invitations?per_page=200`);
        expect(listed.body.data.map((i) => i.id)).not.toContain(invited.body.data.id);
        const accept = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, {
          token: invited.body.data.token,
          name: "Late",
          password: "member password 1",
        });
        expect(accept.status).toBe(400);
        expect(accept.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
      });

      it("forgets an accepted invitation", async () => {
        const invited = await owner.api.post<{ data: Invitation }>(`${A}/users/invitations`, { email: email("accepted") });
        expect(
          (
            await anonymous.post(`${A}/auth/invitations/accept`, {
              token: invited.body.data.token,
              name: "Joined",
              password: "member password 1",
            })
          ).status,
        ).toBe(201);
        expect((await owner.api.get(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
      });

      it("gives a member 403 and another organization 404, in both styles", async () => {
        const invited = await invite(A);
        const address = email("member");
        const joining = await owner.api.post<{ data: Invitation }>(`${A}/users/invitations`, { email: address });
        const joined = await anonymous.post<Account>(`${A}/auth/invitations/accept`, {
          token: joining.body.data.token,
          name: "Member",
          password: "member password 1",
        });
        const member = client(stint.url, { authorization: `Bearer ${joined.body.access_token}` });
        const other = await registerOwner(stint.url, "Elsewhere");
        for (const style of [A, B]) {
          const forbidden = [
            await member.get(`${style}/users/invitations`),
            await member.get(`${style}/users/invitations/${invited.id}`),
            await member.delete(`${style}/users/invitations/${invited.id}`),
          ];
          expect(forbidden.map((r) => r.status)).toEqual([403, 403, 403]);
          expect((await other.api.get(`${style}/users/invitations/${invited.id}`)).status).toBe(404);
          expect((await other.api.delete(`${style}/users/invitations/${invited.id}`)).status).toBe(404);
          const theirs = await other.api.get<List<Invitation>>(`${style}/users/invitations?per_page=200`);
          expect(theirs.status).toBe(200);
          expect(theirs.body.data.map((i) => i.id)).not.toContain(invited.id);
        }
        const b = await member.get<StyleBError>(`${B}/users/invitations`);
        expect(b.body.code).toBe("FORBIDDEN");
        expect((await owner.api.get(`${A}/users/invitations/${invited.id}`)).status).toBe(200);
      });

      it("answers a malformed invitation id with 404", async () => {
        const res = await owner.api.get<StyleAError>(`${A}/users/invitations/usr_0000000000000000000000`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      });
    });

    describe("tenancy", () => {
      it("hides every project and key of another organization behind 404", async () => {
        const other = await registerOwner(stint.url, "Other");
        const project = await owner.api.post<{ data: { id: string } }>(`${A}/projects`, { name: `Secret ${Math.random()}` });
        const key = await owner.api.post<{ data: ApiKey }>(`${A}/api-keys`, { name: "Mine", permissions: ["projects:read"] });
        const id = project.body.data.id;
        expect((await other.api.get(`${A}/projects/${id}`)).status).toBe(404);
        expect((await other.api.get(`${B}/projects/${id}`)).status).toBe(404);
        expect((await other.api.patch(`${A}/projects/${id}`, { name: "Taken over" })).status).toBe(404);
        expect((await other.api.post(`${A}/projects/${id}/archive`)).status).toBe(404);
        expect((await other.api.delete(`${A}/projects/${id}`)).status).toBe(404);
        expect((await other.api.delete(`${A}/api-keys/${key.body.data.id}`)).status).toBe(404);
        const theirs = await other.api.get<{ data: { id: string }[] }>(`${A}/projects?per_page=200`);
        expect(theirs.body.data.map((p) => p.id)).not.toContain(id);
        const mine = await owner.api.get<{ data: { name: string } }>(`${A}/projects/${id}`);
        expect(mine.status).toBe(200);
        expect(mine.body.data.name).toMatch(/^Secret /);
      });

      it("shows the caller's organization and lets its owner rename it", async () => {
        const shown = await owner.api.get<{ data: { id: string; plan: string } }>(`${A}/organization`);
        expect(shown.body.data).toMatchObject({ id: owner.account.organization.id, plan: "free" });
        const renamed = await owner.api.patch<{ data: { name: string } }>(`${B}/organization`, { name: "Renamed Ltd" });
        expect(renamed.status).toBe(200);
        expect(renamed.body.data.name).toBe("Renamed Ltd");
        expect((await owner.api.patch(`${A}/organization`, { plan: "enterprise" })).status).toBe(400);
      });
    });
    describe("the capture agent's settings", () => {
      it("shows the defaults, lets the owner and admins change them, refuses members and values out of range, in both styles", async () => {
        const admin = await inviteAndJoin("admin");
        const member = await inviteAndJoin("member");
        const shown = await member.api.get<{ data: { screenshot_interval_minutes: number; screenshot_blur: boolean } }>(
          `${A}/organization`,
        );
        expect(shown.body.data).toMatchObject({ screenshot_interval_minutes: 10, screenshot_blur: false });

        const changed = await admin.api.patch<{ data: object }>(`${B}/organization`, {
          screenshot_interval_minutes: 0,
          screenshot_blur: true,
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data).toMatchObject({ screenshot_interval_minutes: 0, screenshot_blur: true });
        const byOwner = await owner.api.patch<{ data: object }>(`${A}/organization`, { screenshot_interval_minutes: 60 });
        expect(byOwner.body.data).toMatchObject({ screenshot_interval_minutes: 60, screenshot_blur: true });

        const refused = await member.api.patch<StyleAError>(`${A}/organization`, { screenshot_interval_minutes: 1 });
        expect(refused.status).toBe(403);
        for (const [body, field] of [
          [{ screenshot_interval_minutes: 61 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: -1 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: 2.5 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: null }, "screenshot_interval_minutes"],
          [{ screenshot_blur: "yes" }, "screenshot_blur"],
        ] as const) {
          const bad = await owner.api.patch<StyleAError>(`${A}/organization`, body);
          expect(bad.status).toBe(400);
          expect(bad.body.error.details).toMatchObject({ field });
          const badB = await owner.api.patch<StyleBError>(`${B}/organization`, body);
          expect([badB.status, badB.body.code]).toEqual([400, "VALIDATION_ERROR"]);
        }
        const after = await member.api.get<{ data: object }>(`${B}/organization`);
        expect(after.body.data).toMatchObject({ screenshot_interval_minutes: 60, screenshot_blur: true });
      });
    });
  });
}
