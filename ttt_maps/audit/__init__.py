"""Files audited against the solved game (``ttt-maps check``): a strategy
(``strategy``), a minimal table (``table``) and a saved game (``game``)."""
