"""Test-wide setup: Qt offscreen before any QApplication exists; shared data paths."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def data_dir() -> Path:
    return DATA
