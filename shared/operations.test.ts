import { ServiceBroker } from "moleculer";
import { z } from "zod";
import { AccessMiddleware, EVERY_ROLE } from "./access";
import type { RequestMeta } from "./context";
import type { Identity } from "./identity";
import { defineOperations, routedActions, withStatus } from "./operations";
import { noInput } from "./inputs";

const WHO: Identity = { organizationId: "org_1", plan: "free", userId: "usr_1", role: "member", permissions: ["time_entries:write"] };

/** An operation that accepts work (202) and, asked for a preview, answers it at once (200). */
const table = defineOperations("answers", {
  start: {
    method: "POST",
    path: "/answers",
    summary: "Start",
    tag: "Test",
    resource: "Answer",
    input: noInput,
    access: { roles: EVERY_ROLE },
    success: {
      status: 202,
      description: "Started",
      body: z.object({ data: z.string() }),
      otherwise: [{ status: 200, description: "A preview", body: z.object({ data: z.number() }) }],
    },
  },
});

describe("operations that answer otherwise", () => {
  const broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
  let answer: "usual" | "preview" | "undeclared" = "usual";

  beforeAll(async () => {
    broker.createService({
      name: table.service,
      actions: routedActions(table, {
        start: async () => {
          if (answer === "preview") return withStatus(200, { data: 42 });
          // A status the table does not declare: a mistake in the handler, never sent as such.
          if (answer === "undeclared") return withStatus(201, { data: "made" }) as never;
          return { data: "started" };
        },
      }),
    });
    await broker.start();
  });

  afterAll(() => broker.stop());

  async function call(): Promise<{ body: unknown; status: number | undefined }> {
    const meta: RequestMeta = { identity: WHO };
    const body = await broker.call(`${table.service}.start`, { params: {}, query: {}, body: undefined }, { meta });
    return { body, status: meta.$statusCode };
  }

  it("when the handler answers as usual, then the usual status is sent", async () => {
    answer = "usual";
    expect(await call()).toEqual({ body: { data: "started" }, status: 202 });
  });

  it("when the handler answers with a declared other status, then that status and body are sent", async () => {
    answer = "preview";
    expect(await call()).toEqual({ body: { data: 42 }, status: 200 });
  });

  it("when the handler answers with a status its operation does not declare, then the call fails", async () => {
    answer = "undeclared";
    await expect(call()).rejects.toThrow("POST /answers answered 201, which it does not declare");
  });
});
