import type { Organization, Session, User } from "@stint/sdk";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { Layout } from "./layout";
import { ErrorNotice, Loading } from "./components/status";
import { startLiveUpdates } from "./lib/live-updates";
import { PAGES } from "./pages";
import { ForgotPasswordPage } from "./pages/signed-out/forgot-password";
import { JoinPage } from "./pages/signed-out/join";
import { ResetPasswordPage } from "./pages/signed-out/reset-password";
import { SignInPage } from "./pages/signed-out/sign-in";
import { SignUpPage } from "./pages/signed-out/sign-up";
import { SignedOutLinkPage } from "./pages/signed-out-link";
import { BrowserSession } from "./session/browser-session";
import { SignedInContext, type SignedIn } from "./session/session-context";

type Account = { session: BrowserSession; user: User; organization: Organization };
type State = { kind: "resuming" } | { kind: "signed-out"; error?: unknown } | ({ kind: "signed-in" } & Account);

/** The person and organization behind a resumed sign-in (the token names them; the API describes them). */
async function accountOf(session: BrowserSession): Promise<Account> {
  const [user, organization] = await Promise.all([session.client.users.get(session.identity.userId), session.client.organization.get()]);
  return { session, user, organization };
}

function SignedInApp({
  account,
  setOrganization,
  signOut,
}: {
  account: Account;
  setOrganization(organization: Organization): void;
  signOut(): Promise<void>;
}) {
  // One connection for every tab of this browser keeps the pages in step with changes made elsewhere.
  const { session } = account;
  useEffect(() => startLiveUpdates(session.client, session.identity.userId), [session]);
  const value = useMemo<SignedIn>(
    () => ({
      session: account.session,
      client: account.session.client,
      identity: account.session.identity,
      user: account.user,
      organization: account.organization,
      setOrganization,
      signOut,
    }),
    [account, setOrganization, signOut],
  );
  return (
    <SignedInContext.Provider value={value}>
      <Layout>
        <Suspense fallback={<Loading what="the page" />}>
          <Switch>
            {PAGES.map((page) => (
              <Route key={page.path} path={page.path} component={page.component} />
            ))}
            <Route path="/signin">
              <Redirect to="/" replace />
            </Route>
            <Route path="/signup">
              <Redirect to="/" replace />
            </Route>
            <Route path="/join">
              <SignedOutLinkPage purpose="join" />
            </Route>
            <Route path="/reset-password">
              <SignedOutLinkPage purpose="reset" />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </Layout>
    </SignedInContext.Provider>
  );
}

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address. Use the navigation to go on.</p>
    </section>
  );
}

export function App() {
  const [state, setState] = useState<State>({ kind: "resuming" });
  const [location, navigate] = useLocation();
  const ended = useCallback(() => setState({ kind: "signed-out" }), []);

  useEffect(() => {
    BrowserSession.resume(ended)
      .then(async (session) => setState(session ? { kind: "signed-in", ...(await accountOf(session)) } : { kind: "signed-out" }))
      .catch((error: unknown) => setState({ kind: "signed-out", error }));
  }, [ended]);

  const enter = useCallback(
    async (apiSession: Session) => {
      const session = await BrowserSession.begin(apiSession, ended);
      setState({ kind: "signed-in", session, user: apiSession.user, organization: apiSession.organization });
      if (["/signin", "/signup", "/join"].includes(location)) navigate("/", { replace: true });
    },
    [ended, location, navigate],
  );
  const setOrganization = useCallback(
    (organization: Organization) => setState((previous) => (previous.kind === "signed-in" ? { ...previous, organization } : previous)),
    [],
  );
  const signOut = useCallback(async () => {
    if (state.kind === "signed-in") await state.session.signOut();
    navigate("/signin");
  }, [state, navigate]);

  if (state.kind === "resuming") return <Loading what="Stint" />;
  if (state.kind === "signed-in") return <SignedInApp account={state} setOrganization={setOrganization} signOut={signOut} />;
  return (
    <>
      {state.error ? <ErrorNotice error={state.error} /> : null}
      <Switch>
        <Route path="/signup">
          <SignUpPage onSession={enter} />
        </Route>
        <Route path="/join">
          <JoinPage onSession={enter} />
        </Route>
        <Route path="/forgot-password">
          <ForgotPasswordPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route>
          <SignInPage onSession={enter} />
        </Route>
      </Switch>
    </>
  );
}
