import type { IncomingMessage } from "node:http";
import { markPlanChanged } from "../shared/auth/plan-changes";
import { tokenSigner } from "../shared/auth/tokens";
import { newId } from "../shared/ids";
import type { Identity } from "../shared/identity";
import { openMemoryStore } from "../shared/kv/memory";
import type { KeyValueStore } from "../shared/kv/port";
import { createAuthenticator } from "./authenticate";

const signer = tokenSigner("a signing secret that is long enough for tests 0123", 900);
const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe("the plan a request is limited by", () => {
  let kv: KeyValueStore;
  const organizationId = newId("organization");
  const userId = newId("user");

  beforeEach(() => {
    kv = openMemoryStore();
  });

  afterEach(async () => {
    await kv.close();
  });

  it("is the token's own until the operator changes it, then the new one at once", async () => {
    const authenticator = createAuthenticator({ signer, kv });
    const token = signer.sign({ userId, organizationId, plan: "free", role: "owner" });
    const req = requestWith({ authorization: `Bearer ${token}` });
    const noKeys = async () => null;
    expect((await authenticator.authenticate(req, noKeys)).plan).toBe("free");
    await markPlanChanged(kv, organizationId, "enterprise", 900);
    expect((await authenticator.authenticate(req, noKeys)).plan).toBe("enterprise");
    await markPlanChanged(kv, newId("organization"), "pro", 900);
    expect((await authenticator.authenticate(req, noKeys)).plan).toBe("enterprise");
  });

  it("overrides a key's cached lookup without asking the auth service again", async () => {
    const authenticator = createAuthenticator({ signer, kv });
    const identity: Identity = { organizationId, plan: "free", userId, role: "owner", permissions: ["projects:read"], apiKeyId: newId("apiKey") };
    const resolve = jest.fn(async () => identity);
    const req = requestWith({ "x-api-key": `tt_live_${"k".repeat(40)}` });
    expect((await authenticator.authenticate(req, resolve)).plan).toBe("free");
    await markPlanChanged(kv, organizationId, "standard", 900);
    const after = await authenticator.authenticate(req, resolve);
    expect(after).toEqual({ ...identity, plan: "standard" });
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});
