import type { ApiKey } from "@stint/sdk";

/** A permission an API key holds, which is also an OAuth application's scope. */
export type Permission = ApiKey["permissions"][number];

interface PermissionInfo {
  /** What it lets the holder do, in a sentence. */
  allows: string;
  /** Only the owner and admins may hand it out: a member's key never exceeds a member's role. */
  managersOnly?: true;
}

/** Every permission the API knows (the type makes this list complete), in the order people read them. */
export const PERMISSIONS: Record<Permission, PermissionInfo> = {
  "time_entries:read": { allows: "Read time entries and the running timer (a member's key sees only their own)." },
  "projects:read": { allows: "Read projects and their tasks." },
  "users:read": { allows: "Read the organization's people and pending invitations." },
  "reports:read": { allows: "Run summary and detailed reports and download them as CSV or XLSX." },
  "screenshots:read": { allows: "See screenshots and their images (a member's key sees only their own)." },
  "webhooks:read": { allows: "Read webhooks and their delivery logs.", managersOnly: true },
  "events:read": { allows: "Follow live updates: changes to what the other read permissions show, as they happen." },
  "time_entries:write": { allows: "Add, change and delete time entries, start and stop timers, import entries." },
  "projects:write": { allows: "Create, change, archive and delete projects and tasks.", managersOnly: true },
  "users:write": { allows: "Invite and remove people, change roles and the organization's settings.", managersOnly: true },
  "screenshots:write": { allows: "Upload screenshots and delete them." },
  "webhooks:write": { allows: "Create, change and delete webhooks, rotate their secrets and redeliver events.", managersOnly: true },
};

const ALL = Object.keys(PERMISSIONS) as Permission[];
export const READ_PERMISSIONS = ALL.filter((permission) => permission.endsWith(":read"));
export const WRITE_PERMISSIONS = ALL.filter((permission) => permission.endsWith(":write"));

/** What a person of this role may grant: a key or an application never goes beyond its maker's role. */
export function grantable(permission: Permission, manager: boolean): boolean {
  return manager || !PERMISSIONS[permission].managersOnly;
}

/**
 * Checkboxes for every permission, grouped into reading and writing, each with what it allows;
 * those above the person's role are shown but cannot be chosen, with the reason.
 */
export function PermissionChoices({
  legend,
  chosen,
  onChange,
  manager,
}: {
  legend: string;
  chosen: readonly Permission[];
  onChange(next: Permission[]): void;
  manager: boolean;
}) {
  const toggle = (permission: Permission, on: boolean) =>
    onChange(on ? [...chosen, permission] : chosen.filter((other) => other !== permission));
  const group = (title: string, permissions: Permission[]) => (
    <fieldset className="permission-group">
      <legend>{title}</legend>
      <ul className="permission-list">
        {permissions.map((permission) => {
          const allowed = grantable(permission, manager);
          const hintId = `permission-${permission.replace(":", "-")}-hint`;
          return (
            <li key={permission}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(permission)}
                  disabled={!allowed}
                  aria-describedby={hintId}
                  onChange={(event) => toggle(permission, event.target.checked)}
                />
                <code>{permission}</code>
              </label>
              <small id={hintId} className="hint permission-hint">
                {PERMISSIONS[permission].allows}
                {allowed ? "" : " Only the owner and admins can grant this."}
              </small>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
  return (
    <fieldset className="permission-choices">
      <legend>{legend}</legend>
      <div className="permission-groups">
        {group("Read", READ_PERMISSIONS)}
        {group("Write", WRITE_PERMISSIONS)}
      </div>
    </fieldset>
  );
}
