"""citelens: live citations, figure links and outlines for scholarly PDFs."""

__version__ = "0.1.0"
