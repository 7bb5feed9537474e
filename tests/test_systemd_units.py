"""The systemd units in deploy/systemd: `systemd-analyze verify` accepts them, and their command lines are ones
newsarchive takes. Skipped where systemd is not installed."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNITS = sorted((ROOT / "deploy" / "systemd").glob("*.service"))
INSTALLED = "/opt/newsarchive/bin/newsarchive"  # where docs/production.md installs newsarchive

pytestmark = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")


def _exec_start(unit: Path) -> list[str]:
    [line] = [line for line in unit.read_text().splitlines() if line.startswith("ExecStart=")]
    return shlex.split(line.removeprefix("ExecStart="))


def test_both_units_are_there():
    assert [u.name for u in UNITS] == ["newsarchive-serve.service", "newsarchive-worker@.service"]


def test_systemd_analyze_verify_accepts_the_units(tmp_path):
    """verify checks that ExecStart's program exists: the units name where the guide installs newsarchive, so the
    copies verified here name a program of this machine instead; nothing else is changed."""
    copies = []
    for unit in UNITS:
        text = unit.read_text()
        assert INSTALLED in text
        copy = tmp_path / unit.name
        copy.write_text(text.replace(INSTALLED, shutil.which("true") or "/bin/true"))
        copies.append(str(copy))
    proc = subprocess.run(["systemd-analyze", "verify", *copies], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_the_command_line_is_one_newsarchive_takes(unit, tmp_path):
    """Every option of ExecStart parsed by newsarchive itself: an option renamed would fail here, not on a server."""
    args = _exec_start(unit)
    assert args[0] == INSTALLED
    args = [a.replace("%i", "1") for a in args[1:]]
    code = ("import sys; from indexer.cli import build_parser; a = build_parser().parse_args(sys.argv[1:]); "
            "print(a.func.__name__)")
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"cmd_{args[0]}"
