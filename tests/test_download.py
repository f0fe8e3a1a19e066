"""The download path against a real HTTP server on 127.0.0.1, and the folder search order.

Every failed download must end in a clear error and leave no file behind.
"""

import hashlib
import http.server
import os
import socket
import threading
from pathlib import Path

import pytest

from binms_teach.datasets import DownloadError, _fetch, fetch_file, load_zoo
from tests.guards import missing

BODY = b"a,b,c\n1,0,1\n" * 50
SHA = hashlib.sha256(BODY).hexdigest()
# Read before any test hides the variable from the code under test.
UCI_FOLDER = os.environ.get("BINMS_TEACH_DATA")
REAL_ZOO = "cddc71c26ab9bc82795b8f4ff114cade41885d92720c6af29ffb69bcf73f0315"  # SOURCES.md


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
    monkeypatch.setattr(_fetch, "REPO_DATA_DIR", None)
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", None)
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    _Handler.routes = {
        "/demo/good.data": (200, BODY, None),
        "/demo/wrong.data": (200, BODY.replace(b"1", b"0"), None),
        "/demo/cut.data": (200, BODY[: len(BODY) // 2], len(BODY)),
    }
    _Handler.requests = []
    home = tmp_path / "home"
    home.mkdir()
    return home


def _files(folder):
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob("*") if p.is_file())


def test_a_good_download_lands_in_data_home(server, isolated):
    path = fetch_file("demo/good.data", SHA, data_home=isolated, base_url=server)
    assert path == isolated / "demo/good.data"
    assert path.read_bytes() == BODY
    assert _files(isolated) == ["demo/good.data"]  # no temporary file left
    # A second call finds the file and never asks the server.
    assert fetch_file("demo/good.data", SHA, data_home=isolated, base_url=server) == path
    assert _Handler.requests == ["/demo/good.data"]


@pytest.mark.parametrize("name, message", [
    ("missing.data", "answered HTTP 404"),
    ("wrong.data", "has sha256 [0-9a-f]{64}, not " + SHA),
    ("cut.data", "broke off"),
])
def test_a_failed_download_leaves_no_file(server, isolated, name, message):
    with pytest.raises(DownloadError, match=message) as info:
        fetch_file(f"demo/{name}", SHA, data_home=isolated, base_url=server)
    assert f"Put the file at {isolated / 'demo' / name}" in str(info.value)
    assert _Handler.requests == [f"/demo/{name}"]
    assert _files(isolated) == []
    assert list(isolated.iterdir()) == []  # not even the folder it created


def test_an_unreachable_server_is_a_clear_error(isolated):
    with socket.socket() as s:  # a port nobody listens on once this socket is closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DownloadError, match="Could not reach http://127.0.0.1"):
        fetch_file("demo/good.data", SHA, data_home=isolated, base_url=f"http://127.0.0.1:{port}")
    assert _files(isolated) == []


def test_download_false_never_uses_the_network(server, isolated):
    with pytest.raises(FileNotFoundError) as info:
        fetch_file("demo/good.data", SHA, data_home=isolated, download=False, base_url=server)
    message = str(info.value)
    assert "demo/good.data was not found and download=False" in message
    assert f"Put the file at {isolated / 'demo/good.data'}" in message  # where to put it
    assert f"get it from {server}demo/good.data" in message  # where to get it
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
    with pytest.warns(UserWarning, match="not byte for byte the UCI file"):
        found = fetch_file("demo/x.data", sha, data_home=isolated, download=False)
    assert found == env / "demo/x.data"


def test_downloads_go_to_the_first_writable_folder(server, isolated, tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("a file, not a folder: nothing can be written under it")
    env = tmp_path / "env"
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    path = fetch_file("demo/good.data", SHA, data_home=blocker / "data", base_url=server)
    assert path == env / "demo/good.data" and path.read_bytes() == BODY


def test_no_writable_folder_is_a_clear_error(server, isolated, tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    with pytest.raises(DownloadError, match="No folder to download demo/good.data into"):
        fetch_file("demo/good.data", SHA, data_home=blocker / "data", base_url=server)
    assert _Handler.requests == []


def test_load_zoo_offline_names_file_place_and_source(isolated):
    with pytest.raises(FileNotFoundError) as info:
        load_zoo(data_home=isolated, download=False)
    message = str(info.value)
    assert "zoo/zoo.data" in message and str(isolated / "zoo/zoo.data") in message
    assert "https://archive.ics.uci.edu/ml/machine-learning-databases/zoo/zoo.data" in message
    assert REAL_ZOO in message


def _real_zoo_bytes():
    path = Path(UCI_FOLDER) / "zoo/zoo.data" if UCI_FOLDER else None
    if path is None or not path.is_file():
        how = "set BINMS_TEACH_DATA to a folder with zoo/zoo.data (see data/README.md)"
        missing(f"the real zoo.data was not found: {how}.")
    return path.read_bytes()


def test_load_zoo_downloads_checks_and_loads(server, isolated, monkeypatch):
    zoo_bytes = _real_zoo_bytes()
    monkeypatch.setattr(_fetch, "UCI_BASE_URL", server)
    _Handler.routes["/zoo/zoo.data"] = (200, zoo_bytes, None)
    zoo = load_zoo(data_home=isolated)
    assert zoo.data.shape == (101, 21)
    assert hashlib.sha256((isolated / "zoo/zoo.data").read_bytes()).hexdigest() == REAL_ZOO
    assert _files(isolated) == ["zoo/zoo.data"]


def test_load_zoo_refuses_a_corrupt_download(server, isolated, monkeypatch):
    zoo_bytes = _real_zoo_bytes()
    monkeypatch.setattr(_fetch, "UCI_BASE_URL", server)
    _Handler.routes["/zoo/zoo.data"] = (200, zoo_bytes.replace(b"frog", b"toad"), None)
    with pytest.raises(DownloadError, match="not " + REAL_ZOO):
        load_zoo(data_home=isolated)
    assert _files(isolated) == []
