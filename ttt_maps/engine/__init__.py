"""The engine: what is asked for, as one checked value (``request``), and the one
place that builds it: trees, scenes and files (``build``, ``files``). The API,
the command line and the docs tools all come here; none builds a drawing itself.
"""
