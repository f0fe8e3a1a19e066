"""The download path against a real HTTP server on 127.0.0.1, and the folder search order.

UCI serves each data set as a zip archive; the file is the member with the expected
sha256. Every failed download must end in a clear error and leave no file behind.
"""

import hashlib
import http.server
import io
import socket
import threading
import zipfile
from pathlib import Path

import pytest

from binms_teach.datasets import (
    DataNotFoundError,
    DownloadError,
    _fetch,
    archive_url,
    fetch_file,
    load_zoo,
)

BODY = b"a,b,c\n1,0,1\n" * 50
SHA = hashlib.sha256(BODY).hexdigest()
REPO = Path(__file__).resolve().parents[1]
REAL_ZOO = "cddc71c26ab9bc82795b8f4ff114cade41885d92720c6af29ffb69bcf73f0315"  # SOURCES.md


def _zip(members):
    """The bytes of a zip archive holding ``{name: bytes}``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


GOOD_ZIP = _zip({"good.data": BODY, "good.names": b"about it"})


class _Handler(http.server.BaseHTTPRequestHandler):
    routes = {}  # path -> (status, body, declared length); set by the fixture
    requests = []

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        type(self).requests.append(self.path)
        status, body, length = self.routes.get(self.path, (404, b"not here", None))
        self.send_response(status)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True  # with a larger Content-Length: closed half-way

    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """Only the folders a test names are searched; requests to 127.0.0.1 bypass any proxy."""
    monkeypatch.delenv(_fetch.ENV_VAR, raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", None)
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", None)
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    _Handler.routes = {
        "/demo/good.zip": (200, GOOD_ZIP, None),
        # UCI's archives may hold the file in a folder or under another name: the
        # checksum decides, so the name inside needs no guess.
        "/demo/renamed.zip": (200, _zip({"x/readme.txt": b"hi", "x/other-name": BODY}), None),
        "/demo/wrong.zip": (200, _zip({"wrong.data": BODY.replace(b"1", b"0")}), None),
        "/demo/cut.zip": (200, GOOD_ZIP[: len(GOOD_ZIP) // 2], len(GOOD_ZIP)),
        "/demo/page.zip": (200, b"<html>Please log in to the proxy</html>", None),
    }
    _Handler.requests = []
    home = tmp_path / "home"
    home.mkdir()
    return home


def _files(folder):
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob("*") if p.is_file())


@pytest.mark.parametrize("archive", ["good", "renamed"])
def test_a_good_download_lands_in_data_home(server, isolated, archive):
    url = f"{server}demo/{archive}.zip"
    path = fetch_file("demo/good.data", SHA, data_home=isolated, url=url)
    assert path == isolated / "demo/good.data"
    assert path.read_bytes() == BODY
    assert _files(isolated) == ["demo/good.data"]  # no archive, no temporary file left
    # A second call finds the file and never asks the server.
    assert fetch_file("demo/good.data", SHA, data_home=isolated, url=url) == path
    assert _Handler.requests == [f"/demo/{archive}.zip"]


@pytest.mark.parametrize("archive, message", [
    ("missing", "answered HTTP 404"),
    ("wrong", "holds no file with sha256 " + SHA + r" \(it holds wrong.data\)"),
    ("cut", "broke off"),
    ("page", "is not a zip archive"),
])
def test_a_failed_download_leaves_no_file(server, isolated, archive, message):
    with pytest.raises(DownloadError, match=message) as info:
        fetch_file("demo/good.data", SHA, data_home=isolated, url=f"{server}demo/{archive}.zip")
    assert f"put the file at {isolated / 'demo' / 'good.data'}" in str(info.value)
    assert _Handler.requests == [f"/demo/{archive}.zip"]
    assert _files(isolated) == []
    assert list(isolated.iterdir()) == []  # not even the folder it created


def test_an_unreachable_server_is_a_clear_error(isolated):
    with socket.socket() as s:  # a port nobody listens on once this socket is closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DownloadError, match="Could not reach http://127.0.0.1"):
        fetch_file("demo/good.data", SHA, data_home=isolated,
                   url=f"http://127.0.0.1:{port}/demo/good.zip")
    assert _files(isolated) == []


def test_download_false_never_uses_the_network(server, isolated):
    with pytest.raises(DataNotFoundError) as info:
        fetch_file("demo/good.data", SHA, data_home=isolated, download=False,
                   url=f"{server}demo/good.zip")
    message = str(info.value)
    assert isinstance(info.value, FileNotFoundError)
    assert "demo/good.data was not found and download=False" in message
    assert f"put the file at {isolated / 'demo/good.data'}" in message  # where to put it
    assert f"inside {server}demo/good.zip" in message  # where to get it
    assert "BINMS_TEACH_DATA" in message
    assert _Handler.requests == []


def test_data_home_comes_before_the_environment_variable(isolated, tmp_path, monkeypatch):
    env = tmp_path / "env"
    for folder, text in ((isolated, b"home"), (env, b"env")):
        (folder / "demo").mkdir(parents=True)
        (folder / "demo/x.data").write_bytes(text)
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    sha = hashlib.sha256(b"home").hexdigest()
    found = fetch_file("demo/x.data", sha, data_home=isolated, download=False)
    assert found.read_bytes() == b"home"
    (isolated / "demo/x.data").unlink()
    with pytest.warns(UserWarning, match="not byte for byte the expected file"):
        found = fetch_file("demo/x.data", sha, data_home=isolated, download=False)
    assert found == env / "demo/x.data"


def test_downloads_go_to_the_first_writable_folder(server, isolated, tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("a file, not a folder: nothing can be written under it", encoding="utf-8")
    env = tmp_path / "env"
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    path = fetch_file("demo/good.data", SHA, data_home=blocker / "data",
                      url=f"{server}demo/good.zip")
    assert path == env / "demo/good.data" and path.read_bytes() == BODY


def test_no_writable_folder_is_a_clear_error(server, isolated, tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(DownloadError, match="No folder to download demo/good.data into"):
        fetch_file("demo/good.data", SHA, data_home=blocker / "data",
                   url=f"{server}demo/good.zip")
    assert _Handler.requests == []


def test_load_zoo_offline_names_file_place_and_source(isolated):
    with pytest.raises(FileNotFoundError) as info:
        load_zoo(data_home=isolated, download=False)
    message = str(info.value)
    assert "zoo/zoo.data" in message and str(isolated / "zoo/zoo.data") in message
    assert "https://archive.ics.uci.edu/static/public/111/zoo.zip" in message
    assert REAL_ZOO in message


def test_no_address_is_the_retired_one():
    # Since June 2023 UCI answers 404 for many ml/machine-learning-databases/ addresses.
    for relpath in _fetch.SHA256:
        url = archive_url(relpath)
        assert url.startswith("https://archive.ics.uci.edu/static/public/"), url
        assert url.endswith(".zip")
    source = (REPO / "binms_teach/datasets/_fetch.py").read_text(encoding="utf-8")
    assert "machine-learning-databases" not in source


def _real_zoo_bytes():
    # Shipped with the course: the repository's data/ folder.
    return (REPO / "data/zoo/zoo.data").read_bytes()


def test_load_zoo_downloads_checks_and_loads(server, isolated, monkeypatch):
    monkeypatch.setattr(_fetch, "UCI_BASE_URL", server)
    _Handler.routes["/static/public/111/zoo.zip"] = (
        200, _zip({"zoo.names": b"about the zoo", "zoo.data": _real_zoo_bytes()}), None)
    zoo = load_zoo(data_home=isolated)
    assert zoo.data.shape == (101, 21)
    assert hashlib.sha256((isolated / "zoo/zoo.data").read_bytes()).hexdigest() == REAL_ZOO
    assert _files(isolated) == ["zoo/zoo.data"]
    assert _Handler.requests == ["/static/public/111/zoo.zip"]


def test_load_zoo_refuses_a_corrupt_download(server, isolated, monkeypatch):
    monkeypatch.setattr(_fetch, "UCI_BASE_URL", server)
    corrupt = _real_zoo_bytes().replace(b"frog", b"toad")
    _Handler.routes["/static/public/111/zoo.zip"] = (200, _zip({"zoo.data": corrupt}), None)
    with pytest.raises(DownloadError, match="holds no file with sha256 " + REAL_ZOO):
        load_zoo(data_home=isolated)
    assert _files(isolated) == []
