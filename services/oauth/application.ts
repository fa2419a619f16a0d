import { z } from "zod";
import { PERMISSIONS, type Permission } from "../../shared/identity";
import { assertSameShape, idSchema, type SameShape } from "../../shared/schemas";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";

export type ClientType = "confidential" | "public";
export type ApplicationStatus = "active" | "disabled";

/** The start of every client secret (docs/api.md#applications-the-developer-portal). */
export const CLIENT_SECRET_PREFIX = "cls_";
/** How long a rotated-out secret keeps working, so clients can switch without downtime. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** An OAuth application as stored: secrets only as SHA-256 hashes. */
export interface ApplicationDocument extends StoredDocument {
  organization_id: string;
  client_id: string;
  client_type: ClientType;
  name: string;
  redirect_uris: string[];
  homepage_url: string | null;
  scopes: Permission[];
  status: ApplicationStatus;
  /** Null for public clients, which have no secret. */
  secret_hash: string | null;
  /** The secret before the last rotation, valid until `previous_secret_expires_at` (epoch ms). */
  previous_secret_hash: string | null;
  previous_secret_expires_at: number | null;
  created_by: string;
  /** ISO 8601 timestamp; shown as its date. */
  created_at: string;
  updated_at: string;
}

export const APPLICATIONS: CollectionSpec = {
  name: "oauth_applications",
  indexes: [{ fields: { client_id: 1 }, unique: true }, { fields: { organization_id: 1, created_at: 1 } }],
};

/** An application as the developer portal shows it: never a secret. */
export interface Application {
  id: string;
  name: string;
  status: ApplicationStatus;
  /** `YYYY-MM-DD`. */
  created_at: string;
  client_id: string;
  client_type: ClientType;
  redirect_uris: string[];
  homepage_url: string | null;
  scopes: Permission[];
}

/** As creation and rotation answer it: the one time the secret is shown. */
export type ApplicationWithSecret = Application & { client_secret: string | null };

const applicationFields = {
  id: idSchema("oauthApplication"),
  name: z.string(),
  status: z.enum(["active", "disabled"]).describe("A disabled application cannot authorize anyone, and its tokens stop at once"),
  created_at: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/)
    .meta({ format: "date", examples: ["2026-11-21"] }),
  client_id: idSchema("oauthClient").describe("The application's public identifier in OAuth requests"),
  client_type: z
    .enum(["confidential", "public"])
    .describe(
      "`confidential` applications keep a secret on a server; `public` ones (browser, mobile, command line) cannot, and must use PKCE",
    ),
  redirect_uris: z.array(z.string()).describe("Where the authorization endpoint may send the user back; matched exactly"),
  homepage_url: z.string().nullable(),
  scopes: z.array(z.enum(PERMISSIONS)).describe("The most the application may ask for; each user grants at most their role's permissions"),
};

export const applicationSchema = z
  .object(applicationFields)
  .meta({ id: "OAuthApplication", description: "An OAuth application of the organization: never its secret" });
assertSameShape<SameShape<z.output<typeof applicationSchema>, Application>>();

export const applicationWithSecretSchema = z
  .object({
    ...applicationFields,
    client_secret: z
      .string()
      .nullable()
      .describe("Shown only in this answer: store it now. `null` for public applications, which have none")
      .meta({ examples: ["cls_..."] }),
  })
  .meta({ id: "OAuthApplicationWithSecret" });
assertSameShape<SameShape<z.output<typeof applicationWithSecretSchema>, ApplicationWithSecret>>();

export function presentApplication(doc: ApplicationDocument): Application {
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    created_at: doc.created_at.slice(0, 10),
    client_id: doc.client_id,
    client_type: doc.client_type,
    redirect_uris: doc.redirect_uris,
    homepage_url: doc.homepage_url,
    scopes: doc.scopes,
  };
}
