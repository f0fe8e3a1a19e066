"""The feedback page a student receives from nbgrader (``nbgrader generate_feedback``).

`binms-teach nbgrader DIR` writes a ``nbgrader_config.py`` that makes nbgrader export the
feedback with `FeedbackExporter`: nbgrader's own feedback page, with three changes.

* Every graded cell is named by its question: the list of scores at the top and the heading of
  each graded cell read "06.1 · Exercise 1: odd and even $k_1$" where nbgrader writes
  "Test cell" and the cell's grade id. The name is the exercise id of the test cell and the
  ``##`` or ``###`` heading the cell stands under.
* The maths is typeset offline: nbgrader's page loads MathJax from the network; this one
  carries MathJax 3 (its SVG output, which needs no font files) inside the page, read from
  the ``sphinx-mathjax-offline`` package (MathJax 3.2.2). Without that package the page keeps
  nbgrader's MathJax, which needs the network, and the exporter says so in nbgrader's log.
* The page declares its language (``<html lang="en">``).

This module imports nbconvert and nbgrader: only nbgrader's own processes import it.
"""

import os
import re
from importlib import metadata
from pathlib import Path

import nbgrader
from nbconvert.exporters import HTMLExporter

__all__ = ["FeedbackExporter", "mathjax_script", "question_names"]

NBGRADER = Path(nbgrader.__file__).parent / "server_extensions" / "formgrader"
BOOTSTRAP_CSS = "static/node_modules/bootstrap/dist/css"  # the page's style sheet, as nbgrader
MATHJAX_PACKAGE, MATHJAX_FILE = "sphinx-mathjax-offline", "static/mathjax/tex-svg.js"
HEADING = re.compile(r"^\s{0,3}#{2,3}\s+(.+?)\s*#*\s*$")
GRADED_ID = re.compile(r"""\bgraded\(\s*["']([^"']+)["']""")
# MathJax 3's settings: $...$ and \(...\) inline, $$...$$ and \[...\] displayed, as in the
# lessons; code (pre, code) is never typeset.
MATHJAX_CONFIG = """<script>
window.MathJax = {
  tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']],
        displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']],
        processEscapes: true, tags: 'ams'},
  svg: {fontCache: 'global'}
};
</script>"""

# nbgrader's feedback page, extended (the blocks below replace nbgrader's list of scores, the
# heading of a graded code cell, and the page's head). Written for this package.
TEMPLATE = r"""{%- extends 'index.html.j2' -%}

{%- macro label(cell) -%}
{%- set meta = cell.metadata -%}
{%- if meta.binms_teach and meta.binms_teach.question -%}{{ meta.binms_teach.question | e }}
{%- elif meta.nbgrader.solution -%}Written answer {{ meta.nbgrader.grade_id }}
{%- else -%}Test {{ meta.nbgrader.grade_id }}
{%- endif -%}
{%- endmacro -%}

{%- macro points(score, total) -%}
{{ score | float | round(2) }} / {{ total | float | round(2) }}
{%- endmacro -%}

{%- block header -%}
{{ super() | binms_offline_head(resources.binms_mathjax) }}
<style>
div.nbgrader_cell .panel-heading { height: auto; min-height: 37px; }
</style>
{%- endblock header -%}

{% block body %}
{%- set grades = resources.nbgrader %}
<body>
  <a name="top"></a>
  <div class="container">
    <div class="panel panel-default">
      <div class="panel-heading">
        {#- not a heading: the notebook's own title is the page's one level-1 heading #}
        <p class="h4">{{ grades.notebook }}
          (Score: {{ points(grades.score, grades.max_score) }})</p>
        <div id="toc">
          <ol>
          {%- for cell in nb.cells %}
            {%- set meta = cell.metadata.nbgrader %}
            {%- if meta and (meta.grade or meta.task) %}
            <li><a href="#{{ meta.grade_id }}">{{ label(cell) }}</a>
              (Score: {{ points(meta.score, meta.points) }})</li>
            {%- endif %}
            {%- if meta and meta.comment %}
            <li><a href="#comment-{{ meta.grade_id }}">Comment on {{ label(cell) }}</a></li>
            {%- endif %}
          {%- endfor %}
          {%- if grades.late_penalty > 0 %}
            <li class="late-penalty">Late submission penalty
              (Score: -{{ grades.late_penalty | float | round(2) }})</li>
          {%- endif %}
          </ol>
        </div>
      </div>
      <div class="panel-body">
        <div id="notebook" class="border-box-sizing">
          <div class="container" id="notebook-container">
            {{ super.super() }}
          </div>
        </div>
      </div>
    </div>
  </div>
</body>
{%- endblock body %}

{% block input %}
{%- set meta = cell.metadata.nbgrader -%}
{%- if meta and meta.grade and not meta.solution -%}
  <div class="panel panel-primary nbgrader_cell">
    <a name="{{ meta.grade_id }}"></a>
    <div class="panel-heading">
      <span class="nbgrader-label">{{ label(cell) }}</span>
      <span class="pull-right">Score: {{ points(meta.score, meta.points) }}
        <a href="#top">(Top)</a></span>
    </div>
    <div class="panel-body">
      <div class="input_area">
        {{ cell.source | highlight_code(metadata=cell.metadata) }}
      </div>
    </div>
  </div>
{%- else -%}
{{ super() }}
{%- endif -%}
{% endblock input %}
"""


def mathjax_script():
    """MathJax 3's tex-svg bundle as one inline ``<script>``, or None when the package that
    ships it (``sphinx-mathjax-offline``) is not installed."""
    try:
        files = metadata.files(MATHJAX_PACKAGE) or []
    except metadata.PackageNotFoundError:
        return None
    found = [f for f in files if f.as_posix().endswith(MATHJAX_FILE)]
    if not found:
        return None
    code = Path(found[0].locate()).read_text(encoding="utf-8")
    # an inline script ends at the first "</script": keep the bundle's own text from ending it
    code = code.replace("</script", "<\\/script")
    return (f"{MATHJAX_CONFIG}\n<script>/* MathJax 3 (tex-svg), inlined: no network */\n"
            f"{code}\n</script>")


def _offline_head(head, mathjax):
    """nbgrader's page head with MathJax from the network replaced by ``mathjax`` (inline),
    and the page's language declared."""
    head = head.replace("<html>", '<html lang="en">', 1)
    if not mathjax:
        return head
    head = re.sub(r'<script src="https?://[^"]*"[^>]*>\s*</script>', "", head)
    head = re.sub(r'<script type="text/x-mathjax-config">.*?</script>', "", head, flags=re.S)
    return head.replace("</head>", f"{mathjax}\n</head>", 1)


def question_names(nb):
    """Put on every graded cell ``metadata.binms_teach.question``: its exercise id (a test
    cell's) and the ``##``/``###`` heading it stands under, "06.1 · Exercise 1: ...".
    A written answer is named by its heading and "(written answer)"."""
    heading = ""
    for cell in nb.cells:
        source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "markdown" and not meta.get("solution"):
            match = HEADING.match(source.lstrip().split("\n")[0])
            if match:
                heading = match.group(1).replace("`", "")
        if not (meta.get("grade") or meta.get("task")):
            continue
        ids = GRADED_ID.findall(source) if cell.cell_type == "code" else []
        if meta.get("solution") and cell.cell_type == "markdown":
            name = f"{heading} (written answer)" if heading else ""
        elif ids:  # a check-yourself heading names its id already
            name = heading if ids[0] in heading else f"{ids[0]} · {heading}".rstrip(" ·")
        else:
            name = heading
        if name:
            cell.metadata.setdefault("binms_teach", {})["question"] = name
    return nb


class FeedbackExporter(HTMLExporter):
    """nbgrader's feedback page with each graded question named and the maths offline."""

    def __init__(self, **kwargs):
        # nbgrader's "feedback" template, which TEMPLATE extends, whatever the configuration
        # says (nbgrader's formgrader names its own template there): keyword arguments win
        kwargs.update(template_name="feedback",
                      extra_template_basedirs=[os.getcwd(), str(NBGRADER / "templates")],
                      extra_template_paths=[str(NBGRADER / BOOTSTRAP_CSS)])
        super().__init__(**kwargs)
        self.raw_template = TEMPLATE
        self._mathjax = mathjax_script()
        if self._mathjax is None:
            self.log.warning("binms-teach: %s is not installed, so the feedback pages load "
                             "MathJax from the network (pip install %s for offline maths).",
                             MATHJAX_PACKAGE, MATHJAX_PACKAGE)

    def default_filters(self):
        yield from super().default_filters()
        yield "binms_offline_head", _offline_head

    def from_notebook_node(self, nb, resources=None, **kwargs):
        resources = {} if resources is None else resources
        resources["binms_mathjax"] = self._mathjax
        return super().from_notebook_node(question_names(nb), resources, **kwargs)

