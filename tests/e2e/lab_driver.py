"""Drive a notebook in a real JupyterLab page the way a person would (Playwright, sync API).

Typical use, with the fixtures of ``conftest.py``::

    nb = open_notebook("notebooks/06_binary_gradient_ascent.ipynb")  # a LabNotebook
    nb.run_all_cells()            # Edit > Clear Outputs, Run > Run All Cells, wait, no errors
    nb.wait_for_widgets()
    area = nb.widget_area()       # the output that holds the widgets
    nb.screenshot(area, "before")
    nb.set_int_slider("iteration", 3)
    nb.click_button("step")
    nb.wait_for_text(nb.html_widget(contains="iteration"), "iteration 4")

Selectors were checked against JupyterLab 4.6 and ipywidgets 8.1 (see README.md here).
Playwright is imported lazily so that this module can be imported (and doctest-collected)
where it is not installed.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from lab_server import JupyterLab
    from playwright.sync_api import Locator, Page

# --- selectors (JupyterLab 4 / ipywidgets 8) ---------------------------------------------
NOTEBOOK_PANEL = ".jp-NotebookPanel"
EXECUTION_INDICATOR = ".jp-Notebook-ExecutionIndicator"  # data-status: idle/busy/...
KERNEL_NAME = ".jp-Toolbar-kernelName"  # "No Kernel" until a session exists
CODE_CELL = ".jp-CodeCell"
INPUT_PROMPT = ".jp-InputPrompt"  # "[ ]:", "[*]:", "[3]:"
CELL_OUTPUT_ITEM = ".jp-Cell-outputArea > .jp-OutputArea-child > .jp-OutputArea-output"
WIDGET = ".jupyter-widgets"
INT_SLIDER = ".widget-slider"  # also .widget-hslider / .widget-vslider
SLIDER_HANDLE = ".noUi-handle"  # role=slider, aria-valuenow="3.0"
SLIDER_READOUT = ".widget-readout"  # contenteditable, shows the value
WIDGET_LABEL = ".widget-label"  # the description
BUTTON = "button.widget-button"  # text = description
HTML_WIDGET = ".widget-html"  # content in .widget-html-content
OUTPUT_WIDGET = ".widget-output"
IMAGE_WIDGET = "img.widget-image"
PLAY_WIDGET = ".widget-play"  # buttons with i.fa-play / i.fa-pause / i.fa-stop / i.fa-retweet
DIALOG = ".jp-Dialog"
# what ipywidgets shows instead of a widget that failed or is still loading
WIDGET_PROBLEM_TEXT = re.compile(
    r"Error displaying widget|Loading widget\.\.\.|Failed to (load|display) (model|widget)"
    r"|Error rendering output item|Javascript Error"
)

ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"

# Debian's chromium (tools/install_chromium.sh); Playwright never downloads a browser here.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # no host name resolves but the loopback ones: nothing leaves the machine
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]
VIEWPORT = {"width": 1280, "height": 900}
INSTALL_HINT = "bash tools/install_chromium.sh (or: apt-get install -y chromium)"


def in_ci() -> bool:
    """Whether this run is CI: tests/guards.py decides, for the whole suite."""
    from tests.guards import in_ci as decide

    return decide()


def require_chromium(path: str = CHROMIUM) -> str:
    """``path`` if it is an executable file. Otherwise, in a pytest run, skip the test,
    or fail it when ``CI=true`` (CI must not pass by skipping the e2e tests)."""
    import os

    import pytest

    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    if in_ci():
        pytest.fail(
            f"{path} is missing and CI=true, so the e2e tests cannot run: install chromium "
            f"first with `{INSTALL_HINT}`",
            pytrace=False,
        )
    pytest.skip(f"{path} is missing: `apt-get install -y chromium` ({INSTALL_HINT})")


def launch_chromium(playwright, executable: str = CHROMIUM, headless: bool = True):
    """``playwright.chromium.launch`` on Debian's chromium with the project's flags
    (usable outside pytest too, e.g. ``with sync_playwright() as pw: launch_chromium(pw)``)."""
    return playwright.chromium.launch(
        executable_path=executable, args=CHROMIUM_ARGS, headless=headless
    )


# JS run in the page, given the notebook path: the code cells of the notebook's model
# (window.jupyterapp exists because the server sets LabApp.expose_app_in_browser).
_JS_CODE_CELLS = """(path) => {
  const app = window.jupyterapp;
  if (!app) { return {error: 'window.jupyterapp missing (LabApp.expose_app_in_browser)'}; }
  let panel = null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.content.widgets) { panel = w; }
  }
  if (!panel) { return {error: 'no open notebook panel for ' + path}; }
  const cells = [];
  panel.content.widgets.forEach((cell, index) => {
    const m = cell.model;
    if (m.type !== 'code') { return; }
    const outputs = m.outputs.toJSON();
    const prompt = cell.node.querySelector('.jp-InputPrompt');
    cells.push({
      index: index,
      empty: m.sharedModel.getSource().trim() === '',
      execution_count: m.executionCount,
      state: m.executionState || null,
      prompt: prompt ? prompt.textContent.trim() : '',
      tags: (m.getMetadata && m.getMetadata('tags')) || [],
      errors: outputs.filter(o => o.output_type === 'error')
                     .map(o => ({ename: o.ename, evalue: o.evalue})),
      n_outputs: outputs.length,
    });
  });
  return {cells: cells, dirty: panel.context.model.dirty};
}"""


class LabError(AssertionError):
    """Something in the page is not as the test needs it; the message says what."""


def _playwright_expect():
    from playwright.sync_api import expect

    return expect


def _text_re(text: str | re.Pattern) -> re.Pattern:
    """Exact (whitespace-trimmed) match for a string; a pattern is used as it is."""
    if isinstance(text, re.Pattern):
        return text
    return re.compile(r"^\s*" + re.escape(text) + r"\s*$")


@dataclass
class LabNotebook:
    """One notebook open in a JupyterLab page. Built by :func:`open_notebook`."""

    page: Page
    lab: JupyterLab
    path: str  # relative to the server's root_dir
    artifacts: Path = ARTIFACTS_DIR
    console: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    # --- where things are ---------------------------------------------------------------
    @property
    def panel(self) -> Locator:
        """The notebook's panel (scope of every other locator)."""
        return self.page.locator(f"{NOTEBOOK_PANEL}:not(.lm-mod-hidden)").first

    def code_cells(self) -> list[dict[str, Any]]:
        """Code cells from the notebook model: index, execution_count, prompt, errors..."""
        info = self.page.evaluate(_JS_CODE_CELLS, self.path)
        if "error" in info:
            raise LabError(info["error"])
        return info["cells"]

    def is_dirty(self) -> bool:
        return bool(self.page.evaluate(_JS_CODE_CELLS, self.path).get("dirty"))

    def cell(self, index: int) -> Locator:
        """The notebook cell at ``index`` (0-based, markdown cells included)."""
        return self.panel.locator(".jp-Notebook-cell").nth(index)

    def widget_area(self, index: int = 0, contains: str | None = None) -> Locator:
        """The ``index``-th cell output that holds widgets, optionally the first one
        whose text contains ``contains``. Good for element screenshots."""
        loc = self.panel.locator(CELL_OUTPUT_ITEM).filter(has=self.page.locator(WIDGET))
        if contains is not None:
            loc = loc.filter(has_text=contains)
        return loc.nth(index)

    def int_slider(self, description: str | re.Pattern, index: int = 0) -> Locator:
        """An IntSlider/FloatSlider by its description (exact text, or a regex)."""
        label = self.page.locator(f":scope > {WIDGET_LABEL}", has_text=_text_re(description))
        return self.panel.locator(INT_SLIDER).filter(has=label).nth(index)

    def button(self, description: str | re.Pattern, index: int = 0) -> Locator:
        """An ipywidgets Button by its description (exact text, or a regex)."""
        return self.panel.locator(BUTTON).filter(has_text=_text_re(description)).nth(index)

    def html_widget(self, contains: str | re.Pattern | None = None, index: int = 0) -> Locator:
        """An HTML/HTMLMath widget's content, optionally the one containing some text."""
        loc = self.panel.locator(f"{HTML_WIDGET} .widget-html-content")
        if contains is not None:
            loc = loc.filter(has_text=contains)
        return loc.nth(index)

    def output_widget(self, index: int = 0) -> Locator:
        return self.panel.locator(OUTPUT_WIDGET).nth(index)

    def image_widget(self, index: int = 0) -> Locator:
        """An ipywidgets Image (an <img> whose src is a blob: URL of the PNG bytes)."""
        return self.panel.locator(IMAGE_WIDGET).nth(index)

    def play_button(self, action: str = "play", index: int = 0) -> Locator:
        """A button of a Play widget: action is play, pause, stop or retweet (repeat)."""
        play = self.panel.locator(PLAY_WIDGET).nth(index)
        return play.locator("button").filter(has=self.page.locator(f"i.fa-{action}")).first

    # --- waiting ------------------------------------------------------------------------
    def _page_state(self) -> str:
        """A one-line picture of the page for error messages."""
        try:
            return self.page.evaluate(
                """() => {
                  const q = s => { const e = document.querySelector(s); return e ? e : null; };
                  const ind = q('.jp-Notebook-ExecutionIndicator');
                  const kn = q('.jp-Toolbar-kernelName');
                  const dlg = q('.jp-Dialog');
                  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                    .map(e => e.textContent.trim());
                  return 'indicator=' + (ind && ind.dataset.status) + ' kernel=' +
                    (kn && kn.textContent.trim()) + ' prompts=' + JSON.stringify(prompts) +
                    (dlg ? ' DIALOG: ' + dlg.innerText.replace(/\\s+/g, ' ') : '');
                }"""
            )
        except Exception as exc:  # noqa: BLE001 - only for a message
            return f"(page state unavailable: {exc})"

    def wait_for_kernel_idle(self, timeout: float = 60.0, settle: float = 0.3) -> None:
        """Wait until the notebook has a kernel and it is idle, and stays idle ``settle`` s.

        The execution indicator already says ``idle`` while the toolbar still says
        "No Kernel", so both are checked.
        """
        deadline = time.monotonic() + timeout
        js = """() => {
          const ind = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) ' +
                                             '.jp-Notebook-ExecutionIndicator');
          const kn = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) ' +
                                            '.jp-Toolbar-kernelName');
          const name = kn ? kn.textContent.trim() : '';
          return !!ind && ind.dataset.status === 'idle' && name !== '' && name !== 'No Kernel';
        }"""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LabError(f"kernel not idle after {timeout:.0f} s: {self._page_state()}")
            try:
                self.page.wait_for_function(js, timeout=remaining * 1000, polling=100)
            except Exception as exc:
                raise LabError(
                    f"kernel not idle after {timeout:.0f} s: {self._page_state()}"
                ) from exc
            self.page.wait_for_timeout(settle * 1000)
            if self.page.evaluate(js):
                return

    def wait_for_text(self, locator: Locator, text: str | re.Pattern, timeout: float = 15.0) -> str:
        """Wait until ``locator``'s text contains ``text`` (or matches the regex); return it."""
        _playwright_expect()(locator).to_contain_text(text, timeout=timeout * 1000)
        return locator.inner_text()

    # --- running ------------------------------------------------------------------------
    def menu(self, *labels: str) -> None:
        """Click through the menu bar, e.g. ``menu("Run", "Run All Cells")``."""
        top, *rest = labels
        self.page.locator(".lm-MenuBar-item", has_text=_text_re(top)).first.click()
        for label in rest:
            item = self.page.locator(".lm-Menu-item", has_text=_text_re(label)).first
            item.click()

    def clear_all_outputs(self) -> None:
        """Edit > Clear Outputs of All Cells (also resets the execution counts)."""
        self.menu("Edit", "Clear Outputs of All Cells")
        self.page.wait_for_function(
            """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
                       + '.jp-CodeCell .jp-InputPrompt')]
                     .every(p => !/\\d|\\*/.test(p.textContent))""",
            timeout=10_000,
        )

    def run_all_cells(
        self, timeout: float = 180.0, clear_first: bool = True, check_errors: bool = True
    ) -> list[dict[str, Any]]:
        """Run > Run All Cells and wait until every code cell has run (or one failed).

        With ``clear_first`` the stored outputs and execution counts are cleared first,
        so widgets shown afterwards come from this run and finishing is unambiguous.
        Returns :meth:`code_cells`; raises :class:`LabError` on an error output (unless
        ``check_errors`` is false) or when execution does not finish in ``timeout`` s.
        """
        t0 = time.monotonic()
        self.wait_for_kernel_idle()
        if clear_first:
            self.clear_all_outputs()
        self.menu("Run", "Run All Cells")
        deadline = time.monotonic() + timeout
        cells: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            cells = self.code_cells()
            running = [c for c in cells if "*" in c["prompt"] or c["state"] == "running"]
            failed = any(c["errors"] for c in cells)
            todo = [c for c in cells if not c["empty"] and c["execution_count"] is None]
            if not running and (not todo or failed):
                status = self.panel.locator(EXECUTION_INDICATOR).get_attribute("data-status")
                if status == "idle":
                    break
            self.page.wait_for_timeout(100)
        else:
            raise LabError(
                f"Run All Cells did not finish within {timeout:.0f} s: {self._page_state()}"
            )
        self.timings["run_all_cells"] = time.monotonic() - t0
        if check_errors:
            self.assert_no_errors()
        return cells

    # --- checking -----------------------------------------------------------------------
    def error_outputs(self, allow_tagged: bool = True) -> list[str]:
        """Every problem shown in the notebook: error outputs (tracebacks; stderr text is
        not one), cells left unexecuted, and widget placeholders such as
        "Error displaying widget". Cells tagged ``raises-exception`` are allowed to fail
        when ``allow_tagged``."""
        problems = []
        cells = self.code_cells()
        for c in cells:
            if c["errors"] and not (allow_tagged and "raises-exception" in c["tags"]):
                for e in c["errors"]:
                    problems.append(f"cell {c['index']}: {e['ename']}: {e['evalue']}")
        for item in self.panel.locator(CELL_OUTPUT_ITEM).all():
            text = item.inner_text()
            m = WIDGET_PROBLEM_TEXT.search(text)
            if m:
                problems.append(f"output shows {m.group(0)!r}: {text[:200]!r}")
        return problems

    def assert_no_errors(self, allow_tagged: bool = True) -> None:
        problems = self.error_outputs(allow_tagged=allow_tagged)
        if problems:
            self.save_page_screenshot("errors")
            raise LabError("the notebook shows errors:\n  " + "\n  ".join(problems))

    def wait_for_widgets(self, min_count: int = 1, timeout: float = 30.0) -> Locator:
        """Wait until at least ``min_count`` widget outputs are rendered and no output
        still shows "Loading widget..." (or an error instead of a widget)."""
        areas = self.panel.locator(CELL_OUTPUT_ITEM).filter(has=self.page.locator(WIDGET))
        deadline = time.monotonic() + timeout
        while True:
            n = areas.count()
            texts = " ".join(t for t in self.panel.locator(CELL_OUTPUT_ITEM).all_inner_texts())
            problem = WIDGET_PROBLEM_TEXT.search(texts)
            if n >= min_count and not problem:
                return areas
            if problem and "Loading" not in problem.group(0):
                raise LabError(f"widget not displayed: {problem.group(0)!r}")
            if time.monotonic() > deadline:
                raise LabError(
                    f"{n} widget outputs after {timeout:.0f} s (wanted {min_count})"
                    + (f", page shows {problem.group(0)!r}" if problem else "")
                    + "; a widget shown as plain text (e.g. 'VBox(children=...') means "
                    "JupyterLab did not load @jupyter-widgets/jupyterlab-manager"
                )
            self.page.wait_for_timeout(100)

    # --- interacting --------------------------------------------------------------------
    def slider_value(self, description: str | re.Pattern, index: int = 0) -> float:
        """The slider's value as its handle tells it (aria-valuenow)."""
        handle = self.int_slider(description, index).locator(SLIDER_HANDLE).first
        return float(handle.get_attribute("aria-valuenow"))

    def move_int_slider(
        self, description: str | re.Pattern, steps: int, index: int = 0, settle: bool = True
    ) -> int:
        """Press the arrow keys ``steps`` times (negative: left) on the slider's handle,
        as a person with a keyboard does; returns the new value. With ``settle`` waits
        until the kernel has handled the change."""
        slider = self.int_slider(description, index)
        handle = slider.locator(SLIDER_HANDLE).first
        start = self.slider_value(description, index)
        handle.scroll_into_view_if_needed()
        handle.focus()
        key = "ArrowRight" if steps > 0 else "ArrowLeft"
        for _ in range(abs(steps)):
            handle.press(key)
        lo = float(handle.get_attribute("aria-valuemin"))
        hi = float(handle.get_attribute("aria-valuemax"))
        want = min(max(start + steps, lo), hi)
        _playwright_expect()(handle).to_have_attribute(
            "aria-valuenow", re.compile(rf"^{int(want)}(\.0+)?$"), timeout=5000
        )
        if settle:
            self._settle_after_interaction()
        return int(want)

    def set_int_slider(
        self,
        description: str | re.Pattern,
        value: int,
        index: int = 0,
        max_keys: int = 20,
        settle: bool = True,
    ) -> int:
        """Bring the slider to ``value``: arrow keys when at most ``max_keys`` steps
        away (each step reaches the kernel), otherwise typing into its readout."""
        current = int(round(self.slider_value(description, index)))
        if abs(value - current) <= max_keys:
            if value != current:
                return self.move_int_slider(description, value - current, index, settle)
            return current
        slider = self.int_slider(description, index)
        readout = slider.locator(SLIDER_READOUT).first
        readout.click()
        readout.press("Control+A")
        readout.press_sequentially(str(value))
        readout.press("Enter")
        _playwright_expect()(slider.locator(SLIDER_HANDLE).first).to_have_attribute(
            "aria-valuenow", re.compile(rf"^{value}(\.0+)?$"), timeout=5000
        )
        if settle:
            self._settle_after_interaction()
        return value

    def click_button(
        self, description: str | re.Pattern, index: int = 0, settle: bool = True
    ) -> None:
        """Click an ipywidgets Button by its description; with ``settle`` wait until the
        kernel has run the handler (indicator busy, then idle)."""
        self.button(description, index).click()
        if settle:
            self._settle_after_interaction()

    def _settle_after_interaction(self, timeout: float = 30.0) -> None:
        # The handler's round trip flips the indicator to busy for a moment; give it a
        # chance to appear, then wait for a steady idle.
        try:
            self.page.wait_for_function(
                """() => { const i = document.querySelector(
                     '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
                   return i && i.dataset.status !== 'idle'; }""",
                timeout=500,
                polling="raf",
            )
        except Exception:  # noqa: BLE001 - it may already be over
            pass
        self.wait_for_kernel_idle(timeout=timeout)

    # --- pictures -----------------------------------------------------------------------
    def images(self, scope: Locator | None = None) -> list[str]:
        """``src`` of every <img> in ``scope`` (default: the notebook; may itself be an
        <img>), once each has loaded."""
        scope = scope if scope is not None else self.panel
        imgs = scope.locator("xpath=descendant-or-self::img")
        for img in imgs.all():
            img.evaluate("i => i.complete || new Promise(r => { i.onload = i.onerror = r; })")
        return [img.get_attribute("src") or "" for img in imgs.all()]

    def wait_for_new_image(
        self, scope: Locator, previous: str | list[str], timeout: float = 15.0
    ) -> str:
        """Wait until ``scope`` shows an <img> whose src differs from ``previous`` (a src
        or a list of them) and return the new src: a redrawn matplotlib figure arrives
        after the text that announced it."""
        old = {previous} if isinstance(previous, str) else set(previous)
        deadline = time.monotonic() + timeout
        while True:
            srcs = [s for s in self.images(scope) if s]
            new = [s for s in srcs if s not in old]
            if new:
                return new[-1]
            if time.monotonic() > deadline:
                raise LabError(f"no new image within {timeout:.0f} s ({len(srcs)} unchanged)")
            self.page.wait_for_timeout(100)

    def screenshot(self, locator: Locator, name: str) -> bytes:
        """Element screenshot saved as ``<artifacts>/<name>.png``; returns the PNG bytes."""
        self.artifacts.mkdir(parents=True, exist_ok=True)
        locator.scroll_into_view_if_needed()
        self.images(locator)
        return locator.screenshot(
            path=str(self.artifacts / f"{name}.png"), animations="disabled", caret="hide"
        )

    def save_page_screenshot(self, name: str = "page") -> Path | None:
        """The whole page, for a failure report; never raises."""
        try:
            self.artifacts.mkdir(parents=True, exist_ok=True)
            path = self.artifacts / f"{name}.png"
            self.page.screenshot(path=str(path))
            return path
        except Exception:  # noqa: BLE001
            return None


def open_notebook(
    page: Page,
    lab: JupyterLab,
    notebook: str | Path,
    artifacts: Path = ARTIFACTS_DIR,
    workspace: str | None = None,
    timeout: float = 60.0,
) -> LabNotebook:
    """Open ``/lab/workspaces/<workspace>/tree/<notebook>?token=...`` and wait until the
    notebook's kernel is idle. ``notebook`` is relative to the server's root_dir (or
    absolute inside it). A fresh ``workspace`` (the default is made from the path and
    the time) keeps tabs of earlier tests from being restored."""
    rel = lab.relpath(notebook)
    if workspace is None:
        workspace = "e2e-" + re.sub(r"[^A-Za-z0-9]+", "-", Path(rel).stem) + f"-{time.time_ns()}"
    nb = LabNotebook(page=page, lab=lab, path=rel, artifacts=artifacts)
    page.on(
        "console",
        lambda m: (
            nb.console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
        ),
    )
    page.on("pageerror", lambda e: nb.console.append(f"pageerror: {e}"))
    t0 = time.monotonic()
    page.goto(lab.notebook_url(rel, workspace=workspace), wait_until="domcontentloaded")
    nb.wait_for_kernel_idle(timeout=timeout)
    # the notebook in front must be ours
    title = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current").first
    _playwright_expect()(title).to_contain_text(Path(rel).name, timeout=10_000)
    nb.timings["open"] = time.monotonic() - t0
    return nb
