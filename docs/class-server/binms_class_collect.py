"""nbgrader's ``collect`` for the class server: a submission counts only for the user who filed it.

install.sh puts this file into the recipe's venv, and ``nbgrader_config.py`` makes it the
exchange's collect (``c.ExchangeFactory.collect``). nbgrader's own collect takes any folder of
the inbound whose name reads ``STUDENT+ASSIGNMENT+TIME``: a student can file one under
another's name (nbgrader only warns), point one at the teacher's files with a symbolic link,
or stop the whole collect with a name it cannot parse. Here an inbound entry is collected only
when all of these hold, checked on the file system rather than on the name:

- it is a real folder (not a link), its name parses, and it is for this assignment;
- the folder and everything in it belong to the Unix user its name gives (the folder's owner
  is the kernel's record of who made it: no student can make a file owned by another);
- it holds only folders and regular files (no links, pipes or devices);
- nothing in it changed more than ``filing_slack`` seconds after the time its name claims
  (the inode change time, which no user can set: a submission edited after it was filed, or
  renamed to an earlier time, counts for nothing).

Anything else is refused: collect names it and the reason, and sets it aside in the inbound as
``.refused+NAME`` (the teacher owns the inbound, so may rename what is in it), where it counts
for nobody. The copy itself reads through opened file descriptors that never follow a link, so
a folder swapped for a link between the check and the copy is refused too.
"""

import datetime
import os
import pwd
import re
import shutil
import stat

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.exchange.default.collect import ExchangeCollect, groupby
from nbgrader.utils import check_mode, ignore_patterns, parse_utc
from traitlets import Float

# STUDENT+ASSIGNMENT+TIME, and nbgrader's random suffix (+RANDOM) since 0.7
NAME = re.compile(r"(?P<student>[^+/]+)\+(?P<assignment>[^+/]+)\+(?P<timestamp>[^+/]+)"
                  r"(?:\+[A-Za-z0-9_=-]+)?")
OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
OPEN_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK  # a pipe must not block the collect


class Refused(Exception):
    """An inbound entry that does not count: its message says why."""


class OwnedCollect(ExchangeCollect):
    """nbgrader's collect, refusing every submission not filed by the user it names."""

    filing_slack = Float(
        60.0, allow_none=True,
        help="Seconds a submission may have changed after the time in its name (nbgrader "
             "names it when submit starts; copying takes a moment). None: no check (after "
             "restoring the exchange from a backup, which gives every file a new change time)."
    ).tag(config=True)

    def init_src(self):
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not check_mode(self.inbound_path, read=True, execute=True):
            self.fail(f"You don't have read permissions for the directory: {self.inbound_path}")
        assignment = self.coursedir.assignment_id
        student = self.coursedir.student_id.strip("*")  # nbgrader's default "*": everyone
        records = []
        for name in sorted(os.listdir(self.inbound_path)):
            # this assignment's entries, whatever their shape; the set-aside ones start with "."
            if name.startswith(".") or f"+{assignment}+" not in f"{name}+":
                continue
            if student and not name.startswith(f"{student}+"):
                continue
            try:
                records.append(self._check(name))
            except Refused as why:
                self._set_aside(name, str(why))
        self.src_records = self._latest(records)

    def _check(self, name):
        """The record of inbound entry ``name``, or :class:`Refused` saying why not."""
        match = NAME.fullmatch(name)
        if not match or match["assignment"] != self.coursedir.assignment_id:
            raise Refused("its name is not STUDENT+ASSIGNMENT+TIME")
        try:
            timestamp = parse_utc(match["timestamp"])
        except (ValueError, OverflowError) as error:
            raise Refused(f"its time does not parse ({error})") from None
        student = match["student"]
        uid = _uid(student)
        if uid is None:
            raise Refused(f"{student} is not a user of this server")
        path = os.path.join(self.inbound_path, name)
        info = os.lstat(path)
        if not stat.S_ISDIR(info.st_mode):
            raise Refused("it is not a folder (a link or a file)")
        if info.st_uid != uid:
            raise Refused(f"it was filed by {_user(info.st_uid)} in the name of {student}")
        changed = info.st_ctime
        for folder, dirs, files in os.walk(path):
            for entry in dirs + files:
                item = os.lstat(os.path.join(folder, entry))
                if not (stat.S_ISDIR(item.st_mode) or stat.S_ISREG(item.st_mode)):
                    raise Refused(f"it holds {entry!r}, a link or special file")
                if item.st_uid != uid:
                    raise Refused(f"it holds {entry!r}, a file of {_user(item.st_uid)}")
                changed = max(changed, item.st_ctime)
        filed = timestamp.replace(tzinfo=datetime.timezone.utc).timestamp()
        if self.filing_slack is not None and changed > filed + self.filing_slack:
            when = datetime.datetime.fromtimestamp(changed, datetime.timezone.utc)
            raise Refused(f"it changed at {when:%Y-%m-%d %H:%M:%S} UTC, after the time its "
                          f"name claims ({match['timestamp']})")
        return {"username": student, "filename": name, "timestamp": timestamp, "uid": uid}

    def _set_aside(self, name, why):
        aside = f".refused+{name}"
        try:
            os.rename(os.path.join(self.inbound_path, name),
                      os.path.join(self.inbound_path, aside))
            where = f"set aside as {aside}"
        except OSError as error:
            where = f"left where it is ({error.strerror})"
        self.log.error("Refused %s: %s. It counts for nobody; %s.", name, why, where)

    def _latest(self, records):
        """Each student's latest submission (before the due date with --before-duedate), as
        nbgrader's collect chooses it, among the submissions that passed the checks."""
        with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gb:
            try:
                duedate = gb.find_assignment(self.coursedir.assignment_id).duedate
            except MissingEntry:
                duedate = None
        chosen = []
        for group in groupby(records, lambda r: r["username"]).values():
            group = self._sort_by_timestamp(group)
            if duedate is not None and self.before_duedate:
                group = [r for r in group if r["timestamp"] <= duedate] or group
            chosen.append(group[0])
        self._uids = {r["filename"]: r["uid"] for r in chosen}
        return chosen

    def do_copy(self, src, dest, log=None):
        """Copy submission ``src`` to ``dest`` through descriptors that follow no link, taking
        only the named student's folders and regular files (nbgrader's ignore, include and
        size limits apply); a submission that turns out otherwise is refused and not kept."""
        uid = self._uids[os.path.basename(src)]
        ignore = ignore_patterns(exclude=self.coursedir.ignore, include=self.coursedir.include,
                                 max_file_size=self.coursedir.max_file_size, log=self.log)
        budget = [1000 * self.coursedir.max_dir_size]
        parent = os.open(os.path.dirname(src), OPEN_DIR)
        try:
            _copy_dir(parent, os.path.basename(src), src, dest, uid, ignore, budget)
        except (Refused, OSError) as why:
            # not kept, and the others are still collected
            shutil.rmtree(dest, ignore_errors=True)
            self.log.error("Refused %s while copying it: %s. Nothing of it was collected.",
                           os.path.basename(src), why)
        finally:
            os.close(parent)


def _copy_dir(parent_fd, name, path, dest, uid, ignore, budget):
    fd = os.open(name, OPEN_DIR, dir_fd=parent_fd)
    try:
        _owned(fd, uid, name, stat.S_ISDIR)
        os.makedirs(dest, exist_ok=True)
        names = sorted(os.listdir(fd))
        skipped = set(ignore(path, names))
        for entry in names:
            if entry in skipped:
                continue
            kind = os.lstat(entry, dir_fd=fd).st_mode
            if stat.S_ISDIR(kind):
                _copy_dir(fd, entry, os.path.join(path, entry), os.path.join(dest, entry), uid,
                          ignore, budget)
            elif stat.S_ISREG(kind):
                _copy_file(fd, entry, os.path.join(dest, entry), uid, budget)
            else:
                raise Refused(f"{entry!r} is a link or special file")
    finally:
        os.close(fd)


def _copy_file(dir_fd, name, dest, uid, budget):
    try:
        fd = os.open(name, OPEN_FILE, dir_fd=dir_fd)
    except OSError as error:  # ELOOP: a link put in after the check
        raise Refused(f"{name!r} cannot be opened without following a link ({error})") from None
    try:
        info = _owned(fd, uid, name, stat.S_ISREG)
        budget[0] -= info.st_size
        if budget[0] < 0:
            raise Refused("it is larger than CourseDirectory.max_dir_size")
        with open(fd, "rb", closefd=False) as source, open(dest, "wb") as target:
            while chunk := source.read(1 << 20):
                target.write(chunk)
        os.utime(dest, ns=(info.st_atime_ns, info.st_mtime_ns))
    finally:
        os.close(fd)


def _owned(fd, uid, name, is_kind):
    info = os.fstat(fd)
    if not is_kind(info.st_mode) or info.st_uid != uid:
        raise Refused(f"{name!r} is not the student's own folder or file")
    return info


def _uid(name):
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


def _user(uid):
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"
