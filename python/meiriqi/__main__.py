"""``python -m meiriqi``: the same as the ``meiriqi`` command."""

from meiriqi.cli import main

raise SystemExit(main())
