"""``extensions = ["ttt_maps.sphinx"]`` in a ``conf.py``: the ``ttt-map`` directive.

The directive lives in ``ttt_maps.integrations.sphinx``; this name is the one
users' ``conf.py`` files have always given, and it stays.
"""

from ttt_maps.integrations.sphinx import setup

__all__ = ["setup"]
