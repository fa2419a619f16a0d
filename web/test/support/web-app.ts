import type { Browser, Page } from "playwright-core";
import { Stint } from "../../../sdk/js/src/index";
import { startEmbedded, type TestStint } from "../../../test/support/stint";
import { launchChromium, PASSWORD } from "./browser";
import { buildWebApp } from "./web-build";

/** What a browser suite runs against: an embedded Stint serving the application, and Chromium. */
export interface RunningWebApp {
  deployment: TestStint;
  browser: Browser;
}

/** A production build of the application, then a Stint that serves it (`env` added), then Chromium. */
export async function startWebApp(env: Record<string, string> = {}): Promise<RunningWebApp> {
  await buildWebApp();
  const deployment = await startEmbedded(env);
  return { deployment, browser: await launchChromium() };
}

/** Stops what `startWebApp` started, also when it started only part of it. */
export async function stopWebApp(running: Partial<RunningWebApp> | undefined): Promise<void> {
  await running?.browser?.close();
  await running?.deployment?.stop();
}

/** The client library in Node, signed in as someone who signed up in the app (for seeding and checking). */
export async function libraryAs(baseUrl: string, email: string, password = PASSWORD): Promise<Stint> {
  const session = await new Stint({ baseUrl }).auth.login({ email, password });
  return new Stint({ baseUrl, accessToken: session.access_token });
}

/** How wide the page's content is: on a phone it must not exceed the screen (no sideways scrolling). */
export function contentWidth(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
}
