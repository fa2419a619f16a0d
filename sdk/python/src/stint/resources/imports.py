"""Imports of time entries from CSV exports (``/imports``), as a file upload."""

from __future__ import annotations

from typing import Dict, Literal, Optional, cast

from .._base import Call, FileContent, path, read_file
from ..types import ImportJob, ImportPreview
from ._resource import AsyncResource, SyncResource

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


class Imports(SyncResource):
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
        return cast(ImportJob, self._data(Call("GET", path("/imports/{}", import_id))))


class AsyncImports(AsyncResource):
    async def create(
        self,
        file: FileContent,
        *,
        source: ImportSource,
        timezone: Optional[str] = None,
        date_format: Optional[DateFormat] = None,
        filename: str = "import.csv",
    ) -> ImportJob:
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
        return cast(ImportPreview, await self._data(_create(file, source, timezone, date_format, filename, dry_run=True)))

    async def get(self, import_id: str) -> ImportJob:
        return cast(ImportJob, await self._data(Call("GET", path("/imports/{}", import_id))))
