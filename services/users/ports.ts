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
