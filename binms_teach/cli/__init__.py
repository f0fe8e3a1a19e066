"""The command line and the course's plumbing: ``binms-teach COMMAND`` (`main`), copying the
course out of the package (`course`), the nbgrader course folder (`grading`) and the
installation check (`doctor`)."""
