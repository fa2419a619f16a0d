/**
 * The gateway's admission (the API key's look-up and marks, the Style A limit and its
 * headers) in a plain `node:http` server, next to the same server
 * answering without it: what authentication and rate limiting cost when the framework's
 * per-request work is not around them. It serves
 *
 * - `GET /bench-open/organization` for the organization named in `X-Bench-Organization`
 *   (its index), as the app's bench-only open route does;
 * - `GET /api/v1/organization` with `X-API-Key`: `createAdmission` from the gateway with a
 *   key-value store in memory, exactly as embedded mode builds it, then the key's
 *   organization with the rate-limit headers;
 * - `GET /bench-keys`: the keys, made at start (`ORGANIZATIONS` times
 *   `KEYS_PER_ORGANIZATION`) and resolved from memory where the app asks its auth service.
 *
 * Run by the bench as its own process, like `bench/app-with-open-route.ts`; both run
 * compiled with `BENCH_COMPILED=1`.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createAdmission, type Admitted } from "../gateway/admission";
import { createAuthenticator } from "../gateway/authenticate";
import { parseTrustedProxies } from "../gateway/rate-limit/client-address";
import { accessOf } from "../gateway/routes";
import { keylessSigner } from "../shared/auth/tokens";
import { randomSecret } from "../shared/auth/secrets";
import { toErrorResponse } from "../gateway/error-response";
import type { Identity } from "../shared/identity";
import { openMemoryStore } from "../shared/kv/memory";
import { BARE_KEYS_PATH, OPEN_ROUTE_ORGANIZATION_HEADER, OPEN_ROUTE_PATH } from "./lib/open-route";

const JSON_TYPE = "application/json; charset=utf-8";

const organizations = Number(process.env.ORGANIZATIONS ?? "61");
const keysPerOrganization = Number(process.env.KEYS_PER_ORGANIZATION ?? "90");

/** Shaped as the app shows an organization, so both servers serialise bodies alike. */
const shown = Array.from({ length: organizations }, (_, at) => ({
  id: `org_${String(at).padStart(24, "0")}`,
  name: `Bench organization ${at}`,
  plan: "free",
  created_at: new Date().toISOString(),
  settings: { week_start: "monday", timezone: "UTC", screenshot_retention_days: 30 },
}));

/** Key k of every organization, then key k+1, as the bench loads the app's pool. */
const identities = new Map<string, Identity>();
for (let k = 0; k < keysPerOrganization; k += 1) {
  for (let org = 0; org < organizations; org += 1) {
    identities.set(`tt_live_${randomSecret(40)}`, {
      organizationId: String(org),
      plan: "free",
      userId: `usr_${org}`,
      role: "owner",
      permissions: ["users:read"],
      apiKeyId: `key_${org}_${k}`,
    });
  }
}
const keys = [...identities.keys()];

const kv = openMemoryStore();
const admission = createAdmission({
  kv,
  authenticator: createAuthenticator({ signer: keylessSigner(3600), kv }),
  trustedProxies: parseTrustedProxies(["127.0.0.1"]),
  accessOf,
});
const resolveApiKey = async (secret: string) => identities.get(secret) ?? null;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> | null = null): void {
  res.statusCode = status;
  if (headers) for (const name in headers) res.setHeader(name, headers[name] as string);
  res.setHeader("X-Request-ID", randomUUID());
  res.setHeader("Content-Type", JSON_TYPE);
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, thrown: unknown): void {
  const error = toErrorResponse(thrown);
  send(res, error.status, { error: { code: error.code, message: error.message } });
}

const answerAdmitted = (res: ServerResponse, admitted: Admitted) =>
  send(res, 200, { data: shown[Number(admitted.identity?.organizationId)] }, admitted.headers);

function serve(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  if (path === OPEN_ROUTE_PATH) {
    const organization = shown[Number(req.headers[OPEN_ROUTE_ORGANIZATION_HEADER])];
    send(
      res,
      organization ? 200 : 404,
      organization ? { data: organization } : { error: { code: "not_found", message: "No such organization." } },
    );
  } else if (path === "/api/v1/organization") {
    const admitted = admission.admit(req, "auth.getOrganization", "A", resolveApiKey);
    // A known key is admitted without a promise, as in the app: no closure on that path.
    if (admitted instanceof Promise)
      admitted.then(
        (known) => answerAdmitted(res, known),
        (thrown: unknown) => refuse(res, thrown),
      );
    else answerAdmitted(res, admitted);
  } else if (path === BARE_KEYS_PATH) {
    send(res, 200, { organizations: shown.length, keys });
  } else if (path === "/health/ready") {
    send(res, 200, { status: "ready", checks: {} });
  } else {
    send(res, 404, { error: { code: "not_found", message: "No such route." } });
  }
}

const server = createServer(serve);
server.listen(Number(process.env.PORT ?? "3000"), process.env.HOST ?? "127.0.0.1");

process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
