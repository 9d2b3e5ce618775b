"""Rules systems: tables as data (YAML under ``rules/data/<system>/``), procedures as code.

No Qt here.
"""
