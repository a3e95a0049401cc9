"""Shared set-up of the Python tests: the repository's paths and the CLI they compare with."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
TESTDATA = REPO / "testdata"


@pytest.fixture(autouse=True)
def at_the_repository_root(monkeypatch):
    """Relative paths (`testdata/...`) name the repository's files, as in docs/python.md."""
    monkeypatch.chdir(REPO)


@pytest.fixture(scope="session")
def cli():
    """The shogi-tool binary: $SHOGI_TOOL_BIN, else the debug build (built when missing)."""
    binary = os.environ.get("SHOGI_TOOL_BIN")
    if binary:
        return binary
    built = REPO / "target" / "debug" / "shogi-tool"
    if not built.exists():
        subprocess.run(["cargo", "build", "--locked", "-q"], cwd=REPO, check=True)
    return str(built)


def run_cli(cli, *args):
    """The CLI's standard output for `args`, run at the repository's root (exit codes 0, 1
    and 2 are answers: records with fouls or errors)."""
    done = subprocess.run([cli, *args], cwd=REPO, capture_output=True, text=True)
    assert done.returncode in (0, 1, 2), done.stderr
    return done.stdout
