import type { Organization, Stint, User } from "@stint/sdk";
import { createContext, useContext } from "react";
import type { BrowserSession, Identity } from "./browser-session";

/** The signed-in person, as every page below the sign-in sees it. */
export interface SignedIn {
  session: BrowserSession;
  client: Stint;
  identity: Identity;
  user: User;
  organization: Organization;
  /** After the organization's settings change. */
  setOrganization(organization: Organization): void;
  signOut(): Promise<void>;
}

export const SignedInContext = createContext<SignedIn | null>(null);

export function useSignedIn(): SignedIn {
  const signedIn = useContext(SignedInContext);
  if (!signedIn) throw new Error("useSignedIn is for pages behind the sign-in");
  return signedIn;
}

/** The client library, signed in as the person using the page. */
export function useStint(): Stint {
  return useSignedIn().client;
}

/** Owners and admins manage the team, keys of others, webhooks and settings. */
export function useIsManager(): boolean {
  const role = useSignedIn().identity.role;
  return role === "owner" || role === "admin";
}
