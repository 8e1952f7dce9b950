"""`python -m aotidebug` is the `aotidebug` command."""

import sys

from .cli import main

sys.exit(main())
