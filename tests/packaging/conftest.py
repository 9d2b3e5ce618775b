"""Load the packaging scripts (packaging/*.py is a folder of scripts, not a package: the
name would shadow PyPI's ``packaging``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def load(name: str):
    """packaging/<name>.py as a module (cached in sys.modules under a prefixed name)."""
    key = f"_ddaydesk_packaging_{name}"
    if key in sys.modules:
        return sys.modules[key]
    if str(PACKAGING) not in sys.path:
        sys.path.insert(0, str(PACKAGING))  # the scripts import pkg_layout by name
    spec = importlib.util.spec_from_file_location(key, PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def layout():
    return load("pkg_layout")


@pytest.fixture(scope="session")
def script():
    """``script("build")`` is packaging/build.py as a module."""
    return load
