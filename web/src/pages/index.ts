import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type PageModule = { default: ComponentType };

/** A page behind the sign-in: where it lives, what the navigation calls it, who sees it there. */
export interface PageRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Fetches the page's code (once; later calls share the first). */
  load(): Promise<PageModule>;
  /** Shown in the navigation under this label; pages reached from others have none. */
  label?: string;
  group?: "Track" | "Manage" | "Settings";
  /** Hidden from members in the navigation (the API refuses them anyway). */
  managersOnly?: boolean;
}

function page(load: () => Promise<PageModule>): Pick<PageRoute, "component" | "load"> {
  return { component: lazy(load), load };
}

const timesheet = page(() => import("./timesheet"));

/**
 * Every page, each loaded when first visited, so the first page a person opens carries only
 * its own code (the reports page's chart library is the largest part).
 */
export const PAGES: readonly PageRoute[] = [
  { path: "/timesheet", label: "Timesheet", group: "Track", ...timesheet },
  // The address a visit starts at: the timesheet too, as the signed-in home.
  { path: "/", ...timesheet },
  { path: "/reports", label: "Reports", group: "Track", ...page(() => import("./reports")) },
  { path: "/screenshots", label: "Screenshots", group: "Track", ...page(() => import("./screenshots")) },
  { path: "/imports", label: "Imports", group: "Track", ...page(() => import("./imports")) },
  { path: "/projects", label: "Projects", group: "Manage", ...page(() => import("./projects")) },
  { path: "/projects/:id", ...page(() => import("./project-detail")) },
  { path: "/team", label: "Team", group: "Manage", ...page(() => import("./team")) },
  { path: "/webhooks", label: "Webhooks", group: "Manage", managersOnly: true, ...page(() => import("./webhooks")) },
  { path: "/webhooks/:id", ...page(() => import("./webhook-detail")) },
  { path: "/settings/organization", label: "Organization", group: "Settings", ...page(() => import("./organization-settings")) },
  { path: "/settings/profile", label: "Profile", group: "Settings", ...page(() => import("./profile")) },
  { path: "/settings/api-keys", label: "API keys", group: "Settings", ...page(() => import("./api-keys")) },
  { path: "/settings/outbox", label: "Outbox", group: "Settings", managersOnly: true, ...page(() => import("./outbox")) },
  { path: "/developer", label: "Developer portal", group: "Settings", ...page(() => import("./developer")) },
];

/** Whether `pathname` is the page's address (`:name` stands for one segment). */
function isAddressOf(route: PageRoute, pathname: string): boolean {
  const pattern = route.path.replace(/:[a-z]+/g, "[^/]+");
  return new RegExp(`^${pattern}/?$`).test(pathname);
}

/**
 * Starts fetching the code of the page at `pathname` at once, while the sign-in is still
 * being resumed, instead of after it: the first page of a visit appears one round trip sooner.
 */
export function preloadPageAt(pathname: string): void {
  void PAGES.find((route) => isAddressOf(route, pathname))
    ?.load()
    .catch(() => undefined);
}
