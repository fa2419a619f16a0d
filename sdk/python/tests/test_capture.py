"""``stint capture``, the screenshot agent, against a real Stint and a virtual X display
(Xvfb): with and without a running timer, on two monitors, blurred, turned off by the
organization, offline and back (the queue uploaded in order), across a restart of the
agent, after its entry stopped, and held back by the rate limit."""

from __future__ import annotations

import contextlib
import io
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, List

import pytest
from PIL import Image, ImageStat

import stint
from tests.conftest import PASSWORD, new_owner, some_client_address
from tests.support.command import Running, StintCommand, log_in
from tests.support.display import VirtualDisplay, xvfb_missing
from tests.support.proxy import MisbehavingProxy, Rule
from tests.support.stint_process import Deployment

ONE_CYCLE = ["capture", "--once", "--interval-seconds", "0.5"]
WAIT_SECONDS = 120.0


@pytest.fixture(scope="module")
def display() -> Iterator[VirtualDisplay]:
    missing = xvfb_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}; in CI (CI is set) the capture tests fail instead of skipping")
        pytest.skip(missing)
    running = VirtualDisplay()
    yield running
    running.stop()


@dataclass
class Person:
    command: StintCommand
    client: stint.Stint
    project: stint.types.Project


def _person(server: str, deployment: Deployment, display: VirtualDisplay, home: Path) -> Person:
    client, session = new_owner(deployment.url)
    command = StintCommand(home, {"DISPLAY": display.name})
    assert log_in(command, server, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    return Person(command, client, client.projects.create("Screens"))


@pytest.fixture(scope="module")
def person(deployment: Deployment, display: VirtualDisplay, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Person]:
    signed_in = _person(deployment.url, deployment, display, tmp_path_factory.mktemp("stint-home"))
    yield signed_in
    signed_in.client.close()


@pytest.fixture
def timer(person: Person) -> Iterator[stint.types.TimeEntry]:
    person.client.organization.update(screenshot_interval_minutes=10, screenshot_blur=False)
    yield person.client.time_entries.start(person.project["id"], description="Capturing")
    if person.client.time_entries.current() is not None:
        person.client.time_entries.stop()


def _shots(client: stint.Stint, entry: stint.types.TimeEntry) -> List[stint.types.Screenshot]:
    return sorted(client.screenshots.list(time_entry_id=entry["id"], per_page=200), key=lambda shot: (shot["taken_at"], shot["id"]))


def _sharpness(client: stint.Stint, shot: stint.types.Screenshot) -> float:
    """The spread of grey levels: X's root weave is black and white pixels; blurred, one grey."""
    image = Image.open(io.BytesIO(client.screenshots.image(shot["id"]).content))
    return float(ImageStat.Stat(image.convert("L")).stddev[0])


def _queued(command: StintCommand) -> List[str]:
    return sorted(path.name for path in command.queue_dir.glob("*.json")) if command.queue_dir.is_dir() else []


def _eventually(check: Callable[[], bool], what: str, agent: "Running | None" = None) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {WAIT_SECONDS} s: {what}\n{agent.output() if agent else ''}")
        if agent is not None and agent.process.poll() is not None:
            raise AssertionError(f"the agent ended ({agent.process.returncode}) before {what}:\n{agent.output()}")
        time.sleep(0.2)


def _uploaded_taken_at(proxy: MisbehavingProxy) -> List[str]:
    """``taken_at`` of each upload that reached the server through the proxy, in the order sent."""
    found = []
    for seen in proxy.requests_to("POST", "/api/v1/screenshots"):
        if seen.status == 201:
            match = re.search(rb'name="taken_at"\r\n\r\n([^\r]+)\r\n', seen.body)
            assert match is not None
            found.append(match.group(1).decode())
    return found


def test_with_a_running_timer_one_cycle_uploads_the_screen_against_the_entry(person: Person, timer: stint.types.TimeEntry) -> None:
    done = person.command.run(*ONE_CYCLE)

    assert done.code == 0, done
    [shot] = _shots(person.client, timer)
    assert (shot["time_entry_id"], shot["mime_type"], shot["width"], shot["height"]) == (timer["id"], "image/webp", 1280, 720)
    assert shot["taken_at"] >= timer["start_time"]
    assert _sharpness(person.client, shot) > 100
    assert "Took 1 screenshot" in done.stdout and "Uploaded the screenshot" in done.stdout
    assert _queued(person.command) == []


def test_without_a_running_timer_nothing_is_taken(person: Person) -> None:
    assert person.client.time_entries.current() is None
    before = person.client.screenshots.list().meta["total"]

    done = person.command.run(*ONE_CYCLE)

    assert (done.code, done.stdout.split(" ", 1)[1]) == (0, "No timer is running: nothing taken.\n")
    assert person.client.screenshots.list().meta["total"] == before
    assert _queued(person.command) == []


def test_every_monitor_is_taken_at_the_same_moment(person: Person, timer: stint.types.TimeEntry, display: VirtualDisplay) -> None:
    with display.two_monitors():
        assert person.command.run(*ONE_CYCLE).code == 0
    shots = _shots(person.client, timer)
    assert [(shot["width"], shot["height"]) for shot in shots] == [(640, 720), (640, 720)]
    assert shots[0]["taken_at"] == shots[1]["taken_at"]


def test_the_organization_s_blur_reaches_the_screenshots(person: Person, timer: stint.types.TimeEntry) -> None:
    person.client.organization.update(screenshot_blur=True)
    assert person.command.run(*ONE_CYCLE).code == 0
    [shot] = _shots(person.client, timer)
    assert (shot["width"], shot["height"]) == (1280, 720)
    assert _sharpness(person.client, shot) < 5


def test_an_interval_of_zero_takes_nothing_even_while_a_timer_runs(person: Person, timer: stint.types.TimeEntry) -> None:
    person.client.organization.update(screenshot_interval_minutes=0)
    done = person.command.run(*ONE_CYCLE)
    assert done.code == 0 and "Screenshot capture is off for this organization" in done.stdout
    assert _shots(person.client, timer) == []


@pytest.fixture
def behind_proxy(deployment: Deployment, display: VirtualDisplay, proxy: MisbehavingProxy, tmp_path: Path) -> Iterator[Person]:
    """A person whose command reaches Stint through the test's proxy, which can go offline."""
    signed_in = _person(proxy.url, deployment, display, tmp_path)
    yield signed_in
    signed_in.client.close()


@contextlib.contextmanager
def _capturing(person: Person, entry: stint.types.TimeEntry) -> Iterator[Running]:
    """An agent (every half second) that has uploaded a first screenshot of the running ``entry``; stopped by SIGTERM after the block."""
    agent = person.command.start("capture", "--interval-seconds", "0.5")
    try:
        _eventually(lambda: len(_shots(person.client, entry)) >= 1, "a first screenshot uploaded", agent)
        yield agent
    finally:
        agent.stop()


@contextlib.contextmanager
def _agent_gone_offline(person: Person, proxy: MisbehavingProxy) -> Iterator["tuple[stint.types.TimeEntry, Running]"]:
    """A running timer and agent that uploaded a first screenshot, then lost the server; the agent stops after the block."""
    entry = person.client.time_entries.start(person.project["id"])
    with _capturing(person, entry) as agent:
        proxy.offline = True
        yield entry, agent


def test_offline_the_agent_queues_and_uploads_in_order_when_the_server_is_back(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    with _agent_gone_offline(person, proxy) as (entry, agent):
        _eventually(lambda: len(_queued(person.command)) >= 3, "three screenshots queued while offline", agent)
        queued = len(_queued(person.command))
        proxy.offline = False
        _eventually(lambda: _queued(person.command) == [], "the queue uploaded", agent)
    sent = _uploaded_taken_at(proxy)
    assert len(sent) >= queued + 1 and sent == sorted(sent)
    assert len(_shots(person.client, entry)) == len(sent)


def test_the_queue_survives_a_restart_of_the_agent(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    # Once the agent has seen the timer running, it goes on without the server.
    with _agent_gone_offline(person, proxy) as (entry, agent):
        _eventually(lambda: len(_queued(person.command)) >= 2, "two screenshots queued", agent)
    waiting = _queued(person.command)
    assert len(waiting) >= 2 and agent.process.returncode == 0
    proxy.offline = False

    again = person.command.run(*ONE_CYCLE)

    assert again.code == 0, again
    assert _queued(person.command) == []
    sent = _uploaded_taken_at(proxy)
    assert sent == sorted(sent) and len(sent) == len(_shots(person.client, entry)) == 1 + len(waiting) + 1


def test_screenshots_taken_after_their_entry_stopped_are_deleted_not_sent(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    with _agent_gone_offline(person, proxy) as (entry, agent):
        _eventually(lambda: len(_queued(person.command)) >= 1, "a screenshot queued", agent)
        # Stopped elsewhere (the web app) while this computer is offline: the agent cannot know yet.
        stopped = person.client.time_entries.stop()
        taken_after = len(_queued(person.command))
        _eventually(lambda: len(_queued(person.command)) >= taken_after + 2, "screenshots queued after the stop", agent)
        proxy.offline = False
        _eventually(lambda: _queued(person.command) == [], "the queue emptied", agent)
    assert stopped["end_time"] is not None
    assert all(shot["taken_at"] <= stopped["end_time"] for shot in _shots(person.client, entry))
    assert "its entry had stopped before" in agent.output(), agent.output()
    # Still no timer: the agent took nothing more once it heard of the stop.
    assert all(taken <= stopped["end_time"] for taken in _uploaded_taken_at(proxy))


def test_a_rate_limited_upload_waits_for_retry_after_and_goes_through(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    entry = person.client.time_entries.start(person.project["id"])
    proxy.add(Rule("POST", "/api/v1/screenshots", times=1, status=429, headers={"Retry-After": "2"}, body=b'{"error":{"code":"rate_limited","message":"slow down","details":{"retry_after":2}}}'))

    done = person.command.run(*ONE_CYCLE)

    assert done.code == 0, done
    tries = proxy.requests_to("POST", "/api/v1/screenshots")
    assert [each.status for each in tries] == [429, 201]
    assert tries[1].at - tries[0].at >= 2.0
    assert len(_shots(person.client, entry)) == 1


def test_without_a_sign_in_the_agent_refuses_and_takes_nothing(display: VirtualDisplay, tmp_path: Path) -> None:
    command = StintCommand(tmp_path, {"DISPLAY": display.name})

    done = command.run(*ONE_CYCLE)

    assert (done.code, done.stdout, done.stderr) == (3, "", "stint: not logged in: run stint login --server https://stint.example.com\n")
    assert _queued(command) == []


def _asked_after(proxy: MisbehavingProxy, path: str, moment: float) -> int:
    """How many times the agent asked ``GET path`` after ``moment`` (the proxy's clock)."""
    return sum(1 for seen in proxy.requests_to("GET", path) if seen.at > moment and seen.status == 200)


def _took(agent: Running) -> int:
    """How many times the agent has said it took screenshots."""
    return sum(1 for line in list(agent.lines) if " Took " in line)


def test_a_running_agent_pauses_while_no_timer_runs_and_goes_on_with_the_next_one(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    first = person.client.time_entries.start(person.project["id"], description="Before the break")
    with _capturing(person, first) as agent:
        stopped = person.client.time_entries.stop()
        # Three cycles after the stop, whatever was taken before it has gone up; three more take nothing.
        after_stop = time.monotonic()
        _eventually(lambda: _asked_after(proxy, "/api/v1/time-entries/current", after_stop) >= 3, "three cycles without a timer", agent)
        total = person.client.screenshots.list().meta["total"]
        took = _took(agent)
        paused = time.monotonic()
        _eventually(lambda: _asked_after(proxy, "/api/v1/time-entries/current", paused) >= 3, "three more cycles without a timer", agent)
        # Nothing taken, not only nothing sent (the server would refuse a late one anyway).
        assert _took(agent) == took
        assert person.client.screenshots.list().meta["total"] == total
        assert _queued(person.command) == []
        ended = stopped["end_time"]
        assert ended is not None and all(shot["taken_at"] <= ended for shot in _shots(person.client, first))

        second = person.client.time_entries.start(person.project["id"], description="After the break")
        _eventually(lambda: len(_shots(person.client, second)) >= 1, "a screenshot of the next entry", agent)
    # SIGTERM, as a service manager stops it: a clean end. A screenshot taken but not yet sent
    # stays in the queue, whole (its image and its record), for the next start.
    finished = agent.finish()
    assert finished.code == 0, finished
    left = sorted(path.name for path in person.command.queue_dir.iterdir())
    records = [name.rsplit(".", 1)[0] for name in left if name.endswith(".json")]
    assert sorted(name.rsplit(".", 1)[0] for name in left if not name.endswith(".json")) == records, left
    assert not [line for line in finished.stderr.splitlines() if line.strip()], finished.stderr


@contextlib.contextmanager
def _settings_restored(person: Person) -> Iterator[None]:
    try:
        yield
    finally:
        person.client.organization.update(screenshot_interval_minutes=10, screenshot_blur=False)


def test_the_organization_turning_capture_off_pauses_a_running_agent_until_it_turns_it_on(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    entry = person.client.time_entries.start(person.project["id"])
    with _capturing(person, entry) as agent, _settings_restored(person):
        person.client.organization.update(screenshot_interval_minutes=0)
        agent.wait_for_line(r"Screenshot capture is off for this organization")
        taken, took = len(_shots(person.client, entry)), _took(agent)
        off_since = time.monotonic()
        # The agent keeps asking the organization (every override interval here), and takes nothing meanwhile.
        _eventually(lambda: _asked_after(proxy, "/api/v1/organization", off_since) >= 3, "three looks at the settings while off", agent)
        assert (len(_shots(person.client, entry)), _took(agent)) == (taken, took)
        assert _asked_after(proxy, "/api/v1/time-entries/current", off_since) == 0

        person.client.organization.update(screenshot_interval_minutes=10, screenshot_blur=True)
        _eventually(lambda: len(_shots(person.client, entry)) > taken, "a screenshot once capture is on again", agent)
        newest = _shots(person.client, entry)[-1]
        assert _sharpness(person.client, newest) < 5


def test_one_agent_per_person_and_logging_out_ends_the_running_one(behind_proxy: Person, proxy: MisbehavingProxy) -> None:
    person = behind_proxy
    entry = person.client.time_entries.start(person.project["id"])
    with _capturing(person, entry) as agent:
        second = person.command.run(*ONE_CYCLE)
        assert (second.code, second.stderr) == (1, "stint: another stint capture is running for this user\n")

        assert person.command.run("logout").code == 0
        finished = agent.finish()
    assert (finished.code, finished.stderr) == (3, "stint: not logged in: run stint login --server https://stint.example.com"), finished
    taken = len(_shots(person.client, entry))
    assert _queued(person.command) == []
    # Signed out, it takes nothing, though the timer still runs.
    assert person.client.time_entries.current() is not None
    assert person.command.run(*ONE_CYCLE).code == 3
    assert len(_shots(person.client, entry)) == taken
