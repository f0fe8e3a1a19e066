"""Only one thing pyproject.toml cannot say: install the data-files in editable installs too.

The course's JupyterLab settings (jupyter-settings/binms-teach.json, pyproject's data-files) go
into {sys.prefix}/share/jupyter/lab/settings/overrides.d/. A wheel installs them; setuptools'
editable_wheel (up to 84 at least) skips them, because it asks the distribution for `has_data`,
a method only its install command has. Routes 1 to 3 of README install with `-e`, so without
this a student's JupyterLab would miss the settings. tests/e2e/test_shipped_settings.py checks
that the file is installed.
"""

from setuptools import setup
from setuptools.command.editable_wheel import editable_wheel


class EditableWheelWithData(editable_wheel):
    def _run_install(self, category):
        super()._run_install(category)
        if (
            category == "data"
            and not hasattr(self.distribution, "has_data")  # else setuptools did it already
            and self.distribution.has_data_files()
        ):
            self.run_command("install_data")


setup(cmdclass={"editable_wheel": EditableWheelWithData})
