"""``AsyncStint`` has the surface of ``Stint``: the same resources and methods, awaited."""

from __future__ import annotations

import asyncio
import inspect

import pytest

import stint
from tests.support.proxy import MisbehavingProxy, Rule
from tests.support.stint_process import Deployment


def _public_methods(obj: object) -> "dict[str, object]":
    return {name: getattr(obj, name) for name in dir(obj) if not name.startswith("_")}


def test_both_clients_have_the_same_resources_and_methods() -> None:
    sync, asynchronous = stint.Stint(api_key="k", base_url="http://stint.test"), stint.AsyncStint(api_key="k", base_url="http://stint.test")
    resources = ["auth", "organization", "system", "api_keys", "users", "invitations", "projects", "tasks", "time_entries", "webhooks", "reports", "imports", "screenshots", "oauth"]
    nested = {"webhooks": ["deliveries"], "oauth": ["applications", "authorizations"]}
    for name in resources:
        pairs = [(getattr(sync, name), getattr(asynchronous, name))]
        pairs += [(getattr(pairs[0][0], sub), getattr(pairs[0][1], sub)) for sub in nested.get(name, [])]
        for left, right in pairs:
            left_methods, right_methods = _public_methods(left), _public_methods(right)
            assert left_methods.keys() == right_methods.keys(), name
            for method, function in left_methods.items():
                if callable(function):
                    assert inspect.signature(function).parameters.keys() == inspect.signature(right_methods[method]).parameters.keys(), f"{name}.{method}"  # type: ignore[arg-type]
    sync.close()
    asyncio.run(asynchronous.close())


def test_the_async_client_against_a_real_stint(deployment: Deployment, owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    token = owner._settings.access_token

    async def scenario() -> None:
        async with stint.AsyncStint(access_token=token, base_url=proxy.url) as client:
            project = await client.projects.create("Async project")
            task = await client.tasks.create(project["id"], "Async task")
            running = await client.time_entries.start(project["id"], description="Async timer", task_id=task["id"])
            current = await client.time_entries.current()
            assert current is not None and (current["id"], current["is_running"]) == (running["id"], True)
            assert (await client.time_entries.stop())["id"] == running["id"]
            assert [e["id"] async for e in client.time_entries.list()] == [running["id"]]
            assert (await client.organization.get())["plan"] == "free"
            key = await client.api_keys.create("async key", ["projects:read"])
            await client.api_keys.revoke(key["id"])
            app = await client.oauth.applications.create("Async app", redirect_uris=["https://a.example.com/cb"], scopes=["projects:read"])
            assert [a["id"] async for a in client.oauth.applications.list()] == [app["id"]]
            hook = await client.webhooks.create("http://127.0.0.1:9/none", ["project.created"])
            assert (await client.webhooks.test(hook["id"]))["event_type"] == "ping"
            summary = await client.reports.summary("2026-01-01", "2026-12-31")
            assert summary["entry_count"] >= 0
            csv = await client.reports.export_summary("2026-01-01", "2026-12-31")
            assert csv.startswith(b"\xef\xbb\xbf") or b"," in csv

            proxy.add(Rule("POST", "/api/v1/projects", times=1, drop_response=True))
            await client.projects.create("Async once")
            proxy.add(Rule("GET", "/api/v1/users", times=1, status=429, headers={"Retry-After": "0"}))
            assert len([u async for u in client.users.list()]) == 1
            with pytest.raises(stint.NotFoundError):
                await client.projects.get("prj_missing")

    asyncio.run(scenario())
    names = sorted(p["name"] for p in owner.projects.list())
    assert names == ["Async once", "Async project"]
    posts = [seen.headers["idempotency-key"] for seen in proxy.seen if (seen.method, seen.path) == ("POST", "/api/v1/projects")]
    # "Async project" once, then "Async once" twice (its first answer dropped) under one key.
    assert len(posts) == 3 and posts[1] == posts[2] != posts[0]
    assert len(proxy.requests_to("GET", "/api/v1/users")) == 2
