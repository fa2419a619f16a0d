import type { ScopeInWords } from "./scopes";

/**
 * What an OAuth page should show, as data: the gateway renders it. Every outcome carries
 * the page session, so the gateway can keep the cookie and put the CSRF token in its forms.
 */

export interface ApplicationInWords {
  name: string;
  homepage_url: string | null;
}

export interface SignedInUser {
  name: string;
  email: string;
}

export type PageView =
  /** Something the person must be told, with no way on: never a redirect. */
  | { kind: "error"; status: 400 | 403; message: string }
  /** Back to the application (302). */
  | { kind: "redirect"; location: string }
  /** Show the same page again with these parameters (303 after a form). */
  | { kind: "continue"; params: Record<string, string> }
  | { kind: "sign_in"; failed: boolean; params: Record<string, string> }
  | { kind: "consent"; application: ApplicationInWords; scopes: ScopeInWords[]; user: SignedInUser; params: Record<string, string> }
  /** The device verification page: type the code. `unknownCode` after a code that matched nothing. */
  | { kind: "device_entry"; userCode: string; unknownCode: boolean; user: SignedInUser }
  | { kind: "device_confirm"; application: ApplicationInWords; scopes: ScopeInWords[]; userCode: string; user: SignedInUser }
  | { kind: "device_done"; approved: boolean; application: ApplicationInWords };

export type PageOutcome = PageView & { session: { token: string; csrf: string } };
