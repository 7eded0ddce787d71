"""An example docs project that draws ttt-maps at build time.

Build it with ``sphinx-build -W -b html examples/sphinx /tmp/ttt-docs``.
"""

project = "ttt-maps in Sphinx"
author = "ttt-maps developers"
extensions = ["ttt_maps.sphinx"]
exclude_patterns = ["_build"]
html_title = project
copyright = "the ttt-maps developers"
version = release = "1"
