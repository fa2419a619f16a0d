import type { ApiKey, CreatedApiKey, User } from "@stint/sdk";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { PermissionChoices, type Permission } from "../components/permission-choices";
import { SecretShownOnce } from "../components/secret-shown-once";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { collect } from "../lib/collect";
import { showDateTime } from "../lib/format";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { useAction } from "../lib/use-action";
import { NameList } from "../components/name-list";
import "./developer.css";

/** Settings > API keys: make a key with chosen permissions (shown once), see every key, revoke. */
export default function ApiKeysPage() {
  const client = useStint();
  const manager = useIsManager();
  const keys = useLoad(() => collect(client.apiKeys.list({ perPage: 200 })), [client]);
  // Owners and admins see the whole organization's keys: name who made each.
  const people = useLoad(async () => (manager ? collect(client.users.list({ perPage: 200 })) : ([] as User[])), [client, manager]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Page title="API keys">
      <p className="lead">
        An API key lets a script or another system call the Stint API as you, with the permissions you choose here. Send it in the{" "}
        <code>X-API-Key</code> header (see <a href="/docs">the API reference</a>). A key never does more than your own role allows, and
        stops working the moment it is revoked.
      </p>
      {created ? (
        <SecretShownOnce
          title={`Your new key “${created.name}”`}
          label="API key"
          secret={created.key}
          advice="Copy it now and keep it somewhere safe, such as your server's secret store. If it is lost, revoke it and make another."
          onDone={() => setCreated(null)}
        />
      ) : null}
      <h2>{manager ? "Keys of the organization" : "Your keys"}</h2>
      <KeyList
        keys={keys.data}
        loading={keys.loading}
        error={keys.error}
        onRetry={keys.reload}
        people={people.data ?? []}
        onRevoked={keys.reload}
      />
      <CreateKey
        onCreated={(key) => {
          setCreated(key);
          keys.reload();
        }}
      />
    </Page>
  );
}

function CreateKey({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const client = useStint();
  const manager = useIsManager();
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [problem, setProblem] = useState("");
  const { busy, error, run, reset } = useAction();

  // On a refusal, what was typed and chosen stays, so the person can correct it and try again.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    setProblem(permissions.length === 0 ? "Choose at least one permission." : "");
    if (permissions.length === 0) return;
    void run(async () => {
      const key = await client.apiKeys.create({ name: name.trim(), permissions });
      setName("");
      setPermissions([]);
      onCreated(key);
    });
  };

  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <label className="field">
        <span>Key name</span>
        <input value={name} required maxLength={200} onChange={(event) => setName(event.target.value)} aria-describedby="key-name-hint" />
        <small id="key-name-hint" className="hint">
          What the key is for, such as “invoicing export”, so you know which to revoke later.
        </small>
      </label>
      <PermissionChoices legend="Permissions" chosen={permissions} onChange={setPermissions} manager={manager} />
      <p className="hint">
        {manager
          ? "A key acts as you: if your role is ever reduced, so is the key."
          : "A key acts as you and never exceeds a member's role, so some permissions are for the owner and admins only."}
      </p>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNotice error={error} fields={{ name: "Key name", permissions: "Permissions" }} />
      <p>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Creating…" : "Create key"}
        </button>
      </p>
    </form>
  );
}

function KeyList({
  keys,
  loading,
  error,
  onRetry,
  people,
  onRevoked,
}: {
  keys: ApiKey[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  people: User[];
  onRevoked(): void;
}) {
  const client = useStint();
  const { identity } = useSignedIn();
  const manager = useIsManager();
  const [revokeError, setRevokeError] = useState<unknown>(null);
  const [revoked, setRevoked] = useState("");

  if (keys === undefined) return loading ? <Loading what="API keys" /> : <ErrorNotice error={error} onRetry={onRetry} />;

  const maker = (key: ApiKey) =>
    key.user_id === identity.userId ? "You" : (people.find((person) => person.id === key.user_id)?.name ?? "Another person");
  const revoke = async (key: ApiKey) => {
    setRevokeError(null);
    setRevoked("");
    try {
      await client.apiKeys.revoke(key.id);
      setRevoked(`The key “${key.name}” is revoked; it no longer works.`);
      onRevoked();
    } catch (failure) {
      setRevokeError(failure);
    }
  };

  return (
    <>
      <ErrorNotice error={error} onRetry={onRetry} />
      <ErrorNotice error={revokeError} />
      {revoked ? <Success>{revoked}</Success> : null}
      {keys.length === 0 ? (
        <Empty>No API keys yet. Create one below when a script or another system needs to reach Stint.</Empty>
      ) : (
        <div className="table-wrap table-contained">
          <table>
            <caption className="visually-hidden">API keys, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Permissions</th>
                {manager ? <th scope="col">Made by</th> : null}
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td className="nowrap">
                    <code>
                      {key.prefix}…{key.last_four}
                    </code>
                  </td>
                  <td>
                    <NameList names={key.permissions} />
                  </td>
                  {manager ? <td>{maker(key)}</td> : null}
                  <td className="nowrap">{showDateTime(key.created_at)}</td>
                  <td className="nowrap">{showDateTime(key.last_used_at)}</td>
                  <td>
                    <ConfirmButton confirmLabel={`Revoke “${key.name}” now`} onConfirm={() => revoke(key)}>
                      Revoke<span className="visually-hidden"> the key “{key.name}”</span>
                    </ConfirmButton>
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
