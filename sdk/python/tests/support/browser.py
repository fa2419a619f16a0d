"""A browser in miniature for the OAuth pages, which are plain HTML forms with no script: it
keeps cookies, follows redirects, reads a page's form (its action, hidden fields and
buttons) and submits it as a person filling it in would."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Dict, List, Optional, Tuple
from urllib.parse import urljoin

import httpx


@dataclass
class Form:
    action: str
    fields: Dict[str, str] = field(default_factory=dict)
    #: (name, value) of each submit button.
    buttons: List[Tuple[str, str]] = field(default_factory=list)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: List[Form] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append(Form(named.get("action", "")))
        elif self.forms and tag == "input" and "name" in named:
            self.forms[-1].fields[named["name"]] = named.get("value", "")
        elif self.forms and tag == "button" and "name" in named:
            self.forms[-1].buttons.append((named["name"], named.get("value", "")))


class Browser:
    def __init__(self, client_address: str) -> None:
        # The pages count sign-ins per address: each test's browser comes from an address of its own.
        self.http = httpx.Client(follow_redirects=True, timeout=60, headers={"X-Forwarded-For": client_address})
        self.page: Optional[httpx.Response] = None

    def open(self, url: str) -> httpx.Response:
        self.page = self.http.get(url)
        self.page.raise_for_status()
        return self.page

    def form(self) -> Form:
        assert self.page is not None
        parser = _Forms()
        parser.feed(self.page.text)
        assert parser.forms, f"no form on the page:\n{self.page.text}"
        return parser.forms[0]

    def submit(self, filled: Dict[str, str], button: Optional[str] = None) -> httpx.Response:
        """Submits the page's form with the fields filled in, by the button whose value is ``button``."""
        assert self.page is not None
        form = self.form()
        data = {**form.fields, **filled}
        if button is not None:
            name = next(name for name, value in form.buttons if value == button)
            data[name] = button
        self.page = self.http.post(urljoin(str(self.page.url), form.action), data=data)
        self.page.raise_for_status()
        return self.page

    def close(self) -> None:
        self.http.close()


def answer_device_code(url: str, email: str, password: str, client_address: str, *, approve: bool = True, typed_code: Optional[str] = None) -> str:
    """Signs in on the verification page at ``url`` and allows (or denies) the device; the page's last text.

    With ``typed_code``, the page is opened without the code and the person types it."""
    browser = Browser(client_address)
    try:
        browser.open(url)
        browser.submit({"email": email, "password": password})
        if typed_code is not None:
            browser.submit({"user_code": typed_code})
        page = browser.submit({}, "approve" if approve else "deny")
        return page.text
    finally:
        browser.close()
