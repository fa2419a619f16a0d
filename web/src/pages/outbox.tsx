import type { OutboxMessage } from "@stint/sdk";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { collect } from "../lib/collect";
import { showDateTime } from "../lib/format";
import { useLoad } from "../lib/use-load";
import { useStint } from "../session/session-context";
import { CopyButton } from "../components/copy-button";

const KINDS: Record<OutboxMessage["kind"], string> = {
  invitation: "Invitation",
  password_reset: "Password reset",
  weekly_summary: "Weekly summary",
};

const STATES: Record<OutboxMessage["state"], string> = {
  queued: "Waiting to be sent",
  sent: "Sent",
  kept: "Kept here: pass it on",
  expired: "Expired before it was sent",
  refused: "Refused by the mail server",
};

/**
 * The link a kept message carries, when this reader may pass it on; whole, with this
 * address's origin where the deployment has no `PUBLIC_URL` (its messages' links start at the path).
 */
function linkIn(message: OutboxMessage): string | null {
  const link = /(\S+#token=\S+)/.exec(message.text)?.[1];
  return link ? new URL(link, window.location.origin).href : null;
}

/**
 * Settings > Outbox (owners and admins): the email Stint sent or keeps. Where Stint sends no
 * email, this is how invitations and reset links reach people: copy the link and pass it on.
 */
export default function OutboxPage() {
  const client = useStint();
  const messages = useLoad(() => collect(client.organization.outbox({ perPage: 100 }), 100), [client]);
  const kept = messages.data?.some((message) => message.state === "kept");
  return (
    <Page title="Outbox">
      <p className="lead">
        Every email Stint sent or keeps for your organization, newest first.{" "}
        {kept ? "This Stint sends no email: " : "Where Stint sends no email, "}
        invitations and password reset links wait here, and you pass each link on to its person yourself. A password reset link shows only
        to someone above the person it is for; links that have expired are hidden.
      </p>
      {messages.loading && !messages.data ? <Loading what="the outbox" /> : null}
      <ErrorNotice error={messages.error} onRetry={messages.reload} />
      {messages.data && messages.data.length === 0 ? <Empty>No email yet.</Empty> : null}
      <ul className="outbox-list">
        {messages.data?.map((message) => (
          <OutboxItem key={message.id} message={message} />
        ))}
      </ul>
    </Page>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const link = linkIn(message);
  return (
    <li className="outbox-item">
      <article aria-labelledby={`${message.id}-subject`}>
        <h2 id={`${message.id}-subject`} className="outbox-subject">
          {message.subject}
        </h2>
        <p className="outbox-meta">
          {KINDS[message.kind]} to <span className="outbox-to">{message.to}</span> · {STATES[message.state]} ·{" "}
          {showDateTime(message.sent_at ?? message.created_at)}
        </p>
        {link ? (
          <p className="outbox-link">
            <code className="outbox-link-text">{link}</code> <CopyButton text={link} label={`Copy the link for ${message.to}`} />
          </p>
        ) : null}
        <details>
          <summary>Read the message</summary>
          <pre className="outbox-text">{message.text}</pre>
        </details>
      </article>
    </li>
  );
}
