"""Errors a user can cause.

A ``UsageError`` carries one line that names the bad value and what would be
right; the CLI prints it on stderr and exits 2. Anything else is a bug.
"""


class UsageError(ValueError):
    """Bad input or usage: a malformed board, an unknown policy, a bad path."""
