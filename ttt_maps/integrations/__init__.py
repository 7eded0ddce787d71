"""ttt-maps inside other tools: the Sphinx directive, the MkDocs plugin, the pandoc and
Quarto filter, the notebook viewer and widget. They use the public API, as a user's own
code would."""
