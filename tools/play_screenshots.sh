#!/usr/bin/env bash
# The screens of play on the map (docs/screenshots, the README), each staged by
# tools/play_screenshots.py in a real window on a virtual X display and taken from outside.
#   tools/play_screenshots.sh [OUTDIR]
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
shot() { ../shared/tools/xshot.sh "$out/$1.png" --size 1280x800 --wait 18 -- .venv/bin/python tools/play_screenshots.py "$2"; }
shot attack-pick attack-pick
shot attack-dialog attack
shot obligations obligations
shot arrivals-landing landing
shot arrivals-reinforcement reinforcement
shot arrivals-drop drop
shot status-after-undo undo
shot status-attack-outside-combat a-outside-combat
shot whatif-supply whatif
