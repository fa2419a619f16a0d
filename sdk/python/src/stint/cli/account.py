"""``login`` (the OAuth device flow) and ``logout``."""

from __future__ import annotations

import time
import webbrowser
from typing import Optional
from urllib.parse import urlsplit

import click

from . import exits, oauth
from .capture_queue import CaptureQueue
from .context import App, pass_app
from .session import Credentials


def server_address(given: str) -> str:
    """The server's root address as typed, without a trailing slash or an API path after it."""
    address = given.strip().rstrip("/")
    for suffix in ("/api/v1", "/api", "/v1"):
        if address.endswith(suffix):
            address = address[: -len(suffix)]
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise exits.usage(f"--server must be an http:// or https:// address, like https://stint.example.com, not {given!r}")
    return address


@click.command()
@click.option("--server", envvar="STINT_SERVER", metavar="URL", help="The Stint server, like https://stint.example.com [env: STINT_SERVER; default: the last one logged in to].")
@click.option(
    "--client-id",
    envvar="STINT_CLIENT_ID",
    default=oauth.COMMAND_LINE_CLIENT_ID,
    show_default=True,
    metavar="ID",
    help="The OAuth application to sign in as: Stint's own command line, or a public application from the developer portal [env: STINT_CLIENT_ID].",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the approval page in the default browser too.")
@pass_app
def login(app: App, server: Optional[str], client_id: str, open_browser: bool) -> None:
    """Sign in through the browser (the OAuth device flow); the tokens are kept in the user's config folder."""
    previous = _previous(app)
    if server is not None:
        address = server_address(server)
    elif previous is not None:
        address = previous.server
    else:
        raise exits.usage("give the server to log in to: stint login --server https://stint.example.com (or set STINT_SERVER)")
    device = oauth.start_device_authorization(app.http, address, client_id)
    click.echo(f"Open {device.verification_uri} in a browser and enter the code {device.user_code}")
    if device.verification_uri_complete:
        click.echo(f"(or open {device.verification_uri_complete})")
    click.echo(f"Waiting for the approval; the code expires in {max(1, device.expires_in // 60)} minutes.")
    if open_browser:
        webbrowser.open(device.verification_uri_complete or device.verification_uri)
    tokens = oauth.poll_for_tokens(app.http, address, client_id, device)
    with app.store.locked():
        app.store.save(Credentials.issued(address, client_id, tokens, time.time()))
    if previous is not None:
        # The sign-in this one replaces ends at the server too (best effort: it was replaced here either way).
        try:
            oauth.revoke(app.http, previous.server, previous.client_id, previous.refresh_token)
        except exits.CommandError:
            pass
    click.echo(f"Logged in to {address}.")


def _previous(app: App) -> Optional[Credentials]:
    try:
        return app.store.load()
    except exits.CommandError:
        return None


@click.command()
@pass_app
def logout(app: App) -> None:
    """End the sign-in at the server, and forget its tokens and any screenshots waiting to upload."""
    credentials = _previous(app)
    if credentials is None and not app.store.path.exists():
        click.echo("Not logged in.")
        return
    unsent = CaptureQueue().clear()
    app.store.delete()
    if unsent:
        click.echo(f"Deleted {unsent} screenshot{'s' if unsent != 1 else ''} that had not been uploaded.")
    if credentials is None:
        click.echo("Logged out (the stored sign-in could not be read, so nothing was revoked at the server).")
        return
    try:
        oauth.revoke(app.http, credentials.server, credentials.client_id, credentials.refresh_token)
    except exits.CommandError as failure:
        raise exits.CommandError(
            f"logged out here, but the sign-in could not be revoked at {credentials.server} ({failure.message}); it ends when unused for the server's refresh token lifetime",
            failure.code,
        ) from failure
    click.echo(f"Logged out of {credentials.server}.")
