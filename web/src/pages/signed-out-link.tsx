import { useSignedIn } from "../session/session-context";

const PURPOSES = {
  join: {
    title: "This invitation is for a new account",
    says: "An invitation opens a Stint account for the address it was sent to.",
  },
  reset: {
    title: "This link sets a new password",
    says: "A password reset link sets the password of the account it was sent to.",
  },
} as const;

/**
 * An emailed link (an invitation, a password reset) opened while someone is signed in. The
 * link belongs to the signed-out pages; signing out here keeps the address, token included,
 * so the same link's page follows at once instead of "Page not found".
 */
export function SignedOutLinkPage({ purpose }: { purpose: keyof typeof PURPOSES }) {
  const { session, user } = useSignedIn();
  const { title, says } = PURPOSES[purpose];
  return (
    <section className="page" aria-labelledby="signed-out-link-title">
      <h1 id="signed-out-link-title">{title}</h1>
      <p>
        {says} You are signed in as {user.email}. Sign out to use the link in this browser; it stays in the address.
      </p>
      {/* The session's own sign-out (it never fails): the app's goes on to the sign-in page and would drop the link. */}
      <button type="button" onClick={() => void session.signOut()}>
        Sign out and use the link
      </button>
    </section>
  );
}
