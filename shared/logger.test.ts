import { Writable } from "node:stream";
import { ServiceBroker } from "moleculer";
import { pino } from "pino";
import { brokerOptions } from "./broker";
import { loadConfig } from "./config";
import { pinoOptions } from "./logger";
import { runInRequestScope } from "./request-scope";

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("logger", () => {
  it("never writes secrets, at the top level or nested", () => {
    const out = capture();
    const logger = pino(pinoOptions(loadConfig({ LOG_FORMAT: "json" }), out.stream), out.stream);
    logger.info(
      {
        password: "hunter2",
        body: { token: "tok_1", refresh_token: "r1", secret: "whsec_x", name: "ok" },
        headers: { authorization: "Bearer abc", "x-api-key": "tt_live_k" },
      },
      "login",
    );
    const text = JSON.stringify(out.lines());
    for (const secret of ["hunter2", "tok_1", "r1", "whsec_x", "Bearer abc", "tt_live_k"]) expect(text).not.toContain(secret);
    expect(text).toContain('"name":"ok"');
  });

  it("stamps the request id on every line written inside a request's scope", () => {
    const out = capture();
    const logger = pino(pinoOptions(loadConfig({ LOG_FORMAT: "json" }), out.stream), out.stream);
    logger.info("outside");
    runInRequestScope("req-42", () => {
      logger.info("inside");
      logger.child({ svc: "projects" }).warn("nested");
    });
    const [outside, inside, nested] = out.lines();
    expect(outside?.requestId).toBeUndefined();
    expect(inside?.requestId).toBe("req-42");
    expect(nested?.requestId).toBe("req-42");
  });

  it("makes the levels it does not write do nothing in every moleculer logger, without reaching the appenders", () => {
    const out = capture();
    const config = loadConfig({ LOG_FORMAT: "json", LOG_LEVEL: "info" });
    const entries: string[] = [];
    const options = brokerOptions(config, out.stream);
    // Moleculer hands every entry of a logger made after the middlewares to this hook, before any appender.
    const broker = new ServiceBroker({
      ...options,
      middlewares: [...(options.middlewares ?? []), { name: "SeesEntries", newLogEntry: (type: string) => entries.push(type) }],
    });
    entries.length = 0;
    const later = broker.getLogger("later-module");
    later.debug("not written", { made: "for nothing" });
    later.trace("not written either");
    later.info("written");
    expect(entries).toEqual(["info"]);
    expect(out.lines().filter((line) => line.msg === "written" || String(line.msg).startsWith("not written"))).toHaveLength(1);
    // The broker's own logger, made before the middlewares, is quieted the same way.
    expect(broker.logger.debug).toBe(later.debug);
    expect(broker.logger.info).not.toBe(later.info);
  });
});
