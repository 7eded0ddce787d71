"""``python -m ttt_maps``: the same as the ``ttt-maps`` command."""

from ttt_maps.cli import main

if __name__ == "__main__":
    main()
