import type { Context, ServiceSchema } from "moleculer";
import { validate } from "../../shared/validation";
import { EVERY_ROLE, MANAGERS } from "../../shared/access";
import { guardedAction, respondWithStatus, routedAction, type ActionAccess } from "../../shared/actions";
import type { TokenSigner } from "../../shared/auth/tokens";
import type { ApiContext } from "../../shared/context";
import { domainEvent, type EventType } from "../../shared/events";
import type { KeyValueStore } from "../../shared/kv/port";
import type { DocumentStore } from "../../shared/storage/port";
import { openAccountCollections } from "../auth/documents";
import { acceptInvitationInput, changeRoleInput, inviteInput, listUsersInput, membershipQuery, userByIdInput } from "./inputs";
import { acceptInvitation, changeRole, getUser, invite, listUsers, removeUser, type UserStores } from "./use-cases";

/** Everyone sees the people of their organization; owners and admins manage them (decisions §4). */
const READ_USERS: ActionAccess = { permission: "users:read", roles: EVERY_ROLE };
const MANAGE_USERS: ActionAccess = { permission: "users:write", roles: MANAGERS };

export interface UsersDependencies {
  store: DocumentStore;
  kv: KeyValueStore;
  signer: TokenSigner;
  refreshTokenTtlDays: number;
}

async function announce(ctx: ApiContext<unknown>, type: EventType, organizationId: string, data: unknown): Promise<void> {
  await ctx.emit(type, domainEvent(type, organizationId, data));
}

/** The people of an organization: who they are, their roles, invitations and removals. */
export function usersService(deps: UsersDependencies): ServiceSchema {
  let stores: UserStores | undefined;
  const db = (): UserStores => {
    if (!stores) throw new Error("users service used before it started");
    return stores;
  };
  const sessions = { signer: deps.signer, refreshTokenTtlDays: deps.refreshTokenTtlDays };

  return {
    name: "users",
    actions: {
      list: guardedAction({
        resource: "User",
        input: listUsersInput,
        access: READ_USERS,
        handler: (input, who) => listUsers(db(), who, input.query.role, { page: input.query.page, per_page: input.query.per_page }),
      }),

      get: guardedAction({ resource: "User", input: userByIdInput, access: READ_USERS, handler: async (input, who) => ({ data: await getUser(db(), who, input.params.id) }) }),

      changeRole: guardedAction({
        resource: "User",
        input: changeRoleInput,
        access: MANAGE_USERS,
        handler: async (input, who) => ({ data: await changeRole(db(), deps.kv, deps.signer.ttlSeconds, who, input.params.id, input.body.role) }),
      }),

      remove: guardedAction({
        resource: "User",
        input: userByIdInput,
        access: MANAGE_USERS,
        status: 204,
        async handler(input, who, ctx) {
          const removed = await removeUser(db(), deps.kv, deps.signer.ttlSeconds, who, input.params.id);
          await announce(ctx, "user.removed", who.organizationId, removed);
          return null;
        },
      }),

      invite: guardedAction({
        resource: "Invitation",
        input: inviteInput,
        access: MANAGE_USERS,
        status: 201,
        async handler(input, who, ctx) {
          const { invitation, token } = await invite(db(), who, input.body.email, input.body.role);
          await announce(ctx, "user.invited", who.organizationId, invitation);
          return { data: { ...invitation, token } };
        },
      }),

      acceptInvitation: routedAction({
        resource: "Invitation",
        input: acceptInvitationInput,
        async handler(input, ctx) {
          const joined = await acceptInvitation(db(), sessions, input.body);
          await announce(ctx, "user.joined", joined.user.organization_id, joined.user);
          respondWithStatus(ctx, 201);
          return joined;
        },
      }),

      /** For other services: whether a user id belongs to an organization (not routed). */
      isMember: {
        visibility: "public",
        async handler(ctx: Context<unknown>): Promise<boolean> {
          const { organizationId, userId } = validate(membershipQuery, ctx.params);
          return (await db().users.findOne({ _id: userId, organization_id: organizationId })) !== null;
        },
      },
    },

    async started() {
      stores = await openAccountCollections(deps.store);
    },
  };
}
