# JupyterHub's configuration for the class server of docs/class-server.md.
# install.sh copies it to ROOT/jupyterhub_config.py; start the hub from ROOT with
#     venv/bin/jupyterhub -f jupyterhub_config.py
# Every path below is relative to ROOT, the folder that holds this file.
import os
from pathlib import Path

c = get_config()  # noqa: F821 (given by Jupyter's configuration loader)
ROOT = Path(__file__).resolve().parent

# Everything the hub writes (jupyterhub.sqlite and its journal, the cookie secret, the proxy's
# pid file) is readable by root only; the students' servers get the usual 022 back
# (binms_class_spawner). The proxy's token never touches the disk (the hub hands it over in
# the proxy's environment).
os.umask(0o077)
for state in ("jupyterhub.sqlite", "jupyterhub_cookie_secret", "jupyterhub-proxy.pid"):
    if (ROOT / state).exists():
        (ROOT / state).chmod(0o600)  # written by an older recipe with the default umask

# Where the hub listens. Behind a TLS reverse proxy, keep 127.0.0.1; to serve the class
# directly, put the certificate and its key in ROOT/tls (docs/class-server.md, "Before a real
# class"): the hub then serves HTTPS only, by default on port 443 of every address.
TLS = ROOT / "tls"
if (TLS / "fullchain.pem").exists() and (TLS / "privkey.pem").exists():
    c.JupyterHub.ssl_cert = str(TLS / "fullchain.pem")
    c.JupyterHub.ssl_key = str(TLS / "privkey.pem")
    c.JupyterHub.bind_url = os.environ.get("BINMS_CLASS_URL", "https://:443")
else:
    c.JupyterHub.bind_url = os.environ.get("BINMS_CLASS_URL", "http://127.0.0.1:8000")
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [str(ROOT / "node/node_modules/.bin/configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{ROOT / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(ROOT / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(ROOT / "jupyterhub-proxy.pid")

# Who logs in: the Unix users that add-students.sh created, with their own passwords (PAM
# checks them against /etc/shadow). Membership of the Unix groups is checked at each login, so
# a student added by add-students.sh logs in at once, with no restart of the hub; the
# teachers' group are the hub's admins.
STUDENTS = os.environ.get("BINMS_CLASS_STUDENTS_GROUP", "binms-students")
TEACHERS = os.environ.get("BINMS_CLASS_TEACHERS_GROUP", "binms-teachers")
c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.open_sessions = False  # no login session per server: none is needed here
c.PAMAuthenticator.allowed_groups = {STUDENTS, TEACHERS}
c.PAMAuthenticator.admin_groups = {TEACHERS}
# A restart of the hub (an upgrade, a change of this file) leaves the students' servers and
# kernels running: the hub finds them again from jupyterhub.sqlite when it is back.
c.JupyterHub.cleanup_servers = False

# Each user's JupyterLab runs as that Unix user (JupyterHub's LocalProcessSpawner), in their
# home, from the venv: nbgrader's exchange then tells the students apart by their user name.
# The spawner is LocalProcessSpawner with a memory and CPU limit per user (a cgroup each:
# binms_class_spawner.py, installed into the venv); above the memory limit the student's
# kernel stops and they are told why (binms_class_kernel.py). 1 GiB holds a JupyterLab
# (~160 MiB) and two lessons' kernels (~260 MiB each at their peak).
c.JupyterHub.spawner_class = "binms_class_spawner.CgroupSpawner"
MEM_LIMIT = os.environ.get("BINMS_CLASS_MEM_LIMIT", "1G")  # bytes, or with K, M, G, T
c.Spawner.mem_limit = int(MEM_LIMIT) if MEM_LIMIT.isdigit() else MEM_LIMIT
c.Spawner.cpu_limit = float(os.environ.get("BINMS_CLASS_CPU_LIMIT", "1"))
c.Spawner.cmd = [str(ROOT / "venv/bin/jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
# the venv's commands (nbgrader, alembic) on the users' PATH, in their terminals too
c.Spawner.environment = {"PATH": f"{ROOT / 'venv/bin'}:/usr/local/bin:/usr/bin:/bin"}
# A JupyterLab takes long to start on a busy small server (30 s was not enough on 2 cores).
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180

# Servers nobody uses are stopped (jupyterhub-idle-culler, JupyterHub's own, as a hub service):
# after an hour without a request from the browser or a busy kernel, checked every 5 minutes.
# A student's files stay; their next click starts a new server. BINMS_CLASS_CULL_TIMEOUT and
# BINMS_CLASS_CULL_EVERY (seconds) change both.
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [str(ROOT / "venv/bin/python"), "-m", "jupyterhub_idle_culler",
                f"--timeout={os.environ.get('BINMS_CLASS_CULL_TIMEOUT', '3600')}",
                f"--cull-every={os.environ.get('BINMS_CLASS_CULL_EVERY', '300')}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
