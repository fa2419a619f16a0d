import jwt from "jsonwebtoken";
import { joinTeam, withApiKey } from "./support/accounts";
import { aProject, aRegistration, anAcceptance, anApiKey, anInvitation, PASSWORD, unique, uniqueEmail } from "./support/builders";
import { client, registerOwner, type Account, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, TEST_JWT_SECRET, useStint, type StintMode } from "./support/stint";
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

/** Accounts, sessions, credentials and tenancy over HTTP, in both styles; run once per mode. */
export function describeAuthApi(mode: StintMode): void {
  describeStint(mode, "accounts, sessions and credentials", () => {
    const stint = useStint({ mode });
    let anonymous: Client;
    let owner: { account: Account; api: Client };

    beforeAll(async () => {
      anonymous = client(stint.url);
      owner = await registerOwner(stint.url, "Owner");
    });

    describe("register and sign in", () => {
      it("when someone registers, then an organization on the free plan is made with them as owner, signed in with tokens", async () => {
        const address = uniqueEmail("reg");
        const res = await anonymous.post<Account>(
          `${B}/auth/register`,
          aRegistration({ email: address.toUpperCase(), name: "Ada", organization_name: "Analytical" }),
        );
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

      it("when an email is already registered, then a second account is refused with 409 and the first still signs in", async () => {
        const res = await anonymous.post<StyleAError>(
          `${A}/auth/register`,
          aRegistration({ email: owner.account.user.email, password: "another password!" }),
        );
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe("conflict");
        expect((await anonymous.post(`${A}/auth/login`, { email: owner.account.user.email, password: PASSWORD })).status).toBe(200);
      });

      it.each([
        ["an email that is not one", { email: "not-an-email" }, "email", "invalid"],
        ["a short password", { password: "short" }, "password", "invalid"],
        ["no organization name", { organization_name: undefined }, "organization_name", "required"],
        ["a role", { role: "admin" }, "role", "unknown"],
        ["a plan", { plan: "enterprise" }, "plan", "unknown"],
      ])("when a registration has %s, then the 400 names %s", async (_case, change, field, reason) => {
        const res = await anonymous.post<StyleAError>(`${A}/auth/register`, { ...aRegistration(), ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field, reason });
      });

      it("when the password is right, then signing in answers the account", async () => {
        const ok = await anonymous.post<Account>(`${B}/auth/login`, { email: owner.account.user.email, password: PASSWORD });
        expect(ok.status).toBe(200);
        expect(ok.body.user.id).toBe(owner.account.user.id);
      });

      it("when the password is wrong or the email unknown, then both get the same 401", async () => {
        const wrong = await anonymous.post<StyleBError>(`${B}/auth/login`, {
          email: owner.account.user.email,
          password: "wrong password!!",
        });
        const unknown = await anonymous.post<StyleBError>(`${B}/auth/login`, {
          email: uniqueEmail("nobody"),
          password: "wrong password!!",
        });
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(wrong.body).toEqual(unknown.body);
        expect(wrong.body.code).toBe("UNAUTHORIZED");
      });
    });

    describe("refresh and sign out", () => {
      /** A refresh token of a session of its own, so that revoking its chain leaves the owner's alone. */
      async function freshRefreshToken(): Promise<string> {
        const session = await anonymous.post<Tokens>(`${A}/auth/login`, { email: owner.account.user.email, password: PASSWORD });
        expect(session.status).toBe(200);
        return session.body.refresh_token;
      }

      it("when a refresh token is used, then a new one replaces it and works in turn", async () => {
        const first = await freshRefreshToken();
        const second = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: first });
        expect(second.status).toBe(200);
        expect(second.body.refresh_token).not.toBe(first);
        const third = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: second.body.refresh_token });
        expect(third.status).toBe(200);
      });

      it("when a spent refresh token is used again, then it is refused and its whole chain revoked", async () => {
        const first = await freshRefreshToken();
        const second = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: first });
        const third = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: second.body.refresh_token });
        expect(third.status).toBe(200);
        const replay = await anonymous.post<StyleAError>(`${A}/auth/refresh`, { refresh_token: first });
        expect(replay.status).toBe(401);
        const afterTheft = await anonymous.post(`${A}/auth/refresh`, { refresh_token: third.body.refresh_token });
        expect(afterTheft.status).toBe(401);
      });

      it("when someone signs out, then their refresh token stops working", async () => {
        const session = await anonymous.post<Tokens>(`${A}/auth/login`, { email: owner.account.user.email, password: PASSWORD });
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
      ])("when a request carries %s, then both styles answer 401", async (_label, headers) => {
        const a = await anonymous.get<StyleAError>(`${A}/projects`, { headers });
        expect(a.status).toBe(401);
        expect(a.body.error.code).toBe("unauthorized");
        const b = await anonymous.get<StyleBError>(`${B}/projects`, { headers });
        expect(b.status).toBe(401);
        expect(b.body.code).toBe("UNAUTHORIZED");
      });

      it("when an access token is expired, signed with another key, for another audience or unsigned, then it is refused with 401", async () => {
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

      it("when an API key is created, then it is shown once, and lists show only its prefix and last four", async () => {
        const created = await owner.api.post<{ data: ApiKey }>(
          `${A}/api-keys`,
          anApiKey({ name: "CI", permissions: ["projects:read", "projects:write"] }),
        );
        expect(created.status).toBe(201);
        const key = created.body.data.key as string;
        expect(key).toMatch(/^tt_live_[0-9A-Za-z]{40}$/);
        expect(created.body.data).toMatchObject({ name: "CI", prefix: "tt_live_", last_four: key.slice(-4), last_used_at: null });
        expect(created.body.data.id).toMatch(/^key_/);
        const listed = await owner.api.get<{ data: ApiKey[] }>(`${B}/api-keys`);
        const shown = listed.body.data.find((k) => k.id === created.body.data.id);
        expect(shown).toMatchObject({ last_four: key.slice(-4), prefix: "tt_live_" });
        expect(JSON.stringify(listed.body)).not.toContain(key);
      });

      it("when an API key is sent as X-API-Key or as a bearer token, then both styles accept it and its use is recorded", async () => {
        const { id, key } = await withApiKey(stint.url, owner.api, { permissions: ["projects:read", "projects:write"] });
        const both: Record<string, string>[] = [{ "x-api-key": key }, { authorization: `Bearer ${key}` }];
        for (const headers of both) {
          expect((await anonymous.post(`${A}/projects`, aProject(), { headers })).status).toBe(201);
          expect((await anonymous.get(`${B}/projects`, { headers })).status).toBe(200);
        }
        const listed = await owner.api.get<{ data: ApiKey[] }>(`${B}/api-keys`);
        expect(listed.body.data.find((k) => k.id === id)?.last_used_at).not.toBeNull();
      });

      it("when a key lacks the permission an operation needs, then both styles refuse it with 403", async () => {
        const { headers } = await withApiKey(stint.url, owner.api, { permissions: ["projects:read"] });
        expect((await anonymous.get(`${A}/projects`, { headers })).status).toBe(200);
        const write = await anonymous.post<StyleAError>(`${A}/projects`, aProject(), { headers });
        expect(write.status).toBe(403);
        expect(write.body.error).toMatchObject({ code: "forbidden", details: { permission: "projects:write" } });
        const b = await anonymous.post<StyleBError>(`${B}/projects`, aProject(), { headers });
        expect(b.status).toBe(403);
        expect(b.body.code).toBe("FORBIDDEN");
      });

      it("when a key asks to list or make keys, then it is refused with 403", async () => {
        const { headers } = await withApiKey(stint.url, owner.api, { permissions: ["projects:read"] });
        expect((await anonymous.post(`${A}/api-keys`, anApiKey(), { headers })).status).toBe(403);
        expect((await anonymous.get(`${A}/api-keys`, { headers })).status).toBe(403);
      });

      it("when a key names an unknown permission, then the 400 names it", async () => {
        const res = await owner.api.post<StyleAError>(`${A}/api-keys`, { ...anApiKey(), permissions: ["projects:read", "everything"] });
        expect(res.status).toBe(400);
        expect(res.body.error.details.field).toBe("permissions.1");
      });

      it("when a key is revoked, then it is refused at once and revoking it again is 404", async () => {
        const { id, headers } = await withApiKey(stint.url, owner.api);
        expect((await anonymous.get(`${A}/projects`, { headers })).status).toBe(200);
        expect((await owner.api.delete(`${A}/api-keys/${id}`)).status).toBe(204);
        const after = await anonymous.get<StyleAError>(`${A}/projects`, { headers });
        expect(after.status).toBe(401);
        expect((await owner.api.delete(`${A}/api-keys/${id}`)).status).toBe(404);
      });
    });

    describe("users and invitations", () => {
      interface User {
        id: string;
        email: string;
        role: string;
        organization_id: string;
      }

      async function inviteAndJoin(role: "admin" | "member"): Promise<{ account: Account; api: Client }> {
        const address = uniqueEmail(role);
        const invited = await owner.api.post<{ data: { id: string; token: string; role: string; email: string } }>(
          `${A}/users/invitations`,
          anInvitation({ email: address, role }),
        );
        expect(invited.status).toBe(201);
        expect(invited.body.data).toMatchObject({ email: address, role });
        expect(invited.body.data.id).toMatch(/^inv_/);
        const joined = await anonymous.post<Account>(`${B}/auth/invitations/accept`, anAcceptance(invited.body.data.token, { name: role }));
        expect(joined.status).toBe(201);
        expect(joined.body.user).toMatchObject({ email: address, role, organization_id: owner.account.organization.id });
        return { account: joined.body, api: client(stint.url, { authorization: `Bearer ${joined.body.access_token}` }) };
      }

      it("when an invitation's token is used twice, then only the first use joins", async () => {
        const address = uniqueEmail("once");
        const invited = await owner.api.post<{ data: { token: string } }>(`${A}/users/invitations`, anInvitation({ email: address }));
        const body = anAcceptance(invited.body.data.token);
        expect((await anonymous.post(`${A}/auth/invitations/accept`, body)).status).toBe(201);
        const again = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, body);
        expect(again.status).toBe(400);
        expect(again.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
        const list = await owner.api.get<{ data: User[] }>(`${A}/users?role=member&per_page=200`);
        expect(list.body.data.filter((u) => u.email === address)).toHaveLength(1);
      });

      it("when users are listed, then only the organization's come, without passwords", async () => {
        const member = await inviteAndJoin("member");
        const list = await member.api.get<{ data: User[]; meta: { total: number } }>(`${A}/users?per_page=200`);
        expect(list.status).toBe(200);
        expect(list.body.data.every((u) => u.organization_id === owner.account.organization.id)).toBe(true);
        expect(list.body.data.map((u) => u.id)).toEqual(expect.arrayContaining([owner.account.user.id, member.account.user.id]));
        expect(JSON.stringify(list.body)).not.toContain("password");
      });

      it("when another organization names a user, then reads and changes answer 404", async () => {
        const member = await inviteAndJoin("member");
        const other = await registerOwner(stint.url, "Elsewhere");
        expect((await other.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(404);
        expect((await other.api.delete(`${A}/users/${member.account.user.id}`)).status).toBe(404);
        expect((await other.api.patch(`${A}/users/${member.account.user.id}`, { role: "admin" })).status).toBe(404);
      });

      it("when a member tries an admin operation, then it is refused with 403", async () => {
        const member = await inviteAndJoin("member");
        const checks = [
          await member.api.post(`${A}/users/invitations`, anInvitation()),
          await member.api.patch(`${A}/users/${member.account.user.id}`, { role: "admin" }),
          await member.api.delete(`${A}/users/${owner.account.user.id}`),
          await member.api.post(`${A}/projects`, aProject()),
          await member.api.post(`${A}/api-keys`, anApiKey({ permissions: ["projects:write"] })),
        ];
        expect(checks.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
        expect((await member.api.get(`${B}/projects`)).status).toBe(200);
      });

      it("when a body names role, organization_id or user_id where it may not, then it is refused with 400", async () => {
        const invited = await owner.api.post<{ data: { token: string } }>(`${A}/users/invitations`, anInvitation());
        const accept = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, {
          ...anAcceptance(invited.body.data.token),
          role: "owner",
        });
        expect(accept.status).toBe(400);
        expect(accept.body.error.details).toMatchObject({ field: "role", reason: "unknown" });
        expect((await owner.api.post<StyleAError>(`${A}/users/invitations`, { ...anInvitation(), role: "owner" })).status).toBe(400);
        const member = await inviteAndJoin("member");
        const key = await member.api.post<StyleAError>(`${A}/api-keys`, { ...anApiKey(), user_id: owner.account.user.id });
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

      it("when a member is promoted, then their old tokens stop and new ones carry the role", async () => {
        const member = await inviteAndJoin("member");
        const promoted = await owner.api.patch<{ data: User }>(`${A}/users/${member.account.user.id}`, { role: "admin" });
        expect(promoted.status).toBe(200);
        expect(promoted.body.data.role).toBe("admin");
        expect((await member.api.get(`${A}/projects`)).status).toBe(401);
        const fresh = await anonymous.post<Tokens>(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token });
        expect(fresh.status).toBe(200);
        const asAdmin = client(stint.url, { authorization: `Bearer ${fresh.body.access_token}` });
        expect((await asAdmin.post(`${A}/projects`, aProject())).status).toBe(201);
      });

      it("when an admin changes the owner's role, then it is refused with 409", async () => {
        const asAdmin = (await inviteAndJoin("admin")).api;
        const ownerChange = await asAdmin.patch<StyleAError>(`${A}/users/${owner.account.user.id}`, { role: "member" });
        expect(ownerChange.status).toBe(409);
      });

      it("when a member is removed, then their keys and tokens stop at once", async () => {
        const member = await inviteAndJoin("member");
        const { headers: keyHeaders } = await withApiKey(stint.url, member.api);
        expect((await anonymous.get(`${A}/projects`, { headers: keyHeaders })).status).toBe(200);
        expect((await owner.api.delete(`${B}/users/${member.account.user.id}`)).status).toBe(204);
        expect((await anonymous.get(`${A}/projects`, { headers: keyHeaders })).status).toBe(401);
        expect((await member.api.get(`${A}/projects`)).status).toBe(401);
        expect((await anonymous.post(`${A}/auth/refresh`, { refresh_token: member.account.refresh_token })).status).toBe(401);
        expect((await owner.api.get(`${A}/users/${member.account.user.id}`)).status).toBe(404);
      });

      it("when the owner is to be removed, then it is refused with 409", async () => {
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
        const invited = await owner.api.post<{ data: Invitation }>(`${style}/users/invitations`, anInvitation({ role }));
        expect(invited.status).toBe(201);
        expect(invited.headers.get("location")).toBe(`${style}/users/invitations/${invited.body.data.id}`);
        return invited.body.data;
      }

      it("when an invitation is read where its Location points, then it is shown without its token, in both styles", async () => {
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

      it("when pending invitations are listed, then the organization's come newest first, paged, without tokens, in both styles", async () => {
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

      it("when an invitation is revoked, then it is gone and its token no longer joins", async () => {
        const invited = await owner.api.post<{ data: Invitation }>(`${B}/users/invitations`, anInvitation());
        expect((await owner.api.delete(`${B}/users/invitations/${invited.body.data.id}`)).status).toBe(204);
        expect((await owner.api.get(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
        expect((await owner.api.delete(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
        const listed = await owner.api.get<List<Invitation>>(`${A}/users/invitations?per_page=200`);
        expect(listed.body.data.map((i) => i.id)).not.toContain(invited.body.data.id);
        const accept = await anonymous.post<StyleAError>(`${A}/auth/invitations/accept`, anAcceptance(invited.body.data.token as string));
        expect(accept.status).toBe(400);
        expect(accept.body.error.details).toMatchObject({ field: "token", reason: "invalid" });
      });

      it("when an invitation is accepted, then it is no longer pending", async () => {
        const invited = await owner.api.post<{ data: Invitation }>(`${A}/users/invitations`, anInvitation());
        expect((await anonymous.post(`${A}/auth/invitations/accept`, anAcceptance(invited.body.data.token as string))).status).toBe(201);
        expect((await owner.api.get(`${A}/users/invitations/${invited.body.data.id}`)).status).toBe(404);
      });

      it("when a member reaches for invitations, then every route refuses with 403, in both styles", async () => {
        const invited = await invite(A);
        const member = (await joinTeam(stint.url, owner.api, "member")).api;
        for (const style of [A, B]) {
          const forbidden = [
            await member.get(`${style}/users/invitations`),
            await member.get(`${style}/users/invitations/${invited.id}`),
            await member.delete(`${style}/users/invitations/${invited.id}`),
          ];
          expect(forbidden.map((r) => r.status)).toEqual([403, 403, 403]);
        }
        const b = await member.get<StyleBError>(`${B}/users/invitations`);
        expect(b.body.code).toBe("FORBIDDEN");
        expect((await owner.api.get(`${A}/users/invitations/${invited.id}`)).status).toBe(200);
      });

      it("when another organization names an invitation, then it is 404 and never listed, in both styles", async () => {
        const invited = await invite(A);
        const other = await registerOwner(stint.url, "Elsewhere");
        for (const style of [A, B]) {
          expect((await other.api.get(`${style}/users/invitations/${invited.id}`)).status).toBe(404);
          expect((await other.api.delete(`${style}/users/invitations/${invited.id}`)).status).toBe(404);
          const theirs = await other.api.get<List<Invitation>>(`${style}/users/invitations?per_page=200`);
          expect(theirs.status).toBe(200);
          expect(theirs.body.data.map((i) => i.id)).not.toContain(invited.id);
        }
        expect((await owner.api.get(`${A}/users/invitations/${invited.id}`)).status).toBe(200);
      });

      it("when an invitation id is malformed, then the answer is 404", async () => {
        const res = await owner.api.get<StyleAError>(`${A}/users/invitations/usr_0000000000000000000000`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      });
    });

    describe("tenancy", () => {
      it("when another organization names a project or key, then every route answers 404 and nothing changes", async () => {
        const other = await registerOwner(stint.url, "Other");
        const { id } = await createProject(owner.api, { name: unique("Secret") });
        const key = await withApiKey(stint.url, owner.api);
        expect((await other.api.get(`${A}/projects/${id}`)).status).toBe(404);
        expect((await other.api.get(`${B}/projects/${id}`)).status).toBe(404);
        expect((await other.api.patch(`${A}/projects/${id}`, { name: "Taken over" })).status).toBe(404);
        expect((await other.api.post(`${A}/projects/${id}/archive`)).status).toBe(404);
        expect((await other.api.delete(`${A}/projects/${id}`)).status).toBe(404);
        expect((await other.api.delete(`${A}/api-keys/${key.id}`)).status).toBe(404);
        const theirs = await other.api.get<{ data: { id: string }[] }>(`${A}/projects?per_page=200`);
        expect(theirs.body.data.map((p) => p.id)).not.toContain(id);
        const mine = await owner.api.get<{ data: { name: string } }>(`${A}/projects/${id}`);
        expect(mine.status).toBe(200);
        expect(mine.body.data.name).toMatch(/^Secret /);
      });

      it("when the organization is asked for, then the caller's is shown", async () => {
        const shown = await owner.api.get<{ data: { id: string; plan: string } }>(`${A}/organization`);
        expect(shown.body.data).toMatchObject({ id: owner.account.organization.id, plan: "free" });
      });

      it("when the owner changes the organization, then its name may change and its plan may not (400)", async () => {
        const renamed = await owner.api.patch<{ data: { name: string } }>(`${B}/organization`, { name: "Renamed Ltd" });
        expect(renamed.status).toBe(200);
        expect(renamed.body.data.name).toBe("Renamed Ltd");
        expect((await owner.api.patch(`${A}/organization`, { plan: "enterprise" })).status).toBe(400);
      });
    });
    describe("the capture agent's settings", () => {
      interface CaptureSettings {
        screenshot_interval_minutes: number;
        screenshot_blur: boolean;
      }
      /** An organization of its own with an admin and a member, so that no other test's changes meet these. */
      async function captureTeam() {
        const own = await registerOwner(stint.url, "Capture");
        const admin = await joinTeam(stint.url, own.api, "admin");
        const member = await joinTeam(stint.url, own.api, "member");
        return { owner: own.api, admin: admin.api, member: member.api };
      }
      const settingsOf = async (api: Client, style: string) =>
        (await api.get<{ data: CaptureSettings }>(`${style}/organization`)).body.data;

      it("when nobody has changed them, then members see a screenshot every 10 minutes, unblurred", async () => {
        const team = await captureTeam();
        expect(await settingsOf(team.member, A)).toMatchObject({ screenshot_interval_minutes: 10, screenshot_blur: false });
      });

      it("when an admin changes them in Style B, then the answer and every member see the new values", async () => {
        const team = await captureTeam();
        const changed = await team.admin.patch<{ data: CaptureSettings }>(`${B}/organization`, {
          screenshot_interval_minutes: 0,
          screenshot_blur: true,
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data).toMatchObject({ screenshot_interval_minutes: 0, screenshot_blur: true });
        expect(await settingsOf(team.member, B)).toMatchObject({ screenshot_interval_minutes: 0, screenshot_blur: true });
      });

      it("when the owner changes the interval alone, then the blur stays as it was", async () => {
        const team = await captureTeam();
        expect((await team.admin.patch(`${A}/organization`, { screenshot_blur: true })).status).toBe(200);
        const byOwner = await team.owner.patch<{ data: CaptureSettings }>(`${A}/organization`, { screenshot_interval_minutes: 60 });
        expect(byOwner.status).toBe(200);
        expect(byOwner.body.data).toMatchObject({ screenshot_interval_minutes: 60, screenshot_blur: true });
      });

      it("when a member changes them, then the answer is 403 and nothing changes", async () => {
        const team = await captureTeam();
        const refused = await team.member.patch<StyleAError>(`${A}/organization`, { screenshot_interval_minutes: 1 });
        expect(refused.status).toBe(403);
        expect(await settingsOf(team.owner, A)).toMatchObject({ screenshot_interval_minutes: 10, screenshot_blur: false });
      });

      describe("values out of range", () => {
        let team: Awaited<ReturnType<typeof captureTeam>>;

        beforeAll(async () => {
          team = await captureTeam();
          const set = await team.owner.patch(`${A}/organization`, { screenshot_interval_minutes: 60, screenshot_blur: true });
          expect(set.status).toBe(200);
        });

        it.each([
          [{ screenshot_interval_minutes: 61 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: -1 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: 2.5 }, "screenshot_interval_minutes"],
          [{ screenshot_interval_minutes: null }, "screenshot_interval_minutes"],
          [{ screenshot_blur: "yes" }, "screenshot_blur"],
        ] as const)("when the owner sends %j, then both styles answer 400 naming %s and nothing changes", async (body, field) => {
          const bad = await team.owner.patch<StyleAError>(`${A}/organization`, body);
          expect(bad.status).toBe(400);
          expect(bad.body.error.details).toMatchObject({ field });
          const badB = await team.owner.patch<StyleBError>(`${B}/organization`, body);
          expect([badB.status, badB.body.code]).toEqual([400, "VALIDATION_ERROR"]);
          expect(await settingsOf(team.member, B)).toMatchObject({ screenshot_interval_minutes: 60, screenshot_blur: true });
        });
      });
    });
  });
}
