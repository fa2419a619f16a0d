"""``python -m build`` makes a wheel that installs into a fresh virtual environment, and the
README's quick start runs from there against a real Stint."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import stint
from tests.support.stint_process import Deployment

PACKAGE_DIR = Path(__file__).resolve().parents[1]


def _quick_start() -> str:
    readme = (PACKAGE_DIR / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None, "the README's quick start has no python block"
    return found.group(1)


def test_the_wheel_installs_and_runs_the_readme_example(tmp_path: Path, deployment: Deployment, owner: stint.Stint) -> None:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(PACKAGE_DIR)], check=True, capture_output=True, timeout=600)
    wheels = list((tmp_path / "dist").glob("stint-*.whl"))
    assert len(wheels) == 1

    venv.create(tmp_path / "venv", with_pip=True)
    python = str(tmp_path / "venv" / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheels[0])], check=True, capture_output=True, timeout=600)

    project = owner.projects.create("From the README")
    key = owner.api_keys.create("readme", ["projects:read", "time_entries:read", "time_entries:write"])
    example = tmp_path / "example.py"
    example.write_text(_quick_start(), encoding="utf-8")
    # Run outside the source tree, so only the installed wheel can be imported.
    env = {"PATH": os.environ.get("PATH", ""), "STINT_API_KEY": key["key"], "STINT_BASE_URL": deployment.url}
    run = subprocess.run([python, str(example)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "started te_" in run.stdout and "stopped after" in run.stdout

    entries = list(owner.time_entries.list(project_id=project["id"]))
    assert [(e["description"], e["is_running"]) for e in entries] == [("Writing the report", False)]
    where = subprocess.run([python, "-c", "import stint; print(stint.__file__, stint.__version__)"], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert str(tmp_path / "venv") in where.stdout and stint.__version__ in where.stdout
