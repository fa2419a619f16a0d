import { Errors } from "moleculer";
import { ApiError } from "../../shared/errors";
import { toErrorResponse } from "../error-response";
import { errorBody } from "../styles";
import { canonicalJson, fingerprintOf } from "./fingerprint";
import { idempotencyKeyFrom } from "./idempotency";

describe("canonical request bodies", () => {
  it("sorts object keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([2, 1])).toBe("[2,1]");
  });

  it("writes values as JSON does", () => {
    expect(canonicalJson({ s: 'q"\n\u2028', n: 1.5, t: true, f: false, z: null, u: undefined })).toBe(
      '{"f":false,"n":1.5,"s":"q\\"\\n\u2028","t":true,"z":null}',
    );
    expect(canonicalJson([undefined, null])).toBe("[null,null]");
    expect(canonicalJson({})).toBe("{}");
    expect(canonicalJson(undefined)).toBe("");
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });

  it("fingerprints method, path and body, with nothing able to stand in for another part", () => {
    const base = fingerprintOf("POST", "/api/v1/projects", { name: "a" });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf("post", "/api/v1/projects", { name: "a" })).toBe(base);
    expect(fingerprintOf("POST", "/api/v1/projects", JSON.parse('{ "name" : "a" }'))).toBe(base);
    expect(fingerprintOf("POST", "/api/projects", { name: "a" })).not.toBe(base);
    expect(fingerprintOf("POST", "/api/v1/projects", { name: "b" })).not.toBe(base);
    expect(fingerprintOf("POST", "/api/v1/projects", { name: "a", x: 1 })).not.toBe(base);
    expect(fingerprintOf("POST", "/api/v1/projects", undefined)).not.toBe(fingerprintOf("POST", "/api/v1/projects", {}));
    expect(fingerprintOf("POST", "/a\n{}", undefined)).not.toBe(fingerprintOf("POST", "/a", {}));
  });
});

describe("the Idempotency-Key header", () => {
  const invalid = (header: string | string[]) => {
    try {
      idempotencyKeyFrom(header);
    } catch (error) {
      return toErrorResponse(error);
    }
    throw new Error(`${JSON.stringify(header)} was accepted`);
  };

  it("is optional", () => {
    expect(idempotencyKeyFrom(undefined)).toBeUndefined();
  });

  it("takes 1-255 printable ASCII characters", () => {
    expect(idempotencyKeyFrom("a")).toBe("a");
    expect(idempotencyKeyFrom("8e0f1c2a-4b7d-4c1e-9a3f-0d5b6c7e8f90")).toBe("8e0f1c2a-4b7d-4c1e-9a3f-0d5b6c7e8f90");
    expect(idempotencyKeyFrom(" ~!{}")).toBe(" ~!{}");
    expect(idempotencyKeyFrom("k".repeat(255))).toBe("k".repeat(255));
    expect(idempotencyKeyFrom(["once"])).toBe("once");
  });

  it("is a 400 naming the header otherwise", () => {
    for (const header of ["", "k".repeat(256), "naïve", "a\tb", "a\u007fb", ["a", "b"], []]) {
      const error = invalid(header);
      expect(error).toMatchObject({ status: 400, code: "invalid_request", details: { field: "Idempotency-Key", reason: "invalid" } });
      expect(errorBody("B", error)).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "Idempotency-Key" } });
    }
  });
});

describe("the 422 for a reused key", () => {
  it("reaches callers in both styles, also after crossing the bus", () => {
    const error = toErrorResponse(new ApiError("idempotency_key_reused", "reused"));
    expect(error).toEqual({ status: 422, code: "idempotency_key_reused", message: "reused", details: {} });
    expect(errorBody("A", error)).toEqual({ error: { code: "idempotency_key_reused", message: "reused", details: {} } });
    expect(errorBody("B", error)).toEqual({ error: "reused", code: "IDEMPOTENCY_KEY_REUSED", details: {} });
    const plain = new Errors.MoleculerError("reused", 422, "idempotency_key_reused", {});
    expect(toErrorResponse(plain)).toEqual(error);
  });
});
