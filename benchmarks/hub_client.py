"""What a student's browser asks of the class server, asked by the load benchmark instead.

Everything goes through the hub's proxy on 127.0.0.1, with the benchmark's admin token (a
JupyterHub service with the scopes to start servers and reach them): start a student's
JupyterLab with the hub's REST API and wait until it is ready; pull the lessons into the
student's home with nbgitpuller (the link of docs/class-server.md, called as its API); open a
session on the lesson in the student's JupyterLab and run the lesson's code cells, in order,
through the kernel's websocket, as JupyterLab's Run All does. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from urllib.parse import quote, urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect


class Hub:
    """The hub at ``url`` (``http://127.0.0.1:PORT``), spoken to with ``token``."""

    def __init__(self, url: str, token: str):
        self.url = url
        self.headers = {"Authorization": f"token {token}"}
        self.http = AsyncHTTPClient(max_clients=256)

    async def call(self, method, path, body=None, timeout=60.0):
        """``method path`` on the hub or a user's server; the decoded JSON answer."""
        request = HTTPRequest(
            self.url + path, method=method, headers=self.headers,
            body=None if body is None else json.dumps(body),
            allow_nonstandard_methods=True, request_timeout=timeout,
            follow_redirects=False)
        response = await self.http.fetch(request, raise_error=False)
        if response.code >= 400 or response.code == 599:
            raise RuntimeError(f"{method} {path}: {response.code} "
                               f"{(response.body or b'')[:300]!r} {response.error or ''}")
        return json.loads(response.body) if response.body else None

    async def start_server(self, name: str, timeout: float) -> float:
        """Ask the hub to start ``name``'s JupyterLab; seconds until the hub calls it ready."""
        t0 = time.monotonic()
        await self.call("POST", f"/hub/api/users/{name}/server")
        deadline = t0 + timeout
        while time.monotonic() < deadline:
            model = await self.call("GET", f"/hub/api/users/{name}")
            server = model.get("servers", {}).get("", {})
            if server.get("ready"):
                return time.monotonic() - t0
            if not model.get("pending") and not server:
                raise RuntimeError(f"{name}'s server stopped while starting (see the hub log)")
            await asyncio.sleep(0.5)
        raise TimeoutError(f"{name}'s JupyterLab was not ready in {timeout:.0f} s")

    async def stop_server(self, name: str):
        try:
            await self.call("DELETE", f"/hub/api/users/{name}/server", timeout=120)
        except RuntimeError:
            pass  # already stopped

    async def pull_lessons(self, name: str, repo: str, timeout: float):
        """nbgitpuller's own API (what the link's page calls): clone the lessons into
        ``~/lessons`` as the student; raise on failure."""
        query = urlencode({"repo": repo, "branch": "main", "targetpath": "lessons"})
        request = HTTPRequest(
            f"{self.url}/user/{name}/git-pull/api?{query}", headers=self.headers,
            request_timeout=timeout)
        try:
            response = await self.http.fetch(request)
        except HTTPClientError as error:
            raise RuntimeError(f"nbgitpuller for {name}: {error}") from error
        events = [json.loads(line[5:]) for line in response.body.decode().splitlines()
                  if line.startswith("data:")]
        if not events or events[-1].get("phase") != "finished":
            raise RuntimeError(f"nbgitpuller for {name} did not finish: {events[-3:]}")

    async def run_notebook(self, name: str, path: str, timeout: float) -> dict:
        """Run the code cells of ``path`` (in ``name``'s home) in a new kernel of their
        JupyterLab; {"seconds", "cells", "error"}; the kernel is shut down after."""
        base = f"/user/{name}/api"
        notebook = (await self.call("GET", f"{base}/contents/{quote(path)}"))["content"]
        cells = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                 for c in notebook["cells"] if c["cell_type"] == "code"]
        t0 = time.monotonic()
        session = await self.call("POST", f"{base}/sessions", {
            "path": path, "name": path.rsplit("/", 1)[-1], "type": "notebook",
            "kernel": {"name": "python3"}})
        kernel = session["kernel"]["id"]
        error = None
        try:
            ws_url = "ws" + self.url[4:] + f"{base}/kernels/{kernel}/channels"
            socket = await asyncio.wait_for(websocket_connect(
                HTTPRequest(ws_url, headers=self.headers)), timeout)
            try:
                deadline = t0 + timeout
                for code in cells:
                    error = await _execute(socket, code, deadline)
                    if error:
                        break
            finally:
                socket.close()
        finally:
            seconds = time.monotonic() - t0
            await self.call("DELETE", f"{base}/sessions/{session['id']}", timeout=60)
        return {"seconds": seconds, "cells": len(cells), "error": error}


async def _execute(socket, code: str, deadline: float):
    """Send one execute_request on the kernel's websocket; wait for its reply. The error
    (ename: evalue) when the cell raised, else None."""
    msg_id = uuid.uuid4().hex
    await socket.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "bench",
                   "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": True,
                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the lesson did not finish in time")
        raw = await asyncio.wait_for(socket.read_message(), left)
        if raw is None:
            raise RuntimeError("the kernel's websocket closed")
        if isinstance(raw, bytes):
            continue  # a binary frame (a widget's buffer): not a reply
        message = json.loads(raw)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if message["msg_type"] == "execute_reply":
            content = message["content"]
            if content.get("status") == "ok":
                return None
            return f"{content.get('ename')}: {content.get('evalue')}"
