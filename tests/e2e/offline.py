"""A built folder served on 127.0.0.1, and a browser context that may not leave it.

The book's and the decks' tests read what a student opens offline: every request for
another host is aborted and recorded, so that the test can fail on it.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from lab_driver import VIEWPORT, in_ci

_LOCAL = re.compile(r"^(https?|wss?)://127\.0\.0\.1[:/]")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the signature of http.server
        pass


@contextlib.contextmanager
def served(folder):
    """Serve ``folder`` from a thread on 127.0.0.1 (a free port); yields its URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextlib.contextmanager
def served_build(index, make_target):
    """Serve the folder of a built ``index`` page; skip (fail in CI) when it was not built."""
    if not index.is_file():
        msg = f"{index} is missing: build it first with `make {make_target}`"
        if in_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    with served(index.parent) as url:
        yield url


def offline_context(browser, viewport=None):
    """A fresh context (``viewport``, default `VIEWPORT`) in which every request leaving
    127.0.0.1 (but data: and blob:) is aborted; returns the context and the list that records
    those requests' addresses."""
    context = browser.new_context(viewport=viewport or VIEWPORT, device_scale_factor=1)
    outside: list[str] = []

    def _route(route):
        url = route.request.url
        if _LOCAL.match(url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", _route)
    return context, outside
