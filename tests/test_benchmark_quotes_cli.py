"""benchmarks/quotes.py explains itself: --help prints how to run it (and scores nothing), an unknown option says
which options there are."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "quotes.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_help_prints_the_options_and_scores_nothing():
    proc = run("--help")
    assert proc.returncode == 0
    assert "--half even|odd" in proc.stdout and "--product" in proc.stdout
    assert "PolNeAR en" not in proc.stdout  # no table: nothing was scored


def test_an_unknown_option_names_the_options():
    proc = run("--halves", "even")
    assert proc.returncode != 0
    assert "unknown option --halves" in proc.stderr and "--half even|odd" in proc.stderr
