"""Imports of time entries from CSV exports (``/imports``), as a file upload."""

from __future__ import annotations

from typing import Dict, Literal, Optional, cast

from .._base import Call, FileContent, path, read_file
from ..types import ImportJob, ImportPreview
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

ImportSource = Literal["stint", "toggl", "clockify", "harvest"]
#: How to read dates like ``03/02/2026`` when none of the file's dates shows whether the day
#: or the month comes first; ``auto``: the vendor's default.
DateFormat = Literal["auto", "MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY", "YYYY-MM-DD"]


def _create(
    file: FileContent,
    source: ImportSource,
    timezone: Optional[str],
    date_format: Optional[DateFormat],
    filename: str,
    dry_run: bool = False,
) -> Call:
    # The server reads the form's fields before the file, and nothing after it: httpx writes
    # `data` fields first, then `files`.
    fields: Dict[str, str] = {"source": source}
    if timezone is not None:
        fields["timezone"] = timezone
    if date_format is not None:
        fields["date_format"] = date_format
    if dry_run:
        fields["dry_run"] = "true"
    return Call("POST", "/imports", data=fields, files={"file": (filename, read_file(file), "text/csv")})


class Imports(SyncResource["ImportsWithRawResponse"]):
    def create(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> ImportJob:
        """Starts importing a CSV export (bytes, a path, or a binary file); follow it with ``get``."""
        return cast(ImportJob, self._data(_create(file, source, timezone, date_format, filename)))

    def preview(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> ImportPreview:
        """What importing the file would do (a dry run): the first rows as they would be stored,
        the projects and tasks it would make, the rows it would refuse. Nothing is stored."""
        return cast(ImportPreview, self._data(_create(file, source, timezone, date_format, filename, dry_run=True)))

    def get(self, import_id: str) -> ImportJob:
        """An import job: its status (``running``, ``succeeded`` or ``failed``) and its counts of rows."""
        return cast(ImportJob, self._data(Call("GET", path("/imports/{}", import_id))))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncImports(AsyncResource["AsyncImportsWithRawResponse"]):
    async def create(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> ImportJob:
        """Starts importing a CSV export (bytes, a path, or a binary file); follow it with ``get``."""
        return cast(ImportJob, await self._data(_create(file, source, timezone, date_format, filename)))

    async def preview(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> ImportPreview:
        """What importing the file would do (a dry run): the first rows as they would be stored,
        the projects and tasks it would make, the rows it would refuse. Nothing is stored."""
        return cast(ImportPreview, await self._data(_create(file, source, timezone, date_format, filename, dry_run=True)))

    async def get(self, import_id: str) -> ImportJob:
        """An import job: its status (``running``, ``succeeded`` or ``failed``) and its counts of rows."""
        return cast(ImportJob, await self._data(Call("GET", path("/imports/{}", import_id))))


class ImportsWithRawResponse(SyncRawResource):
    """The methods of :class:`Imports`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Imports

    def create(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> RawResponse[ImportJob]:
        """Starts importing a CSV export (bytes, a path, or a binary file); follow it with ``get``."""
        return self._call(lambda: self._resource.create(file=file, source=source, timezone=timezone, date_format=date_format, filename=filename))

    def preview(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> RawResponse[ImportPreview]:
        """What importing the file would do (a dry run): the first rows as they would be stored,
        the projects and tasks it would make, the rows it would refuse. Nothing is stored."""
        return self._call(lambda: self._resource.preview(file=file, source=source, timezone=timezone, date_format=date_format, filename=filename))

    def get(self, import_id: str) -> RawResponse[ImportJob]:
        """An import job: its status (``running``, ``succeeded`` or ``failed``) and its counts of rows."""
        return self._call(lambda: self._resource.get(import_id=import_id))


class AsyncImportsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncImports`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncImports

    async def create(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> RawResponse[ImportJob]:
        """Starts importing a CSV export (bytes, a path, or a binary file); follow it with ``get``."""
        return await self._call(lambda: self._resource.create(file=file, source=source, timezone=timezone, date_format=date_format, filename=filename))

    async def preview(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> RawResponse[ImportPreview]:
        """What importing the file would do (a dry run): the first rows as they would be stored,
        the projects and tasks it would make, the rows it would refuse. Nothing is stored."""
        return await self._call(lambda: self._resource.preview(file=file, source=source, timezone=timezone, date_format=date_format, filename=filename))

    async def get(self, import_id: str) -> RawResponse[ImportJob]:
        """An import job: its status (``running``, ``succeeded`` or ``failed``) and its counts of rows."""
        return await self._call(lambda: self._resource.get(import_id=import_id))


Imports._raw_class = ImportsWithRawResponse
AsyncImports._raw_class = AsyncImportsWithRawResponse
