"""``python -m binms_teach COMMAND``: the command line of `binms_teach.cli.main`."""

import sys

from .cli.main import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m binms_teach"))
