"""What BinNNMS is measured by and against: the scores (`metrics`: NMI, AMI, ARI and the
quantization error), the paper's baseline (`kmodes`: `KModes`) and the paper's published
numbers (`paper`: Tables 2 and 3, as data)."""

from .kmodes import KModes
from .metrics import ami, ari, nmi, quantization_error

__all__ = ["KModes", "ami", "ari", "nmi", "quantization_error"]
