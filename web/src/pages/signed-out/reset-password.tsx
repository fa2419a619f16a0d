import { BadRequestError } from "@stint/sdk";
import { useState } from "react";
import { Link } from "wouter";
import { anonymousClient } from "../../session/browser-session";
import { AuthForm, TextField } from "./auth-form";

/** The link's token is in the address's fragment (`#token=...`), which a browser never sends to a server. */
function tokenFromAddress(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}

/** Sets a new password with the link from a reset email; then the person signs in with it. */
export function ResetPasswordPage() {
  const [token] = useState(tokenFromAddress);
  const [password, setPassword] = useState("");
  const [repeated, setRepeated] = useState("");
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthForm title="Your password is set" submitLabel="Sign in" onSubmit={async () => window.location.assign("/signin")} footer={null}>
        <p className="notice notice-success" role="status">
          Your new password is set, and every device that was signed in is signed out. Sign in with the new password.
        </p>
      </AuthForm>
    );
  }
  return (
    <AuthForm
      title="Set a new password"
      submitLabel="Set password"
      onSubmit={async () => {
        if (!token) throw new Error("This address holds no reset link. Open the link from your email again, or ask for a new one.");
        if (password !== repeated) throw new Error("The two passwords differ. Type the same password twice.");
        await anonymousClient()
          .auth.resetPassword({ token, password })
          .catch((error: unknown) => {
            const field = error instanceof BadRequestError ? (error.details as { field?: string } | undefined)?.field : undefined;
            throw field === "token"
              ? new Error("This link has been used or has expired (links work once, for 30 minutes). Ask for a new one.")
              : error;
          });
        setDone(true);
      }}
      footer={
        <p>
          Link used or expired? <Link href="/forgot-password">Ask for a new one</Link>
        </p>
      }
    >
      <TextField
        label="New password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        minLength={10}
        hint="At least 10 characters."
      />
      <TextField
        label="New password again"
        type="password"
        value={repeated}
        onChange={setRepeated}
        autoComplete="new-password"
        minLength={10}
      />
    </AuthForm>
  );
}
