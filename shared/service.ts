import type { EventSchemas, Service, ServiceSchema } from "moleculer";
import type { EventPublisher } from "./announce";
import type { TokenSigner } from "./auth/tokens";
import type { Config } from "./config";
import { ApiError } from "./errors";
import type { EventStream } from "./event-stream";
import type { KeyValueStore } from "./kv/port";
import type { LiveFeed } from "./live/feed";
import type { DocumentStore } from "./storage/port";
import { closeShelvedStreams } from "./pulled-stream";

/** What a process hands every service it runs; each takes what it needs. */
export interface ServiceDependencies {
  config: Config;
  /** Opened only in processes that run a service which keeps documents. */
  store?: DocumentStore;
  kv: KeyValueStore;
  signer: TokenSigner;
  /** Where services announce domain events; in process (moleculer events) when unset. */
  events?: EventPublisher;
  /** The JetStream event stream (distributed mode), which the webhook service consumes. */
  eventStream?: EventStream;
  /** This process's live feed of events, which the gateway's live streams listen to (docs/live-updates.md). */
  liveFeed?: LiveFeed;
}

export function requireStore(deps: Pick<ServiceDependencies, "store">): DocumentStore {
  if (!deps.store) throw new Error("this service needs the document store");
  return deps.store;
}

/** Hands out what a service opened when it started; asking earlier is a retriable 503. */
export type Started<State> = () => State;

export interface StintServiceSpec<State> {
  name: string;
  /** Opens what the service keeps (collections, workers) once, when the broker starts it. */
  open(service: Service): Promise<State>;
  actions: (state: Started<State>) => NonNullable<ServiceSchema["actions"]>;
  events?: (state: Started<State>, service: () => Service) => EventSchemas;
  /** Closes what `open` opened, when the broker stops. */
  close?(state: State): Promise<void>;
}

/**
 * Every service has the same skeleton: state opened once at start, actions and events
 * that read it, and a close at stop. A request that arrives before the state exists gets
 * a 503 the caller may retry.
 */
export function stintService<State>(spec: StintServiceSpec<State>): ServiceSchema {
  let state: State | undefined;
  const created: { service?: Service } = {};
  const started: Started<State> = () => {
    if (state === undefined) throw new ApiError("service_unavailable", "The service is starting; try again shortly");
    return state;
  };
  const service = (): Service => {
    if (!created.service) throw new Error(`${spec.name} service used before it was created`);
    return created.service;
  };
  return {
    name: spec.name,
    actions: spec.actions(started),
    ...(spec.events ? { events: spec.events(started, service) } : {}),
    created(this: Service) {
      created.service = this;
    },
    async started(this: Service) {
      state = await spec.open(this);
    },
    async stopped(this: Service) {
      const opened = state;
      state = undefined;
      // Streams this node offered and nobody finished reading: their sources (store cursors) close now.
      closeShelvedStreams(this.broker.nodeID);
      if (opened !== undefined && spec.close) await spec.close(opened);
    },
  };
}
