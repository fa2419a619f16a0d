/* global window */
// The Stint deployment this page signs in to, and the client id of the public application
// registered for it, whose redirect URI is this page's own address. The deployment's
// CORS_ORIGINS must name this page's origin.
window.STINT_EXAMPLE = {
  stintUrl: "http://127.0.0.1:3000",
  clientId: "cli_...",
  scope: "projects:read",
};
