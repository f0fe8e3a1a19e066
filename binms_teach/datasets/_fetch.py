"""Where the data files come from: a local folder, else a checked download from UCI.

A file such as ``zoo/zoo.data`` is looked for, in this order, in

1. the ``data_home`` argument,
2. the folder named by the environment variable ``BINMS_TEACH_DATA``,
3. the repository's ``data/`` folder (only in a source checkout),
4. ``~/binms_teach_data``,

and otherwise downloaded from the UCI archive into the first of those folders
that can be written. The folder layout is UCI's own (``zoo/zoo.data``,
``mfeat/mfeat-pix``, ...). A download is written to a temporary file next to
its target and renamed only once its sha256 matches the one below, so a
later call never loads a truncated or corrupt file.
"""

import hashlib
import http.client
import os
import tempfile
import urllib.error
import urllib.request
import warnings
from pathlib import Path

# The classic UCI layout: <base>/<folder>/<file>. Tests point this at a local server.
UCI_BASE_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/"
ENV_VAR = "BINMS_TEACH_DATA"
_ROOT = Path(__file__).resolve().parents[2]
# Only a source checkout (pyproject.toml beside the package) has a data/ folder of ours.
REPO_DATA_DIR = _ROOT / "data" if (_ROOT / "pyproject.toml").is_file() else None
USER_DATA_DIR = Path("~/binms_teach_data")
TIMEOUT = 60  # seconds without an answer before a download gives up

# sha256 of the files as UCI distributes them (see the course's data/README.md).
SHA256 = {
    "zoo/zoo.data": "cddc71c26ab9bc82795b8f4ff114cade41885d92720c6af29ffb69bcf73f0315",
    "mfeat/mfeat-pix": "70a1cd033add46614464a8740ddc23c3693765985bde52ccb6b702bff23b64f1",
    "spect/SPECT.train": "0fd0258bfc8eb986623a45890676465ee92e738a95fdc01a6aef893d9c920115",
    "spect/SPECT.test": "a152d1812a84da3ad18e759ac3433e57f407a6871c2f2fe0dda6779c90d58b82",
    "soybean/soybean-large.data": (
        "04b99f2728ded9f544022d2b4f6cce0ebe11ef5c9d44f10e21acd7093876507e"
    ),
    "car/car.data": "b703a9ac69f11e64ce8c223c0a40de4d2e9d769f7fb20be5f8f2e8a619893d83",
    "voting-records/house-votes-84.data": (
        "c87c14110a5ba91d4a1e313ec7392824458152bf071fa5f5452340488337936e"
    ),
    "mushroom/agaricus-lepiota.data": (
        "e65d082030501a3ebcbcd7c9f7c71aa9d28fdfff463bf4cf4716a3fe13ac360e"
    ),
}


class DownloadError(OSError):
    """A data file could not be downloaded, or what arrived was not the expected file."""


def data_dirs(data_home=None):
    """The folders searched for data files, in order (see the module docstring).

    Examples
    --------
    >>> str(data_dirs("/tmp/mine")[0])
    '/tmp/mine'
    """
    dirs = [] if data_home is None else [Path(data_home).expanduser()]
    if os.environ.get(ENV_VAR):
        dirs.append(Path(os.environ[ENV_VAR]).expanduser())
    if REPO_DATA_DIR is not None:
        dirs.append(Path(REPO_DATA_DIR))
    if USER_DATA_DIR is not None:
        dirs.append(Path(USER_DATA_DIR).expanduser())
    return dirs


def sha256_of(path):
    """The sha256 hex digest of a file."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(2**20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch_file(relpath, sha256=None, *, data_home=None, download=True, base_url=None):
    """The local path of a data file, downloading it if it is nowhere yet.

    Parameters
    ----------
    relpath : str
        The file's path in the UCI layout, e.g. ``"zoo/zoo.data"``.
    sha256 : str, default ``SHA256[relpath]``
        The digest a download must have.
    data_home : str or Path, default None
        A folder searched first (and downloaded into first).
    download : bool, default True
        False never touches the network.
    base_url : str, default ``UCI_BASE_URL``

    Returns
    -------
    Path
    """
    if sha256 is None:
        if relpath not in SHA256:
            raise ValueError(f"No sha256 is known for {relpath!r}; pass sha256=<hex digest>.")
        sha256 = SHA256[relpath]
    url = (UCI_BASE_URL if base_url is None else base_url).rstrip("/") + "/" + relpath
    dirs = data_dirs(data_home)
    for folder in dirs:
        path = folder / relpath
        if path.is_file():
            if sha256_of(path) != sha256:
                warnings.warn(
                    f"{path} is not byte for byte the UCI file (sha256 differs from {sha256}); "
                    f"results may differ from the course's. The original is at {url}.",
                    stacklevel=3,
                )
            return path
    hint = _where_to_put_it(relpath, dirs, url, sha256)
    if not download:
        raise FileNotFoundError(f"{relpath} was not found and download=False. {hint}")
    target = _first_writable(dirs, relpath, hint) / relpath
    new_dirs = [d for d in (target.parent, *target.parent.parents) if not d.exists()]
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        _download(url, target, sha256)
    except DownloadError as exc:
        for d in new_dirs:  # deepest first: leave the folders as they were
            if d.exists() and not any(d.iterdir()):
                d.rmdir()
        raise DownloadError(f"{exc} {hint}") from exc.__cause__
    return target


def _where_to_put_it(relpath, dirs, url, sha256):
    searched = ", ".join(str(d) for d in dirs) or "(no folder)"
    first = dirs[0] / relpath if dirs else Path("<data folder>") / relpath
    return (
        f"Searched: {searched}. Put the file at {first} (or set {ENV_VAR} to a folder "
        f"holding {relpath}); get it from {url} (sha256 {sha256}), or call again with "
        "download=True on a machine with internet access."
    )


def _first_writable(dirs, relpath, hint):
    for folder in dirs:
        existing = (folder / relpath).parent
        while not existing.exists():  # the folders a download would create
            existing = existing.parent
        if existing.is_dir() and os.access(existing, os.W_OK | os.X_OK):
            return folder
    raise DownloadError(f"No folder to download {relpath} into is writable. {hint}")


def _download(url, target, sha256):
    """Download ``url`` to ``target``, leaving nothing behind unless the sha256 matches."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        try:
            size, expected, digest = _stream(url, fd)
        except urllib.error.HTTPError as exc:
            raise DownloadError(f"{url} answered HTTP {exc.code} {exc.reason}.") from exc
        except urllib.error.URLError as exc:
            raise DownloadError(f"Could not reach {url} ({exc.reason}).") from exc
        except (http.client.HTTPException, OSError) as exc:
            raise DownloadError(f"The download of {url} broke off ({exc!r}).") from exc
        if expected is not None and size != expected:
            raise DownloadError(
                f"The download of {url} broke off: the connection closed after {size} "
                f"of {expected} bytes."
            )
        if digest != sha256:
            raise DownloadError(
                f"The file downloaded from {url} has sha256 {digest}, not {sha256}: "
                "it is not the expected file (a changed mirror, or a proxy's error page)."
            )
        os.replace(tmp, target)
    finally:
        # Reached with tmp still present only on failure (or an interrupt).
        if os.path.exists(tmp):
            os.unlink(tmp)


def _stream(url, fd):
    """Write the body to ``fd``; return (bytes received, Content-Length or None, sha256)."""
    digest, size = hashlib.sha256(), 0
    with os.fdopen(fd, "wb") as out, urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        length = response.headers.get("Content-Length")
        expected = int(length) if length is not None and length.isdigit() else None
        while chunk := response.read(2**16):
            out.write(chunk)
            digest.update(chunk)
            size += len(chunk)
    return size, expected, digest.hexdigest()
