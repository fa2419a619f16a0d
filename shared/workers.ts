import type { ServiceBroker } from "moleculer";

/*
 * Work that outlives a request (an import, a webhook delivery's attempt) names the process
 * run that took it, so another process can tell whether that run is still at work. A name is
 * `<node id>/<instance id>`: moleculer gives every start of a broker a new instance id, so a
 * process restarted under the same NODE_ID is a new run, and the old run's work is abandoned.
 */

/** The name this process run writes on the work it takes. */
export function workerNameOf(broker: ServiceBroker): string {
  return `${broker.nodeID}/${broker.instanceID}`;
}

/**
 * What this process knows of the run named `worker`: `alive` while its node is on the bus
 * under that instance; `gone` once its node has left the bus (the presence watch notices a
 * killed process in about a second) or has come back as another run, this process included;
 * `unknown` when its node was never seen here (this process started after it went, say) or
 * the name is not a run's, and only time (a lease, a heartbeat) can tell.
 */
export function workerState(broker: ServiceBroker, worker: string): "alive" | "gone" | "unknown" {
  const slash = worker.lastIndexOf("/");
  if (slash <= 0) return "unknown";
  const node = broker.registry.nodes.get(worker.slice(0, slash));
  if (!node) return "unknown";
  return node.available && node.instanceID === worker.slice(slash + 1) ? "alive" : "gone";
}
