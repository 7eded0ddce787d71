"""Stage 2, the solved game: the search, the solver's questions (outcome and
distance of any position), and the solved positions kept on disk for bigger
boards. ``registry.solver_for`` hands out one shared solver per board."""
