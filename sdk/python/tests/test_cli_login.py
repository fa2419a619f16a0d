"""``stint login`` and ``logout`` against a real Stint: the device flow approved on the
verification page as a browser would, the tokens kept private, refreshed and rotated, and
what the device flow's answers (denied, expired, slow down) do to the command."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest

import stint
from stint.cli.oauth import COMMAND_LINE_CLIENT_ID
from tests.conftest import PASSWORD, new_owner, some_client_address
from tests.support.browser import answer_device_code
from tests.support.command import StintCommand, log_in
from tests.support.proxy import MisbehavingProxy, Rule
from tests.support.stint_process import Deployment

TOKEN_PATH = "/api/auth/oauth/token"


def _refresh_directly(server: str, refresh_token: str) -> httpx.Response:
    form = {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": COMMAND_LINE_CLIENT_ID}
    return httpx.post(f"{server}{TOKEN_PATH}", data=form, timeout=30)


def test_login_by_the_device_flow_keeps_the_tokens_private_and_the_session_works(deployment: Deployment, tmp_path: Path) -> None:
    owner, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)

    done = log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address())

    assert done.code == 0, done
    assert f"Logged in to {deployment.url}." in done.stdout
    assert stat.S_IMODE(os.stat(command.credentials_path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(command.config_dir).st_mode) == 0o700
    stored = command.credentials()
    assert (stored["server"], stored["client_id"], stored["user_id"]) == (deployment.url, COMMAND_LINE_CLIENT_ID, session["user"]["id"])
    assert set(stored["scope"].split()) == {"time_entries:read", "time_entries:write", "projects:read", "users:read", "screenshots:read", "screenshots:write"}
    assert command.run("status").code == 0
    # Stint's own command-line application needs no registration, and no organization's portal shows it.
    assert [(a["client_id"], a["name"]) for a in owner.oauth.authorizations.list()] == [(COMMAND_LINE_CLIENT_ID, "Stint command line (stint)")]
    assert owner.oauth.applications.list().data == []
    with pytest.raises(stint.NotFoundError):
        owner.oauth.applications.update("app_StintCommandLine000001", status="disabled")


def test_a_code_typed_by_hand_on_the_verification_page_signs_in_too(deployment: Deployment, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path, {"STINT_SERVER": deployment.url})
    login = command.start("login")
    shown = login.wait_for_line(r"^Open (\S+) in a browser and enter the code (\S+)$")
    page = answer_device_code(shown.group(1), session["user"]["email"], PASSWORD, some_client_address(), typed_code=shown.group(2).lower())
    assert "Device connected" in page
    assert login.finish().code == 0
    assert command.credentials()["server"] == deployment.url


def test_a_denied_sign_in_exits_with_the_authentication_code_and_stores_nothing(deployment: Deployment, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    login = command.start("login", "--server", deployment.url)
    link = login.wait_for_line(r"^\(or open (\S+)\)$").group(1)
    assert "Declined" in answer_device_code(link, session["user"]["email"], PASSWORD, some_client_address(), approve=False)
    done = login.finish()
    assert (done.code, done.stderr.strip()) == (3, "stint: the sign-in was denied in the browser")
    assert not command.credentials_path.exists()


def test_an_expired_code_ends_the_login_with_one_line(proxy: MisbehavingProxy, tmp_path: Path) -> None:
    proxy.add(Rule("POST", TOKEN_PATH, times=1, status=400, body=b'{"error":"expired_token","error_description":"The device code has expired"}'))
    done = StintCommand(tmp_path).run("login", "--server", proxy.url)
    assert (done.code, done.stderr) == (3, "stint: the code expired before it was approved: run stint login again\n")
    assert len(proxy.requests_to("POST", TOKEN_PATH)) == 1


def test_slow_down_makes_the_command_poll_five_seconds_less_often(deployment: Deployment, proxy: MisbehavingProxy, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    proxy.add(Rule("POST", TOKEN_PATH, times=1, status=400, body=b'{"error":"slow_down","error_description":"Poll at most every 10 seconds"}'))
    command = StintCommand(tmp_path)
    login = command.start("login", "--server", proxy.url)
    link = login.wait_for_line(r"^\(or open (\S+)\)$").group(1)
    assert "Device connected" in answer_device_code(link, session["user"]["email"], PASSWORD, some_client_address())
    assert login.finish().code == 0
    polls = proxy.requests_to("POST", TOKEN_PATH)
    assert [poll.status for poll in polls] == [400, 200]
    # The device code asked for 5 seconds between polls; after slow_down, 5 more.
    assert polls[1].at - polls[0].at >= 10.0


def test_an_expired_access_token_is_refreshed_and_the_spent_refresh_token_is_replaced(deployment: Deployment, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    assert log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    before = command.credentials()
    _expire(command)

    assert command.run("status").code == 0
    after = command.credentials()
    assert after["refresh_token"] != before["refresh_token"] and after["access_token"] != before["access_token"]
    assert after["expires_at"] > before["expires_at"]
    assert stat.S_IMODE(os.stat(command.credentials_path).st_mode) == 0o600
    assert [p.name for p in command.config_dir.iterdir() if p.name.endswith(".tmp")] == []

    # The old refresh token is spent: presenting it again ends the whole sign-in, here too.
    assert _refresh_directly(deployment.url, before["refresh_token"]).json()["error"] == "invalid_grant"
    ended = command.run("status")
    assert (ended.code, ended.stderr) == (3, "stint: the session has ended (logged out, revoked or expired): run stint login\n")


def test_two_commands_refreshing_at_once_rotate_the_token_once(deployment: Deployment, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    assert log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    for _ in range(3):
        _expire(command)
        both = [subprocess.Popen(command.argv(["status"]), env=command.env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        assert [(process.wait(timeout=120), process.stderr.read() if process.stderr else "") for process in both] == [(0, ""), (0, "")]
    # Had both refreshed with the same token, the second would have spent it twice and ended the sign-in.
    assert command.run("status").code == 0


def test_logout_revokes_the_session_at_the_server_and_deletes_the_file(deployment: Deployment, tmp_path: Path) -> None:
    _, session = new_owner(deployment.url)
    command = StintCommand(tmp_path)
    assert log_in(command, deployment.url, session["user"]["email"], PASSWORD, some_client_address()).code == 0
    stored = command.credentials()

    done = command.run("logout")

    assert (done.code, done.stdout) == (0, f"Logged out of {deployment.url}.\n")
    assert not command.credentials_path.exists()
    assert _refresh_directly(deployment.url, stored["refresh_token"]).json()["error"] == "invalid_grant"
    with stint.Stint(access_token=stored["access_token"], base_url=deployment.url, max_retries=0) as old:
        with pytest.raises(stint.AuthenticationError):
            old.time_entries.current()
    assert command.run("logout").stdout == "Not logged in.\n"


def _expire(command: StintCommand) -> None:
    """Makes the stored access token look spent, as it is an hour after it was issued."""
    stored = command.credentials()
    stored["expires_at"] = 0
    command.credentials_path.write_text(json.dumps(stored))


def test_no_token_or_device_code_is_ever_printed(deployment: Deployment, proxy: MisbehavingProxy, tmp_path: Path) -> None:
    owner, session = new_owner(deployment.url)
    project = owner.projects.create("Secrets")
    command = StintCommand(tmp_path)
    outputs = [log_in(command, proxy.url, session["user"]["email"], PASSWORD, some_client_address())]
    stored = command.credentials()
    device_codes = {parse_qs(poll.body.decode())["device_code"][0] for poll in proxy.requests_to("POST", TOKEN_PATH)}
    secrets = {stored["access_token"], stored["refresh_token"], *device_codes}
    assert len(secrets) >= 3 and all(len(secret) >= 16 for secret in secrets)

    for args in (["status"], ["status", "--json"], ["start", "Quiet", "--project", project["id"], "--json"], ["stop", "--json"], ["log", "--json"], ["log", "--week"], ["projects", "--json"], ["logout"]):
        done = command.run(*args)
        assert done.code == 0, (args, done)
        outputs.append(done)
    owner.close()

    printed = "\n".join(done.stdout + done.stderr for done in outputs)
    assert [secret for secret in secrets if secret in printed] == []
    # Nor a piece of one: the end of each (a JWT begins with the same header as every other).
    assert [secret for secret in secrets if secret[-12:] in printed] == []
