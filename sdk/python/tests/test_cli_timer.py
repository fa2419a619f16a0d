"""``stint start``, ``stop``, ``status``, ``log`` and ``projects`` against a real Stint, for a
person logged in through the device flow: what they print, their ``--json``, the day in
the computer's own time zone, and one-line errors with their exit codes."""

from __future__ import annotations

import re
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pytest

import stint
from tests.conftest import PASSWORD, new_owner, some_client_address
from tests.support.command import StintCommand, log_in
from tests.support.proxy import MisbehavingProxy, Rule
from tests.support.stint_process import Deployment


@dataclass
class Person:
    command: StintCommand
    #: The same person through the library, signed in with their password: to arrange and to check.
    client: stint.Stint
    user_id: str


@pytest.fixture(scope="module")
def person(deployment: Deployment, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Person]:
    client, session = new_owner(deployment.url)
    command = StintCommand(tmp_path_factory.mktemp("stint-home"))
    assert log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    with client:
        yield Person(command, client, session["user"]["id"])


@pytest.fixture
def project(person: Person) -> Iterator[stint.types.Project]:
    yield person.client.projects.create(f"Website {uuid.uuid4().hex[:8]}", client_name="Acme")
    if person.client.time_entries.current() is not None:
        person.client.time_entries.stop()


def test_start_status_and_stop_the_timer_by_the_project_s_name(person: Person, project: stint.types.Project) -> None:
    task = person.client.tasks.create(project["id"], "Copywriting")

    started = person.command.run("start", "Writing the report", "--project", project["name"].upper(), "--task", "copywriting", "--tag", "design", "--tag", "review")

    assert started.code == 0, started
    assert started.stdout.startswith(f"Started {project['name']}: Writing the report [design, review] at ")
    running = person.client.time_entries.current()
    assert running is not None
    assert (running["project_id"], running["task_id"], running["description"], running["tags"]) == (project["id"], task["id"], "Writing the report", ["design", "review"])

    status = person.command.run("status")
    assert status.code == 0
    lines = status.stdout.splitlines()
    assert lines[0].startswith("Running  0:00:") and lines[0].endswith(f"{project['name']}: Writing the report [design, review] (since {_local_clock(running['start_time'])})")
    assert lines[1].startswith("Today    ")

    stopped = person.command.run("stop")
    assert stopped.code == 0 and stopped.stdout.startswith(f"Stopped {project['name']}: Writing the report [design, review] after 0:00:")
    assert person.client.time_entries.current() is None
    assert person.command.run("status").stdout.startswith("No timer is running.\nToday    ")


def test_start_by_id_and_json_on_every_read(person: Person, project: stint.types.Project) -> None:
    started = person.command.run("start", "--project", project["id"], "--json")
    entry = started.json()
    assert (entry["project_id"], entry["project_name"], entry["is_running"], entry["description"]) == (project["id"], project["name"], True, "")

    status = person.command.run("status", "--json").json()
    assert (status["running"]["id"], status["running"]["project_name"]) == (entry["id"], project["name"])
    assert status["today"]["date"] == datetime.now().astimezone().date().isoformat() and status["today"]["total_seconds"] >= 0

    stopped = person.command.run("stop", "--json").json()
    assert (stopped["id"], stopped["is_running"]) == (entry["id"], False)
    assert person.command.run("status", "--json").json()["running"] is None

    day = person.command.run("log", "--json").json()
    assert entry["id"] in [each["id"] for each in day["entries"]]
    assert day["total_seconds"] == sum(each["seconds_in_range"] for each in day["entries"])
    week = person.command.run("log", "--week", "--json").json()
    assert week["from"] <= day["from"] and entry["id"] in [each["id"] for each in week["entries"]]

    listed = person.command.run("projects", "--json").json()
    assert project["id"] in [each["id"] for each in listed]
    human = person.command.run("projects").stdout
    assert re.search(rf"^{project['name']} +{project['id']}  \(Acme\)$", human, re.MULTILINE), human


def test_today_and_the_week_are_the_computer_s_days_and_only_the_person_s_own_time(deployment: Deployment, tmp_path: Path) -> None:
    client, session = new_owner(deployment.url)
    project = client.projects.create("Nights")
    # A time zone where it is about noon now, so that the day began twelve hours ago.
    utc_now = datetime.now(timezone.utc)
    offset = 12 - utc_now.hour
    zone = f"Etc/GMT{-offset:+d}" if offset else "Etc/GMT"
    local_midnight = (utc_now + timedelta(hours=offset)).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(hours=offset)
    # Across midnight (one hour counts today), all of yesterday's evening (none), one hour this morning.
    across = client.time_entries.create(project["id"], local_midnight - timedelta(hours=1), local_midnight + timedelta(hours=1), description="Across")
    client.time_entries.create(project["id"], local_midnight - timedelta(hours=5), local_midnight - timedelta(hours=3), description="Yesterday")
    morning = client.time_entries.create(project["id"], local_midnight + timedelta(hours=2), local_midnight + timedelta(hours=3), description="Morning")
    # Someone else's time in the same organization: an owner sees it in lists, but it is not theirs.
    invited = client.invitations.create(f"member-{uuid.uuid4().hex[:8]}@example.test")
    with stint.Stint(base_url=deployment.url, headers={"X-Forwarded-For": some_client_address()}) as anonymous:
        member = anonymous.invitations.accept(invited["token"], name="Member", password=PASSWORD)
    with stint.Stint(access_token=member["access_token"], base_url=deployment.url) as theirs:
        theirs.time_entries.create(project["id"], local_midnight + timedelta(hours=4), local_midnight + timedelta(hours=5))

    command = StintCommand(tmp_path, {"TZ": zone})
    assert log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    day = command.run("log", "--json").json()
    assert ([each["id"] for each in day["entries"]], day["total_seconds"]) == ([across["id"], morning["id"]], 7200)
    assert [each["seconds_in_range"] for each in day["entries"]] == [3600, 3600]
    assert command.run("status").stdout == "No timer is running.\nToday    2:00:00\n"
    human = command.run("log").stdout.splitlines()
    assert human == ["  23:00-01:00   1:00:00  Nights: Across", "  02:00-03:00   1:00:00  Nights: Morning", "Total 2:00:00"]

    # A timer left running for days (it began before the days the list asks for) counts from midnight on.
    marathon = client.time_entries.start(project["id"], description="Marathon")
    client.time_entries.update(marathon["id"], start_time=local_midnight - timedelta(hours=60))
    before = datetime.now(timezone.utc)
    status = command.run("status", "--json").json()
    after = datetime.now(timezone.utc)
    assert status["running"]["id"] == marathon["id"]
    since_midnight = [int((moment - local_midnight).total_seconds()) for moment in (before, after)]
    assert since_midnight[0] - 2 <= status["today"]["total_seconds"] - 7200 <= since_midnight[1] + 2
    client.time_entries.stop()


def test_errors_are_one_line_on_stderr_with_their_exit_code(person: Person, project: stint.types.Project, tmp_path: Path) -> None:
    unknown = person.command.run("start", "--project", "No such project")
    assert (unknown.code, unknown.stdout, unknown.stderr) == (2, "", "stint: no project named 'No such project' (stint projects lists them)\n")
    missing = person.command.run("start", "Writing")
    assert (missing.code, missing.stderr) == (2, "stint: Missing option '--project' / '-p'. (see stint start --help)\n")
    no_task = person.command.run("start", "--project", project["id"], "--task", "Nothing")
    assert (no_task.code, no_task.stderr) == (2, f"stint: no task named 'Nothing' in {project['name']}: give the task's id instead\n")

    nothing_running = person.command.run("stop")
    assert nothing_running.code == 1 and nothing_running.stderr.startswith("stint: ") and nothing_running.stderr.count("\n") == 1

    person.client.projects.archive(project["id"])
    archived = person.command.run("start", "--project", project["name"])
    assert archived.code == 1 and archived.stderr.count("\n") == 1 and "archived" in archived.stderr

    not_logged_in = StintCommand(tmp_path).run("status")
    assert (not_logged_in.code, not_logged_in.stderr) == (3, "stint: not logged in: run stint login --server https://stint.example.com\n")


def test_a_server_that_cannot_be_reached_is_a_network_error(deployment: Deployment, proxy: MisbehavingProxy, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    assert log_in(command, proxy.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    assert command.run("status").code == 0
    proxy.close()

    for args in (["status"], ["start", "--project", "Anything"], ["log", "--json"]):
        down = command.run(*args)
        assert down.code == 4, down
        assert down.stdout == "" and down.stderr.startswith("stint: cannot reach the server: ") and down.stderr.count("\n") == 1


def test_a_failing_server_is_a_server_error_after_the_client_s_retries(deployment: Deployment, proxy: MisbehavingProxy, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    assert log_in(command, proxy.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    proxy.add(Rule("GET", "/api/v1/time-entries/current", times=3, status=503, headers={"X-Request-Id": "req_failing"}))

    down = command.run("status", "--json")

    assert (down.code, down.stdout, down.stderr) == (5, "", "stint: the server failed (503, request req_failing)\n")
    assert [seen.status for seen in proxy.requests_to("GET", "/api/v1/time-entries/current")] == [503, 503, 503]
    assert command.run("status").code == 0


def test_login_to_a_server_that_is_not_there_is_a_network_error(tmp_path: Path) -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        address = f"http://127.0.0.1:{unused.getsockname()[1]}"
    done = StintCommand(tmp_path).run("login", "--server", address)
    assert done.code == 4 and done.stderr.startswith(f"stint: cannot reach {address}/api/auth/oauth/device/code") and done.stderr.count("\n") == 1


def test_shell_completion_comes_from_the_command_itself(person: Person) -> None:
    script = person.command.run("completion", "bash")
    assert script.code == 0 and "_STINT_COMPLETE=bash_complete" in script.stdout
    completed = person.command.run(env={"_STINT_COMPLETE": "bash_complete", "COMP_WORDS": "stint st", "COMP_CWORD": "1"})
    assert sorted(line.split(",", 1)[1] for line in completed.stdout.split()) == ["start", "status", "stop"]


def _local_clock(moment: str) -> str:
    return datetime.fromisoformat(moment.replace("Z", "+00:00")).astimezone().strftime("%H:%M")
