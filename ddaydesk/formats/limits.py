"""Limits on what a file ddaydesk reads may hold (YAML: formats/yamlcheck.py; saves:
formats/jsonfile.py). Apart from the checks, so that reading a save loads no YAML parser."""

MAX_DEPTH = 64  # nesting levels (aliases followed); our files need fewer than 10
MAX_VALUES = 500_000  # values with every alias expanded; the largest shipped file holds 11,000
MAX_INT = 2**53  # integers a JSON reader holds exactly; far above any count in a game
MAX_NUMBER_TEXT = 40  # characters of a number's text (Python refuses ints of 4,300 digits)
