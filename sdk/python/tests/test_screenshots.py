"""Screenshots through both clients, against a real Stint: upload, list, read, images, delete."""

from __future__ import annotations

import asyncio
import hashlib
import struct
import zlib

import pytest

import stint
from tests.support.stint_process import Deployment


def _png(width: int, height: int) -> bytes:
    """A valid PNG of the given size (8-bit RGB, a colour gradient), made here so the suite needs no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    # Each row starts with filter byte 0 (none), then one RGB triple per pixel.
    rows = b"".join(b"\x00" + b"".join(bytes((x * 255 // width, y * 255 // height, 128)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _stopped_entry(client: stint.Stint) -> stint.types.TimeEntry:
    project = client.projects.create("Screens")
    return client.time_entries.create(project["id"], "2026-03-02T09:00:00Z", "2026-03-02T10:30:00Z", description="Designing")


def test_a_screenshot_is_uploaded_listed_fetched_and_deleted(owner: stint.Stint) -> None:
    entry = _stopped_entry(owner)
    png = _png(24, 16)
    shot = owner.screenshots.upload(png, entry["id"], taken_at="2026-03-02T09:30:00Z", filename="desk.png")
    assert shot["id"].startswith("scr_")
    assert (shot["time_entry_id"], shot["project_id"], shot["width"], shot["height"], shot["mime_type"]) == (entry["id"], entry["project_id"], 24, 16, "image/png")
    assert shot["taken_at"].startswith("2026-03-02T09:30:00")

    assert [s["id"] for s in owner.screenshots.list(time_entry_id=entry["id"])] == [shot["id"]]
    assert owner.screenshots.list(start_date="2026-03-03").meta["total"] == 0
    assert owner.screenshots.get(shot["id"]) == shot

    image = owner.screenshots.image(shot["id"])
    assert (image.not_modified, image.content_type) == (False, "image/png")
    assert image.content.startswith(b"\x89PNG") and hashlib.sha256(image.content).hexdigest() == shot["sha256"]
    assert image.etag
    again = owner.screenshots.image(shot["id"], if_none_match=image.etag)
    assert (again.not_modified, again.content) == (True, b"")

    thumbnail = owner.screenshots.thumbnail(shot["id"])
    assert (thumbnail.not_modified, thumbnail.content_type) == (False, "image/webp")
    assert thumbnail.content[:4] == b"RIFF" and thumbnail.content[8:12] == b"WEBP"
    assert thumbnail.etag and thumbnail.etag != image.etag
    assert owner.screenshots.thumbnail(shot["id"], if_none_match=thumbnail.etag).not_modified

    owner.screenshots.delete(shot["id"])
    with pytest.raises(stint.NotFoundError):
        owner.screenshots.get(shot["id"])
    with pytest.raises(stint.NotFoundError):
        owner.screenshots.image(shot["id"])
    assert owner.screenshots.list(time_entry_id=entry["id"]).data == []


def test_a_file_that_is_not_an_image_is_a_bad_request(owner: stint.Stint) -> None:
    entry = _stopped_entry(owner)
    with pytest.raises(stint.BadRequestError) as raised:
        owner.screenshots.upload(b"just some text, not a picture\n", entry["id"], taken_at="2026-03-02T09:30:00Z", filename="notes.png")
    assert raised.value.status_code == 400 and raised.value.message
    assert owner.screenshots.list(time_entry_id=entry["id"]).meta["total"] == 0
    with pytest.raises(stint.BadRequestError):
        owner.screenshots.upload(_png(4, 4), entry["id"], taken_at="2026-03-03T09:30:00Z")


def test_the_async_client_uploads_and_fetches(deployment: Deployment, owner: stint.Stint) -> None:
    entry = _stopped_entry(owner)
    token = owner._settings.access_token

    async def run() -> None:
        async with stint.AsyncStint(access_token=token, base_url=deployment.url) as client:
            shot = await client.screenshots.upload(_png(8, 8), entry["id"], taken_at="2026-03-02T10:00:00Z")
            assert [s["id"] async for s in client.screenshots.list(time_entry_id=entry["id"])] == [shot["id"]]
            thumbnail = await client.screenshots.thumbnail(shot["id"])
            assert thumbnail.content_type == "image/webp" and thumbnail.etag
            assert (await client.screenshots.thumbnail(shot["id"], if_none_match=thumbnail.etag)).not_modified
            await client.screenshots.delete(shot["id"])
            with pytest.raises(stint.NotFoundError):
                await client.screenshots.get(shot["id"])

    asyncio.run(run())
