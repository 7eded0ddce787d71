"""The minimal strategy table: the positions a player looks up, up to symmetry
(``entries``), found and proven minimal (``graph`` states the problem, ``exact``
searches it, ``cpsat`` proves it with CP-SAT). ``audit.table`` checks a table."""
