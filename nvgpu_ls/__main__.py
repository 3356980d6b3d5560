"""``python -m nvgpu_ls`` runs the same entry point as the ``nvgpu-ls`` command."""

import sys

from .entry import main

sys.exit(main())
