"""``stint capture``: the screenshot agent.

While the person's timer runs, it takes one screenshot of every screen at a random moment in
each interval the organization sets (``screenshot_interval_minutes``; 0 turns it off for
everyone), blurred when the organization says so (``screenshot_blur``), and uploads them
against the running entry. It asks the server whether a timer runs right before it captures,
and asks again about the entry right before it uploads: a screenshot taken after its entry
stopped is deleted, never sent. Everything waits in a queue on disk until the server has it,
so screenshots taken offline go up later, in order, also after a restart. See docs/cli.md.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable, Dict, List, Mapping, Optional

from .._errors import (
    APIConnectionError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    RateLimitError,
    UnprocessableEntityError,
)
from .._client import Stint
from ..types import TimeEntry
from . import exits
from .capture_queue import MAX_WAITING, CaptureQueue, QueuedShot
from .days import parse_moment
from .session import Session

if TYPE_CHECKING:
    from .screens import Picture

#: How often the agent asks again while capture is off, and between tries while the server cannot be reached.
RECHECK_SECONDS = 300.0
RETRY_SECONDS = 30.0
#: While the server cannot be reached, the agent goes on as the timer was when it last heard,
#: for this long at most. The server refuses what falls outside the entry anyway.
OFFLINE_TRUST_SECONDS = 4 * 3600.0
#: Uploads pause when fewer than this share of the rate limit's window is left, so the
#: person's own use of the API (the web app, this command) keeps its allowance.
RATE_RESERVE = 0.2
MAX_RATE_WAIT_SECONDS = 120.0
#: Past this many 429s in a row the queue waits for the next round.
MAX_RATE_WAITS = 5
#: The answers that say a screenshot will never be taken: it is dropped, the queue moves on.
REFUSALS = (BadRequestError, NotFoundError, ConflictError, PayloadTooLargeError, UnprocessableEntityError)


@dataclass(frozen=True)
class Settings:
    #: 0 when capture is off.
    interval_seconds: float
    blur: bool


def unavailable(error: Exception) -> bool:
    """The server cannot be reached, or cannot answer now: try again later."""
    if isinstance(error, (APIConnectionError, InternalServerError)):
        return True
    return isinstance(error, exits.CommandError) and error.code in (exits.Exit.NETWORK, exits.Exit.SERVER)


def moment_text(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Agent:
    def __init__(
        self,
        session: Session,
        queue: CaptureQueue,
        *,
        grab: Callable[[bool], List["Picture"]],
        say: Callable[[str], None],
        interval_override: Optional[float] = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        rng: Optional[random.Random] = None,
    ) -> None:
        self.session = session
        self.queue = queue
        self.grab = grab
        self.say = say
        self.interval_override = interval_override
        self.sleep = sleep
        self.clock = clock
        self.rng = rng or random.Random()
        self.settings: Optional[Settings] = None
        #: The running entry as last heard, and when (by ``clock``).
        self.running: Optional[TimeEntry] = None
        self.heard_at = float("-inf")

    # -- what the server says -------------------------------------------------------------

    def read_settings(self) -> Optional[Settings]:
        """The organization's settings; the last ones heard when the server cannot be reached."""
        try:
            organization = self.session.run(lambda client: client.organization.get())
        except Exception as error:  # noqa: BLE001 - sorted below: only unavailability is survived
            if unavailable(error):
                return self.settings
            raise
        minutes = int(organization.get("screenshot_interval_minutes", 10))
        interval = 0.0 if minutes <= 0 else (self.interval_override or minutes * 60.0)
        self.settings = Settings(interval, bool(organization.get("screenshot_blur", False)))
        return self.settings

    def running_entry(self) -> Optional[TimeEntry]:
        """The running entry right now; offline, the one last heard of (for a while)."""
        try:
            self.running = self.session.run(lambda client: client.time_entries.current())
            self.heard_at = self.clock()
            return self.running
        except Exception as error:  # noqa: BLE001
            if not unavailable(error):
                raise
        if self.running is not None and self.clock() - self.heard_at < OFFLINE_TRUST_SECONDS:
            return self.running
        return None

    # -- the cycle ------------------------------------------------------------------------

    def run(self, *, once: bool) -> None:
        said_off = False
        while True:
            settings = self.read_settings()
            self.upload_waiting()
            if settings is None:
                if once:
                    raise exits.network(f"cannot reach {self.session.credentials.server}: nothing taken")
                self.wait(self.interval_override or RETRY_SECONDS)
                continue
            if settings.interval_seconds <= 0:
                if not said_off or once:
                    self.say("Screenshot capture is off for this organization (screenshot_interval_minutes is 0): nothing is taken.")
                said_off = True
                if once:
                    return
                self.wait(self.interval_override or RECHECK_SECONDS)
                continue
            said_off = False
            moment = self.rng.uniform(0, settings.interval_seconds)
            self.wait(moment)
            self.capture(settings.blur, once=once)
            if once:
                left = len(self.queue.waiting())
                if left:
                    self.say(f"{left} screenshot{'s' if left != 1 else ''} waiting to upload: the server cannot take them now.")
                return
            self.wait(settings.interval_seconds - moment)

    def wait(self, seconds: float) -> None:
        """Sleeps, uploading what waits whenever the server may be back."""
        end = self.clock() + seconds
        step = min(RETRY_SECONDS, self.interval_override or RETRY_SECONDS)
        while True:
            left = end - self.clock()
            if left <= 0:
                return
            self.sleep(min(left, step))
            if self.queue.waiting():
                self.upload_waiting()

    def capture(self, blur: bool, *, once: bool) -> None:
        entry = self.running_entry()
        if entry is None:
            if once:
                self.say("No timer is running: nothing taken.")
            return
        if len(self.queue.waiting()) >= MAX_WAITING:
            self.say(f"{MAX_WAITING} screenshots are waiting to upload already: none taken until they are.")
            return
        taken = datetime.now(timezone.utc)
        pictures = self.grab(blur)
        credentials = self.session.credentials
        stamp = f"{int(taken.timestamp() * 1_000_000_000):020d}"
        for number, picture in enumerate(pictures, start=1):
            shot = QueuedShot(
                key=f"{stamp}-{number:02d}",
                server=credentials.server,
                user_id=credentials.user_id,
                time_entry_id=entry["id"],
                taken_at=moment_text(taken),
                mime_type=picture.mime_type,
                extension=picture.extension,
                sha256="",
            )
            self.queue.add(shot, picture.content)
        self.say(f"Took {len(pictures)} screenshot{'s' if len(pictures) != 1 else ''} for {entry['id']} at {moment_text(taken)}.")
        self.upload_waiting()

    # -- uploading ------------------------------------------------------------------------

    def upload_waiting(self) -> None:
        """Uploads the queue oldest first; stops at the first one the server cannot take now, so the order holds."""
        waiting = self.queue.waiting()
        if not waiting:
            return
        credentials = self.session.credentials
        entries: Dict[str, Optional[TimeEntry]] = {}
        held_back = 0
        while waiting:
            shot = waiting[0]
            if (shot.server, shot.user_id) != (credentials.server, credentials.user_id):
                # Taken under another sign-in: its server never receives it.
                self.queue.remove(waiting.pop(0))
                continue
            try:
                rate: Mapping[str, str] = {}
                if not self.inside_its_entry(shot, entries):
                    self.say(f"Deleted the screenshot taken at {shot.taken_at}: its entry had stopped before.")
                elif not (shot.attempts and self.already_uploaded(shot)):
                    rate = self.upload(self.queue.note_attempt(shot))
                self.queue.remove(waiting.pop(0))
                self.keep_within_rate(rate)
            except RateLimitError as error:
                held_back += 1
                if held_back > MAX_RATE_WAITS:
                    return
                self.sleep(min(error.retry_after or RETRY_SECONDS, MAX_RATE_WAIT_SECONDS))
            except REFUSALS as error:
                self.queue.remove(waiting.pop(0))
                self.say(f"The server refused the screenshot taken at {shot.taken_at}: {error.message}")
            except Exception as error:  # noqa: BLE001
                if unavailable(error):
                    return
                raise

    def inside_its_entry(self, shot: QueuedShot, entries: Dict[str, Optional[TimeEntry]]) -> bool:
        """Whether the entry still exists and ran when the screenshot was taken: asked of the server
        right before uploading (once per round of uploads and entry)."""
        if shot.time_entry_id not in entries:
            try:
                entries[shot.time_entry_id] = self.session.run(lambda client: client.time_entries.get(shot.time_entry_id))
            except NotFoundError:
                entries[shot.time_entry_id] = None
        entry = entries[shot.time_entry_id]
        return entry is not None and (entry["end_time"] is None or parse_moment(shot.taken_at) <= parse_moment(entry["end_time"]))

    def already_uploaded(self, shot: QueuedShot) -> bool:
        """After a try that got no answer, the server may have the screenshot: the same bytes, taken the same second, in the entry."""
        second = shot.taken_at[:19]

        def listed(client: Stint) -> bool:
            found = client.screenshots.list(time_entry_id=shot.time_entry_id, per_page=200)
            return any(each["sha256"] == shot.sha256 and each["taken_at"][:19] == second for each in found)

        return bool(self.session.run(listed))

    def upload(self, shot: QueuedShot) -> Mapping[str, str]:
        """Sends the screenshot; the answer's headers, which tell how much of the rate limit is left."""
        content = self.queue.read(shot)
        name = f"screen-{shot.key.rsplit('-', 1)[-1]}.{shot.extension}"
        answer = self.session.run(
            lambda client: client.screenshots.with_raw_response.upload(content, shot.time_entry_id, taken_at=shot.taken_at, filename=name),
            # The queue is the retry: it keeps the order, and knows when a try may have landed.
            max_retries=0,
        )
        self.say(f"Uploaded the screenshot taken at {shot.taken_at} ({answer.data['id']}).")
        return answer.headers

    def keep_within_rate(self, headers: Mapping[str, str]) -> None:
        try:
            limit = int(headers["x-ratelimit-limit"])
            remaining = int(headers["x-ratelimit-remaining"])
            reset = float(headers["x-ratelimit-reset"])
        except (KeyError, ValueError):
            return
        if remaining < limit * RATE_RESERVE:
            self.sleep(min(max(0.0, reset - time.time()), MAX_RATE_WAIT_SECONDS))
