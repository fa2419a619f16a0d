import type { Session } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { anonymousClient } from "../../session/browser-session";
import { AuthForm, TextField } from "./auth-form";

/**
 * Joining an organization with an invitation's one-time token. The team page hands out
 * `/join#token=...`: a fragment never reaches a server or its logs.
 */
function tokenFromAddress(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}

export function JoinPage({ onSession }: { onSession(session: Session): Promise<void> }) {
  const [token, setToken] = useState(tokenFromAddress);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  return (
    <AuthForm
      title="Join your team"
      submitLabel="Join"
      onSubmit={async () => onSession(await anonymousClient().invitations.accept({ token, name, password }))}
      footer={
        <p>
          Already have an account? <Link href="/signin">Sign in</Link>
        </p>
      }
    >
      <TextField
        label="Invitation code"
        value={token}
        onChange={setToken}
        autoComplete="off"
        hint="From the link or code your team's admin gave you."
      />
      <TextField label="Your name" value={name} onChange={setName} autoComplete="name" />
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        minLength={10}
        hint="At least 10 characters."
      />
    </AuthForm>
  );
}
