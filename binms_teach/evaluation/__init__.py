"""What BinNNMS is measured by and against: the scores (`metrics`: NMI, AMI, ARI and the
quantization error), the paper's baseline (`kmodes`: `KModes`), the majority votes of many
clusters at once (`votes`) and the paper's published numbers (`paper`: Tables 2 and 3)."""

# Re-exported (binms_teach exports them); documented in their modules.
from .kmodes import KModes as KModes
from .metrics import ami as ami
from .metrics import ari as ari
from .metrics import nmi as nmi
from .metrics import quantization_error as quantization_error

__all__ = []
