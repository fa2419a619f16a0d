import type { ClientCalls } from "../../shared/client";
import type { authClient, User } from "../auth/client";
import type { Invitation } from "./invitation";

/** Account data, which the auth service owns: the users service reaches it only through these calls. */
export type Accounts = ClientCalls<typeof authClient.actions>;

/** What the users service announces (decisions: `user.invited`, `user.joined`, `user.removed`). */
export interface PeopleEvents {
  invited(invitation: Invitation): Promise<void>;
  joined(user: User): Promise<void>;
  removed(user: User): Promise<void>;
}
