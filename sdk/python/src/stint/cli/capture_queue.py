"""The capture agent's queue on disk: every screenshot waits here, private to the user, until
the server has it, so that one taken offline (or while the server fails) goes up later, in
the order taken, even after the agent or the computer restarts.

Each screenshot is two files named by when it was taken and which screen it shows: the
image, then a small JSON file that completes it. Both are written aside and renamed into
place, so a screenshot half-written when the agent stopped is never sent (and is cleared).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import List, Optional

from . import files

#: More than this waiting (some days offline at the default interval) and the agent takes no more.
MAX_WAITING = 1000


@dataclass(frozen=True)
class QueuedShot:
    #: ``<taken_at in nanoseconds, 20 digits>-<screen number>``: sorts as taken.
    key: str
    #: The sign-in it was taken under: another one's server never receives it.
    server: str
    user_id: Optional[str]
    time_entry_id: str
    #: ISO 8601 UTC with milliseconds, as uploaded.
    taken_at: str
    mime_type: str
    extension: str
    sha256: str
    #: Uploads tried without an answer; after one, the server may have it already.
    attempts: int = 0


class CaptureQueue:
    def __init__(self, folder: Optional[Path] = None) -> None:
        self.folder = folder if folder is not None else files.data_dir() / "capture-queue"

    def _image(self, shot: QueuedShot) -> Path:
        return self.folder / f"{shot.key}.{shot.extension}"

    def _record(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def add(self, shot: QueuedShot, image: bytes) -> QueuedShot:
        """Keeps the image until ``remove``; ``shot.sha256`` is filled in from its bytes."""
        kept = replace(shot, sha256=hashlib.sha256(image).hexdigest())
        files.write_private(self._image(kept), image)
        files.write_private(self._record(kept.key), json.dumps(asdict(kept)).encode())
        return kept

    def read(self, shot: QueuedShot) -> bytes:
        return self._image(shot).read_bytes()

    def waiting(self) -> List[QueuedShot]:
        """Every complete screenshot, oldest first; what an interrupted write left is deleted."""
        if not self.folder.is_dir():
            return []
        shots: List[QueuedShot] = []
        complete = set()
        for record in sorted(self.folder.glob("*.json")):
            try:
                shot = QueuedShot(**json.loads(record.read_bytes()))
            except (ValueError, TypeError):
                record.unlink(missing_ok=True)
                continue
            if not self._image(shot).exists():
                record.unlink(missing_ok=True)
                continue
            shots.append(shot)
            complete.add(self._image(shot).name)
            complete.add(record.name)
        for leftover in self.folder.iterdir():
            if leftover.name not in complete:
                leftover.unlink(missing_ok=True)
        return shots

    def note_attempt(self, shot: QueuedShot) -> QueuedShot:
        tried = replace(shot, attempts=shot.attempts + 1)
        files.write_private(self._record(shot.key), json.dumps(asdict(tried)).encode())
        return tried

    def remove(self, shot: QueuedShot) -> None:
        # The record first: without it, what is left of the image is a leftover, never sent.
        self._record(shot.key).unlink(missing_ok=True)
        self._image(shot).unlink(missing_ok=True)

    def clear(self) -> int:
        """Deletes every screenshot waiting; how many there were."""
        shots = self.waiting()
        for shot in shots:
            self.remove(shot)
        return len(shots)
