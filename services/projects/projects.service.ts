import type { Context, EventSchemas, ServiceBroker, ServiceSchema } from "moleculer";
import { DEFAULT_CURRENCY, minorDigits } from "../../shared/billing/money";
import { internalActions, type Caller } from "../../shared/client";
import type { ApiContext } from "../../shared/context";
import { IN_PROCESS_EVENTS, type EventPublisher } from "../../shared/announce";
import { BUDGETS_CONSUMER } from "../../shared/event-consumers";
import type { Consumption } from "../../shared/event-stream";
import type { DomainEvent, EventType } from "../../shared/events";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { projectsClient } from "./client";
import { ensureByNames } from "./ensure-names";
import { entryReferencesOver } from "./entry-references";
import { answerEntryLookup, answerNames } from "./lookup";
import { projectOperations } from "./operations";
import { PROJECTS_COLLECTION, type ProjectDocument } from "./project";
import { ProjectStore } from "./project-store";
import { moveLegacyRates } from "./legacy-rates";
import { RATES_COLLECTION, type RateDocument } from "./rate";
import { RateStore } from "./rate-store";
import { deleteRate, getRate, listRates, rateChangesOf, ratesToday, recordRate, setStandingRate, type IsMember } from "./rates";
import { authClient } from "../auth/client";
import { timeEntriesClient } from "../time-entries/client";
import { BUDGET_ALERTS_COLLECTION, type BudgetAlertDocument } from "./budget-alert";
import { BudgetAlertStore } from "./budget-alert-store";
import { BUDGET_EVENTS, budgetCheckOf } from "./budget-watch";
import { checkBudget, type BudgetAnnouncer, type BudgetSources } from "./budgets";
import { TASKS_COLLECTION, type TaskDocument } from "./task";
import { taskHandlers } from "./task-actions";
import { TaskStore } from "./task-store";
import type { ProjectStores } from "./task-use-cases";
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectEvents } from "./use-cases";
import type { BudgetAlert, Project } from "./contract";

function eventsOver(publisher: EventPublisher) {
  return (ctx: ApiContext<unknown>, organizationId: string): ProjectEvents => {
    const emit = (type: EventType) => publisher.announce<Project>(ctx, type, () => organizationId);
    return { created: emit("project.created"), updated: emit("project.updated"), deleted: emit("project.deleted") };
  };
}

function isMemberOver(caller: Caller): IsMember {
  const accounts = authClient.over(caller);
  return (organizationId, userId) => accounts.isMember({ organizationId, userId });
}

/** What budgets ask of the auth service (the currency) and the time-entries service (the sums of a project's time). */
function budgetSourcesOver(caller: Caller): BudgetSources {
  const accounts = authClient.over(caller);
  const entries = timeEntriesClient.over(caller);
  return {
    minorDigits: async (organizationId) => minorDigits((await accounts.moneySettings({ organizationId }))?.currency ?? DEFAULT_CURRENCY),
    usage: (query) => entries.projectUsage(query),
  };
}

/**
 * Announces `project.budget_reached` outside any request: from the broker, under an event id
 * derived from the announcement's key (as a request's creation key would), so that however
 * often it is announced it is one event.
 */
function budgetAnnouncerOver(publisher: EventPublisher, broker: ServiceBroker, organizationId: string): BudgetAnnouncer {
  return (key) =>
    publisher.announce<BudgetAlert>(
      { emit: (name, data) => broker.emit(name, data), meta: { creationKey: key } },
      "project.budget_reached",
      () => organizationId,
    );
}

/** Wiring only: the operations table, the use cases behind it, the collections they use, and the budget watch. */
export function projectsService(deps: ServiceDependencies): ServiceSchema {
  const store = requireStore(deps);
  const publisher = deps.events ?? IN_PROCESS_EVENTS;
  const eventsFor = eventsOver(publisher);
  let consumption: Consumption | undefined;

  /** Checks one project's budget in the period of `at`, outside any request. */
  const checkFrom = (stores: ProjectStores, broker: ServiceBroker, organizationId: string, projectId: string, at: string) =>
    checkBudget(stores, budgetSourcesOver(broker), budgetAnnouncerOver(publisher, broker, organizationId), organizationId, projectId, at);

  /** Checks the budget an event may have moved; throws when it cannot, so that a durable consumer tries again. */
  const watchBudget = async (stores: ProjectStores, broker: ServiceBroker, event: DomainEvent): Promise<void> => {
    const check = budgetCheckOf(event);
    if (check) await checkFrom(stores, broker, event.organization_id, check.projectId, check.at);
  };

  return stintService<ProjectStores>({
    name: projectOperations.service,

    async open(service) {
      const [projects, tasks, rateDocs, alerts] = await Promise.all([
        store.collection<ProjectDocument>(PROJECTS_COLLECTION),
        store.collection<TaskDocument>(TASKS_COLLECTION),
        store.collection<RateDocument>(RATES_COLLECTION),
        store.collection<BudgetAlertDocument>(BUDGET_ALERTS_COLLECTION),
      ]);
      const stores: ProjectStores = {
        projects: new ProjectStore(projects),
        tasks: new TaskStore(tasks),
        rates: new RateStore(rateDocs),
        alerts: new BudgetAlertStore(alerts),
      };
      const moved = await moveLegacyRates(stores.projects, stores.rates);
      if (moved > 0) service.logger.info({ projects: moved }, "moved projects' hourly rates into the rates collection");
      // Distributed: the durable consumer "budgets" hands each event to one process, and hands
      // it again if the check fails or the process dies before acknowledging it.
      consumption = deps.eventStream?.consume((event) => watchBudget(stores, service.broker, event), service.logger, BUDGETS_CONSUMER);
      return stores;
    },

    async close() {
      await consumption?.stop();
      consumption = undefined;
    },

    // Embedded, events come on the in-process bus. Distributed, they come from the stream
    // above; these stay for processes of an older version during a rolling upgrade (a
    // repeated check announces nothing new).
    events(started, service): EventSchemas {
      return Object.fromEntries(
        BUDGET_EVENTS.map((type) => [
          type,
          async (ctx: Context<DomainEvent>) => {
            try {
              await watchBudget(started(), service().broker, ctx.params);
            } catch (error) {
              service().logger.error({ err: error, eventType: type }, "could not check a project's budget");
            }
          },
        ]),
      );
    },

    actions(started) {
      return {
        ...routedActions(projectOperations, {
          list: (input, who, ctx) => listProjects(started(), budgetSourcesOver(ctx), who, input.query),
          create: async (input, who, ctx) => {
            const project = await createProject(
              started(),
              budgetSourcesOver(ctx),
              eventsFor(ctx, who.organizationId),
              who,
              input.body,
              ctx.meta,
            );
            ctx.service?.logger.info({ projectId: project.id, organizationId: who.organizationId }, "project created");
            return { data: project };
          },
          get: async (input, who, ctx) => ({ data: await getProject(started(), budgetSourcesOver(ctx), who, input.params.id) }),
          update: async (input, who, ctx) => ({
            data: await updateProject(
              started(),
              budgetSourcesOver(ctx),
              eventsFor(ctx, who.organizationId),
              who,
              input.params.id,
              input.body,
            ),
          }),
          // Archiving and unarchiving are the same change with opposite values.
          archive: async (input, who, ctx) => ({
            data: await updateProject(started(), budgetSourcesOver(ctx), eventsFor(ctx, who.organizationId), who, input.params.id, {
              archived: true,
            }),
          }),
          unarchive: async (input, who, ctx) => ({
            data: await updateProject(started(), budgetSourcesOver(ctx), eventsFor(ctx, who.organizationId), who, input.params.id, {
              archived: false,
            }),
          }),
          remove: async (input, who, ctx) => {
            await deleteProject(
              started(),
              budgetSourcesOver(ctx),
              eventsFor(ctx, who.organizationId),
              entryReferencesOver(ctx),
              who,
              input.params.id,
            );
            return null;
          },
          ...taskHandlers(started),
          listRates: (input, who) => listRates(started().rates, who, input.query),
          createRate: async (input, who, ctx) => ({
            data: await recordRate(started(), isMemberOver(ctx), who, input.body, ctx.meta),
          }),
          getRate: async (input, who) => ({ data: await getRate(started().rates, who, input.params.id) }),
          deleteRate: async (input, who) => {
            await deleteRate(started().rates, who, input.params.id);
            return null;
          },
        }),
        ...internalActions(projectsClient, {
          lookupForEntry: (query) => answerEntryLookup(started(), query),
          namesOf: (query) => answerNames(started(), query),
          ensureByNames: async (query, ctx) => {
            const { found } = await ensureByNames(started(), query, eventsFor(ctx, query.organizationId).created);
            return found;
          },
          rateChangesOf: (query) => rateChangesOf(started().rates, query.organizationId),
          setRate: (query) => setStandingRate(started().rates, query),
          ratesToday: (query) => ratesToday(started().rates, query),
          checkBudgets: async (query, ctx) => {
            let announced = 0;
            for (const check of query.checks)
              announced += await checkFrom(started(), ctx.broker, query.organizationId, check.projectId, check.at);
            return { announced };
          },
        }),
      };
    },
  });
}
