"""The code, message and details of an error body, whichever of Stint's shapes it has."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple


def parse_error_body(body: object) -> Tuple[Optional[str], Optional[str], Optional[Dict[str, Any]]]:
    """(code, message, details) from a Style A, Style B or OAuth error body."""
    if not isinstance(body, dict):
        return None, None, None
    error = body.get("error")
    # Style A: {"error": {"code", "message", "details"}}
    if isinstance(error, dict):
        code = error.get("code")
        message = error.get("message")
        details = error.get("details")
        return (code if isinstance(code, str) else None, message if isinstance(message, str) else None, details if isinstance(details, dict) else None)
    code = body.get("code")
    details = body.get("details")
    # Style B: {"error": "<message>", "code": "<UPPER_CASE>", "details"}
    if isinstance(error, str) and isinstance(code, str):
        return code, error, details if isinstance(details, dict) else None
    # OAuth (RFC 6749): {"error": "invalid_grant", "error_description"}
    if isinstance(error, str):
        description = body.get("error_description")
        return error, description if isinstance(description, str) else None, None
    return None, None, None
