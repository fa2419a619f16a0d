import type { PasswordResetRequested } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { anonymousClient } from "../../session/browser-session";
import { AuthForm, TextField } from "./auth-form";

/**
 * Asks for a link that sets a new password. Stint answers alike whether or not the address
 * has an account, and so does this page: it never says which addresses are known.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [asked, setAsked] = useState<PasswordResetRequested | null>(null);
  return (
    <AuthForm
      title="Forgot your password?"
      submitLabel={asked ? "Send another link" : "Send me a link"}
      onSubmit={async () => setAsked(await anonymousClient().auth.requestPasswordReset({ email: email.trim() }))}
      footer={
        <p>
          Remembered it? <Link href="/signin">Sign in</Link>
        </p>
      }
    >
      <p>Enter the email address you sign in with. We send a link to set a new password; it works once, for 30 minutes.</p>
      <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="username" />
      {asked ? (
        <p className="notice notice-success" role="status">
          {asked.delivery === "email"
            ? `If ${email.trim()} has a Stint account, a link is on its way there. Check your inbox (and your spam folder).`
            : `If ${email.trim()} has a Stint account, a link is waiting for you in your organization's outbox: this Stint sends no email, so ask your organization's owner or an admin to pass it on.`}
        </p>
      ) : null}
    </AuthForm>
  );
}
