import { ServiceBroker, type ServiceSchema } from "moleculer";
import { AccessMiddleware } from "../../shared/access";
import { tokenSigner } from "../../shared/auth/tokens";
import { loadConfig } from "../../shared/config";
import type { Identity } from "../../shared/identity";
import { openMemoryStore } from "../../shared/kv/memory";
import type { KeyValueStore } from "../../shared/kv/port";
import type { ServiceDependencies } from "../../shared/service";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import type { DocumentStore } from "../../shared/storage/port";
import { TEST_JWT_SECRET, temporaryDir } from "./stint";

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
 * folder, with access enforced as in every process, started before the describe block's
 * tests and stopped after them.
 */
export function serviceTestBed(label: string, services: (deps: ServiceDependencies) => ServiceSchema[]): ServiceTestBed {
  const data = temporaryDir(label);
  let store: DocumentStore | undefined;
  let kv: KeyValueStore | undefined;
  let broker: ServiceBroker | undefined;
  const started = (): ServiceBroker => {
    if (!broker) throw new Error("the service test bed has not started");
    return broker;
  };

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: data.path, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "fatal" });
    store = await openEmbeddedStore(data.path);
    kv = openMemoryStore();
    broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
    const deps: ServiceDependencies = { config, store, kv, signer: tokenSigner(TEST_JWT_SECRET, config.accessTokenTtlSeconds) };
    for (const schema of services(deps)) broker.createService(schema);
    await broker.start();
  });

  afterAll(async () => {
    await broker?.stop();
    await store?.close();
    await kv?.close();
    data.remove();
  });

  return {
    call: (action, identity, input = {}) => started().call(action, { params: {}, query: {}, ...input }, { meta: { identity } }),
    broker: started,
  };
}
