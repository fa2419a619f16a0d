"""How the command ends: one exit code per kind of failure (docs/cli.md#exit-codes), and the
error that carries a one-line message and its code up to ``main``."""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    #: The server refused what was asked (a 4xx other than 401/403): no timer to stop, an archived project...
    REFUSED = 1
    #: A bad option or argument, or a project or task name that names none or several.
    USAGE = 2
    #: Not logged in, the session ended or was revoked, the sign-in was denied or expired, or a 403.
    AUTH = 3
    #: The server cannot be reached, or did not answer in time.
    NETWORK = 4
    #: The server failed (5xx), kept refusing for its rate limit, or answered what the command cannot read.
    SERVER = 5


class CommandError(Exception):
    """A failure to report on one line of stderr, with its exit code."""

    def __init__(self, message: str, code: Exit) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def usage(message: str) -> CommandError:
    return CommandError(message, Exit.USAGE)


def auth(message: str) -> CommandError:
    return CommandError(message, Exit.AUTH)


def network(message: str) -> CommandError:
    return CommandError(message, Exit.NETWORK)


def server(message: str) -> CommandError:
    return CommandError(message, Exit.SERVER)


NOT_LOGGED_IN = "not logged in: run stint login --server https://stint.example.com"
SESSION_ENDED = "the session has ended (logged out, revoked or expired): run stint login"
