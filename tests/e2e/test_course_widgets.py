"""End-to-end: the course notebooks' widgets used as a student uses them, in a real JupyterLab.

Notebooks 06 (the ascent explorer) and 07 (the k2 explorer of the labelling task) are
opened in headless Chromium, run with Run > Run All Cells and driven with the keyboard
and the mouse. What the widgets then show is compared with what the package computes
here, in the test process, from the same data and the same parameters as the notebook:

- 06: `bga_path` gives the path x_0, ..., x_J of the notebook's point; the readout must
  say "iteration j of J", and the iterate picture (decoded from the PNG the browser
  shows) must be x_j, pixel for pixel; the `neighbours` toggle set to "ball" restarts
  the ascent and the readout counts the ball's points;
- 07: `BinNNMS` and `epsilon_from_k2` / `epsilon_proximity` give epsilon(k2), the edges
  of the graph H <= epsilon among the distinct modes, the clusters and their NMI/ARI;
  the readout must say the same for the k2 the slider was moved to.

The real data (Digits) comes from ``BINMS_TEACH_DATA``; without it the tests are
skipped, except under CI (``CI=true``) where they fail.

``E2E_UPDATE_DOCS=1`` also copies the before/after pictures of the 06 explorer to
``docs/`` (the README shows them); an ordinary run never writes outside the artifacts.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import time
from pathlib import Path

import numpy as np
import pytest
from lab_driver import LabError, in_ci

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
DOCS = REPO_ROOT / "docs"
NB06 = "notebooks/06_binary_gradient_ascent.ipynb"
NB07 = "notebooks/07_epsilon_proximity.ipynb"

# What the notebooks use (checked against their source below).
POINT_06, K1_06 = 882, 10  # AscentExplorer(X, start=p, k1=k1, y=y) with p = 882, k1 = 10
K1_07, K2_07 = 10, 20  # BinNNMS(k1=10, k2=20); LabellingExplorer(modes, k2=20, ...)
IMAGE_SHAPE = (16, 15)  # Digits: 16 rows of 15 pixels

RUN_ALL_TIMEOUT = 300.0  # s; a loaded 2-core machine runs notebook 06 in under a minute
UPDATE_TIMEOUT = 30.0  # s for one widget update to reach the page

READOUT_07 = re.compile(
    r"k2 = (?P<k2>\d+) · epsilon = (?P<epsilon>\d+\.\d+) \(on the modes\) · "
    r"(?P<edges>\d+) edges among (?P<distinct>\d+) distinct modes · "
    r"(?P<clusters>\d+) clusters · NMI = (?P<nmi>-?\d+\.\d+) · ARI = (?P<ari>-?\d+\.\d+)"
)


# --- the data and the notebooks' parameters ---------------------------------------------
@pytest.fixture(scope="module")
def digits():
    """Digits as the notebooks load it, never downloaded here."""
    from binms_teach.datasets import load_digits

    try:
        return load_digits(download=False)
    except FileNotFoundError as exc:
        msg = f"Digits not found for the course notebooks: {exc}"
        if in_ci():
            pytest.fail(f"CI=true: {msg}", pytrace=False)
        pytest.skip(msg)


def notebook_source(notebook: str) -> str:
    cells = json.loads((REPO_ROOT / notebook).read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def test_parameters_match_the_notebooks():
    """The expected states below are computed with the notebooks' own parameters."""
    src06 = notebook_source(NB06)
    assert re.search(rf"^p = {POINT_06}$", src06, re.M), "notebook 06 starts elsewhere"
    assert re.search(rf"^k1 = {K1_06}$", src06, re.M), "notebook 06 uses another k1"
    assert "AscentExplorer(X, start=p, k1=k1, y=y)" in src06
    src07 = notebook_source(NB07)
    assert f"BinNNMS(k1={K1_07}, k2={K2_07}).fit(X)" in src07
    assert f"LabellingExplorer(modes, k2={K2_07}," in src07


# --- what the page shows ----------------------------------------------------------------
def png_of(img) -> bytes:
    """The bytes behind an <img> (a blob: URL of an ipywidgets Image), read in the page."""
    b64 = img.evaluate(
        """async (i) => {
             const bytes = new Uint8Array(await (await fetch(i.src)).arrayBuffer());
             let s = '';
             for (let k = 0; k < bytes.length; k += 8192) {
               s += String.fromCharCode(...bytes.subarray(k, k + 8192));
             }
             return btoa(s);
           }"""
    )
    return base64.b64decode(b64)


def bits_of_picture(png: bytes, shape=IMAGE_SHAPE) -> np.ndarray:
    """The 0/1 image a binary picture shows: dark cell centres are 1 (ink on paper)."""
    from PIL import Image

    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
    rows, cols = shape
    scale = rgb.shape[0] // rows
    assert scale >= 2 and rgb.shape[:2] == (rows * scale, cols * scale), rgb.shape
    centres = rgb[scale // 2 :: scale, scale // 2 :: scale].mean(axis=2)
    return (centres < 128).astype(np.uint8).reshape(-1)


def wait_for_picture(nb, img, expected: np.ndarray, timeout: float = UPDATE_TIMEOUT) -> str:
    """Wait until ``img`` shows the 0/1 vector ``expected``; return its src."""
    deadline = time.monotonic() + timeout
    shown = None
    while True:
        src = nb.images(img)[0]
        if src:
            shown = bits_of_picture(png_of(img))
            if np.array_equal(shown, expected):
                return src
        if time.monotonic() > deadline:
            diff = "no picture" if shown is None else f"{int((shown != expected).sum())} pixels"
            raise LabError(f"the picture does not show the expected iterate ({diff} differ)")
        nb.page.wait_for_timeout(200)


def readout_07(text: str) -> dict[str, float]:
    m = READOUT_07.search(text)
    assert m, f"unexpected readout: {text!r}"
    return {k: float(v) for k, v in m.groupdict().items()}


def expected_labelling(modes, y, k2: int, epsilon: float | None = None) -> dict[str, float]:
    """The readout's numbers for k2, computed with the package's plain functions."""
    from binms_teach import ari, epsilon_from_k2, epsilon_proximity, hamming, nmi

    eps = epsilon_from_k2(modes, k2) if epsilon is None else epsilon
    labels = epsilon_proximity(modes, eps)
    distinct = np.unique(modes, axis=0)
    within = np.triu(hamming(distinct) <= eps, k=1)
    return {
        "k2": k2,
        "epsilon": eps,
        "edges": int(within.sum()),
        "distinct": len(distinct),
        "clusters": int(labels.max()) + 1,
        "nmi": nmi(y, labels),
        "ari": ari(y, labels),
    }


def assert_readout_07(shown: dict[str, float], want: dict[str, float]) -> None:
    for key in ("k2", "edges", "distinct", "clusters"):
        assert shown[key] == want[key], (key, shown, want)
    assert abs(shown["epsilon"] - want["epsilon"]) <= 0.005 + 1e-9, (shown, want)
    for key in ("nmi", "ari"):
        assert abs(shown[key] - want[key]) <= 0.0005 + 1e-9, (key, shown, want)


def save_to_docs(screenshots: dict[str, Path]) -> None:
    """With E2E_UPDATE_DOCS=1, copy the pictures to docs/ (for the README)."""
    if os.environ.get("E2E_UPDATE_DOCS", "").strip() not in {"1", "true", "yes"}:
        return
    DOCS.mkdir(exist_ok=True)
    for name, path in screenshots.items():
        shutil.copyfile(path, DOCS / name)


# --- notebook 06: the ascent explorer ----------------------------------------------------
def test_ascent_explorer_06(open_lab_notebook, digits, e2e_artifacts):
    from binms_teach import bga_path, bga_step

    X = digits.data
    path = bga_path(X, X[POINT_06], K1_06)
    # The readout says "iteration j of N" with N the last update shown; the ascent ends at
    # a fixed point, so that update is the one that confirms x_N = len(path) - 1 is a mode.
    assert np.array_equal(bga_step(X, path[-1], K1_06)[0], path[-1]), "no fixed point"
    last = len(path) - 1
    assert last >= 4, "the test moves to iteration 3 and then to the end"
    assert all((path[j] != path[j + 1]).any() for j in range(last)), "a path never repeats"

    nb = open_lab_notebook(NB06)
    nb.run_all_cells(timeout=RUN_ALL_TIMEOUT)
    nb.wait_for_widgets(min_count=1)  # the ascent explorer (the path map is in 06b)
    area = nb.widget_area(contains="iteration")
    readout = area.locator(".bga-readout")
    iterate = area.locator("img.bga-iterate")

    def says(j: int) -> str:
        return nb.wait_for_text(
            readout, re.compile(rf"^iteration {j} of {last} · k1 = {K1_06} · "), UPDATE_TIMEOUT
        )

    # before: x_0 is the notebook's point, with its k1
    says(0)
    assert area.locator(".widget-text input").input_value() == str(POINT_06)
    assert nb.slider_value("k1") == K1_06
    assert nb.slider_value("iteration") == 0
    src = {0: wait_for_picture(nb, iterate, path[0])}
    for img in area.locator("img.widget-image").all():  # every picture drawn
        assert img.evaluate("i => i.complete && i.naturalWidth > 0"), img
    before = nb.screenshot(area, "ascent-explorer-before")

    # the iteration slider two steps right with the keyboard, then the step button
    assert nb.move_int_slider("iteration", 2) == 2
    text = says(2)
    # what the move x_2 -> x_3 changes, and how far the mode is before and after
    on = int(((path[2] == 0) & (path[3] == 1)).sum())
    off = int(((path[2] == 1) & (path[3] == 0)).sum())
    far, far_next = int((path[2] != path[-1]).sum()), int((path[3] != path[-1]).sum())
    assert f"bits change: {on} on" in text and f", {off} off" in text, text
    assert text.endswith(f"distance to the mode: {far} bits, then {far_next}"), text
    src[2] = wait_for_picture(nb, iterate, path[2])
    nb.click_button("step")
    says(3)
    assert nb.slider_value("iteration") == 3
    src[3] = wait_for_picture(nb, iterate, path[3])
    assert len(set(src.values())) == 3, "the iterate's picture did not change"
    after = nb.screenshot(area, "ascent-explorer-after")
    assert after != before

    # on to the end: x_last is a fixed point, and step has nothing more to show
    for _ in range(last - 3):
        nb.click_button("step")
    text = says(last)
    assert f"fixed point: x_{last} is a mode" in text, text
    assert "0 bits change" in text, text
    wait_for_picture(nb, iterate, path[last])
    assert nb.button("step").is_disabled()
    assert not nb.button("back").is_disabled()

    # the neighbour rule: "ball" restarts the ascent at x_0 with every point within the
    # k1-th distance voting, and the readout says how many
    from binms_teach.hamming import ball_neighbours

    ball_path = bga_path(X, X[POINT_06], K1_06, neighbours="ball")
    voters = len(ball_neighbours(X, X[POINT_06][None, :], K1_06).indices[0])
    area.locator("button.widget-toggle-button", has_text=re.compile("^ball$")).click()
    nb.wait_for_text(readout, re.compile(
        rf"^iteration 0 of {len(ball_path) - 1} · k1 = {K1_06} · ball of {voters} points · "),
        UPDATE_TIMEOUT)
    wait_for_picture(nb, iterate, ball_path[0])

    nb.assert_no_errors()
    save_to_docs({
        "ascent-explorer-before.png": e2e_artifacts / "ascent-explorer-before.png",
        "ascent-explorer-after.png": e2e_artifacts / "ascent-explorer-after.png",
    })
    print(f"notebook 06: timings {nb.timings}")


# --- notebook 07: the k2 explorer ---------------------------------------------------------
def test_labelling_explorer_07(open_lab_notebook, digits):
    from binms_teach import BinNNMS, epsilon_from_k2

    X, y = digits.data, digits.target
    model = BinNNMS(k1=K1_07, k2=K2_07).fit(X)
    assert model.epsilon_ == pytest.approx(epsilon_from_k2(model.modes_, K2_07))
    k2_after = K2_07 + 5
    want = {
        K2_07: expected_labelling(model.modes_, y, K2_07, epsilon=model.epsilon_),
        k2_after: expected_labelling(model.modes_, y, k2_after),
    }
    assert want[K2_07]["clusters"] == model.labels_.max() + 1
    assert want[K2_07]["clusters"] != want[k2_after]["clusters"], "pick a k2 that matters"

    nb = open_lab_notebook(NB07)
    nb.run_all_cells(timeout=RUN_ALL_TIMEOUT)
    nb.wait_for_widgets(min_count=1)
    area = nb.widget_area(contains="k2 =")
    readout = area.locator(".eps-readout")
    graph = area.locator("img.widget-image").first

    # before: k2 = 20 as in the notebook
    text = nb.wait_for_text(readout, re.compile(rf"^k2 = {K2_07} · "), UPDATE_TIMEOUT)
    assert_readout_07(readout_07(text), want[K2_07])
    assert nb.slider_value("k2") == K2_07
    (old_src,) = nb.images(graph)
    before = nb.screenshot(area, "labelling-explorer-before")

    # the k2 slider five steps right with the keyboard
    assert nb.move_int_slider("k2", k2_after - K2_07) == k2_after
    text = nb.wait_for_text(readout, re.compile(rf"^k2 = {k2_after} · "), UPDATE_TIMEOUT)
    assert_readout_07(readout_07(text), want[k2_after])
    nb.wait_for_new_image(graph, old_src, timeout=UPDATE_TIMEOUT)
    after = nb.screenshot(area, "labelling-explorer-after")
    assert after != before

    nb.assert_no_errors()
    print(f"notebook 07: timings {nb.timings}")


def test_relative_data_folder_reaches_kernels_absolute(monkeypatch, tmp_path):
    """Kernels run in the notebook's folder: a relative BINMS_TEACH_DATA is made absolute."""
    from lab_server import DATA_VARIABLE, _write_state

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(DATA_VARIABLE, "uci")
    assert _write_state(tmp_path / "state")[DATA_VARIABLE] == str(tmp_path / "uci")
