import { verify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { newSigningSecret, signedHeaders } from "./signing";

describe("webhook signatures", () => {
  const body = JSON.stringify({
    id: "evt_0000000000000000000000",
    type: "project.created",
    created_at: "2026-11-21T09:30:00Z",
    organization_id: "org_0000000000000000000000",
    data: { name: "Ünïcode ✓" },
  });

  it("issues secrets in the Standard Webhooks form: whsec_ and 32 random bytes in base64", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it("signs X-Webhook-Signature so that @octokit/webhooks-methods verify() accepts it, and only for that body and secret", async () => {
    const secret = newSigningSecret();
    const headers = signedHeaders(secret, "evt_0000000000000000000000", "project.created", body, Math.floor(Date.now() / 1000));
    expect(headers["X-Webhook-Signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    await expect(verify(secret, body, headers["X-Webhook-Signature"])).resolves.toBe(true);
    await expect(verify(secret, `${body} `, headers["X-Webhook-Signature"])).resolves.toBe(false);
    await expect(verify(newSigningSecret(), body, headers["X-Webhook-Signature"])).resolves.toBe(false);
  });

  it("signs webhook-signature so that the standardwebhooks library accepts it, and refuses a changed body or id", () => {
    const secret = newSigningSecret();
    const headers = signedHeaders(secret, "evt_0000000000000000000001", "project.created", body, Math.floor(Date.now() / 1000));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("Ünïcode", "Unicode"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "evt_other" })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it("carries the event id, type and attempt time in both header sets", () => {
    const headers = signedHeaders(newSigningSecret(), "evt_0000000000000000000002", "user.joined", body, 1_790_000_000);
    expect(headers).toMatchObject({
      "X-Webhook-Event": "user.joined",
      "X-Webhook-Id": "evt_0000000000000000000002",
      "X-Webhook-Timestamp": "1790000000",
      "webhook-id": "evt_0000000000000000000002",
      "webhook-timestamp": "1790000000",
    });
  });
});
