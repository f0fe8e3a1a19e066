"""The rule every text alternative of the course meets (figures, pictures, widgets, pages).

At least 8 words saying what the picture shows and what to see in it; never a file path or a
file name (what Sphinx writes when an image has no alt) and never a placeholder (what
nbconvert writes: "No description has been provided for this image"). `describe` refuses an
alt that breaks it, and the accessibility tests apply it to every image of the notebooks, the
book and the decks.
"""

from __future__ import annotations

import re

__all__ = ["MIN_WORDS", "alt_text_problem"]

MIN_WORDS = 8

# What tools write when nobody described an image, and what authors leave for later.
PLACEHOLDERS = (
    "no description has been provided for this image",
    "no description has been provided",
    "image description",
    "alt text",
    "lorem ipsum",
    "placeholder",
    "todo",
    "tbd",
    "fixme",
    "xxx",
    "insert description",
    "describe the figure",
    "describe this figure",
)
_PLACEHOLDER = re.compile(
    r"(^|\W)(" + "|".join(re.escape(p) for p in PLACEHOLDERS) + r")(\W|$)", re.IGNORECASE
)
# A file name with a picture's extension, or a token with a folder in it (../_images/x.png,
# C:\pictures\a, /tmp/x, pictures/a.png).
_PATH = re.compile(
    r"[\w.-]+\.(png|jpe?g|gif|svg|webp|bmp|tiff?|pdf)\b"
    r"|(^|\s)(\.{1,2}/|/|[A-Za-z]:\\|~/)\S*"
    r"|(^|\s)[\w.-]+/[\w.-]+/\S*",
    re.IGNORECASE,
)


def alt_text_problem(alt) -> str | None:
    """What is wrong with a text alternative, or None when it will do.

    A text alternative says what a figure shows and what to see in it, in at least 8 words.
    A file path, a file name, an empty string or a placeholder ("No description has been
    provided for this image", "TODO", ...) is not one, even when automated checkers accept it.

    Parameters
    ----------
    alt : str or None
        The text alternative (an ``<img>``'s ``alt``, an output's ``metadata["image/png"]``
        ``["alt"]``).

    Returns
    -------
    str or None
        A sentence naming the problem and the fix; None when the text passes.

    Examples
    --------
    >>> alt_text_problem("NMI against k2 for Digits: it rises to 0.88 at k2 = 25 and falls")
    >>> alt_text_problem("../_images/3f2a.png")
    "the text alternative '../_images/3f2a.png' is a file path or file name; ..."
    >>> alt_text_problem("No description has been provided for this image")
    "the text alternative 'No description has been provided for this image' is a ..."
    >>> alt_text_problem("NMI against k2")
    "the text alternative 'NMI against k2' has 3 words; write at least 8 ..."
    """
    fix = ("write at least 8 words saying what the figure shows and what to see in it, with "
           "the numbers of the computation that drew it (e.g. 'NMI against k2 for Digits: it "
           "rises to 0.88 at k2 = 25 and falls after')")
    if not isinstance(alt, str):
        return f"the text alternative is {type(alt).__name__}, not a str; {fix}"
    text = " ".join(alt.split())
    shown = text if len(text) <= 60 else text[:57] + "..."
    if not text:
        return f"the text alternative is empty; {fix}"
    if _PATH.search(text):
        return f"the text alternative {shown!r} is a file path or file name; {fix}"
    if _PLACEHOLDER.search(text):
        return f"the text alternative {shown!r} is a placeholder, not a description; {fix}"
    words = len(re.findall(r"\w+", text))
    if words < MIN_WORDS:
        return f"the text alternative {shown!r} has {words} words; {fix}"
    return None
