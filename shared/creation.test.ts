import { createdBeforeWithSecret, createdId, creationKeyOf, derivedId, insertOnce, isRepeatable } from "./creation";
import { ApiError } from "./errors";
import { parseId } from "./ids";
import { DuplicateKeyError } from "./storage/port";

const request = { organizationId: "org_1", scope: "key:key_1", idempotencyKey: "k-1", fingerprint: "f".repeat(64) };

describe("creation keys and derived ids", () => {
  it("derives the same id from the same request, and another from any other part", () => {
    const key = creationKeyOf(request);
    expect(creationKeyOf({ ...request })).toBe(key);
    for (const change of [
      { organizationId: "org_2" },
      { scope: "user:usr_1" },
      { idempotencyKey: "k-2" },
      { fingerprint: "e".repeat(64) },
    ]) {
      expect(creationKeyOf({ ...request, ...change })).not.toBe(key);
    }
    expect(derivedId("timeEntry", key)).toBe(derivedId("timeEntry", key));
    expect(derivedId("timeEntry", key)).not.toBe(derivedId("timeEntry", creationKeyOf({ ...request, idempotencyKey: "k-2" })));
  });

  it("gives ids of the documented shape, a different one for each kind", () => {
    const key = creationKeyOf(request);
    const entry = derivedId("timeEntry", key);
    const project = derivedId("project", key);
    expect(parseId("timeEntry", entry)).toBe(entry);
    expect(parseId("project", project)).toBe(project);
    expect(entry.slice(3)).not.toBe(project.slice(4));
  });

  it("draws a random id when the request carries no creation key", () => {
    expect(isRepeatable({})).toBe(false);
    expect(isRepeatable(undefined)).toBe(false);
    expect(createdId("project", {})).not.toBe(createdId("project", {}));
    const key = creationKeyOf(request);
    expect(isRepeatable({ creationKey: key })).toBe(true);
    expect(createdId("project", { creationKey: key })).toBe(derivedId("project", key));
  });
});

describe("insertOnce", () => {
  const stored = new Map<string, { _id: string; n: number }>();
  const insert = async (doc: { _id: string; n: number }) => {
    if (stored.has(doc._id)) throw new DuplicateKeyError("things");
    stored.set(doc._id, doc);
  };
  const find = async (id: string) => stored.get(id) ?? null;

  it("inserts the first time and answers the stored document, not created, the second", async () => {
    expect(await insertOnce({ _id: "a", n: 1 }, insert, find)).toEqual({ created: true, doc: { _id: "a", n: 1 } });
    expect(await insertOnce({ _id: "a", n: 2 }, insert, find)).toEqual({ created: false, doc: { _id: "a", n: 1 } });
  });

  it("sees through a store wrapper that turned the duplicate into a 409 (a name in use)", async () => {
    const named = async (doc: { _id: string; n: number }) => {
      if (stored.has(doc._id)) throw ApiError.conflict("A project with this name already exists");
      stored.set(doc._id, doc);
    };
    expect(await insertOnce({ _id: "named", n: 1 }, named, find)).toMatchObject({ created: true });
    expect(await insertOnce({ _id: "named", n: 2 }, named, find)).toEqual({ created: false, doc: { _id: "named", n: 1 } });
    // A different id under a taken name stays the 409.
    const taken = async () => Promise.reject(ApiError.conflict("A project with this name already exists"));
    await expect(insertOnce({ _id: "other", n: 1 }, taken, find)).rejects.toMatchObject({ code: 409 });
  });

  it("throws a duplicate that is not the same id (a unique name), and any other error", async () => {
    const taken = async () => {
      throw new DuplicateKeyError("things");
    };
    await expect(insertOnce({ _id: "b", n: 1 }, taken, find)).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(insertOnce({ _id: "c", n: 1 }, async () => Promise.reject(new Error("disk full")), find)).rejects.toThrow("disk full");
  });

  it("explains a repeated create whose secret was shown once, naming the resource", () => {
    const error = createdBeforeWithSecret("This API key", "key_123");
    expect(error.code).toBe(409);
    expect(error.data).toEqual({ id: "key_123" });
  });
});
