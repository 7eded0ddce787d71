"""A game against a map: the map plays its red moves, a person or a program the other
side (``game``)."""
