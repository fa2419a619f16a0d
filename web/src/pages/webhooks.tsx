import type { Webhook, WebhookWithSecret } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { Page } from "../components/page";
import { SecretShownOnce } from "../components/secret-shown-once";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { collect } from "../lib/collect";
import { useLoad } from "../lib/use-load";
import { useIsManager, useStint } from "../session/session-context";
import "./developer.css";
import { NameList } from "../components/name-list";
import { WebhookForm, WebhookStatus } from "./webhook-form";

/** Webhooks of the organization (owners and admins): the list, and a new one with its secret shown once. */
export default function WebhooksPage() {
  const manager = useIsManager();
  return (
    <Page title="Webhooks">
      <p className="lead">
        A webhook sends the organization's events, as they happen, to a URL of yours: each one an HTTP POST signed with the webhook's
        secret, retried for about three days until your server answers with a 2xx. How to check the signature is in{" "}
        <a href="/docs">the API reference</a>.
      </p>
      {manager ? (
        <ManagedWebhooks />
      ) : (
        <p className="notice notice-warning">Webhooks carry every event of the organization, so only the owner and admins manage them.</p>
      )}
    </Page>
  );
}

function ManagedWebhooks() {
  const client = useStint();
  const webhooks = useLoad(() => collect(client.webhooks.list({ perPage: 200 })), [client]);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  // A new form after each creation, so the next one starts empty while a refused one keeps what was typed.
  const [formRound, setFormRound] = useState(0);

  return (
    <>
      {created ? (
        <SecretShownOnce
          title={`Signing secret of the webhook to ${created.url}`}
          label="signing secret"
          secret={created.secret}
          advice="Your receiver needs it to check that each delivery comes from Stint. If it is lost, rotate the secret on the webhook's page."
          onDone={() => setCreated(null)}
        />
      ) : null}
      <WebhookList webhooks={webhooks.data} loading={webhooks.loading} error={webhooks.error} onRetry={webhooks.reload} />
      <WebhookForm
        key={formRound}
        title="Add a webhook"
        submitLabel="Add webhook"
        initial={{ url: "", events: [] }}
        onSubmit={async (draft) => {
          const webhook = await client.webhooks.create(draft);
          setCreated(webhook);
          setFormRound((round) => round + 1);
          webhooks.reload();
        }}
      />
    </>
  );
}

function WebhookList({
  webhooks,
  loading,
  error,
  onRetry,
}: {
  webhooks: Webhook[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
}) {
  if (webhooks === undefined) return loading ? <Loading what="webhooks" /> : <ErrorNotice error={error} onRetry={onRetry} />;
  return (
    <>
      <ErrorNotice error={error} onRetry={onRetry} />
      {webhooks.length === 0 ? (
        <Empty>No webhooks yet. Add one below to have Stint tell another system about changes.</Empty>
      ) : (
        <div className="table-wrap table-contained">
          <table>
            <caption className="visually-hidden">Webhooks, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.map((webhook) => (
                <tr key={webhook.id}>
                  <td className="break">
                    <Link href={`/webhooks/${webhook.id}`}>{webhook.url}</Link>
                  </td>
                  <td>
                    <NameList names={webhook.events} />
                  </td>
                  <td>
                    <WebhookStatus webhook={webhook} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
