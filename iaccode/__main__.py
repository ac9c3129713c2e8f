"""`python -m iaccode` runs the command line."""

import sys

from iaccode.cli import main

sys.exit(main())
