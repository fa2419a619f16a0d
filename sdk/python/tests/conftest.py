"""The suite runs against a real Stint: embedded always, and distributed (a services process
and a gateway process over MongoDB, NATS and Redis) when MONGO_URL, NATS_URL and REDIS_URL
are set. In CI (CI set) missing servers fail the distributed run instead of skipping it."""

from __future__ import annotations

import os
import random
import uuid
from typing import Iterator, List

import pytest

import stint
from tests.support.proxy import MisbehavingProxy
from tests.support.stint_process import Deployment, start_distributed, start_embedded

SERVER_VARIABLES = ("MONGO_URL", "NATS_URL", "REDIS_URL")
PASSWORD = "a long test passphrase"


def _deployments() -> List[str]:
    wanted = os.environ.get("STINT_SDK_DEPLOYMENTS")
    if wanted:
        return [name.strip() for name in wanted.split(",") if name.strip()]
    return ["embedded", "distributed"]


@pytest.fixture(scope="session", params=_deployments())
def deployment(request: pytest.FixtureRequest) -> Iterator[Deployment]:
    if request.param == "embedded":
        running = start_embedded()
    else:
        missing = [name for name in SERVER_VARIABLES if not os.environ.get(name)]
        if missing:
            message = f"{', '.join(missing)} not set: the distributed run needs MongoDB, NATS and Redis"
            if os.environ.get("CI"):
                pytest.fail(f"{message}; in CI (CI is set) it fails instead of skipping")
            pytest.skip(message)
        running = start_distributed(os.environ["MONGO_URL"], os.environ["NATS_URL"], os.environ["REDIS_URL"])
    yield running
    running.stop()


def some_client_address() -> str:
    """A made-up client address, so each sign-up is counted apart by the per-address limits."""
    return f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"


def new_owner(base_url: str) -> "tuple[stint.Stint, stint.types.Session]":
    """A new organization and its owner, and a client signed in as the owner."""
    anonymous = stint.Stint(base_url=base_url, headers={"X-Forwarded-For": some_client_address()})
    with anonymous:
        session = anonymous.auth.register(
            email=f"owner-{uuid.uuid4().hex[:10]}@example.test",
            password=PASSWORD,
            name="Owner",
            organization_name=f"Org {uuid.uuid4().hex[:6]}",
        )
    return stint.Stint(access_token=session["access_token"], base_url=base_url), session


@pytest.fixture
def owner(deployment: Deployment) -> Iterator[stint.Stint]:
    client, _ = new_owner(deployment.url)
    with client:
        yield client


@pytest.fixture
def proxy(deployment: Deployment) -> Iterator[MisbehavingProxy]:
    running = MisbehavingProxy(deployment.url)
    yield running
    running.close()
