"""Where the data files come from: the copies shipped with the course, else a checked download.

A file such as ``zoo/zoo.data`` is looked for, in this order, in

1. the ``data_home`` argument,
2. the folder named by the environment variable ``BINMS_TEACH_DATA``,
3. the files shipped with the course: the repository's ``data/`` folder in a
   source checkout (also in an editable install), ``binms_teach/_data`` in an
   installed wheel,
4. ``~/binms_teach_data``.

The folder layout is UCI's own (``zoo/zoo.data``, ``mfeat/mfeat-pix``, ...).
Since every file is shipped, step 3 always finds it in an intact install. Only
if it is nowhere (a file deleted by hand), ``download=True`` fetches the data
set's zip archive from the UCI repository (``static/public/<id>/<name>.zip``),
takes from it the member whose sha256 is the one below, and renames it into place
only once checked, so a later call never loads a truncated or wrong file.
"""

import hashlib
import http.client
import os
import tempfile
import urllib.error
import urllib.request
import warnings
import zipfile
from pathlib import Path

# UCI serves each data set as <base>static/public/<id>/<name>.zip. Tests point this at a
# local server.
UCI_BASE_URL = "https://archive.ics.uci.edu/"
ENV_VAR = "BINMS_TEACH_DATA"
_PACKAGE = Path(__file__).resolve().parents[1]
_ROOT = _PACKAGE.parent


def _shipped_data_dir():
    """The folder of the shipped files: ``data/`` in a checkout, ``_data`` in a wheel."""
    if (_ROOT / "pyproject.toml").is_file() and (_ROOT / "data").is_dir():
        return _ROOT / "data"  # a source checkout or an editable install
    if (_PACKAGE / "_data").is_dir():
        return _PACKAGE / "_data"  # an installed wheel (pyproject.toml maps data/ here)
    return None


SHIPPED_DATA_DIR = _shipped_data_dir()
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

# Each folder's UCI data-set id and archive name: https://archive.ics.uci.edu/dataset/<id>/<name>
# is its page, <base>static/public/<id>/<name>.zip its archive (data/README.md).
ARCHIVES = {
    "zoo": (111, "zoo"),
    "mfeat": (72, "multiple+features"),
    "spect": (95, "spect+heart"),
    "soybean": (90, "soybean+large"),
    "car": (19, "car+evaluation"),
    "voting-records": (105, "congressional+voting+records"),
    "mushroom": (73, "mushroom"),
}

class DownloadError(OSError):
    """A data file could not be downloaded, or what arrived was not the expected file."""


class DataNotFoundError(FileNotFoundError):
    """A data file is in none of the searched folders and may not be downloaded."""


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
    if SHIPPED_DATA_DIR is not None:
        dirs.append(Path(SHIPPED_DATA_DIR))
    if USER_DATA_DIR is not None:
        dirs.append(Path(USER_DATA_DIR).expanduser())
    return dirs


def archive_url(relpath, base_url=None):
    """The address of the UCI zip archive that holds ``relpath``.

    Examples
    --------
    >>> archive_url("zoo/zoo.data")
    'https://archive.ics.uci.edu/static/public/111/zoo.zip'
    """
    folder = relpath.split("/")[0]
    if folder not in ARCHIVES:
        raise ValueError(f"No UCI archive is known for {relpath!r}; pass url=<zip address>.")
    uci_id, name = ARCHIVES[folder]
    base = UCI_BASE_URL if base_url is None else base_url
    return f"{base.rstrip('/')}/static/public/{uci_id}/{name}.zip"


def sha256_of(path):
    """The sha256 hex digest of a file."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(2**20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch_file(relpath, sha256=None, *, data_home=None, download=True, url=None):
    """The local path of a data file; downloaded (checked) only if it is nowhere.

    Parameters
    ----------
    relpath : str
        The file's path in the UCI layout, e.g. ``"zoo/zoo.data"``.
    sha256 : str, default ``SHA256[relpath]``
        The digest the file must have.
    data_home : str or Path, default None
        A folder searched first (and downloaded into first).
    download : bool, default True
        False never touches the network.
    url : str, default ``archive_url(relpath)``
        The zip archive holding the file; its member with the right sha256 is taken.

    Returns
    -------
    Path

    Examples
    --------
    >>> fetch_file("zoo/zoo.data", download=False).name
    'zoo.data'
    """
    if sha256 is None:
        if relpath not in SHA256:
            raise ValueError(f"No sha256 is known for {relpath!r}; pass sha256=<hex digest>.")
        sha256 = SHA256[relpath]
    if url is None and relpath.split("/")[0] in ARCHIVES:
        url = archive_url(relpath)
    dirs = data_dirs(data_home)
    for folder in dirs:
        path = folder / relpath
        if path.is_file():
            if sha256_of(path) != sha256:
                whose = "the UCI file" if relpath.split("/")[0] in ARCHIVES else \
                    "the expected file"
                warnings.warn(
                    f"{path} is not byte for byte {whose} (sha256 differs from {sha256}); "
                    f"results may differ from the course's.",
                    stacklevel=3,
                )
            return path
    hint = _where_to_put_it(relpath, dirs, url, sha256)
    if not download:
        raise DataNotFoundError(f"{relpath} was not found and download=False. {hint}")
    if url is None:
        raise DataNotFoundError(f"{relpath} was not found; pass url=<zip address> to download "
                                f"it. {hint}")
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
    source = f"UCI serves it inside {url}" if url else "its source is unknown"
    return (
        f"Searched: {searched}. The UCI files ship with binms-teach: reinstall it "
        f"(pip install --force-reinstall binms-teach), or put the file at {first} (or set "
        f"{ENV_VAR} to a folder holding {relpath}); {source} (sha256 {sha256})."
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
    """Fetch the zip at ``url``, move its member with ``sha256`` to ``target``; else nothing."""
    fd, tmp_zip = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".zip")
    fd_out, tmp_out = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                       suffix=".part")
    os.close(fd_out)
    try:
        try:
            size, expected = _stream(url, fd)
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
        _extract_member(url, tmp_zip, target.name, sha256, tmp_out)
        os.replace(tmp_out, target)
    finally:
        # Reached with the temporary files present on success (the zip) or failure (both).
        for tmp in (tmp_zip, tmp_out):
            if os.path.exists(tmp):
                os.unlink(tmp)


def _extract_member(url, zip_path, name, sha256, out_path):
    """Copy the archive's member with ``sha256`` to ``out_path``; raise if none has it.

    The member is chosen by its checksum, not its name, so a folder inside the
    archive or a renamed file does not matter; members named ``name`` are tried first.
    """
    try:
        archive = zipfile.ZipFile(zip_path)
    except zipfile.BadZipFile as exc:
        raise DownloadError(
            f"What arrived from {url} is not a zip archive (a proxy's error page, or a moved "
            "address)."
        ) from exc
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        members.sort(key=lambda m: Path(m.filename).name != name)
        for member in members:
            digest = hashlib.sha256()
            with archive.open(member) as src, open(out_path, "wb") as out:
                while chunk := src.read(2**16):
                    digest.update(chunk)
                    out.write(chunk)
            if digest.hexdigest() == sha256:
                return
    listed = ", ".join(m.filename for m in members) or "nothing"
    raise DownloadError(
        f"The archive {url} holds no file with sha256 {sha256} (it holds {listed}): "
        "it is not the expected file."
    )


def _stream(url, fd):
    """Write the body to ``fd``; return (bytes received, Content-Length or None)."""
    size = 0
    with os.fdopen(fd, "wb") as out, urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        length = response.headers.get("Content-Length")
        expected = int(length) if length is not None and length.isdigit() else None
        while chunk := response.read(2**16):
            out.write(chunk)
            size += len(chunk)
    return size, expected
