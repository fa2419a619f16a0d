import type { ServiceSchema } from "moleculer";
import type { ApiContext } from "../../shared/context";
import { IN_PROCESS_EVENTS, type EventPublisher } from "../../shared/announce";
import type { EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { authClient, type User } from "../auth/client";
import { INVITATIONS, type InvitationDocument } from "./invitation";
import { InvitationStore } from "./invitation-store";
import { DAY_MS, sweepPeriodically } from "../../shared/sweep";
import { acceptInvitation, getInvitation, invite, listInvitations, revokeInvitation } from "./invitations";
import { userOperations } from "./operations";
import { getUser, listUsers, removeUser, updateUser } from "./people";
import type { Accounts, Mailer, MemberRates, PeopleEvents } from "./ports";
import { mailClient } from "../mail/client";
import { projectsClient } from "../projects/client";
import type { Invitation } from "./contract";

/** Each event belongs to the organization of the invitation or user it carries. */
function eventsOver(publisher: EventPublisher) {
  return (ctx: ApiContext<unknown>): PeopleEvents => {
    const emit = <T extends { organization_id: string }>(type: EventType) =>
      publisher.announce<T>(ctx, type, (data) => data.organization_id);
    return { invited: emit<Invitation>("user.invited"), joined: emit<User>("user.joined"), removed: emit<User>("user.removed") };
  };
}

/** Members' own rates, kept by the projects service with every other rate. */
function memberRatesOver(ctx: ApiContext<unknown>): MemberRates {
  const projects = projectsClient.over(ctx);
  return {
    today: async (organizationId, userIds) => (await projects.ratesToday({ organizationId, userIds: [...userIds] })).members,
    set: async (organizationId, userId, hourlyRate) => {
      await projects.setRate({ organizationId, level: "member", userId, hourlyRate });
    },
  };
}

/** Wiring only: the people of an organization and their invitations; accounts through the auth client. */
export function usersService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const eventsFor = eventsOver(deps.events ?? IN_PROCESS_EVENTS);
  const accounts = (ctx: ApiContext<unknown>): Accounts => authClient.over(ctx);
  const rates = (ctx: ApiContext<unknown>): MemberRates => memberRatesOver(ctx);
  const mailer = (ctx: ApiContext<unknown>): Mailer => mailClient.over(ctx);

  const keepAfterExpiryMs = deps.config.expiredRecordRetentionDays * DAY_MS;
  let stopSweeping: (() => void) | undefined;

  return stintService<InvitationStore>({
    name: userOperations.service,
    open: async (service) => {
      const invitations = new InvitationStore(await store.collection<InvitationDocument>(INVITATIONS), deps.clock);
      stopSweeping = sweepPeriodically(
        "invitations",
        () => invitations.prune(invitations.now(), keepAfterExpiryMs),
        service.logger,
        deps.config.cleanupIntervalSeconds * 1000,
      );
      return invitations;
    },
    close: async () => {
      stopSweeping?.();
    },

    actions: (started) =>
      routedActions(userOperations, {
        list: (input, who, ctx) => listUsers(accounts(ctx), rates(ctx), who, input.query.role, input.query),
        listInvitations: (input, who) => listInvitations(started(), who, input.query),
        invite: async (input, who, ctx) => ({
          data: await invite(
            started(),
            accounts(ctx),
            mailer(ctx),
            eventsFor(ctx),
            who,
            input.body.email,
            input.body.role,
            ctx.meta,
            (error) => ctx.service?.logger.error({ err: error }, "an invitation's email could not be queued; its link was answered"),
          ),
        }),
        getInvitation: async (input, who) => ({ data: await getInvitation(started(), who, input.params.id) }),
        revokeInvitation: async (input, who) => {
          await revokeInvitation(started(), who, input.params.id);
          return null;
        },
        get: async (input, who, ctx) => ({ data: await getUser(accounts(ctx), rates(ctx), who, input.params.id) }),
        changeRole: async (input, who, ctx) => ({ data: await updateUser(accounts(ctx), rates(ctx), who, input.params.id, input.body) }),
        remove: async (input, who, ctx) => {
          await removeUser(accounts(ctx), eventsFor(ctx), who, input.params.id);
          return null;
        },
        acceptInvitation: (input, _who, ctx) => acceptInvitation(started(), accounts(ctx), eventsFor(ctx), input.body),
      }),
  });
}
