import { ServiceBroker, type ServiceSchema } from "moleculer";
import type { Identity } from "../../shared/identity";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { temporaryDir } from "./stint";

export interface RoutedInput {
  params?: object;
  query?: object;
  body?: unknown;
}

export interface ServiceTestBed {
  /** Calls a routed action as the gateway would: `{ params, query, body }` and the caller's identity. */
  call<T>(action: string, identity: Identity, input?: RoutedInput): Promise<T>;
  broker(): ServiceBroker;
}

/**
 * For a service test: a broker running `services` over an embedded store in a temporary
 * folder, started before the describe block's tests and stopped after them.
 */
export function serviceTestBed(label: string, services: (store: DocumentStore) => ServiceSchema[]): ServiceTestBed {
  const data = temporaryDir(label);
  let store: DocumentStore | undefined;
  let broker: ServiceBroker | undefined;
  const started = (): ServiceBroker => {
    if (!broker) throw new Error("the service test bed has not started");
    return broker;
  };

  beforeAll(async () => {
    store = await openEmbeddedStore(data.path);
    broker = new ServiceBroker({ logger: false });
    for (const schema of services(store)) broker.createService(schema);
    await broker.start();
  });

  afterAll(async () => {
    await broker?.stop();
    await store?.close();
    data.remove();
  });

  return {
    call: (action, identity, input = {}) => started().call(action, { params: {}, query: {}, ...input }, { meta: { identity } }),
    broker: started,
  };
}
