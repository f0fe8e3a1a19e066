"""Sphinx configuration of the course book (``make book``; see tools/build_book.py).

The source folder is staged at build time by tools/build_book.py (the notebooks as they are
stored, the pages of this folder, the generated checks page); this file is only the configuration.
Everything the pages load is served by the site itself: the book must read offline.
"""

import base64
import hashlib
import json
import re
from pathlib import Path

from docutils import nodes

import binms_teach

project = "binms-teach"
author = "the binms-teach authors"
copyright = "the binms-teach authors, BSD-3-Clause"
release = binms_teach.__version__
language = "en"  # <html lang="en"> on every page (WCAG 3.1.1)

extensions = [
    "myst_nb",  # the notebooks, read with their stored outputs, and the Markdown pages
    "sphinx.ext.autodoc",  # the API reference from the docstrings
    "numpydoc",  # the docstrings are numpydoc
    "sphinx-mathjax-offline",  # MathJax 3 copied into _static and loaded from there
]

# The stored outputs are the course's outputs: nbval guarantees they are today's, so nothing is
# re-executed here (the book builds without data, kernels or network).
nb_execution_mode = "off"
# No widget manager: it would load require.js and @jupyter-widgets/html-manager from a CDN.
nb_ipywidgets_js = {}
# Widgets appear through the PNG of their display bundle; a widget view never reaches the page
# (tools/build_book.py also drops the progress bars and marks widgets without a picture).
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3

# Every cross-reference must resolve: with -n (nitpicky) and -W an unresolved API reference or a
# link to a missing page or notebook fails the build. External links are not checked (offline).
nitpicky = True
suppress_warnings = ["mystnb.unknown_mime_type"]
# numpy and scikit-learn have no pages here: intersphinx would fetch their inventories from the
# network, so references to them stay plain text instead.
nitpick_ignore_regex = [("py:class", r"(numpy|sklearn)\..*")]

autodoc_default_options = {"members": True}
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

html_theme = "sphinx_book_theme"
html_title = "binms-teach: median shift clustering of binary data"
html_static_path = []
html_theme_options = {
    # No launch buttons, repository or download links that point at another host.
    "use_download_button": False,
    "use_fullscreen_button": True,
    "show_toc_level": 2,
    "navigation_with_keys": False,
}
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
exclude_patterns = ["_build", "**.ipynb_checkpoints"]


# The docstrings write |x| for the number of ones and |a - b| for absolute values, which
# reStructuredText reads as a substitution; outside doctests it becomes inline math.
ABSOLUTE = re.compile(r"(?<![\\|`\w])\|([^|`\s](?:[^|`]*[^|`\s])?)\|(?![\w|`])")


def absolute_values_as_math(app, what, name, obj, options, lines):
    in_doctest = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        in_doctest = stripped.startswith(">>>") or (in_doctest and stripped != "")
        if not in_doctest:
            lines[i] = ABSOLUTE.sub(r":math:`|\1|`", line)


def resolve_package_names(app, env, node, contnode):
    """`binms_teach.bga_path` and a bare `BinNNMS` point at the page of the defining module."""
    if node.get("refdomain") != "py":
        return None
    name = node["reftarget"].removeprefix("binms_teach.")
    if "." in name or not hasattr(binms_teach, name):
        return None
    full = f"{getattr(binms_teach, name).__module__}.{name}"
    found = env.get_domain("py").resolve_any_xref(env, node["refdoc"], app.builder, full, node,
                                                  contnode)
    return found[0][1] if found else None


def tagged_math_as_written(app, doctree):
    r"""Give MathJax an equation that carries the paper's number (``\tag{5}``) as written.

    Sphinx wraps display math that holds a line break (``\\``) in ``\begin{split}``, where
    MathJax refuses ``\tag`` ("\tag not allowed in split environment"; JupyterLab does not
    wrap, so the notebooks render there). Such an equation goes to the page as ``\[ ... \]``.
    """
    for node in doctree.findall(nodes.math_block):
        if r"\tag" in node.astext() and not node.get("nowrap"):
            node[:] = [nodes.Text(r"\[" + node.astext() + r"\]")]
            node["nowrap"] = True


def output_alt_texts(notebook):
    """The text alternative of each image output of a notebook, by the sha256 of its bytes.

    The alt lives in the output's metadata (``{"image/png": {"alt": "..."}}``, as
    ``binms_teach.figures.describe`` writes it). MyST-NB names the file it writes for an image
    output by the sha256 of the image's bytes, but carries only ``width`` and ``height`` from
    that metadata, never ``alt``; without an alt, Sphinx writes the file's path as the alt.
    """
    alts = {}
    cells = json.loads(Path(notebook).read_text(encoding="utf-8")).get("cells", [])
    for output in (o for cell in cells for o in cell.get("outputs", [])):
        for mime in ("image/png", "image/jpeg", "image/gif"):
            data = output.get("data", {}).get(mime)
            alt = output.get("metadata", {}).get(mime, {}).get("alt")
            if data and isinstance(alt, str) and alt.strip():
                content = "".join(data) if isinstance(data, list) else data
                digest = hashlib.sha256(base64.b64decode(content)).hexdigest()
                alts.setdefault(digest, " ".join(alt.split()))
    return alts


def alt_texts_from_outputs(app, doctree):
    """Give each image of a notebook page the alt stored with its output (see
    `output_alt_texts`); an image without one keeps none, and tests/test_accessibility.py
    then fails on the page."""
    source = Path(app.env.doc2path(app.env.docname))
    if source.suffix != ".ipynb":
        return
    alts = output_alt_texts(source)
    for node in doctree.findall(nodes.image):
        digest = Path(node.get("uri", "")).stem
        if not node.get("alt") and digest in alts:
            node["alt"] = alts[digest]


def setup(app):
    # MathJax on every page, not only on pages whose body holds math: the sidebar lists every
    # notebook's title on every page, and some titles hold math ($k_1$ in notebook 09's).
    app.set_html_assets_policy("always")
    app.connect("autodoc-process-docstring", absolute_values_as_math)
    app.connect("missing-reference", resolve_package_names)
    app.connect("doctree-read", tagged_math_as_written)
    app.connect("doctree-read", alt_texts_from_outputs)
