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
import { DEFAULT_WORKER_OPTIONS, MailWorker, type MailWorkerOptions } from "./worker";

/** What this service takes beyond every service's dependencies (tests shorten the worker's beat). */
export interface MailOptions {
  mailWorker?: Partial<MailWorkerOptions>;
}

interface Opened {
  outgoing: Outgoing;
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
      const [messageDocs, claimDocs] = await Promise.all([
        store.collection<MailDocument>(MAIL_MESSAGES),
        store.collection<MailClaimDocument>(MAIL_CLAIMS),
      ]);
      const messages = new MessageStore(messageDocs, claimDocs);
      const transport = smtpUrl ? smtpTransport(smtpUrl, smtpFrom) : null;
      const worker = new MailWorker({
        messages,
        transport,
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
      return { outgoing, worker, transport, stopSweeping };
    },

    actions: (started) => ({
      ...routedActions(mailOperations, {
        listOutbox: (input, who) => {
          const { kind, state, ...page } = input.query;
          return listOutbox(started().outgoing.messages, who, { kind, state }, page, now());
        },
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
