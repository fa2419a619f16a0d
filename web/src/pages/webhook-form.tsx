import type { Webhook, WebhookCreateParams } from "@stint/sdk";
import { useState, type FormEvent, type ReactNode } from "react";
import { useAction } from "../lib/use-action";
import { ErrorNotice } from "../components/status";

export type WebhookEventName = WebhookCreateParams["events"][number];

/** The event catalogue (the type makes this list complete), grouped by what they are about, with what sends each. */
export const WEBHOOK_EVENTS: Record<WebhookEventName, string> = {
  "time_entry.created": "A time entry was added by hand or by an import.",
  "time_entry.updated": "A time entry was changed.",
  "time_entry.deleted": "A time entry was deleted.",
  "time_entry.started": "A timer started.",
  "time_entry.stopped": "A timer stopped (also when a new timer stops the running one).",
  "project.created": "A project was created.",
  "project.updated": "A project was changed or archived.",
  "project.deleted": "A project was deleted.",
  "project.budget_reached": "A project's budget reached its alert percent or 100 %, once a period.",
  "screenshot.captured": "A screenshot was uploaded.",
  "screenshot.deleted": "A screenshot was deleted.",
  "user.invited": "Someone was invited to the organization.",
  "user.joined": "An invited person joined.",
  "user.removed": "A person was removed from the organization.",
};

const GROUPS: { title: string; prefix: string }[] = [
  { title: "Time entries", prefix: "time_entry." },
  { title: "Projects", prefix: "project." },
  { title: "Screenshots", prefix: "screenshot." },
  { title: "People", prefix: "user." },
];

const ALL_EVENTS = Object.keys(WEBHOOK_EVENTS) as WebhookEventName[];

export interface WebhookDraft {
  url: string;
  events: WebhookEventName[];
}

/**
 * The URL and event checkboxes of a webhook, for creating one and for changing it. What was
 * typed stays when the API refuses it, with the refusal in words.
 */
export function WebhookForm({
  title,
  initial,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  initial: WebhookDraft;
  submitLabel: string;
  onSubmit(draft: WebhookDraft): Promise<void>;
  children?: ReactNode;
}) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<WebhookEventName[]>(initial.events);
  const [problem, setProblem] = useState("");
  const { busy, error, run, reset } = useAction();
  const idBase = title.replace(/\W+/g, "-").toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    setProblem(events.length === 0 ? "Choose at least one event." : "");
    if (events.length === 0) return;
    void run(() => onSubmit({ url: url.trim(), events }));
  };
  const toggle = (name: WebhookEventName, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, name] : chosen.filter((other) => other !== name)));
  const allChosen = events.length === ALL_EVENTS.length;

  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} aria-labelledby={`${idBase}-title`}>
      <h2 id={`${idBase}-title`}>{title}</h2>
      <label className="field">
        <span>Payload URL</span>
        <input
          type="url"
          value={url}
          required
          maxLength={2048}
          placeholder="https://example.com/stint-events"
          spellCheck={false}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={`${idBase}-url-hint`}
        />
        <small id={`${idBase}-url-hint`} className="hint">
          Stint POSTs each event here as JSON, signed with the webhook's secret. It must be an <code>https://</code> address on the public
          internet.
        </small>
      </label>
      <fieldset className="permission-choices">
        <legend>Events</legend>
        <p>
          <button type="button" className="button-link" onClick={() => setEvents(allChosen ? [] : [...ALL_EVENTS])}>
            {allChosen ? "Clear every event" : "Choose every event"}
          </button>
        </p>
        <div className="permission-groups">
          {GROUPS.map((group) => (
            <fieldset key={group.prefix} className="permission-group">
              <legend>{group.title}</legend>
              <ul className="permission-list">
                {ALL_EVENTS.filter((name) => name.startsWith(group.prefix)).map((name) => (
                  <li key={name}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={events.includes(name)}
                        onChange={(event) => toggle(name, event.target.checked)}
                        aria-describedby={`${idBase}-${name.replace(/\W/g, "-")}`}
                      />
                      <code>{name}</code>
                    </label>
                    <small id={`${idBase}-${name.replace(/\W/g, "-")}`} className="hint permission-hint">
                      {WEBHOOK_EVENTS[name]}
                    </small>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      </fieldset>
      {children}
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNotice error={error} fields={{ url: "Payload URL", events: "Events" }} />
      <p>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </p>
    </form>
  );
}

/** Only the events the catalogue knows (a webhook made before an event was retired may hold others). */
export function knownEvents(events: readonly string[]): WebhookEventName[] {
  return events.filter((name): name is WebhookEventName => name in WEBHOOK_EVENTS);
}

/** Active or disabled, and why it was disabled. */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return (
    <>
      <span className={webhook.status === "active" ? "badge badge-good" : "badge badge-off"}>{webhook.status}</span>
      {webhook.disabled_reason ? <div className="hint">{webhook.disabled_reason}</div> : null}
    </>
  );
}
