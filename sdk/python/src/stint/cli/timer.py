"""``start``, ``stop``, ``status``, ``log`` and ``projects``: the timer and what was recorded."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Dict, List, Optional, Tuple, Union

import click

from .._base import NOT_GIVEN, NotGiven
from .._client import Stint
from .._errors import NotFoundError
from ..types import Project, Task, TimeEntry
from . import exits
from .context import App, json_option, pass_app, print_json
from .days import Span, clock_time, duration_text, entry_end, parse_moment, seconds_within

PROJECT_ID = re.compile(r"^(prj|proj)_[0-9A-Za-z]{22}$")
TASK_ID = re.compile(r"^task_[0-9A-Za-z]{22}$")
PAGE = 200


def all_projects(client: Stint) -> List[Project]:
    return list(client.projects.list(per_page=PAGE))


def find_project(client: Stint, wanted: str) -> Project:
    """A project by its id, or by its name ignoring case (names are unique in an organization)."""
    if PROJECT_ID.match(wanted):
        try:
            return client.projects.get(wanted)
        except NotFoundError:
            raise exits.usage(f"no project {wanted} (stint projects lists them)") from None
    named = [project for project in all_projects(client) if project["name"].casefold() == wanted.strip().casefold()]
    if not named:
        raise exits.usage(f"no project named {wanted!r} (stint projects lists them)")
    return named[0]


def find_task(client: Stint, project: Project, wanted: str) -> Task:
    """A task of the project by its id, or by its name ignoring case; a name two tasks share is refused."""
    if TASK_ID.match(wanted):
        try:
            return client.tasks.get(project["id"], wanted)
        except NotFoundError:
            raise exits.usage(f"no task {wanted} in {project['name']}") from None
    named = [task for task in client.tasks.list(project["id"], per_page=PAGE) if task["name"].casefold() == wanted.strip().casefold()]
    if len(named) != 1:
        problem = "no task" if not named else f"{len(named)} tasks"
        raise exits.usage(f"{problem} named {wanted!r} in {project['name']}: give the task's id instead")
    return named[0]


def entries_within(client: Stint, user_id: Optional[str], span: Span, running: Optional[TimeEntry]) -> List[TimeEntry]:
    """The caller's entries that share time with the span, oldest first. ``running`` is the
    caller's running entry, which a timer left running for days puts before the days listed."""
    first, last = span.utc_dates()
    found = {entry["id"]: entry for entry in client.time_entries.list(user_id=user_id, start_date=first, end_date=last, per_page=PAGE)}
    if running is not None:
        found[running["id"]] = running
    within = [entry for entry in found.values() if seconds_within(entry, span) > 0 or span.start <= parse_moment(entry["start_time"]) <= span.end]
    return sorted(within, key=lambda entry: (entry["start_time"], entry["id"]))


def names_of(projects: List[Project]) -> Dict[str, str]:
    return {project["id"]: project["name"] for project in projects}


def describe(entry: TimeEntry, names: Dict[str, str]) -> str:
    """``Website relaunch: Writing the report [design, review]``."""
    text = names.get(entry["project_id"], entry["project_id"])
    if entry["description"]:
        text += f": {entry['description']}"
    if entry.get("tags"):
        text += f" [{', '.join(entry['tags'])}]"
    return text


def shown(entry: TimeEntry, names: Dict[str, str], span: Optional[Span] = None) -> Dict[str, Any]:
    """The entry as ``--json`` prints it: as the API shows it, with its project's name."""
    out: Dict[str, Any] = {**entry, "project_name": names.get(entry["project_id"])}
    if span is not None:
        out["seconds_in_range"] = seconds_within(entry, span)
    return out


@click.command()
@click.argument("description", required=False)
@click.option("--project", "-p", "project_name", required=True, metavar="NAME|ID", help="The project, by name (any case) or id.")
@click.option("--task", "-t", "task_name", metavar="NAME|ID", help="A task of the project, by name or id.")
@click.option("--tag", "tags", multiple=True, metavar="TAG", help="A tag for the entry; repeat for more.")
@click.option("--billable/--not-billable", default=None, help="Billable or not (default: the project's setting).")
@json_option
@pass_app
def start(app: App, description: Optional[str], project_name: str, task_name: Optional[str], tags: Tuple[str, ...], billable: Optional[bool], as_json: bool) -> None:
    """Start the timer (a running one stops first)."""

    def call(client: Stint) -> Tuple[TimeEntry, Project]:
        project = find_project(client, project_name)
        task = find_task(client, project, task_name) if task_name else None
        # Sent only when given, so that the command works with a server from before tags.
        tag_list: Union[List[str], NotGiven] = list(tags) if tags else NOT_GIVEN
        wanted_billable: Union[bool, NotGiven] = NOT_GIVEN if billable is None else billable
        entry = client.time_entries.start(project["id"], description=description, task_id=task["id"] if task else None, billable=wanted_billable, tags=tag_list)
        return entry, project

    entry, project = app.run(call)
    names = {entry["project_id"]: project["name"]}
    if as_json:
        print_json(shown(entry, names))
    else:
        click.echo(f"Started {describe(entry, names)} at {clock_time(parse_moment(entry['start_time']))}")


@click.command()
@json_option
@pass_app
def stop(app: App, as_json: bool) -> None:
    """Stop the running timer."""

    def call(client: Stint) -> Tuple[TimeEntry, Dict[str, str]]:
        entry = client.time_entries.stop()
        return entry, names_of(all_projects(client))

    entry, names = app.run(call)
    if as_json:
        print_json(shown(entry, names))
    else:
        click.echo(f"Stopped {describe(entry, names)} after {duration_text(entry['duration'])}")


@click.command()
@json_option
@pass_app
def status(app: App, as_json: bool) -> None:
    """The running timer, and today's total in this computer's time zone."""
    today = Span.today(datetime.now().astimezone())
    user_id = app.session.fresh().user_id

    def call(client: Stint) -> Tuple[Optional[TimeEntry], List[TimeEntry], Dict[str, str]]:
        running = client.time_entries.current()
        return running, entries_within(client, user_id, today, running), names_of(all_projects(client))

    running, entries, names = app.run(call)
    total = sum(seconds_within(entry, today) for entry in entries)
    if as_json:
        print_json(
            {
                "running": shown(running, names) if running else None,
                "today": {"date": today.start.date().isoformat(), "total_seconds": total},
            }
        )
        return
    if running is None:
        click.echo("No timer is running.")
    else:
        since = clock_time(parse_moment(running["start_time"]))
        click.echo(f"Running  {duration_text(running['duration'])}  {describe(running, names)} (since {since})")
    click.echo(f"Today    {duration_text(total)}")


@click.command(name="log")
@click.option("--week", is_flag=True, help="This week (from Monday) instead of today.")
@json_option
@pass_app
def log_command(app: App, week: bool, as_json: bool) -> None:
    """What was recorded today, or this week, in this computer's time zone."""
    now = datetime.now().astimezone()
    span = Span.this_week(now) if week else Span.today(now)
    user_id = app.session.fresh().user_id

    def call(client: Stint) -> Tuple[List[TimeEntry], Dict[str, str]]:
        return entries_within(client, user_id, span, client.time_entries.current()), names_of(all_projects(client))

    entries, names = app.run(call)
    total = sum(seconds_within(entry, span) for entry in entries)
    if as_json:
        print_json(
            {
                "from": span.start.date().isoformat(),
                "to": span.end.date().isoformat(),
                "entries": [shown(entry, names, span) for entry in entries],
                "total_seconds": total,
            }
        )
        return
    if not entries:
        click.echo("Nothing recorded this week." if week else "Nothing recorded today.")
        return
    day = None
    for entry in entries:
        begins = parse_moment(entry["start_time"]).astimezone()
        if week and begins.date() != day:
            day = begins.date()
            click.echo(begins.strftime("%A %Y-%m-%d"))
        ends = "now" if entry["is_running"] else clock_time(entry_end(entry))
        click.echo(f"  {clock_time(begins)}-{ends:<5}  {duration_text(seconds_within(entry, span)):>8}  {describe(entry, names)}")
    click.echo(f"Total {duration_text(total)}")


@click.command()
@click.option("--all", "everything", is_flag=True, help="Archived projects too.")
@json_option
@pass_app
def projects(app: App, everything: bool, as_json: bool) -> None:
    """The organization's projects, to start timers on."""
    found: List[Project] = app.run(lambda client: list(client.projects.list(archived=None if everything else False, per_page=PAGE)))
    if as_json:
        print_json(found)
        return
    if not found:
        click.echo("No projects yet: someone who manages the organization makes them in Stint.")
        return
    width = max(len(project["name"]) for project in found)
    for project in found:
        notes = ", ".join(note for note in (project["client_name"] or "", "archived" if project["archived"] else "") if note)
        click.echo(f"{project['name']:<{width}}  {project['id']}{'  (' + notes + ')' if notes else ''}")
