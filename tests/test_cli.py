"""The command line: a user's mistake is one line on stderr and exit status 2, no traceback;
`binms-teach course` and `binms-teach doctor`.

Both entry points are run as a student would, in a subprocess: the console script
`binms-teach` (installed beside this Python) and `python -m binms_teach`.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from binms_teach import experiments
from binms_teach.cli import doctor
from binms_teach.cli.course import CourseError, copy_course, course_files
from binms_teach.cli.main import main
from binms_teach.datasets import _fetch

REPO = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / ("binms-teach.exe" if sys.platform == "win32"
                                        else "binms-teach")
ENTRY_POINTS = {"script": [str(SCRIPT)], "module": [sys.executable, "-m", "binms_teach"]}


def run_cli(entry, *args, cwd=None):
    if entry == "script" and not SCRIPT.is_file():
        pytest.fail(f"{SCRIPT} is missing: install the package (make dev).")
    result = subprocess.run([*ENTRY_POINTS[entry], *args], capture_output=True, text=True,
                            encoding="utf-8", timeout=120, cwd=cwd)
    return result.returncode, result.stdout, result.stderr


@pytest.fixture(scope="module")
def a_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "a_file"
    path.write_text("a file, not a folder", encoding="utf-8")
    return path


USER_ERRORS = {
    "no command": ([], "the following arguments are required: COMMAND"),
    "unknown command": (["frobnicate"], "invalid choice: 'frobnicate'"),
    "unknown option": (["reproduce", "--fast"], "unrecognized arguments: --fast"),
    "unknown data set": (["reproduce", "--datasets", "zoo", "iris"],
                         "Unknown data set 'iris': choose from digits, zoo"),
    "--out under a file": (["reproduce", "--quick", "--out", "{a_file}/out"],
                           "is a file, not a folder"),
    "course into a file": (["course", "{a_file}"], "is a file, not a folder"),
    "course under a file": (["course", "{a_file}/sub/dir"], "{a_file} is a file, not a folder"),
    "nbgrader into a file": (["nbgrader", "{a_file}"], "is a file, not a folder"),
    "nbgrader under a file": (["nbgrader", "{a_file}/sub"], "{a_file} is a file, not a folder"),
}


def _one_line_exit_2(capsys, *argv, prog="binms-teach"):
    with pytest.raises(SystemExit) as info:
        main(list(argv), prog=prog)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and "Traceback" not in captured.err
    assert captured.err.startswith(f"{prog}: error: ")
    return captured.err


@pytest.mark.parametrize("case", USER_ERRORS)
def test_a_user_error_is_one_line_and_exit_2(case, a_file, capsys):
    args, message = USER_ERRORS[case]
    err = _one_line_exit_2(capsys, *[a.format(a_file=a_file) for a in args])
    assert message.format(a_file=a_file) in err


# Each subprocess costs seconds on a loaded machine: one case per entry point (the wiring);
# every message is checked in-process above.
@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("case", ["unknown data set"])
def test_both_entry_points_say_it_in_one_line(entry, case):
    args, message = USER_ERRORS[case]
    status, out, err = run_cli(entry, *args)
    assert status == 2, err
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert message in err
    prog = "binms-teach" if entry == "script" else "python -m binms_teach"
    assert err.startswith(f"{prog}: error: ")


def test_an_unwritable_out_folder_is_one_line(tmp_path, capsys, monkeypatch):
    # Tests may run as root, who can write anywhere: make the probe itself fail.
    import binms_teach.cli.course as course  # the CLI checks --out with course.check_folder

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(course.tempfile, "TemporaryDirectory", refuse)
    err = _one_line_exit_2(capsys, "reproduce", "--quick", "--out", str(tmp_path / "new"))
    assert f"--out {tmp_path / 'new'} cannot be written (Permission denied)" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["course", "nbgrader"])
def test_an_unwritable_course_folder_is_one_line(tmp_path, capsys, monkeypatch, command):
    # As root every folder is writable: make the probe fail as it does for a student.
    import binms_teach.cli.course as course

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(course.tempfile, "TemporaryDirectory", refuse)
    err = _one_line_exit_2(capsys, command, str(tmp_path / "new" / "course"))
    assert f"{tmp_path / 'new' / 'course'} cannot be written (Permission denied)" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_a_folder_that_cannot_be_created_is_one_line(capsys):
    # /proc refuses new entries even to root
    err = _one_line_exit_2(capsys, "course", "/proc/binms-teach-course")
    assert "/proc/binms-teach-course cannot be written" in err


def test_version(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"binms-teach {version('binms-teach')}\n"


def test_missing_data_is_one_line(tmp_path, capsys, monkeypatch):
    # No shipped files, no network (a port nobody listens on): the loader's message, once.
    monkeypatch.delenv(_fetch.ENV_VAR, raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", None)
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", tmp_path / "home")
    monkeypatch.setattr(_fetch, "UCI_BASE_URL", "http://127.0.0.1:9/")
    err = _one_line_exit_2(capsys, "reproduce", "--quick", "--datasets", "zoo",
                           "--no-progress", "--out", str(tmp_path / "out"))
    assert "Could not reach http://127.0.0.1:9/static/public/111/zoo.zip" in err
    assert "zoo/zoo.data" in err
    assert not (tmp_path / "out").exists()


def test_a_programming_error_still_shows_its_traceback(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(experiments, "reproduce", broken)
    with pytest.raises(ZeroDivisionError, match="a bug"):
        main(["reproduce", "--quick", "--out", str(tmp_path)])


# ---- binms-teach course --------------------------------------------------------------------


def _expected_files():
    notebooks = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    exercises = sorted("exercises/" + p.name
                       for p in (REPO / "notebooks/exercises").glob("*.ipynb"))
    solutions = sorted("solutions/" + p.name
                       for p in (REPO / "notebooks/solutions").glob("*.ipynb"))
    return notebooks, exercises, solutions


def test_course_copies_every_notebook_exercise_and_solution(tmp_path):
    notebooks, exercises, solutions = _expected_files()
    assert len(notebooks) >= 12 and len(solutions) >= 11 and len(exercises) >= 6
    assert course_files() == notebooks + exercises + solutions
    status, out, err = run_cli("script", "course", str(tmp_path / "mine"))
    assert status == 0, err
    for f in notebooks + exercises + solutions:
        assert (tmp_path / "mine" / f).read_bytes() == (REPO / "notebooks" / f).read_bytes()
    assert f"{len(exercises)} exercise notebooks and {len(solutions)} solutions" in out
    assert "jupyter lab" in out and str(tmp_path / "mine" / "00_index.ipynb") in out


def test_course_without_solutions(tmp_path, capsys):
    notebooks, exercises, _ = _expected_files()
    assert main(["course", str(tmp_path / "graded"), "--no-solutions"]) == 0
    copied = sorted(p.relative_to(tmp_path / "graded").as_posix()
                    for p in (tmp_path / "graded").rglob("*.ipynb"))
    assert copied == sorted(notebooks + exercises)
    assert "and 0 solutions" in capsys.readouterr().out


def test_course_default_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["course"]) == 0
    assert (tmp_path / "binms-teach-course/00_index.ipynb").is_file()
    assert "binms-teach-course/00_index.ipynb" in capsys.readouterr().out.replace("\\", "/")


def test_course_keeps_a_changed_notebook_unless_forced(tmp_path, capsys):
    dest = tmp_path / "c"
    copy_course(dest)
    again = copy_course(dest)  # identical files: nothing to do, no complaint
    assert "0 copied" in again
    mine = dest / "03_mean_shift_continuous.ipynb"
    mine.write_bytes(mine.read_bytes() + b"\n")
    (dest / "01_binary_data_and_hamming.ipynb").unlink()
    err = _one_line_exit_2(capsys, "course", str(dest))
    assert "03_mean_shift_continuous.ipynb" in err and "--force" in err
    assert mine.read_bytes().endswith(b"\n\n")  # kept
    assert not (dest / "01_binary_data_and_hamming.ipynb").exists()  # nothing was copied
    assert main(["course", str(dest), "--force"]) == 0
    original = REPO / "notebooks/03_mean_shift_continuous.ipynb"
    assert mine.read_bytes() == original.read_bytes()
    assert (dest / "01_binary_data_and_hamming.ipynb").is_file()
    assert "1 of yours overwritten" in capsys.readouterr().out


def test_a_newer_course_replaces_untouched_copies_only(tmp_path):
    import shutil

    source, dest = tmp_path / "course-v2", tmp_path / "mine"
    shutil.copytree(REPO / "notebooks", source)
    copy_course(dest, source=source)
    # A new version of the course changes two notebooks; the student edited one of them.
    for name in ("02_median_centre.ipynb", "04_aitchison_aitken_kernel.ipynb"):
        (source / name).write_bytes((source / name).read_bytes() + b" ")
    student = dest / "04_aitchison_aitken_kernel.ipynb"
    student.write_bytes(student.read_bytes() + b"mine")
    with pytest.raises(CourseError, match=r"1 notebook\(s\) .*04_aitchison_aitken_kernel"):
        copy_course(dest, source=source)
    # Refused as a whole: even the untouched copy is not replaced yet.
    assert (dest / "02_median_centre.ipynb").read_bytes() != (
        source / "02_median_centre.ipynb").read_bytes()
    student.write_bytes((REPO / "notebooks/04_aitchison_aitken_kernel.ipynb").read_bytes())
    copy_course(dest, source=source)  # the student's change undone: both are updated
    for name in ("02_median_centre.ipynb", "04_aitchison_aitken_kernel.ipynb"):
        assert (dest / name).read_bytes() == (source / name).read_bytes()


# ---- binms-teach doctor --------------------------------------------------------------------


def test_doctor_passes_here():
    ok, lines = doctor.run()
    assert ok, "\n".join(lines)
    text = "\n".join(lines)
    for what in ("Python", "numpy", "jupyterlab", "data: digits", "data: mushroom",
                 "JupyterLab widgets", "drawing"):
        assert any(line[6:27].strip().startswith(what) for line in lines
                   if line.startswith(("ok", "note"))), what
    # The held-out rounds of the rule's study are not the package's: studies/ checks them.
    assert "heldout" not in text and "data: letter" not in text and "data: dna" not in text
    assert text.endswith("All is well.")


def test_doctor_reports_a_broken_data_set_with_its_fix(monkeypatch, capsys):
    from binms_teach import datasets

    def missing(**kwargs):
        raise _fetch.DataNotFoundError("zoo/zoo.data was not found and download=False. More.")

    monkeypatch.setattr(datasets, "load_zoo", missing)
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "data: zoo" in line)
    assert line.startswith("FAIL") and "zoo/zoo.data was not found" in line
    assert "-> fix: pip install --force-reinstall binms-teach" in line
    assert "More." not in line  # the first sentence only: one short line


def test_doctor_catches_mismatched_widgets_and_versions(monkeypatch):
    real = doctor.metadata.version

    def fake(name):
        return {"jupyterlab_widgets": "1.1.0", "numpy": "1.26.0", "tqdm": "99.0"}.get(
            name, real(name))

    monkeypatch.setattr(doctor.metadata, "version", fake)
    ok, widgets = doctor.check_jupyterlab()
    assert not ok and widgets.startswith("FAIL") and "does not match ipywidgets" in widgets
    pins, _ = doctor.pinned_versions()
    lines = dict((line.split()[1], line) for _, line in doctor.check_packages(pins))
    assert lines["numpy"].startswith("FAIL") and "1.26.0 is outside numpy>=2.0" in lines["numpy"]
    assert lines["tqdm"].startswith("note") and f"tested: {pins['tqdm']}" in lines["tqdm"]


def test_doctor_catches_a_missing_jupyterlab(monkeypatch):
    real = doctor.metadata.version

    def fake(name):
        if name == "jupyterlab":
            raise doctor.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(doctor.metadata, "version", fake)
    ok, line = doctor.check_jupyterlab()
    assert not ok and "-> fix: pip install 'binms-teach[course]'" in line
