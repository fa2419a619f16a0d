import type { Page } from "playwright-core";
import { Stint } from "../../sdk/js/src/index";
import { describeWithChromium } from "../../test/support/servers";
import { eventually, WebhookReceiver } from "../../test/support/webhook-receiver";
import {
  DESKTOP,
  navigateTo,
  PASSWORD,
  PHONE,
  savePicture,
  seriousAccessibilityViolations,
  signInInApp,
  signUpInApp,
  uniqueEmail,
} from "./support/browser";
import { contentWidth, useWebApp } from "./support/web-app";

/** The page's serious and critical axe findings on a desktop and then on a phone, each empty. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect({ name, viewport, violations: await seriousAccessibilityViolations(page) }).toEqual({ name, viewport, violations: [] });
    // Nothing wider than the screen: tables scroll inside their own box.
    expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
  }
  await page.setViewportSize(DESKTOP);
}

describeWithChromium("web application: API keys, the developer portal and webhooks", () => {
  // The webhook receiver of these tests listens on loopback, which only a test deployment allows.
  const web = useWebApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  const { deployment } = web;

  /** Signs a new owner up in the app, and gives the test a client library signed in as them. */
  async function ownerInApp(label: string) {
    const app = await web.open();
    const email = uniqueEmail(label);
    await signUpInApp(app.page, { name: `${label} owner`, organization: `${label} org`, email, password: PASSWORD });
    const session = await new Stint({ baseUrl: deployment.url }).auth.login({ email, password: PASSWORD });
    return { ...app, email, stint: new Stint({ baseUrl: deployment.url, accessToken: session.access_token }) };
  }

  /**
   * Goes through Stint's own authorization and consent pages (they keep a sign-in of their own) in
   * another browser profile, allowing the application; its callback is answered by the test.
   */
  async function consentTo(clientId: string, redirectUri: string, email: string): Promise<void> {
    const consent = await web.browser.newContext();
    try {
      await consent.route(`${redirectUri}**`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<p>back at the application</p>" }),
      );
      const page = await consent.newPage();
      await page.goto(
        `${deployment.url}/api/auth/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "projects:read", state: "portal" }).toString()}`,
      );
      await page.fill("#email", email);
      await page.fill("#password", PASSWORD);
      await page.click("button[type=submit]");
      await page.locator("#approve").click();
      await page.waitForURL(/code=/);
    } finally {
      await consent.close();
    }
  }

  it("when an owner makes an API key in the portal, then it is shown once, works as curl would send it, shows its use, and stops once revoked", async () => {
    const { page, context, problems } = await ownerInApp("keys");
    await navigateTo(page, "API keys");
    await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
    await page.getByText("No API keys yet").waitFor();

    // Every permission is offered, with what it allows.
    for (const permission of [
      "time_entries:read",
      "time_entries:write",
      "projects:read",
      "projects:write",
      "users:read",
      "users:write",
      "reports:read",
      "screenshots:read",
      "screenshots:write",
      "webhooks:read",
      "webhooks:write",
      "events:read",
    ]) {
      expect(await page.getByRole("checkbox", { name: permission, exact: true }).isEnabled()).toBe(true);
    }
    // Nothing chosen is refused in words, and the name typed stays.
    await page.getByLabel("Key name").fill("reporting robot");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("alert").filter({ hasText: "Choose at least one permission" }).waitFor();
    expect(await page.getByLabel("Key name").inputValue()).toBe("reporting robot");

    await page.getByRole("checkbox", { name: "projects:read", exact: true }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByRole("region", { name: /Your new key/ });
    await shown.waitFor();
    expect(await shown.innerText()).toContain("will not be shown again");
    await shown.getByRole("button", { name: "Copy the API key" }).waitFor();
    const key = await shown.getByLabel("API key", { exact: true }).inputValue();
    expect(key).toMatch(/^tt_live_\w{20,}/);
    await savePicture(page, "api-keys");

    const row = page.getByRole("row").filter({ hasText: "reporting robot" });
    const rowText = await row.innerText();
    expect(rowText).toContain("tt_live_");
    expect(rowText).toContain(key.slice(-4));
    expect(rowText).not.toContain(key);
    expect(rowText).toContain("never");

    // The key, used as any script would.
    const projects = `${deployment.url}/api/v1/projects`;
    expect((await fetch(projects, { headers: { "X-API-Key": key } })).status).toBe(200);
    const write = await fetch(projects, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Not allowed" }),
    });
    expect(write.status).toBe(403);

    // After its use, the list says when (the gateway notes a use when it looks the key up).
    await eventually(
      "the key's last use on the page",
      async () => {
        await page.reload();
        await page.getByRole("row").filter({ hasText: "reporting robot" }).waitFor();
        const cells = await page.getByRole("row").filter({ hasText: "reporting robot" }).getByRole("cell").allInnerTexts();
        return cells.length > 5 && cells[5] !== "never" && /\d/.test(cells[5] ?? "");
      },
      15_000,
    );
    await expectAccessible(page, "api-keys");

    await page.getByRole("button", { name: "Revoke the key “reporting robot”" }).click();
    await page.getByRole("button", { name: "Revoke “reporting robot” now" }).click();
    await page.getByRole("status").filter({ hasText: "is revoked" }).waitFor();
    await page.getByText("No API keys yet").waitFor();
    expect((await fetch(projects, { headers: { "X-API-Key": key } })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a member opens the portal, then only a member's permissions are offered, and no webhooks", async () => {
    const owner = new Stint({ baseUrl: deployment.url });
    const email = uniqueEmail("keys-owner");
    const session = await owner.auth.register({ email, password: PASSWORD, name: "Owner", organizationName: "Members org" });
    const invitation = await new Stint({ baseUrl: deployment.url, accessToken: session.access_token }).invitations.create({
      email: uniqueEmail("member"),
      role: "member",
    });
    const member = await owner.invitations.accept({ token: invitation.token, name: "Mia Member", password: PASSWORD });

    const { page, context, problems } = await web.open();
    await signInInApp(page, member.user.email, PASSWORD);
    await navigateTo(page, "API keys");
    expect(await page.getByRole("checkbox", { name: "projects:read", exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "projects:write", exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "webhooks:read", exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).count()).toBe(0);
    await navigateTo(page, "Developer portal");
    await page.getByText("Registering applications is for the owner and admins").waitFor();
    expect(await page.getByRole("button", { name: "Register application" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when an OAuth application is registered in the portal, then its secret works, can be rotated, and the application disabled", async () => {
    const { page, context, problems, stint, email } = await ownerInApp("portal");
    await navigateTo(page, "Developer portal");
    await page.getByRole("heading", { level: 1, name: "Developer portal" }).waitFor();
    const how = await page.getByRole("region", { name: "How to use OAuth with Stint" }).innerText();
    expect(how).toContain(`${deployment.url}/api/auth/oauth/authorize`);
    expect(how).toContain(`${deployment.url}/api/auth/oauth/token`);
    expect(await page.getByRole("link", { name: "the API reference" }).getAttribute("href")).toBe("/docs");
    await page.getByText("You have not allowed any application").waitFor();
    await page.getByText("No applications registered yet.").waitFor();

    const redirect = "https://robot.example.com/callback";
    await page.getByLabel("Application name").fill("Invoice Robot");
    await page.getByLabel("Redirect URIs").fill("not an address");
    await page.getByRole("checkbox", { name: "projects:read", exact: true }).check();
    await page.getByRole("button", { name: "Register application" }).click();
    // The API's refusal in words; what was typed stays to be corrected.
    await page
      .getByRole("alert")
      .filter({ hasText: /redirect/i })
      .waitFor();
    expect(await page.getByLabel("Application name").inputValue()).toBe("Invoice Robot");
    await page.getByLabel("Redirect URIs").fill(redirect);
    await page.getByRole("button", { name: "Register application" }).click();

    const shown = page.getByRole("region", { name: /Client secret of “Invoice Robot”/ });
    await shown.waitFor();
    expect(await shown.innerText()).toContain("will not be shown again");
    const firstSecret = await shown.getByLabel("Client secret").inputValue();
    expect(firstSecret).toMatch(/^cls_/);

    const [application] = (await stint.oauth.applications.list()).data;
    expect(application).toMatchObject({
      name: "Invoice Robot",
      redirect_uris: [redirect],
      status: "active",
      client_type: "confidential",
      scopes: ["projects:read"],
    });
    const card = page.getByRole("article", { name: "Invoice Robot" });
    const cardText = await card.innerText();
    expect(cardText).toContain(application?.client_id);
    expect(cardText).toContain(redirect);
    expect(cardText).toContain("Status: active");

    // The secret on the page is the application's: the token endpoint takes it (and then refuses the made-up code).
    const tokenAnswer = async (secret: string) =>
      fetch(`${deployment.url}/api/auth/oauth/token`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${application?.client_id}:${secret}`).toString("base64")}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "authorization_code", code: "made-up", redirect_uri: redirect }).toString(),
      }).then(async (answer) => ({ status: answer.status, error: ((await answer.json()) as { error: string }).error }));
    expect(await tokenAnswer(firstSecret)).toEqual({ status: 400, error: "invalid_grant" });
    expect(await tokenAnswer(`${firstSecret}x`)).toEqual({ status: 401, error: "invalid_client" });
    await expectAccessible(page, "developer");
    await savePicture(page, "developer");

    await card.getByRole("button", { name: "Rotate secret of Invoice Robot" }).click();
    const rotated = page.getByRole("region", { name: /New client secret of “Invoice Robot”/ });
    await rotated.waitFor();
    const secondSecret = await rotated.getByLabel("Client secret").inputValue();
    expect(secondSecret).toMatch(/^cls_/);
    expect(secondSecret).not.toBe(firstSecret);
    expect(await tokenAnswer(secondSecret)).toEqual({ status: 400, error: "invalid_grant" });

    // The owner authorizes the application on Stint's consent page; the portal lists it, and revokes it.
    await consentTo(application?.client_id ?? "", redirect, email);
    await page.reload();
    const authorized = page.getByRole("region", { name: "Applications you have authorized" });
    const grant = authorized.getByRole("row").filter({ hasText: "Invoice Robot" });
    expect(await grant.innerText()).toContain("projects:read");
    await grant.getByRole("button", { name: "Revoke Invoice Robot" }).click();
    await page.getByRole("button", { name: "Revoke access of “Invoice Robot”" }).click();
    await authorized.getByText("“Invoice Robot” no longer has access to your account.").waitFor();
    await authorized.getByText("You have not allowed any application").waitFor();
    expect((await stint.oauth.authorizations.list()).data).toEqual([]);

    await card.getByRole("button", { name: "Disable Invoice Robot" }).click();
    await card.getByText("Status: disabled").waitFor();
    await card.getByRole("button", { name: "Enable Invoice Robot" }).waitFor();
    expect(await stint.oauth.applications.get(application?.id ?? "")).toMatchObject({ status: "disabled" });
    expect(await tokenAnswer(secondSecret)).toMatchObject({ status: 401, error: "invalid_client" });

    await card.getByRole("button", { name: "Delete Invoice Robot" }).click();
    await page.getByRole("button", { name: "Delete “Invoice Robot” and end its access" }).click();
    await page.getByText("No applications registered yet.").waitFor();
    expect((await stint.oauth.applications.list()).data).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("when a webhook is made in the page, then an event's delivery is logged there and can be redelivered", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { page, context, problems, stint } = await ownerInApp("hooks");
      await navigateTo(page, "Webhooks");
      await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
      await page.getByText("No webhooks yet").waitFor();

      await page.getByLabel("Payload URL").fill(receiver.url);
      await page.getByRole("checkbox", { name: "project.created", exact: true }).check();
      await page.getByRole("button", { name: "Add webhook" }).click();
      const shown = page.getByRole("region", { name: /Signing secret of the webhook/ });
      await shown.waitFor();
      expect(await shown.innerText()).toContain("will not be shown again");
      const secret = await shown.getByLabel("Signing secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      const row = page.getByRole("row").filter({ hasText: receiver.url });
      expect(await row.innerText()).toMatch(/project\.created[\s\S]*active/);
      await expectAccessible(page, "webhooks");
      await savePicture(page, "webhooks");

      await row.getByRole("link", { name: receiver.url }).click();
      await page.getByRole("heading", { level: 1, name: "Webhook" }).waitFor();
      await page.getByText("No deliveries yet").waitFor();

      // An event, caused through the client library, reaches the receiver signed with the secret the page showed.
      const project = await stint.projects.create({ name: "Hooked" });
      const [first] = await receiver.waitFor(1);
      const event = await stint.webhooks.verify(first?.body ?? "", first?.headers as Record<string, string>, secret);
      expect(event).toMatchObject({ type: "project.created", data: { id: project.id } });

      const log = page.getByRole("region", { name: "Delivery log" });
      const deliveryRows = log.getByRole("row").filter({ hasText: "project.created" });
      await eventually(
        "the delivery in the log",
        async () => {
          await log.getByRole("button", { name: "Refresh" }).click();
          await log.getByRole("button", { name: "Refresh" }).isEnabled();
          return (await deliveryRows.count()) === 1 && /succeeded[\s\S]*\b1\b[\s\S]*200/.test(await deliveryRows.first().innerText());
        },
        15_000,
      );
      await deliveryRows.first().getByText("Every attempt").click();
      expect(await deliveryRows.first().getByRole("listitem").innerText()).toMatch(/succeeded, 200, \d+ ms/);
      await expectAccessible(page, "webhook-detail");
      await savePicture(page, "webhook-detail");

      await deliveryRows
        .first()
        .getByRole("button", { name: /^Redeliver the project\.created event/ })
        .click();
      await log.getByRole("status").filter({ hasText: "queued again" }).waitFor();
      const [, again] = await receiver.waitFor(2);
      expect(again?.headers["x-webhook-id"]).toBe(first?.headers["x-webhook-id"]);
      expect(JSON.parse(again?.body ?? "{}")).toMatchObject({ type: "project.created", data: { id: project.id } });
      await eventually(
        "the redelivery in the log",
        async () => {
          await log.getByRole("button", { name: "Refresh" }).click();
          const texts = await deliveryRows.allInnerTexts();
          return texts.length === 2 && texts.every((text) => text.includes("succeeded")) && (texts[0] ?? "").includes("(redelivery)");
        },
        15_000,
      );
      expect(receiver.requests).toHaveLength(2);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await receiver.close();
    }
  }, 60_000);
  it("when a webhook is managed in the page (URL, events, secret, test events, log pages, disabling, deleting), then each change holds", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { page, context, problems, stint } = await ownerInApp("hooks2");
      const webhook = await stint.webhooks.create({ url: `${receiver.url}/old`, events: ["project.created"] });
      await navigateTo(page, "Webhooks");
      await page.getByRole("link", { name: `${receiver.url}/old` }).click();
      await page.getByRole("heading", { level: 1, name: "Webhook" }).waitFor();

      // A refused URL is said in words, and the form keeps what was typed.
      const form = page.getByRole("form", { name: "Change URL and events" });
      await form.getByLabel("Payload URL").fill("ftp://127.0.0.1/hooks");
      await form.getByRole("button", { name: "Save changes" }).click();
      await form.getByRole("alert").waitFor();
      expect(await form.getByRole("alert").innerText()).toMatch(/url/i);
      expect(await form.getByLabel("Payload URL").inputValue()).toBe("ftp://127.0.0.1/hooks");

      await form.getByLabel("Payload URL").fill(receiver.url);
      await form.getByRole("checkbox", { name: "project.updated", exact: true }).check();
      await form.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("heading", { level: 2, name: receiver.url, exact: true }).waitFor();
      expect(await stint.webhooks.get(webhook.id)).toMatchObject({
        url: receiver.url,
        events: expect.arrayContaining(["project.created", "project.updated"]) as unknown,
      });

      await page.getByRole("button", { name: "Rotate secret" }).click();
      await page.getByRole("button", { name: "Rotate now: the old secret stops at once" }).click();
      const shown = page.getByRole("region", { name: "New signing secret" });
      await shown.waitFor();
      expect(await shown.innerText()).toContain("will not be shown again");
      const secret = await shown.getByLabel("Signing secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(webhook.secret);

      // The test event is signed with the new secret, and the log shows it.
      await page.getByRole("button", { name: "Send a test event" }).click();
      const [ping] = await receiver.waitFor(1);
      expect(await stint.webhooks.verify(ping?.body ?? "", ping?.headers as Record<string, string>, secret)).toMatchObject({
        type: "ping",
      });
      const log = page.getByRole("region", { name: "Delivery log" });
      await eventually(
        "the ping in the log",
        async () => {
          await log.getByRole("button", { name: "Refresh" }).click();
          return /ping[\s\S]*succeeded/.test(
            await log
              .getByRole("row")
              .filter({ hasText: "ping" })
              .first()
              .innerText({ timeout: 1000 })
              .catch(() => ""),
          );
        },
        15_000,
      );

      // Twenty more make two pages of the log, newest first: the first ping is alone on the second.
      for (let n = 0; n < 20; n += 1) await stint.webhooks.test(webhook.id);
      await receiver.waitFor(21);
      await eventually(
        "two pages of deliveries",
        async () => {
          await log.getByRole("button", { name: "Refresh" }).click();
          return (await log.getByText("Page 1 of 2 (21 deliveries)").count()) === 1;
        },
        15_000,
      );
      expect(await log.getByRole("row").filter({ hasText: "ping" }).count()).toBe(20);
      await log.getByRole("button", { name: "Older" }).click();
      await log.getByText("Page 2 of 2 (21 deliveries)").waitFor();
      const oldest = log.getByRole("row").filter({ hasText: "ping" });
      expect(await oldest.count()).toBe(1);
      expect(await oldest.innerText()).toContain(String(ping?.headers["x-webhook-id"]));
      await log.getByRole("button", { name: "Newer" }).click();
      await log.getByText("Page 1 of 2 (21 deliveries)").waitFor();

      await page.getByRole("button", { name: "Disable", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "The webhook is disabled" }).waitFor();
      await page.getByRole("button", { name: "Enable", exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Send a test event" }).isDisabled()).toBe(true);
      expect(await stint.webhooks.get(webhook.id)).toMatchObject({ status: "disabled" });
      await page.getByRole("button", { name: "Enable", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "active again" }).waitFor();
      await page.getByRole("button", { name: "Disable", exact: true }).waitFor();
      expect(await stint.webhooks.get(webhook.id)).toMatchObject({ status: "active" });

      await page.getByRole("button", { name: "Delete webhook" }).click();
      await page.getByRole("button", { name: "Delete this webhook and its log" }).click();
      await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
      await page.getByText("No webhooks yet").waitFor();
      expect((await stint.webhooks.list()).data).toEqual([]);

      // A webhook that is not there (deleted, or never this organization's) is said in words.
      await page.goto(`/webhooks/${webhook.id}`);
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").innerText()).toMatch(/not found/i);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
