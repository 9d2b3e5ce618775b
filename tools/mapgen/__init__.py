"""Developers' map builder: real geography -> ``maps/*.yaml`` (docs/maps.md).

Stage 1 (``extract``) reads the big open-data packages of the ``mapgen`` extra and writes the
small clipped extracts in ``data/``; stage 2 (``build``) needs only shapely, pyyaml and those
extracts, and writes the map files deterministically. Never run at app start.
"""
