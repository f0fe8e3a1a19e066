# JupyterHub's configuration for the class server of docs/class-server.md.
# install.sh copies it to ROOT/jupyterhub_config.py; start the hub from ROOT with
#     venv/bin/jupyterhub -f jupyterhub_config.py
# Every path below is relative to ROOT, the folder that holds this file.
import os
from pathlib import Path

c = get_config()  # noqa: F821 (given by Jupyter's configuration loader)
ROOT = Path(__file__).resolve().parent


def _names(file):
    """The user names of ``file``, one a line (add-students.sh and install.sh write them)."""
    path = ROOT / file
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


# Where the hub listens. Behind a TLS reverse proxy, keep 127.0.0.1; to serve the class
# directly, give a public address and the certificate (docs/class-server.md, "Before a class").
c.JupyterHub.bind_url = os.environ.get("BINMS_CLASS_URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [str(ROOT / "node/node_modules/.bin/configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{ROOT / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(ROOT / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(ROOT / "jupyterhub-proxy.pid")

# Who logs in: the Unix users that add-students.sh and install.sh created, with their own
# passwords (PAM checks them against /etc/shadow). The teacher is the hub's admin.
c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.open_sessions = False  # no login session per server: none is needed here
c.Authenticator.allowed_users = _names("students.txt") | _names("teachers.txt")
c.Authenticator.admin_users = _names("teachers.txt")

# Each user's JupyterLab runs as that Unix user (JupyterHub's LocalProcessSpawner), in their
# home, from the venv: nbgrader's exchange then tells the students apart by their user name.
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [str(ROOT / "venv/bin/jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
# the venv's commands (nbgrader, alembic) on the users' PATH, in their terminals too
c.Spawner.environment = {"PATH": f"{ROOT / 'venv/bin'}:/usr/local/bin:/usr/bin:/bin"}
# A JupyterLab takes long to start on a busy small server (30 s was not enough on 2 cores).
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
