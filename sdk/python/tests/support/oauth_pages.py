"""A person at Stint's OAuth pages, without a browser: keeps the page session's cookie, reads
each page's form, and submits it as a browser would, without following redirects, so that a
test sees where the pages send the person."""

from __future__ import annotations

import html
import re
from typing import Dict, Optional
from urllib.parse import urljoin, urlsplit, urlunsplit

import httpx

HIDDEN_FIELD = re.compile(r'<input type="hidden" name="([^"]*)" value="([^"]*)">')


class PageVisitor:
    def __init__(self, client_address: str) -> None:
        # One address per person, as a browser has; the pages count sign-ins per address.
        self._http = httpx.Client(headers={"X-Forwarded-For": client_address}, follow_redirects=False)
        self.url = ""
        self.page: Optional[httpx.Response] = None

    def close(self) -> None:
        self._http.close()

    def open(self, url: str) -> httpx.Response:
        self.url = url
        self.page = self._http.get(url)
        return self.page

    def submit(self, fields: Dict[str, str]) -> httpx.Response:
        """Posts the current page's form (its hidden fields, then ``fields``) to the page's own address."""
        assert self.page is not None
        hidden = {html.unescape(name): html.unescape(value) for name, value in HIDDEN_FIELD.findall(self.page.text)}
        parts = urlsplit(self.url)
        action = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
        answer = self._http.post(action, data={**hidden, **fields})
        if answer.status_code == 303:
            # After a form, on to the page the answer names.
            return self.open(urljoin(action, answer.headers["location"]))
        self.page = answer
        return answer

    def sign_in(self, email: str, password: str) -> httpx.Response:
        return self.submit({"action": "sign_in", "email": email, "password": password})

    def back_to_application(self) -> str:
        """Where the pages sent the person: the ``Location`` of the redirect that ended them."""
        assert self.page is not None
        if self.page.status_code != 302:
            raise AssertionError(f"expected the redirect back, got {self.page.status_code}: {self.page.text[:300]}")
        return self.page.headers["location"]
