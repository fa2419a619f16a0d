import { isManager } from "../../shared/access";
import type { EventType } from "../../shared/events";
import type { Identity, Permission } from "../../shared/identity";
import type { EventView, Reach } from "../../shared/live/plan";

/**
 * Which events a caller's stream shows: what the lists show them (docs/api.md#roles-and-tenancy).
 * Each type needs the read permission of its resource; entries and screenshots reach a
 * member's own only, invitations only managers. Every event type must be listed here: a new
 * one does not type-check until someone decides who sees it.
 */
interface Rule {
  permission: Permission;
  /** How far a manager's view reaches, and a member's (`null`: not at all). */
  manager: Reach;
  member: Reach | null;
}

const OWN_THINGS = (permission: Permission): Rule => ({ permission, manager: "all", member: "own" });
const SHARED = (permission: Permission): Rule => ({ permission, manager: "all", member: "all" });

const RULES: Readonly<Record<EventType, Rule>> = {
  "time_entry.created": OWN_THINGS("time_entries:read"),
  "time_entry.updated": OWN_THINGS("time_entries:read"),
  "time_entry.deleted": OWN_THINGS("time_entries:read"),
  "time_entry.started": OWN_THINGS("time_entries:read"),
  "time_entry.stopped": OWN_THINGS("time_entries:read"),
  "screenshot.captured": OWN_THINGS("screenshots:read"),
  "screenshot.deleted": OWN_THINGS("screenshots:read"),
  "project.created": SHARED("projects:read"),
  "project.updated": SHARED("projects:read"),
  "project.deleted": SHARED("projects:read"),
  // A budget's use is shown to managers only (docs/api.md, "Budgets").
  "project.budget_reached": { permission: "projects:read", manager: "all", member: null },
  // Pending invitations are listed to managers only.
  "user.invited": { permission: "users:read", manager: "all", member: null },
  "user.joined": SHARED("users:read"),
  "user.removed": SHARED("users:read"),
};

export function viewOf(who: Identity): EventView {
  const manager = isManager(who);
  const types: EventView["types"] = {};
  for (const [type, rule] of Object.entries(RULES) as [EventType, Rule][]) {
    if (!who.permissions.includes(rule.permission)) continue;
    const reach = manager ? rule.manager : rule.member;
    if (reach) types[type] = reach;
  }
  return { organizationId: who.organizationId, userId: who.userId, types };
}
