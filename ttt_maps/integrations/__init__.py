"""ttt-maps inside other tools: the Sphinx directive and the notebook viewer.
They use the public API, as a user's own code would."""
