"""An example MyST Markdown project (as Jupyter Book writes them) that draws ttt-maps.

Build it with ``sphinx-build -M html examples/myst /tmp/ttt-myst -W``; it needs
``pip install 'ttt-maps[myst]'`` (Sphinx and myst-parser).
"""

project = "ttt-maps in MyST Markdown"
author = "ttt-maps developers"
copyright = "the ttt-maps developers"
version = release = "1"
extensions = ["myst_parser", "ttt_maps.sphinx"]
exclude_patterns = ["_build"]
