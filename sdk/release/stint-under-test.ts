import { randomInt, randomUUID } from "node:crypto";
import { PERMISSIONS } from "../../shared/identity";
import { startEmbedded, type TestStint } from "../../test/support/stint";
import { signWebhook, Stint } from "../js/src/index";
import type { Serving } from "./programs";

/** Who an example runs as: an organization of its own, with one project, and an API key with every permission. */
export interface ExampleAccount {
  apiKey: string;
  /** The organization's owner, signed in: what the check itself looks through. */
  owner: Stint;
}

const PASSWORD = "release check passphrase";
const DELIVERY_TIMEOUT_MS = 60_000;

/** Polls `check` until it holds. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
  await response.arrayBuffer();
  return response.status;
}

/** A Stint in embedded mode on loopback, which lets webhooks deliver to loopback receivers. */
export class StintUnderTest {
  private constructor(private readonly deployment: TestStint) {}

  static async start(): Promise<StintUnderTest> {
    return new StintUnderTest(await startEmbedded({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" }));
  }

  get url(): string {
    return this.deployment.url;
  }

  /** A fresh organization for one example, so examples never meet each other's data. */
  async account(): Promise<ExampleAccount> {
    // Each sign-up names a client address of its own: the per-address limit of sign-ups counts them apart.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const anonymous = new Stint({ baseUrl: this.url, defaultHeaders: { "X-Forwarded-For": address } });
    const session = await anonymous.auth.register({
      email: `release-${randomUUID()}@example.test`,
      password: PASSWORD,
      name: "Release check",
      organizationName: `Release check ${randomUUID().slice(0, 8)}`,
    });
    const owner = new Stint({ baseUrl: this.url, accessToken: session.access_token });
    await owner.projects.create({ name: "Website relaunch" });
    const key = await owner.apiKeys.create({ name: "examples", permissions: [...PERMISSIONS] });
    return { apiKey: key.key, owner };
  }

  /** A subscription for a receiver example to check deliveries of, pointing nowhere until the receiver is up. */
  async subscription(account: ExampleAccount): Promise<{ id: string; secret: string }> {
    const hook = await account.owner.webhooks.create({ url: "http://127.0.0.1:9/not-yet", events: ["user.removed"] });
    return { id: hook.id, secret: hook.secret };
  }

  /**
   * Sends a running receiver example a real delivery from Stint, which it must accept, then a
   * delivery signed ten minutes ago, one with only the legacy signature and one with a changed
   * body, each of which it must refuse with a 400.
   */
  async exerciseReceiver(account: ExampleAccount, hook: { id: string; secret: string }, receiver: Serving, what: string): Promise<void> {
    const { owner } = account;
    await owner.webhooks.update(hook.id, { url: receiver.url, events: ["project.created"] });
    const project = await owner.projects.create({ name: "Delivered" });
    await eventually(`${what}: Stint's delivery of ${project.id} accepted and printed`, async () => {
      const deliveries = await owner.webhooks.deliveries.list(hook.id);
      return deliveries.data.some((delivery) => delivery.status === "succeeded") && receiver.output().includes(project.id);
    });

    const organization = await owner.organization.get();
    const body = JSON.stringify({
      id: "evt_release_check",
      type: "project.created",
      created_at: new Date().toISOString(),
      organization_id: organization.id,
      data: { id: "prj_release_check" },
    });
    const fresh = await signWebhook(body, hook.secret);
    const stale = await signWebhook(body, hook.secret, { timestamp: new Date(Date.now() - 10 * 60_000) });
    const legacyOnly = {
      "X-Webhook-Signature": fresh["X-Webhook-Signature"] ?? "",
      "X-Webhook-Timestamp": fresh["X-Webhook-Timestamp"] ?? "",
    };
    const answers = {
      fresh: await post(receiver.url, body, fresh),
      "ten minutes old": await post(receiver.url, body, stale),
      "legacy signature only": await post(receiver.url, body, legacyOnly),
      "changed body": await post(receiver.url, body.replace("prj_release_check", "prj_tampered"), fresh),
    };
    const expected = { fresh: "2xx", "ten minutes old": 400, "legacy signature only": 400, "changed body": 400 };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, status]) => [name, status >= 200 && status < 300 ? "2xx" : status]),
    );
    if (JSON.stringify(seen) !== JSON.stringify(expected))
      throw new Error(`${what}: the receiver answered ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
  }

  async stop(): Promise<void> {
    await this.deployment.stop();
  }
}
