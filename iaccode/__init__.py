"""iaccode: an infrastructure-as-code agent served over A2A and AG-UI, on Trio."""

__version__ = "0.1.0"
