import type { ServiceSchema } from "moleculer";
import type { ApiContext } from "../../shared/context";
import { domainEvent, type EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import type { Collection } from "../../shared/storage/port";
import { authClient } from "../auth/client";
import { INVITATIONS, pruneInvitations, type InvitationDocument } from "./invitation";
import { DAY_MS, sweepPeriodically } from "../../shared/sweep";
import { acceptInvitation, getInvitation, invite, listInvitations, revokeInvitation } from "./invitations";
import { userOperations } from "./operations";
import { changeRole, getUser, listUsers, removeUser } from "./people";
import type { Accounts, PeopleEvents } from "./ports";

/** Each event belongs to the organization of the invitation or user it carries. */
function eventsFor(ctx: ApiContext<unknown>): PeopleEvents {
  const emit = (type: EventType) => async (data: { organization_id: string }) => {
    await ctx.emit(type, domainEvent(type, data.organization_id, data));
  };
  return { invited: emit("user.invited"), joined: emit("user.joined"), removed: emit("user.removed") };
}

/** Wiring only: the people of an organization and their invitations; accounts through the auth client. */
export function usersService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const accounts = (ctx: ApiContext<unknown>): Accounts => authClient.over(ctx);

  const keepAfterExpiryMs = deps.config.expiredRecordRetentionDays * DAY_MS;
  let stopSweeping: (() => void) | undefined;

  return stintService<Collection<InvitationDocument>>({
    name: userOperations.service,
    open: async (service) => {
      const invitations = await store.collection<InvitationDocument>(INVITATIONS);
      stopSweeping = sweepPeriodically("invitations", () => pruneInvitations(invitations, Date.now(), keepAfterExpiryMs), service.logger, deps.config.cleanupIntervalSeconds * 1000);
      return invitations;
    },
    close: async () => {
      stopSweeping?.();
    },

    actions: (started) =>
      routedActions(userOperations, {
        list: (input, who, ctx) => listUsers(accounts(ctx), who, input.query.role, input.query),
        listInvitations: (input, who) => listInvitations(started(), who, input.query),
        invite: async (input, who, ctx) => ({ data: await invite(started(), accounts(ctx), eventsFor(ctx), who, input.body.email, input.body.role, ctx.meta) }),
        getInvitation: async (input, who) => ({ data: await getInvitation(started(), who, input.params.id) }),
        revokeInvitation: async (input, who) => {
          await revokeInvitation(started(), who, input.params.id);
          return null;
        },
        get: async (input, who, ctx) => ({ data: await getUser(accounts(ctx), who, input.params.id) }),
        changeRole: async (input, who, ctx) => ({ data: await changeRole(accounts(ctx), who, input.params.id, input.body.role) }),
        remove: async (input, who, ctx) => {
          await removeUser(accounts(ctx), eventsFor(ctx), who, input.params.id);
          return null;
        },
        acceptInvitation: (input, _who, ctx) => acceptInvitation(started(), accounts(ctx), eventsFor(ctx), input.body),
      }),
  });
}
