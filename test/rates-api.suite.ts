import { joinTeam } from "./support/accounts";
import { anApiKey, aRate } from "./support/builders";
import { client, registerOwner, type Client } from "./support/http";
import { createProject } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, projectIdIn, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Organization, User } from "../services/auth/contract";
import type { Project, Rate } from "../services/projects/contract";

/** The organization's money settings and rates, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeRatesApi(mode: StintMode): void {
  describeStint(mode, "rates API", () => {
    const stint = useStint({ mode });

    /** A fresh organization per test: its owner, an admin and a member. */
    async function team(): Promise<{ owner: Client; admin: Client; member: Client; memberId: string; adminId: string }> {
      const { api: owner } = await registerOwner(stint.url);
      const admin = await joinTeam(stint.url, owner, "admin");
      const member = await joinTeam(stint.url, owner, "member");
      return { owner, admin: admin.api, member: member.api, memberId: member.account.user.id, adminId: admin.account.user.id };
    }

    describe("the organization's money settings", () => {
      it("when an organization is new, then it bills in USD, has no default rate and shows members no amounts", async () => {
        const { owner } = await team();
        const res = await owner.get<{ data: Organization }>(`${A}/organization`);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ currency: "USD", default_hourly_rate: null, members_see_own_amounts: false });
      });

      it("when an admin sets the currency, the default rate and members_see_own_amounts, then the answer and later reads show them", async () => {
        const { admin } = await team();
        const res = await admin.patch<{ data: Organization }>(`${B}/organization`, {
          currency: "EUR",
          default_hourly_rate: 80.5,
          members_see_own_amounts: true,
        });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ currency: "EUR", default_hourly_rate: 80.5, members_see_own_amounts: true });
        const read = await admin.get<{ data: Organization }>(`${A}/organization`);
        expect(read.body.data).toMatchObject({ currency: "EUR", default_hourly_rate: 80.5, members_see_own_amounts: true });
      });

      it("when an admin has set the money settings, then a member reads the currency and members_see_own_amounts but not the default rate", async () => {
        const { admin, member } = await team();
        const res = await admin.patch(`${B}/organization`, { currency: "EUR", default_hourly_rate: 80.5, members_see_own_amounts: true });
        expect(res.status).toBe(200);
        const asMember = await member.get<{ data: Organization }>(`${A}/organization`);
        expect(asMember.body.data).toMatchObject({ currency: "EUR", members_see_own_amounts: true });
        expect(asMember.body.data).not.toHaveProperty("default_hourly_rate");
      });

      it("when the default rate is set to null, then the organization has none", async () => {
        const { owner } = await team();
        await owner.patch(`${A}/organization`, { default_hourly_rate: 50 });
        const res = await owner.patch<{ data: Organization }>(`${A}/organization`, { default_hourly_rate: null });
        expect(res.body.data.default_hourly_rate).toBeNull();
      });

      it("when a member changes money settings, then it is a 403 and nothing changes", async () => {
        const { owner, member } = await team();
        const res = await member.patch<StyleAError>(`${A}/organization`, { currency: "EUR" });
        expect(res.status).toBe(403);
        expect((await owner.get<{ data: Organization }>(`${A}/organization`)).body.data.currency).toBe("USD");
      });

      it("when an admin renames the organization, then it is still the owner's alone (403)", async () => {
        const { admin } = await team();
        const res = await admin.patch<StyleBError>(`${B}/organization`, { name: "Taken over", currency: "EUR" });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("FORBIDDEN");
      });

      /** An API key of the team's admin that may write users but not projects. */
      async function usersKeyOf(admin: Client): Promise<Client> {
        const key = await admin.post<{ data: { key: string } }>(`${A}/api-keys`, anApiKey({ permissions: ["users:read", "users:write"] }));
        expect(key.status).toBe(201);
        return client(stint.url, { "x-api-key": key.body.data.key });
      }

      it("when an admin's key lacks projects:write, then it may still set the currency", async () => {
        const { owner, admin } = await team();
        const withKey = await usersKeyOf(admin);
        expect((await withKey.patch(`${A}/organization`, { currency: "GBP" })).status).toBe(200);
        expect((await owner.get<{ data: Organization }>(`${A}/organization`)).body.data.currency).toBe("GBP");
      });

      it("when an admin's key lacks projects:write, then setting the default rate is a 403 naming it, and nothing changes", async () => {
        const { owner, admin } = await team();
        const withKey = await usersKeyOf(admin);
        const refused = await withKey.patch<StyleAError>(`${A}/organization`, { default_hourly_rate: 10 });
        expect(refused.status).toBe(403);
        expect(refused.body.error.details).toMatchObject({ permission: "projects:write" });
        expect((await owner.get<{ data: Organization }>(`${A}/organization`)).body.data.default_hourly_rate).toBeNull();
      });

      const badSettings: [string, Record<string, unknown>, string, string][] = [
        ["an unknown currency", { currency: "XYZ" }, "currency", "invalid"],
        ["a currency in small letters", { currency: "eur" }, "currency", "invalid"],
        ["a currency that is no string", { currency: 978 }, "currency", "invalid"],
        ["a negative default rate", { default_hourly_rate: -1 }, "default_hourly_rate", "out_of_range"],
        ["a default rate with three decimals", { default_hourly_rate: 12.345 }, "default_hourly_rate", "invalid"],
        ["members_see_own_amounts that is no boolean", { members_see_own_amounts: "yes" }, "members_see_own_amounts", "invalid"],
      ];

      it.each(badSettings)(
        "when PATCH /organization brings %s, then both styles answer 400 naming it and nothing changes",
        async (_label, body, field, reason) => {
          const { owner } = await team();
          const inA = await owner.patch<StyleAError>(`${A}/organization`, { members_see_own_amounts: true, ...body });
          expect(inA.status).toBe(400);
          expect(inA.body.error.details).toMatchObject({ field, reason });
          const inB = await owner.patch<StyleBError>(`${B}/organization`, body);
          expect(inB.status).toBe(400);
          expect(inB.body.code).toBe("VALIDATION_ERROR");
          expect(inB.body.details).toMatchObject({ field, reason });
          const read = await owner.get<{ data: Organization }>(`${A}/organization`);
          expect(read.body.data).toMatchObject({ currency: "USD", default_hourly_rate: null, members_see_own_amounts: false });
        },
      );
    });

    describe("rate changes", () => {
      it("when an admin records a change at each level, then each is listed once, in recording order, in both styles", async () => {
        const { admin, memberId } = await team();
        const site = await createProject(admin);
        const bodies = [
          { level: "organization", hourly_rate: 50, effective_from: "2026-01-01" },
          { level: "member", user_id: memberId, hourly_rate: 60, effective_from: "2026-02-01" },
          { level: "project", project_id: site.id, hourly_rate: 70.5, effective_from: "2026-03-01" },
          {
            level: "project_member",
            user_id: memberId,
            project_id: projectIdIn("B", site.id),
            hourly_rate: null,
            effective_from: "2026-04-01",
          },
        ];
        const recorded: Rate[] = [];
        for (const [i, body] of bodies.entries()) {
          const res = await admin.post<{ data: Rate }>(`${i % 2 === 0 ? A : B}/rates`, body);
          expect(res.status).toBe(201);
          expect(res.body.data.id).toMatch(/^rate_[0-9A-Za-z]{22}$/);
          expect(res.headers.get("location")).toBe(`${i % 2 === 0 ? A : B}/rates/${res.body.data.id}`);
          recorded.push(res.body.data);
        }
        expect(recorded[3]).toMatchObject({
          level: "project_member",
          user_id: memberId,
          project_id: projectIdIn("B", site.id),
          hourly_rate: null,
        });
        expect(recorded[0]).toMatchObject({
          level: "organization",
          user_id: null,
          project_id: null,
          hourly_rate: 50,
          effective_from: "2026-01-01",
        });

        const listed = await admin.get<List<Rate>>(`${A}/rates`);
        expect(listed.status).toBe(200);
        expect(listed.body.meta.total).toBe(4);
        expect(listed.body.data.map((rate) => rate.id)).toEqual(recorded.map((rate) => rate.id));
        expect(listed.body.data[2]?.project_id).toBe(site.id);
        const inB = await admin.get<List<Rate>>(`${B}/rates?level=project`);
        expect(inB.body.data.map((rate) => rate.project_id)).toEqual([projectIdIn("B", site.id)]);

        const one = await admin.get<{ data: Rate }>(`${B}/rates/${recorded[1]?.id}`);
        expect(one.body.data).toEqual(recorded[1]);
      });

      it("when the list is filtered or paged, then it answers only those changes", async () => {
        const { owner, memberId, adminId } = await team();
        const site = await createProject(owner);
        await owner.post(`${A}/rates`, { level: "member", user_id: memberId, hourly_rate: 60, effective_from: "2026-02-01" });
        await owner.post(`${A}/rates`, { level: "member", user_id: adminId, hourly_rate: 80, effective_from: "2026-02-01" });
        await owner.post(`${A}/rates`, {
          level: "project_member",
          user_id: memberId,
          project_id: site.id,
          hourly_rate: 90,
          effective_from: "2026-02-01",
        });
        await owner.post(`${A}/rates`, { level: "project", project_id: site.id, hourly_rate: 75, effective_from: "2026-02-01" });
        const byUser = await owner.get<List<Rate>>(`${A}/rates?user_id=${memberId}`);
        expect(byUser.body.data.map((rate) => [rate.level, rate.hourly_rate])).toEqual([
          ["member", 60],
          ["project_member", 90],
        ]);
        const byProject = await owner.get<List<Rate>>(`${B}/rates?project_id=${projectIdIn("B", site.id)}&level=project`);
        expect(byProject.body.data.map((rate) => rate.hourly_rate)).toEqual([75]);
        const page = await owner.get<List<Rate>>(`${A}/rates?per_page=3&page=2`);
        expect(page.body.meta).toEqual({ total: 4, page: 2, per_page: 3 });
        expect(page.body.data.map((rate) => rate.hourly_rate)).toEqual([75]);
      });

      it("when a change of one target is recorded twice for one day, then the second is a 409 naming the first", async () => {
        const { owner } = await team();
        const first = await owner.post<{ data: Rate }>(`${A}/rates`, {
          level: "organization",
          hourly_rate: 50,
          effective_from: "2026-05-01",
        });
        const again = await owner.post<StyleAError>(`${A}/rates`, { level: "organization", hourly_rate: 55, effective_from: "2026-05-01" });
        expect(again.status).toBe(409);
        expect(again.body.error.details).toMatchObject({ field: "effective_from", id: first.body.data.id });
        const inB = await owner.post<StyleBError>(`${B}/rates`, { level: "organization", hourly_rate: 55, effective_from: "2026-05-01" });
        expect(inB.body.code).toBe("CONFLICT");
        expect((await owner.get<List<Rate>>(`${A}/rates`)).body.data.map((rate) => rate.hourly_rate)).toEqual([50]);
      });

      it("when a change is deleted, then it is gone (204, then 404) in both styles", async () => {
        const { owner } = await team();
        const made = await owner.post<{ data: Rate }>(`${A}/rates`, {
          level: "organization",
          hourly_rate: 50,
          effective_from: "2026-05-01",
        });
        expect((await owner.delete(`${B}/rates/${made.body.data.id}`)).status).toBe(204);
        expect((await owner.get(`${A}/rates/${made.body.data.id}`)).status).toBe(404);
        const again = await owner.delete<StyleBError>(`${B}/rates/${made.body.data.id}`);
        expect(again.status).toBe(404);
        expect(again.body.code).toBe("NOT_FOUND");
        expect((await owner.get<List<Rate>>(`${A}/rates`)).body.meta.total).toBe(0);
      });
    });

    describe("rates set directly, from the beginning", () => {
      it("when a project's hourly_rate is patched, then it replaces the project's dated changes with one from the beginning", async () => {
        const { admin, memberId } = await team();
        const site = await createProject(admin, { hourly_rate: 70 });
        await admin.post(`${A}/rates`, { level: "project", project_id: site.id, hourly_rate: 90, effective_from: "2020-06-01" });
        await admin.post(`${A}/rates`, { level: "project", project_id: site.id, hourly_rate: 95, effective_from: "2099-01-01" });
        const member = await admin.post<{ data: Rate }>(`${A}/rates`, {
          level: "project_member",
          user_id: memberId,
          project_id: site.id,
          hourly_rate: 99,
          effective_from: "2020-01-01",
        });
        expect((await admin.get<{ data: Project }>(`${A}/projects/${site.id}`)).body.data.hourly_rate).toBe(90);

        const patched = await admin.patch<{ data: Project }>(`${B}/projects/${site.id}`, { hourly_rate: 100 });
        expect(patched.status).toBe(200);
        expect(patched.body.data.hourly_rate).toBe(100);
        const left = await admin.get<List<Rate>>(`${A}/rates?project_id=${site.id}`);
        expect(left.body.data.map((rate) => [rate.level, rate.hourly_rate, rate.effective_from])).toEqual([
          ["project_member", 99, "2020-01-01"],
          ["project", 100, null],
        ]);
        expect(left.body.data[0]?.id).toBe(member.body.data.id);
      });

      it("when a project's hourly_rate is patched to null, then the project has no rate changes left", async () => {
        const { admin } = await team();
        const site = await createProject(admin, { hourly_rate: 70 });
        await admin.post(`${A}/rates`, aRate({ level: "project", project_id: site.id, hourly_rate: 90, effective_from: "2020-06-01" }));
        const cleared = await admin.patch<{ data: Project }>(`${A}/projects/${site.id}`, { hourly_rate: null });
        expect(cleared.status).toBe(200);
        expect(cleared.body.data.hourly_rate).toBeNull();
        expect((await admin.get<List<Rate>>(`${A}/rates?level=project`)).body.meta.total).toBe(0);
      });

      it("when a member's hourly_rate is patched, then it becomes their change from the beginning and reads show it to admins", async () => {
        const { owner, admin, memberId } = await team();
        await owner.post(`${A}/rates`, { level: "member", user_id: memberId, hourly_rate: 40, effective_from: "2021-01-01" });
        const res = await admin.patch<{ data: User }>(`${A}/users/${memberId}`, { hourly_rate: 45.25 });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: memberId, role: "member", hourly_rate: 45.25 });
        expect(
          (await owner.get<List<Rate>>(`${A}/rates?user_id=${memberId}`)).body.data.map((rate) => [rate.hourly_rate, rate.effective_from]),
        ).toEqual([[45.25, null]]);
        const listed = await owner.get<List<User>>(`${B}/users`);
        expect(listed.body.data.find((user) => user.id === memberId)?.hourly_rate).toBe(45.25);
        expect(listed.body.data.every((user) => "hourly_rate" in user)).toBe(true);
      });

      it("when members may not see their amounts, then a member reads no rate, not even their own", async () => {
        const { owner, member, memberId } = await team();
        expect((await owner.patch(`${A}/users/${memberId}`, { hourly_rate: 45.25 })).status).toBe(200);
        const own = await member.get<{ data: User }>(`${A}/users/${memberId}`);
        expect(own.body.data).not.toHaveProperty("hourly_rate");
        const theirList = await member.get<List<User>>(`${A}/users`);
        expect(theirList.body.data.some((user) => "hourly_rate" in user)).toBe(false);
      });

      it("when the organization lets members see their amounts, then a member sees their own rate and nobody else's", async () => {
        const { owner, member, memberId, adminId } = await team();
        await owner.patch(`${A}/users/${memberId}`, { hourly_rate: 30 });
        await owner.patch(`${A}/users/${adminId}`, { hourly_rate: 90 });
        await owner.patch(`${A}/organization`, { members_see_own_amounts: true });
        expect((await member.get<{ data: User }>(`${A}/users/${memberId}`)).body.data.hourly_rate).toBe(30);
        expect((await member.get<{ data: User }>(`${A}/users/${adminId}`)).body.data).not.toHaveProperty("hourly_rate");
        const listed = await member.get<List<User>>(`${B}/users`);
        expect(listed.body.data.filter((user) => "hourly_rate" in user).map((user) => user.id)).toEqual([memberId]);
      });

      it("when a role and a rate are changed at once, then both change", async () => {
        const { owner, memberId } = await team();
        const both = await owner.patch<{ data: User }>(`${A}/users/${memberId}`, { role: "admin", hourly_rate: 70 });
        expect(both.status).toBe(200);
        expect(both.body.data).toMatchObject({ role: "admin", hourly_rate: 70 });
      });

      it("when the owner's role is changed with a rate, then it is a 409 and neither changes", async () => {
        const { owner } = await team();
        const users = await owner.get<List<User>>(`${A}/users?role=owner`);
        const ownerId = users.body.data[0]?.id as string;
        const refused = await owner.patch<StyleAError>(`${A}/users/${ownerId}`, { role: "member", hourly_rate: 10 });
        expect(refused.status).toBe(409);
        expect((await owner.get<{ data: User }>(`${A}/users/${ownerId}`)).body.data).toMatchObject({ role: "owner", hourly_rate: null });
      });

      it("when a user's rate is negative, then it is a 400 naming hourly_rate", async () => {
        const { owner, memberId } = await team();
        const negative = await owner.patch<StyleAError>(`${A}/users/${memberId}`, { hourly_rate: -5 });
        expect(negative.status).toBe(400);
        expect(negative.body.error.details).toMatchObject({ field: "hourly_rate", reason: "out_of_range" });
      });

      it("when a user's rate has three decimals, then it is a 400 naming hourly_rate", async () => {
        const { owner, memberId } = await team();
        const precise = await owner.patch<StyleBError>(`${B}/users/${memberId}`, { hourly_rate: 1.001 });
        expect(precise.status).toBe(400);
        expect(precise.body.details).toMatchObject({ field: "hourly_rate", reason: "invalid" });
      });

      it("when a user is patched with an empty body, then it is a 400 naming the body", async () => {
        const { owner, memberId } = await team();
        const empty = await owner.patch<StyleAError>(`${A}/users/${memberId}`, {});
        expect(empty.status).toBe(400);
        expect(empty.body.error.details).toMatchObject({ field: "body", reason: "required" });
      });
    });

    describe("who may see and set rates", () => {
      it("when a member reaches the rates, then every operation is a 403", async () => {
        const { owner, member } = await team();
        const made = await owner.post<{ data: Rate }>(`${A}/rates`, {
          level: "organization",
          hourly_rate: 50,
          effective_from: "2026-05-01",
        });
        expect((await member.get<StyleAError>(`${A}/rates`)).status).toBe(403);
        expect((await member.get<StyleBError>(`${B}/rates/${made.body.data.id}`)).status).toBe(403);
        const post = await member.post<StyleBError>(`${B}/rates`, aRate({ hourly_rate: 1, effective_from: "2026-06-01" }));
        expect(post.status).toBe(403);
        expect(post.body.code).toBe("FORBIDDEN");
        expect((await member.delete(`${A}/rates/${made.body.data.id}`)).status).toBe(403);
        expect((await member.patch(`${A}/users/${made.body.data.id.replace("rate_", "usr_")}`, { hourly_rate: 1 })).status).toBe(403);
        expect((await owner.get<List<Rate>>(`${A}/rates`)).body.meta.total).toBe(1);
      });

      it("when a member reads projects, then no rate is shown", async () => {
        const { owner, member } = await team();
        const site = await createProject(owner, { hourly_rate: 70 });
        const one = await member.get<{ data: Project }>(`${A}/projects/${site.id}`);
        expect(one.status).toBe(200);
        expect(one.body.data).not.toHaveProperty("hourly_rate");
        const listed = await member.get<List<Project>>(`${B}/projects`);
        expect(listed.body.data.some((p) => "hourly_rate" in p)).toBe(false);
      });

      it("when an admin reads a project, then it shows the rate in force today", async () => {
        const { owner } = await team();
        const site = await createProject(owner, { hourly_rate: 70 });
        await owner.post(`${A}/rates`, aRate({ level: "project", project_id: site.id, hourly_rate: 95, effective_from: "2099-01-01" }));
        expect((await owner.get<{ data: Project }>(`${B}/projects/${site.id}`)).body.data.hourly_rate).toBe(70);
      });

      /** An API key of the team's admin that may only read projects, sent as a bearer token. */
      async function readOnlyKeyOf(admin: Client): Promise<Client> {
        const key = await admin.post<{ data: { key: string } }>(`${A}/api-keys`, anApiKey({ permissions: ["projects:read"] }));
        expect(key.status).toBe(201);
        return client(stint.url, { authorization: `Bearer ${key.body.data.key}` });
      }

      it("when an admin's key has only projects:read, then it lists rates", async () => {
        const { admin } = await team();
        expect((await (await readOnlyKeyOf(admin)).get(`${A}/rates`)).status).toBe(200);
      });

      it("when an admin's key has only projects:read, then recording a rate is a 403 naming projects:write", async () => {
        const { admin } = await team();
        const refused = await (
          await readOnlyKeyOf(admin)
        ).post<StyleAError>(`${A}/rates`, aRate({ hourly_rate: 1, effective_from: "2026-06-01" }));
        expect(refused.status).toBe(403);
        expect(refused.body.error.details).toMatchObject({ permission: "projects:write" });
      });

      describe("another organization's rate, user or project", () => {
        let mine: Awaited<ReturnType<typeof team>>;
        let theirs: Awaited<ReturnType<typeof team>>;
        let theirProject: Project;
        let theirRate: Rate;

        beforeAll(async () => {
          mine = await team();
          theirs = await team();
          theirProject = await createProject(theirs.owner);
          const made = await theirs.owner.post<{ data: Rate }>(
            `${A}/rates`,
            aRate({ level: "project", project_id: theirProject.id, hourly_rate: 10, effective_from: "2026-01-01" }),
          );
          if (made.status !== 201) throw new Error(`rate not recorded: ${made.status} ${made.text}`);
          theirRate = made.body.data;
        });

        it("when named in a path, then it is a 404", async () => {
          expect((await mine.owner.get(`${A}/rates/${theirRate.id}`)).status).toBe(404);
          expect((await mine.owner.delete(`${B}/rates/${theirRate.id}`)).status).toBe(404);
          expect((await mine.owner.patch(`${A}/users/${theirs.memberId}`, { hourly_rate: 10 })).status).toBe(404);
        });

        it("when a rate change names their user, then it is a 400 naming user_id", async () => {
          const user = await mine.owner.post<StyleAError>(
            `${A}/rates`,
            aRate({ level: "member", user_id: theirs.memberId, hourly_rate: 10, effective_from: "2026-01-01" }),
          );
          expect(user.status).toBe(400);
          expect(user.body.error.details).toMatchObject({ field: "user_id", reason: "invalid" });
        });

        it("when a rate change names their project, then it is a 400 naming project_id", async () => {
          const projectRate = await mine.owner.post<StyleBError>(
            `${B}/rates`,
            aRate({ level: "project", project_id: theirProject.id, hourly_rate: 10, effective_from: "2026-01-01" }),
          );
          expect(projectRate.status).toBe(400);
          expect(projectRate.body.details).toMatchObject({ field: "project_id", reason: "invalid" });
        });

        it("when the list is filtered by their project, then it selects nothing", async () => {
          const listed = await mine.owner.get<List<Rate>>(`${A}/rates?project_id=${theirProject.id}`);
          expect(listed.status).toBe(200);
          expect(listed.body.data).toEqual([]);
        });

        it("when another organization has tried to reach them, then their rates are as they were", async () => {
          await mine.owner.delete(`${B}/rates/${theirRate.id}`);
          await mine.owner.post(`${A}/rates`, aRate({ level: "project", project_id: theirProject.id, hourly_rate: 99 }));
          expect((await theirs.owner.get<List<Rate>>(`${A}/rates`)).body.data).toEqual([theirRate]);
        });
      });
    });

    describe("bad rate changes", () => {
      const bad: [string, Record<string, unknown>, string, string][] = [
        ["a negative rate", { ...aRate(), hourly_rate: -0.01 }, "hourly_rate", "out_of_range"],
        ["a rate with three decimals", { ...aRate(), hourly_rate: 10.125 }, "hourly_rate", "invalid"],
        ["a rate over 1,000,000", { ...aRate(), hourly_rate: 1_000_000.01 }, "hourly_rate", "out_of_range"],
        ["a rate that is a string", { ...aRate(), hourly_rate: "10" }, "hourly_rate", "invalid"],
        ["no rate at all", { level: "organization", effective_from: "2026-01-01" }, "hourly_rate", "required"],
        ["effective_from that is no date", { ...aRate(), effective_from: "next monday" }, "effective_from", "invalid"],
        ["effective_from on a day that does not exist", { ...aRate(), effective_from: "2026-02-30" }, "effective_from", "invalid"],
        ["effective_from with a time", { ...aRate(), effective_from: "2026-02-01T00:00:00Z" }, "effective_from", "invalid"],
        ["an unknown level", { ...aRate(), level: "team" }, "level", "invalid"],
        ["a member rate without user_id", { level: "member", hourly_rate: 1, effective_from: "2026-01-01" }, "user_id", "required"],
        [
          "an organization rate naming a project",
          { level: "organization", project_id: "prj_4fJ2kLm9QxT7bN1cR8sV0w", hourly_rate: 1, effective_from: "2026-01-01" },
          "project_id",
          "invalid",
        ],
        [
          "a project rate naming a user",
          {
            level: "project",
            project_id: "prj_4fJ2kLm9QxT7bN1cR8sV0w",
            user_id: "usr_4fJ2kLm9QxT7bN1cR8sV0w",
            hourly_rate: 1,
            effective_from: "2026-01-01",
          },
          "user_id",
          "invalid",
        ],
        [
          "a project_member rate without its project",
          { level: "project_member", user_id: "usr_4fJ2kLm9QxT7bN1cR8sV0w", hourly_rate: 1, effective_from: "2026-01-01" },
          "project_id",
          "required",
        ],
        [
          "a malformed user id",
          { level: "member", user_id: "usr_nope", hourly_rate: 1, effective_from: "2026-01-01" },
          "user_id",
          "invalid",
        ],
        ["an unknown field", { ...aRate(), currency: "EUR" }, "currency", "unknown"],
      ];

      it.each(bad)(
        "when a change brings %s, then both styles answer 400 naming the field and nothing is recorded",
        async (_label, body, field, reason) => {
          const { owner } = await team();
          const inA = await owner.post<StyleAError>(`${A}/rates`, body);
          expect(inA.status).toBe(400);
          expect(inA.body.error.code).toBe("invalid_request");
          expect(inA.body.error.details).toMatchObject({ field, reason });
          const inB = await owner.post<StyleBError>(`${B}/rates`, body);
          expect(inB.status).toBe(400);
          expect(inB.body.code).toBe("VALIDATION_ERROR");
          expect(inB.body.details).toMatchObject({ field, reason });
          expect((await owner.get<List<Rate>>(`${A}/rates`)).body.meta.total).toBe(0);
        },
      );

      it("when a path holds a malformed rate id or another kind's id, then it is a 404", async () => {
        const { owner } = await team();
        expect((await owner.get(`${A}/rates/rate_short`)).status).toBe(404);
        expect((await owner.delete(`${B}/rates/usr_4fJ2kLm9QxT7bN1cR8sV0w`)).status).toBe(404);
      });

      it("when a filter holds an unknown level or a malformed user id, then it is a 400 naming it", async () => {
        const { owner } = await team();
        const level = await owner.get<StyleAError>(`${A}/rates?level=everyone`);
        expect(level.status).toBe(400);
        expect(level.body.error.details).toMatchObject({ field: "level" });
        const user = await owner.get<StyleBError>(`${B}/rates?user_id=nobody`);
        expect(user.status).toBe(400);
        expect(user.body.details).toMatchObject({ field: "user_id" });
      });
    });
  });
}
