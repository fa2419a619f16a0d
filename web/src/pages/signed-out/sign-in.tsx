import { AuthenticationError, type Session } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { anonymousClient } from "../../session/browser-session";
import { AuthForm, TextField } from "./auth-form";

export function SignInPage({ onSession }: { onSession(session: Session): Promise<void> }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <AuthForm
      title="Sign in"
      submitLabel="Sign in"
      onSubmit={async () => {
        const session = await anonymousClient()
          .auth.login({ email, password })
          .catch((error: unknown) => {
            throw error instanceof AuthenticationError ? new Error("That email and password do not match an account.") : error;
          });
        await onSession(session);
      }}
      footer={
        <>
          <p>
            <Link href="/forgot-password">Forgot your password?</Link>
          </p>
          <p>
            New to Stint? <Link href="/signup">Create an organization</Link>
          </p>
        </>
      }
    >
      <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="username" />
      <TextField label="Password" type="password" value={password} onChange={setPassword} autoComplete="current-password" />
    </AuthForm>
  );
}
