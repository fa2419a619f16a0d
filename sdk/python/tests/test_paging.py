"""Lists are pages, and iterating one walks every item of every page."""

from __future__ import annotations

import asyncio

import stint
from tests.support.stint_process import Deployment


def test_iterating_a_page_walks_every_page(owner: stint.Stint) -> None:
    names = sorted(f"Project {n:02d}" for n in range(7))
    for name in names:
        owner.projects.create(name)

    first = owner.projects.list(per_page=3)
    assert [p["name"] for p in first.data] == names[:3]
    assert first.meta == {"total": 7, "page": 1, "per_page": 3}
    assert [p["name"] for p in first] == names
    assert [page.meta["page"] for page in first.iter_pages()] == [1, 2, 3]

    last = owner.projects.list(per_page=3, page=3)
    assert [p["name"] for p in last.data] == names[6:] and not last.has_next_page() and last.next_page() is None
    second = first.next_page()
    assert second is not None and [p["name"] for p in second.data] == names[3:6]
    # Iterating from a later page walks from there on.
    assert [p["name"] for p in second] == names[3:]


def test_async_for_walks_every_page(deployment: Deployment, owner: stint.Stint) -> None:
    for n in range(5):
        owner.projects.create(f"Async {n}")
    token = owner._settings.access_token

    async def walk() -> None:
        async with stint.AsyncStint(access_token=token, base_url=deployment.url) as client:
            names = [p["name"] async for p in client.projects.list(per_page=2)]
            assert names == [f"Async {n}" for n in range(5)]
            first = await client.projects.list(per_page=2)
            assert first.meta["total"] == 5 and len(first.data) == 2
            pages = [page.meta["page"] async for page in first.iter_pages()]
            assert pages == [1, 2, 3]

    asyncio.run(walk())
