"""The data sets of the study of the automatic rule, round by round, and the study's runs.

The rule (`binms_teach.selection`) was designed on the design sets
(`binms_teach.experiments.DESIGN_SETS`), then run on rounds of data it had not seen:
notebook 12's section 4 (the held-out real data sets and mixtures), then the rounds
of `ROUNDS` (README.md and RULE_HISTORY.md tell the order). `load_any` loads every
set of the study by name; `auto_study` and `auto_rows` are those of
`binms_teach.experiments`, with this loader and with each set's round as its role.
"""

import numpy as np
from sklearn.utils import Bunch

from binms_teach import datasets, experiments
from binms_teach.experiments.auto import seed_of

from .heldout import ROUND3_SETS, ROUND4_SETS, ROUND5_SETS, load_round3, load_round4, load_round5

# Version 2's extra design sets: mixtures with repeated rows ("copies-<seed>") and on few bits
# ("fewbits-<seed>"), seeds 0-3 (`load_any`).
REPEAT_SETS = (tuple(f"copies-{seed}" for seed in range(4))
               + tuple(f"fewbits-{seed}" for seed in range(4)))
# The second round: the four data sets bundled with scikit-learn, run after version 1 was
# fixed (`binms_teach.experiments.load_any` codes them as bits).
ROUND2_SETS = experiments.SKLEARN_SETS
# The held-out rounds after notebook 12's section 4: round number -> data set names.
ROUNDS = {2: ROUND2_SETS, 3: ROUND3_SETS, 4: ROUND4_SETS, 5: ROUND5_SETS}
_LOADERS = {3: load_round3, 4: load_round4, 5: load_round5}


def load_any(name):
    """Any data set of the study: those of `binms_teach.experiments.load_any`,
    "copies-<seed>" and "fewbits-<seed>" (`REPEAT_SETS`), and the sets of rounds 3 to 5.

    Examples
    --------
    >>> load_any("sonar").data.shape, load_any("copies-0").data.shape
    ((208, 180), (147, 12))
    >>> load_any("sonnar")
    Traceback (most recent call last):
    ...
    ValueError: Unknown data set 'sonnar': choose from zoo, digits, soybean, spect, car, \
votes, mushroom, sk-digits, wine, cancer, iris, dna, breastcancer, glass, vehicle, satellite, \
ionosphere, sonar, letter, promoters, spam, vowel, shuttle, thyroid, penguins, germancredit, mpg, \
segment, or mixture-<seed>, copies-<seed>, fewbits-<seed>.
    """
    for number, load_round in _LOADERS.items():
        if name in ROUNDS[number]:
            return load_round(name)
    if name.startswith("copies-"):   # 40 + 10 seed rows on 12 bits, each repeated 1 to 6 times
        seed = seed_of(name)
        rng = np.random.default_rng(100 + seed)
        base = datasets.make_bernoulli_mixture(40 + 10 * seed, 12, 3 + seed % 3, flip=0.1,
                                               random_state=200 + seed)
        rows = rng.permutation(np.repeat(np.arange(len(base.target)),
                                         rng.integers(1, 7, len(base.target))))
        return Bunch(data=base.data[rows], target=base.target[rows])
    if name.startswith("fewbits-"):  # 300 rows on 8 to 14 bits: many rows repeat
        seed = seed_of(name)
        return datasets.make_bernoulli_mixture(300, 8 + 2 * seed, 3 + seed % 2, flip=0.08,
                                               random_state=300 + seed)
    known = experiments.AUTO_DATASETS + sum(ROUNDS.values(), ())
    if not (name.startswith("mixture-") or str(name).lower() in known):
        raise ValueError(f"Unknown data set {name!r}: choose from {', '.join(known)}, or "
                         "mixture-<seed>, copies-<seed>, fewbits-<seed>.")
    return experiments.load_any(name)


def role(name):
    """A data set's role in the study: "design", "round <number>" or "held out" (section 4).

    >>> [role(name) for name in ("zoo", "copies-1", "iris", "sonar", "digits")]
    ['design', 'design', 'round 2', 'round 3', 'held out']
    """
    if name in experiments.DESIGN_SETS:
        return "design"
    return next((f"round {number}" for number, names in ROUNDS.items() if name in names),
                "held out")


def auto_study(names, *, n_jobs=None, progress=False):
    """`binms_teach.experiments.auto_study` on any set of the study (`load_any`)."""
    return experiments.auto_study(names, n_jobs=n_jobs, progress=progress, load=load_any)


def auto_rows(results):
    """`binms_teach.experiments.auto_rows`, each set's role its round (`role`)."""
    return experiments.auto_rows(results, role=role)
