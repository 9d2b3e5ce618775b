import sys

from ddaydesk.cli import main

sys.exit(main())
