"""binms-teach: nearest-neighbour median shift clustering of binary data, for learning."""

from .hamming import hamming
from .majority import majority_vote

__all__ = ["hamming", "majority_vote"]
__version__ = "0.1.0"
