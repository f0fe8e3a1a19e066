"""Every bad input gets a clear error, raised before any work starts."""

import numpy as np
import pytest

from binms_teach import BinNNMS, KModes, hamming, majority_vote

X_OK = np.array([[0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=np.uint8)


@pytest.mark.parametrize("Estimator", [BinNNMS, KModes])
@pytest.mark.parametrize(("X", "error", "message"), [
    ([[0, 1], [1, 0.5]], ValueError, r"X\[1, 1\] = 0.5, but binary data may only hold 0 and 1"),
    ([[0, 2], [1, 0]], ValueError, r"X\[0, 1\] = 2"),
    ([[0, -1], [1, 0]], ValueError, r"X\[0, 1\] = -1"),
    ([[0, np.nan], [1, 0]], ValueError, r"X contains NaN at X\[0, 1\].*impute or drop"),
    ([[0, 1], [np.inf, 0]], ValueError, r"X contains inf at X\[1, 0\]"),
    ([0, 1, 1], ValueError, r"must be a 2-D array.*Reshape your data: x.reshape\(1, -1\)"),
    ([[[0, 1]]], ValueError, r"must be a 2-D array \(n_samples, n_features\), but it has 3"),
    (np.zeros((0, 3)), ValueError, r"0 sample\(s\).*give at least one row"),
    (np.zeros((3, 0)), ValueError, r"0 feature\(s\).*give at least one column"),
    ([["a", "b"], ["c", "d"]], TypeError, r"encode categories first"),
    (np.array([[0, "a"], [1, 0]], dtype=object), TypeError, r"holds text \('a'\).*encode"),
    (np.array([[0, {}], [1, 0]], dtype=object), TypeError, r"dtype object.*not a number"),
    (np.array([[0, 0.5], [1, 0]], dtype=object), ValueError, r"X\[0, 1\] = 0.5"),
    ([[0, 1], [1]], ValueError, r"could not be read as an array"),
])
def test_bad_data(Estimator, X, error, message):
    with pytest.raises(error, match=message):
        Estimator().fit(X)


@pytest.mark.parametrize(("params", "message"), [
    ({"k1": 0, "k2": 2}, r"k1=0 is outside \[1, 4\]"),
    ({"k1": 5, "k2": 2}, r"k1=5 is outside \[1, 4\]"),
    ({"k1": 2.5, "k2": 2}, r"k1 must be an integer"),
    ({"k1": 2, "k2": 0}, r"k2=0 is outside \[1, 3\]"),
    ({"k1": 2, "k2": 4}, r"k2=4 is outside \[1, 3\].*at most n_samples - 1 = 3"),
    ({"k1": 2, "k2": 2, "tie": "coin"}, r"tie='coin' is not a tie rule; use 'one'"),
    ({"k1": 2, "epsilon": -1}, r"epsilon=-1 must be a finite number >= 0"),
    ({"k1": 2, "k2": 2, "epsilon_from": "both"}, r"epsilon_from='both': use 'modes' or 'data'"),
    ({"k1": 2, "k2": 2, "max_iter": -1}, r"max_iter=-1 is outside"),
])
def test_bad_binnnms_parameters(params, message):
    with pytest.raises((ValueError, TypeError), match=message):
        BinNNMS(**params).fit(X_OK)


def test_one_sample_needs_an_explicit_epsilon():
    with pytest.raises(ValueError, match="1 sample.*explicit epsilon"):
        BinNNMS(k1=1, k2=1).fit([[0, 1]])
    assert BinNNMS(k1=1, epsilon=0).fit([[0, 1]]).labels_.tolist() == [0]


@pytest.mark.parametrize(("params", "message"), [
    ({"n_clusters": 5}, r"n_clusters=5 is outside \[1, 4\].*more clusters than n_samples = 4"),
    ({"n_clusters": 2, "init": "kmeans++"}, r"init='kmeans\+\+' is unknown; use 'huang'"),
    ({"n_clusters": 2, "init": [[0, 1, 1]]}, r"init has shape \(1, 3\); give \(n_clusters"),
    ({"n_clusters": 2, "n_init": 0}, r"n_init=0 is outside"),
])
def test_bad_kmodes_parameters(params, message):
    with pytest.raises(ValueError, match=message):
        KModes(**params).fit(X_OK)


@pytest.mark.parametrize("Estimator", [BinNNMS, KModes])
def test_predict_with_another_number_of_features(Estimator):
    model = Estimator(2, n_init=1) if Estimator is KModes else Estimator(k1=2, k2=2)
    model.fit(X_OK)
    with pytest.raises(ValueError, match="X has 2 features, but .* is expecting 3 features"):
        model.predict([[0, 1]])


@pytest.mark.parametrize("Estimator", [BinNNMS, KModes])
def test_predict_before_fit(Estimator):
    from sklearn.exceptions import NotFittedError
    with pytest.raises(NotFittedError, match="not fitted yet"):
        Estimator().predict(X_OK)


def test_errors_leave_the_callers_array_unchanged():
    X = np.array([[0.0, 1.0], [1.0, 0.5]])
    before = X.copy()
    with pytest.raises(ValueError):
        BinNNMS().fit(X)
    assert np.array_equal(X, before)
    Y = np.array([[True, False], [False, False], [True, True]])
    before = Y.copy()
    BinNNMS(k1=2, k2=1).fit(Y)
    majority_vote(Y)
    hamming(Y)
    assert np.array_equal(Y, before) and Y.dtype == bool


@pytest.mark.parametrize("make", [lambda: BinNNMS(k1=2, k2=2),
                                  lambda: KModes(n_clusters=2, random_state=0)])
def test_object_arrays_of_numbers_are_read_as_numbers(make):
    expected = make().fit(X_OK).labels_
    got = make().fit(X_OK.astype(object)).labels_
    assert np.array_equal(got, expected)


def test_kmodes_single_run_refuses_centres_of_another_width():
    from binms_teach.evaluation.kmodes import kmodes_single_run

    with pytest.raises(ValueError, match="centres have 2 features, X has 3"):
        kmodes_single_run(X_OK, [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=r"max_iter=0 is outside \[1, "):
        kmodes_single_run(X_OK, X_OK[:2], max_iter=0)
