import type { Context } from "moleculer";
import type { MembershipQuery } from "./inputs";

/** Asks the users service whether `userId` belongs to `organizationId`. */
export function isOrganizationMember(ctx: Context<unknown>, query: MembershipQuery): Promise<boolean> {
  return ctx.call<boolean, MembershipQuery>("users.isMember", query);
}
