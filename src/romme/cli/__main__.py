"""``python -m romme.cli``: the ``romme`` command."""

import sys

from romme.cli import main

sys.exit(main())
