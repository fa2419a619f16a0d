import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** A page behind the sign-in: where it lives, what the navigation calls it, who sees it there. */
export interface PageRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Shown in the navigation under this label; pages reached from others have none. */
  label?: string;
  group?: "Track" | "Manage" | "Settings";
  /** Hidden from members in the navigation (the API refuses them anyway). */
  managersOnly?: boolean;
}

/**
 * Every page, each loaded when first visited, so the first page a person opens carries only
 * its own code (the reports page's chart library is the largest part).
 */
export const PAGES: readonly PageRoute[] = [
  { path: "/", label: "Timesheet", group: "Track", component: lazy(() => import("./timesheet")) },
  { path: "/reports", label: "Reports", group: "Track", component: lazy(() => import("./reports")) },
  { path: "/screenshots", label: "Screenshots", group: "Track", component: lazy(() => import("./screenshots")) },
  { path: "/imports", label: "Imports", group: "Track", component: lazy(() => import("./imports")) },
  { path: "/projects", label: "Projects", group: "Manage", component: lazy(() => import("./projects")) },
  { path: "/projects/:id", component: lazy(() => import("./project-detail")) },
  { path: "/team", label: "Team", group: "Manage", component: lazy(() => import("./team")) },
  { path: "/webhooks", label: "Webhooks", group: "Manage", managersOnly: true, component: lazy(() => import("./webhooks")) },
  { path: "/webhooks/:id", component: lazy(() => import("./webhook-detail")) },
  { path: "/settings/organization", label: "Organization", group: "Settings", component: lazy(() => import("./organization-settings")) },
  { path: "/settings/api-keys", label: "API keys", group: "Settings", component: lazy(() => import("./api-keys")) },
  { path: "/developer", label: "Developer portal", group: "Settings", component: lazy(() => import("./developer")) },
];
