"""A small loopback HTTP proxy in front of a real Stint that misbehaves on purpose.

Each rule matches requests by method and path and, for its next ``times`` matches, answers
a status of its own (a 429 or a 503 with chosen headers), forwards the request but drops the
response (as a connection that broke after the server did the work), waits before
forwarding, or forwards to another path. Everything else is forwarded as it is. Every request
is recorded with its arrival time, headers and body. While ``offline`` is set, every
connection is closed without an answer, as when the server cannot be reached.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional

import httpx

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host", "content-encoding"}


@dataclass
class Seen:
    at: float
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes = b""
    response_headers: Dict[str, str] = field(default_factory=dict)
    status: Optional[int] = None


@dataclass
class Rule:
    method: str
    path_prefix: str
    times: int
    status: Optional[int] = None
    headers: Dict[str, str] = field(default_factory=dict)
    #: The JSON body of an answer of the proxy's own (``status``); a made-up error by default.
    body: Optional[bytes] = None
    drop_response: bool = False
    delay_seconds: float = 0.0
    rewrite: Optional[Callable[[str], str]] = None


class MisbehavingProxy:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.rules: List[Rule] = []
        self.seen: List[Seen] = []
        self.offline = False
        self._lock = threading.Lock()
        self._http = httpx.Client(timeout=60)
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def _handle(self) -> None:
                proxy._serve(self)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def add(self, rule: Rule) -> None:
        with self._lock:
            self.rules.append(rule)

    def requests_to(self, method: str, path_prefix: str) -> List[Seen]:
        return [seen for seen in self.seen if seen.method == method and seen.path.startswith(path_prefix)]

    def _take_rule(self, method: str, path: str) -> Optional[Rule]:
        with self._lock:
            for rule in self.rules:
                if rule.times > 0 and rule.method == method and path.startswith(rule.path_prefix):
                    rule.times -= 1
                    return rule
        return None

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        if self.offline:
            handler.close_connection = True
            return
        length = int(handler.headers.get("content-length") or 0)
        content = handler.rfile.read(length) if length else b""
        seen = Seen(time.monotonic(), handler.command, handler.path, {k.lower(): v for k, v in handler.headers.items()}, content)
        with self._lock:
            self.seen.append(seen)
        rule = self._take_rule(handler.command, handler.path)
        if rule is not None and rule.status is not None:
            payload = rule.body if rule.body is not None else b'{"error":{"code":"made_up","message":"answered by the test proxy"}}'
            self._reply(handler, seen, rule.status, {"content-type": "application/json", **rule.headers}, payload)
            return
        if rule is not None and rule.delay_seconds:
            time.sleep(rule.delay_seconds)
        target = rule.rewrite(handler.path) if rule is not None and rule.rewrite is not None else handler.path
        headers = {k: v for k, v in handler.headers.items() if k.lower() not in HOP_BY_HOP}
        upstream = self._http.request(handler.command, self.upstream + target, headers=headers, content=content)
        if rule is not None and rule.drop_response:
            # The server did the work; the caller never hears of it.
            seen.status = upstream.status_code
            handler.close_connection = True
            return
        self._reply(handler, seen, upstream.status_code, dict(upstream.headers), upstream.content)

    @staticmethod
    def _reply(handler: BaseHTTPRequestHandler, seen: Seen, status: int, headers: Dict[str, str], payload: bytes) -> None:
        seen.status = status
        seen.response_headers = {k.lower(): v for k, v in headers.items()}
        handler.send_response(status)
        for name, value in headers.items():
            if name.lower() not in HOP_BY_HOP:
                handler.send_header(name, value)
        handler.send_header("content-length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._http.close()
