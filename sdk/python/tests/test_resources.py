"""Every resource through the blocking client, against a real Stint."""

from __future__ import annotations

import time
import uuid

import pytest

import stint
from tests.conftest import PASSWORD, some_client_address
from tests.support.stint_process import Deployment


def test_the_timer_and_entries_by_hand(owner: stint.Stint) -> None:
    project = owner.projects.create("Timed")
    task = owner.tasks.create(project["id"], "Coding")
    assert owner.time_entries.current() is None

    running = owner.time_entries.start(project["id"], description="Writing the client", task_id=task["id"])
    assert (running["is_running"], running["end_time"], running["task_id"], running["description"]) == (True, None, task["id"], "Writing the client")
    current = owner.time_entries.current()
    # A running entry's duration grows while it runs: compare what stays put.
    assert current is not None and (current["id"], current["is_running"], current["start_time"]) == (running["id"], True, running["start_time"])
    stopped = owner.time_entries.stop()
    assert (stopped["id"], stopped["is_running"]) == (running["id"], False)
    assert stopped["end_time"] is not None
    assert owner.time_entries.current() is None
    with pytest.raises(stint.NotFoundError):
        owner.time_entries.stop()

    tagged = owner.time_entries.start(project["id"], tags=["Design", "review"])
    assert (tagged["tags"], owner.time_entries.stop()["id"]) == (["Design", "review"], tagged["id"])

    by_hand = owner.time_entries.create(project["id"], "2026-03-02T09:00:00Z", "2026-03-02T10:30:00Z", description="Planning", billable=True, tags=["design"])
    assert (by_hand["duration"], by_hand["billable"], by_hand["tags"]) == (5400, True, ["Design"])
    assert [entry["id"] for entry in owner.time_entries.list(tags=["DESIGN", "nothing"], start_date="2026-03-02", end_date="2026-03-02")] == [by_hand["id"]]
    assert owner.time_entries.get(by_hand["id"]) == by_hand
    changed = owner.time_entries.update(by_hand["id"], description="Planning, longer", end_time="2026-03-02T11:00:00Z", tags=[])
    assert (changed["description"], changed["duration"], changed["tags"]) == ("Planning, longer", 7200, [])
    listed = owner.time_entries.list(project_id=project["id"], start_date="2026-03-01", end_date="2026-03-31")
    assert [entry["id"] for entry in listed] == [by_hand["id"]]

    owner.time_entries.delete(by_hand["id"])
    with pytest.raises(stint.NotFoundError):
        owner.time_entries.get(by_hand["id"])


def test_people_invitations_and_roles(deployment: Deployment, owner: stint.Stint) -> None:
    email = f"member-{uuid.uuid4().hex[:8]}@example.test"
    invitation = owner.invitations.create(email, role="member")
    assert invitation["email"] == email and invitation["token"]
    assert owner.invitations.get(invitation["id"])["role"] == "member"
    assert [i["id"] for i in owner.invitations.list()] == [invitation["id"]]

    anonymous = stint.Stint(base_url=deployment.url, headers={"X-Forwarded-For": some_client_address()})
    with anonymous:
        session = anonymous.invitations.accept(invitation["token"], name="Member", password=PASSWORD)
    member_id = session["user"]["id"]
    assert session["user"]["role"] == "member"
    assert sorted(u["role"] for u in owner.users.list()) == ["member", "owner"]
    assert owner.users.get(member_id)["email"] == email
    assert owner.users.change_role(member_id, "admin")["role"] == "admin"
    assert [u["id"] for u in owner.users.list(role="admin")] == [member_id]
    owner.users.remove(member_id)
    with pytest.raises(stint.NotFoundError):
        owner.users.get(member_id)

    another = owner.invitations.create(f"later-{uuid.uuid4().hex[:8]}@example.test")
    owner.invitations.revoke(another["id"])
    with pytest.raises(stint.NotFoundError):
        owner.invitations.get(another["id"])


def test_sessions_organization_and_version(deployment: Deployment) -> None:
    anonymous = stint.Stint(base_url=deployment.url, headers={"X-Forwarded-For": some_client_address()})
    email = f"login-{uuid.uuid4().hex[:8]}@example.test"
    with anonymous:
        registered = anonymous.auth.register(email=email, password=PASSWORD, name="Ada", organization_name="Analytical")
        session = anonymous.auth.login(email=email, password=PASSWORD)
        assert session["user"]["id"] == registered["user"]["id"]
        tokens = anonymous.auth.refresh(session["refresh_token"])
        assert tokens["token_type"] == "Bearer" and tokens["refresh_token"] != session["refresh_token"]
        anonymous.auth.logout(tokens["refresh_token"])
        with pytest.raises(stint.AuthenticationError):
            anonymous.auth.refresh(tokens["refresh_token"])
        assert anonymous.system.version()["name"] == "stint"

    with stint.Stint(access_token=tokens["access_token"], base_url=deployment.url) as client:
        assert client.organization.get()["name"] == "Analytical"
        renamed = client.organization.rename("Difference Engine")
        assert (renamed["name"], renamed["plan"], renamed["screenshot_retention_days"]) == ("Difference Engine", "free", None)
        kept = client.organization.update(screenshot_retention_days=30)
        assert (kept["name"], kept["screenshot_retention_days"]) == ("Difference Engine", 30)
        assert client.organization.get()["screenshot_retention_days"] == 30
        both = client.organization.update(name="Analytical Engine", screenshot_retention_days=None)
        assert (both["name"], both["screenshot_retention_days"]) == ("Analytical Engine", None)
        with pytest.raises(stint.BadRequestError):
            client.organization.update(screenshot_retention_days=0)
        assert (both["screenshot_interval_minutes"], both["screenshot_blur"]) == (10, False)
        capture = client.organization.update(screenshot_interval_minutes=0, screenshot_blur=True)
        assert (capture["screenshot_interval_minutes"], capture["screenshot_blur"], capture["name"]) == (0, True, "Analytical Engine")
        with pytest.raises(stint.BadRequestError):
            client.organization.update(screenshot_interval_minutes=61)


def test_api_keys_are_made_used_and_revoked(deployment: Deployment, owner: stint.Stint) -> None:
    created = owner.api_keys.create("reporting", ["projects:read", "projects:write"])
    assert created["key"] and created["permissions"] == ["projects:read", "projects:write"]
    assert [k["id"] for k in owner.api_keys.list()] == [created["id"]]
    assert "key" not in owner.api_keys.list().data[0]

    with stint.Stint(api_key=created["key"], base_url=deployment.url) as by_key:
        made = by_key.projects.create("By key")
        assert by_key.projects.get(made["id"])["name"] == "By key"
        with pytest.raises(stint.PermissionDeniedError):
            by_key.time_entries.list()
        owner.api_keys.revoke(created["id"])
        with pytest.raises(stint.AuthenticationError):
            by_key.projects.list()


def test_webhooks_and_their_deliveries(owner: stint.Stint) -> None:
    # Nothing listens here: the deliveries fail, which is all this test needs of them.
    hook = owner.webhooks.create("http://127.0.0.1:9/nowhere", ["project.created"])
    assert hook["secret"].startswith("whsec_") and hook["status"] == "active"
    assert "secret" not in owner.webhooks.get(hook["id"])
    assert [w["id"] for w in owner.webhooks.list()] == [hook["id"]]
    changed = owner.webhooks.update(hook["id"], events=["project.created", "project.deleted"])
    assert changed["events"] == ["project.created", "project.deleted"]
    rotated = owner.webhooks.rotate_secret(hook["id"])
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != hook["secret"]

    ping = owner.webhooks.test(hook["id"])
    assert ping["event_type"] == "ping" and ping["webhook_id"] == hook["id"]
    assert owner.webhooks.deliveries.get(hook["id"], ping["id"])["id"] == ping["id"]
    assert ping["id"] in [d["id"] for d in owner.webhooks.deliveries.list(hook["id"])]
    again = owner.webhooks.deliveries.redeliver(hook["id"], ping["id"])
    assert again["redelivery_of"] == ping["id"]

    owner.webhooks.delete(hook["id"])
    with pytest.raises(stint.NotFoundError):
        owner.webhooks.get(hook["id"])


def test_reports_and_their_exports(owner: stint.Stint) -> None:
    project = owner.projects.create("Reported")
    owner.time_entries.create(project["id"], "2026-04-01T09:00:00Z", "2026-04-01T10:00:00Z", billable=True)
    owner.time_entries.create(project["id"], "2026-04-02T09:00:00Z", "2026-04-02T09:30:00Z", billable=False)

    summary = owner.reports.summary("2026-04-01", "2026-04-30", group_by="project", sub_group_by="day")
    assert (summary["total_seconds"], summary["billable_seconds"], summary["entry_count"]) == (5400, 3600, 2)
    assert [g["name"] for g in summary["groups"]] == ["Reported"]
    assert len(summary["groups"][0].get("sub_groups", [])) == 2

    detailed = owner.reports.detailed("2026-04-01", "2026-04-30", per_page=1)
    assert [row["project_name"] for row in detailed] == ["Reported", "Reported"]

    csv = owner.reports.export_summary("2026-04-01", "2026-04-30")
    assert b"Reported" in csv
    detailed_csv = owner.reports.export_detailed("2026-04-01", "2026-04-30", format="csv").decode("utf-8")
    assert detailed_csv.splitlines()[0].startswith("id,user_id,user_email") and len(detailed_csv.strip().splitlines()) == 3
    xlsx = owner.reports.export_detailed("2026-04-01", "2026-04-30", format="xlsx")
    assert xlsx[:2] == b"PK"


def test_imports_take_a_file(owner: stint.Stint) -> None:
    me = next(iter(owner.users.list()))
    csv = (
        "id,user_id,user_email,user_name,project_id,project_name,task_id,task_name,description,start_time,end_time,duration_seconds,duration_hours,billable\n"
        f"te_1,usr_1,{me['email']},Owner,prj_1,Imported,,,From a file,2026-02-02T08:00:00Z,2026-02-02T09:30:00Z,5400,1.5,true\n"
    ).encode("utf-8")
    job = owner.imports.create(csv, source="stint", timezone="UTC")
    assert job["id"].startswith("imp_") and job["source"] == "stint"
    deadline = time.monotonic() + 60
    while job["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        job = owner.imports.get(job["id"])
    assert (job["status"], job["rows_imported"], job["errors"]) == ("succeeded", 1, [])
    assert [e["description"] for e in owner.time_entries.list(start_date="2026-02-01", end_date="2026-02-28")] == ["From a file"]

    with pytest.raises(stint.BadRequestError):
        owner.imports.create(b"not,the,right,columns\n1,2,3,4\n", source="stint")


def test_an_import_previewed_stores_nothing_and_dates_read_as_asked(owner: stint.Stint) -> None:
    harvest = "Date;Project;Task;Notes;Hours\n02/03/2026;Previewed;Checking;One;1,5\n03/03/2026;Previewed;;Two;0,5\n".encode("utf-8")
    preview = owner.imports.preview(harvest, source="harvest", date_format="DD/MM/YYYY")
    assert (preview["dry_run"], preview["delimiter"], preview["date_format"], preview["date_format_source"]) == (True, ";", "DD/MM/YYYY", "request")
    assert [(row["start_time"], row["duration"]) for row in preview["rows"]] == [("2026-03-02T00:00:00Z", 5400), ("2026-03-03T00:00:00Z", 1800)]
    assert preview["projects_to_create"] == ["Previewed"] and preview["tasks_to_create"] == [{"project_name": "Previewed", "task_name": "Checking"}]
    assert list(owner.projects.list()) == []

    job = owner.imports.create(harvest, source="harvest", date_format="DD/MM/YYYY")
    deadline = time.monotonic() + 60
    while job["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
        job = owner.imports.get(job["id"])
    assert (job["status"], job["rows_imported"], job["date_format"], job["date_format_source"]) == ("succeeded", 2, "DD/MM/YYYY", "request")


def test_oauth_applications_and_authorizations(owner: stint.Stint) -> None:
    app = owner.oauth.applications.create("Timesheet sync", redirect_uris=["https://sync.example.com/callback"], scopes=["projects:read"])
    assert app["client_type"] == "confidential" and app["client_secret"]
    assert "client_secret" not in owner.oauth.applications.get(app["id"])
    assert [a["id"] for a in owner.oauth.applications.list()] == [app["id"]]
    changed = owner.oauth.applications.update(app["id"], name="Timesheet sync 2", homepage_url="https://sync.example.com")
    assert (changed["name"], changed["homepage_url"]) == ("Timesheet sync 2", "https://sync.example.com")
    rotated = owner.oauth.applications.rotate_secret(app["id"])
    assert rotated["client_secret"] and rotated["client_secret"] != app["client_secret"]

    assert list(owner.oauth.authorizations.list()) == []
    with pytest.raises(stint.NotFoundError):
        owner.oauth.authorizations.revoke(app["client_id"])

    owner.oauth.applications.delete(app["id"])
    with pytest.raises(stint.NotFoundError):
        owner.oauth.applications.get(app["id"])
