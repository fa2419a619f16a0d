import type { OAuthApplication, OAuthApplicationWithSecret, OAuthAuthorization } from "@stint/sdk";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "../components/confirm-button";
import { CopyButton } from "../components/copy-button";
import { Page } from "../components/page";
import { PermissionChoices, type Permission } from "../components/permission-choices";
import { SecretShownOnce } from "../components/secret-shown-once";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { collect } from "../lib/collect";
import { showDate, showDateTime } from "../lib/format";
import { useAction } from "../lib/use-action";
import { useLoad } from "../lib/use-load";
import { useIsManager, useStint } from "../session/session-context";
import { NameList } from "../components/name-list";
import "./developer.css";

/** A secret to show once, and which application it belongs to. */
interface ShownSecret {
  application: OAuthApplicationWithSecret;
  rotated: boolean;
}

/** The developer portal: OAuth applications (owners and admins), how to use them, and the applications the person authorized. */
export default function DeveloperPage() {
  const manager = useIsManager();
  return (
    <Page title="Developer portal">
      <HowToUse />
      {manager ? (
        <Applications />
      ) : (
        <section className="card" aria-labelledby="applications-title">
          <h2 id="applications-title">OAuth applications</h2>
          <p>
            Registering applications is for the owner and admins of the organization. Ask one of them if you are building an integration.
          </p>
        </section>
      )}
      <Authorizations />
    </Page>
  );
}

function HowToUse() {
  const origin = location.origin;
  const endpoints = [
    ["Authorization endpoint", `${origin}/api/auth/oauth/authorize`],
    ["Token endpoint", `${origin}/api/auth/oauth/token`],
    ["Server metadata", `${origin}/.well-known/oauth-authorization-server`],
  ] as const;
  return (
    <section className="card" aria-labelledby="how-title">
      <h2 id="how-title">How to use OAuth with Stint</h2>
      <p>
        Register your application below to get a client id (and, for a server-side application, a client secret). Send people to the
        authorization endpoint with <code>response_type=code</code>, your <code>client_id</code>, a registered <code>redirect_uri</code>,
        the <code>scope</code> you need and a PKCE <code>code_challenge</code>; exchange the code you get back at the token endpoint. The
        tokens act for that person, within the scopes they granted and their own role.
      </p>
      <dl className="endpoint-list">
        {endpoints.map(([label, address]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <code>{address}</code>
            </dd>
          </div>
        ))}
      </dl>
      <p>
        Every request and answer is described in <a href="/docs">the API reference</a>.
      </p>
    </section>
  );
}

function Applications() {
  const client = useStint();
  const applications = useLoad(() => collect(client.oauth.applications.list({ perPage: 200 })), [client]);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [done, setDone] = useState("");

  const show = (application: OAuthApplicationWithSecret, rotated: boolean) => {
    setDone(rotated ? "" : `The application “${application.name}” is registered.`);
    if (application.client_secret) setShown({ application, rotated });
    applications.reload();
  };

  return (
    <section aria-labelledby="applications-title" className="stack">
      <h2 id="applications-title">OAuth applications</h2>
      {done ? <Success>{done}</Success> : null}
      {shown?.application.client_secret ? (
        <SecretShownOnce
          title={shown.rotated ? `New client secret of “${shown.application.name}”` : `Client secret of “${shown.application.name}”`}
          label="client secret"
          secret={shown.application.client_secret}
          advice={
            shown.rotated
              ? "Put it in your application's configuration now. The previous secret keeps working for 24 hours, then stops."
              : "Put it in your application's server-side configuration now; never ship it in a browser or mobile app."
          }
          onDone={() => setShown(null)}
        />
      ) : null}
      {applications.data === undefined ? (
        applications.loading ? (
          <Loading what="applications" />
        ) : (
          <ErrorNotice error={applications.error} onRetry={applications.reload} />
        )
      ) : (
        <>
          <ErrorNotice error={applications.error} onRetry={applications.reload} />
          {applications.data.length === 0 ? (
            <Empty>No applications registered yet.</Empty>
          ) : (
            <ul className="application-list">
              {applications.data.map((application) => (
                <li key={application.id}>
                  <ApplicationCard application={application} onChanged={applications.reload} onRotated={(rotated) => show(rotated, true)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CreateApplication onCreated={(application) => show(application, false)} />
    </section>
  );
}

/** One address a line, blanks dropped. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function CreateApplication({ onCreated }: { onCreated(application: OAuthApplicationWithSecret): void }) {
  const client = useStint();
  const [name, setName] = useState("");
  const [clientType, setClientType] = useState<"confidential" | "public">("confidential");
  const [redirectUris, setRedirectUris] = useState("");
  const [homepageUrl, setHomepageUrl] = useState("");
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [problem, setProblem] = useState("");
  const { busy, error, run, reset } = useAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    setProblem(scopes.length === 0 ? "Choose at least one scope the application may ask for." : "");
    if (scopes.length === 0) return;
    void run(async () => {
      const application = await client.oauth.applications.create({
        name: name.trim(),
        clientType,
        redirectUris: lines(redirectUris),
        homepageUrl: homepageUrl.trim() || null,
        scopes,
      });
      setName("");
      setRedirectUris("");
      setHomepageUrl("");
      setScopes([]);
      onCreated(application);
    });
  };

  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} aria-labelledby="create-application-title">
      <h3 id="create-application-title">Register an application</h3>
      <label className="field">
        <span>Application name</span>
        <input
          value={name}
          required
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          aria-describedby="application-name-hint"
        />
        <small id="application-name-hint" className="hint">
          People see this name when they are asked to allow access.
        </small>
      </label>
      <fieldset>
        <legend>Type</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="client-type"
            value="confidential"
            checked={clientType === "confidential"}
            onChange={() => setClientType("confidential")}
          />
          Confidential: runs on a server that can keep a client secret
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="client-type"
            value="public"
            checked={clientType === "public"}
            onChange={() => setClientType("public")}
          />
          Public: a browser, mobile or command-line application, with no secret (PKCE required)
        </label>
      </fieldset>
      <label className="field">
        <span>Redirect URIs</span>
        <textarea
          value={redirectUris}
          required
          rows={3}
          onChange={(event) => setRedirectUris(event.target.value)}
          aria-describedby="redirect-hint"
          spellCheck={false}
        />
        <small id="redirect-hint" className="hint">
          One a line, up to 10, matched exactly: <code>https://</code> addresses, <code>http://127.0.0.1</code> or <code>localhost</code>{" "}
          for native applications, or a private scheme such as <code>com.example.app:/callback</code>.
        </small>
      </label>
      <label className="field">
        <span>Homepage (optional)</span>
        <input type="url" value={homepageUrl} onChange={(event) => setHomepageUrl(event.target.value)} />
      </label>
      <PermissionChoices legend="Scopes it may ask for" chosen={scopes} onChange={setScopes} manager />
      <p className="hint">Each person who authorizes it grants at most what their own role allows.</p>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNotice
        error={error}
        fields={{
          name: "Application name",
          redirect_uris: "Redirect URI",
          homepage_url: "Homepage",
          scopes: "Scopes",
          client_type: "Type",
        }}
      />
      <p>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Registering…" : "Register application"}
        </button>
      </p>
    </form>
  );
}

/** `YYYY-MM-DD` as the browser writes dates, read as that calendar day wherever the browser is. */
function calendarDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? showDate(`${day}T12:00:00`) : showDate(day);
}

function ApplicationCard({
  application,
  onChanged,
  onRotated,
}: {
  application: OAuthApplication;
  onChanged(): void;
  onRotated(application: OAuthApplicationWithSecret): void;
}) {
  const client = useStint();
  const { busy, error, run } = useAction();
  const active = application.status === "active";
  const titleId = `application-${application.id}`;

  const act = (action: () => Promise<unknown>) =>
    run(async () => {
      await action();
    });

  return (
    <article className="card application" aria-labelledby={titleId}>
      <header className="application-header">
        <h3 id={titleId}>{application.name}</h3>
        <span className={active ? "badge badge-good" : "badge badge-off"}>Status: {active ? "active" : "disabled"}</span>
      </header>
      <dl className="facts">
        <div>
          <dt>Client id</dt>
          <dd>
            <code>{application.client_id}</code> <CopyButton text={application.client_id} label="Copy client id" />
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{application.client_type}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{calendarDay(application.created_at)}</dd>
        </div>
        <div>
          <dt>Redirect URIs</dt>
          <dd>
            <ul className="plain-list">
              {application.redirect_uris.map((uri) => (
                <li key={uri}>
                  <code>{uri}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {application.homepage_url ? (
          <div>
            <dt>Homepage</dt>
            <dd>{application.homepage_url}</dd>
          </div>
        ) : null}
        <div>
          <dt>Scopes</dt>
          <dd>
            <NameList names={application.scopes} />
          </dd>
        </div>
      </dl>
      <ErrorNotice error={error} />
      <div className="row">
        {application.client_type === "confidential" ? (
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => void act(async () => onRotated(await client.oauth.applications.rotateSecret(application.id)))}
          >
            Rotate secret<span className="visually-hidden"> of {application.name}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await client.oauth.applications.update(application.id, { status: active ? "disabled" : "active" });
              onChanged();
            })
          }
        >
          {active ? "Disable" : "Enable"}
          <span className="visually-hidden"> {application.name}</span>
        </button>
        <ConfirmButton
          confirmLabel={`Delete “${application.name}” and end its access`}
          disabled={busy}
          onConfirm={() =>
            act(async () => {
              await client.oauth.applications.delete(application.id);
              onChanged();
            })
          }
        >
          Delete<span className="visually-hidden"> {application.name}</span>
        </ConfirmButton>
      </div>
      {active ? null : (
        <p className="hint">Disabled: nobody can authorize it and its tokens do not work. Enable it to allow access again.</p>
      )}
    </article>
  );
}

function Authorizations() {
  const client = useStint();
  const authorizations = useLoad(() => collect(client.oauth.authorizations.list({ perPage: 200 })), [client]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");

  const revoke = async (authorization: OAuthAuthorization) => {
    setError(null);
    setDone("");
    try {
      await client.oauth.authorizations.revoke(authorization.client_id);
      setDone(`“${authorization.name}” no longer has access to your account.`);
      authorizations.reload();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="authorizations-title" className="stack">
      <h2 id="authorizations-title">Applications you have authorized</h2>
      <ErrorNotice error={error} />
      {done ? <Success>{done}</Success> : null}
      {authorizations.data === undefined ? (
        authorizations.loading ? (
          <Loading what="authorized applications" />
        ) : (
          <ErrorNotice error={authorizations.error} onRetry={authorizations.reload} />
        )
      ) : authorizations.data.length === 0 ? (
        <Empty>You have not allowed any application to use your account.</Empty>
      ) : (
        <div className="table-wrap table-contained">
          <table>
            <caption className="visually-hidden">Applications you have authorized</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Access granted</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {authorizations.data.map((authorization) => (
                <tr key={authorization.client_id}>
                  <td>
                    {authorization.name}
                    {authorization.homepage_url ? <div className="hint">{authorization.homepage_url}</div> : null}
                  </td>
                  <td>
                    <NameList names={authorization.scopes} />
                  </td>
                  <td className="nowrap">{showDateTime(authorization.authorized_at)}</td>
                  <td>
                    <ConfirmButton confirmLabel={`Revoke access of “${authorization.name}”`} onConfirm={() => revoke(authorization)}>
                      Revoke<span className="visually-hidden"> {authorization.name}</span>
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
