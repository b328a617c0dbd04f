"""``python -m citelens``: the same as the ``citelens`` command."""

import sys

from citelens.cli import main

if __name__ == "__main__":
    sys.exit(main())
