"""The async classes and the raw-response classes are derived from the blocking ones by
``scripts/derive_twins.py``, never edited by hand: the derived half of every resource module
is what the script writes today, and it has the blocking classes' surface."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import stint
from scripts.derive_twins import MARKER, DeriveError, derive, out_of_step, resource_modules


def test_every_resource_module_is_in_step_with_its_blocking_classes() -> None:
    assert out_of_step() == [], "run python scripts/derive_twins.py"


def test_a_hand_edit_of_the_derived_half_is_out_of_step() -> None:
    text = (Path(stint.__file__).parent / "resources" / "projects.py").read_text(encoding="utf-8")
    edited = text.replace("async def unarchive(", "def unarchive(")
    assert edited != text and derive(edited) == text


def test_a_method_without_a_docstring_cannot_be_derived() -> None:
    source = "\n".join(
        [
            "from .._pagination import AsyncPage, AsyncPager",
            "from .._response import RawResponse",
            "from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource",
            'class Things(SyncResource["ThingsWithRawResponse"]):',
            "    def get(self, thing_id: str) -> None:",
            "        self._none(thing_id)",
        ]
    )
    with pytest.raises(DeriveError, match="get has no docstring"):
        derive(source)


def test_each_module_has_its_derived_half() -> None:
    assert resource_modules() and all(MARKER in path.read_text(encoding="utf-8") for path in resource_modules())


def _methods(resource: object) -> "dict[str, inspect.Signature]":
    return {
        name: inspect.signature(getattr(resource, name))
        for name in dir(resource)
        if not name.startswith("_") and name != "with_raw_response" and inspect.ismethod(getattr(resource, name))
    }


def test_the_raw_twins_have_every_method_with_its_parameters() -> None:
    clients = [stint.Stint(api_key="k", base_url="http://stint.test"), stint.AsyncStint(api_key="k", base_url="http://stint.test")]
    for client in clients:
        for name in ["auth", "organization", "system", "api_keys", "users", "invitations", "projects", "tasks", "time_entries", "webhooks", "reports", "imports", "screenshots"]:
            resource = getattr(client, name)
            methods = _methods(resource)
            # verify and sign check signatures locally: no request, so no raw response.
            methods.pop("verify", None), methods.pop("sign", None)
            raw = _methods(resource.with_raw_response)
            assert {m: list(s.parameters) for m, s in raw.items()} == {m: list(s.parameters) for m, s in methods.items()}, name
