/**
 * The live-events bench's readers, in a process of their own: `STREAMS` Server-Sent Events
 * streams of `TARGET` (`STREAM_PATH`), opened with the credentials of `CREDENTIALS` in turn,
 * each recording when every bench write's event (`live-bench <n>` in its data) arrived. A
 * control server on `CONTROL_PORT` says how many are open and hands out the delays.
 *
 * Control: `GET /status` → `{ open, refused, ended, received }`; `POST /delays` with
 * `{ sentAt: { "<n>": ms, ... } }` → the delay of every (stream, write) pair, as percentiles,
 * with what is missing and what came twice.
 */
import { createServer, request, type IncomingMessage } from "node:http";
import { nearestRankOfSorted } from "../lib/percentile";

const target = process.env.TARGET ?? "";
const path = process.env.STREAM_PATH ?? "/api/v1/events/stream";
const streams = Number(process.env.STREAMS ?? "1000");
const credentials = (process.env.CREDENTIALS ?? "").split(",").filter(Boolean);
const controlPort = Number(process.env.CONTROL_PORT ?? "0");
const MARKER = "live-bench ";

const now = () => performance.timeOrigin + performance.now();

/** Arrival times by write number, one map per stream. */
const arrivals: Map<number, number>[] = [];
let open = 0;
let refused = 0;
let ended = 0;
let duplicates = 0;
let received = 0;

const MARKER_BYTES = Buffer.from(MARKER);
const QUOTE = 0x22;

/**
 * Finds each write's number in the bytes as they come, without decoding them: a thousand
 * streams of a hundred events a second are a hundred thousand chunks a second to read. A
 * marker cut between two chunks is read once the rest arrives.
 */
function read(stream: number, response: IncomingMessage): void {
  const seen = new Map<number, number>();
  arrivals[stream] = seen;
  let carried: Buffer | undefined;
  response.on("data", (chunk: Buffer) => {
    const at = now();
    const bytes = carried ? Buffer.concat([carried, chunk]) : chunk;
    carried = undefined;
    for (let from = bytes.indexOf(MARKER_BYTES); from >= 0; from = bytes.indexOf(MARKER_BYTES, from + 1)) {
      const digits = from + MARKER_BYTES.length;
      const end = bytes.indexOf(QUOTE, digits);
      if (end < 0) {
        carried = bytes.subarray(from);
        break;
      }
      const n = Number(bytes.toString("latin1", digits, end));
      if (seen.has(n)) duplicates += 1;
      else {
        seen.set(n, at);
        received += 1;
      }
    }
    // A marker's first bytes at the very end of the chunk.
    if (!carried) {
      const tail = bytes.subarray(Math.max(0, bytes.length - MARKER_BYTES.length));
      const partial = tail.lastIndexOf(MARKER_BYTES[0] as number);
      if (partial >= 0 && MARKER_BYTES.subarray(0, tail.length - partial).equals(tail.subarray(partial))) carried = tail.subarray(partial);
    }
  });
  response.on("close", () => {
    open -= 1;
    ended += 1;
  });
}

function openStream(stream: number): Promise<void> {
  return new Promise((resolve) => {
    const credential = credentials[stream % credentials.length] ?? "";
    const req = request(`${target}${path}`, { headers: { accept: "text/event-stream", "x-api-key": credential } }, (response) => {
      if (response.statusCode !== 200) {
        refused += 1;
        response.resume();
        resolve();
        return;
      }
      open += 1;
      read(stream, response);
      resolve();
    });
    req.on("error", () => {
      refused += 1;
      resolve();
    });
    req.end();
  });
}

function delays(sentAt: Record<string, number>): object {
  const writes = Object.entries(sentAt).map(([n, at]) => [Number(n), at] as const);
  const values = new Float64Array(writes.length * arrivals.length);
  let count = 0;
  let missing = 0;
  for (const seen of arrivals) {
    for (const [n, at] of writes) {
      const arrived = seen?.get(n);
      if (arrived === undefined) missing += 1;
      else values[count++] = arrived - at;
    }
  }
  const sorted = values.subarray(0, count).sort();
  return {
    pairs: count,
    missing,
    duplicates,
    p50: nearestRankOfSorted(sorted, 50),
    p99: nearestRankOfSorted(sorted, 99),
    max: nearestRankOfSorted(sorted, 100),
  };
}

async function main(): Promise<void> {
  const control = createServer((req, res) => {
    const reply = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.method === "GET" && req.url === "/status") return reply({ open, refused, ended, received });
    if (req.method === "POST" && req.url === "/delays") {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => reply(delays((JSON.parse(body) as { sentAt: Record<string, number> }).sentAt)));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));
  // Opened in batches, as clients arrive, not as one burst of a thousand connections.
  for (let first = 0; first < streams; first += 50)
    await Promise.all(Array.from({ length: Math.min(50, streams - first) }, (_, at) => openStream(first + at)));
}

void main();
