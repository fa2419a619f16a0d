"""Stint as real OS processes (``tsx main.ts``), embedded or distributed, for the suite."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import httpx

REPO_ROOT = Path(__file__).resolve().parents[4]
NODE_BIN = REPO_ROOT / "node_modules" / ".bin"
BACKEND_SERVICES = "auth,users,projects,timeEntries,webhooks,reports,imports,screenshots,oauth,system,events,mail"
JWT_SECRET = "python-sdk-tests-signing-secret-0123456789abcdef"
START_TIMEOUT_SECONDS = 120.0


class StintProcess:
    """One ``tsx main.ts`` with its JSON log lines collected as they arrive."""

    def __init__(self, env: Dict[str, str]) -> None:
        full_env = {
            "PATH": f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": os.environ.get("HOME", ""),
            "PORT": "0",
            "LOG_FORMAT": "json",
            "LOG_LEVEL": "info",
            "JWT_SECRET": JWT_SECRET,
            # The webhook receiver of the suite listens on loopback over plain HTTP.
            "WEBHOOK_ALLOW_PRIVATE_URLS": "true",
            # Requests from the suite name their client address, so each test's sign-up
            # is counted apart (the per-address limits of public endpoints).
            "TRUSTED_PROXIES": "127.0.0.1,::1",
            **env,
        }
        self.logs: List[Dict[str, Any]] = []
        self.stderr: List[str] = []
        self._process = subprocess.Popen(
            [str(NODE_BIN / "tsx"), "main.ts"],
            cwd=REPO_ROOT,
            env=full_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        threading.Thread(target=self._collect_stdout, daemon=True).start()
        threading.Thread(target=self._collect_stderr, daemon=True).start()

    def _collect_stdout(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            try:
                parsed = json.loads(line)
            except ValueError:
                parsed = {"msg": line.rstrip()}
            self.logs.append(parsed if isinstance(parsed, dict) else {"msg": str(parsed)})

    def _collect_stderr(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self.stderr.append(line)

    def wait_for_log(self, match: Callable[[Dict[str, Any]], bool]) -> Dict[str, Any]:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            for line in list(self.logs):
                if match(line):
                    return line
            if self._process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"Stint did not start (exit {self._process.poll()}):\n{''.join(self.stderr[-40:])}\n{self.logs[-20:]}")

    def url(self) -> str:
        line = self.wait_for_log(lambda l: isinstance(l.get("url"), str) and str(l.get("msg", "")).startswith("Stint is listening"))
        return str(line["url"])

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


def wait_until_serving(url: str) -> None:
    """Until a request reaches a service (in distributed mode the gateway may not see them yet)."""
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/v1/version", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"Stint at {url} did not answer /api/v1/version")


def mongo_url_with_database(url: str, database: str) -> str:
    scheme_end = url.index("://") + 3
    query_start = url.find("?", scheme_end)
    slash = url.find("/", scheme_end)
    if slash >= 0 and (query_start < 0 or slash < query_start):
        authority_end = slash
    else:
        authority_end = query_start if query_start >= 0 else len(url)
    query = url[query_start:] if query_start >= 0 else ""
    return f"{url[:authority_end]}/{database}{query}"


class Deployment:
    """A running Stint and how to stop it."""

    def __init__(self, url: str, processes: List[StintProcess], data_dir: "tempfile.TemporaryDirectory[str]") -> None:
        self.url = url
        self._processes = processes
        self._data_dir = data_dir

    def stop(self) -> None:
        for process in self._processes:
            process.stop()
        self._data_dir.cleanup()


def start_embedded() -> Deployment:
    data_dir = tempfile.TemporaryDirectory(prefix="stint-sdk-python-")
    process = StintProcess({"DATA_DIR": data_dir.name})
    try:
        url = process.url()
        wait_until_serving(url)
    except BaseException:
        process.stop()
        data_dir.cleanup()
        raise
    return Deployment(url, [process], data_dir)


def start_distributed(mongo_url: str, nats_url: str, redis_url: str) -> Deployment:
    """A services process and a gateway process over NATS, MongoDB (a database of their own) and Redis."""
    suffix = uuid.uuid4().hex[:8]
    data_dir = tempfile.TemporaryDirectory(prefix="stint-sdk-python-")
    shared = {
        "DATA_DIR": data_dir.name,
        "NAMESPACE": f"sdk-python-{suffix}",
        "MONGO_URL": mongo_url_with_database(mongo_url, f"stint_sdk_python_{suffix}"),
        "NATS_URL": nats_url,
        "REDIS_URL": redis_url,
    }
    services = StintProcess({**shared, "SERVICES": BACKEND_SERVICES, "NODE_ID": f"sdk-python-services-{suffix}"})
    processes = [services]
    try:
        services.wait_for_log(lambda l: str(l.get("msg", "")).startswith("Stint services started"))
        gateway = StintProcess({**shared, "SERVICES": "gateway", "NODE_ID": f"sdk-python-gateway-{suffix}"})
        processes.insert(0, gateway)
        url = gateway.url()
        wait_until_serving(url)
    except BaseException:
        for process in processes:
            process.stop()
        data_dir.cleanup()
        raise
    return Deployment(url, processes, data_dir)
