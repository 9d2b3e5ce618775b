"""Qt runs offscreen in every test (must be set before the QApplication exists)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
