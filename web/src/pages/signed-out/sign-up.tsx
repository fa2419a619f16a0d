import type { Session } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { anonymousClient } from "../../session/browser-session";
import { AuthForm, TextField } from "./auth-form";

export function SignUpPage({ onSession }: { onSession(session: Session): Promise<void> }) {
  const [name, setName] = useState("");
  const [organizationName, setOrganizationName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <AuthForm
      title="Create your organization"
      submitLabel="Create organization"
      onSubmit={async () => onSession(await anonymousClient().auth.register({ name, organizationName, email, password }))}
      footer={
        <p>
          Already have an account? <Link href="/signin">Sign in</Link>
        </p>
      }
    >
      <TextField label="Your name" value={name} onChange={setName} autoComplete="name" />
      <TextField label="Organization name" value={organizationName} onChange={setOrganizationName} autoComplete="organization" />
      <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="username" />
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
