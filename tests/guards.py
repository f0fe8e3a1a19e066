"""The one place that decides whether this test run is CI, and what a missing resource does.

CI is the environment variable ``CI`` set to "true" (also "1" or "yes"), as GitHub
Actions and ``.ci/run`` set it. There a missing real-data file, browser or package
fails the test; elsewhere it skips it, naming what is missing and how to get it.
"""

import os

import pytest


def in_ci():
    """Whether this run is CI.

    >>> import os
    >>> in_ci() == (os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"})
    True
    """
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def missing(message):
    """Skip the current test because ``message`` (what is missing, and how to get it); fail it
    under CI, where nothing may be missing."""
    if in_ci():
        pytest.fail(f"CI=true but {message}", pytrace=False)
    pytest.skip(message)
