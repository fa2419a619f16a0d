"""The ``stint`` command run as a person runs it: a process of its own, with config and data
folders of its own (``XDG_CONFIG_HOME``, ``XDG_DATA_HOME``), from this checkout's sources."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

from tests.support.browser import answer_device_code

SOURCES = Path(__file__).resolve().parents[2] / "src"
COMMAND_TIMEOUT_SECONDS = 120


@dataclass(frozen=True)
class Finished:
    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


class StintCommand:
    def __init__(self, home: Path, env: Optional[Dict[str, str]] = None) -> None:
        self.home = home
        self.extra_env = dict(env or {})

    @property
    def config_dir(self) -> Path:
        return self.home / "config" / "stint"

    @property
    def credentials_path(self) -> Path:
        return self.config_dir / "credentials.json"

    @property
    def queue_dir(self) -> Path:
        return self.home / "data" / "stint" / "capture-queue"

    def credentials(self) -> Dict[str, Any]:
        stored: Dict[str, Any] = json.loads(self.credentials_path.read_text())
        return stored

    def env(self) -> Dict[str, str]:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(self.home),
            "PYTHONPATH": str(SOURCES),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_DATA_HOME": str(self.home / "data"),
            "PYTHONUNBUFFERED": "1",
            "LANG": "C.UTF-8",
        }
        env.update(self.extra_env)
        return env

    def argv(self, args: List[str]) -> List[str]:
        return [sys.executable, "-m", "stint.cli", *args]

    def run(self, *args: str, env: Optional[Dict[str, str]] = None) -> Finished:
        done = subprocess.run(self.argv(list(args)), env={**self.env(), **(env or {})}, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_SECONDS)
        return Finished(done.returncode, done.stdout, done.stderr)

    def start(self, *args: str, env: Optional[Dict[str, str]] = None) -> "Running":
        process = subprocess.Popen(self.argv(list(args)), env={**self.env(), **(env or {})}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return Running(process)


class Running:
    """A command still running, its output collected as it comes."""

    def __init__(self, process: "subprocess.Popen[str]") -> None:
        self.process = process
        self.lines: List[str] = []
        self.errors: List[str] = []
        self._changed = threading.Condition()
        self._readers = [
            threading.Thread(target=self._collect, args=(process.stdout, self.lines), daemon=True),
            threading.Thread(target=self._collect, args=(process.stderr, self.errors), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _collect(self, stream: Any, into: List[str]) -> None:
        for line in stream:
            with self._changed:
                into.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def wait_for_line(self, pattern: str, timeout: float = COMMAND_TIMEOUT_SECONDS) -> "re.Match[str]":
        """The first output line matching ``pattern``, waiting for it as long as the command runs."""
        compiled = re.compile(pattern)
        # A deadline, not a silence: a command that keeps printing other lines must not wait forever.
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in self.lines:
                    found = compiled.search(line)
                    if found:
                        return found
                if self.process.poll() is not None and not self._changed.wait(0.5):
                    raise AssertionError(f"the command ended ({self.process.returncode}) without printing {pattern!r}:\n{self.output()}")
                left = deadline - time.monotonic()
                if left <= 0 or not self._changed.wait(left):
                    raise AssertionError(f"no line matching {pattern!r} within {timeout} s:\n{self.output()}")

    def finish(self, timeout: float = COMMAND_TIMEOUT_SECONDS) -> Finished:
        code = self.process.wait(timeout=timeout)
        # The readers end with the streams, which end with the process.
        for reader in self._readers:
            reader.join(timeout)
        return Finished(code, "\n".join(self.lines), "\n".join(self.errors))

    def output(self) -> str:
        return "\n".join(self.lines + self.errors)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def log_in(command: StintCommand, server: str, email: str, password: str, client_address: str, *extra: str) -> Finished:
    """``stint login --server ...``, approved on the verification page as a person would."""
    login = command.start("login", "--server", server, *extra)
    link = login.wait_for_line(r"^\(or open (\S+)\)$").group(1)
    page = answer_device_code(link, email, password, client_address)
    assert "Device connected" in page, page
    return login.finish()
