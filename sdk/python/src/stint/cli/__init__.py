"""The ``stint`` command: sign in through the device flow, start and stop the timer, read
what was recorded, and ``stint capture``, the screenshot agent. See docs/cli.md.

Installed as a console script by the ``stint-sdk`` distribution; ``python -m stint.cli``
runs it too.
"""

from .main import main

__all__ = ["main"]
