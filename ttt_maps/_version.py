"""The version, in one place: pyproject.toml reads it, and so do --version and PDF metadata.

A constant rather than an ``importlib.metadata`` look-up, which costs ~30 ms per process.
"""

__version__ = "1.0.0"
