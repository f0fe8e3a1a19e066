"""0/1 data as the package reads it: `check_binary`, used by `Binary` in `_validation`."""

import numpy as np
import scipy.sparse as sp

# scikit-learn's words for a 1-D array where a 2-D one is needed; its own checks look for them.
RESHAPE_HINT = (" Reshape your data: x.reshape(1, -1) if it holds a single sample, "
                "x.reshape(-1, 1) if it holds a single feature.")


def check_binary(X, name="X", ndim=2):
    """Return ``X`` as a new C-contiguous uint8 array of 0/1 values.

    Accepts numpy arrays (bool, integer, float, or object arrays of numbers),
    nested lists, pandas DataFrames and scipy sparse matrices.

    Parameters
    ----------
    X : array-like or sparse matrix
        The data to check.
    name : str
        The name used in error messages.
    ndim : {1, 2}
        The number of dimensions required.

    Returns
    -------
    ndarray of uint8
        A copy of ``X`` holding only 0 and 1.

    Examples
    --------
    >>> check_binary([[0, 1], [1.0, 0.0]]).tolist()
    [[0, 1], [1, 0]]
    >>> check_binary([[0, 0.5]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: X[0, 1] = 0.5, but binary data may only hold 0 and 1: binarise it first ...
    """
    if sp.issparse(X):
        X = X.toarray()
    if hasattr(X, "to_numpy") and not isinstance(X, np.ndarray):  # pandas
        X = X.to_numpy()
    try:
        A = np.asarray(X)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(
            f"{name} could not be read as an array ({exc}); "
            "give a rectangular array of 0/1 values, one row per sample."
        ) from None
    if A.dtype == object:
        A = _object_as_numbers(A, name)
    if A.dtype.kind in "USV":
        raise TypeError(
            f"{name} has dtype {A.dtype}, but binary data must be numeric 0/1 values: "
            "encode categories first with binms_teach.datasets.coding.disjunctive_code."
        )
    if A.dtype.kind == "c":
        raise ValueError(f"Complex data not supported: {name} is complex; give real 0/1 values.")
    if A.ndim != ndim:
        shape = "a 2-D array (n_samples, n_features)" if ndim == 2 else "a 1-D vector"
        hint = RESHAPE_HINT if A.ndim == 1 else ""
        raise ValueError(f"{name} must be {shape}, but it has {A.ndim} dimension(s).{hint}")
    if ndim == 2 and A.shape[0] == 0:
        raise ValueError(f"{name} has 0 sample(s) (shape={A.shape}) while a minimum of 1 is "
                         "required: give at least one row.")
    if A.shape[-1] == 0:
        raise ValueError(f"{name} has 0 feature(s) (shape={A.shape}) while a minimum of 1 is "
                         "required: give at least one column.")
    if A.dtype.kind == "f":
        bad = ~np.isfinite(A)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            value = A[where]
            what = "NaN" if np.isnan(value) else "inf"
            raise ValueError(
                f"{name} contains {what} at {name}[{', '.join(map(str, where))}]; "
                "binary data must be 0 or 1: impute or drop the missing values first."
            )
    if A.dtype != bool:
        bad = (A != 0) & (A != 1)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            value = A[where].item()
            raise ValueError(
                f"{name}[{', '.join(map(str, where))}] = {value}, but binary data may only "
                "hold 0 and 1: binarise it first (for example X > threshold, or "
                "binms_teach.datasets.coding.disjunctive_code for categories)."
            )
    return np.ascontiguousarray(A, dtype=np.uint8).copy()


def _object_as_numbers(A, name):
    """An object array of numbers as floats, as scikit-learn treats object dtype; else TypeError.

    >>> _object_as_numbers(np.array([[0, 1.0]], dtype=object), "X").dtype
    dtype('float64')
    """
    text = next((v for v in A.flat if isinstance(v, (str, bytes))), None)
    if text is not None:
        raise TypeError(f"{name} holds text ({text!r}), but binary data must be numeric 0/1 "
                        "values: encode categories first with "
                        "binms_teach.datasets.coding.disjunctive_code.")
    try:
        return A.astype(np.float64)
    except (TypeError, ValueError) as exc:  # a dict, None, a list...
        raise TypeError(f"{name} has dtype object with a value that is not a number ({exc}); "
                        "binary data must be numeric 0/1 values.") from None
