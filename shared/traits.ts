import type { ServiceSchema } from "moleculer";
import type { ServiceName } from "./config";
import type { ServiceDependencies } from "./service";

/**
 * What a process and a deployment must know about a service, declared by the service itself
 * in its own `traits.ts`. `app.ts` derives from these what a process opens (the store, the
 * event stream and outbox, the signing key) for the services it runs, and the deployment
 * check (`.ci/deploy_policy.py`) what each Deployment must and must not be given. See
 * docs/design.md, "The skeleton of a service".
 */
export interface ServiceTraits<Name extends ServiceName = ServiceName, Deps = ServiceDependencies> {
  name: Name;
  /** Keeps documents: a process running it opens the document store (MongoDB when distributed). */
  keepsDocuments: boolean;
  /** Announces domain events: a process running it opens the outbox and, distributed, publishes to JetStream. */
  announcesEvents: boolean;
  /** Consumes the domain events (the webhook feed, budget checks): distributed, a process running it reads JetStream. */
  consumesEvents: boolean;
  /** Prunes what has aged out, every `CLEANUP_INTERVAL_SECONDS` (`shared/sweep.ts`). */
  sweeps: boolean;
  /** Signs or checks access tokens: a process running it reads (or makes) the signing key, `JWT_SECRET`. */
  holdsSigningKey: boolean;
  /** The service's factory, loaded only by a process that runs it: no other process loads its modules. */
  load(): Promise<(deps: Deps) => ServiceSchema>;
}

/** A service's declaration, every trait said (none is assumed). */
export function declareService<const Name extends ServiceName, Deps = ServiceDependencies>(
  traits: ServiceTraits<Name, Deps>,
): ServiceTraits<Name, Deps> {
  return traits;
}
