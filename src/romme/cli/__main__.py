"""``python -m romme.cli``: the ``romme`` command."""

import sys

from romme.cli._main import main

sys.exit(main())
