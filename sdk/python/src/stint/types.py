"""The shapes of what the API answers, as Style A shows them.

Each TypedDict here is checked by the test suite against the component of the same name in
the OpenAPI document a running Stint serves (field names, which are required, which may
be null, and the value types), so these cannot drift from the server.
Fields that may be absent are declared in a ``total=False`` subclass.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

__all__ = [
    "Permission",
    "PageMeta",
    "Version",
    "Organization",
    "User",
    "Session",
    "Tokens",
    "ApiKey",
    "CreatedApiKey",
    "Project",
    "Budget",
    "BudgetSetting",
    "BudgetUsed",
    "Rate",
    "RateLevel",
    "Tag",
    "Task",
    "TimeEntry",
    "Invitation",
    "CreatedInvitation",
    "Webhook",
    "WebhookWithSecret",
    "WebhookDelivery",
    "WebhookDeliveryAttempt",
    "WebhookEvent",
    "SummaryReport",
    "ReportGroup",
    "ReportSubGroup",
    "DetailedReportEntry",
    "ImportJob",
    "ImportRowError",
    "ImportDateFormat",
    "ImportPreview",
    "ImportLayout",
    "ImportPreviewRow",
    "ImportPreviewPerson",
    "ImportPreviewTask",
    "Screenshot",
    "ImageType",
    "OAuthApplication",
    "OAuthApplicationWithSecret",
    "OAuthAuthorization",
    "EventType",
    "Event",
    "TimeEntryEvent",
    "ProjectEvent",
    "ScreenshotEvent",
    "InvitationEvent",
    "UserEvent",
    "StintEvent",
    "StreamReset",
    "COMPONENTS",
]

Permission = Literal[
    "time_entries:read",
    "time_entries:write",
    "projects:read",
    "projects:write",
    "users:read",
    "users:write",
    "reports:read",
    "screenshots:read",
    "screenshots:write",
    "webhooks:read",
    "webhooks:write",
    "events:read",
]
Plan = Literal["free", "standard", "pro", "enterprise"]
Role = Literal["owner", "admin", "member"]
InvitedRole = Literal["admin", "member"]


class PageMeta(TypedDict):
    total: int
    page: int
    per_page: int


class Version(TypedDict):
    name: Literal["stint"]
    version: str
    api: Literal["v1"]


class _OrganizationFields(TypedDict):
    id: str
    name: str
    plan: Plan
    #: Screenshots older than this many days are deleted; ``None`` keeps them until deleted.
    screenshot_retention_days: Optional[int]
    #: The ISO 4217 code of every rate and amount.
    currency: str
    #: Members see the rates and amounts of their own time.
    members_see_own_amounts: bool
    #: Minutes between the capture agent's screenshots (0-60); 0 turns capture off for everyone.
    screenshot_interval_minutes: int
    #: Whether the capture agent blurs screenshots before uploading them.
    screenshot_blur: bool
    created_at: str
    updated_at: str


class Organization(_OrganizationFields, total=False):
    #: The default rate in force today; shown to owners and admins only.
    default_hourly_rate: Optional[float]


class _UserFields(TypedDict):
    id: str
    organization_id: str
    email: str
    name: str
    role: Role
    created_at: str
    updated_at: str


class User(_UserFields, total=False):
    #: The user's own rate in force today; to owners and admins, and to a member for themselves when the organization allows it.
    hourly_rate: Optional[float]


class Tokens(TypedDict):
    access_token: str
    token_type: Literal["Bearer"]
    expires_in: int
    refresh_token: str


class Session(Tokens):
    user: User
    organization: Organization


class ApiKey(TypedDict):
    id: str
    name: str
    permissions: List[Permission]
    prefix: str
    last_four: str
    user_id: str
    created_at: str
    last_used_at: Optional[str]


class CreatedApiKey(ApiKey):
    #: The key itself: shown this once.
    key: str


class Budget(TypedDict):
    kind: Literal["hours", "amount"]
    #: Hours, or major units of the organization's currency.
    value: float
    period: Literal["total", "monthly"]
    alert_percent: int


class _BudgetSettingFields(TypedDict):
    kind: Literal["hours", "amount"]
    value: float
    period: Literal["total", "monthly"]


class BudgetSetting(_BudgetSettingFields, total=False):
    """A budget as sent on a project's create or update: ``alert_percent`` defaults to 80."""

    alert_percent: int


class BudgetUsed(TypedDict):
    seconds: int
    #: The period's billable amount, in major units.
    amount: float
    #: Of the budget's value, rounded down to hundredths.
    percent: float


class _ProjectFields(TypedDict):
    id: str
    name: str
    description: Optional[str]
    color: Optional[str]
    client_name: Optional[str]
    billable: bool
    archived: bool
    created_at: str
    updated_at: str


class Project(_ProjectFields, total=False):
    #: Shown to owners and admins only: the rate in force today, the budget and the current period's use of it.
    hourly_rate: Optional[float]
    budget: Optional[Budget]
    budget_used: Optional[BudgetUsed]


RateLevel = Literal["organization", "member", "project", "project_member"]


class Rate(TypedDict):
    id: str
    level: RateLevel
    user_id: Optional[str]
    project_id: Optional[str]
    #: Major units an hour from ``effective_from`` on; ``None``: not set at this level from that day.
    hourly_rate: Optional[float]
    #: ``YYYY-MM-DD``; ``None``: from the beginning (a rate set directly).
    effective_from: Optional[str]
    created_at: str


class Tag(TypedDict):
    name: str
    entry_count: int


class Task(TypedDict):
    id: str
    project_id: str
    name: str
    status: Literal["active", "done"]
    billable: Optional[bool]
    estimate_seconds: Optional[int]
    created_at: str
    updated_at: str


class TimeEntry(TypedDict):
    id: str
    user_id: str
    project_id: str
    task_id: Optional[str]
    description: str
    start_time: str
    end_time: Optional[str]
    duration: int
    billable: bool
    tags: List[str]
    is_running: bool
    created_at: str
    updated_at: str


class Invitation(TypedDict):
    id: str
    organization_id: str
    email: str
    role: InvitedRole
    invited_by: str
    expires_at: str
    created_at: str


class CreatedInvitation(Invitation):
    #: What the invited person accepts with: shown this once.
    token: str


class Webhook(TypedDict):
    id: str
    url: str
    events: List[str]
    status: Literal["active", "disabled"]
    disabled_reason: Optional[str]
    created_at: str
    updated_at: str


class WebhookWithSecret(Webhook):
    #: The signing secret (``whsec_...``): shown on creation and rotation only.
    secret: str


class WebhookDeliveryAttempt(TypedDict):
    attempt: int
    started_at: str
    outcome: Literal["succeeded", "failed"]
    status_code: Optional[int]
    duration_ms: Optional[float]
    error: Optional[str]
    next_retry_at: Optional[str]


class WebhookDelivery(TypedDict):
    id: str
    webhook_id: str
    event_id: str
    event_type: str
    status: Literal["pending", "succeeded", "failed"]
    next_attempt_at: Optional[str]
    failure_reason: Optional[str]
    redelivery_of: Optional[str]
    created_at: str
    updated_at: str
    attempts: List[WebhookDeliveryAttempt]


class WebhookEvent(TypedDict):
    """The body of a webhook delivery; ``data`` is the resource as Style A shows it."""

    id: str
    type: str
    created_at: str
    organization_id: str
    data: Dict[str, Any]


class _ReportSubGroupFields(TypedDict):
    key: Optional[str]
    name: Optional[str]
    total_seconds: int
    billable_seconds: int
    rounded_seconds: int
    entry_count: int


class ReportSubGroup(_ReportSubGroupFields, total=False):
    #: Major units of the organization's currency, summed from each entry's amount; to owners and admins, and to members when the organization allows it.
    billable_amount: float
    #: Seconds of entries that earn nothing (not billable, or no rate); shown with ``billable_amount``.
    unrated_seconds: int


class ReportGroup(ReportSubGroup, total=False):
    #: Present when the report was asked for with ``sub_group_by``.
    sub_groups: List[ReportSubGroup]


class _SummaryReportFields(TypedDict):
    start_date: str
    end_date: str
    timezone: str
    as_of: str
    total_seconds: int
    billable_seconds: int
    rounded_seconds: int
    entry_count: int
    groups: List[ReportGroup]


class SummaryReport(_SummaryReportFields, total=False):
    #: The organization's currency, with the amounts; shown when the amounts are.
    currency: str
    #: Major units of the currency; to owners and admins, and to members when the organization allows it.
    billable_amount: float
    #: Seconds of entries that earn nothing (not billable, or no rate); shown with ``billable_amount``.
    unrated_seconds: int


class _DetailedReportEntryFields(TypedDict):
    id: str
    user_id: str
    user_email: Optional[str]
    user_name: Optional[str]
    project_id: str
    project_name: Optional[str]
    task_id: Optional[str]
    task_name: Optional[str]
    description: str
    start_time: str
    end_time: Optional[str]
    duration: int
    billable: bool
    tags: List[str]
    is_running: bool


class DetailedReportEntry(_DetailedReportEntryFields, total=False):
    #: The rate that bills the entry (major units an hour), ``None`` without one; to owners and admins, and to members when the organization allows it.
    hourly_rate: Optional[float]
    #: The entry's amount in major units, 0 without a rate; shown with ``hourly_rate``.
    billable_amount: float


class ImportRowError(TypedDict):
    row: int
    field: str
    reason: str


ImportDateFormat = Literal["MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY", "YYYY-MM-DD"]


class ImportJob(TypedDict):
    id: str
    user_id: str
    source: Literal["stint", "toggl", "clockify", "harvest"]
    timezone: str
    status: Literal["running", "succeeded", "failed"]
    rows_total: int
    rows_imported: int
    rows_skipped: int
    errors: List[ImportRowError]
    date_format: ImportDateFormat
    date_format_source: Literal["file", "request", "default"]
    created_at: str
    finished_at: Optional[str]


class ImportLayout(TypedDict):
    name: str
    columns: Dict[str, str]


class ImportPreviewRow(TypedDict):
    row: int
    user_id: str
    project_id: Optional[str]
    project_name: str
    task_id: Optional[str]
    task_name: Optional[str]
    description: str
    start_time: str
    end_time: str
    duration: int
    billable: bool
    tags: List[str]


class ImportPreviewPerson(TypedDict):
    email: Optional[str]
    name: Optional[str]
    user_id: Optional[str]
    rows: int


class ImportPreviewTask(TypedDict):
    project_name: str
    task_name: str


class ImportPreview(TypedDict):
    """What an import would do (a dry run): nothing was stored."""

    dry_run: Literal[True]
    source: Literal["stint", "toggl", "clockify", "harvest"]
    timezone: str
    layout: ImportLayout
    delimiter: Literal[",", ";", "\t"]
    date_format: ImportDateFormat
    date_format_source: Literal["file", "request", "default"]
    rows_total: int
    rows_importable: int
    rows: List[ImportPreviewRow]
    people: List[ImportPreviewPerson]
    projects_to_create: List[str]
    tasks_to_create: List[ImportPreviewTask]
    errors: List[ImportRowError]


ImageType = Literal["image/png", "image/jpeg", "image/webp"]


class Screenshot(TypedDict):
    id: str
    user_id: str
    time_entry_id: str
    project_id: str
    taken_at: str
    width: int
    height: int
    #: Size of the stored image, after its metadata was removed.
    size_bytes: int
    #: Read from the image's bytes, never from its name or declared type.
    mime_type: ImageType
    sha256: str
    #: Paths under the API (``/api/v1/...``); ``screenshots.image`` and ``screenshots.thumbnail`` fetch them.
    image_url: str
    thumbnail_url: str
    created_at: str


class OAuthApplication(TypedDict):
    id: str
    name: str
    status: Literal["active", "disabled"]
    created_at: str
    client_id: str
    client_type: Literal["confidential", "public"]
    redirect_uris: List[str]
    homepage_url: Optional[str]
    scopes: List[Permission]


class OAuthApplicationWithSecret(OAuthApplication):
    #: Shown on creation and rotation only; null for a public application.
    client_secret: Optional[str]


class OAuthAuthorization(TypedDict):
    client_id: str
    name: str
    homepage_url: Optional[str]
    scopes: List[Permission]
    authorized_at: str


#: Each type above and the OpenAPI component it mirrors (the test suite compares them).
#: The event catalogue: what a live stream (and a webhook) carries.
EventType = Literal[
    "time_entry.created",
    "time_entry.updated",
    "time_entry.deleted",
    "time_entry.started",
    "time_entry.stopped",
    "screenshot.captured",
    "screenshot.deleted",
    "project.created",
    "project.updated",
    "project.deleted",
    "project.budget_reached",
    "user.invited",
    "user.joined",
    "user.removed",
]


class Event(TypedDict):
    """One event of a live stream: ``data`` is the resource as it was then."""

    id: str
    type: EventType
    created_at: str
    organization_id: str
    data: Dict[str, Any]


class TimeEntryEvent(TypedDict):
    """An event about a time entry: ``data`` is the entry."""

    id: str
    type: Literal["time_entry.created", "time_entry.updated", "time_entry.deleted", "time_entry.started", "time_entry.stopped"]
    created_at: str
    organization_id: str
    data: TimeEntry


class ProjectEvent(TypedDict):
    """An event about a project: ``data`` is the project."""

    id: str
    type: Literal["project.created", "project.updated", "project.deleted"]
    created_at: str
    organization_id: str
    data: Project


class ScreenshotEvent(TypedDict):
    """An event about a screenshot: ``data`` is the screenshot."""

    id: str
    type: Literal["screenshot.captured", "screenshot.deleted"]
    created_at: str
    organization_id: str
    data: Screenshot


class InvitationEvent(TypedDict):
    """``user.invited``: ``data`` is the invitation, without its token."""

    id: str
    type: Literal["user.invited"]
    created_at: str
    organization_id: str
    data: Invitation


class UserEvent(TypedDict):
    """``user.joined`` and ``user.removed``: ``data`` is the user."""

    id: str
    type: Literal["user.joined", "user.removed"]
    created_at: str
    organization_id: str
    data: User


#: One event of a live stream, narrowed by its ``type`` (``if event["type"] == "project.created"``).
StintEvent = Union[TimeEntryEvent, ProjectEvent, ScreenshotEvent, InvitationEvent, UserEvent]


class StreamReset(TypedDict):
    """Said by a live stream that could not resume where it was (its last event is too old): reload what you show."""

    type: Literal["reset"]
    reason: str
    message: str


COMPONENTS: Dict[str, type] = {
    "PageMeta": PageMeta,
    "Version": Version,
    "Organization": Organization,
    "User": User,
    "Session": Session,
    "Tokens": Tokens,
    "ApiKey": ApiKey,
    "CreatedApiKey": CreatedApiKey,
    "Project": Project,
    "Budget": Budget,
    "BudgetUsed": BudgetUsed,
    "Rate": Rate,
    "Tag": Tag,
    "Task": Task,
    "TimeEntry": TimeEntry,
    "Invitation": Invitation,
    "CreatedInvitation": CreatedInvitation,
    "Webhook": Webhook,
    "WebhookWithSecret": WebhookWithSecret,
    "WebhookDelivery": WebhookDelivery,
    "WebhookDeliveryAttempt": WebhookDeliveryAttempt,
    "SummaryReport": SummaryReport,
    "ReportGroup": ReportGroup,
    "ReportSubGroup": ReportSubGroup,
    "DetailedReportEntry": DetailedReportEntry,
    "ImportJob": ImportJob,
    "ImportRowError": ImportRowError,
    "ImportPreview": ImportPreview,
    "ImportLayout": ImportLayout,
    "ImportPreviewRow": ImportPreviewRow,
    "ImportPreviewPerson": ImportPreviewPerson,
    "ImportPreviewTask": ImportPreviewTask,
    "Screenshot": Screenshot,
    "OAuthApplication": OAuthApplication,
    "OAuthApplicationWithSecret": OAuthApplicationWithSecret,
    "OAuthAuthorization": OAuthAuthorization,
    "Event": Event,
}
