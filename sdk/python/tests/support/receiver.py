"""A webhook receiver on loopback that keeps each delivery's raw body and headers."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List


@dataclass
class Delivery:
    body: bytes
    headers: Dict[str, str]


class WebhookReceiver:
    def __init__(self) -> None:
        self.deliveries: List[Delivery] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                receiver.deliveries.append(Delivery(body, dict(self.headers.items())))
                self.send_response(204)
                self.end_headers()

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/hooks"

    def wait_for(self, match: Callable[[Delivery], bool], timeout: float = 60.0) -> Delivery:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for delivery in list(self.deliveries):
                if match(delivery):
                    return delivery
            time.sleep(0.1)
        raise AssertionError(f"no matching delivery arrived; got {len(self.deliveries)} others")

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
