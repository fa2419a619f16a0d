import { randomBytes } from "node:crypto";

/** Prefixes of every resource id (docs/api.md#identifiers). Projects are `prj_` in Style A. */
export const ID_PREFIX = {
  timeEntry: "te",
  user: "usr",
  project: "prj",
  task: "task",
  organization: "org",
  webhook: "wh",
  event: "evt",
  webhookDelivery: "whd",
  screenshot: "scr",
  apiKey: "key",
  oauthApplication: "app",
  /** An OAuth application's public client id (`client_id`), apart from its resource id. */
  oauthClient: "cli",
  invitation: "inv",
  importJob: "imp",
  /** A recorded change of an hourly rate. */
  rate: "rate",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** Style B's name for the project prefix; both are accepted everywhere. */
export const STYLE_B_PROJECT_PREFIX = "proj";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 22;
const RANDOM_PART = new RegExp(`^[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

function randomPart(): string {
  // 22 base62 characters, about 131 bits. Rejection sampling keeps them uniform.
  let out = "";
  while (out.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && out.length < RANDOM_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${randomPart()}`;
}

/**
 * Reads an id of the given kind and returns it in its stored (Style A) form, or
 * `null` when the prefix or the random part is wrong. Projects accept `prj_` and `proj_`.
 */
export function parseId(kind: IdKind, value: string): string | null {
  const underscore = value.indexOf("_");
  if (underscore < 0) return null;
  const prefix = value.slice(0, underscore);
  const random = value.slice(underscore + 1);
  const accepted = prefix === ID_PREFIX[kind] || (kind === "project" && prefix === STYLE_B_PROJECT_PREFIX);
  if (!accepted || !RANDOM_PART.test(random)) return null;
  return `${ID_PREFIX[kind]}_${random}`;
}

/** The ids `parseId` accepts for a kind, as a JSON Schema pattern: projects take either prefix. */
export function acceptedIdPattern(kind: IdKind): string {
  const prefixes = kind === "project" ? `(${ID_PREFIX.project}|${STYLE_B_PROJECT_PREFIX})` : ID_PREFIX[kind];
  return `^${prefixes}_[0-9A-Za-z]{${RANDOM_LENGTH}}$`;
}

/** Style B shows a project id with `proj_`; every other id is the same in both styles. */
export function toStyleBProjectId(id: string): string {
  return id.startsWith(`${ID_PREFIX.project}_`) ? `${STYLE_B_PROJECT_PREFIX}_${id.slice(ID_PREFIX.project.length + 1)}` : id;
}

export function isProjectId(value: string): boolean {
  return parseId("project", value) !== null;
}
