import { EVERY_ROLE, MANAGERS } from "../../shared/access";
import type { ActionAccess } from "../../shared/actions";

/** Every role reads projects and their tasks; owners and admins change them (decisions §4). */
export const READ_PROJECTS: ActionAccess = { permission: "projects:read", roles: EVERY_ROLE };
export const WRITE_PROJECTS: ActionAccess = { permission: "projects:write", roles: MANAGERS };
