import { withApiKey } from "./support/accounts";
import { PASSWORD } from "./support/builders";
import { client, registerOwner, request, type Account, type ApiResponse } from "./support/http";
import { A, B, type StyleAError, type StyleBError } from "./support/shapes";
import { manualClock } from "./support/manual-clock";
import { describeStint, useStint, type StintMode } from "./support/stint";

/**
 * Failed sign-ins and refused credentials over HTTP (docs/api.md has them under that name):
 * wrong passwords held back per account, per account and address, and per address; refused
 * keys and tokens counted apart; a valid credential never held back by anyone else's
 * failures.
 * The deployment counts at a clock the suite moves on itself, so no test waits for a window
 * to end, nor meets one ending by chance.
 */

const MINUTE_MS = 60_000;

/**
 * Every wrong password costs a deliberately slow hash (about 50 ms of a core), and these
 * tests check up to a hundred of them: room for that work on a busy machine.
 */
const HASHING_MS = 120_000;
const HUNDRED_HASHES_MS = 300_000;

const WRONG = "not the password at all";
/** Everyone's right password: the one the builders register them with. */
const RIGHT = PASSWORD;

/**
 * The suite in `mode`; distributed, over two gateways sharing Redis, and sign-ins take turns
 * among them.
 */
export function describeThrottling(mode: StintMode): void {
  const gateways = mode === "distributed" ? 2 : 1;
  const title = gateways > 1 ? "failed sign-ins and refused credentials over two gateways" : "failed sign-ins and refused credentials";
  describeStint(mode, title, () => {
    const clock = manualClock();
    const stint = useStint({ mode, gateways, clock: clock.now, label: "throttling" });
    let url: string;
    let urls: readonly string[];
    let turn = 0;
    let addressSequence = 0;
    /** An address no other test uses. */
    const newAddress = () => `192.0.2.${++addressSequence}`;

    beforeAll(() => {
      url = stint.url;
      urls = stint.urls;
    });

    beforeEach(() => clock.nextQuarterHour());

    const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": address, ...headers } });
    const signIn = (address: string, email: string, password: string, base = B) =>
      request<Account & StyleBError & StyleAError>(urls[turn++ % urls.length] as string, "POST", `${base}/auth/login`, {
        body: { email, password },
        ...from(address),
      });

    /** A colleague: an account of its own with a signed-in session and an API key. */
    async function colleague() {
      const { account, api } = await registerOwner(url, "Colleague");
      const { key } = await withApiKey(url, api, { name: "office", permissions: ["projects:read"] });
      return { account, key };
    }

    const retryAfter = (res: ApiResponse) => Number(res.headers.get("retry-after"));

    it(
      "when one address sends a dozen wrong passwords for one account, then everyone else there still signs in, refreshes and calls with keys and tokens",
      async () => {
        const office = newAddress();
        const { account: typist } = await registerOwner(url, "Typist");
        const other = await colleague();
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) statuses.push((await signIn(office, typist.user.email, `${WRONG} ${i}`)).status);
        expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);

        expect((await signIn(office, other.account.user.email, RIGHT)).status).toBe(200);
        const refreshed = await request<{ access_token: string }>(url, "POST", `${B}/auth/refresh`, {
          body: { refresh_token: other.account.refresh_token },
          ...from(office),
        });
        expect(refreshed.status).toBe(200);
        for (const base of [A, B]) {
          expect((await client(url, { "x-api-key": other.key }).get(`${base}/projects`, from(office))).status).toBe(200);
          const bearer = { authorization: `Bearer ${other.account.access_token}` };
          expect((await client(url, bearer).get(`${base}/projects`, from(office))).status).toBe(200);
        }
      },
      HASHING_MS,
    );

    it(
      "when an account has had ten wrong passwords from an address, then its right password is a 429 there until the window ends, in both styles, and works elsewhere",
      async () => {
        const office = newAddress();
        const { account } = await registerOwner(url, "Locked");
        for (let i = 0; i < 10; i++) expect((await signIn(office, account.user.email, `${WRONG} ${i}`)).status).toBe(401);
        clock.advance(MINUTE_MS);

        const a = await signIn(office, account.user.email, RIGHT, A);
        expect(a.status).toBe(429);
        expect(a.body.error).toEqual({
          code: "rate_limited",
          message: "Too many failed sign-ins for this account; try again in 14 minutes",
          details: { retry_after: retryAfter(a) },
        });
        // Half a minute into the quarter hour, then one minute on: 13.5 minutes left.
        expect(retryAfter(a)).toBe(810);
        expect(Object.keys(Object.fromEntries(a.headers)).filter((name) => name.startsWith("x-ratelimit-"))).toEqual([]);
        const b = await signIn(office, account.user.email, RIGHT, B);
        expect(b.status).toBe(429);
        expect(b.body).toMatchObject({
          code: "RATE_LIMIT_EXCEEDED",
          error: "Too many failed sign-ins for this account; try again in 14 minutes",
        });
        expect(retryAfter(b)).toBe(810);

        expect((await signIn(newAddress(), account.user.email, RIGHT)).status).toBe(200);
        clock.advance(retryAfter(b) * 1000 - 1);
        expect((await signIn(office, account.user.email, RIGHT)).status).toBe(429);
        clock.advance(1);
        expect((await signIn(office, account.user.email, RIGHT)).status).toBe(200);
      },
      HASHING_MS,
    );

    it(
      "when wrong passwords for one account come from three addresses, then the account is held back from every address until the window ends",
      async () => {
        const { account } = await registerOwner(url, "Targeted");
        for (const address of [newAddress(), newAddress(), newAddress()]) {
          const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(address, account.user.email, `${WRONG} ${i}`)));
          expect(answers.map((res) => res.status)).toEqual(Array<number>(10).fill(401));
        }
        const elsewhere = await signIn(newAddress(), account.user.email, RIGHT);
        expect(elsewhere.status).toBe(429);
        expect(elsewhere.body.error).toBe("Too many failed sign-ins for this account; try again in 15 minutes");
        clock.nextQuarterHour();
        expect((await signIn(newAddress(), account.user.email, RIGHT)).status).toBe(200);
      },
      HASHING_MS,
    );

    it(
      "when one address sprays wrong passwords over many accounts, then it stops at 100, while its keys and tokens still work",
      async () => {
        const sprayer = newAddress();
        const real = await colleague();
        for (let batch = 0; batch < 10; batch++) {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, i) => signIn(sprayer, `nobody-${batch}-${i}@example.test`, WRONG)),
          );
          expect(answers.map((res) => res.status)).toEqual(Array<number>(10).fill(401));
          // Within the quarter hour, but apart from the per-address limit of 60 requests a minute.
          clock.advance(MINUTE_MS);
        }
        const next = await signIn(sprayer, "somebody-else@example.test", WRONG);
        expect(next.status).toBe(429);
        expect(next.body.error).toBe("Too many failed sign-ins from this address; try again in 5 minutes");
        expect((await signIn(sprayer, real.account.user.email, RIGHT)).status).toBe(429);
        expect((await client(url, { "x-api-key": real.key }).get(`${A}/projects`, from(sprayer))).status).toBe(200);
        expect((await signIn(newAddress(), real.account.user.email, RIGHT)).status).toBe(200);
        clock.nextQuarterHour();
        expect((await signIn(sprayer, real.account.user.email, RIGHT)).status).toBe(200);
      },
      HUNDRED_HASHES_MS,
    );

    it(
      "when twenty wrong passwords for one account arrive at once, then no more than ten are checked",
      async () => {
        const address = newAddress();
        const { account } = await registerOwner(url, "Burst");
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(address, account.user.email, `${WRONG} ${i}`)));
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)]);
      },
      HASHING_MS,
    );

    it(
      "when an address signs in with the right password again and again, then it is never held back",
      async () => {
        const address = newAddress();
        const { account } = await registerOwner(url, "Scripted");
        for (let i = 0; i < 12; i++) expect((await signIn(address, account.user.email, RIGHT)).status).toBe(200);
      },
      HASHING_MS,
    );

    it(
      "when an address sends 30 unknown keys in a minute, then further refused keys and tokens get 429 while valid ones and passwords still work",
      async () => {
        const scanner = newAddress();
        const real = await colleague();
        const guess = (i: number) =>
          client(url, { "x-api-key": `tt_live_${String(i).padStart(40, "0")}` }).get<StyleAError>(`${A}/projects`, from(scanner));
        for (let i = 0; i < 30; i++) expect((await guess(i)).status).toBe(401);
        const held = await guess(30);
        expect(held.status).toBe(429);
        expect(held.body.error.message).toBe(
          "Too many requests with a key or token that is not valid came from this address; try again in 30 seconds",
        );
        expect(retryAfter(held)).toBe(30);
        const forged = await client(url, { authorization: "Bearer not.a.token" }).get<StyleBError>(`${B}/projects`, from(scanner));
        expect(forged.status).toBe(429);
        expect(forged.body.code).toBe("RATE_LIMIT_EXCEEDED");
        const unknownRefresh = await request(url, "POST", `${A}/auth/refresh`, { body: { refresh_token: "rt_guessed" }, ...from(scanner) });
        expect(unknownRefresh.status).toBe(429);

        expect((await client(url, { "x-api-key": real.key }).get(`${A}/projects`, from(scanner))).status).toBe(200);
        const bearer = { authorization: `Bearer ${real.account.access_token}` };
        expect((await client(url, bearer).get(`${B}/projects`, from(scanner))).status).toBe(200);
        const refreshed = await request(url, "POST", `${A}/auth/refresh`, {
          body: { refresh_token: real.account.refresh_token },
          ...from(scanner),
        });
        expect(refreshed.status).toBe(200);
        expect((await signIn(scanner, real.account.user.email, RIGHT)).status).toBe(200);

        clock.advance(MINUTE_MS);
        expect((await guess(31)).status).toBe(401);
      },
      HASHING_MS,
    );
  });
}
