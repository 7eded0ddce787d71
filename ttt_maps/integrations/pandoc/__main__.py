"""``python -m ttt_maps.integrations.pandoc``: draw one block for the Lua filter.

The block's text comes on stdin; out go one JSON line (how the document holds
the map, its name, alt text and width) and then the map's bytes. A bad option
is one line on stderr naming the file, the line and the problem, and exit 2.
"""

from __future__ import annotations

import argparse
import sys

from ttt_maps.errors import UsageError
from ttt_maps.integrations.pandoc.fence import Where, draw, locate


def main(argv: list[str] | None = None) -> int:
    """Read the block, draw it, write the header line and the payload."""
    parser = argparse.ArgumentParser(prog="python -m ttt_maps.integrations.pandoc")
    parser.add_argument("--to", required=True, help="pandoc's output format")
    parser.add_argument("--source", action="append", default=[], help="a document pandoc read")
    parser.add_argument("--line", type=int, help="the line the block opens on, if pandoc knows")
    parser.add_argument("--nth", type=int, default=0, help="earlier blocks with the same text")
    parser.add_argument("--prefix", required=True, help="the SVG's id prefix")
    parser.add_argument("--image", choices=("svg", "pdf", "png"), help="this image, whatever --to")
    parser.add_argument("--lang", help="the document's language (its lang metadata)")
    args = parser.parse_args(argv)
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    if args.line is not None:
        named = [s for s in args.source if s != "-"]
        where = Where(named[0] if named else "<stdin>", args.line)
    else:
        where = locate(text, args.source, args.nth)
    try:
        drawn = draw(text, args.to, where, args.prefix, args.image, args.lang)
    except UsageError as exc:
        print(f"ttt-maps: error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(drawn.header().encode("ascii") + b"\n" + drawn.payload)
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
