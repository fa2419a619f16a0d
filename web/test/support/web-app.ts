import type { Browser, Page } from "playwright-core";
import { Stint } from "../../../sdk/js/src/index";
import { useStint, type SuiteStint } from "../../../test/support/stint";
import { launchChromium, openApp, PASSWORD, type AppPage } from "./browser";
import { buildWebApp } from "./web-build";

/** What a browser suite runs against: an embedded Stint serving the application, and Chromium. */
export interface WebApp {
  deployment: SuiteStint;
  readonly browser: Browser;
  /** The application in a fresh browser profile (see `openApp`). */
  open(viewport?: Parameters<typeof openApp>[2]): Promise<AppPage>;
}

/**
 * For a describe block: a production build of the application, then a Stint that serves it
 * (`env` added), then Chromium, all started before the block's tests and stopped after them.
 */
export function useWebApp(env: Record<string, string> = {}): WebApp {
  // Built before Stint starts: the gateway reads the folder when it starts.
  beforeAll(() => buildWebApp(), 120_000);
  const deployment = useStint({ mode: "embedded", env });
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  const started = (): Browser => {
    if (!browser) throw new Error("Chromium has not started: use it in a test or a hook declared after useWebApp");
    return browser;
  };
  return {
    deployment,
    get browser() {
      return started();
    },
    open: (viewport) => openApp(started(), deployment.url, viewport),
  };
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
