import { joinTeam } from "./support/accounts";
import { client, registerOwner, type Client } from "./support/http";
import type { TestStint } from "./support/stint";
import { A, B, type StyleAError, type StyleBError } from "./support/shapes";
import type { Organization } from "../services/auth/contract";

/** The organization's money settings and rates, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeRatesApi(title: string, start: () => Promise<TestStint>): void {
  describe(title, () => {
    let stint: TestStint;

    beforeAll(async () => {
      stint = await start();
    }, 60_000);

    afterAll(async () => {
      await stint?.stop();
    }, 30_000);

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

      it("when an admin sets the currency, the default rate and members_see_own_amounts, then every read shows them", async () => {
        const { admin, member } = await team();
        const res = await admin.patch<{ data: Organization }>(`${B}/organization`, {
          currency: "EUR",
          default_hourly_rate: 80.5,
          members_see_own_amounts: true,
        });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ currency: "EUR", default_hourly_rate: 80.5, members_see_own_amounts: true });
        const read = await admin.get<{ data: Organization }>(`${A}/organization`);
        expect(read.body.data).toMatchObject({ currency: "EUR", default_hourly_rate: 80.5, members_see_own_amounts: true });
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

      it("when an admin's key lacks projects:write, then it may set the currency but not the default rate (403)", async () => {
        const { owner, admin } = await team();
        const key = await admin.post<{ data: { key: string } }>(`${A}/api-keys`, {
          name: "settings",
          permissions: ["users:read", "users:write"],
        });
        expect(key.status).toBe(201);
        const withKey = client(stint.url, { "x-api-key": key.body.data.key });
        expect((await withKey.patch(`${A}/organization`, { currency: "GBP" })).status).toBe(200);
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
  });
}
