import * as oauth from "oauth4webapi";

/**
 * For the OAuth tests: a person at a browser without the browser. It keeps the page
 * session's cookie, reads the forms of the sign-in, consent and device pages, and submits
 * them as a browser would, without following redirects (the test looks at each).
 */

export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
  url: string;
}

function documentationAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `${Math.random() < 0.5 ? "198.51.100" : "203.0.113"}.${byte()}`;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The hidden fields of the page's first form. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(match[1] ?? "")] = unescape(match[2] ?? "");
  return fields;
}

export class PageVisitor {
  cookie: string | undefined;
  /** Every request from one address unless told otherwise, as one browser would. */
  constructor(readonly address: string = documentationAddress()) {}

  private async send(url: string, init: RequestInit): Promise<PageResponse> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    if (this.cookie) headers.set("cookie", this.cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0];
    return {
      status: response.status,
      headers: response.headers,
      html: await response.text(),
      location: response.headers.get("location"),
      url,
    };
  }

  get(url: string): Promise<PageResponse> {
    return this.send(url, { method: "GET" });
  }

  /** Submits the page's form: its hidden fields, then `fields`, to the page's own address. */
  submit(page: PageResponse, fields: Record<string, string>): Promise<PageResponse> {
    const action = new URL(page.url);
    action.search = "";
    const body = new URLSearchParams({ ...hiddenFields(page.html), ...fields });
    return this.send(action.toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
  }

  /** A 303 after a form, followed as a browser would. */
  async follow(page: PageResponse): Promise<PageResponse> {
    if (!page.location) throw new Error(`expected a redirect, got ${page.status}: ${page.html.slice(0, 300)}`);
    return this.get(new URL(page.location, page.url).toString());
  }
}

/** oauth4webapi's requests, each from its own documentation address (limits per address bite only where a test means them to). */
export const fromAnyAddress = {
  [oauth.customFetch]: (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", documentationAddress());
    return fetch(url, { ...init, headers });
  },
  [oauth.allowInsecureRequests]: true,
};

/** The same from one given address. */
export function fromAddress(address: string) {
  return {
    [oauth.customFetch]: (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      headers.set("x-forwarded-for", address);
      return fetch(url, { ...init, headers });
    },
    [oauth.allowInsecureRequests]: true,
  };
}
