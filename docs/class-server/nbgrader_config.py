# nbgrader's configuration for every user of the class server (docs/class-server.md).
# install.sh puts it in ROOT/venv/etc/jupyter/, where every nbgrader command and every
# JupyterLab of the venv reads it: the teacher's and each student's.
from pathlib import Path

c = get_config()  # noqa: F821 (given by Jupyter's configuration loader)
# The same course name as the teacher's course folder (`binms-teach nbgrader` writes it).
c.CourseDirectory.course_id = "binms-teach"
# The shared exchange: ROOT/exchange, this file being ROOT/venv/etc/jupyter/nbgrader_config.py.
# nbgrader files a submission under the Unix user of the student's server: one user each.
c.Exchange.root = str(Path(__file__).resolve().parents[3] / "exchange")
