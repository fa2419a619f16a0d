/**
 * Accounts a target needs before it is loaded, made over the public API the way clients
 * make them: organizations by sign-up, then API keys with each owner's access token.
 */

export interface SeededOrganization {
  id: string;
  /** The organization as `GET /api/v1/organization` shows it. */
  shown: Record<string, unknown>;
  /** Whole API keys (`tt_live_...`), each allowed `users:read`. */
  keys: string[];
}

export interface SeedPlan {
  organizations: number;
  keysPerOrganization: number;
  /** How long the first sign-up may keep failing while the gateway finds its services. */
  timeoutMs: number;
}

/** Requests in flight at once while seeding. */
const PARALLEL = 8;

/**
 * Sign-ups are limited per client address (60 a minute); targets trust loopback as a proxy,
 * so each organization signs up from its own address of the benchmarking range (RFC 2544).
 */
const benchmarkingAddress = (index: number) => `198.18.${Math.floor(index / 256) % 256}.${index % 256}`;

async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/** Runs `work` for 0..count-1, at most PARALLEL at a time, keeping the order of results. */
async function inParallel<T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
  return results;
}

interface Registered {
  organization: Record<string, unknown> & { id: string };
  access_token: string;
}

async function register(baseUrl: string, index: number): Promise<Registered> {
  const unique = `${process.pid}-${index}-${Date.now().toString(36)}`;
  const answer = await post(
    baseUrl,
    "/api/v1/auth/register",
    {
      email: `bench-${unique}@example.test`,
      password: "bench passphrase 0123",
      name: `Bench ${index}`,
      organization_name: `Bench organization ${index}`,
    },
    { "x-forwarded-for": benchmarkingAddress(index) },
  );
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body as Registered;
}

/** The first sign-up, repeated while the gateway answers 5xx (it may not have found the auth service yet). */
async function registerFirst(baseUrl: string, timeoutMs: number): Promise<Registered> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await register(baseUrl, 0);
    } catch (error) {
      const retryable = error instanceof Error && (/answered 5\d\d/.test(error.message) || error.name === "TypeError");
      if (!retryable || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function createKey(baseUrl: string, token: string, index: number): Promise<string> {
  const answer = await post(
    baseUrl,
    "/api/v1/api-keys",
    { name: `bench ${index}`, permissions: ["users:read"] },
    { authorization: `Bearer ${token}` },
  );
  if (answer.status !== 201) throw new Error(`creating an API key answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return (answer.body as { data: { key: string } }).data.key;
}

/**
 * Signs up `plan.organizations` organizations and makes `plan.keysPerOrganization` keys in
 * each. An owner's token is limited like any credential (100 Style A requests a minute), so
 * keep `keysPerOrganization` under that.
 */
export async function seedOrganizations(baseUrl: string, plan: SeedPlan): Promise<SeededOrganization[]> {
  const first = await registerFirst(baseUrl, plan.timeoutMs);
  const rest = await inParallel(plan.organizations - 1, (index) => register(baseUrl, index + 1));
  const registered = [first, ...rest];
  return inParallel(registered.length, async (index) => {
    const owner = registered[index] as Registered;
    const keys: string[] = [];
    for (let k = 0; k < plan.keysPerOrganization; k += 1) keys.push(await createKey(baseUrl, owner.access_token, k));
    return { id: owner.organization.id, shown: owner.organization, keys };
  });
}

/**
 * Sends `path` once with each set of headers, a few at a time, and fails unless each
 * answers 200: every credential then has been looked up once, as it would have been long
 * before on a gateway that has served it for a while.
 */
export async function requestEachOnce(baseUrl: string, path: string, headerSets: ReadonlyArray<Record<string, string>>): Promise<void> {
  await inParallel(headerSets.length, async (index) => {
    const response = await fetch(new URL(path, baseUrl), { headers: headerSets[index], signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status} while priming: ${text.slice(0, 300)}`);
  });
}
