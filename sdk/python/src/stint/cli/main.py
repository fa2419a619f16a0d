"""The ``stint`` command's entry point: the commands, shell completion, and how every
failure ends as one line on stderr with its exit code (docs/cli.md#exit-codes)."""

from __future__ import annotations

import signal
import sys
from datetime import datetime
from typing import Any, List, Optional, Sequence

import click
from click.shell_completion import get_completion_class

from .. import _errors as errors
from .._version import __version__
from . import exits, files
from .account import login, logout
from .capture_queue import CaptureQueue
from .context import App, pass_app
from .timer import log_command, projects, start, status, stop

COMPLETION_VARIABLE = "_STINT_COMPLETE"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="stint")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Track time in Stint from the terminal: stint login, then stint start, stop, status and
    log; stint capture takes screenshots while the timer runs. See docs/cli.md."""
    ctx.call_on_close(ctx.ensure_object(App).close)


@cli.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the shell completion script: eval "$(stint completion bash)" in ~/.bashrc."""
    completer = get_completion_class(shell)
    assert completer is not None
    click.echo(completer(cli, {}, "stint", COMPLETION_VARIABLE).source())


@cli.command()
@click.option("--once", is_flag=True, help="One interval: wait for its random moment, capture if a timer runs, upload, and exit.")
@click.option("--interval-seconds", type=click.FloatRange(min=0.1), hidden=True, help="For tests: this many seconds instead of the organization's interval.")
@pass_app
def capture(app: App, once: bool, interval_seconds: Optional[float]) -> None:
    """Take screenshots of every screen while the timer runs, as the organization sets (docs/cli.md#the-capture-agent)."""
    try:
        from . import screens
    except ImportError as error:
        raise exits.usage(f"stint capture needs mss and Pillow: pip install 'stint-sdk[capture]' ({error})") from error
    from .capture import Agent

    def grab(blur: bool) -> List[Any]:
        try:
            return [screens.picture(image, blur=blur) for image in screens.grab_screens()]
        except screens.CaptureFailed as error:
            raise exits.CommandError(str(error), exits.Exit.REFUSED) from error

    def say(message: str) -> None:
        click.echo(f"{datetime.now().astimezone():%H:%M:%S} {message}")

    app.session.fresh()  # not logged in: say so before anything else
    # SIGTERM (a service manager stopping the agent) ends it like Ctrl-C: what waits stays on disk.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with files.exclusive(files.data_dir() / "capture.lock", blocking=False) as alone:
        if not alone:
            raise exits.CommandError("another stint capture is running for this user", exits.Exit.REFUSED)
        Agent(app.session, CaptureQueue(), grab=grab, say=say, interval_override=interval_seconds).run(once=once)


for command in (login, logout, start, stop, status, log_command, projects):
    cli.add_command(command)


def _api_failure(error: errors.StintError) -> exits.CommandError:
    """An error of the client library as the command reports it."""
    if isinstance(error, errors.APIConnectionError):
        return exits.network(f"cannot reach the server: {error.message}")
    if isinstance(error, errors.AuthenticationError):
        return exits.auth(exits.SESSION_ENDED)
    if isinstance(error, errors.PermissionDeniedError):
        return exits.auth(f"not allowed: {error.message}")
    if isinstance(error, errors.RateLimitError):
        wait = f" in {int(error.retry_after)} seconds" if error.retry_after is not None else " later"
        return exits.server(f"the server's rate limit is reached: try again{wait}")
    if isinstance(error, errors.InternalServerError):
        return exits.server(f"the server failed ({error.status_code}{', request ' + error.request_id if error.request_id else ''})")
    if isinstance(error, errors.APIStatusError):
        return exits.CommandError(error.message, exits.Exit.REFUSED)
    return exits.server(str(error))


def _say_failure(message: str) -> None:
    click.echo(f"stint: {' '.join(message.split())}", err=True)


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line ``argv`` (default: the process's); the exit code."""
    try:
        result = cli.main(args=list(argv) if argv is not None else None, prog_name="stint", complete_var=COMPLETION_VARIABLE, standalone_mode=False)
        return result if isinstance(result, int) else 0
    except exits.CommandError as failure:
        _say_failure(failure.message)
        return failure.code
    except errors.StintError as error:
        reported = _api_failure(error)
        _say_failure(reported.message)
        return reported.code
    except click.UsageError as error:
        where = f" (see {error.ctx.command_path} --help)" if error.ctx is not None else ""
        _say_failure(f"{error.format_message()}{where}")
        return exits.Exit.USAGE
    except click.ClickException as error:
        _say_failure(error.format_message())
        return error.exit_code
    except (click.Abort, KeyboardInterrupt):
        _say_failure("interrupted")
        return 130


def main() -> None:
    sys.exit(run())
