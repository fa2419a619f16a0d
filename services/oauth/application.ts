import type { Permission } from "../../shared/identity";
import type { CollectionSpec, StoredDocument } from "../../shared/storage/port";
import type { Application, ApplicationStatus, ClientType } from "./contract";

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
