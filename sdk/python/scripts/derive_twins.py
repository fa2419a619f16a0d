"""Writes the derived half of each resource module: the async twin of every resource class,
and the ``with_raw_response`` twins of both.

A resource module (``src/stint/resources/<name>.py``) holds its blocking classes, written by
hand, each a ``SyncResource["<Name>WithRawResponse"]``. Below a marker line this script
writes, for each of them:

- ``Async<Name>``: the same methods with the same signatures and docstrings, ``async``, every
  request awaited (a method returning a ``SyncPage`` returns an ``AsyncPager`` instead);
- ``<Name>WithRawResponse`` and ``Async<Name>WithRawResponse``: each method again, answering a
  ``RawResponse`` of what it answers. A method returning a ``SyncEventStream`` (a live stream,
  which has no one response) has no raw twin; its async twin returns an ``AsyncEventStream``
  and, like a pager, is not itself ``async``.

The classes above the marker are copied by editing their source text (never re-printed), so
signatures, docstrings and layout carry over as written. Run it after changing a resource:
``python scripts/derive_twins.py``; ``--check`` only reports modules that are out of step (a
test runs that).
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

RESOURCES_DIR = Path(__file__).resolve().parents[1] / "src" / "stint" / "resources"
MARKER = "# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----"
#: The requests a method makes, through its resource's transport: awaited in the async twin.
TRANSPORT_CALLS = {"_data", "_json", "_bytes", "_none", "_response"}
#: What the derived classes use, which each resource module must import.
DERIVED_NAMES = {"AsyncResource", "AsyncPage", "AsyncPager", "AsyncRawResource", "RawResponse", "SyncRawResource"}


class DeriveError(Exception):
    """A resource module the script cannot derive from, with what to change."""


@dataclass(frozen=True)
class Edit:
    """Replace the bytes from ``start`` to ``end`` (line, byte column; lines from 1) with ``text``."""

    start: Tuple[int, int]
    end: Tuple[int, int]
    text: str


def _apply(lines: Sequence[bytes], first_line: int, last_line: int, edits: List[Edit]) -> str:
    """The source from ``first_line`` to ``last_line`` with the edits made."""
    chunk = [bytearray(line) for line in lines[first_line - 1 : last_line]]
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        (start_line, start_col), (end_line, end_col) = edit.start, edit.end
        if start_line != end_line:
            raise DeriveError(f"line {start_line}: an edit across lines")
        line = chunk[start_line - first_line]
        line[start_col:end_col] = edit.text.encode("utf-8")
    return "".join(line.decode("utf-8") for line in chunk)


def _span(node: ast.AST) -> Tuple[Tuple[int, int], Tuple[int, int]]:
    end_line, end_col = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
    assert end_line is not None and end_col is not None
    return (node.lineno, node.col_offset), (end_line, end_col)  # type: ignore[attr-defined]


def _segment(lines: Sequence[bytes], node: ast.AST) -> str:
    (start_line, start_col), (end_line, end_col) = _span(node)
    if start_line == end_line:
        return lines[start_line - 1][start_col:end_col].decode("utf-8")
    parts = [lines[start_line - 1][start_col:]] + list(lines[start_line : end_line - 1]) + [lines[end_line - 1][:end_col]]
    return b"".join(parts).decode("utf-8")


def _raw_twin_name(base: ast.expr) -> Optional[str]:
    """``"XWithRawResponse"`` of a ``SyncResource["XWithRawResponse"]`` base."""
    if isinstance(base, ast.Subscript) and isinstance(base.value, ast.Name) and base.value.id == "SyncResource":
        target = base.slice
        if isinstance(target, ast.Constant) and isinstance(target.value, str):
            return target.value
        raise DeriveError(f"line {base.lineno}: write the raw twin's name as a string: SyncResource[\"...WithRawResponse\"]")
    return None


def _resource_classes(module: ast.Module) -> List[ast.ClassDef]:
    found = []
    for node in module.body:
        if isinstance(node, ast.ClassDef):
            names = [_raw_twin_name(base) for base in node.bases]
            named = [name for name in names if name is not None]
            if named:
                if named[0] != f"{node.name}WithRawResponse":
                    raise DeriveError(f"class {node.name}: its base must be SyncResource[\"{node.name}WithRawResponse\"]")
                found.append(node)
    return found


def _decorators(function: ast.FunctionDef) -> Set[str]:
    names = set()
    for decorator in function.decorator_list:
        if not isinstance(decorator, ast.Name) or decorator.id not in ("property", "staticmethod"):
            raise DeriveError(f"line {decorator.lineno}: only @property and @staticmethod are derived")
        names.add(decorator.id)
    return names


def _returns_page(function: ast.FunctionDef) -> bool:
    returns = function.returns
    return isinstance(returns, ast.Subscript) and isinstance(returns.value, ast.Name) and returns.value.id == "SyncPage"


def _returns_stream(function: ast.FunctionDef) -> bool:
    """A method that gives a live stream: made when called, sending its requests as it is read."""
    returns = function.returns
    return isinstance(returns, ast.Name) and returns.id == "SyncEventStream"


def _is_request_method(function: ast.FunctionDef) -> bool:
    """A method that sends a request: public, neither a property nor a static method."""
    return not function.name.startswith("_") and not _decorators(function)


def _methods(cls: ast.ClassDef) -> Iterator[ast.FunctionDef]:
    for node in cls.body:
        if isinstance(node, ast.AsyncFunctionDef):
            raise DeriveError(f"line {node.lineno}: a resource above the marker is written blocking; its async twin is derived")
        if isinstance(node, ast.FunctionDef):
            yield node


def _renames(node: ast.AST, renames: Dict[str, str]) -> List[Edit]:
    return [Edit(*_span(name), renames[name.id]) for name in ast.walk(node) if isinstance(name, ast.Name) and name.id in renames]


def _async_twin(lines: Sequence[bytes], cls: ast.ClassDef, renames: Dict[str, str]) -> str:
    edits = _renames(cls, renames)
    header = lines[cls.lineno - 1]
    name_at = header.index(b"class ") + len(b"class ")
    edits.append(Edit((cls.lineno, name_at), (cls.lineno, name_at + len(cls.name)), f"Async{cls.name}"))
    for base in cls.bases:
        target = base.slice if isinstance(base, ast.Subscript) else None
        if isinstance(target, ast.Constant) and isinstance(target.value, str):
            edits.append(Edit(*_span(target), f'"Async{target.value}"'))
    awaited = TRANSPORT_CALLS | {f.name for f in _methods(cls) if _is_request_method(f) and not _returns_page(f) and not _returns_stream(f)}
    for function in _methods(cls):
        if not _is_request_method(function) or _returns_stream(function):
            continue
        if _returns_page(function):
            for node in ast.walk(function):
                if isinstance(node, ast.Attribute) and node.attr == "_page":
                    (line, _), (_, end) = _span(node)
                    edits.append(Edit((line, end - len("_page")), (line, end), "_pager"))
            continue
        edits.append(Edit((function.lineno, function.col_offset), (function.lineno, function.col_offset), "async "))
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "self"
                and node.func.attr in awaited
            ):
                edits.append(Edit((node.lineno, node.col_offset), (node.lineno, node.col_offset), "await "))
    first_line = min([cls.lineno] + [decorator.lineno for decorator in cls.decorator_list])
    return _apply(lines, first_line, cls.end_lineno or cls.lineno, edits)


def _forwarded(function: ast.FunctionDef) -> str:
    """The arguments that pass a method's parameters on as they came."""
    arguments = function.args
    parts = [a.arg for a in arguments.posonlyargs][1:] if arguments.posonlyargs else []
    regular = arguments.args[1:] if not arguments.posonlyargs else arguments.args
    parts += [f"{a.arg}={a.arg}" for a in regular]
    if arguments.vararg is not None:
        parts.append(f"*{arguments.vararg.arg}")
    parts += [f"{a.arg}={a.arg}" for a in arguments.kwonlyargs]
    if arguments.kwarg is not None:
        parts.append(f"**{arguments.kwarg.arg}")
    return ", ".join(parts)


def _docstring(lines: Sequence[bytes], function: ast.FunctionDef) -> ast.Expr:
    first = function.body[0]
    if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)):
        raise DeriveError(f"line {function.lineno}: {function.name} has no docstring; every public method needs one")
    return first


def _raw_twin(lines: Sequence[bytes], cls: ast.ClassDef, renames: Dict[str, str], asynchronous: bool) -> str:
    prefix = "Async" if asynchronous else ""
    base = "AsyncRawResource" if asynchronous else "SyncRawResource"
    out = [
        f"class {prefix}{cls.name}WithRawResponse({base}):\n",
        f'    """The methods of :class:`{prefix}{cls.name}`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""\n',
        "\n",
        f"    _resource: {prefix}{cls.name}\n",
    ]
    resources = set(renames) - {"SyncResource", "SyncPage", "SyncEventStream"}
    for function in _methods(cls):
        if "property" in _decorators(function) and not function.name.startswith("_"):
            out += ["\n", _sub_resource(lines, function, resources, prefix)]
        if not _is_request_method(function) or _returns_stream(function):
            continue
        docstring = _docstring(lines, function)
        returns = function.returns
        if returns is None:
            raise DeriveError(f"line {function.lineno}: {function.name} has no return annotation")
        edits = _renames(function.args, renames) if asynchronous else []
        annotation = _segment_renamed(lines, returns, renames) if asynchronous else _segment(lines, returns)
        if asynchronous and _returns_page(function):
            # Awaiting a pager gives its first page.
            annotation = annotation.replace("AsyncPager[", "AsyncPage[", 1)
        edits.append(Edit(*_span(returns), f"RawResponse[{annotation}]"))
        if asynchronous:
            edits.append(Edit((function.lineno, function.col_offset), (function.lineno, function.col_offset), "async "))
        (signature_end_line, _), _ = _span(docstring)
        signature = _apply(lines, function.lineno, signature_end_line - 1, edits).rstrip()
        call = f"self._call(lambda: self._resource.{function.name}({_forwarded(function)}))"
        out += [
            "\n",
            signature + "\n",
            _apply(lines, docstring.lineno, docstring.end_lineno or docstring.lineno, []),
            f"        return {'await ' if asynchronous else ''}{call}\n",
        ]
    return "".join(out)


def _sub_resource(lines: Sequence[bytes], function: ast.FunctionDef, resources: Set[str], prefix: str) -> str:
    """A property that gives a sub-resource, in a raw twin: the sub-resource's own raw twin."""
    returns = function.returns
    if not (isinstance(returns, ast.Name) and returns.id in resources):
        raise DeriveError(f"line {function.lineno}: a resource's property must give another resource of the module")
    docstring = _docstring(lines, function)
    return "".join(
        [
            "    @property\n",
            f"    def {function.name}(self) -> {prefix}{returns.id}WithRawResponse:\n",
            _apply(lines, docstring.lineno, docstring.end_lineno or docstring.lineno, []),
            f"        return self._resource.{function.name}.with_raw_response\n",
        ]
    )


def _segment_renamed(lines: Sequence[bytes], node: ast.expr, renames: Dict[str, str]) -> str:
    """The node's source with the renames made."""
    (start_line, start_col), (end_line, end_col) = _span(node)
    if start_line != end_line:
        raise DeriveError(f"line {start_line}: write the return annotation on one line")
    text = _apply(lines, start_line, start_line, _renames(node, renames))
    # The renames changed lengths after start_col: cut at the same place from the end instead.
    tail = len(lines[start_line - 1]) - end_col
    encoded = text.encode("utf-8")
    return encoded[start_col : len(encoded) - tail].decode("utf-8")


def derive(text: str) -> str:
    """The module's text with its derived half written afresh below the marker."""
    above = text.split(MARKER, 1)[0].rstrip() + "\n"
    module = ast.parse(above)
    classes = _resource_classes(module)
    if not classes:
        return above
    imported = {alias.asname or alias.name for node in module.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    streams = any(_returns_stream(function) for cls in classes for function in _methods(cls))
    missing = sorted((DERIVED_NAMES | ({"AsyncEventStream"} if streams else set())) - imported)
    if missing:
        raise DeriveError(f"import {', '.join(missing)}: the derived classes use them")
    lines = above.encode("utf-8").splitlines(keepends=True)
    renames = {
        "SyncResource": "AsyncResource",
        "SyncPage": "AsyncPager",
        "SyncEventStream": "AsyncEventStream",
        **{cls.name: f"Async{cls.name}" for cls in classes},
    }
    parts = [above, "\n\n", MARKER, "\n"]
    for cls in classes:
        parts += ["\n\n", _async_twin(lines, cls, renames)]
        parts += ["\n\n", _raw_twin(lines, cls, renames, asynchronous=False)]
        parts += ["\n\n", _raw_twin(lines, cls, renames, asynchronous=True)]
    parts.append("\n\n")
    for cls in classes:
        parts.append(f"{cls.name}._raw_class = {cls.name}WithRawResponse\n")
        parts.append(f"Async{cls.name}._raw_class = Async{cls.name}WithRawResponse\n")
    return "".join(parts)


def resource_modules() -> List[Path]:
    return sorted(path for path in RESOURCES_DIR.glob("*.py") if not path.name.startswith("_"))


def out_of_step() -> List[Path]:
    """The resource modules whose derived half is not what the script would write."""
    return [path for path in resource_modules() if derive(path.read_text(encoding="utf-8")) != path.read_text(encoding="utf-8")]


def main(argv: Sequence[str]) -> int:
    if "--check" in argv:
        stale = out_of_step()
        for path in stale:
            print(f"{path}: out of step; run python scripts/derive_twins.py", file=sys.stderr)
        return 1 if stale else 0
    for path in resource_modules():
        text = path.read_text(encoding="utf-8")
        derived = derive(text)
        if derived != text:
            path.write_text(derived, encoding="utf-8")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
