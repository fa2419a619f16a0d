"""Screenshots taken during time entries (``/screenshots``): uploads, metadata and images."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from datetime import date, datetime
from typing import Dict, Optional, Union, cast

import httpx

from .._base import Call, FileContent, path, query, read_file
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import Screenshot
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

Moment = Union[str, datetime]
Day = Union[str, date]


@dataclass(frozen=True)
class ScreenshotImage:
    """The bytes of an image or thumbnail, with what describes them.

    ``not_modified`` is true when the ``if_none_match`` sent is the image's ETag: the server
    sent no bytes (``content`` is empty) because the caller already has them.
    """

    content: bytes
    content_type: Optional[str]
    etag: Optional[str]
    not_modified: bool


def _upload(file: FileContent, time_entry_id: str, taken_at: Optional[Moment], filename: str) -> Call:
    # The server reads the form's fields before the file and nothing after it (httpx writes
    # `data` before `files`). It decides the image's type from the bytes; the declared type
    # is only a courtesy to proxies.
    fields: Dict[str, str] = {"time_entry_id": time_entry_id}
    fields.update(query(taken_at=taken_at))
    declared = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    return Call("POST", "/screenshots", data=fields, files={"file": (filename, read_file(file), declared)})


def _list(user_id: Optional[str], project_id: Optional[str], time_entry_id: Optional[str], start_date: Optional[Day], end_date: Optional[Day], page: Optional[int], per_page: Optional[int]) -> Call:
    params = query(user_id=user_id, project_id=project_id, time_entry_id=time_entry_id, start_date=start_date, end_date=end_date, page=page, per_page=per_page)
    return Call("GET", "/screenshots", params=params)


def _bytes_of(screenshot_id: str, which: str, if_none_match: Optional[str]) -> Call:
    headers = {"Accept": "image/*, application/json"}
    if if_none_match is not None:
        headers["If-None-Match"] = if_none_match
    return Call("GET", path("/screenshots/{}/" + which, screenshot_id), headers=headers, not_modified_is_success=if_none_match is not None)


def _image_of(response: httpx.Response) -> ScreenshotImage:
    not_modified = response.status_code == 304
    return ScreenshotImage(
        content=b"" if not_modified else response.content,
        content_type=None if not_modified else response.headers.get("content-type"),
        etag=response.headers.get("etag"),
        not_modified=not_modified,
    )


class Screenshots(SyncResource["ScreenshotsWithRawResponse"]):
    def upload(self, file: FileContent, time_entry_id: str, *, taken_at: Optional[Moment] = None, filename: str = "screenshot.png") -> Screenshot:
        """Uploads a PNG, JPEG or WebP image (bytes, a path, or a binary file) taken during one of the caller's own entries."""
        return cast(Screenshot, self._data(_upload(file, time_entry_id, taken_at, filename)))

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        time_entry_id: Optional[str] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> SyncPage[Screenshot]:
        """A page of screenshots, newest ``taken_at`` first; iterate it for every one."""
        return self._page(_list(user_id, project_id, time_entry_id, start_date, end_date, page, per_page))

    def get(self, screenshot_id: str) -> Screenshot:
        """One screenshot's metadata (its size, type, hash and the entry it belongs to)."""
        return cast(Screenshot, self._data(Call("GET", path("/screenshots/{}", screenshot_id))))

    def image(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> ScreenshotImage:
        """The stored image; pass the ETag of an earlier fetch to get ``not_modified`` instead of the bytes again."""
        return _image_of(self._response(_bytes_of(screenshot_id, "image", if_none_match)))

    def thumbnail(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> ScreenshotImage:
        """The WebP thumbnail, 400 px wide; ``if_none_match`` as for ``image``."""
        return _image_of(self._response(_bytes_of(screenshot_id, "thumbnail", if_none_match)))

    def delete(self, screenshot_id: str) -> None:
        """Deletes the screenshot with its image and thumbnail."""
        self._none(Call("DELETE", path("/screenshots/{}", screenshot_id)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncScreenshots(AsyncResource["AsyncScreenshotsWithRawResponse"]):
    async def upload(self, file: FileContent, time_entry_id: str, *, taken_at: Optional[Moment] = None, filename: str = "screenshot.png") -> Screenshot:
        """Uploads a PNG, JPEG or WebP image (bytes, a path, or a binary file) taken during one of the caller's own entries."""
        return cast(Screenshot, await self._data(_upload(file, time_entry_id, taken_at, filename)))

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        time_entry_id: Optional[str] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> AsyncPager[Screenshot]:
        """A page of screenshots, newest ``taken_at`` first; iterate it for every one."""
        return self._pager(_list(user_id, project_id, time_entry_id, start_date, end_date, page, per_page))

    async def get(self, screenshot_id: str) -> Screenshot:
        """One screenshot's metadata (its size, type, hash and the entry it belongs to)."""
        return cast(Screenshot, await self._data(Call("GET", path("/screenshots/{}", screenshot_id))))

    async def image(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> ScreenshotImage:
        """The stored image; pass the ETag of an earlier fetch to get ``not_modified`` instead of the bytes again."""
        return _image_of(await self._response(_bytes_of(screenshot_id, "image", if_none_match)))

    async def thumbnail(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> ScreenshotImage:
        """The WebP thumbnail, 400 px wide; ``if_none_match`` as for ``image``."""
        return _image_of(await self._response(_bytes_of(screenshot_id, "thumbnail", if_none_match)))

    async def delete(self, screenshot_id: str) -> None:
        """Deletes the screenshot with its image and thumbnail."""
        await self._none(Call("DELETE", path("/screenshots/{}", screenshot_id)))


class ScreenshotsWithRawResponse(SyncRawResource):
    """The methods of :class:`Screenshots`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Screenshots

    def upload(self, file: FileContent, time_entry_id: str, *, taken_at: Optional[Moment] = None, filename: str = "screenshot.png") -> RawResponse[Screenshot]:
        """Uploads a PNG, JPEG or WebP image (bytes, a path, or a binary file) taken during one of the caller's own entries."""
        return self._call(lambda: self._resource.upload(file=file, time_entry_id=time_entry_id, taken_at=taken_at, filename=filename))

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        time_entry_id: Optional[str] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[SyncPage[Screenshot]]:
        """A page of screenshots, newest ``taken_at`` first; iterate it for every one."""
        return self._call(lambda: self._resource.list(user_id=user_id, project_id=project_id, time_entry_id=time_entry_id, start_date=start_date, end_date=end_date, page=page, per_page=per_page))

    def get(self, screenshot_id: str) -> RawResponse[Screenshot]:
        """One screenshot's metadata (its size, type, hash and the entry it belongs to)."""
        return self._call(lambda: self._resource.get(screenshot_id=screenshot_id))

    def image(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> RawResponse[ScreenshotImage]:
        """The stored image; pass the ETag of an earlier fetch to get ``not_modified`` instead of the bytes again."""
        return self._call(lambda: self._resource.image(screenshot_id=screenshot_id, if_none_match=if_none_match))

    def thumbnail(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> RawResponse[ScreenshotImage]:
        """The WebP thumbnail, 400 px wide; ``if_none_match`` as for ``image``."""
        return self._call(lambda: self._resource.thumbnail(screenshot_id=screenshot_id, if_none_match=if_none_match))

    def delete(self, screenshot_id: str) -> RawResponse[None]:
        """Deletes the screenshot with its image and thumbnail."""
        return self._call(lambda: self._resource.delete(screenshot_id=screenshot_id))


class AsyncScreenshotsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncScreenshots`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncScreenshots

    async def upload(self, file: FileContent, time_entry_id: str, *, taken_at: Optional[Moment] = None, filename: str = "screenshot.png") -> RawResponse[Screenshot]:
        """Uploads a PNG, JPEG or WebP image (bytes, a path, or a binary file) taken during one of the caller's own entries."""
        return await self._call(lambda: self._resource.upload(file=file, time_entry_id=time_entry_id, taken_at=taken_at, filename=filename))

    async def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        time_entry_id: Optional[str] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[AsyncPage[Screenshot]]:
        """A page of screenshots, newest ``taken_at`` first; iterate it for every one."""
        return await self._call(lambda: self._resource.list(user_id=user_id, project_id=project_id, time_entry_id=time_entry_id, start_date=start_date, end_date=end_date, page=page, per_page=per_page))

    async def get(self, screenshot_id: str) -> RawResponse[Screenshot]:
        """One screenshot's metadata (its size, type, hash and the entry it belongs to)."""
        return await self._call(lambda: self._resource.get(screenshot_id=screenshot_id))

    async def image(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> RawResponse[ScreenshotImage]:
        """The stored image; pass the ETag of an earlier fetch to get ``not_modified`` instead of the bytes again."""
        return await self._call(lambda: self._resource.image(screenshot_id=screenshot_id, if_none_match=if_none_match))

    async def thumbnail(self, screenshot_id: str, *, if_none_match: Optional[str] = None) -> RawResponse[ScreenshotImage]:
        """The WebP thumbnail, 400 px wide; ``if_none_match`` as for ``image``."""
        return await self._call(lambda: self._resource.thumbnail(screenshot_id=screenshot_id, if_none_match=if_none_match))

    async def delete(self, screenshot_id: str) -> RawResponse[None]:
        """Deletes the screenshot with its image and thumbnail."""
        return await self._call(lambda: self._resource.delete(screenshot_id=screenshot_id))


Screenshots._raw_class = ScreenshotsWithRawResponse
AsyncScreenshots._raw_class = AsyncScreenshotsWithRawResponse
