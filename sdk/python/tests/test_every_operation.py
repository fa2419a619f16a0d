"""Every operation of the API has a method, and each method sends what its operation is.

The table below names, for each operation id of the served Style A document, a call of
the library. The test sends each call to a transport that only records the request (the
behaviour itself is tested against a real Stint elsewhere), and checks its method and path
against the document. An operation the document gains fails here until the library has
its method.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from typing import Any, Callable, Dict, List, Optional

import httpx
import pytest

import stint
from tests.support.stint_process import Deployment

#: Not this library's business: the document itself, and the OAuth protocol endpoints,
#: which a standard OAuth client library speaks.
NOT_COVERED = {
    "openapi.document",
    "oauth.getAuthOauthAuthorize",
    "oauth.postAuthOauthAuthorize",
    "oauth.postAuthOauthToken",
    "oauth.postAuthOauthDeviceCode",
    "oauth.getAuthOauthDevice",
    "oauth.postAuthOauthDevice",
    "oauth.postAuthOauthRevoke",
    "oauth.postAuthOauthIntrospect",
}

def _first_of(stream: stint.SyncEventStream) -> None:
    """Opens the stream; the recording answers JSON, not a stream, which the stream refuses without trying again."""
    with pytest.raises(stint.StintError, match="not text/event-stream"):
        next(stream)


CALLS: Dict[str, Callable[[stint.Stint], Any]] = {
    "system.version": lambda c: c.system.version(),
    "auth.register": lambda c: c.auth.register(email="a@example.test", password="p" * 12, name="A", organization_name="O"),
    "auth.login": lambda c: c.auth.login(email="a@example.test", password="p" * 12),
    "auth.refresh": lambda c: c.auth.refresh("rt"),
    "auth.logout": lambda c: c.auth.logout("rt"),
    "auth.getOrganization": lambda c: c.organization.get(),
    "auth.updateOrganization": lambda c: c.organization.update(name="N", screenshot_retention_days=30),
    "auth.listApiKeys": lambda c: c.api_keys.list(),
    "auth.createApiKey": lambda c: c.api_keys.create("k", ["projects:read"]),
    "auth.revokeApiKey": lambda c: c.api_keys.revoke("key_1"),
    "users.list": lambda c: c.users.list(),
    "users.get": lambda c: c.users.get("usr_1"),
    "users.changeRole": lambda c: c.users.change_role("usr_1", "admin"),
    "users.remove": lambda c: c.users.remove("usr_1"),
    "users.listInvitations": lambda c: c.invitations.list(),
    "users.invite": lambda c: c.invitations.create("b@example.test"),
    "users.getInvitation": lambda c: c.invitations.get("inv_1"),
    "users.revokeInvitation": lambda c: c.invitations.revoke("inv_1"),
    "users.acceptInvitation": lambda c: c.invitations.accept("token", name="B", password="p" * 12),
    "projects.list": lambda c: c.projects.list(),
    "projects.create": lambda c: c.projects.create("P"),
    "projects.get": lambda c: c.projects.get("prj_1"),
    "projects.listRates": lambda c: c.rates.list(level="project", project_id="prj_1"),
    "projects.createRate": lambda c: c.rates.create("member", 95.5, "2026-03-15", user_id="usr_1"),
    "projects.getRate": lambda c: c.rates.get("rate_1"),
    "projects.deleteRate": lambda c: c.rates.delete("rate_1"),
    "timeEntries.listTags": lambda c: c.tags.list(),
    "projects.update.patch": lambda c: c.projects.update("prj_1", name="Q"),
    "projects.remove": lambda c: c.projects.delete("prj_1"),
    "projects.archive": lambda c: c.projects.archive("prj_1"),
    "projects.unarchive": lambda c: c.projects.unarchive("prj_1"),
    "projects.listTasks": lambda c: c.tasks.list("prj_1"),
    "projects.createTask": lambda c: c.tasks.create("prj_1", "T"),
    "projects.getTask": lambda c: c.tasks.get("prj_1", "task_1"),
    "projects.updateTask": lambda c: c.tasks.update("prj_1", "task_1", name="U"),
    "projects.removeTask": lambda c: c.tasks.delete("prj_1", "task_1"),
    "timeEntries.list": lambda c: c.time_entries.list(),
    "timeEntries.create": lambda c: c.time_entries.create("prj_1", "2026-01-01T09:00:00Z", "2026-01-01T10:00:00Z"),
    "timeEntries.current": lambda c: c.time_entries.current(),
    "timeEntries.start": lambda c: c.time_entries.start("prj_1"),
    "timeEntries.stop": lambda c: c.time_entries.stop(),
    "timeEntries.get": lambda c: c.time_entries.get("te_1"),
    "timeEntries.update": lambda c: c.time_entries.update("te_1", description="d"),
    "timeEntries.remove": lambda c: c.time_entries.delete("te_1"),
    "webhooks.list": lambda c: c.webhooks.list(),
    "webhooks.create": lambda c: c.webhooks.create("https://example.com/h", ["ping"]),
    "webhooks.get": lambda c: c.webhooks.get("wh_1"),
    "webhooks.update": lambda c: c.webhooks.update("wh_1", status="disabled"),
    "webhooks.remove": lambda c: c.webhooks.delete("wh_1"),
    "webhooks.rotateSecret": lambda c: c.webhooks.rotate_secret("wh_1"),
    "webhooks.test": lambda c: c.webhooks.test("wh_1"),
    "webhooks.deliveries": lambda c: c.webhooks.deliveries.list("wh_1"),
    "webhooks.getDelivery": lambda c: c.webhooks.deliveries.get("wh_1", "whd_1"),
    "webhooks.redeliver": lambda c: c.webhooks.deliveries.redeliver("wh_1", "whd_1"),
    "reports.summary": lambda c: c.reports.summary("2026-01-01", "2026-01-31"),
    "reports.detailed": lambda c: c.reports.detailed("2026-01-01", "2026-01-31"),
    "imports.create": lambda c: c.imports.create(b"a,b\n", source="stint"),
    "imports.get": lambda c: c.imports.get("imp_1"),
    "screenshots.upload": lambda c: c.screenshots.upload(b"\x89PNG", "te_1"),
    "screenshots.list": lambda c: c.screenshots.list(time_entry_id="te_1"),
    "screenshots.get": lambda c: c.screenshots.get("scr_1"),
    "screenshots.image": lambda c: c.screenshots.image("scr_1"),
    "screenshots.thumbnail": lambda c: c.screenshots.thumbnail("scr_1"),
    "screenshots.remove": lambda c: c.screenshots.delete("scr_1"),
    "oauth.listApplications": lambda c: c.oauth.applications.list(),
    "oauth.createApplication": lambda c: c.oauth.applications.create("A", redirect_uris=["https://a.example.com/cb"], scopes=["projects:read"]),
    "oauth.getApplication": lambda c: c.oauth.applications.get("app_1"),
    "oauth.updateApplication": lambda c: c.oauth.applications.update("app_1", name="B"),
    "oauth.deleteApplication": lambda c: c.oauth.applications.delete("app_1"),
    "oauth.rotateSecret": lambda c: c.oauth.applications.rotate_secret("app_1"),
    "oauth.listAuthorizations": lambda c: c.oauth.authorizations.list(),
    "oauth.revokeAuthorization": lambda c: c.oauth.authorizations.revoke("app_1"),
    "events.stream": lambda c: _first_of(c.events.stream()),
}
#: Operations reached by a second method too (`PUT` beside `PATCH`, exports beside JSON).
SAME_OPERATION = {"projects.update.put": "projects.update.patch"}


@pytest.fixture(scope="module")
def operations(deployment: Deployment) -> Dict[str, "tuple[str, str]"]:
    document = httpx.get(f"{deployment.url}/api/v1/openapi.json", timeout=30).json()
    return {op["operationId"]: (method.upper(), path) for path, item in document["paths"].items() for method, op in item.items()}


def _recording_client(sent: List[httpx.Request]) -> stint.Stint:
    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={"data": [], "meta": {"total": 0, "page": 1, "per_page": 20}})

    return stint.Stint(api_key="key", base_url="http://stint.test", http_client=httpx.Client(transport=httpx.MockTransport(answer)))


def test_every_operation_has_a_method(operations: Dict[str, "tuple[str, str]"]) -> None:
    missing = sorted(set(operations) - set(CALLS) - set(SAME_OPERATION) - NOT_COVERED)
    assert missing == [], "operations without a method in the library"
    assert sorted(set(CALLS) - set(operations)) == [], "methods for operations the document does not have"


@pytest.mark.parametrize("operation_id", sorted(CALLS))
def test_each_method_sends_its_operation(operations: Dict[str, "tuple[str, str]"], operation_id: str) -> None:
    sent: List[httpx.Request] = []
    with _recording_client(sent) as client:
        CALLS[operation_id](client)
    method, template = operations[operation_id]
    pattern = "^/api/v1" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
    assert len(sent) == 1
    assert (sent[0].method, bool(re.match(pattern, sent[0].url.path))) == (method, True), f"{sent[0].method} {sent[0].url.path} is not {method} {template}"
    assert ("idempotency-key" in sent[0].headers) == (method == "POST")


def test_exports_ask_for_a_file() -> None:
    sent: List[httpx.Request] = []
    with _recording_client(sent) as client:
        client.reports.export_summary("2026-01-01", "2026-01-31", format="xlsx", group_by="user")
        client.reports.export_detailed("2026-01-01", "2026-01-31")
    assert [(r.url.path, r.url.params.get("format")) for r in sent] == [("/api/v1/reports/summary", "xlsx"), ("/api/v1/reports/detailed", "csv")]


def test_the_async_client_sends_the_same_requests() -> None:
    sent: List[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={"data": [], "meta": {"total": 0, "page": 1, "per_page": 20}})

    async def run() -> None:
        async with stint.AsyncStint(api_key="key", base_url="http://stint.test", http_client=httpx.AsyncClient(transport=httpx.MockTransport(answer))) as client:
            await client.time_entries.start("prj_1", "Writing", "task_1")
            await client.time_entries.stop()
            await client.tasks.update("prj_1", "task_1", status="done")

    asyncio.run(run())
    assert [(r.method, r.url.path) for r in sent] == [("POST", "/api/v1/time-entries/start"), ("POST", "/api/v1/time-entries/stop"), ("PATCH", "/api/v1/projects/prj_1/tasks/task_1")]
    assert json.loads(sent[0].content) == {"project_id": "prj_1", "description": "Writing", "task_id": "task_1"}
    assert json.loads(sent[2].content) == {"status": "done"}


def test_rename_is_the_organization_update() -> None:
    sent: List[httpx.Request] = []
    with _recording_client(sent) as client:
        client.organization.rename("N")
        client.organization.update(name="N")
        client.organization.update(screenshot_retention_days=None)
    assert [(r.method, r.url.path) for r in sent] == [("PATCH", "/api/v1/organization")] * 3
    assert [json.loads(r.content) for r in sent] == [{"name": "N"}, {"name": "N"}, {"screenshot_retention_days": None}]


def test_an_upload_sends_its_fields_before_the_file() -> None:
    sent: List[httpx.Request] = []
    with _recording_client(sent) as client:
        client.screenshots.upload(b"\x89PNG-bytes", "te_1", taken_at="2026-03-02T09:30:00Z", filename="shot.png")
    form = sent[0].content
    assert sent[0].headers["content-type"].startswith("multipart/form-data")
    positions = [form.index(b'name="time_entry_id"'), form.index(b'name="taken_at"'), form.index(b'name="file"; filename="shot.png"')]
    assert positions == sorted(positions)
    assert b"2026-03-02T09:30:00Z" in form and b"\x89PNG-bytes" in form


def test_a_304_is_an_answer_only_when_an_etag_was_sent() -> None:
    sent: List[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(304, headers={"ETag": '"abc"'})

    transport = httpx.MockTransport(answer)
    with stint.Stint(api_key="key", base_url="http://stint.test", max_retries=0, http_client=httpx.Client(transport=transport)) as client:
        cached = client.screenshots.thumbnail("scr_1", if_none_match='"abc"')
        assert (cached.not_modified, cached.content, cached.etag) == (True, b"", '"abc"')
        with pytest.raises(stint.APIStatusError):
            client.screenshots.image("scr_1")
    assert sent[0].headers["if-none-match"] == '"abc"' and "if-none-match" not in sent[1].headers


def _documented_surface() -> "Dict[str, Optional[str]]":
    """Every public method and property a user reaches from the two clients, with its docstring."""
    from stint.resources._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

    resources = (SyncResource, AsyncResource, SyncRawResource, AsyncRawResource)
    found: Dict[str, Optional[str]] = {}
    clients = [stint.Stint(api_key="k", base_url="http://stint.test"), stint.AsyncStint(api_key="k", base_url="http://stint.test")]
    pending: List["tuple[str, object]"] = [(type(client).__name__, client) for client in clients]
    while pending:
        where, owner = pending.pop()
        for name in dir(owner):
            if name.startswith("_"):
                continue
            member = inspect.getattr_static(owner, name)
            if isinstance(member, resources):
                pending.append((f"{where}.{name}", member))
                continue
            if isinstance(member, property):
                found[f"{type(owner).__name__}.{name}"] = inspect.getdoc(member.fget)
                value = getattr(owner, name)
                if isinstance(value, resources):
                    pending.append((f"{where}.{name}", value))
                continue
            target = member.__func__ if isinstance(member, staticmethod) else member
            if callable(target):
                found[f"{type(owner).__name__}.{name}"] = inspect.getdoc(target)
    for page_class in (stint.SyncPage, stint.AsyncPage, stint.AsyncPager, stint.RawResponse):
        for name, member in vars(page_class).items():
            target = member.fget if isinstance(member, property) else member
            if not name.startswith("_") and callable(target):
                found[f"{page_class.__name__}.{name}"] = inspect.getdoc(target)
    return found


def test_every_public_method_has_a_docstring() -> None:
    surface = _documented_surface()
    missing = sorted(name for name, doc in surface.items() if not doc)
    assert missing == [], f"{len(missing)} of {len(surface)} public methods have no docstring"
    # Blocking and async resources, their raw twins, the clients and the pages: far more than the operations.
    assert len(surface) > 4 * len(CALLS)
