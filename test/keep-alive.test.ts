import { connect, type Socket } from "node:net";
import { useStint } from "./support/stint";

/**
 * Idle keep-alive connections (docs/operations.md#connections): the gateway keeps one open
 * for 65 s, longer than a load balancer's usual 60 s, so that a request sent on a connection
 * that has been idle a while is answered, not reset.
 */

const stint = useStint({ mode: "embedded" });

/** Sends one GET on `socket` and resolves with the head of its answer, or rejects if the connection ends first. */
function getOn(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      done();
      resolve(received.slice(0, headEnd));
    };
    const onGone = () => {
      done();
      reject(new Error("the connection ended before an answer"));
    };
    const done = () => {
      socket.off("data", onData);
      socket.off("close", onGone);
      socket.off("end", onGone);
    };
    socket.on("data", onData);
    socket.once("close", onGone);
    socket.once("end", onGone);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: stint.test\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/** Runs `work` on one connection to the gateway, closed after it. */
async function onOneConnection(work: (socket: Socket) => Promise<void>): Promise<void> {
  const url = new URL(stint.url);
  const socket = connect(Number(url.port), url.hostname);
  try {
    await work(socket);
  } finally {
    socket.destroy();
  }
}

it("when a connection is kept alive, then the answer says it stays open 65 seconds", () =>
  onOneConnection(async (socket) => {
    const head = await getOn(socket, "/health/live");
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/\r\nkeep-alive: timeout=65\r\n/i);
  }));

it(
  "when a connection has been idle longer than Node's default 5 seconds, then a request on it is still answered",
  () =>
    onOneConnection(async (socket) => {
      expect(await getOn(socket, "/health/live")).toMatch(/^HTTP\/1\.1 200/);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await getOn(socket, "/health/live")).toMatch(/^HTTP\/1\.1 200/);
    }),
  30_000,
);
