# nbgrader's configuration for every user of the class server (docs/class-server.md).
# install.sh puts it in ROOT/venv/etc/jupyter/, where every nbgrader command and every
# JupyterLab of the venv reads it: the teacher's and each student's.
from pathlib import Path

c = get_config()  # noqa: F821 (given by Jupyter's configuration loader)
# The same course name as the teacher's course folder (`binms-teach nbgrader` writes it).
c.CourseDirectory.course_id = "binms-teach"
# The shared exchange: ROOT/exchange, this file being ROOT/venv/etc/jupyter/nbgrader_config.py.
# nbgrader names a submission after the Unix user of the student's server: one user each.
c.Exchange.root = str(Path(__file__).resolve().parents[3] / "exchange")
# collect counts a submission only for the Unix user who filed it, and refuses (sets aside)
# anything filed in another's name, holding links, or changed after it was filed
# (binms_class_collect.py, which install.sh puts into the venv).
c.ExchangeFactory.collect = "binms_class_collect.OwnedCollect"
