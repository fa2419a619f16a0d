import type { Announce } from "../../shared/announce";
import type { ProjectForEntry } from "../projects/client";
import type { EntryStore } from "./entry-store";
import type { TagStore } from "./tag-store";
import type { TimerChain } from "./timer-chain";
import type { TimeEntry } from "./contract";

/** What the time-entries use cases ask of other services. */
export interface EntryDirectory {
  /** The project (and task) an entry would point at, seen from one organization. */
  lookup(organizationId: string, projectId: string, taskId: string | null): Promise<ProjectForEntry>;
  isMember(organizationId: string, userId: string): Promise<boolean>;
}

/** How a use case announces what changed; the service turns these into bus events. */
export interface EntryEvents {
  created: Announce<TimeEntry>;
  updated: Announce<TimeEntry>;
  deleted: Announce<TimeEntry>;
  started: Announce<TimeEntry>;
  stopped: Announce<TimeEntry>;
}

export interface EntryStores {
  entries: EntryStore;
  tags: TagStore;
  timers: TimerChain;
  directory: EntryDirectory;
}
