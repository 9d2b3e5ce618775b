"""The rules texts, charts and search are read with an empty user data folder unless a test
puts a corrected copy there."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path / "user"))
    return tmp_path / "user"
