"""``binms-teach course [DIR]``: the notebooks, exercises and solutions, copied for a student.

The notebooks travel inside the package: an installed wheel holds them as
``binms_teach/_course`` (pyproject.toml maps the repository's ``notebooks/`` there); a
source checkout or an editable install reads ``notebooks/`` itself. A copied notebook
that the student has changed is never overwritten without ``force=True``; the sha256 of
each copy, kept in ``DIR/.binms-teach-course.json``, tells a student's change from a
newer course version (which replaces an untouched copy).
"""

import hashlib
import json
import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

DEFAULT_DIR = "binms-teach-course"
FIRST_NOTEBOOK = "00_index.ipynb"
MANIFEST = ".binms-teach-course.json"  # {file: sha256 of the copy we wrote}
_PACKAGE = Path(__file__).resolve().parent.parent  # binms_teach/


class CourseError(Exception):
    """The course cannot be copied as asked (the message says why and what to do)."""


def course_source():
    """The folder holding the notebooks (``*.ipynb``), ``exercises/`` and ``solutions/``.

    Examples
    --------
    >>> (course_source() / "00_index.ipynb").is_file()
    True
    """
    root = _PACKAGE.parent
    if (root / "pyproject.toml").is_file() and (root / "notebooks").is_dir():
        return root / "notebooks"  # a source checkout or an editable install
    return _PACKAGE / "_course"  # an installed wheel


def course_files(source=None, *, solutions=True):
    """The notebooks, the exercises, then the solutions (unless ``solutions`` is False), as
    paths relative to ``source`` (POSIX style)."""
    source = course_source() if source is None else Path(source)
    notebooks = sorted(p.name for p in source.glob("*.ipynb"))
    exercises = sorted(f"exercises/{p.name}" for p in source.glob("exercises/*.ipynb"))
    worked = sorted(f"solutions/{p.name}" for p in source.glob("solutions/*.ipynb"))
    return notebooks + exercises + (worked if solutions else [])


def check_folder(dest):
    """Raise `CourseError` unless the folder ``dest`` exists or can be made, and can be written.

    Probed by creating (and removing) a temporary entry, so nothing is left behind.

    Examples
    --------
    >>> check_folder(tempfile.gettempdir())
    >>> check_folder(Path(__file__) / "sub")
    Traceback (most recent call last):
    ...
    binms_teach.cli.course.CourseError: ... is a file, not a folder: give a folder name.
    """
    dest = Path(dest)
    existing = dest
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        shown = f"{dest}" if existing == dest else f"{dest}: {existing}"
        raise CourseError(f"{shown} is a file, not a folder: give a folder name.")
    try:
        if dest.exists():
            tempfile.TemporaryFile(dir=dest).close()
        else:
            tempfile.TemporaryDirectory(dir=existing).cleanup()
    except OSError as exc:
        raise CourseError(f"{dest} cannot be written ({exc.strerror or exc}): give a folder "
                          "you can write to.") from exc


def copy_course(dest=DEFAULT_DIR, *, force=False, source=None, solutions=True):
    """Copy the notebooks, exercises and solutions into ``dest``; return what to print.

    Parameters
    ----------
    dest : str or Path, default "binms-teach-course"
        Created if missing. Files already identical to the course's are left alone.
    force : bool, default False
        Overwrite notebooks that differ from the course's (the student's changes).
    source : str or Path, default `course_source()`
    solutions : bool, default True
        False leaves the worked solutions out (a graded class: see docs/teaching.md).

    Returns
    -------
    str
        A summary and the one command that opens the course in JupyterLab.

    Raises
    ------
    CourseError
        When ``dest`` is a file, lies under one or cannot be written, or holds changed
        notebooks and ``force`` is False (then nothing is copied).
    """
    source = course_source() if source is None else Path(source)
    files = course_files(source, solutions=solutions)
    if FIRST_NOTEBOOK not in files:
        raise CourseError(f"The course's notebooks are missing from {source}: reinstall "
                          "binms-teach (pip install --force-reinstall binms-teach).")
    dest = Path(dest)
    check_folder(dest)
    copied_before = _read_manifest(dest)
    differ = [f for f in files if (dest / f).exists()
              and (dest / f).read_bytes() != (source / f).read_bytes()]
    # Untouched since we copied it (the course changed, not the student): replace it.
    changed = [f for f in differ if copied_before.get(f) != _sha256(dest / f)]
    if changed and not force:
        shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3
                                          else "")
        raise CourseError(
            f"{len(changed)} notebook(s) in {dest} differ from the course's ({shown}), so they "
            "may hold your work; nothing was copied. Copy into another folder "
            f"(binms-teach course OTHER_DIR), or add --force to overwrite them.")
    copied = 0
    for f in files:
        target = dest / f
        if target.exists() and f not in differ:
            continue  # already the course's own copy
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, (source / f).read_bytes())
        copied += 1
    manifest = json.dumps({f: _sha256(dest / f) for f in files}, indent=1) + "\n"
    write_atomic(Path(dest) / MANIFEST, manifest.encode("utf-8"))
    n_solutions = sum(f.startswith("solutions/") for f in files)
    n_exercises = sum(f.startswith("exercises/") for f in files)
    summary = (f"{dest}: {len(files) - n_solutions - n_exercises} notebooks, {n_exercises} "
               f"exercise notebooks and {n_solutions} solutions "
               f"({copied} copied, {len(files) - copied} already up to date"
               + (f", {len(changed)} of yours overwritten" if changed else "") + ").")
    return f"{summary}\nOpen the course in JupyterLab with:\n    {open_command(dest)}"


def open_command(dest):
    """The command that opens ``dest/00_index.ipynb`` in JupyterLab, for this shell.

    ``jupyter`` when it is on the PATH beside this Python, else this Python's full path
    with ``-m jupyter`` (a venv that is not activated).
    """
    notebook = str(Path(dest) / FIRST_NOTEBOOK)
    quote = _quote_windows if os.name == "nt" else shlex.quote
    jupyter = shutil.which("jupyter")
    beside = jupyter is not None and Path(jupyter).parent == Path(sys.executable).parent
    start = "jupyter" if beside else f"{quote(sys.executable)} -m jupyter"
    as_root = " --allow-root" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""
    return f"{start} lab {quote(notebook)}{as_root}"


def _quote_windows(text):
    return f'"{text}"' if any(c in text for c in ' &()[]{}^=;!+,`~') else text


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _read_manifest(dest):
    """What we copied into ``dest`` last time ({} if nothing, or if the record is unreadable)."""
    try:
        record = json.loads((Path(dest) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def write_atomic(path, content):
    """Write bytes to a temporary file beside ``path``, then rename it over ``path``: a
    failure never leaves a half-written file (a notebook, a table, a figure)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(content)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the usual permissions
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
