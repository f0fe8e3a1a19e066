"""binms_teach.kernels against independent computations: loops, brute force, finite differences."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from binms_teach.kernels import (
    LAM_CONVENTION,
    aitchison_aitken,
    aitchison_aitken_continuous,
    aitchison_aitken_gradient,
    epanechnikov_gradient,
    epanechnikov_kernel,
    kde,
    kde_gradient,
    kernel_L,
    kth_distance,
    median_shift_density,
    median_shift_gradient,
    median_shift_ratio,
    nn_density,
    nn_density_gradient,
    nn_mean_shift_path,
    nn_mean_shift_step,
    uniform_kernel,
    unit_ball_volume,
)

lams = st.floats(0.5, 1.0)
lams_below_1 = st.floats(0.5, 0.99)


def cube(d):
    """Every point of {0,1}^d, as a list of tuples."""
    return list(itertools.product((0, 1), repeat=d))


def kernel_by_product(x, lam):
    """K_lam(x) as a product over coordinates: lam where x_j = 0, (1 - lam) where x_j = 1."""
    out = 1.0
    for x_j in x:
        out *= lam if x_j == 0 else 1.0 - lam
    return out


def gradient_fd(f, x, h=1e-6):
    x = np.asarray(x, dtype=float)
    return np.array([(f(x + h * e) - f(x - h * e)) / (2 * h) for e in np.eye(len(x))])


@st.composite
def binary_data(draw, max_n=12, max_d=6):
    n = draw(st.integers(1, max_n))
    d = draw(st.integers(1, max_d))
    return draw(arrays(np.uint8, (n, d), elements=st.integers(0, 1)))


# --- Aitchison-Aitken kernel -------------------------------------------------


@given(d=st.integers(1, 8), lam=lams)
def test_aitchison_aitken_is_the_product_over_coordinates(d, lam):
    points = cube(d)
    expected = [kernel_by_product(x, lam) for x in points]
    np.testing.assert_allclose(aitchison_aitken(points, lam), expected, rtol=1e-12, atol=0)


@given(d=st.integers(1, 10), lam=lams)
def test_aitchison_aitken_sums_to_one_over_the_cube(d, lam):
    assert math.isclose(sum(aitchison_aitken(x, lam) for x in cube(d)), 1.0, rel_tol=1e-12)


@pytest.mark.parametrize("d", [1, 3, 6])
def test_the_two_end_points_of_lam(d):
    for x in cube(d):
        assert aitchison_aitken(x, 0.5) == 0.5**d
        assert aitchison_aitken(x, 1.0) == (1.0 if sum(x) == 0 else 0.0)


def test_the_hamming_distance_is_the_exponent_of_one_minus_lam():
    # One 1 among d = 3: the exponent of (1 - lam) is 1, of lam is 2.
    assert aitchison_aitken([0, 1, 0], 0.75) == 0.75**2 * 0.25
    assert aitchison_aitken([0, 1, 0], 0.75) != 0.75 * 0.25**2


@given(d=st.integers(1, 6), lam=lams)
def test_continuous_extension_agrees_on_the_cube(d, lam):
    points = np.array(cube(d), dtype=float)
    np.testing.assert_allclose(
        aitchison_aitken_continuous(points, lam), aitchison_aitken(points, lam), rtol=1e-12
    )


@settings(max_examples=50)
@given(u=arrays(float, 3, elements=st.floats(-1.5, 1.5)), lam=lams_below_1)
def test_kernel_gradient_matches_finite_differences(u, lam):
    fd = gradient_fd(lambda v: aitchison_aitken_continuous(v, lam), u)
    np.testing.assert_allclose(aitchison_aitken_gradient(u, lam), fd, rtol=1e-5, atol=1e-9)


def test_gradient_points_back_to_zero():
    g = aitchison_aitken_gradient([0.5, -0.5], 0.8)
    assert g[0] < 0 < g[1]


def test_bad_lam_names_the_range_and_the_convention():
    with pytest.raises(ValueError, match=r"outside \[1/2, 1\]"):
        aitchison_aitken([0, 1], 0.3)
    with pytest.raises(ValueError, match="LAM_CONVENTION"):
        aitchison_aitken_gradient([0.0, 1.0], 1.0)
    with pytest.raises(ValueError, match="LAM_CONVENTION"):
        kde_gradient([[0, 1]], [0.0, 1.0], 1.0)


def test_lam_convention_makes_the_log_factor_one():
    assert math.isclose(math.log(LAM_CONVENTION / (1 - LAM_CONVENTION)), 1.0)


# --- Eqs. (5)-(6): the kernel density estimate ------------------------------------


def kde_loop(X, x, lam):
    """Eq. (5) term by term: lam^(d - s_i) (1 - lam)^s_i, s_i = (x - X_i)^T (x - X_i)."""
    d = len(x)
    total = 0.0
    for row in X:
        s = sum((x_j - r_j) ** 2 for x_j, r_j in zip(x, row, strict=True))
        total += lam ** (d - s) * (1 - lam) ** s
    return total / len(X)


@settings(max_examples=50)
@given(X=binary_data(), lam=lams, data=st.data())
def test_kde_matches_the_loop(X, lam, data):
    x = data.draw(arrays(float, X.shape[1], elements=st.floats(-0.5, 1.5)))
    assert math.isclose(kde(X, x, lam), kde_loop(X.tolist(), x.tolist(), lam), rel_tol=1e-10)


@settings(max_examples=50)
@given(X=binary_data(), lam=lams_below_1, data=st.data())
def test_kde_gradient_eq6_matches_finite_differences(X, lam, data):
    x = data.draw(arrays(float, X.shape[1], elements=st.floats(-0.5, 1.5)))
    fd = gradient_fd(lambda y: kde(X, y, lam), x)
    np.testing.assert_allclose(kde_gradient(X, x, lam), fd, rtol=1e-5, atol=1e-9)


def test_kde_takes_many_points():
    X = [[0, 0], [1, 1], [0, 1]]
    Q = np.array([[0.0, 0.0], [0.3, 0.9]])
    np.testing.assert_allclose(kde(X, Q, 0.7), [kde(X, q, 0.7) for q in Q])
    np.testing.assert_allclose(kde_gradient(X, Q, 0.7), [kde_gradient(X, q, 0.7) for q in Q])


def test_kde_rejects_points_of_the_wrong_dimension():
    with pytest.raises(ValueError, match="3 coordinates but the data have 2 features"):
        kde([[0, 1]], [0.0, 1.0, 0.0], 0.7)


# --- Section 2: continuous kernels and the nearest-neighbour mean shift --------------


def test_unit_ball_volume():
    assert math.isclose(unit_ball_volume(1), 2.0)
    assert math.isclose(unit_ball_volume(2), math.pi)
    assert math.isclose(unit_ball_volume(3), 4 * math.pi / 3)


@pytest.mark.parametrize("kernel", [uniform_kernel, epanechnikov_kernel])
def test_kernels_integrate_to_one_in_the_plane(kernel):
    h = 0.005
    grid = np.arange(-1.0, 1.0, h) + h / 2
    U = np.array(np.meshgrid(grid, grid)).reshape(2, -1).T
    assert abs(kernel(U).sum() * h * h - 1.0) < 2e-3


@settings(max_examples=30)
@given(u=arrays(float, 2, elements=st.floats(-0.69, 0.69)))
def test_epanechnikov_gradient_matches_finite_differences(u):
    fd = gradient_fd(epanechnikov_kernel, u)
    np.testing.assert_allclose(epanechnikov_gradient(u), fd, rtol=1e-6, atol=1e-9)


def test_kth_distance_is_the_order_statistic():
    rng = np.random.default_rng(1)
    X, x = rng.normal(size=(20, 3)), rng.normal(size=3)
    distances = sorted(math.dist(row, x) for row in X.tolist())
    for k in (1, 7, 20):
        assert math.isclose(kth_distance(X, x, k), distances[k - 1])


def test_nn_density_with_the_uniform_kernel_counts_the_ball():
    rng = np.random.default_rng(2)
    X, x, delta = rng.normal(size=(30, 2)), np.zeros(2), 0.8
    inside = sum(math.dist(row, x) <= delta for row in X.tolist())
    expected = inside / (30 * delta**2 * math.pi)
    assert math.isclose(nn_density(X, x, delta), expected)


def test_nn_density_gradient_matches_finite_differences():
    rng = np.random.default_rng(3)
    X, x, delta = rng.normal(size=(30, 2)), np.array([0.1, -0.2]), 1.3
    fd = gradient_fd(lambda y: nn_density(X, y, delta, epanechnikov_kernel), x)
    np.testing.assert_allclose(nn_density_gradient(X, x, delta), fd, rtol=1e-6, atol=1e-12)


def test_nn_density_rejects_a_bad_delta():
    with pytest.raises(ValueError, match="positive finite"):
        nn_density([[0.0, 0.0]], [0.0, 0.0], 0.0)


def mean_shift_step_loop(X, x, k):
    """Eq. (2) by the definition: sort by (squared distance, index), average the first k."""
    squared = [sum((a - b) ** 2 for a, b in zip(row, x, strict=True)) for row in X]
    order = [i for _, i in sorted((s, i) for i, s in enumerate(squared))][:k]
    return [sum(X[i][j] for i in order) / k for j in range(len(x))], order


@settings(max_examples=50)
@given(
    # Quarters: exact squares, so equal distances are real ties (no underflow to 0).
    X=arrays(float, (10, 2), elements=st.integers(-20, 20).map(lambda v: v / 4)),
    i=st.integers(0, 9),
    k=st.integers(1, 10),
)
def test_mean_shift_step_is_the_mean_of_the_k_nearest(X, i, k):
    x_next, neighbours = nn_mean_shift_step(X, X[i], k)
    expected, order = mean_shift_step_loop(X.tolist(), X[i].tolist(), k)
    np.testing.assert_allclose(x_next, expected, rtol=1e-12, atol=1e-12)
    assert sorted(neighbours.tolist()) == sorted(order)


def test_mean_shift_path_ends_at_a_fixed_point():
    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(0, 0.5, (30, 2)), rng.normal(4, 0.5, (30, 2))])
    path = nn_mean_shift_path(X, X[0], k=10)
    assert len(path) >= 2
    np.testing.assert_array_equal(path[0], X[0])
    np.testing.assert_array_equal(nn_mean_shift_step(X, path[-1], 10)[0], path[-1])
    assert np.linalg.norm(path[-1]) < 1.0  # it stayed in the cluster around 0


def test_mean_shift_path_respects_max_iter():
    X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]]
    assert nn_mean_shift_path(X, [5.0, 5.0], k=3, max_iter=0).tolist() == [[5.0, 5.0]]
    assert len(nn_mean_shift_path(X, [5.0, 5.0], k=3, max_iter=1)) == 2


# --- Section 3: the kernel L, f^, D f^ and the ratio of Eq. (7) ---------------------


def ball_loop(X, x, k):
    """NN_k(x) by sorting (Hamming distance, index), and maj with ties to 1."""
    H = [sum(a != b for a, b in zip(row, x, strict=True)) for row in X]
    order = [i for _, i in sorted((h, i) for i, h in enumerate(H))][:k]
    maj = [int(2 * sum(X[i][j] for i in order) >= k) for j in range(len(x))]
    return order, maj, math.sqrt(H[order[-1]])


def L_loop(X, x, k):
    order, maj, _ = ball_loop(X, x, k)
    return [float(i in order and list(X[i]) == maj) for i in range(len(X))]


@settings(max_examples=80)
@given(X=binary_data(), data=st.data())
def test_kernel_L_matches_the_loop(X, data):
    i = data.draw(st.integers(0, len(X) - 1))
    k = data.draw(st.integers(1, len(X)))
    assert kernel_L(X, X[i], k).tolist() == L_loop(X.tolist(), X[i].tolist(), k)


@settings(max_examples=80)
@given(X=binary_data(), data=st.data())
def test_ratio_is_maj_when_m_is_positive_and_nan_otherwise(X, data):
    x = data.draw(arrays(np.uint8, X.shape[1], elements=st.integers(0, 1)))
    k = data.draw(st.integers(1, len(X)))
    ratio, m = median_shift_ratio(X, x, k)
    order, maj, _ = ball_loop(X.tolist(), x.tolist(), k)
    assert m == sum(list(X[i]) == maj for i in order)
    if m >= 1:
        assert ratio.tolist() == maj
    else:
        assert np.isnan(ratio).all()


def test_ratio_zero_over_zero_example():
    # maj of [1, 0, 0], [0, 1, 0], [0, 0, 1] is [0, 0, 0], which is none of them.
    ratio, m = median_shift_ratio([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0, 0, 0], k=3)
    assert m == 0 and np.isnan(ratio).all()


def test_median_shift_density_and_gradient_by_hand():
    rng = np.random.default_rng(5)
    X = rng.integers(0, 2, (25, 6), dtype=np.uint8)
    for i in range(10):
        x, k = X[i], 8
        order, maj, delta = ball_loop(X.tolist(), x.tolist(), k)
        L = np.array(L_loop(X.tolist(), x.tolist(), k))
        n, d = X.shape
        assert math.isclose(median_shift_density(X, x, k), L.sum() / (n * delta**d))
        bracket = sum(L[j] * (X[j].astype(float) - x) for j in range(n))
        np.testing.assert_allclose(
            median_shift_gradient(X, x, k), 2 * bracket / (n * delta ** (d + 2)), atol=1e-15
        )
        # The printed power differs by exactly one factor delta.
        np.testing.assert_allclose(
            median_shift_gradient(X, x, k, as_printed=True),
            delta * median_shift_gradient(X, x, k),
            atol=1e-15,
        )


def test_recurrence_with_a_equal_delta_squared_over_two_gives_the_ratio():
    rng = np.random.default_rng(6)
    X = rng.integers(0, 2, (40, 8), dtype=np.uint8)
    moved = 0
    for x in X:
        ratio, m = median_shift_ratio(X, x, 12)
        if m == 0:
            continue
        delta = kth_distance(X, x, 12)
        step = median_shift_gradient(X, x, 12) / median_shift_density(X, x, 12)
        np.testing.assert_allclose(x + delta**2 / 2 * step, ratio, atol=1e-12)
        moved += not np.array_equal(ratio, x)
    assert moved > 0  # some x moved, so the identity was tested on a real step


def test_delta_zero_is_explained():
    X = [[0, 1], [0, 1], [1, 1]]
    with pytest.raises(ValueError, match="all equal x.*Take k larger"):
        median_shift_density(X, [0, 1], k=2)
    with pytest.raises(ValueError, match="all equal x"):
        median_shift_gradient(X, [0, 1], k=2)
