"""Where the command keeps what it keeps, private to the user: folders 0700, files 0600, each
file replaced whole (written aside, then renamed), and a lock between the command's processes.

The folders are the platform's (``platformdirs``): on Linux ``$XDG_CONFIG_HOME/stint`` (else
``~/.config/stint``) for the credentials and ``$XDG_DATA_HOME/stint`` (else
``~/.local/share/stint``) for the capture queue; on macOS ``~/Library/Application Support/stint``;
on Windows ``%LOCALAPPDATA%\\stint``.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Iterator

import platformdirs

APP_NAME = "stint"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def private_dir(path: Path) -> Path:
    """The folder, made if missing, readable by its user alone."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    # mkdir's mode does not apply to a folder that already existed, and the umask may narrow
    # it further than asked, never widen it: set it outright.
    os.chmod(path, 0o700)
    return path


def write_private(path: Path, content: bytes) -> None:
    """Replaces the file whole with ``content``, 0600: a reader sees the old file or the new one, never half of one."""
    private_dir(path.parent)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file 0600 already; say so for any platform where it would not.
        os.chmod(temporary, 0o600)
        with os.fdopen(handle, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _lock(handle: IO[bytes], blocking: bool) -> bool:
    if sys.platform == "win32":
        import msvcrt

        # Windows locks bytes from the current position: always the first one.
        handle.seek(0)
        try:
            # LK_LOCK retries for about ten seconds before failing; LK_NBLCK fails at once.
            msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK if blocking else msvcrt.LK_NBLCK, 1)
        except OSError:
            if blocking:
                raise
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


@contextlib.contextmanager
def exclusive(path: Path, *, blocking: bool = True) -> Iterator[bool]:
    """Holds the lock file ``path`` while the block runs; yields False (without waiting) when
    ``blocking`` is False and another process holds it. The lock ends with the process at the latest."""
    private_dir(path.parent)
    with open(path, "a+b") as handle:
        os.chmod(path, 0o600)
        held = _lock(handle, blocking)
        try:
            yield held
        finally:
            if held:
                _unlock(handle)


def _unlock(handle: IO[bytes]) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
