"""Schemathesis hooks for Stint's API fuzzing run (see run.ts beside this file).

- Credentials: every request carries one of many API keys, in turn. Style A allows each
  key 100 requests a minute, so one key would soon answer only 429s. API keys are managed
  with a signed-in user's token only: those operations get one of several users' tokens.
- Client address: the server under test trusts loopback as a proxy, so each request says
  it comes from another documentation address (RFC 5737); the per-address limits of
  sign-in and sign-up and the failed-authentication throttle then never stop the run.
- Idempotency keys: the fuzzer draws few distinct values, and the same key sent again
  with another body is rightly a 422. A key the server must accept is made unique per
  request; one it must refuse is sent as drawn.
- Webhooks: a receiver URL the fuzzer makes up is pointed at a closed loopback port,
  keeping its path, so that no delivery ever leaves this machine. Values that are not
  http(s) URLs are left as they are: the server must still refuse them.
"""

import itertools
import os
import re
import uuid
from urllib.parse import urlsplit, urlunsplit

import schemathesis
from hypothesis.internal import lambda_sources

# CPython 3.11 can raise SystemError "AST constructor recursion depth
# mismatch" from ast.parse (python/cpython#106905). Hypothesis parses a lambda's source only
# to describe it in reports, and a raised SystemError there ends the operation's tests as a
# "Runtime Error" that says nothing about Stint; raising the recursion limit did not avoid
# it. The description falls back to the one Hypothesis gives a lambda it cannot read.
_describe_lambda = lambda_sources._lambda_description


def _lambda_description_or_unknown(f, *args, **kwargs):
    try:
        return _describe_lambda(f, *args, **kwargs)
    except SystemError:
        return "lambda: <unknown>"


lambda_sources._lambda_description = _lambda_description_or_unknown


def _listed(name):
    values = [value for value in os.environ.get(name, "").split(",") if value]
    if not values:
        raise RuntimeError(f"{name} must list the credentials to send, separated by commas")
    return itertools.cycle(values)


_next_key = _listed("STINT_FUZZ_API_KEYS")
_next_token = _listed("STINT_FUZZ_TOKENS")
# Cycles rather than generators: workers run in threads, and a generator may not be resumed by two at once.
_next_address = itertools.cycle([f"{net}.{host}" for net in ("198.51.100", "203.0.113") for host in range(1, 255)])
_ACCEPTED_IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,255}")
_SINK = os.environ.get("STINT_FUZZ_WEBHOOK_SINK", "127.0.0.1:9")


@schemathesis.auth(refresh_interval=None)
class RotatingApiKeys:
    def get(self, case, ctx):
        if case.operation.path.startswith("/api-keys"):
            return ("Authorization", f"Bearer {next(_next_token)}")
        return ("X-API-Key", next(_next_key))

    def set(self, case, data, ctx):
        name, value = data
        case.headers = case.headers or {}
        case.headers[name] = value


def _kept_on_this_machine(value):
    if not isinstance(value, str):
        return value
    try:
        parts = urlsplit(value)
    except ValueError:
        return value
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return value
    # The scheme stays as generated: an https URL is valid data, an http one is not.
    return urlunsplit((parts.scheme.lower(), _SINK, parts.path, parts.query, parts.fragment))


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    case.headers = case.headers or {}
    case.headers["X-Forwarded-For"] = next(_next_address)
    key = case.headers.get("Idempotency-Key")
    if isinstance(key, str) and _ACCEPTED_IDEMPOTENCY_KEY.fullmatch(key):
        case.headers["Idempotency-Key"] = f"fuzz-{uuid.uuid4()}"
    if "/webhooks" in case.operation.path and isinstance(case.body, dict) and "url" in case.body:
        case.body["url"] = _kept_on_this_machine(case.body["url"])
