import type { Permission } from "../../shared/identity";
import type { ApplicationDocument } from "./application";

/**
 * The application every Stint has of its own: the `stint` command of the Python package
 * (docs/cli.md), a public client that signs people in through the device flow. No
 * organization owns it, so no developer portal lists, changes or deletes it, and nobody
 * has to register anything before `stint login` works; a person revokes it like any
 * application they authorized. Its `client_id` is fixed, since it is built into the command
 * (docs/api.md#the-stint-command).
 */
export const COMMAND_LINE_CLIENT_ID = "cli_StintCommandLine000001";

/** What the command and its capture agent use, and nothing more. */
const COMMAND_LINE_SCOPES: Permission[] = [
  "time_entries:read",
  "time_entries:write",
  "projects:read",
  "users:read",
  "screenshots:read",
  "screenshots:write",
];

const COMMAND_LINE: ApplicationDocument = Object.freeze({
  _id: "app_StintCommandLine000001",
  organization_id: "",
  client_id: COMMAND_LINE_CLIENT_ID,
  client_type: "public",
  name: "Stint command line (stint)",
  redirect_uris: [],
  homepage_url: null,
  scopes: COMMAND_LINE_SCOPES,
  status: "active",
  secret_hash: null,
  previous_secret_hash: null,
  previous_secret_expires_at: null,
  created_by: "",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});

const BUILT_IN = new Map<string, ApplicationDocument>([[COMMAND_LINE.client_id, COMMAND_LINE]]);

/** The built-in application with this client id, or undefined. */
export const builtInApplication = (clientId: string): ApplicationDocument | undefined => BUILT_IN.get(clientId);
