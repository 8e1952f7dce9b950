"""`python -m aotidebug` is the `aotidebug` command."""

import sys

from .faces.cli import main

sys.exit(main())
