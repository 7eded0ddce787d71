"""Stage 2, the solved game: the search, the solver's questions (outcome and
distance of any position), the solved positions kept on disk for bigger
boards, and a position's replies folded by symmetry (``folding``).
``registry.solver_for`` hands out one shared solver per board."""
