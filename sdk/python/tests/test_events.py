"""Live streams (``client.events.stream()``) against a real Stint: typed events, resuming
after a dropped connection without a loss or a repeat, ``last_event_id``, a reset, and a
credential without ``events:read``; blocking and asyncio alike."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Callable, Iterator, List, Union

import pytest

import stint
from stint.types import StintEvent, StreamReset
from tests.conftest import new_owner
from tests.support.relay import TcpRelay
from tests.support.stint_process import Deployment

Item = Union[StintEvent, StreamReset]


def _eventually(what: str, check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _created(items: List[Item]) -> List[str]:
    return [item["data"]["id"] for item in items if item["type"] == "project.created"]


@pytest.fixture
def relay(deployment: Deployment) -> Iterator[TcpRelay]:
    running = TcpRelay(deployment.url)
    yield running
    running.close()


def test_a_stream_gives_typed_events_and_resumes_after_a_dropped_connection(deployment: Deployment, relay: TcpRelay) -> None:
    direct, session = new_owner(deployment.url)
    via_relay = stint.Stint(access_token=session["access_token"], base_url=relay.url)
    opened = threading.Event()
    seen: List[Item] = []
    stream = via_relay.events.stream(reconnect_delay=0.02, max_reconnect_delay=0.2, on_open=opened.set)

    def read() -> None:
        for item in stream:
            seen.append(item)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert opened.wait(15)
    first = direct.projects.create("Live")
    _eventually("the first event", lambda: first["id"] in _created(seen))
    event = seen[0]
    if event["type"] == "project.created":
        assert event["data"]["name"] == "Live"
    assert (stream.last_event_id or "").startswith("evt_")

    relay.refusing = True
    relay.cut()
    missed = [direct.projects.create("while away 1"), direct.projects.create("while away 2")]
    _eventually("a refused reconnection", lambda: relay.connections >= 2)
    relay.refusing = False
    _eventually("the missed events", lambda: len(_created(seen)) >= 3)
    assert _created(seen) == [first["id"]] + [project["id"] for project in missed]
    ids = [item["id"] for item in seen if item["type"] != "reset"]
    assert len(set(ids)) == len(ids) and stream.last_event_id == ids[-1]

    stream.close()
    reader.join(15)
    assert not reader.is_alive()
    direct.close()
    via_relay.close()


def test_an_async_stream_resumes_from_last_event_id_and_says_reset_for_an_unknown_one(deployment: Deployment) -> None:
    _, session = new_owner(deployment.url)

    async def run() -> None:
        async with stint.AsyncStint(access_token=session["access_token"], base_url=deployment.url) as client:
            opened = asyncio.Event()
            first = client.events.stream(on_open=opened.set)
            waiting = asyncio.ensure_future(first.__anext__())
            await asyncio.wait_for(opened.wait(), 15)
            one = await client.projects.create("one")
            seen = await asyncio.wait_for(waiting, 15)
            assert seen["type"] == "project.created" and seen["id"].startswith("evt_")
            assert _created([seen]) == [one["id"]]
            await first.aclose()

            two = await client.projects.create("two")
            async with client.events.stream(last_event_id=seen["id"]) as resumed:
                following = await asyncio.wait_for(resumed.__anext__(), 15)
                assert _created([following]) == [two["id"]]

            async with client.events.stream(last_event_id="evt_4fJ2kLm9QxT7bN1cR8sV0w") as unknown:
                reset = await asyncio.wait_for(unknown.__anext__(), 15)
                assert reset["type"] == "reset" and reset["reason"] == "unknown_last_event_id"

    asyncio.run(run())


def test_a_key_without_events_read_is_refused_without_reconnecting(owner: stint.Stint, deployment: Deployment) -> None:
    key = owner.api_keys.create("no events", ["projects:read"])
    with stint.Stint(api_key=key["key"], base_url=deployment.url) as keyed:
        with pytest.raises(stint.PermissionDeniedError):
            next(iter(keyed.events.stream()))


def test_the_parser_gives_each_message_once_wherever_the_text_is_cut() -> None:
    from stint._event_stream import ServerSentEventParser, ServerSentMessage

    text = ": hi\r\nretry: 2000\r\nid: evt_2\r\nevent: time_entry.started\r\ndata: one\r\ndata: two\r\n\r\nevent: reset\rdata: {}\r\r"
    for cut in range(1, len(text)):
        parser = ServerSentEventParser()
        first, second = parser.push(text[:cut]), parser.push(text[cut:])
        assert first.messages + second.messages == [
            ServerSentMessage("time_entry.started", "one\ntwo", "evt_2"),
            ServerSentMessage("reset", "{}", "evt_2"),
        ], cut
        assert 2000 in (first.retry_ms, second.retry_ms)
