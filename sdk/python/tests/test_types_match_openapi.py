"""The TypedDicts of ``stint.types`` against the OpenAPI document the running Stint serves.

For each component: the same field names, the same required ones, the same nullable ones,
and value types that agree (strings, integers, numbers, booleans, lists, nested components,
and the exact values of enums and constants).
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Literal, Union, get_args, get_origin, get_type_hints

import httpx
import pytest

from stint.types import COMPONENTS
from tests.support.stint_process import Deployment

NoneType = type(None)


@pytest.fixture(scope="module")
def components(deployment: Deployment) -> Dict[str, Any]:
    document = httpx.get(f"{deployment.url}/api/v1/openapi.json", timeout=30).json()
    return dict(document["components"]["schemas"])


def _is_typeddict(annotation: Any) -> bool:
    return isinstance(annotation, type) and hasattr(annotation, "__required_keys__")


def _nullable(schema: Dict[str, Any]) -> bool:
    options = schema.get("anyOf") or schema.get("oneOf") or []
    types = schema.get("type")
    return any(option.get("type") == "null" for option in options) or (isinstance(types, list) and "null" in types)


def _without_null(schema: Dict[str, Any]) -> Dict[str, Any]:
    options = [o for o in (schema.get("anyOf") or schema.get("oneOf") or []) if o.get("type") != "null"]
    if len(options) == 1:
        return dict(options[0])
    types = schema.get("type")
    if isinstance(types, list):
        rest = [t for t in types if t != "null"]
        return {**schema, "type": rest[0] if len(rest) == 1 else rest}
    return schema


def _mismatch(annotation: Any, schema: Dict[str, Any], where: str) -> List[str]:
    """Why the annotation does not describe the schema (empty when it does)."""
    args = get_args(annotation)
    is_optional = get_origin(annotation) is Union and NoneType in args
    if is_optional != _nullable(schema):
        return [f"{where}: nullable in the document is {_nullable(schema)}, in the type {is_optional}"]
    if is_optional:
        rest = [a for a in args if a is not NoneType]
        annotation = rest[0] if len(rest) == 1 else Union[tuple(rest)]
        schema = _without_null(schema)
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return [] if _is_typeddict(annotation) and COMPONENTS.get(name) is annotation else [f"{where}: expected the type of component {name}"]
    if get_origin(annotation) is Literal:
        values = set(schema["enum"]) if "enum" in schema else {schema.get("const")}
        return [] if set(get_args(annotation)) == values else [f"{where}: values {sorted(map(str, values))} vs {sorted(map(str, get_args(annotation)))}"]
    kind = schema.get("type")
    if kind == "array":
        if get_origin(annotation) is not list:
            return [f"{where}: an array in the document"]
        return _mismatch(get_args(annotation)[0], schema.get("items", {}), f"{where}[]")
    if kind == "object":
        return [] if get_origin(annotation) is dict or annotation is dict else [f"{where}: an object in the document"]
    expected = {"string": str, "integer": int, "number": float, "boolean": bool}.get(str(kind))
    return [] if expected is annotation else [f"{where}: {kind} in the document, {annotation!r} in the type"]


@pytest.mark.parametrize("name", sorted(COMPONENTS))
def test_each_type_matches_its_component(components: Dict[str, Any], name: str) -> None:
    assert name in components, f"the document has no component {name}"
    schema = components[name]
    typed = COMPONENTS[name]
    hints = get_type_hints(typed)
    properties: Dict[str, Any] = schema["properties"]
    assert sorted(hints) == sorted(properties), "field names"
    assert sorted(typed.__required_keys__) == sorted(schema.get("required", [])), "required fields"  # type: ignore[attr-defined]
    problems = [problem for field, annotation in hints.items() for problem in _mismatch(annotation, properties[field], field)]
    assert problems == []


def test_every_resource_component_has_a_type(components: Dict[str, Any]) -> None:
    # The OAuth protocol's own shapes and the error bodies are not resources of this library.
    not_resources = {name for name in components if name.startswith(("Error.", "OAuthToken", "OAuthError", "OAuthDevice", "OAuthIntrospection"))}
    assert sorted(set(components) - not_resources - set(COMPONENTS)) == []


def test_the_sources_are_python_3_9_syntax() -> None:
    import ast
    from pathlib import Path

    sources = sorted((Path(__file__).resolve().parents[1] / "src" / "stint").rglob("*.py"))
    assert len(sources) > 10
    for source in sources:
        ast.parse(source.read_text(encoding="utf-8"), filename=str(source), feature_version=(3, 9))
    assert sys.version_info >= (3, 9)
