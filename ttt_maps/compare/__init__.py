"""Comparing tie-break policies: the facts per policy, where their moves
differ, and the drawings that show it."""
