import { randomBytes } from "node:crypto";
import { ApiError } from "../../shared/errors";
import type { KeyValueStore, SetOptions } from "../../shared/kv/port";
import { toErrorResponse } from "../error-response";
import { errorBody } from "../styles";
import {
  begin,
  IN_PROGRESS_REASON,
  RETENTION_MS,
  RUNNING_CLAIM_MS,
  type IdempotencyOutcome,
  type IdempotentRequest,
  type Proceed,
} from "./idempotency";

/** Idempotency's behaviour, run against each key-value adapter. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectProceed(outcome: IdempotencyOutcome): Proceed {
  if (outcome.kind !== "proceed") throw new Error(`expected to proceed, got a ${outcome.kind}`);
  return outcome;
}

function expectReplay(outcome: IdempotencyOutcome) {
  if (outcome.kind !== "replay") throw new Error(`expected a replay, got a ${outcome.kind}`);
  return outcome.response;
}

/** The ApiError a promise rejects with, rendered as the gateway would. */
async function rejection(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(ApiError);
  return toErrorResponse(thrown);
}

/** The store, recording every `set` so that expiries can be checked on any adapter. */
function recording(kv: KeyValueStore): { kv: KeyValueStore; sets: { value: string; options: SetOptions }[] } {
  const sets: { value: string; options: SetOptions }[] = [];
  const set = (key: string, value: string, options: SetOptions): Promise<boolean> => {
    sets.push({ value, options });
    return kv.set(key, value, options);
  };
  // Everything else goes straight to the store, whatever methods the port has.
  const wrapped = new Proxy(kv, {
    get(target, property) {
      if (property === "set") return set;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { kv: wrapped, sets };
}

export function describeIdempotency(name: string, open: () => Promise<KeyValueStore>): void {
  describe(`idempotency: ${name}`, () => {
    const run = randomBytes(4).toString("hex");
    let sequence = 0;
    let kv: KeyValueStore;

    /** A request under a key no other test (or earlier run) uses. */
    const fresh = (overrides: Partial<IdempotentRequest> = {}): IdempotentRequest => ({
      scope: `key:key_${run}`,
      key: `k-${run}-${++sequence}`,
      method: "POST",
      path: "/api/v1/projects",
      body: { name: "Website", client: { name: "Acme", tags: ["a", "b"] } },
      ...overrides,
    });

    beforeAll(async () => {
      kv = await open();
    });

    afterAll(async () => {
      await kv?.close();
    });

    it("proceeds the first time, then replays the stored response with allowed headers only", async () => {
      const request = fresh();
      const first = expectProceed(await begin(kv, request));
      const body = { data: { id: "prj_0123456789abcdefghijAB", name: "Website" } };
      const stored = await first.complete({
        status: 201,
        headers: {
          location: "/api/v1/projects/prj_0123456789abcdefghijAB",
          "Content-Type": "application/json; charset=utf-8",
          "X-Request-Id": "req-1",
          "Set-Cookie": ["a=b"],
        },
        body,
      });
      expect(stored).toBe(true);

      const replay = expectReplay(await begin(kv, request));
      expect(replay).toEqual({
        status: 201,
        headers: {
          Location: "/api/v1/projects/prj_0123456789abcdefghijAB",
          "Content-Type": "application/json; charset=utf-8",
          "Idempotent-Replayed": "true",
        },
        body,
      });
      // Again and again, never doing the work.
      expect(expectReplay(await begin(kv, request))).toEqual(replay);
    });

    it("counts the same body with its keys in another order, and the method in any case, as the same request", async () => {
      const request = fresh({ body: { name: "Website", client: { name: "Acme", tags: ["a", "b"] }, billable: true } });
      const first = expectProceed(await begin(kv, request));
      await first.complete({ status: 201, body: { data: { id: "x" } } });
      const reordered = {
        ...request,
        method: "post",
        body: { billable: true, client: { tags: ["a", "b"], name: "Acme" }, name: "Website" },
      };
      expect(expectReplay(await begin(kv, reordered)).body).toEqual({ data: { id: "x" } });
    });

    it("answers 422 to the same key with a different body, completed or still running", async () => {
      const request = fresh();
      const first = expectProceed(await begin(kv, request));
      const changed = { ...request, body: { name: "Website 2" } };
      const whileRunning = await rejection(begin(kv, changed));
      expect(whileRunning).toMatchObject({ status: 422, code: "idempotency_key_reused" });

      await first.complete({ status: 201, body: { ok: 1 } });
      for (const body of [
        { name: "Website 2" },
        { ...(request.body as object), extra: null },
        { client: { name: "Acme", tags: ["b", "a"] }, name: "Website" },
        undefined,
      ]) {
        const error = await rejection(begin(kv, { ...request, body }));
        expect(error.status).toBe(422);
        expect(errorBody("A", error)).toEqual({
          error: {
            code: "idempotency_key_reused",
            message: "This Idempotency-Key was already used with a different request body",
            details: {},
          },
        });
        expect(errorBody("B", error)).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
      }
      // The stored response is untouched by the refusals.
      expect(expectReplay(await begin(kv, request)).body).toEqual({ ok: 1 });
    });

    it("lets exactly one of 20 concurrent duplicates proceed; the others get 409 until it completes", async () => {
      const request = fresh();
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => begin(kv, request)));
      const proceeding = outcomes.filter((o): o is PromiseFulfilledResult<IdempotencyOutcome> => o.status === "fulfilled");
      expect(proceeding).toHaveLength(1);
      const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => toErrorResponse(o.reason));
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ status: 409, code: "conflict", details: { reason: IN_PROGRESS_REASON } });
        expect(refusal.message).toMatch(/still being processed/);
      }
      const winner = expectProceed((proceeding[0] as PromiseFulfilledResult<IdempotencyOutcome>).value);
      await winner.complete({ status: 201, body: { won: true } });
      const after = await Promise.all(Array.from({ length: 20 }, () => begin(kv, request)));
      expect(after.map((outcome) => outcome.kind)).toEqual(Array(20).fill("replay"));
    });

    it("keeps callers, paths and methods apart under the same key", async () => {
      const request = fresh();
      const first = expectProceed(await begin(kv, request));
      // Another caller, while the first is running and after it completed: its own record.
      const other = expectProceed(await begin(kv, { ...request, scope: "user:usr_other" }));
      await first.complete({ status: 201, body: { who: "first" } });
      await other.complete({ status: 201, body: { who: "other" } });
      expect(expectReplay(await begin(kv, request)).body).toEqual({ who: "first" });
      expect(expectReplay(await begin(kv, { ...request, scope: "user:usr_other" })).body).toEqual({ who: "other" });
      expect((await begin(kv, { ...request, scope: "user:usr_third" })).kind).toBe("proceed");
      expect((await begin(kv, { ...request, path: "/api/projects" })).kind).toBe("proceed");
      expect((await begin(kv, { ...request, method: "PUT" })).kind).toBe("proceed");
    });

    it("does not store a 5xx or a 429: the key is free again at once", async () => {
      for (const status of [500, 502, 503, 429]) {
        const request = fresh();
        const first = expectProceed(await begin(kv, request));
        expect(await first.complete({ status, body: { error: { code: "x" } } })).toBe(false);
        const retry = expectProceed(await begin(kv, request));
        await retry.complete({ status: 201, body: { attempt: 2 } });
        expect(expectReplay(await begin(kv, request))).toMatchObject({ status: 201, body: { attempt: 2 } });
      }
    });

    it("stores a 4xx: the same request would fail the same way", async () => {
      for (const status of [400, 404, 409]) {
        const request = fresh();
        const first = expectProceed(await begin(kv, request));
        expect(await first.complete({ status, body: { error: { code: "c" } } })).toBe(true);
        expect(expectReplay(await begin(kv, request))).toMatchObject({ status, body: { error: { code: "c" } } });
      }
    });

    it("frees the key when the claimant abandons it, and settles only once", async () => {
      const request = fresh();
      const first = expectProceed(await begin(kv, request));
      await first.abandon();
      const second = expectProceed(await begin(kv, request));
      await second.complete({ status: 200, body: { n: 2 } });
      // Late calls on either handle change nothing.
      await second.abandon();
      expect(await second.complete({ status: 500, body: null })).toBe(false);
      await first.abandon();
      expect(await first.complete({ status: 200, body: { n: 1 } })).toBe(false);
      expect(expectReplay(await begin(kv, request)).body).toEqual({ n: 2 });
    });

    it("lets a retry take over a running claim whose claimant died, and keeps the late claimant from overwriting it", async () => {
      const options = { runningClaimMs: 300 };
      const request = fresh();
      const dead = expectProceed(await begin(kv, request, options));
      expect((await rejection(begin(kv, request, options))).status).toBe(409);
      await sleep(600);
      const takeover = expectProceed(await begin(kv, request, options));
      // The first claimant comes back: it may neither store its response nor free the key.
      expect(await dead.complete({ status: 201, body: { by: "dead" } })).toBe(false);
      expect((await rejection(begin(kv, request, options))).status).toBe(409);
      expect(await takeover.complete({ status: 201, body: { by: "takeover" } })).toBe(true);
      expect(expectReplay(await begin(kv, request, options)).body).toEqual({ by: "takeover" });
    });

    it("takes over at once a running claim whose holder left the bus, and waits for one whose holder lives", async () => {
      const alive = new Set(["gateway-a", "gateway-b"]);
      const asA = { holder: "gateway-a", isHolderAlive: (holder: string) => alive.has(holder) };
      const asB = { holder: "gateway-b", isHolderAlive: (holder: string) => alive.has(holder) };
      const request = fresh();
      const first = expectProceed(await begin(kv, request, asA));
      expect((await rejection(begin(kv, request, asB))).status).toBe(409);
      alive.delete("gateway-a");
      const takeover = expectProceed(await begin(kv, request, asB));
      // The dead holder's late answer is not stored over the takeover's claim.
      expect(await first.complete({ status: 201, body: { by: "a" } })).toBe(false);
      expect(await takeover.complete({ status: 201, body: { by: "b" } })).toBe(true);
      expect(expectReplay(await begin(kv, request, asB)).body).toEqual({ by: "b" });
    });

    it("does not let a claimant whose claim lapsed free the retry's claim", async () => {
      const options = { runningClaimMs: 300 };
      const request = fresh();
      const dead = expectProceed(await begin(kv, request, options));
      await sleep(600);
      expectProceed(await begin(kv, request, options));
      await dead.abandon();
      expect((await rejection(begin(kv, request, options))).status).toBe(409);
    });

    it("claims for a minute and keeps a response 24 hours from the first request", async () => {
      const { kv: watched, sets } = recording(kv);
      const request = fresh();
      const before = Date.now();
      const first = expectProceed(await begin(watched, request));
      expect(sets).toHaveLength(1);
      expect(sets[0]?.options).toEqual({ ttlMs: RUNNING_CLAIM_MS, onlyIfAbsent: true });
      expect(RUNNING_CLAIM_MS).toBe(60_000);
      expect(RETENTION_MS).toBe(86_400_000);
      await sleep(200);
      await first.complete({ status: 201, body: {} });
      const after = Date.now();
      expect(sets).toHaveLength(2);
      const ttlMs = sets[1]?.options.ttlMs ?? 0;
      // Counted from the claim, 200 ms before the completion, not from the completion.
      expect(ttlMs).toBeLessThanOrEqual(RETENTION_MS - 150);
      expect(ttlMs).toBeGreaterThanOrEqual(RETENTION_MS - (after - before));
      expect(sets[1]?.options.onlyIfAbsent).toBeFalsy();
    });

    it("forgets a completed response once the retention from the first request is over", async () => {
      // Stored 900 ms after the claim, kept until 1500 ms after it: gone at 1800 ms,
      // although only 900 ms have passed since it was stored.
      const options = { retentionMs: 1500, runningClaimMs: 1500 };
      const request = fresh();
      const first = expectProceed(await begin(kv, request, options));
      await sleep(900);
      await first.complete({ status: 201, body: { v: 1 } });
      expect(expectReplay(await begin(kv, request, options)).body).toEqual({ v: 1 });
      await sleep(900);
      expect((await begin(kv, request, options)).kind).toBe("proceed");
    });

    it("answers 400 to a key that is empty, too long or not printable ASCII, before touching the store", async () => {
      const { kv: watched, sets } = recording(kv);
      for (const key of ["", "x".repeat(256), "café", "line\nbreak", "tab\there", "\u0000"]) {
        const error = await rejection(begin(watched, fresh({ key })));
        expect(error).toMatchObject({ status: 400, code: "invalid_request", details: { field: "Idempotency-Key", reason: "invalid" } });
      }
      expect(sets).toHaveLength(0);
      for (const key of ["x".repeat(255), "a b~!", "0"]) {
        expect((await begin(watched, fresh({ key }))).kind).toBe("proceed");
      }
    });
  });
}
