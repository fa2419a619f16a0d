import type { Caller } from "../../shared/client";
import { authClient, MAX_USERS_PER_CALL, type UserName } from "../auth/client";
import { MAX_NAMES_PER_CALL, projectsClient } from "../projects/client";

/** Names of what a report shows, by id; an id missing from a map names nothing any more. */
export interface Names {
  users: Map<string, UserName>;
  projects: Map<string, string>;
  tasks: Map<string, string>;
  /** A project's client, `null` for none; a project missing here names nothing any more. */
  clients: Map<string, string | null>;
}

export interface NamesWanted {
  users?: Iterable<string>;
  projects?: Iterable<string>;
  tasks?: Iterable<string>;
}

function inTurns(ids: Iterable<string> | undefined, size: number): string[][] {
  const all = [...new Set(ids ?? [])];
  const turns: string[][] = [];
  for (let start = 0; start < all.length; start += size) turns.push(all.slice(start, start + size));
  return turns;
}

/** Asks the projects and auth services, in the caller's organization only, for the names a report needs. */
export async function namesOf(caller: Caller, organizationId: string, wanted: NamesWanted): Promise<Names> {
  const names: Names = { users: new Map(), projects: new Map(), tasks: new Map(), clients: new Map() };
  const projects = projectsClient.over(caller);
  const accounts = authClient.over(caller);
  const projectTurns = inTurns(wanted.projects, MAX_NAMES_PER_CALL);
  const taskTurns = inTurns(wanted.tasks, MAX_NAMES_PER_CALL);
  const turns = Math.max(projectTurns.length, taskTurns.length);
  await Promise.all([
    ...Array.from({ length: turns }, async (_, turn) => {
      const found = await projects.namesOf({ organizationId, projectIds: projectTurns[turn] ?? [], taskIds: taskTurns[turn] ?? [] });
      for (const [id, name] of Object.entries(found.projects)) names.projects.set(id, name);
      for (const [id, name] of Object.entries(found.tasks)) names.tasks.set(id, name);
      for (const [id, client] of Object.entries(found.clients)) names.clients.set(id, client);
    }),
    ...inTurns(wanted.users, MAX_USERS_PER_CALL).map(async (userIds) => {
      const found = await accounts.namesOf({ organizationId, userIds });
      for (const [id, user] of Object.entries(found)) names.users.set(id, user);
    }),
  ]);
  return names;
}
