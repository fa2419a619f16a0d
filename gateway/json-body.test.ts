import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { jsonBodies } from "./json-body";

/** A request as the HTTP server hands it over: headers, and the body still to be read. */
function request(method: string, headers: Record<string, string>, body?: string): IncomingMessage & { body?: unknown } {
  const req = Readable.from(body === undefined ? [] : [Buffer.from(body)]) as unknown as IncomingMessage & { body?: unknown };
  return Object.assign(req, { method, url: "/projects", headers });
}

/** Runs the middleware and says what it passed on: an error, or nothing. */
function run(req: IncomingMessage): Promise<unknown> {
  const middleware = jsonBodies((method, path) => path === "/projects" && method !== "GET");
  return new Promise((resolve) => middleware(req, {} as ServerResponse, resolve));
}

describe("the API's JSON bodies", () => {
  it("passes a request without a body on untouched", async () => {
    const req = request("GET", {});
    await expect(run(req)).resolves.toBeUndefined();
    expect("body" in req).toBe(false);
  });

  it("parses a JSON object", async () => {
    const req = request("POST", { "content-type": "application/json", "content-length": "12" }, '{"name":"a"}');
    await expect(run(req)).resolves.toBeUndefined();
    expect(req.body).toEqual({ name: "a" });
  });

  it("reads an empty body declared with a length of 0 as an empty object, as body-parser does", async () => {
    const req = request("POST", { "content-type": "application/json", "content-length": "0" }, "");
    await expect(run(req)).resolves.toBeUndefined();
    expect(req.body).toEqual({});
  });

  it("refuses a body in another media type with a 415, before reading it", async () => {
    const req = request("POST", { "content-type": "text/plain", "content-length": "5" }, "hello");
    await expect(run(req)).resolves.toMatchObject({ code: 415 });
    expect(req.readableEnded).toBe(false);
  });

  it("hands on body-parser's own refusal of JSON that does not parse", async () => {
    const req = request("POST", { "content-type": "application/json", "content-length": "9" }, '{"name":}');
    await expect(run(req)).resolves.toMatchObject({ status: 400, type: "entity.parse.failed" });
  });
});
