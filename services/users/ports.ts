import type { Announce } from "../../shared/announce";
import type { ClientCalls } from "../../shared/client";
import type { authClient, User } from "../auth/client";
import type { Invitation } from "./contract";

/** Account data, which the auth service owns: the users service reaches it only through these calls. */
export type Accounts = ClientCalls<typeof authClient.actions>;

/** What the users service announces (`user.invited`, `user.joined`, `user.removed`: docs/api.md#users-and-invitations). */
export interface PeopleEvents {
  invited: Announce<Invitation>;
  joined: Announce<User>;
  removed: Announce<User>;
}

/** Members' own rates (the `member` level), which the projects service keeps with every other rate. */
export interface MemberRates {
  /** The rates in force today of these users, by id (`null`: none). */
  today(organizationId: string, userIds: readonly string[]): Promise<Record<string, number | null>>;
  /** Sets a member's rate from the beginning, replacing its history; `null` removes it. */
  set(organizationId: string, userId: string, rate: number | null): Promise<void>;
}
