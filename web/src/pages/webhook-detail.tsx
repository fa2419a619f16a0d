import type { Webhook, WebhookDelivery, WebhookWithSecret } from "@stint/sdk";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { SecretShownOnce } from "../components/secret-shown-once";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { showDateTime } from "../lib/format";
import { useLoad } from "../lib/use-load";
import { useIsManager, useStint } from "../session/session-context";
import "./developer.css";
import { knownEvents, WebhookForm, WebhookStatus } from "./webhook-form";

const DELIVERIES_PER_PAGE = 20;

/** One webhook: change it, rotate its secret, test it, delete it, and read its delivery log. */
export default function WebhookDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const client = useStint();
  const manager = useIsManager();
  const webhook = useLoad(async () => (manager ? client.webhooks.get(id) : null), [client, id, manager]);

  const back = (
    <p>
      <Link href="/webhooks">All webhooks</Link>
    </p>
  );
  if (!manager) {
    return (
      <Page title="Webhook">
        {back}
        <p className="notice notice-warning">Webhooks carry every event of the organization, so only the owner and admins manage them.</p>
      </Page>
    );
  }
  if (!webhook.data) {
    return (
      <Page title="Webhook">
        {back}
        {webhook.loading ? <Loading what="the webhook" /> : <ErrorNotice error={webhook.error} onRetry={webhook.reload} />}
      </Page>
    );
  }
  return (
    <Page title="Webhook">
      {back}
      <Settings webhook={webhook.data} onChanged={webhook.reload} />
      <DeliveryLog webhookId={webhook.data.id} active={webhook.data.status === "active"} />
      <EditWebhook webhook={webhook.data} onChanged={webhook.reload} />
    </Page>
  );
}

function Settings({ webhook, onChanged }: { webhook: Webhook; onChanged(): void }) {
  const client = useStint();
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const active = webhook.status === "active";

  const act = async (action: () => Promise<string | void>) => {
    setBusy(true);
    setError(null);
    setDone("");
    try {
      const said = await action();
      if (said) setDone(said);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="card" aria-labelledby="webhook-summary-title">
        <h2 id="webhook-summary-title" className="break">
          {webhook.url}
        </h2>
        <dl className="facts">
          <div>
            <dt>Status</dt>
            <dd>
              <WebhookStatus webhook={webhook} />
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{showDateTime(webhook.created_at)}</dd>
          </div>
          <div>
            <dt>Last changed</dt>
            <dd>{showDateTime(webhook.updated_at)}</dd>
          </div>
        </dl>
        {secret ? (
          <SecretShownOnce
            title="New signing secret"
            label="signing secret"
            secret={secret.secret}
            advice="The previous secret stopped working: give your receiver this one now."
            onDone={() => setSecret(null)}
          />
        ) : null}
        {done ? <Success>{done}</Success> : null}
        <ErrorNotice error={error} />
        <div className="row">
          <button
            type="button"
            className="button-secondary"
            disabled={busy || !active}
            onClick={() =>
              void act(
                async () => (await client.webhooks.test(webhook.id), "A ping event is on its way; it appears in the delivery log below."),
              )
            }
          >
            Send a test event
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await client.webhooks.update(webhook.id, { status: active ? "disabled" : "active" });
                onChanged();
                return active ? "The webhook is disabled: it receives nothing until enabled again." : "The webhook is active again.";
              })
            }
          >
            {active ? "Disable" : "Enable"}
          </button>
          <ConfirmButton
            confirmLabel="Rotate now: the old secret stops at once"
            disabled={busy}
            onConfirm={() => act(async () => setSecret(await client.webhooks.rotateSecret(webhook.id)))}
          >
            Rotate secret
          </ConfirmButton>
          <ConfirmButton
            confirmLabel="Delete this webhook and its log"
            disabled={busy}
            onConfirm={() =>
              act(async () => {
                await client.webhooks.delete(webhook.id);
                navigate("/webhooks");
              })
            }
          >
            Delete webhook
          </ConfirmButton>
        </div>
        {active ? null : <p className="hint">A disabled webhook cannot be tested and receives no events.</p>}
      </section>
    </>
  );
}

function EditWebhook({ webhook, onChanged }: { webhook: Webhook; onChanged(): void }) {
  const client = useStint();
  return (
    <WebhookForm
      key={webhook.updated_at}
      title="Change URL and events"
      submitLabel="Save changes"
      initial={{ url: webhook.url, events: knownEvents(webhook.events) }}
      onSubmit={async (draft) => {
        await client.webhooks.update(webhook.id, draft);
        onChanged();
      }}
    />
  );
}

/** The last attempt of a delivery, in words: the receiver's status, or why nothing answered. */
function response(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return "not tried yet";
  if (last.status_code !== null) return String(last.status_code);
  return last.error ?? "no answer";
}

/** Every attempt of a delivery, folded away until asked for. */
function AttemptList({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return null;
  return (
    <details className="attempts">
      <summary>
        Every attempt<span className="visually-hidden"> of the {delivery.event_type} delivery</span>
      </summary>
      <ol>
        {delivery.attempts.map((attempt) => (
          <li key={attempt.attempt}>
            {showDateTime(attempt.started_at)}: {attempt.outcome}, {attempt.status_code ?? "no answer"}
            {attempt.duration_ms !== null ? `, ${Math.round(attempt.duration_ms)} ms` : ""}
            {attempt.error ? ` (${attempt.error})` : ""}
            {attempt.next_retry_at ? `; next try ${showDateTime(attempt.next_retry_at)}` : ""}
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeliveryLog({ webhookId, active }: { webhookId: string; active: boolean }) {
  const client = useStint();
  const [page, setPage] = useState(1);
  const deliveries = useLoad(
    async () => await client.webhooks.deliveries.list(webhookId, { page, perPage: DELIVERIES_PER_PAGE }),
    [client, webhookId, page],
  );
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState("");

  const redeliver = async (delivery: WebhookDelivery) => {
    setBusy(delivery.id);
    setError(null);
    setDone("");
    try {
      await client.webhooks.deliveries.redeliver(webhookId, delivery.id);
      setDone(`The ${delivery.event_type} event is queued again as a new delivery.`);
      // The new delivery is the newest: show the first page, where it appears.
      if (page === 1) deliveries.reload();
      else setPage(1);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy("");
    }
  };

  const current = deliveries.data;
  const total = current?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE));
  return (
    <section aria-labelledby="deliveries-title" className="stack delivery-log">
      <div className="section-header">
        <h2 id="deliveries-title">Delivery log</h2>
        <button type="button" className="button-secondary" onClick={deliveries.reload} disabled={deliveries.loading}>
          {deliveries.loading && current ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      <p className="hint">
        Newest first. Each delivery is retried with growing pauses until the receiver answers with a 2xx; a redelivery sends the same event,
        with the same id, again.
      </p>
      {done ? <Success>{done}</Success> : null}
      <ErrorNotice error={error} />
      {current === undefined ? (
        deliveries.loading ? (
          <Loading what="deliveries" />
        ) : (
          <ErrorNotice error={deliveries.error} onRetry={deliveries.reload} />
        )
      ) : (
        <>
          <ErrorNotice error={deliveries.error} onRetry={deliveries.reload} />
          {current.data.length === 0 ? (
            <Empty>
              {current.meta.page === 1
                ? "No deliveries yet. Send a test event, or wait for one of the chosen events to happen."
                : "No deliveries on this page."}
            </Empty>
          ) : (
            <div className="table-wrap table-contained">
              <table>
                <caption className="visually-hidden">Deliveries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="number">
                      Attempts
                    </th>
                    <th scope="col">Response</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last attempt</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {current.data.map((delivery) => (
                    <tr key={delivery.id}>
                      <td>
                        <code>{delivery.event_type}</code>
                        <div className="hint break">
                          {delivery.event_id}
                          {delivery.redelivery_of ? " (redelivery)" : ""}
                        </div>
                      </td>
                      <td>
                        <span className={`badge badge-${delivery.status}`}>{delivery.status}</span>
                        {delivery.failure_reason ? <div className="hint">{delivery.failure_reason}</div> : null}
                        {delivery.next_attempt_at ? <div className="hint">next try {showDateTime(delivery.next_attempt_at)}</div> : null}
                      </td>
                      <td className="number">{delivery.attempts.length}</td>
                      <td className="break">
                        {response(delivery)}
                        <AttemptList delivery={delivery} />
                      </td>
                      <td>{showDateTime(delivery.created_at)}</td>
                      <td>{delivery.attempts.length ? showDateTime(delivery.attempts.at(-1)?.started_at) : "none yet"}</td>
                      <td>
                        <button
                          type="button"
                          className="button-secondary"
                          disabled={!active || busy === delivery.id}
                          onClick={() => void redeliver(delivery)}
                        >
                          Redeliver
                          <span className="visually-hidden">
                            {" "}
                            the {delivery.event_type} event of {showDateTime(delivery.created_at)}
                          </span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className="pager" aria-label="Delivery pages">
            <button type="button" className="button-secondary" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
              Newer
            </button>
            {/* The number of the page on show, not the one asked for: while the next page loads, the rows and their label agree. */}
            <span>
              Page {current.meta.page} of {pages} ({total} {total === 1 ? "delivery" : "deliveries"})
            </span>
            <button type="button" className="button-secondary" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
              Older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
