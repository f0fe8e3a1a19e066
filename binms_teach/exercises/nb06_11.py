"""Notebooks 06, 06b and 07 to 11: concept questions (``NN.name``) and the results of their
exercises (``NN.k``, the numbers the solutions notebooks print).

Every number here is exact by construction: an optimum names its grid, and where optima tie
(Hamming distances are whole numbers, so neighbouring k2 often give the same clustering) every
tied value is accepted; a random quantity names its seed, or its tolerance covers every seed.
``tests/test_exercises.py`` recomputes each one from its definition, ties included.
"""

from .kinds import Choice, Number

# One quantity asked twice (exercise 3 of 07 and a question of 09): one definition, one answer.
# On Digits, the modes of BinNNMS(k1=20) labelled for k2 = 1, ..., 80: k2 = 59, 60, 61 and 62
# give the same clustering (their epsilons lie between 22 and 23) and the best NMI, 0.849.
BEST_K2_AT_K1_20 = (59, 60, 61, 62)
BEST_K2_AT_K1_20_QUESTION = ("on Digits, the best k2 (best NMI) for the modes of "
                             "BinNNMS(k1=20), over k2 = 1, ..., 80 (several k2 tie: any of "
                             "them is right)")

# NMI's averaging: the course's nmi (like the paper) divides I(Y; C) by the geometric mean of
# the entropies; scikit-learn's default divides by their arithmetic mean and gives another
# number (tests/test_exercise_corpus.py recomputes it for each one-fit solution; the means over
# ten row orders, 08.order_mean and 09.zoo_orders, it leaves: ten fits each).
_ARITHMETIC = ("that is NMI normalised by the arithmetic mean of the entropies, scikit-learn's "
               "default (average_method='arithmetic'); the course's nmi, like the paper, "
               "divides I(Y; C) by their geometric mean sqrt(Ent(Y) Ent(C)) (section 3 of 07): "
               "normalized_mutual_info_score(y, labels, average_method='geometric').")


def _arithmetic(value):
    return ((value, _ARITHMETIC),)


EXERCISES = {
    # Notebook 06: the binary gradient ascent.
    "06.update": Choice(
        "x_{j+1} of the BGA task (Eq. 7) is: (a) the mean of NN_k1(x_j), (b) maj(NN_k1(x_j)) "
        "taken among the iterates, (c) maj(NN_k1(x_j)) taken among the original data X.",
        {"a": "mean", "b": "iterates", "c": "data"}, "c",
        {"a": "a mean of 0/1 vectors is not binary; the median centre is the majority vote.",
         "b": "the ascent is non-blurring: the neighbours always come from the data."}),
    "06.odd_k1_ties": Number(
        "With k1 = 11 and neighbours='index' (the default), how many tied bits can one update "
        "have?", 0, 0, "a tie needs exactly half of the k1 votes, 2 * ones = k1."),
    "06.ball_self": Choice(
        "Is a data point always among its own voters? (a) yes, under both rules, (b) under "
        "'ball' always, under 'index' unless k1 or more lower-index copies of it exist, "
        "(c) never: it is excluded.",
        {"a": "both", "b": "ball", "c": "never"}, "b",
        {"a": "under 'index' k1 lower-index copies at distance 0 fill NN_k1 first.",
         "c": "x is at distance 0 from itself: NN_k1 includes it (section 2 of notebook 06)."}),
    "06.density": Choice(
        "The ascent of a 4 drawn like a 9 ends at: (a) a mode of fours, because the ascent "
        "uses the labels, (b) a mode of nines, because it follows the density of the data.",
        {"a": "labels", "b": "density"}, "b",
        {"a": "the ascent never sees the labels y; look at the nines around it."}),
    # Notebook 06b: Algorithm 1 on data.
    "06b.printed_updates": Choice(
        "As printed, Algorithm 1 with the cap j_max computes how many updates and returns "
        "which iterate? (a) j_max, the last, (b) j_max + 1, the one before the last, "
        "(c) j_max + 1, the last.",
        {"a": "jmax-last", "b": "jmax+1-before", "c": "jmax+1-last"}, "b",
        {"a": "count the loop's passes again: the printed loop runs once more.",
         "c": "the printed algorithm throws its last update away (the package does not)."}),
    "06b.row_order": Choice(
        "Shuffling the rows (and the labels with them) can change the clustering under: (a) both "
        "neighbour rules, (b) neighbours='index' only, because at a tied k1-th distance the lower "
        "row index wins, (c) neither: the ascent does not see the order of the rows.",
        {"a": "both", "b": "index", "c": "neither"}, "b",
        {"a": "the closed ball lets every point at the tied distance vote, in any order.",
         "c": "under 'index' the row order breaks the tie at the k1-th distance (section 5 of "
              "06b)."}),
    "06b.map": Choice(
        "The path map places the points by classical MDS of: (a) H, since it is a distance, "
        "(b) sqrt(H), a Euclidean distance for 0/1 vectors, so that MDS is PCA.",
        {"a": "H", "b": "sqrt"}, "b",
        {"a": "H is the squared Euclidean distance of 0/1 vectors: MDS of H has negative "
              "eigenvalues and stretches pairs (section 4 of 06b)."}),
    # Notebook 07: epsilon-proximity labelling.
    "07.inclusive": Choice(
        "The merge test of Algorithm 1 and of the package joins two final iterates when "
        "(a) H < epsilon, (b) H <= epsilon.",
        {"a": "strict", "b": "inclusive"}, "b",
        {"a": "the package follows the paper and the authors' code (section 5 of 07)."}),
    "07.eps_k2_20": Number(
        "epsilon(k2 = 20) on the Digits modes of BinNNMS(k1=10): its value, to 0.1.",
        18.6, 0.05, "notebook 07, sections 2 and 4."),
    "07.strict_clusters": Number(
        "With epsilon = 18 given explicitly, the strict test H < 18 gives how many clusters "
        "on the Digits modes?", 64, 0, "the strict test is the inclusive test at 17 (section 5)."),
    "07.random_nmi": Number(
        "A random labelling of the 2000 digits, each label drawn uniformly from 0, ..., 999 "
        "(rng.integers(0, 1000, size=2000), any seed): its NMI (geometric mean of the "
        "entropies, as nmi), to 0.01.",
        # every seed: 0.365 to 0.382 over seeds 0-299 (tests/test_exercises.py); the
        # tolerance is half a unit of 0.01 plus 0.01 for the seeds' spread
        0.373, 0.015, "NMI's chance level grows with the number of clusters: I(Y; C) never "
        "decreases when a cluster is split, and NMI subtracts nothing for chance (section 3 of "
        "07).", (((0.31, 0.345), _ARITHMETIC),)),  # arithmetic: 0.320 to 0.331
    "07.chaining": Choice(
        "Two modes in one cluster are: (a) always within epsilon of each other, (b) linked by "
        "a chain of modes, each within epsilon of the next (single linkage).",
        {"a": "within", "b": "chain"}, "b",
        {"a": "clusters are connected components: one chain of short hops is enough."}),
    # Notebook 08: Table 3.
    "08.digits_nmi": Number(
        "BinNNMS on Digits with (k1, k2) = (10, 25) in the file's row order: its NMI (geometric "
        "mean of the entropies, as nmi), to 0.001.",
        0.880, 0.0005, "the take-aways of notebook 08 (the paper's figure).",
        _arithmetic(0.8786)),
    "08.order_mean": Number(
        "The same setting over the ten row orders of notebook 06b (experiments.row_order(n, "
        "seed), seeds 0 to 9): the mean NMI, to 0.001.",
        0.857, 0.0005, "the file's order is a favourable one (take-aways of 08).",
        _arithmetic(0.8562)),
    "08.chance": Choice(
        "Which score grows with the number of clusters even when nothing is found (Spect, "
        "Car)? (a) NMI, (b) AMI, (c) ARI.",
        {"a": "NMI", "b": "AMI", "c": "ARI"}, "a",
        {"b": "AMI is corrected for chance.", "c": "ARI is corrected for chance."}),
    "08.car": Choice(
        "Why does Car collapse to one cluster? (a) k1 is too small, (b) its data are a complete "
        "grid of attribute values: every car has other cars at distance 1 and these links join "
        "all 1728 cars, so where the modes are the cars any epsilon >= 1 gives one cluster, (c) "
        "a bug in the labelling.",
        {"a": "k1", "b": "grid", "c": "bug"}, "b",
        {"a": "no setting of the sweep separates the classes.",
         "c": "the labelling is checked against a plain loop; look at the data."}),
    # Notebook 09: Figure 1, the (k1, k2) sweep.
    "09.floor": Choice(
        "Two values of k2 with epsilon(k2) = 18.2 and 18.9 give: (a) the same clustering, "
        "(b) different clusterings.",
        {"a": "same", "b": "different"}, "a",
        {"b": "Hamming distances are whole numbers: H <= 18.2 and H <= 18.9 are H <= 18."}),
    "09.best_k2_k1_20": Number(
        BEST_K2_AT_K1_20_QUESTION[0].upper() + BEST_K2_AT_K1_20_QUESTION[1:] + ".",
        BEST_K2_AT_K1_20, 0, "the best k2 grows with k1: 2 at k1 = 0, 25 at k1 = 10 "
        "(notebook 09, section 5; exercise 3 of notebook 07)."),
    "09.zoo_orders": Number(
        "Zoo at (k1, k2) = (7, 20), its best setting in the file's row order: the mean NMI over "
        "the ten row orders of notebook 06b (seeds 0 to 9), to 0.001.", 0.791, 0.0005,
        "notebook 06b, section 5 (0.901 is the file's order).", _arithmetic(0.7747)),
    "09.sweep_cost": Choice(
        "A sweep over 8 values of k1 and 9 values of k2 needs how many ascents? (a) 72, (b) 8, "
        "(c) 9.",
        {"a": "72", "b": "8", "c": "9"}, "b",
        {"a": "only epsilon(k2) and the labelling change with k2.",
         "c": "the ascent depends on k1, not on k2."}),
    # Notebook 10: Figure 2, the quantization error.
    "10.toy_error": Number(
        "The toy example of section 1: the quantization error to the median centres.",
        0.4, 1e-9, "(0 + 1 + 1 + 0 + 0) / 5."),
    "10.which_points": Choice(
        "Figure 2's errors are measured on: (a) the data points, (b) the iterates x_{l,j}.",
        {"a": "data", "b": "iterates"}, "b",
        {"a": "the data do not move: their error to fixed prototypes is a flat line."}),
    "10.soybean_k1_20": Number(
        "On Soybean, the target error at the end of the ascent with k1 = 20, to 0.01.",
        9.43, 0.005, "section 4 of notebook 10 (it ends farther than k1 = 10)."),
    "10.claim": Choice(
        "On these four data sets the relative decrease of the error and the ARI are: "
        "(a) inversely related, as the paper says, (b) positively rank-correlated, "
        "(c) unrelated.",
        {"a": "inverse", "b": "positive", "c": "unrelated"}, "b",
        {"a": "the rank correlation is +0.80 at each k1 and +0.64 overall.",
         "c": "the rank correlation is +0.80 at each k1 and +0.64 overall."}),
    # Notebook 11: Figure 3, the prototypes.
    "11.reshape": Choice(
        "A Digits row as an image is: (a) x.reshape(15, 16), (b) x.reshape(16, 15), "
        "(c) x.reshape(12, 20).",
        {"a": "15x16", "b": "16x15", "c": "12x20"}, "b",
        {"a": "the images are 16 rows of 15 pixels, read row by row.",
         "c": "240 = 12 x 20 too, but the images are 16 x 15."}),
    "11.bin_clusters": Number(
        "How many clusters does BinNNMS(k1=10, k2=25) find on Digits?", 40, 0,
        "ten large ones and a tail of small ones (notebook 11)."),
    "11.kmodes_misses": Number(
        "In how many of the ten k-modes runs with 10 clusters and one start each (random_state = 0 "
        "to 9) is at least one digit left without a cluster of which it is the majority?", 5, 0,
        "half of the runs (notebook 11, section 5)."),
    "11.fixed_k": Choice(
        "Why does BinNNMS keep every digit apart while k-modes with 10 clusters often does not? "
        "(a) BinNNMS uses the labels, (b) k-modes must place exactly ten centres; BinNNMS can "
        "afford extra small clusters for unusual images.",
        {"a": "labels", "b": "fixed k"}, "b",
        {"a": "neither method sees the labels while clustering."}),
}

# The results of the notebooks' own exercises (what the solutions notebooks print): "NN.k" is
# exercise k of notebook NN.
_RESULTS = {
    "06.1": ("Exercise 1: the Hamming distance between the modes of image 882 with k1 = 10 and "
             "k1 = 11.", 13, 0, "ascent_trace(X, 882, k) for both, then hamming of the two modes."),
    "06.2": ("Exercise 2: the row index of an image with the most moves for k1 = 10 (if several "
             "images tie, any of them).", (1056, 1919), 0,
             "moves = n_iter - converged from bga(X, X, 10); then np.argmax, or "
             "np.flatnonzero(moves == moves.max()) for every image that ties."),
    "06.3": ("Exercise 3: with k1 = 1 (neighbours='index', the default), how many images have "
             "another row (a copy) as their only voter?", 6, 0,
             "nearest_neighbours(X, X, 1): where is the index not the row itself?"),
    "06b.1": ("Exercise 1: the number of distinct modes with tie='keep' (k1 = 10, all images).",
             1901, 0, "np.unique(modes, axis=0) on the modes of bga(X, X, 10, tie='keep')."),
    "06b.2": ("Exercise 2: the Hamming distance between the point the printed loop returns "
             "(j_max = 3) and the last point it computed.", 7, 0,
             "compare bga(..., max_iter=3) with bga(..., max_iter=4)."),
    "07.1": ("Exercise 1: over k2 = 1, ..., 40, the best k2 when epsilon is the authors' "
             "epsilon(k2 + 1) (several k2 tie: any of them is right).", (24, 25), 0,
             "the authors' curve is the package's moved one step of k2."),
    "07.2": ("Exercise 2: the diameter (largest Hamming distance between two of its modes) of "
             "the largest cluster at k2 = 25.", 85, 0,
             "hamming(distinct modes of the cluster).max(); it is far above epsilon."),
    "07.3": ("Exercise 3: " + BEST_K2_AT_K1_20_QUESTION + ".", BEST_K2_AT_K1_20, 0,
             "LabellingModel on the k1 = 20 modes, the NMI of every k2 from 1 to 80."),
    "07.4": ("Exercise 4: the whole-number epsilon between 10 and 40 with the best NMI "
             "(k1 = 10 modes).", 21, 0, "labelling.state(epsilon=e) for e in range(10, 41)."),
    "08.1": ("Exercise 1: Zoo, 8 clusters, n_init=10, random_state = 0 to 9: the mean NMI over the "
             "ten runs, to 0.001.",
             0.794, 0.0005, "experiments.kmodes_runs(..., n_init=10) on Zoo with 8 clusters.",
             _arithmetic(0.7917)),
    "08.2": ("Exercise 2: the NMI of BinNNMS(k1=10, k2=25) on Zoo, to 0.001.", 0.854, 0.0005,
             "fit BinNNMS(k1=10, k2=25) on Zoo and score with nmi.", _arithmetic(0.8526)),
    "08.3": ("Exercise 3: Car in disjunctive coding: the distance from a car to its nearest "
             "other car.", 2, 0, "one attribute changed moves one bit off and another on."),
    "08.4": ("Exercise 4: Spect: the NMI of the random labelling "
             "np.random.default_rng(0).integers(150, size=n) (a new generator, seed 0), to "
             "0.001.", 0.173, 0.0005,
             "np.random.default_rng(0).integers(150, size=n): a generator of its own, not the "
             "fourth draw of one generator.", _arithmetic(0.1028)),
    "09.1": ("Exercise 1: Zoo with epsilon_from='data', on the grid of notebook 09 "
             "(experiments.GRID): the k2 of the best setting (best NMI).", 15, 0,
             "epsilon on the data is larger at the same k2, so the best k2 moves down."),
    "09.2": ("Exercise 2: Soybean, tie='zero', k1 = 2, ..., 10 and k2 = 2, ..., 12: the NMI of "
             "the 40-cluster setting closest to the paper (the smallest |NMI - 0.743| + "
             "|ARI - 0.331|), to 0.001.", 0.740, 0.0005, "two settings give exactly 40 clusters.",
             _arithmetic(0.7386)),
    "09.3": ("Exercise 3: Digits, k1 = 5, k2 = 30 (11 clusters): its NMI, to 0.01.", 0.05,
             0.005, "about ten clusters here means one giant cluster and a few small ones.",
             _arithmetic(0.0195)),
    "10.1": ("Exercise 1: the found-cluster error at j = 1 by loops, to 0.001.", 4.267, 0.0005,
             "it equals curves.found[1]."),
    "10.2": ("Exercise 2: the error of the data to the target prototypes (Zoo), to 0.001.",
             1.634, 0.0005, "it is the same at every iteration: the data do not move."),
    "10.3": ("Exercise 3: Digits, k1 = 10, k2 = 50: the found-cluster error at the end, to 0.1.",
             52.5, 0.05, "quantization_curves(X, y, 10, 50).found[-1]."),
    "11.1": ("Exercise 1: of the 40 clusters of BinNNMS(k1=10, k2=25), how many have 5 as their "
             "majority digit?", 9, 0,
             "experiments.prototypes(X, y, labels, n=40): count majority 5."),
    "11.2": ("Exercise 2: the NMI of k-modes with 40 clusters (seed 0, n_init=1), to 0.001.", 0.692,
             0.0005, "it stays far below BinNNMS's 0.880 with the same number of clusters.",
             _arithmetic(0.6749)),
    "11.3": ("Exercise 3: how many clusters does (k1, k2) = (15, 50) give?", 19, 0,
             "fewer than the 40 of (10, 25)."),
}
EXERCISES.update({i: Number(*args) for i, args in _RESULTS.items()})
