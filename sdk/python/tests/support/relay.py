"""A TCP relay on loopback in front of a real Stint, byte for byte, that can cut every
connection at once: what a client sees when its network drops or a server goes away. While
``refusing``, new connections are closed as soon as they arrive."""

from __future__ import annotations

import socket
import threading
from typing import List, Set
from urllib.parse import urlsplit


class TcpRelay:
    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 80)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self.refusing = False
        #: Connections accepted, refused ones included.
        self.connections = 0
        self._open: Set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Drops every open connection."""
        with self._lock:
            sockets: List[socket.socket] = list(self._open)
            self._open.clear()
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self._closed = True
        self._listener.close()
        self.cut()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self.connections += 1
            if self.refusing:
                client.close()
                continue
            upstream = socket.create_connection(self._target)
            with self._lock:
                self._open.update((client, upstream))
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
