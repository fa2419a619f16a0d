/**
 * The sending side of the webhook bench, in a process of its own. `SENDER=webhooks` runs the
 * real webhooks service (its store embedded in `DATA_DIR`, the default deployment, or in
 * MongoDB at `MONGO_URL`) with one
 * webhook per receiver, and turns each bench event into a bus event that the service
 * queues, signs and delivers. `SENDER=bare` is the floor: a plain node:http client with
 * keep-alive that POSTs the same bodies, with the same signature headers, to the same
 * receivers, at most `PER_RECEIVER` at a time to each (the service's per-webhook cap).
 *
 * Control on `CONTROL_PORT`: `GET /ready`; `POST /burst?events=N` emits N events at once;
 * `POST /steady?rate=R&seconds=S` emits R events a second for S seconds. Each answers once
 * everything is emitted (not delivered: the receivers say when it arrived).
 */
import { randomBytes } from "node:crypto";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { ServiceBroker } from "moleculer";
import { webhooksService } from "../../services/webhooks/webhooks.service";
import { signedHeaders, newSigningSecret } from "../../services/webhooks/signing";
import { deliveryBody } from "../../services/webhooks/use-cases";
import { AccessMiddleware } from "../../shared/access";
import { tokenSigner } from "../../shared/auth/tokens";
import { loadConfig } from "../../shared/config";
import { domainEvent } from "../../shared/events";
import { newId } from "../../shared/ids";
import { PERMISSIONS, type Identity } from "../../shared/identity";
import { openMemoryStore } from "../../shared/kv/memory";
import { openEmbeddedStore } from "../../shared/storage/embedded";
import { openStore } from "../../shared/storage/open";

const mode = process.env.SENDER === "bare" ? "bare" : "webhooks";
const receivers = (process.env.RECEIVER_URLS ?? "").split(",").filter(Boolean);
const perReceiver = Number(process.env.PER_RECEIVER ?? "4");
const controlPort = Number(process.env.CONTROL_PORT ?? "0");
const organizationId = newId("organization");
const now = () => performance.timeOrigin + performance.now();

/** The resource each event carries: a project as Style A shows it, plus the bench's clock. */
function eventData(seq: number) {
  return {
    id: newId("project"),
    name: `Bench project ${seq}`,
    description: "A project created by the webhook bench",
    color: "#1a2b3c",
    client_name: "Bench client",
    billable: true,
    hourly_rate: 95.5,
    archived: false,
    created_at: "2026-11-21T09:30:00Z",
    updated_at: "2026-11-21T09:30:00Z",
    seq,
    emitted_at_ms: now(),
  };
}

type Emit = (seq: number) => void;

async function webhooksSender(): Promise<Emit> {
  const store = process.env.MONGO_URL
    ? await openStore({ mongoUrl: process.env.MONGO_URL, dataDir: "" })
    : await openEmbeddedStore(process.env.DATA_DIR ?? "./data");
  // The receivers listen on loopback; nothing here signs a token, so any long secret will do.
  const config = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", LOG_LEVEL: "fatal" });
  const signer = tokenSigner(randomBytes(32).toString("base64url"), config.accessTokenTtlSeconds);
  const broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
  broker.createService(webhooksService({ config, store, kv: openMemoryStore(), signer }));
  await broker.start();
  const owner: Identity = { organizationId, plan: "free", userId: newId("user"), role: "owner", permissions: PERMISSIONS };
  for (const url of receivers) {
    await broker.call(
      "webhooks.create",
      { params: {}, query: {}, body: { url, events: ["project.created"] } },
      { meta: { identity: owner } },
    );
  }
  return (seq) => void broker.emit("project.created", domainEvent("project.created", organizationId, eventData(seq)));
}

function bareSender(): Emit {
  const agent = new Agent({ keepAlive: true, maxSockets: perReceiver });
  const secrets = receivers.map(() => newSigningSecret());
  return (seq) => {
    const event = { ...domainEvent("project.created", organizationId, eventData(seq)) };
    const body = deliveryBody(event);
    receivers.forEach((url, i) => {
      const headers = signedHeaders(secrets[i] as string, event.id, event.type, body, Math.floor(Date.now() / 1000));
      const req = request(
        url,
        {
          method: "POST",
          agent,
          headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), ...headers },
        },
        (res) => res.resume(),
      );
      req.on("error", () => undefined);
      req.end(body);
    });
  };
}

let seq = 0;

async function steady(emit: Emit, rate: number, seconds: number): Promise<void> {
  const total = Math.round(rate * seconds);
  const start = now();
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
    while (sent < due) {
      emit(seq++);
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

async function main(): Promise<void> {
  const emit = mode === "bare" ? bareSender() : await webhooksSender();
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://control");
    const done = () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }));
    if (url.pathname === "/ready") return done();
    if (url.pathname === "/burst") {
      const events = Number(url.searchParams.get("events"));
      for (let i = 0; i < events; i++) emit(seq++);
      return done();
    }
    if (url.pathname === "/steady") {
      void steady(emit, Number(url.searchParams.get("rate")), Number(url.searchParams.get("seconds"))).then(done);
      return;
    }
    res.writeHead(404).end();
  });
  control.listen(controlPort, "127.0.0.1", () => {
    process.stdout.write(`${JSON.stringify({ mode, control: (control.address() as AddressInfo).port })}\n`);
  });
}

void main();
