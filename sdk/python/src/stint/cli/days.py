"""Days as the person lives them: in the computer's own time zone, while the API speaks UTC."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Optional

from ..types import TimeEntry


def parse_moment(value: str) -> datetime:
    """An API timestamp (``2026-11-21T09:30:00Z``) as an aware datetime."""
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def local_midnight(day: date) -> datetime:
    # A naive datetime's astimezone() reads it in the local zone, daylight saving included.
    return datetime.combine(day, time()).astimezone()


@dataclass(frozen=True)
class Span:
    """From ``start`` to ``end``, both aware; days are in local time."""

    start: datetime
    end: datetime

    @staticmethod
    def today(now: datetime) -> "Span":
        return Span(local_midnight(now.date()), now)

    @staticmethod
    def this_week(now: datetime) -> "Span":
        """From Monday's midnight (ISO 8601 weeks) until now."""
        return Span(local_midnight(now.date() - timedelta(days=now.weekday())), now)

    def utc_dates(self) -> "tuple[date, date]":
        """The UTC days to ask the API for: entries are filtered by the UTC day they start, and
        a finished entry lasts at most 24 hours, so one that began the day before can reach in."""
        first = (self.start - timedelta(days=1)).astimezone(timezone.utc).date()
        return first, self.end.astimezone(timezone.utc).date()


def entry_end(entry: TimeEntry) -> datetime:
    """When it ended, or for a running entry, where the server's ``duration`` puts now."""
    if entry["end_time"] is not None:
        return parse_moment(entry["end_time"])
    return parse_moment(entry["start_time"]) + timedelta(seconds=entry["duration"])


def seconds_within(entry: TimeEntry, span: Span) -> int:
    start = max(parse_moment(entry["start_time"]), span.start)
    end = min(entry_end(entry), span.end)
    return max(0, int((end - start).total_seconds()))


def clock_time(moment: Optional[datetime]) -> str:
    return "" if moment is None else moment.astimezone().strftime("%H:%M")


def duration_text(seconds: int) -> str:
    """``1:02:03``: hours, minutes and seconds."""
    hours, rest = divmod(max(0, seconds), 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
