"""``python -m tools.mapgen extract|build [MAP...]`` (docs/maps.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ("dday77", "utah", "sword")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mapgen", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("extract", help="stage 1: clip the open-data packages into tools/mapgen/data/")
    ex.add_argument("extracts", nargs="*", help="weurope, cotentin (default: both)")
    bd = sub.add_parser("build", help="stage 2: write maps/<map>.yaml from the extracts")
    bd.add_argument("maps", nargs="*", choices=[*MAPS, []], help="dday77, utah, sword (default: all)")
    bd.add_argument("--out", type=Path, default=ROOT / "maps", help="folder to write into")
    args = ap.parse_args(argv)
    if args.cmd == "extract":
        from tools.mapgen import extract

        for name in args.extracts or sorted(extract.EXTRACTS):
            for path in extract.extract(name):
                print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
        return 0
    from tools.mapgen.write import write_map

    for name in args.maps or MAPS:
        path = write_map(name, args.out)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
