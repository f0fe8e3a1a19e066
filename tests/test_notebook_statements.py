"""Statements the notebooks make, in the classes a reader caught wrong before.

- **Counts and their plurals**: no "1 clusters", "1 modes", ... and no "cluster(s)" in the
  prose (markdown) or the stored text outputs of any notebook (lessons, exercises, solutions,
  appendix), nor in the decks' text. A count of one takes the singular; a code cell prints
  ``f"{n} cluster{'' if n == 1 else 's'}"``. A list that ends in 1 ("1, 4, 6, 4 and 1 points")
  is not a count of one and is left alone.
- **Which epsilon reading the package follows**: the paper's words, "the average of distance
  from each point to their k2 nearest neighbors", read as the k2-th distance
  (`binms_teach.labelling.epsilon_from_k2`); the authors' code takes the (k2 + 1)-th. No
  sentence of a notebook, deck or note may say the package follows the authors' code for
  epsilon or takes the (k2 + 1)-th, and lesson 07 says which reading it follows. The package's
  behaviour is checked here too, against a plain loop, so that the prose and the code cannot
  drift apart unseen.
- **Agreement claimed against the spread**: lesson 08 compares our k-modes with the `kmodes`
  package; it may not call them in agreement on a data set where their means lie more than
  two standard deviations apart (`paper.KMODES_PACKAGE` against the stored output of 08).
"""

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from binms_teach import epsilon_from_k2, hamming

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(NOTEBOOKS.rglob("*.ipynb"))
IDS = [p.relative_to(NOTEBOOKS).as_posix() for p in ALL]
DECKS = sorted((ROOT / "docs" / "slides").glob("*.md"))
NOTES = [p for p in (ROOT / "docs" / "instructor-notes.md",) if p.is_file()]

COUNTED = ("clusters|modes|images|points|settings|rows|neighbours|neighbors|edges|samples|votes|"
           "bits|moves|updates|classes|columns|pixels|pairs|animals|cars|iterates|steps|ascents|"
           "orders|seeds|runs|candidates|components|cells|lessons|exercises|minutes|words|"
           "voters|ties|data sets|patients|digits")
# "1 clusters", not "and 1 points" / ", 1 points" (the last item of a list), "0.1 points",
# "0/1 rows" nor "j + 1 runs"
ONE_PLURAL = re.compile(rf"(?<![\d.,\-/+])(?<!and )(?<!, )(?<![+-] )(?<!Algorithm )(?<!Table )"
                        rf"\b1 ({COUNTED})\b")
HEDGED_PLURAL = re.compile(r"\b[a-z]+\(s\)")


def _texts(path):
    """(where, text) of every markdown cell and every stored text output of a notebook."""
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            yield f"cell {i} (markdown)", cell.source
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                yield f"cell {i} (output)", output.text
            elif "data" in output:
                for mime in ("text/plain", "text/markdown"):
                    if mime in output.data:
                        yield f"cell {i} (output)", output.data[mime]


def plural_problems(text):
    """The counts of one with a plural noun, and the hedged plurals, in a text.

    >>> plural_problems("k2 = 40: 1 clusters; 6 cluster(s); 1, 4, 6, 4 and 1 points; 1 cluster")
    ['1 clusters', 'cluster(s)']
    """
    return ([m.group(0) for m in ONE_PLURAL.finditer(text)]
            + [m.group(0) for m in HEDGED_PLURAL.finditer(text)])


@pytest.mark.parametrize("path", ALL, ids=IDS)
def test_a_count_of_one_is_singular(path):
    found = [f"{where}: {p!r}" for where, text in _texts(path) for p in plural_problems(text)]
    assert not found, (f"{path.name}: a count of one with a plural (write '1 cluster', and in "
                       f"code f\"{{n}} cluster{{'' if n == 1 else 's'}}\"): " + "; ".join(found))


@pytest.mark.parametrize("path", DECKS + NOTES, ids=[p.name for p in DECKS + NOTES])
def test_a_count_of_one_is_singular_in_the_decks_and_notes(path):
    # the decks' Python prints too: "cluster(s)" in a format string is the same slip
    found = plural_problems(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name}: {found}"


def test_the_plural_check_catches_the_known_slips():
    assert plural_problems("  1 to   1 clusters: 4 settings") == ["1 clusters"]  # 08, once
    assert plural_problems("k2 = 40: 1 clusters, same labels") == ["1 clusters"]
    assert plural_problems("noise: 1 clusters, stability 1.000") == ["1 clusters"]
    assert plural_problems("- zoo: 6 cluster(s), dependence margin") == ["cluster(s)"]
    assert plural_problems("spheres hold 1, 4, 6, 4 and 1 points; 1 cluster, 2 clusters") == []
    assert plural_problems("the 0/1 rows; j_max + 1 runs; Algorithm 1 runs on all") == []


# ---------------------------------------------------------------- the epsilon reading

SENTENCE = re.compile(r"(?<=[.;:!?)])\s+(?=[A-Z(*])")
WRONG_READING = [
    # the package (or BinNNMS, or "we") said to follow the authors' code for epsilon / k2
    re.compile(r"(package|BinNNMS|epsilon_from_k2|we)\b[^.]*\bfollows? the authors' code\b"
               r"[^.]*(k_2|k2|varepsilon|epsilon|order statistic)", re.I),
    re.compile(r"(package|BinNNMS|epsilon_from_k2)\b[^.]*\b(takes|uses|computes)\b[^.]*"
               r"\(k_2 ?\+ ?1\)", re.I),
]


def wrong_reading(text):
    """Sentences that say the package follows the authors' k2 reading.

    >>> wrong_reading("The package follows the authors' code, the $k_2$-th distance.")
    ["The package follows the authors' code, the $k_2$-th distance."]
    >>> wrong_reading("The package follows the paper's words (not the authors' $(k_2 + 1)$-th).")
    []
    >>> wrong_reading("The package follows the paper and the authors' code: H <= epsilon.")
    []
    """
    sentences = SENTENCE.split(" ".join(text.split()))
    return [s for s in sentences if any(p.search(s) for p in WRONG_READING)
            and not re.search(r"\bnot the authors'|\bfollows the paper('s words)?\b", s)]


def _prose(path):
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    nb = nbformat.read(path, as_version=4)
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


@pytest.mark.parametrize("path", ALL + DECKS + NOTES,
                         ids=IDS + [p.name for p in DECKS + NOTES])
def test_no_statement_that_the_package_takes_the_authors_k2_reading(path):
    found = wrong_reading(_prose(path))
    assert not found, (f"{path.name} says the package follows the authors' reading of k2; it "
                       f"follows the paper's words, the k2-th distance: {found}")


def test_lesson_07_says_which_reading_the_package_follows():
    prose = " ".join(_prose(NOTEBOOKS / "07_epsilon_proximity.ipynb").split())
    assert re.search(r"package follows the paper's words[^.]*\$k_2\$-th distance", prose)


def test_the_package_takes_the_k2_th_nearest_other_point():
    # the reading the prose states, against a plain loop: the k2-th smallest distance to the
    # *other* points (a copy counts, at 0), averaged; not the (k2 + 1)-th
    rng = np.random.default_rng(3)
    M = rng.integers(0, 2, size=(30, 9)).astype(np.uint8)
    M[5] = M[4]  # a copy
    H = hamming(M)
    for k2 in (1, 2, 5, 29):
        kth = [sorted(H[i, j] for j in range(len(M)) if j != i)[k2 - 1] for i in range(len(M))]
        assert epsilon_from_k2(M, k2) == pytest.approx(np.mean(kth))
    authors = np.mean([sorted(H[i, j] for j in range(len(M)) if j != i)[2]
                       for i in range(len(M))])
    assert epsilon_from_k2(M, 2) != pytest.approx(authors)  # the (k2 + 1)-th differs here


# ---------------------------------------------------------------- agreement and spread


def test_lesson_08_claims_no_agreement_that_the_spread_contradicts():
    from binms_teach.evaluation import paper

    nb = nbformat.read(NOTEBOOKS / "08_table3_kmodes_vs_binnnms.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "KMODES_PACKAGE" in c.source)
    table = "".join(o.get("text", "") for o in cell.outputs)
    ours = {m.group(1): (float(m.group(2)), float(m.group(3))) for m in re.finditer(
        r"^(\w+)\s+\d+\s+\S+ ± \S+\s+(?:-\s+)?[\d.]+ ± [\d.]+\s+([\d.]+) ± ([\d.]+)", table, re.M)}
    prose = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    apart = []
    for name, (_, pkg_nmi, _, _) in paper.KMODES_PACKAGE.items():
        if name not in ours or pkg_nmi is None:
            continue
        mean, sd = ours[name]
        if abs(mean - pkg_nmi.mean) > 2 * max(sd, pkg_nmi.std):
            apart.append(name)
    assert "soybean" in apart, (ours, "the stored output no longer shows Soybean apart: "
                                      "re-read lesson 08's claims against it")
    claims = re.findall(r"[^.]*\b(agrees? with the standard|matches a standard)[^.]*\.", prose)
    assert not claims, f"08 claims agreement the spread contradicts on {apart}: {claims}"
    for name in apart:
        assert re.search(rf"not on {name}|on {name} ours is \*not\*", prose, re.I), (
            f"08 does not say that ours and the kmodes package differ on {name}")
