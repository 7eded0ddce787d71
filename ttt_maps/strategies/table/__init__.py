"""The minimal strategy table: the positions a player looks up, up to symmetry
(``entries``), found and proven minimal (``graph`` states the problem,
``exact`` searches it, ``cpsat`` proves it with CP-SAT), and a table audited
against the solved game (``check``)."""
