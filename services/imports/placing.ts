import type { RowError } from "./contract";
import { isManager } from "../../shared/access";
import type { Caller } from "../../shared/client";
import type { Identity } from "../../shared/identity";
import { authClient } from "../auth/client";
import { projectsClient, type ProjectsByName } from "../projects/client";
import type { ParsedRow, RowReading } from "./rows";

/*
 * Where each read row goes: whose time it is, and which project and task it is on. The
 * people, projects and tasks a file names are asked about once each, batch by batch. An
 * import makes missing projects and tasks as it goes (when its caller may); a preview only
 * says which it would make.
 */

type Project = ProjectsByName[string];
type Task = Project["tasks"][string];

/** A row with its place: the owner, and the project and task (`null` when the import would make it). */
export interface PlacedRow {
  row: number;
  parsed: ParsedRow;
  userId: string;
  project: Project | null;
  /** `null`: no task, or one the import would make (`taskToMake`). */
  task: Task | null;
  taskToMake: boolean;
}

/** The columns row errors name, as the file writes them. */
export interface PlacingFields {
  project: string;
  task: string;
}

export const nameKey = (name: string) => name.toLocaleLowerCase("en-US");
export const personKey = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");

export class Placer {
  private readonly emails = new Map<string, string | null>();
  private readonly names = new Map<string, string | null>();
  private readonly projects = new Map<string, Project | null>();
  /** A member may not make projects by hand, nor by import; an API key needs projects:write too. */
  readonly mayMake: boolean;

  /** `makes`: make what is missing now (an import), or only say it would (a preview). */
  constructor(
    private readonly caller: Caller,
    private readonly who: Identity,
    private readonly fields: PlacingFields,
    private readonly makes: boolean,
  ) {
    this.mayMake = isManager(who) && who.permissions.includes("projects:write");
  }

  /** Places the readable rows of a batch; the others, and those that cannot be placed, are refused. */
  async place(batch: readonly { row: number; reading: RowReading }[]): Promise<{ placed: PlacedRow[]; refused: RowError[] }> {
    const refused: RowError[] = [];
    const readable: { row: number; parsed: ParsedRow }[] = [];
    for (const { row, reading } of batch) {
      if ("field" in reading) refused.push({ row, field: reading.field, reason: reading.reason });
      else readable.push({ row, parsed: reading.row });
    }
    const rows = readable.map((item) => item.parsed);
    await Promise.all([this.learnPeople(rows), this.learnProjects(rows)]);
    const placed: PlacedRow[] = [];
    for (const { row, parsed } of readable) {
      const owner = this.ownerOf(parsed);
      if (typeof owner !== "string") {
        refused.push({ row, field: parsed.person?.column ?? "file", reason: owner.reason });
        continue;
      }
      const project = this.projects.get(nameKey(parsed.project));
      if (project === null || (project === undefined && !this.mayMake)) {
        refused.push({
          row,
          field: this.fields.project,
          reason: this.mayMake
            ? "could not be found or made"
            : "is not a project of this organization (only an admin's import makes projects)",
        });
        continue;
      }
      const task = parsed.task === null || !project ? undefined : project.tasks[nameKey(parsed.task)];
      const taskToMake = parsed.task !== null && task === undefined;
      if (taskToMake && (!this.mayMake || this.makes)) {
        refused.push({
          row,
          field: this.fields.task,
          reason: this.mayMake ? "could not be found or made" : "is not a task of this project (only an admin's import makes tasks)",
        });
        continue;
      }
      placed.push({ row, parsed, userId: owner, project: project ?? null, task: task ?? null, taskToMake });
    }
    // Errors in the file's order, whichever check found them.
    refused.sort((a, b) => a.row - b.row);
    return { placed, refused };
  }

  private async learnPeople(rows: readonly ParsedRow[]): Promise<void> {
    const emails = new Set<string>();
    const names = new Set<string>();
    for (const { person } of rows) {
      if (!person) continue;
      if ("email" in person) {
        if (!this.emails.has(person.email)) emails.add(person.email);
      } else if (!this.names.has(personKey(person.name))) names.add(personKey(person.name));
    }
    if (emails.size === 0 && names.size === 0) return;
    const found = await authClient
      .over(this.caller)
      .resolveUsers({ organizationId: this.who.organizationId, emails: [...emails], names: [...names] });
    for (const email of emails) this.emails.set(email, found.emails[email] ?? null);
    for (const name of names) this.names.set(name, found.names[name] ?? null);
  }

  private async learnProjects(rows: readonly ParsedRow[]): Promise<void> {
    const wanted = new Map<string, { name: string; tasks: Map<string, string> }>();
    for (const row of rows) {
      const key = nameKey(row.project);
      const known = this.projects.get(key);
      const taskMissing = row.task !== null && known && !(nameKey(row.task) in known.tasks);
      if (known === null || (known && !taskMissing)) continue;
      const entry = wanted.get(key) ?? { name: row.project, tasks: new Map<string, string>() };
      if (row.task !== null) entry.tasks.set(nameKey(row.task), row.task);
      wanted.set(key, entry);
    }
    if (wanted.size === 0) return;
    const found = await projectsClient.over(this.caller).ensureByNames({
      organizationId: this.who.organizationId,
      create: this.makes && this.mayMake,
      projects: [...wanted.values()].map((project) => ({ name: project.name, tasks: [...project.tasks.values()] })),
    });
    for (const key of wanted.keys()) {
      const answer = found[key];
      const before = this.projects.get(key);
      // A project a preview would make stays unknown (undefined), so that each batch asks again.
      if (answer) this.projects.set(key, { ...answer, tasks: { ...before?.tasks, ...answer.tasks } });
      else if (this.makes || !this.mayMake) this.projects.set(key, null);
    }
  }

  /** Who a row's time belongs to, or why it cannot be imported by this caller. */
  private ownerOf(row: ParsedRow): string | { reason: string } {
    let userId: string | null;
    if (row.person === null) userId = this.who.userId;
    else if ("email" in row.person) userId = this.emails.get(row.person.email) ?? null;
    else {
      const key = personKey(row.person.name);
      userId = this.names.get(key) ?? null;
      if (userId === null && this.names.has(key)) return { reason: "names no single person of this organization" };
    }
    if (userId === null) return { reason: "is not a user of this organization" };
    if (userId !== this.who.userId && !isManager(this.who)) return { reason: "names another person: a member imports only their own time" };
    return userId;
  }
}
