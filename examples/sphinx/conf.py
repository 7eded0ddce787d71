"""An example docs project that draws ttt-maps at build time.

Build it with ``sphinx-build -M html examples/sphinx /tmp/ttt-docs -W`` (or any
other builder: ``-M epub``, ``-M latexpdf``, ``-M text``...). Make-mode keeps
each builder's output in a folder of its own and the doctrees beside them,
where the EPUB builder does not take them for files of the book.
"""

project = "ttt-maps in Sphinx"
author = "ttt-maps developers"
extensions = ["ttt_maps.sphinx"]
exclude_patterns = ["_build"]
html_title = project
copyright = "the ttt-maps developers"
version = release = "1"

# Apple Help needs a bundle id; its tools (hiutil, codesign) exist only on macOS.
applehelp_bundle_id = "org.example.ttt-maps"
applehelp_disable_external_tools = True
