"""Tests of the e2e harness itself.

The chromium checks are plain unit tests (they run in ``pytest -m "not e2e"``); the
server start/stop tests start JupyterLab and are marked ``e2e``.
"""

from __future__ import annotations

import time

import psutil
import pytest
from lab_driver import require_chromium
from lab_server import JupyterStartError, start_jupyter_lab, stop_jupyter_lab

MISSING = "/nonexistent/chromium"


def test_missing_chromium_skips_outside_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"apt-get install -y chromium"):
        require_chromium(MISSING)


def test_missing_chromium_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"CI=true.*install chromium"):
        require_chromium(MISSING)


def test_present_executable_is_returned(monkeypatch, tmp_path):
    monkeypatch.setenv("CI", "true")
    exe = tmp_path / "chromium"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    assert require_chromium(str(exe)) == str(exe)


@pytest.mark.e2e
@pytest.mark.slow
def test_stop_ends_server_and_kernels(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    lab = start_jupyter_lab(root, tmp_path / "state")
    try:
        kernel = lab.api("api/kernels", method="POST")
        deadline = time.monotonic() + 30
        while len(lab.process_tree()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        procs = lab.process_tree()
        assert len(procs) >= 2, "the kernel process did not appear"
        assert kernel["name"] == "python3"
    finally:
        stop_jupyter_lab(lab)
    assert lab.process.poll() is not None
    gone, alive = psutil.wait_procs(procs, timeout=5)
    assert not alive, f"still running after stop: {alive}"
    assert not list(root.iterdir()), "the server wrote into its root_dir"


@pytest.mark.e2e
@pytest.mark.slow
def test_start_failure_reports_log_and_leaves_nothing(tmp_path):
    with pytest.raises(JupyterStartError, match="server log"):
        start_jupyter_lab(
            tmp_path, tmp_path / "state", timeout=30, extra_args=["--ServerApp.port=-1"]
        )
