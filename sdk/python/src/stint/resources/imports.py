"""Imports of time entries from CSV exports (``/imports``), as a file upload."""

from __future__ import annotations

from typing import Dict, Literal, Optional, cast

from .._base import Call, FileContent, path, read_file
from ..types import ImportJob
from ._resource import AsyncResource, SyncResource

ImportSource = Literal["stint", "toggl", "clockify", "harvest"]


def _create(file: FileContent, source: ImportSource, timezone: Optional[str], filename: str) -> Call:
    # The server reads the form's fields before the file, and nothing after it: httpx writes
    # `data` fields first, then `files`.
    fields: Dict[str, str] = {"source": source}
    if timezone is not None:
        fields["timezone"] = timezone
    return Call("POST", "/imports", data=fields, files={"file": (filename, read_file(file), "text/csv")})


class Imports(SyncResource):
    def create(self, file: FileContent, *, source: ImportSource, timezone: Optional[str] = None, filename: str = "import.csv") -> ImportJob:
        """Starts importing a CSV export (bytes, a path, or a binary file); follow it with ``get``."""
        return cast(ImportJob, self._data(_create(file, source, timezone, filename)))

    def get(self, import_id: str) -> ImportJob:
        return cast(ImportJob, self._data(Call("GET", path("/imports/{}", import_id))))


class AsyncImports(AsyncResource):
    async def create(self, file: FileContent, *, source: ImportSource, timezone: Optional[str] = None, filename: str = "import.csv") -> ImportJob:
        return cast(ImportJob, await self._data(_create(file, source, timezone, filename)))

    async def get(self, import_id: str) -> ImportJob:
        return cast(ImportJob, await self._data(Call("GET", path("/imports/{}", import_id))))
