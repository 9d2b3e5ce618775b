"""ddaydesk: hot-seat D-Day board wargames with the rules enforced."""

import os

__version__ = "0.1.0"

# shapely loads numpy, whose OpenBLAS starts a thread per core when imported: ddaydesk does no
# linear algebra, and one thread halves the import (a drawn-area map's first frame waits for
# it). A value the user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
