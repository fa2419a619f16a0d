/**
 * Generated from Stint's Style A OpenAPI document by openapi-typescript. Do not edit:
 * run `npx tsx sdk/js/scripts/generate-types.ts` from the repository instead.
 */
/* eslint-disable */
export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description Served without a credential and counted per client address. Send `If-None-Match` with the last `ETag` to get a 304 when it has not changed.
         */
        get: operations["openapi.document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Name and version of the service */
        get: operations["system.version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the caller's organization
         * @description **Access:** the `users:read` permission, any role.
         */
        get: operations["auth.getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the organization, or change its screenshot or money settings
         * @description The owner renames it; the owner and admins set `screenshot_retention_days` (`null` keeps screenshots until deleted), `screenshot_interval_minutes` (0-60, 0 turns the capture agent off), `screenshot_blur`, `currency`, `members_see_own_amounts` and, with `projects:write`, `default_hourly_rate` (set from the beginning, replacing its history). An admin sending `name` gets a 403; an unknown currency is a 400 naming `currency`.
         *
         *     **Access:** the `users:write` permission, owner or admin.
         */
        patch: operations["auth.updateOrganization"];
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Owners and admins see every key of the organization, members their own. API keys are managed with a signed-in user's access token; an API key gets a 403.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        get: operations["auth.listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The answer is the only time the key is shown. API keys are managed with a signed-in user's access token; an API key gets a 403.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        post: operations["auth.createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's users
         * @description **Access:** the `users:read` permission, any role.
         */
        get: operations["users.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/time-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List time entries
         * @description Newest `start_time` first, ties by id. Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization. A member who filters by another user's `user_id` gets a 403.
         *
         *     **Access:** the `time_entries:read` permission, any role.
         */
        get: operations["timeEntries.list"];
        put?: never;
        /**
         * Create a time entry
         * @description A finished entry: `end_time` after `start_time`, at most 24 hours later. The project must be active, the task one of its own. Owners and admins may pass `user_id` to record time for a user of their organization.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        post: operations["timeEntries.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's tags
         * @description Every tag used in the organization, by name ignoring case, in its first spelling, with how many entries carry it: all of them for owners and admins, their own for members (docs/api.md#tags).
         *
         *     **Access:** the `time_entries:read` permission, any role.
         */
        get: operations["timeEntries.listTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description Owners and admins see each project's `hourly_rate`, `budget` and `budget_used`; members see none of them.
         *
         *     **Access:** the `projects:read` permission, any role.
         */
        get: operations["projects.list"];
        put?: never;
        /**
         * Create a project
         * @description Owners and admins only; members read projects. A name already used in the organization, in any case, is a 409. `hourly_rate` is set from the beginning, replacing the project's rate history; `budget` may be `null`. Members read neither rates nor budgets.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        post: operations["projects.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rate changes
         * @description Owners and admins only. Every recorded change at every level, oldest recorded first. A filter naming another organization's user or project selects nothing.
         *
         *     **Access:** the `projects:read` permission, owner or admin.
         */
        get: operations["projects.listRates"];
        put?: never;
        /**
         * Record a rate change
         * @description Owners and admins only. From `effective_from` on (the UTC date of an entry's `start_time`), the level's target is billed at `hourly_rate` (`null`: no rate at this level). The level decides which of `user_id` and `project_id` are taken; both must be the organization's (400 otherwise). A second change of one target on one day is a 409 naming the first.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        post: operations["projects.createRate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import time entries from a CSV export
         * @description A form (`multipart/form-data`) with `source` (`stint`, `toggl`, `clockify` or `harvest`), optionally `timezone`, `date_format` and `dry_run`, and then `file`: a detailed CSV export of that product, UTF-8, comma-, semicolon- or tab-separated, at most 100 MiB. Fields after the file are not read.
         *
         *     The file is received and read through before the answer: a file that is not UTF-8 text, lacks the source's columns, or mixes day-first and month-first dates is a 400 saying what to change, a larger one a 413. Dates with the year last are read day first or month first as the file's own dates show, else as `date_format` says, else as the vendor writes them by default; the job says which (`date_format`, `date_format_source`). The rows are then imported in the background: follow the job at its `Location`. With `dry_run=true` the answer is instead a 200 with what the import would do, and nothing is stored.
         *
         *     Projects and tasks are matched by name regardless of case, archived ones included, and made when missing if the caller may make projects (an admin with `projects:write`). People are matched by email (Harvest: by first and last name); a row without one is the caller's. A member imports only their own time; an admin's file may name any member of the organization.
         *
         *     Each row becomes an entry whose id is derived from the organization, the source and the row, so importing the same file again creates no duplicates: those rows count as skipped. Imported entries follow the rules of entries made by hand (end after start, at most 24 hours); no webhook event is sent per imported entry.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        post: operations["imports.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screenshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List screenshots
         * @description Newest `taken_at` first (ties by id). Filters: `user_id`, `project_id`, `time_entry_id`, and `start_date`/`end_date` (inclusive UTC days of `taken_at`). Members see only their own screenshots; admins and the owner every screenshot of the organization. A member filtering by another user is a 403.
         *
         *     **Access:** the `screenshots:read` permission, any role.
         */
        get: operations["screenshots.list"];
        put?: never;
        /**
         * Upload a screenshot
         * @description A form (`multipart/form-data`) with `time_entry_id`, optionally `taken_at`, and then `file`: a PNG, JPEG or WebP image of at most 10 MiB. Fields after the file are not read.
         *
         *     The entry must be the caller's own, and `taken_at` (default: now) must fall inside it; for a running entry, after its start. These are checked before the file is read.
         *
         *     The image's type is read from its bytes, never from its name or declared type. A file that is not a PNG, JPEG or WebP image, one that is cut off or damaged, or one of more than 50 megapixels (read from its header, before any pixel is decoded) is a 400; a larger file a 413, answered as soon as the limit is passed, with the connection closed.
         *
         *     EXIF, XMP, comments and other metadata are removed from what is stored and served; the picture itself is kept byte for byte. `sha256` is the stored image's. A WebP thumbnail 400 px wide (narrower images keep their width) is made at once. Announces `screenshot.captured`.
         *
         *     **Access:** the `screenshots:write` permission, any role.
         */
        post: operations["screenshots.upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Oldest first. Secrets are never listed.
         *
         *     **Access:** the `webhooks:read` permission, owner or admin.
         */
        get: operations["webhooks.list"];
        put?: never;
        /**
         * Create a webhook
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. An unknown event name is a 400 naming it; so is a URL that is not `https://` or reaches a private, loopback, link-local or metadata address (unless the deployment allows private URLs). The answer carries the signing secret, once.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your email preferences
         * @description The signed-in user's own: whether they get the weekly summary (off until they turn it on) and the time zone its weeks are counted in.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        get: operations["mail.getPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your email preferences
         * @description The signed-in user's own. With `weekly_summary` on, a summary of the week before (Monday to Sunday in `time_zone`) is sent every Monday, from the first week that ends after it was turned on. An unknown time zone is a 400 naming `time_zone`.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        patch: operations["mail.updatePreferences"];
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization and its owner
         * @description New organizations start on the `free` plan. An email that already has an account is a 409.
         */
        post: operations["auth.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description A wrong email or password is a 401. After 10 wrong passwords for an account from one address in a quarter hour (30 from all addresses, or 100 for any accounts from one address), sign-in is a 429 until the quarter hour ends, the password unchecked; `Retry-After` says when.
         */
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for new tokens
         * @description A refresh token works once. Presenting a spent one revokes every token of that sign-in. A valid one is never held back; after 30 that are not valid from one address in a minute, further ones are a 429 instead of a 401.
         */
        post: operations["auth.refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the sign-in a refresh token belongs to
         * @description Unknown tokens are accepted too: the outcome is the same.
         */
        post: operations["auth.logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a link to set a new password
         * @description Sends the account of `email` a link that sets a new password, once, within 30 minutes (or, in a deployment that sends no email, keeps it in the organization's outbox). The answer is the same whether or not the address has an account, and comes before the link is made; an account is sent at most 3 links in 30 minutes.
         */
        post: operations["auth.requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description With the current password (a wrong one is a 400 naming `current_password`). Every sign-in of the account ends, this one too; the answer is a new sign-in's tokens. API keys keep working. A key or an application's token gets a 403.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        post: operations["auth.changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pending invitations
         * @description Owners and admins only. The invitations that can still be accepted (not yet accepted, revoked or expired), newest first; never their tokens.
         *
         *     **Access:** the `users:read` permission, owner or admin.
         */
        get: operations["users.listInvitations"];
        put?: never;
        /**
         * Invite someone to the organization
         * @description Owners and admins only. The answer carries a one-time `token` that the invitee uses to join; it is valid for 7 days.
         *
         *     **Access:** the `users:write` permission, owner or admin.
         */
        post: operations["users.invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/time-entries/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the caller's running timer
         * @description **Access:** the `time_entries:read` permission, any role.
         */
        get: operations["timeEntries.current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/time-entries/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a timer
         * @description A timer that runs is stopped first and ends at the second the new one starts. At most one timer runs per user, across every replica.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        post: operations["timeEntries.start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/time-entries/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop the running timer
         * @description A 404 when no timer runs.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        post: operations["timeEntries.stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Summary report
         * @description Time added up by `group_by`, and within each group by `sub_group_by`, over whole days of `timezone`: raw and rounded seconds side by side, and the amounts they bill in the organization's `currency`. Running entries count up to `as_of`. An entry with two tags counts in both tags' groups; untagged entries, and projects without a client, in a group with key `null`. Groups are sorted by `total_seconds` descending, ties by key; `day`, `week` and `month` groups by date. Members see only their own time; a member who filters by another user's `user_id` gets a 403. Rates and amounts are shown to owners and admins, and to members only when the organization sets `members_see_own_amounts`; otherwise their fields (and export columns) are absent. `format=csv` or `format=xlsx` answers a file (`Content-Disposition: attachment`, named like `stint-summary-2026-01-01-2026-12-31.csv`) with every row, streamed; durations in seconds and in decimal hours.
         *
         *     **Access:** the `reports:read` permission, any role.
         */
        get: operations["reports.summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/detailed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detailed report
         * @description The entries of the range, newest `start_time` first (ties by id), with the names of their user, project and task, paged like every list. Members see only their own time; a member who filters by another user's `user_id` gets a 403. Rates and amounts are shown to owners and admins, and to members only when the organization sets `members_see_own_amounts`; otherwise their fields (and export columns) are absent. `format=csv` or `format=xlsx` answers a file (`Content-Disposition: attachment`, named like `stint-summary-2026-01-01-2026-12-31.csv`) with every row, streamed; durations in seconds and in decimal hours. The CSV's columns, in order: `id, user_id, user_email, user_name, project_id, project_name, task_id, task_name, description, start_time, end_time, duration_seconds, duration_hours, billable, tags` (joined with `; `), then, for whoever sees amounts, `hourly_rate, billable_amount, currency`.
         *
         *     **Access:** the `reports:read` permission, any role.
         */
        get: operations["reports.detailed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the organization's events as they happen
         * @description Server-Sent Events: each message has `id:` (the event id), `event:` (its type) and `data:` (the event, as a webhook delivery carries it). A member sees events of their own time entries and screenshots, of projects and of the organization's people; owners and admins every event of the organization. Each kind also needs its read permission (`time_entries:read`, `screenshots:read`, `projects:read`, `users:read`). Send the last id seen as `Last-Event-ID` (or `last_event_id`) to resume after it without a loss or a repeat, for at least 24 hours; an id the stream no longer knows gets a `reset` message first, then events from now on. A comment line comes every 15 seconds. The stream ends when the credential stops being valid, or the server shuts down: reconnect.
         *
         *     **Access:** the `events:read` permission, any role.
         */
        get: operations["events.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organization/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's email
         * @description Owners and admins only, with a signed-in user's access token. Every message Stint sent or keeps for the organization, newest first, for `MAIL_RETENTION_DAYS`. Without `SMTP_URL` nothing is sent and this is how messages reach people: a message is `kept`, and its one-time link is shown to readers who may pass it on (an invitation's to every reader; a password reset's only to someone who outranks the account) until the link expires.
         *
         *     **Access:** the `users:write` permission, owner or admin, a signed-in user's access token (not an API key).
         */
        get: operations["mail.listOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List OAuth applications
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404. Newest first; secrets are never listed.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        get: operations["oauth.listApplications"];
        put?: never;
        /**
         * Register an OAuth application
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404. A `confidential` application gets a `client_secret`, shown only in this answer; a `public` one has none and must use PKCE. Redirect URIs are `https://`, `http://` on a loopback address, or a private-use scheme (`com.example.app:/callback`), without a fragment; they are matched exactly, except that `http://127.0.0.1` and `http://[::1]` ones match on any port.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        post: operations["oauth.createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the applications you have authorized
         * @description The caller's own, with a signed-in user's access token. Newest first.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        get: operations["oauth.listAuthorizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with an emailed link's token
         * @description The token is the `token` of the link's fragment. It works once, within 30 minutes; a used, expired or unknown one is a 400 naming `token`. Every sign-in of the account ends; sign in again with the new password.
         */
        post: operations["auth.resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation and sign in
         * @description Creates the invitee's account in the inviting organization. An unknown or expired token is a 400 naming `token`.
         */
        post: operations["users.acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one pending invitation
         * @description Owners and admins only. Never shows the token. An accepted, revoked or expired invitation is a 404.
         *
         *     **Access:** the `users:read` permission, owner or admin.
         */
        get: operations["users.getInvitation"];
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Owners and admins only. Its token stops working at once. An accepted or expired invitation is a 404.
         *
         *     **Access:** the `users:write` permission, owner or admin.
         */
        delete: operations["users.revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an OAuth application
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        get: operations["oauth.getApplication"];
        put?: never;
        post?: never;
        /**
         * Delete an OAuth application
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404. Every authorization of it ends and its tokens stop at once.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        delete: operations["oauth.deleteApplication"];
        options?: never;
        head?: never;
        /**
         * Change an OAuth application
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404. Changes `name`, `redirect_uris`, `homepage_url`, `scopes` or `status`. Disabling it, or taking a scope away, stops its access tokens at once.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        patch: operations["oauth.updateApplication"];
        trace?: never;
    };
    "/oauth/authorizations/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an application's access to your account
         * @description Its access and refresh tokens for the caller stop at once, in every gateway; it must ask again.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        delete: operations["oauth.revokeAuthorization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/applications/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an OAuth application a new secret
         * @description Owners and admins, with a signed-in user's access token. Another organization's application is a 404. The new secret is shown only in this answer; the previous one keeps working for 24 hours, so the application can switch without downtime. A public application has no secret: 409.
         *
         *     **Access:** owner or admin, a signed-in user's access token (not an API key).
         */
        post: operations["oauth.rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Takes effect at once, on every gateway. API keys are managed with a signed-in user's access token; an API key gets a 403.
         *
         *     **Access:** any role, a signed-in user's access token (not an API key).
         */
        delete: operations["auth.revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one user
         * @description **Access:** the `users:read` permission, any role.
         */
        get: operations["users.get"];
        put?: never;
        post?: never;
        /**
         * Remove a user from the organization
         * @description Owners and admins only. Revokes every credential the user holds. The owner cannot be removed (409).
         *
         *     **Access:** the `users:write` permission, owner or admin.
         */
        delete: operations["users.remove"];
        options?: never;
        head?: never;
        /**
         * Change a user's role or own hourly rate
         * @description Owners and admins only. The owner's role is fixed (409); a new role makes the user's existing access tokens stop working at once. `hourly_rate` is the user's own rate (`member` level), set from the beginning and replacing its history; like every rate it takes `projects:write`.
         *
         *     **Access:** the `users:write` permission, owner or admin.
         */
        patch: operations["users.changeRole"];
        trace?: never;
    };
    "/time-entries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one time entry
         * @description Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization.
         *
         *     **Access:** the `time_entries:read` permission, any role.
         */
        get: operations["timeEntries.get"];
        /**
         * Change a time entry
         * @description Changes only the fields given; the resulting span is checked as on create. A running entry's `end_time` cannot be set (stop the timer). Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        put: operations["timeEntries.update"];
        post?: never;
        /**
         * Delete a time entry
         * @description Deleting the running entry frees the timer. Members reach only their own entries (anyone else's is a 404); owners and admins reach every entry of the organization.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        delete: operations["timeEntries.remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one project
         * @description **Access:** the `projects:read` permission, any role.
         */
        get: operations["projects.get"];
        /**
         * Change a project
         * @description Owners and admins only; members read projects. Changes only the fields given (`PATCH` and `PUT` alike); unknown fields are a 400. `hourly_rate` is set from the beginning, replacing the project's rate history; `budget` may be `null`. Members read neither rates nor budgets.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        put: operations["projects.update.put"];
        post?: never;
        /**
         * Delete a project
         * @description Owners and admins only; members read projects. A project that has time entries cannot be deleted (409): archive it instead.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        delete: operations["projects.remove"];
        options?: never;
        head?: never;
        /**
         * Change a project
         * @description Owners and admins only; members read projects. Changes only the fields given (`PATCH` and `PUT` alike); unknown fields are a 400. `hourly_rate` is set from the beginning, replacing the project's rate history; `budget` may be `null`. Members read neither rates nor budgets.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        patch: operations["projects.update.patch"];
        trace?: never;
    };
    "/rates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one rate change
         * @description Owners and admins only.
         *
         *     **Access:** the `projects:read` permission, owner or admin.
         */
        get: operations["projects.getRate"];
        put?: never;
        post?: never;
        /**
         * Delete a rate change
         * @description Owners and admins only. Entries it applied to are billed at the rate in force without it.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        delete: operations["projects.deleteRate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an import
         * @description The import's status and counts, and the first 100 row errors. Members see only their own imports.
         *
         *     **Access:** the `time_entries:write` permission, any role.
         */
        get: operations["imports.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screenshots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a screenshot
         * @description Members see only their own screenshots; admins and the owner every screenshot of the organization.
         *
         *     **Access:** the `screenshots:read` permission, any role.
         */
        get: operations["screenshots.get"];
        put?: never;
        post?: never;
        /**
         * Delete a screenshot
         * @description Deletes the screenshot with its image and thumbnail, and announces `screenshot.deleted`. Members delete only their own; admins and the owner any of the organization's.
         *
         *     **Access:** the `screenshots:write` permission, any role.
         */
        delete: operations["screenshots.remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one webhook
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change.
         *
         *     **Access:** the `webhooks:read` permission, owner or admin.
         */
        get: operations["webhooks.get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Its pending deliveries are dropped with it.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        delete: operations["webhooks.remove"];
        options?: never;
        head?: never;
        /**
         * Change a webhook
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Changes `url`, `events` or `status`; setting `active` again clears the reason it was disabled.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        patch: operations["webhooks.update"];
        trace?: never;
    };
    "/projects/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a project
         * @description Owners and admins only; members read projects.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        post: operations["projects.archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a project
         * @description Owners and admins only; members read projects.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        post: operations["projects.unarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's tasks
         * @description **Access:** the `projects:read` permission, any role.
         */
        get: operations["projects.listTasks"];
        put?: never;
        /**
         * Create a task in a project
         * @description Owners and admins only; members read tasks. An archived project takes no new tasks (400); a name already used in the project is a 409.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        post: operations["projects.createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screenshots/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a screenshot's image
         * @description The stored image (metadata removed), with its type, an `ETag` (its SHA-256) and `Cache-Control: private`; send `If-None-Match` with the `ETag` for a 304. Members see only their own screenshots; admins and the owner every screenshot of the organization.
         *
         *     **Access:** the `screenshots:read` permission, any role.
         */
        get: operations["screenshots.image"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/screenshots/{id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a screenshot's thumbnail
         * @description A WebP image 400 px wide, with an `ETag` and `Cache-Control: private`; send `If-None-Match` for a 304. Members see only their own screenshots; admins and the owner every screenshot of the organization.
         *
         *     **Access:** the `screenshots:read` permission, any role.
         */
        get: operations["screenshots.thumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. The new secret signs every attempt from now on; the old one stops at once.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        post: operations["webhooks.rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Queues a `ping` delivery (data: `{ "webhook_id" }`) whatever events the webhook asked for; a disabled webhook is a 409.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        post: operations["webhooks.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Newest first, each with every attempt: status code, duration, error and next retry time.
         *
         *     **Access:** the `webhooks:read` permission, owner or admin.
         */
        get: operations["webhooks.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/tasks/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one task
         * @description **Access:** the `projects:read` permission, any role.
         */
        get: operations["projects.getTask"];
        put?: never;
        post?: never;
        /**
         * Delete a task
         * @description Owners and admins only; members read tasks. A task that has time entries cannot be deleted (409): set its status to `done` instead.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        delete: operations["projects.removeTask"];
        options?: never;
        head?: never;
        /**
         * Change a task
         * @description Owners and admins only; members read tasks. Changes only the fields given.
         *
         *     **Access:** the `projects:write` permission, owner or admin.
         */
        patch: operations["projects.updateTask"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one delivery
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change.
         *
         *     **Access:** the `webhooks:read` permission, owner or admin.
         */
        get: operations["webhooks.getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver an event
         * @description Owners and admins only, with `webhooks:read` to read and `webhooks:write` to change. Queues the delivery's event again, as a new delivery with attempts of its own; the body and the event id are the same. A disabled webhook is a 409.
         *
         *     **Access:** the `webhooks:write` permission, owner or admin.
         */
        post: operations["webhooks.redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization endpoint (a page)
         * @description Where an application sends a person (RFC 6749 §4.1.1). A page of this site: sign-in when there is no session, then consent naming the application and each scope. `redirect_uri` must be one the application registered, exactly (a loopback one, `http://127.0.0.1` or `http://[::1]`, on any port); it may be left out when the application registered only one. An unknown `client_id` or `redirect_uri` shows an error page and never redirects. Other problems and a refusal go back to `redirect_uri` with `error`, `state` and `iss`; approval with `code`, `state` and `iss`. PKCE (`code_challenge`, `code_challenge_method=S256`) is required for public applications and accepted for all. Consent is remembered: the same scopes again skip the consent page.
         */
        get: operations["oauth.getAuthOauthAuthorize"];
        put?: never;
        /**
         * Authorization page's forms
         * @description What the sign-in and consent forms of the authorization page send (with the page's CSRF token and its session cookie); not for applications to call.
         */
        post: operations["oauth.postAuthOauthAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint
         * @description Exchanges an authorization code, a refresh token or an approved device code for tokens (RFC 6749 §3.2, RFC 8628 §3.4). Form-encoded (JSON is accepted too); the client authenticates with HTTP Basic or in the body. A code is good once for 10 minutes, and a second use revokes what the first issued; each refresh returns a new refresh token, and a spent one presented again revokes the chain. Device polling answers `authorization_pending`, `slow_down` (wait 5 seconds longer), `access_denied` or `expired_token`. Answers carry `Cache-Control: no-store`. Counted per client address, and per confidential application once its secret is checked (a public application, whose `client_id` anyone may send, per address only); a wrong client secret counts like a failed sign-in.
         */
        post: operations["oauth.postAuthOauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/device/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Device authorization endpoint
         * @description Starts the device flow (RFC 8628 §3.1) for a command-line tool or desktop application: show the person `user_code` and `verification_uri`, then poll the token endpoint every `interval` seconds. Counted per client address, and per confidential application once its secret is checked (a public application, whose `client_id` anyone may send, per address only); a wrong client secret counts like a failed sign-in.
         */
        post: operations["oauth.postAuthOauthDeviceCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Device verification page
         * @description Where a person signs in, types the code their device shows (or follows `verification_uri_complete`) and approves or declines.
         */
        get: operations["oauth.getAuthOauthDevice"];
        put?: never;
        /**
         * Device verification page's forms
         * @description What the device page's forms send: sign in, look up a code, approve or deny it (with the page's CSRF token and its session cookie).
         */
        post: operations["oauth.postAuthOauthDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token
         * @description RFC 7009: an application revokes one of its access or refresh tokens, which ends every token of the same authorization. An unknown or expired token is a 200 too; another client's token is a 400 `unauthorized_client`, and stays valid.
         */
        post: operations["oauth.postAuthOauthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Introspect a token
         * @description RFC 7662, for confidential applications, about their own tokens: anyone else's are `active: false`. Counted per client address, and per confidential application once its secret is checked (a public application, whose `client_id` anyone may send, per address only); a wrong client secret counts like a failed sign-in.
         */
        post: operations["oauth.postAuthOauthIntrospect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Version: {
            /** @constant */
            name: "stint";
            /**
             * @description The deployment's release
             * @example 0.1.0
             */
            version: string;
            /**
             * @description The API version
             * @constant
             */
            api: "v1";
        };
        Organization: {
            /** @example org_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            name: string;
            /**
             * @description Sets the Style B rate limit; changed by the operator
             * @enum {string}
             */
            plan: "free" | "standard" | "pro" | "enterprise";
            /** @description Screenshots taken longer ago than this many days are deleted, with their images; `null` (the default) keeps them until someone deletes them */
            screenshot_retention_days: number | null;
            /**
             * @description ISO 4217 code of every rate and amount (default `USD`)
             * @example EUR
             */
            currency: string;
            /** @description The organization's default rate in force today; present for owners and admins on `GET` and `PATCH /organization` */
            default_hourly_rate?: number | null;
            /** @description Members see the rates and amounts of their own time (default `false`) */
            members_see_own_amounts: boolean;
            /** @description The capture agent (`stint capture`) takes one screenshot at a random moment in every interval of this many minutes while a person's timer runs (default 10); `0` turns capture off for everyone */
            screenshot_interval_minutes: number;
            /** @description The capture agent blurs every screenshot before uploading it (default `false`) */
            screenshot_blur: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        /** @description An API key as shown after its creation: never the key itself */
        ApiKey: {
            /** @example key_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            name: string;
            /** @description What the key may do, never beyond its user's role */
            permissions: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
            /** @description The start of every key: `tt_live_` */
            prefix: string;
            /** @description The key's last four characters, to tell keys apart */
            last_four: string;
            /**
             * @description The user the key acts as
             * @example usr_4fJ2kLm9QxT7bN1cR8sV0w
             */
            user_id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            last_used_at: string | null;
        };
        PageMeta: {
            /** @description Records matching the query, on every page */
            total: number;
            /** @description This page, from 1 */
            page: number;
            /** @description Page size */
            per_page: number;
        };
        CreatedApiKey: {
            /** @example key_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            name: string;
            /** @description What the key may do, never beyond its user's role */
            permissions: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
            /** @description The start of every key: `tt_live_` */
            prefix: string;
            /** @description The key's last four characters, to tell keys apart */
            last_four: string;
            /**
             * @description The user the key acts as
             * @example usr_4fJ2kLm9QxT7bN1cR8sV0w
             */
            user_id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            last_used_at: string | null;
            /**
             * @description The key itself, shown only in this answer: store it now
             * @example tt_live_...
             */
            key: string;
        };
        /** @description A person in an organization */
        User: {
            /** @example usr_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @example org_4fJ2kLm9QxT7bN1cR8sV0w */
            organization_id: string;
            /**
             * @description Lower-cased; one account per address
             * @example ada@example.com
             */
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** @description The user's own rate (`member` level) in force today, in the organization's currency; on the users operations, to owners and admins, and to members for themselves when `members_see_own_amounts` is set */
            hourly_rate?: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        TimeEntry: {
            /** @example te_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /**
             * @description Whose time it is
             * @example usr_4fJ2kLm9QxT7bN1cR8sV0w
             */
            user_id: string;
            /**
             * @description `prj_...` in Style A, `proj_...` in Style B
             * @example prj_4fJ2kLm9QxT7bN1cR8sV0w
             */
            project_id: string;
            task_id: string | null;
            description: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            start_time: string;
            /** @description `null` while the timer runs */
            end_time: string | null;
            /** @description Seconds; for a running entry, the seconds elapsed so far */
            duration: number;
            billable: boolean;
            /** @description Each as the organization first spelled it; unique per entry ignoring case */
            tags: string[];
            is_running: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        Tag: {
            /** @description As the organization first spelled it */
            name: string;
            /** @description Entries carrying it that the caller sees: all of them for owners and admins, their own for members */
            entry_count: number;
        };
        Project: {
            /**
             * @description `prj_...` in Style A, `proj_...` in Style B: the same project
             * @example prj_4fJ2kLm9QxT7bN1cR8sV0w
             */
            id: string;
            /** @description Unique in the organization, whatever the case */
            name: string;
            description: string | null;
            /** @example #1a2b3c */
            color: string | null;
            client_name: string | null;
            /** @description The default for the project's time entries */
            billable: boolean;
            /** @description The project's rate in force today (UTC), in the organization's currency; shown to owners and admins only */
            hourly_rate?: number | null;
            /** @description Shown to owners and admins only; `null`: no budget */
            budget?: components["schemas"]["Budget"] | null;
            /** @description The current period's use of the budget (`null` without one); on owners' and admins' answers */
            budget_used?: components["schemas"]["BudgetUsed"] | null;
            /** @description An archived project takes no new time entries or timers */
            archived: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        Budget: {
            /**
             * @description `hours` of time recorded, or `amount` billed in the organization's currency
             * @enum {string}
             */
            kind: "hours" | "amount";
            /** @description Hours or major units of the currency */
            value: number;
            /**
             * @description `total`: all time; `monthly`: each calendar month (UTC) afresh
             * @enum {string}
             */
            period: "total" | "monthly";
            /** @description `project.budget_reached` is announced at this percent and at 100 */
            alert_percent: number;
        };
        BudgetUsed: {
            /** @description Every entry of the period, billable or not; a running one up to now */
            seconds: number;
            /** @description The period's billable amount, in major units of the organization's currency */
            amount: number;
            /** @description Of the budget's value, rounded down to hundredths */
            percent: number;
        };
        Rate: {
            /** @example rate_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /**
             * @description Most specific first: `project_member` > `project` > `member` > `organization`
             * @enum {string}
             */
            level: "organization" | "member" | "project" | "project_member";
            /** @description The member of a `member` or `project_member` change */
            user_id: string | null;
            /** @description The project of a `project` or `project_member` change */
            project_id: string | null;
            /** @description Major units an hour; `null`: not set at this level from that day on */
            hourly_rate: number | null;
            /** @description First UTC day of `start_time` it applies to; `null`: from the beginning */
            effective_from: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
        };
        ImportJob: {
            /** @example imp_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /**
             * @description Who started the import
             * @example usr_4fJ2kLm9QxT7bN1cR8sV0w
             */
            user_id: string;
            /** @enum {string} */
            source: "stint" | "toggl" | "clockify" | "harvest";
            /** @description The IANA time zone local dates and times of the file were read in */
            timezone: string;
            /**
             * @description `running` until every row is read; then `succeeded`, or `failed` when the file could not be read to its end
             * @enum {string}
             */
            status: "running" | "succeeded" | "failed";
            /** @description Data rows read so far (all of them once the import has ended) */
            rows_total: number;
            /** @description Rows that became new time entries */
            rows_imported: number;
            /** @description Rows that did not: imported before (a re-import), or refused (see `errors`) */
            rows_skipped: number;
            /** @description Why rows were refused: the first 100; then, when the import failed, why it stopped (`field` is `file`) */
            errors: components["schemas"]["ImportRowError"][];
            /**
             * @description How the file's dates were read: dates with the year last are day first (`DD/MM/YYYY`) or month first (`MM/DD/YYYY`)
             * @enum {string}
             */
            date_format: "MM/DD/YYYY" | "DD/MM/YYYY" | "DD.MM.YYYY" | "YYYY-MM-DD";
            /**
             * @description What decided `date_format`: the file's own dates, the request's `date_format`, or the vendor's default
             * @enum {string}
             */
            date_format_source: "file" | "request" | "default";
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /** @description `null` while running */
            finished_at: string | null;
        };
        ImportRowError: {
            /** @description The row in the file, the header being row 1 */
            row: number;
            /** @description The file's column, as its header writes it, or `file` */
            field: string;
            reason: string;
        };
        ImportPreview: {
            /**
             * @description A preview: nothing was stored
             * @constant
             */
            dry_run: true;
            /** @enum {string} */
            source: "stint" | "toggl" | "clockify" | "harvest";
            /** @description The IANA time zone local dates and times were read in */
            timezone: string;
            layout: components["schemas"]["ImportLayout"];
            /**
             * @description What separates the file's cells, as its header shows
             * @enum {string}
             */
            delimiter: "," | ";" | "\t";
            /**
             * @description How the file's dates would be read
             * @enum {string}
             */
            date_format: "MM/DD/YYYY" | "DD/MM/YYYY" | "DD.MM.YYYY" | "YYYY-MM-DD";
            /**
             * @description What decided `date_format`
             * @enum {string}
             */
            date_format_source: "file" | "request" | "default";
            /** @description Data rows in the file (up to where it breaks, if it does) */
            rows_total: number;
            /** @description Rows that would become entries, or that an earlier import of the same file already made */
            rows_importable: number;
            /** @description The first 20 rows that would become entries, as they would be stored */
            rows: components["schemas"]["ImportPreviewRow"][];
            /** @description The people the rows name (people are never made by an import), the first 100 */
            people: components["schemas"]["ImportPreviewPerson"][];
            /** @description Projects the import would make, the first 100 */
            projects_to_create: string[];
            /** @description Tasks the import would make, the first 100 */
            tasks_to_create: components["schemas"]["ImportPreviewTask"][];
            /** @description Rows the import would refuse, as a job lists them: the first 100, then where the file breaks, if it does */
            errors: components["schemas"]["ImportRowError"][];
        };
        ImportLayout: {
            /** @description The layout the header was read as */
            name: string;
            /** @description For each thing read (`email`, `person`, `first_name`, `last_name`, `project`, `task`, `description`, `billable`, `tags`, `start`, `end`, `start_date`, `start_time`, `end_date`, `end_time`, `date`, `hours`), the file's column it is read from, as the header writes it */
            columns: {
                [key: string]: string;
            };
        };
        ImportPreviewRow: {
            /** @description The row in the file, the header being row 1 */
            row: number;
            /** @example usr_4fJ2kLm9QxT7bN1cR8sV0w */
            user_id: string;
            /** @description `null`: the import would make the project */
            project_id: string | null;
            project_name: string;
            /** @description `null`: no task, or one the import would make */
            task_id: string | null;
            task_name: string | null;
            description: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            start_time: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            end_time: string;
            /** @description Seconds */
            duration: number;
            billable: boolean;
            /** @description As the file spells them; each is stored in the organization's spelling of the tag, if it has one */
            tags: string[];
        };
        ImportPreviewPerson: {
            /** @description As the file names them, by email... */
            email: string | null;
            /** @description ...or by name; both `null` for rows without a person: the importer's own */
            name: string | null;
            /** @description Whose time the rows would be; `null`: nobody of the organization */
            user_id: string | null;
            /** @description Rows naming them */
            rows: number;
        };
        ImportPreviewTask: {
            project_name: string;
            task_name: string;
        };
        Screenshot: {
            /** @example scr_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /**
             * @description Who uploaded it; the entry is theirs
             * @example usr_4fJ2kLm9QxT7bN1cR8sV0w
             */
            user_id: string;
            /** @example te_4fJ2kLm9QxT7bN1cR8sV0w */
            time_entry_id: string;
            /**
             * @description The entry's project when the screenshot was uploaded
             * @example prj_4fJ2kLm9QxT7bN1cR8sV0w
             */
            project_id: string;
            /**
             * Format: date-time
             * @description When it was taken: inside the entry
             * @example 2026-11-21T09:30:00Z
             */
            taken_at: string;
            /** @description Width in pixels */
            width: number;
            /** @description Height in pixels */
            height: number;
            /** @description Size of the stored image (metadata removed) */
            size_bytes: number;
            /**
             * @description The image's type, read from its bytes
             * @enum {string}
             */
            mime_type: "image/png" | "image/jpeg" | "image/webp";
            /** @description SHA-256 of the stored image, lower-case hex */
            sha256: string;
            /** @description Path of the image under this API (send the same credential) */
            image_url: string;
            /** @description Path of the 400 px wide WebP thumbnail under this API */
            thumbnail_url: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
        };
        Webhook: {
            /** @example wh_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @description Where deliveries are POSTed: `https://` and a public address, unless the deployment allows private URLs */
            url: string;
            /** @description The event names this webhook receives */
            events: string[];
            /**
             * @description A disabled webhook receives nothing
             * @enum {string}
             */
            status: "active" | "disabled";
            /** @description Why it was disabled (410 Gone, three days of failures, or the API); `null` while active */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        WebhookWithSecret: {
            /** @example wh_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @description Where deliveries are POSTed: `https://` and a public address, unless the deployment allows private URLs */
            url: string;
            /** @description The event names this webhook receives */
            events: string[];
            /**
             * @description A disabled webhook receives nothing
             * @enum {string}
             */
            status: "active" | "disabled";
            /** @description Why it was disabled (410 Gone, three days of failures, or the API); `null` while active */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
            /** @description The signing secret (`whsec_` and base64), shown only here: store it now */
            secret: string;
        };
        EmailPreferences: {
            /** @description Whether the person gets a summary of their tracked time every Monday, for the week before; off until they turn it on */
            weekly_summary: boolean;
            /**
             * @description The IANA time zone the summary's week and days are counted in
             * @example Europe/Berlin
             */
            time_zone: string;
        };
        /** @description A signed-in account: who, where, and the tokens to act as them */
        Session: {
            user: components["schemas"]["User"];
            organization: components["schemas"]["Organization"];
            /** @description Send as `Authorization: Bearer <access_token>` */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds until the access token expires */
            expires_in: number;
            /** @description Good for one `POST /auth/refresh`; each refresh returns a new one */
            refresh_token: string;
        };
        Tokens: {
            /** @description Send as `Authorization: Bearer <access_token>` */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds until the access token expires */
            expires_in: number;
            /** @description Good for one `POST /auth/refresh`; each refresh returns a new one */
            refresh_token: string;
        };
        PasswordResetRequested: {
            /**
             * @description How this deployment delivers the link, if the address has an account: `email`, or `outbox` when it sends no email (the organization's owner or an admin passes the link on)
             * @enum {string}
             */
            delivery: "email" | "outbox";
        };
        /** @description A pending invitation as read back: never its token */
        Invitation: {
            /** @example inv_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @example org_4fJ2kLm9QxT7bN1cR8sV0w */
            organization_id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @example usr_4fJ2kLm9QxT7bN1cR8sV0w */
            invited_by: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            expires_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
        };
        CreatedInvitation: {
            /** @example inv_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @example org_4fJ2kLm9QxT7bN1cR8sV0w */
            organization_id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "member";
            /** @example usr_4fJ2kLm9QxT7bN1cR8sV0w */
            invited_by: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            expires_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /** @description Shown only here: the invitee sends it to `POST /auth/invitations/accept` */
            token: string;
        };
        SummaryReport: {
            /** Format: date */
            start_date: string;
            /** Format: date */
            end_date: string;
            /** @description The IANA zone whose days the report counts, in its canonical spelling */
            timezone: string;
            /**
             * Format: date-time
             * @description The moment of the request: running entries count up to it
             * @example 2026-11-21T09:30:00Z
             */
            as_of: string;
            /** @description The organization's currency (ISO 4217), with the amounts; shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            currency?: string;
            /** @description Seconds recorded; running entries count up to `as_of` */
            total_seconds: number;
            /** @description Of those, the seconds of billable entries */
            billable_seconds: number;
            /** @description `total_seconds` after rounding; equal to it with `rounding=none` */
            rounded_seconds: number;
            /** @description Entries counted */
            entry_count: number;
            /** @description The sum of the entries' amounts: each billable entry's (entry-scope rounded) time at its rate, half-up to the minor unit. Shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            billable_amount?: number;
            /** @description Of `total_seconds`, those of entries that earn nothing: not billable, or no rate at any level. Shown with `billable_amount` */
            unrated_seconds?: number;
            groups: components["schemas"]["ReportGroup"][];
        };
        ReportGroup: {
            /** @description The group's id, date (`YYYY-MM-DD`), month (`YYYY-MM`), `true`/`false`, tag or client; `null` for entries without a task or a tag, or projects without a client */
            key: string | null;
            /** @description The project's, task's or user's name, or the key itself for dates, tags and clients; `null` for no task, tag or client, or a removed user */
            name: string | null;
            /** @description Seconds recorded; running entries count up to `as_of` */
            total_seconds: number;
            /** @description Of those, the seconds of billable entries */
            billable_seconds: number;
            /** @description `total_seconds` after rounding; equal to it with `rounding=none` */
            rounded_seconds: number;
            /** @description Entries counted */
            entry_count: number;
            /** @description The sum of the entries' amounts: each billable entry's (entry-scope rounded) time at its rate, half-up to the minor unit. Shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            billable_amount?: number;
            /** @description Of `total_seconds`, those of entries that earn nothing: not billable, or no rate at any level. Shown with `billable_amount` */
            unrated_seconds?: number;
            /** @description Present when `sub_group_by` was given */
            sub_groups?: components["schemas"]["ReportSubGroup"][];
        };
        ReportSubGroup: {
            /** @description The group's id, date (`YYYY-MM-DD`), month (`YYYY-MM`), `true`/`false`, tag or client; `null` for entries without a task or a tag, or projects without a client */
            key: string | null;
            /** @description The project's, task's or user's name, or the key itself for dates, tags and clients; `null` for no task, tag or client, or a removed user */
            name: string | null;
            /** @description Seconds recorded; running entries count up to `as_of` */
            total_seconds: number;
            /** @description Of those, the seconds of billable entries */
            billable_seconds: number;
            /** @description `total_seconds` after rounding; equal to it with `rounding=none` */
            rounded_seconds: number;
            /** @description Entries counted */
            entry_count: number;
            /** @description The sum of the entries' amounts: each billable entry's (entry-scope rounded) time at its rate, half-up to the minor unit. Shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            billable_amount?: number;
            /** @description Of `total_seconds`, those of entries that earn nothing: not billable, or no rate at any level. Shown with `billable_amount` */
            unrated_seconds?: number;
        };
        DetailedReportEntry: {
            /** @example te_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @example usr_4fJ2kLm9QxT7bN1cR8sV0w */
            user_id: string;
            /** @description `null` when the user has been removed */
            user_email: string | null;
            /** @description `null` when the user has been removed */
            user_name: string | null;
            /**
             * @description `prj_...` in Style A, `proj_...` in Style B
             * @example prj_4fJ2kLm9QxT7bN1cR8sV0w
             */
            project_id: string;
            project_name: string | null;
            task_id: string | null;
            task_name: string | null;
            description: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            start_time: string;
            /** @description `null` while the timer runs */
            end_time: string | null;
            /** @description Seconds; a running entry's up to the moment of the request */
            duration: number;
            billable: boolean;
            /** @description The entry's tags, as the organization spells them */
            tags: string[];
            is_running: boolean;
            /** @description The rate that bills the entry (major units an hour); `null` when it is not billable or no level sets a rate. Shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            hourly_rate?: number | null;
            /** @description The entry's duration at `hourly_rate`, half-up to the minor unit; 0 without one. Shown to owners and admins, and members when the organization sets `members_see_own_amounts` */
            billable_amount?: number;
        };
        Event: {
            /**
             * @description The event's id, also the message's `id:` (send it back as `Last-Event-ID`)
             * @example evt_4fJ2kLm9QxT7bN1cR8sV0w
             */
            id: string;
            /**
             * @description The event's type, also the message's `event:`
             * @enum {string}
             */
            type: "time_entry.created" | "time_entry.updated" | "time_entry.deleted" | "time_entry.started" | "time_entry.stopped" | "screenshot.captured" | "screenshot.deleted" | "project.created" | "project.updated" | "project.deleted" | "project.budget_reached" | "user.invited" | "user.joined" | "user.removed";
            /**
             * Format: date-time
             * @description When it happened
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /** @example org_4fJ2kLm9QxT7bN1cR8sV0w */
            organization_id: string;
            /** @description The resource as it was then, as the style's other answers show it */
            data: {
                [key: string]: unknown;
            };
        };
        /** @description An email Stint sent or keeps in the outbox */
        OutboxMessage: {
            /** @example msg_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @enum {string} */
            kind: "invitation" | "password_reset" | "weekly_summary";
            /** @description The recipient's address */
            to: string;
            subject: string;
            /** @description The message as it was (or will be) sent, in plain text. Its one-time link is left out where the reader may not see it (`link_hidden`) */
            text: string;
            /** @description Whether `text` leaves out a one-time link this reader may not see (see the API reference, Email) */
            link_hidden: boolean;
            /**
             * @description `queued`: waiting for the SMTP server; `sent`: taken by it; `kept`: no email is sent in this deployment, the message stays here; `expired`: its link stopped working before it could be sent; `refused`: the SMTP server turned it down for good (no such mailbox, say)
             * @enum {string}
             */
            state: "queued" | "sent" | "kept" | "expired" | "refused";
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /** @description When the SMTP server took the message; `null` until then */
            sent_at: string | null;
        };
        /** @description An OAuth application of the organization: never its secret */
        OAuthApplication: {
            /** @example app_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            name: string;
            /**
             * @description A disabled application cannot authorize anyone, and its tokens stop at once
             * @enum {string}
             */
            status: "active" | "disabled";
            /**
             * Format: date
             * @example 2026-11-21
             */
            created_at: string;
            /**
             * @description The application's public identifier in OAuth requests
             * @example cli_4fJ2kLm9QxT7bN1cR8sV0w
             */
            client_id: string;
            /**
             * @description `confidential` applications keep a secret on a server; `public` ones (browser, mobile, command line) cannot, and must use PKCE
             * @enum {string}
             */
            client_type: "confidential" | "public";
            /** @description Where the authorization endpoint may send the user back; matched exactly, but for the port of a loopback IP address */
            redirect_uris: string[];
            homepage_url: string | null;
            /** @description The most the application may ask for; each user grants at most their role's permissions */
            scopes: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
        };
        OAuthApplicationWithSecret: {
            /** @example app_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            name: string;
            /**
             * @description A disabled application cannot authorize anyone, and its tokens stop at once
             * @enum {string}
             */
            status: "active" | "disabled";
            /**
             * Format: date
             * @example 2026-11-21
             */
            created_at: string;
            /**
             * @description The application's public identifier in OAuth requests
             * @example cli_4fJ2kLm9QxT7bN1cR8sV0w
             */
            client_id: string;
            /**
             * @description `confidential` applications keep a secret on a server; `public` ones (browser, mobile, command line) cannot, and must use PKCE
             * @enum {string}
             */
            client_type: "confidential" | "public";
            /** @description Where the authorization endpoint may send the user back; matched exactly, but for the port of a loopback IP address */
            redirect_uris: string[];
            homepage_url: string | null;
            /** @description The most the application may ask for; each user grants at most their role's permissions */
            scopes: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
            /**
             * @description Shown only in this answer: store it now. `null` for public applications, which have none
             * @example cls_...
             */
            client_secret: string | null;
        };
        /** @description An application the caller has authorized */
        OAuthAuthorization: {
            /** @example cli_4fJ2kLm9QxT7bN1cR8sV0w */
            client_id: string;
            /** @description The application's name */
            name: string;
            homepage_url: string | null;
            /** @description What the person granted it (its tokens also stay within the person's role) */
            scopes: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            authorized_at: string;
        };
        Task: {
            /** @example task_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /**
             * @description The task's project: `prj_...` in Style A, `proj_...` in Style B
             * @example prj_4fJ2kLm9QxT7bN1cR8sV0w
             */
            project_id: string;
            /** @description Unique in its project, whatever the case */
            name: string;
            /** @enum {string} */
            status: "active" | "done";
            /** @description `null`: the task's time entries follow the project's `billable` */
            billable: boolean | null;
            estimate_seconds: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
        };
        WebhookDelivery: {
            /** @example whd_4fJ2kLm9QxT7bN1cR8sV0w */
            id: string;
            /** @example wh_4fJ2kLm9QxT7bN1cR8sV0w */
            webhook_id: string;
            /**
             * @description The event's id: the `X-Webhook-Id` and `webhook-id` of every attempt, redeliveries included
             * @example evt_4fJ2kLm9QxT7bN1cR8sV0w
             */
            event_id: string;
            /** @description A catalogue event, or `ping` */
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            next_attempt_at: string | null;
            /** @description Why a failed delivery was given up */
            failure_reason: string | null;
            /** @description The delivery this one sends again */
            redelivery_of: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            updated_at: string;
            /** @description Every finished attempt, oldest first */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookDeliveryAttempt: {
            /** @description From 1 */
            attempt: number;
            /**
             * Format: date-time
             * @example 2026-11-21T09:30:00Z
             */
            started_at: string;
            /** @enum {string} */
            outcome: "succeeded" | "failed";
            /** @description The receiver's status; `null` when it did not answer */
            status_code: number | null;
            duration_ms: number | null;
            /** @description Why the attempt failed (a status, a timeout, a refused address, a network error) */
            error: string | null;
            /** @description When the next attempt is due, after a failure; `null` when there is none */
            next_retry_at: string | null;
        };
        OAuthTokens: {
            /** @description Send as `Authorization: Bearer <access_token>`; it may do what `scope` names */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds until the access token expires: 3600 */
            expires_in: number;
            /** @description Good for one refresh; each refresh returns a new one. A spent one used again revokes the whole chain */
            refresh_token: string;
            /** @description The scopes granted, space-separated: those asked for that the user's role allows */
            scope: string;
        };
        /** @description An error in the form of RFC 6749 §5.2 */
        OAuthError: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "unsupported_token_type" | "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "temporarily_unavailable" | "server_error";
            /** @description For the developer; not shown to people */
            error_description: string;
        };
        OAuthTokenRequest: {
            /** @enum {string} */
            grant_type: "authorization_code" | "refresh_token" | "urn:ietf:params:oauth:grant-type:device_code";
            /** @description `authorization_code`: the code from the redirect */
            code?: string;
            /** @description `authorization_code`: the same as in the authorization request; may be left out when that request left it out */
            redirect_uri?: string;
            /** @description `authorization_code`: the PKCE verifier, when the request had a `code_challenge` */
            code_verifier?: string;
            /** @description `refresh_token`: the latest one */
            refresh_token?: string;
            /** @description `refresh_token`: fewer scopes than granted, space-separated */
            scope?: string;
            /** @description device code grant: from `/auth/oauth/device/code` */
            device_code?: string;
            /** @description With client authentication in the body; or use HTTP Basic */
            client_id?: string;
            /** @description Confidential applications, when not using HTTP Basic */
            client_secret?: string;
        };
        OAuthDeviceAuthorization: {
            /** @description For the token endpoint, with grant_type `urn:ietf:params:oauth:grant-type:device_code` */
            device_code: string;
            /**
             * @description What the person types at `verification_uri`, such as `BCDF-GHJK`
             * @example BCDF-GHJK
             */
            user_code: string;
            /** @description The page where a signed-in person enters the code */
            verification_uri: string;
            /** @description The same page with the code filled in, for a link or a QR code */
            verification_uri_complete: string;
            /** @description Seconds the codes stay valid: 600 */
            expires_in: number;
            /** @description Seconds to wait between polls of the token endpoint */
            interval: number;
        };
        /** @description RFC 7662 §2.2; an application learns only about its own tokens */
        OAuthIntrospection: {
            /** @description Whether the token is valid now; every other field is present only when it is */
            active: boolean;
            scope?: string;
            client_id?: string;
            /** @description The user the token acts as */
            sub?: string;
            /** @enum {string} */
            token_type?: "Bearer" | "refresh_token";
            exp?: number;
            iat?: number;
            iss?: string;
            aud?: string;
        };
        "Error.BadRequest": {
            error: {
                /** @constant */
                code: "invalid_request";
                message: string;
                /**
                 * @example {
                 *       "field": "name",
                 *       "reason": "required",
                 *       "errors": [
                 *         {
                 *           "field": "name",
                 *           "reason": "required",
                 *           "message": "is required"
                 *         }
                 *       ]
                 *     }
                 */
                details: {
                    /** @description The first bad field: a body or query field, `body`, or a header name */
                    field: string;
                    /** @enum {string} */
                    reason: "required" | "invalid" | "too_long" | "unknown" | "out_of_range";
                    /** @description Every bad field, when the request failed validation */
                    errors?: {
                        field: string;
                        /** @enum {string} */
                        reason: "required" | "invalid" | "too_long" | "unknown" | "out_of_range";
                        message: string;
                    }[];
                } & {
                    [key: string]: unknown;
                };
            };
        };
        "Error.Unauthorized": {
            error: {
                /** @constant */
                code: "unauthorized";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.Forbidden": {
            error: {
                /** @constant */
                code: "forbidden";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.NotFound": {
            error: {
                /** @constant */
                code: "not_found";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.MethodNotAllowed": {
            error: {
                /** @constant */
                code: "method_not_allowed";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.Conflict": {
            error: {
                /** @constant */
                code: "conflict";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.PayloadTooLarge": {
            error: {
                /** @constant */
                code: "payload_too_large";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.UnsupportedMediaType": {
            error: {
                /** @constant */
                code: "unsupported_media_type";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.IdempotencyKeyReused": {
            error: {
                /** @constant */
                code: "idempotency_key_reused";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.TooManyRequests": {
            error: {
                /** @constant */
                code: "rate_limited";
                message: string;
                /**
                 * @example {
                 *       "retry_after": 40
                 *     }
                 */
                details: {
                    /** @description Seconds until a retry can succeed */
                    retry_after: number;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        "Error.InternalError": {
            error: {
                /** @constant */
                code: "internal_error";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
        "Error.ServiceUnavailable": {
            error: {
                /** @constant */
                code: "service_unavailable";
                message: string;
                /** @example {} */
                details: {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: {
        /** @description The request is malformed or a field is invalid: `details` names the first bad field */
        BadRequest: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.BadRequest"];
            };
        };
        /** @description No credential, or one that is unknown, revoked or expired */
        Unauthorized: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.Unauthorized"];
            };
        };
        /** @description The credential lacks the permission or the role this operation needs */
        Forbidden: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.Forbidden"];
            };
        };
        /** @description No such resource in the caller's organization (or a malformed id in the path) */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.NotFound"];
            };
        };
        /** @description The path is served, but not with this method: `Allow` lists the methods it serves */
        MethodNotAllowed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.MethodNotAllowed"];
            };
        };
        /** @description The request conflicts with the current state */
        Conflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.Conflict"];
            };
        };
        /** @description The JSON body is larger than 1 MiB */
        PayloadTooLarge: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.PayloadTooLarge"];
            };
        };
        /** @description The body is not sent as `application/json` */
        UnsupportedMediaType: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.UnsupportedMediaType"];
            };
        };
        /** @description This `Idempotency-Key` was already used with a different body */
        IdempotencyKeyReused: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.IdempotencyKeyReused"];
            };
        };
        /** @description A rate limit is exhausted; `Retry-After` says when to try again */
        TooManyRequests: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.TooManyRequests"];
            };
        };
        /** @description Something failed on the server; nothing internal is shown */
        InternalError: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.InternalError"];
            };
        };
        /** @description A service this request needs is not available; retry shortly */
        ServiceUnavailable: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error.ServiceUnavailable"];
            };
        };
    };
    parameters: {
        /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The limit of the window with the fewest requests left */
        "X-RateLimit-Limit": number;
        /** @description Requests left in that window after this one */
        "X-RateLimit-Remaining": number;
        /** @description Unix time, in seconds, at which that window ends */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
        /** @description Where the new resource can be read, in the style it was created in */
        Location: string;
        /** @description On a file only: `attachment` and its file name */
        "Content-Disposition": string;
        /** @description The version of the document or image, for `If-None-Match` */
        ETag: string;
        /** @description Who may cache the answer and for how long */
        "Cache-Control": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "openapi.document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this style */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Not modified since the `ETag` sent in `If-None-Match` */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "system.version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment's name and versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Version"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.getOrganization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization, with its plan; owners and admins see its `default_hourly_rate` */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.updateOrganization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    screenshot_retention_days?: number | null;
                    /**
                     * @example EUR
                     * @enum {string}
                     */
                    currency?: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SLL" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XDR" | "XOF" | "XPF" | "XSU" | "YER" | "ZAR" | "ZMW" | "ZWG" | "ZWL";
                    default_hourly_rate?: number | null;
                    members_see_own_amounts?: boolean;
                    screenshot_interval_minutes?: number;
                    screenshot_blur?: boolean;
                };
            };
        };
        responses: {
            /** @description The organization as changed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.listApiKeys": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys, newest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.createApiKey": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    permissions: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
                };
            };
        };
        responses: {
            /** @description The new key, with the key itself */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedApiKey"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only users with this role */
                role?: "owner" | "admin" | "member";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users, oldest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only this user's entries */
                user_id?: string;
                /** @description Only this project's entries (either prefix) */
                project_id?: string;
                /** @description Only this task's entries */
                task_id?: string;
                /** @description Only billable (`true`) or only non-billable (`false`) entries */
                billable?: "true" | "false";
                /** @description `YYYY-MM-DD` (UTC): entries starting on or after this day */
                start_date?: string;
                /** @description `YYYY-MM-DD` (UTC): entries starting on or before this day */
                end_date?: string;
                /** @description Only entries carrying this tag, in any case; repeated (`?tag=a&tag=b`), entries carrying any of them */
                tag?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of time entries */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project_id: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second
                     */
                    start_time: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second
                     */
                    end_time: string;
                    task_id?: string | null;
                    /** @default  */
                    description?: string;
                    billable?: boolean;
                    /** @default [] */
                    tags?: string[];
                    user_id?: string;
                };
            };
        };
        responses: {
            /** @description The new entry */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.listTags": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tags, by name */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only archived (`true`) or only active (`false`) projects */
                archived?: "true" | "false";
                /** @description Only billable (`true`) or only non-billable (`false`) projects */
                billable?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects, by name */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    color?: string | null;
                    /** @default null */
                    client_name?: string | null;
                    /** @default true */
                    billable?: boolean;
                    /** @default null */
                    hourly_rate?: number | null;
                    /** @default null */
                    budget?: {
                        /** @enum {string} */
                        kind: "hours" | "amount";
                        value: number;
                        /** @enum {string} */
                        period: "total" | "monthly";
                        /** @default 80 */
                        alert_percent?: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The new project */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.listRates": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only changes of this level */
                level?: "organization" | "member" | "project" | "project_member";
                /** @description Only changes naming this member (`member` and `project_member`) */
                user_id?: string;
                /** @description Only changes naming this project, with either prefix (`project` and `project_member`) */
                project_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rate changes, in the order they were recorded */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rate"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.createRate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    level: "organization" | "member" | "project" | "project_member";
                    user_id?: string | null;
                    project_id?: string | null;
                    hourly_rate: number | null;
                    /** Format: date */
                    effective_from: string;
                } & ({
                    /** @constant */
                    level?: "organization";
                    user_id?: null;
                    project_id?: null;
                } | {
                    /** @constant */
                    level?: "member";
                    user_id: string;
                    project_id?: null;
                } | {
                    /** @constant */
                    level?: "project";
                    user_id?: null;
                    project_id: string;
                } | {
                    /** @constant */
                    level?: "project_member";
                    user_id: string;
                    project_id: string;
                });
            };
        };
        responses: {
            /** @description The recorded change */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rate"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "imports.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description Whose export the file is
                     * @enum {string}
                     */
                    source: "stint" | "toggl" | "clockify" | "harvest";
                    /** @description The IANA time zone the file's local dates and times are read in (Toggl, Clockify, Harvest); Stint's file is in UTC */
                    timezone?: string;
                    /**
                     * @description How to read dates with the year last (`03/02/2026`) when none of the file's dates shows whether the day or the month comes first; `auto`: the vendor's default. The file's own dates decide when they can
                     * @default auto
                     * @enum {string}
                     */
                    date_format?: "auto" | "MM/DD/YYYY" | "DD/MM/YYYY" | "DD.MM.YYYY" | "YYYY-MM-DD";
                    /**
                     * @description `true`: answer 200 with what the import would do, and store nothing
                     * @enum {string}
                     */
                    dry_run?: "true" | "false";
                    /** @description The file, at most 100 MiB; after the other fields */
                    file: string;
                };
            };
        };
        responses: {
            /** @description With `dry_run=true`: what the import would do; nothing was stored */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportPreview"];
                    };
                };
            };
            /** @description The import, started */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportJob"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                user_id?: string;
                project_id?: string;
                time_entry_id?: string;
                start_date?: string;
                end_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of screenshots */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Screenshot"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The caller's own entry the screenshot was taken during */
                    time_entry_id: string;
                    /**
                     * Format: date-time
                     * @description When it was taken (default: now); inside the entry, or after the start of a running one
                     */
                    taken_at?: string;
                    /** @description The file, at most 10 MiB; after the other fields */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The screenshot */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Screenshot"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.list": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhooks */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    url: string;
                    events: ("time_entry.created" | "time_entry.updated" | "time_entry.deleted" | "time_entry.started" | "time_entry.stopped" | "screenshot.captured" | "screenshot.deleted" | "project.created" | "project.updated" | "project.deleted" | "project.budget_reached" | "user.invited" | "user.joined" | "user.removed")[];
                };
            };
        };
        responses: {
            /** @description The new webhook, with its secret */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "mail.getPreferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your email preferences */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailPreferences"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "mail.updatePreferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    weekly_summary?: boolean;
                    /** @enum {string} */
                    time_zone?: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis";
                };
            };
        };
        responses: {
            /** @description Your email preferences as changed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailPreferences"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    name: string;
                    organization_name: string;
                };
            };
        };
        responses: {
            /** @description The account, its organization and a new session */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The account, its organization and a new session */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description A new access token and refresh token */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.requestPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted: a link is on its way if the address has an account */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetRequested"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.changePassword": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description A new sign-in's tokens */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.listInvitations": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of pending invitations, newest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.invite": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @default member
                     * @enum {string}
                     */
                    role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description The invitation, with its token */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedInvitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The running entry, or `data: null` when no timer runs */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.start": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project_id: string;
                    task_id?: string | null;
                    /** @default  */
                    description?: string;
                    billable?: boolean;
                    /** @default [] */
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description The new running entry */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.stop": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry just stopped */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reports.summary": {
        parameters: {
            query: {
                /** @description First day of the report, `YYYY-MM-DD`, in `timezone` */
                start_date: string;
                /** @description Last day of the report, `YYYY-MM-DD`, in `timezone`; at most 366 days counting both ends */
                end_date: string;
                /** @description IANA time zone whose days the report counts (default `UTC`); an entry belongs to the day on which it starts there */
                timezone?: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis";
                /** @description Only this user's time */
                user_id?: string;
                /** @description Only this project's time (either prefix) */
                project_id?: string;
                /** @description Only this task's time */
                task_id?: string;
                /** @description Only billable (`true`) or only non-billable (`false`) time */
                billable?: "true" | "false";
                /** @description Only entries carrying this tag, in any case; repeated (`?tag=a&tag=b`), entries carrying any of them */
                tag?: string | string[];
                /** @description `json` (default), `csv` or `xlsx` */
                format?: "json" | "csv" | "xlsx";
                /** @description `project` (default), `user`, `task`, `day`, `week`, `month`, `billable`, `tag` or `client` (the project's `client_name`) */
                group_by?: "project" | "user" | "task" | "day" | "week" | "month" | "billable" | "tag" | "client";
                /** @description A second grouping inside each group, other than `group_by` */
                sub_group_by?: "project" | "user" | "task" | "day" | "week" | "month" | "billable" | "tag" | "client";
                /** @description `none` (default), `up`, `down` or `nearest` (halves up); a duration already on a step never moves */
                rounding?: "none" | "up" | "down" | "nearest";
                /** @description The rounding step: 1, 5, 6, 10, 15 (default), 30 or 60 minutes */
                rounding_minutes?: "1" | "5" | "6" | "10" | "15" | "30" | "60";
                /** @description `entry` (default): each entry is rounded, then added up; `group`: each group's and sub-group's total is rounded */
                rounding_scope?: "entry" | "group";
                /** @description `monday` (default) or `sunday`: the first day of a `week` group */
                week_start?: "monday" | "sunday";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary report, or its file */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SummaryReport"];
                    };
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reports.detailed": {
        parameters: {
            query: {
                /** @description First day of the report, `YYYY-MM-DD`, in `timezone` */
                start_date: string;
                /** @description Last day of the report, `YYYY-MM-DD`, in `timezone`; at most 366 days counting both ends */
                end_date: string;
                /** @description IANA time zone whose days the report counts (default `UTC`); an entry belongs to the day on which it starts there */
                timezone?: "UTC" | "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis";
                /** @description Only this user's time */
                user_id?: string;
                /** @description Only this project's time (either prefix) */
                project_id?: string;
                /** @description Only this task's time */
                task_id?: string;
                /** @description Only billable (`true`) or only non-billable (`false`) time */
                billable?: "true" | "false";
                /** @description Only entries carrying this tag, in any case; repeated (`?tag=a&tag=b`), entries carrying any of them */
                tag?: string | string[];
                /** @description `json` (default), `csv` or `xlsx` */
                format?: "json" | "csv" | "xlsx";
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the detailed report, or its file with every entry */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DetailedReportEntry"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "events.stream": {
        parameters: {
            query?: {
                /** @description The id of the last event seen, when the client cannot send `Last-Event-ID`; the header wins */
                last_event_id?: string;
            };
            header?: {
                /** @description The id of the last event received: the stream resumes after it (an id it no longer knows gets a `reset` message first) */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream, `text/event-stream`, until either side closes it */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": {
                        /** @description The event's type */
                        event: string;
                        /** @description One line of JSON */
                        data: string;
                        /** @description The event's id, to resume from with `Last-Event-ID` */
                        id?: string;
                        /** @description How long to wait before reconnecting, in milliseconds */
                        retry?: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "mail.listOutbox": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only messages of this kind */
                kind?: "invitation" | "password_reset" | "weekly_summary";
                /** @description Only messages in this state */
                state?: "queued" | "sent" | "kept" | "expired" | "refused";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages, newest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OutboxMessage"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.listApplications": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the organization's applications */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplication"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.createApplication": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @default confidential
                     * @enum {string}
                     */
                    client_type?: "confidential" | "public";
                    redirect_uris: string[];
                    homepage_url?: string | null;
                    scopes: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
                };
            };
        };
        responses: {
            /** @description The new application, with its secret */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplicationWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.listAuthorizations": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of authorized applications */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthAuthorization"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The password is set */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.acceptInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The new account, its organization and a session */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.getInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's id (`inv_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.revokeInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's id (`inv_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.getApplication": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's id (`app_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplication"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.deleteApplication": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's id (`app_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.updateApplication": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's id (`app_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    redirect_uris?: string[];
                    homepage_url?: string | null;
                    scopes?: ("time_entries:read" | "time_entries:write" | "projects:read" | "projects:write" | "users:read" | "users:write" | "reports:read" | "screenshots:read" | "screenshots:write" | "webhooks:read" | "webhooks:write" | "events:read")[];
                    /** @enum {string} */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description The changed application */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplication"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.revokeAuthorization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's client id (`cli_...`) */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.rotateSecret": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The application's id (`app_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application, with its new secret */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplicationWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth.revokeApiKey": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id (`key_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id (`usr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id (`usr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.changeRole": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id (`usr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role?: "admin" | "member";
                    hourly_rate?: number | null;
                };
            };
        };
        responses: {
            /** @description The user as changed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entry's id (`te_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entry's id (`te_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project_id?: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second
                     */
                    start_time?: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second
                     */
                    end_time?: string;
                    task_id?: string | null;
                    description?: string;
                    billable?: boolean;
                    tags?: string[];
                    user_id?: string;
                };
            };
        };
        responses: {
            /** @description The changed entry */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TimeEntry"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "timeEntries.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entry's id (`te_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    color?: string | null;
                    client_name?: string | null;
                    billable?: boolean;
                    hourly_rate?: number | null;
                    budget?: {
                        /** @enum {string} */
                        kind: "hours" | "amount";
                        value: number;
                        /** @enum {string} */
                        period: "total" | "monthly";
                        /** @default 80 */
                        alert_percent?: number;
                    } | null;
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description The changed project */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    color?: string | null;
                    client_name?: string | null;
                    billable?: boolean;
                    hourly_rate?: number | null;
                    budget?: {
                        /** @enum {string} */
                        kind: "hours" | "amount";
                        value: number;
                        /** @enum {string} */
                        period: "total" | "monthly";
                        /** @default 80 */
                        alert_percent?: number;
                    } | null;
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description The changed project */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.getRate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The change's id (`rate_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rate change */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rate"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.deleteRate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The change's id (`rate_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "imports.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The import's id (`imp_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportJob"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The screenshot's id (`scr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The screenshot */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Screenshot"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The screenshot's id (`scr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    url?: string;
                    events?: ("time_entry.created" | "time_entry.updated" | "time_entry.deleted" | "time_entry.started" | "time_entry.stopped" | "screenshot.captured" | "screenshot.deleted" | "project.created" | "project.updated" | "project.deleted" | "project.budget_reached" | "user.invited" | "user.joined" | "user.removed")[];
                    /** @enum {string} */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description The changed webhook */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.archive": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived project */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.unarchive": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The project's id, with either prefix (`prj_...` or `proj_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project, active again */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.listTasks": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only `active` or only `done` tasks */
                status?: "active" | "done";
            };
            header?: never;
            path: {
                /** @description The project's id, with either prefix */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the project's tasks, by name */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Task"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.createTask": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The project's id, with either prefix */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "done";
                    /** @default null */
                    billable?: boolean | null;
                    /** @default null */
                    estimate_seconds?: number | null;
                };
            };
        };
        responses: {
            /** @description The new task */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Task"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.image": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The screenshot's id (`scr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image's bytes */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/webp": string;
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` is the image's */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "screenshots.thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The screenshot's id (`scr_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail's bytes */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` is the image's */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.rotateSecret": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook, with its new secret */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.test": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.deliveries": {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Page size, at most 200 */
                per_page?: number;
                /** @description Only `pending`, `succeeded` or `failed` deliveries */
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: components["schemas"]["PageMeta"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.getTask": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix */
                id: string;
                /** @description The task's id (`task_...`) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Task"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.removeTask": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix */
                id: string;
                /** @description The task's id (`task_...`) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "projects.updateTask": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's id, with either prefix */
                id: string;
                /** @description The task's id (`task_...`) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "active" | "done";
                    billable?: boolean | null;
                    estimate_seconds?: number | null;
                };
            };
        };
        responses: {
            /** @description The changed task */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Task"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.getDelivery": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
                /** @description The delivery's id (`whd_...`) */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery and its attempts */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks.redeliver": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: the same key with the same body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of running twice. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook's id (`wh_...`) */
                id: string;
                /** @description The delivery's id (`whd_...`) */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "oauth.getAuthOauthAuthorize": {
        parameters: {
            query: {
                response_type: "code";
                client_id: string;
                redirect_uri?: string;
                scope?: string;
                state?: string;
                code_challenge?: string;
                code_challenge_method?: "S256";
                prompt?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in or consent page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the application's `redirect_uri`, with `code` or `error` */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page: the application or its redirect URI is unknown */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    "oauth.postAuthOauthAuthorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf_token: string;
                    /** @enum {string} */
                    action: "sign_in" | "approve" | "deny";
                    email?: string;
                    password?: string;
                } & {
                    [key: string]: string;
                };
                "application/json": {
                    csrf_token: string;
                    /** @enum {string} */
                    action: "sign_in" | "approve" | "deny";
                    email?: string;
                    password?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The page again (a wrong password, say) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the application, with `code` or `error` */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Signed in: on to the consent step */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The form did not carry the session's CSRF token: nothing happens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many failed sign-ins from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    "oauth.postAuthOauthToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["OAuthTokenRequest"];
                "application/json": components["schemas"]["OAuthTokenRequest"];
            };
        };
        responses: {
            /** @description New tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthTokens"];
                };
            };
            /** @description An RFC 6749 error, such as `invalid_request` or `invalid_grant` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`: the client's id or secret is wrong, or it is disabled (with `WWW-Authenticate`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: too many requests from this address or by this confidential client; see `Retry-After` */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `server_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: a part of the service is not available; retry shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    "oauth.postAuthOauthDeviceCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description Space-separated; absent: every scope the application registered */
                    scope?: string;
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
                "application/json": {
                    /** @description Space-separated; absent: every scope the application registered */
                    scope?: string;
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description The codes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthDeviceAuthorization"];
                };
            };
            /** @description An RFC 6749 error, such as `invalid_request` or `invalid_grant` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`: the client's id or secret is wrong, or it is disabled (with `WWW-Authenticate`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: too many requests from this address or by this confidential client; see `Retry-After` */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `server_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: a part of the service is not available; retry shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    "oauth.getAuthOauthDevice": {
        parameters: {
            query?: {
                user_code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    "oauth.postAuthOauthDevice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf_token: string;
                    /** @enum {string} */
                    action: "sign_in" | "lookup" | "approve" | "deny";
                    user_code?: string;
                    email?: string;
                    password?: string;
                };
                "application/json": {
                    csrf_token: string;
                    /** @enum {string} */
                    action: "sign_in" | "lookup" | "approve" | "deny";
                    user_code?: string;
                    email?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The next page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed in: on to typing the code */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The form did not carry the session's CSRF token: nothing happens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many failed attempts from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    "oauth.postAuthOauthRevoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
                "application/json": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Revoked (or never valid) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An RFC 6749 error, such as `invalid_request` or `invalid_grant` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`: the client's id or secret is wrong, or it is disabled (with `WWW-Authenticate`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: too many requests from this address or by this confidential client; see `Retry-After` */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `server_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: a part of the service is not available; retry shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    "oauth.postAuthOauthIntrospect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
                "application/json": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description With client authentication in the body; or use HTTP Basic */
                    client_id?: string;
                    /** @description Confidential applications, when not using HTTP Basic */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Whether the token is active, and what it carries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthIntrospection"];
                };
            };
            /** @description An RFC 6749 error, such as `invalid_request` or `invalid_grant` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `invalid_client`: the client's id or secret is wrong, or it is disabled (with `WWW-Authenticate`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: too many requests from this address or by this confidential client; see `Retry-After` */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `server_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description `temporarily_unavailable`: a part of the service is not available; retry shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
}
