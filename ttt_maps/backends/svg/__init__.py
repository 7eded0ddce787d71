"""The SVG backend: ``writer`` formats a scene as SVG text, from the walk over
its items (``walk``), the one style sheet (``style``) and compact numbers and
ids (``tokens``)."""
