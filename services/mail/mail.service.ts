import type { ServiceSchema } from "moleculer";
import { internalActions } from "../../shared/client";
import { routedActions } from "../../shared/operations";
import { requireStore, stintService, type ServiceDependencies } from "../../shared/service";
import { DAY_MS, sweepPeriodically } from "../../shared/sweep";
import { workerNameOf } from "../../shared/workers";
import { mailClient } from "./client";
import { MAIL_CLAIMS, MAIL_MESSAGES, type MailClaimDocument, type MailDocument } from "./message";
import { MessageStore } from "./message-store";
import { mailOperations } from "./operations";
import { listOutbox } from "./outbox";
import { queueMail, type Outgoing } from "./sending";
import { WebAppLinks } from "./templates";
import { smtpTransport, type MailTransport } from "./transport";
import { EMAIL_PREFERENCES, type PreferenceDocument } from "./preference";
import { PreferenceStore } from "./preference-store";
import { getPreferences, updatePreferences } from "./preferences";
import { queueWeeklySummaries, type WeekSources } from "./weekly";
import type { Caller } from "../../shared/client";
import { authClient } from "../auth/client";
import { projectsClient } from "../projects/client";
import { timeEntriesClient } from "../time-entries/client";
import { DEFAULT_WORKER_OPTIONS, MailWorker, type MailWorkerOptions } from "./worker";

/** What this service takes beyond every service's dependencies (tests shorten the worker's beat). */
export interface MailOptions {
  mailWorker?: Partial<MailWorkerOptions>;
}

/** How often a process looks for weekly summaries to queue, by the service's clock: each is queued once whoever looks. */
const SUMMARIES_EVERY_MS = 10 * 60_000;
/** Entries read at once for one person's week. */
const ENTRIES_PER_PAGE = 200;

/** The people, entries and project names a summary is written from, through their services' clients. */
function weekSourcesOver(caller: Caller): WeekSources {
  const accounts = authClient.over(caller);
  const entries = timeEntriesClient.over(caller);
  const projects = projectsClient.over(caller);
  return {
    person: async (organizationId, userId) => accounts.getUser({ organizationId, userId }),
    organizationName: (organizationId) => accounts.organizationName({ organizationId }),
    entries: async (organizationId, userId, from, to) => {
      const found = [];
      for (let page = 1; ; page++) {
        const { items, total } = await entries.pageEntries({
          window: { organizationId, userId, from, to },
          page,
          per_page: ENTRIES_PER_PAGE,
        });
        found.push(...items);
        if (items.length === 0 || found.length >= total) return found;
      }
    },
    projectNames: async (organizationId, projectIds) =>
      projectIds.length === 0 ? {} : (await projects.namesOf({ organizationId, projectIds: [...projectIds], taskIds: [] })).projects,
  };
}

interface Opened {
  outgoing: Outgoing;
  preferences: PreferenceStore;
  worker: MailWorker;
  transport: MailTransport | null;
  stopSweeping: () => void;
}

/**
 * Email (docs/api.md#email): other services ask for a message through the client; it is
 * queued in the store and sent by the worker through `SMTP_URL`, or, without one, kept in
 * the outbox the organization's managers read. Wiring only.
 */
export function mailService(deps: ServiceDependencies & MailOptions): ServiceSchema {
  const store = requireStore(deps);
  const now = deps.clock ?? Date.now;
  const { smtpUrl, smtpFrom, publicUrl, mailRetentionDays, cleanupIntervalSeconds } = deps.config;

  return stintService<Opened>({
    name: mailOperations.service,

    async open(service) {
      const [messageDocs, claimDocs, preferenceDocs] = await Promise.all([
        store.collection<MailDocument>(MAIL_MESSAGES),
        store.collection<MailClaimDocument>(MAIL_CLAIMS),
        store.collection<PreferenceDocument>(EMAIL_PREFERENCES),
      ]);
      const messages = new MessageStore(messageDocs, claimDocs);
      const preferences = new PreferenceStore(preferenceDocs);
      let summariesLookedAt: number | null = null;
      // Summaries are written after the sending, on the worker's beat, every SUMMARIES_EVERY_MS.
      const lookForSummaries = async () => {
        const at = now();
        if (summariesLookedAt !== null && at >= summariesLookedAt && at - summariesLookedAt < SUMMARIES_EVERY_MS) return;
        summariesLookedAt = at;
        await queueWeeklySummaries({ outgoing, messages, preferences, sources: weekSourcesOver(service.broker) });
      };
      const transport = smtpUrl ? smtpTransport(smtpUrl, smtpFrom) : null;
      const worker = new MailWorker({
        messages,
        transport,
        alsoOnBeat: () => lookForSummaries(),
        worker: workerNameOf(service.broker),
        logger: service.logger,
        options: { ...DEFAULT_WORKER_OPTIONS, ...deps.mailWorker },
        now,
        random: Math.random,
      });
      const outgoing: Outgoing = {
        messages,
        links: new WebAppLinks(publicUrl),
        delivery: transport ? "email" : "outbox",
        now,
        queued: () => worker.wake(),
      };
      worker.start();
      const stopSweeping = sweepPeriodically(
        "mail",
        () => messages.prune(now() - mailRetentionDays * DAY_MS),
        service.logger,
        cleanupIntervalSeconds * 1000,
      );
      return { outgoing, preferences, worker, transport, stopSweeping };
    },

    actions: (started) => ({
      ...routedActions(mailOperations, {
        listOutbox: (input, who) => {
          const { kind, state, ...page } = input.query;
          return listOutbox(started().outgoing.messages, who, { kind, state }, page, now());
        },
        getPreferences: async (_input, who) => ({ data: await getPreferences(started().preferences, who) }),
        updatePreferences: async (input, who) => ({ data: await updatePreferences(started().preferences, who, input.body, now()) }),
      }),
      ...internalActions(mailClient, {
        send: (input) => queueMail(started().outgoing, input),
        delivery: async () => started().outgoing.delivery,
      }),
    }),

    async close({ worker, transport, stopSweeping }) {
      stopSweeping();
      await worker.stop();
      transport?.close();
    },
  });
}
