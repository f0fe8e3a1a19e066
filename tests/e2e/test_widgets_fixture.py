"""End-to-end: the widget fixture notebook in a real JupyterLab, driven by headless Chromium.

Proves the harness (conftest.py, lab_server.py, lab_driver.py) on a notebook of our own
before the course notebooks 06 and 07 use it.
"""

from __future__ import annotations

import time
import urllib.parse

import pytest
from lab_driver import LabError

pytestmark = pytest.mark.e2e

WIDGET_FIXTURE = "tests/e2e/fixtures/widget_fixture.ipynb"
ERROR_FIXTURE = "tests/e2e/fixtures/error_fixture.ipynb"
N_ITER = 8  # as in the fixture notebook


def test_server_listens_on_loopback_only(jupyter_lab):
    info = jupyter_lab.server_info
    assert info.get("hostname") == "127.0.0.1", info
    assert urllib.parse.urlsplit(info["url"]).hostname == "127.0.0.1", info
    # start a kernel so that its ZMQ sockets are counted too
    kernel = jupyter_lab.api("api/kernels", method="POST")
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            listening = jupyter_lab.listening_addresses()
            if len({pid for _, _, pid in listening}) >= 2:  # server and kernel
                break
            time.sleep(0.2)
        assert len({pid for _, _, pid in listening}) >= 2, listening
        others = [a for a in listening if a[0] != "127.0.0.1"]
        assert not others, f"listening beyond 127.0.0.1: {others}"
        assert (("127.0.0.1", jupyter_lab.port, jupyter_lab.process.pid)) in listening
    finally:
        jupyter_lab.api(f"api/kernels/{kernel['id']}", method="DELETE")


def test_widget_fixture_end_to_end(open_lab_notebook):
    t0 = time.monotonic()
    nb = open_lab_notebook(WIDGET_FIXTURE)
    cells = nb.run_all_cells(timeout=60)
    assert [c["execution_count"] for c in cells] == [1, 2]
    nb.wait_for_widgets(min_count=1)
    area = nb.widget_area(contains="iteration")
    readout = nb.html_widget(contains="iteration")
    picture = nb.image_widget()

    # before: iteration 0
    assert nb.wait_for_text(readout, "iteration 0").startswith("iteration 0")
    assert nb.slider_value("iteration") == 0
    assert nb.play_button("play").is_visible()
    before_png = nb.screenshot(area, "01-before")
    (before_src,) = nb.images(picture)
    assert before_src.startswith(("blob:", "data:image/png")), before_src

    # the slider by keyboard: 0 -> 2, then the step button: 3
    assert nb.set_int_slider("iteration", 2) == 2
    nb.wait_for_text(readout, "iteration 2")
    nb.click_button("step")
    nb.wait_for_text(readout, "iteration 3")
    after_src = nb.wait_for_new_image(picture, before_src)
    assert nb.slider_value("iteration") == 3
    assert nb.panel.locator(".widget-slider .widget-readout").first.inner_text().strip() == "3"
    # the table: three cells on, the rest off
    assert readout.locator("td").all_inner_texts() == ["1"] * 3 + ["0"] * (N_ITER - 3)
    after_png = nb.screenshot(area, "02-after-step")
    assert nb.images(picture) == [after_src]
    assert after_png != before_png, "the widget area looks the same after the interaction"

    # back one step by keyboard; a value typed into the slider's readout; then Play runs
    # to the end (Play -> slider via jslink)
    assert nb.move_int_slider("iteration", -1) == 2
    nb.wait_for_text(readout, "iteration 2")
    assert nb.set_int_slider("iteration", 5, max_keys=0) == 5
    nb.wait_for_text(readout, "iteration 5")
    nb.play_button("play").click()
    nb.wait_for_text(readout, f"iteration {N_ITER}", timeout=20)
    nb.wait_for_new_image(picture, after_src)
    nb.wait_for_kernel_idle()
    assert nb.slider_value("iteration") == N_ITER
    nb.screenshot(area, "03-after-play")

    nb.assert_no_errors()
    assert nb.is_dirty(), "the executed notebook should be unsaved (autosave is off)"
    elapsed = time.monotonic() - t0
    print(f"fixture e2e: {elapsed:.1f} s in the page; timings {nb.timings}")


def test_error_output_is_reported(open_lab_notebook):
    nb = open_lab_notebook(ERROR_FIXTURE)
    with pytest.raises(LabError) as excinfo:
        nb.run_all_cells(timeout=60)
    message = str(excinfo.value)
    assert "ValueError: fixture error on purpose" in message
    assert "stderr before the error" not in message  # stderr output is not an error
    cells = nb.code_cells()
    assert [bool(c["errors"]) for c in cells] == [False, True, False]
    assert cells[2]["execution_count"] is None  # Run All stopped at the error
