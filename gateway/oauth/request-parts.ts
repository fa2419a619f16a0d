import type { IncomingMessage } from "node:http";

/**
 * Reading the parts of an OAuth request: form bodies (RFC 6749 §3.2 takes
 * `application/x-www-form-urlencoded`; JSON is accepted too), query strings, HTTP Basic
 * client credentials and the page session's cookie.
 */

/** Forms are small; anything larger is refused before it is read in full. */
const MAX_FORM_BYTES = 64 * 1024;

export class BadForm extends Error {}

/** Fields, each once; the names of fields that came more than once are in `repeated` (RFC 6749 §3.1 refuses them). */
export interface Fields {
  values: Record<string, string>;
  repeated: string[];
}

function fieldsOf(pairs: Iterable<[string, string]>): Fields {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const repeated = new Set<string>();
  for (const [name, value] of pairs) {
    if (name in values) repeated.add(name);
    values[name] = value;
  }
  return { values: { ...values }, repeated: [...repeated] };
}

export function queryFields(req: IncomingMessage): Fields {
  const url = req.url ?? "";
  const at = url.indexOf("?");
  return fieldsOf(new URLSearchParams(at < 0 ? "" : url.slice(at + 1)));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new BadForm("The body is too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A form-encoded or JSON body of string fields. */
export async function formFields(req: IncomingMessage): Promise<Fields> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  const text = await readBody(req);
  if (type === "application/x-www-form-urlencoded") return fieldsOf(new URLSearchParams(text));
  if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BadForm("The body is not valid JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new BadForm("The body must be an object");
    // RFC 6749 §3.1: parameters the server does not know are ignored; in JSON those may be of any type.
    const strings = Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    return fieldsOf(strings);
  }
  throw new BadForm("Send the body as application/x-www-form-urlencoded");
}

/** RFC 6749 §2.3.1: `Authorization: Basic base64(urlencode(id):urlencode(secret))`. Null when absent; BadForm when malformed. */
export function basicCredentials(req: IncomingMessage): { clientId: string; clientSecret: string } | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) throw new BadForm("Authorization must be HTTP Basic with the client's credentials");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new BadForm("HTTP Basic credentials need a colon");
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    throw new BadForm("HTTP Basic credentials are not form-encoded properly");
  }
}

export const SESSION_COOKIE = "stint_oauth_session";

export function sessionCookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}
