#!/usr/bin/env python3
"""The game report's screenshot (docs/screenshots/report-utah.png): a seeded Utah Beach
campaign game of 300 actions (the report test's), its report written, then photographed by
headless Chromium (Debian's ``chromium`` package) at 1280 pixels across.

    .venv/bin/python tools/report_screenshot.py [OUT.png] [--html OUT.html] [--height PX]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--hide-scrollbars")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots" / "report-utah.png"))
    ap.add_argument("--html", help="keep the report there")
    ap.add_argument("--height", type=int, default=2000)
    args = ap.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 1
    from ddaydesk.engine import OVER, Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.report import write_report
    from ddaydesk.ui.app import make_app
    from tests.ui.drive import scripted

    make_app()
    g = Game(load_scenario(scenarios_dir() / "utah-campaign.yaml"), seed=11)
    choose = scripted(11)
    while g.pos < 300 and g.state.phase != OVER:
        g.do(choose(g.state))
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(args.html or Path(tmp) / "report.html")
        write_report(g, html)
        subprocess.run([browser, *CHROMIUM, f"--window-size=1280,{args.height}", f"--screenshot={args.out}",
                        html.resolve().as_uri()], check=True, capture_output=True, timeout=120)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
