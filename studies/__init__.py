"""The study of the automatic choice of (k1, k2): how the rule of `binms_teach.selection` was
found and tested. Not part of the package (its wheel holds none of it): README.md says what is
here and how to run it, RULE_HISTORY.md tells the rule's versions.

* `rounds`: every data set of the study by name (`load_any`), their rounds (`ROUNDS`), and the
  package's `auto_study` / `auto_rows` with them;
* `heldout`: the files of rounds 3 to 5 (studies/data/heldout3/ to 5/) and their loaders;
* `rules`: the rules kept only for comparison (version 2: `version2_choice`).
"""

from .heldout import (
    ROUND3_SETS,
    ROUND4_SETS,
    ROUND5_SETS,
    load_round3,
    load_round4,
    load_round5,
)
from .rounds import REPEAT_SETS, ROUND2_SETS, ROUNDS, auto_rows, auto_study, load_any, role
from .rules import share, version2_choice, version2_share

__all__ = [
    "REPEAT_SETS", "ROUND2_SETS", "ROUND3_SETS", "ROUND4_SETS", "ROUND5_SETS", "ROUNDS",
    "auto_rows", "auto_study", "load_any", "load_round3", "load_round4", "load_round5", "role",
    "share", "version2_choice", "version2_share",
]
