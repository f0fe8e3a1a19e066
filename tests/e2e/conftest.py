"""Fixtures of the end-to-end tests: a private JupyterLab, headless Chromium, a notebook opener.

Run them with ``pytest -m e2e tests/e2e`` (``make test-e2e``); the unit run
(``pytest -m "not e2e"``) deselects them. Any test here that uses these fixtures is
marked ``e2e`` even if its module forgets to.

Chromium is Debian's (``/usr/bin/chromium``, ``bash tools/install_chromium.sh``);
Playwright never downloads a browser here. Without it the tests are skipped, except
under CI (``CI=true``) where they fail.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab_driver import (  # noqa: E402
    ARTIFACTS_DIR,
    VIEWPORT,
    LabNotebook,
    in_ci,
    launch_chromium,
    open_notebook,
    require_chromium,
)
from lab_server import JupyterLab, start_jupyter_lab, stop_jupyter_lab  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]"}

E2E_FIXTURES = {"jupyter_lab", "lab_browser", "lab_page", "open_lab_notebook"}


def require_playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        msg = "the Python package playwright is missing: pip install -e '.[dev]'"
        if in_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    return sync_playwright


# --- marking and reports ---------------------------------------------------------------
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.path)).resolve().parents and E2E_FIXTURES & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_e2e_rep_{report.when}", report)
    return report


def _safe_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]


def _quietly(close: Callable[[], object]) -> None:
    """Teardown step that must not hide the real failure: after Ctrl+C the Playwright
    driver may already be gone, and closing then raises."""
    try:
        close()
    except Exception as exc:  # noqa: BLE001
        print(f"e2e teardown: {close.__qualname__} failed: {exc.__class__.__name__}: {exc}")


# --- the server -------------------------------------------------------------------------
@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory) -> Iterator[JupyterLab]:
    """JupyterLab serving the repository root on 127.0.0.1, fresh token, temp state.
    Always shut down, whatever happens in the tests (also on Ctrl+C)."""
    state = tmp_path_factory.mktemp("jupyter-state")
    lab = start_jupyter_lab(REPO_ROOT, state)
    try:
        yield lab
    finally:
        stop_jupyter_lab(lab)
        try:
            ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(lab.log_path, ARTIFACTS_DIR / "jupyter-server.log")
        except OSError:
            pass


# --- the browser ------------------------------------------------------------------------
@pytest.fixture(scope="session")
def lab_browser():
    """Headless Debian Chromium driven by Playwright (never a downloaded browser)."""
    executable = require_chromium()
    sync_playwright = require_playwright()
    pw = sync_playwright().start()
    try:
        browser = launch_chromium(pw, executable)
        try:
            yield browser
        finally:
            _quietly(browser.close)
    finally:
        _quietly(pw.stop)


@pytest.fixture
def e2e_artifacts(request) -> Path:
    """``tests/e2e/artifacts/<test name>/`` (gitignored), emptied for this run."""
    path = ARTIFACTS_DIR / _safe_name(request.node.name)
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def lab_page(lab_browser, jupyter_lab, e2e_artifacts, request):
    """A fresh browser context and page (1280x900). Requests to any host but the
    loopback one are recorded and fail the test; on failure a page screenshot is saved."""
    context = lab_browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.set_default_timeout(30_000)
    page = context.new_page()
    outside: list[str] = []

    def _watch(req):
        host = re.sub(r"^[a-z]+://([^/:]+|\[[^\]]+\]).*$", r"\1", req.url)
        if req.url.startswith(("http", "ws")) and host not in LOOPBACK_HOSTS:
            outside.append(req.url)

    page.on("request", _watch)
    try:
        yield page
        assert not outside, f"the page asked for non-loopback addresses: {outside}"
    finally:
        rep = getattr(request.node, "_e2e_rep_call", None)
        if rep is not None and rep.failed:
            try:
                page.screenshot(path=str(e2e_artifacts / "failure-page.png"))
            except Exception:  # noqa: BLE001
                pass
        _quietly(context.close)


# --- notebooks --------------------------------------------------------------------------
def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def open_lab_notebook(lab_page, jupyter_lab, e2e_artifacts) -> Iterator[Callable[..., LabNotebook]]:
    """``open_lab_notebook("notebooks/06_binary_gradient_ascent.ipynb") -> LabNotebook``:
    opens the notebook in place (autosave is off in the test settings) in a workspace
    of its own and waits for its kernel. At teardown the file on disk must be byte for
    byte as before (JupyterLab must not have saved the executed notebook), no
    ``.ipynb_checkpoints`` folder may have appeared beside it, and the browser console
    is written to the test's artifacts folder."""
    opened: list[tuple[LabNotebook, Path, str, bool]] = []

    def _has_checkpoints(path: Path) -> bool:
        return (path.parent / ".ipynb_checkpoints").exists()

    def _open(notebook: str | Path, **kwargs) -> LabNotebook:
        path = Path(notebook)
        if not path.is_absolute():
            path = jupyter_lab.root_dir / path
        if not path.is_file():
            raise FileNotFoundError(path)
        digest, had_checkpoints = _digest(path), _has_checkpoints(path)
        jupyter_lab.shutdown_sessions(path)  # a fresh kernel, not one of an earlier test
        nb = open_notebook(lab_page, jupyter_lab, path, artifacts=e2e_artifacts, **kwargs)
        opened.append((nb, path, digest, had_checkpoints))
        return nb

    yield _open

    changed = []
    for nb, path, digest, had_checkpoints in opened:
        try:
            jupyter_lab.shutdown_sessions(path)
        except OSError:
            pass
        (e2e_artifacts / f"console-{_safe_name(path.stem)}.log").write_text(
            "\n".join(nb.console) + "\n"
        )
        if _digest(path) != digest:
            changed.append(str(path))
        if _has_checkpoints(path) and not had_checkpoints:
            changed.append(f"{path.parent / '.ipynb_checkpoints'} (created)")
    assert not changed, f"the e2e run modified committed files: {changed}"
