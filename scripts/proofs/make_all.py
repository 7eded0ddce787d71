#!/usr/bin/env python3
"""Build the prover, write every certificate, check each one, and tabulate the values.

    python3 make_all.py [6x5 6x6 5x5 ...]      (default: 6x5 6x6 5x5)

For a board RxC it writes, under $PROOFS_OUT (default: build/proofs in the checkout;
xz-compressed; see README.md for the formats), with the prover built there too:
  RxC.x-hold.xz, RxC.o-hold.xz   for a drawn board (5x5): neither side wins
  RxC.win.xz           X wins from the empty board, as fast as possible (prove, EXACT=1)
  RxC.lb.xz            X does not win by ply D-2 (hold-out), so D is the exact win length
  RxC/first-C.*.xz     for each first move C up to symmetry: its value, exactly:
      x-win + x-lb     X wins, in exactly D plies (from the empty board)
      o-win + o-lb     O wins, in exactly D plies
      x-hold + o-hold  a draw: neither side can win
It checks each one with the package's own checker (ttt_maps.audit.proofs, code that
shares nothing with the prover) and writes values.json and values.md there.  5x6 is
checked from the 6x5 files, transposed.  ``make proofs`` runs it for
6x5 and 6x6, copies the files the package ships into ttt_maps/solve/proofs/ and checks
them again with ``ttt-maps check --board``.
"""

import json
import lzma
import os
import subprocess
import sys
import time

from ttt_maps.audit.proofs import ProofFailed, check_hold, check_win

HERE = os.path.dirname(os.path.abspath(__file__))
CERTS = os.environ.get("PROOFS_OUT") or os.path.join(HERE, "..", "..", "build", "proofs")
PROVER = os.path.join(CERTS, "prover")
TMP = os.path.join(CERTS, "tmp.bin")


def prover(mode, rows, cols, out=None, **env):
    e = dict(os.environ, **{k: str(v) for k, v in env.items()})
    args = [PROVER, mode, str(rows), str(cols)] + ([out] if out else [])
    t = time.perf_counter()
    r = subprocess.run(args, env=e, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"prover failed: {args} {env}\n{r.stdout}{r.stderr}")
    return (r.stdout + r.stderr).strip(), time.perf_counter() - t


def wins(rows, cols, att, opening, limit=99):
    out, _ = prover("value", rows, cols, ATT=att, OPEN=opening, DLIM=limit)
    return " WINS " in out + " "


def shortest(rows, cols, att, opening, plies_done):
    """Least D (the winner's last stone, counted from the empty board) it wins by."""
    d = plies_done + 1
    while d < 2 * rows * cols and (d % 2 == 1) != (att == "X"):
        d += 1
    while not wins(rows, cols, att, opening, d):
        d += 2
    return d


def write(mode, rows, cols, name, **env):
    out, secs = prover(mode, rows, cols, TMP, **env)
    with open(TMP, "rb") as f:
        raw = f.read()
    os.remove(TMP)
    path = os.path.join(CERTS, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    t = time.perf_counter()
    said = checked(raw, mode)
    print(f"  {name:<28} {os.path.getsize(path):7d} bytes  {said}")
    return {
        "file": name,
        "bytes": os.path.getsize(path),
        "raw_bytes": len(raw),
        "prover": out,
        "prover_seconds": round(secs, 2),
        "check": said,
        "check_seconds": round(time.perf_counter() - t, 2),
    }


def checked(raw, mode, turned=False):
    """What the package's checker says of a certificate (a win for ``prove``, else a
    hold-out), or the end of the run when it proves nothing."""
    try:
        if mode == "prove":
            cert, longest, positions = check_win(raw, turned)
            return f"OK: {cert.winner} wins in {longest} plies; {positions:,} positions checked"
        cert, positions = check_hold(raw, turned)
        by = "" if cert.limit is None else f" by ply {cert.limit}"
        return f"OK: {cert.held} completes no line{by}; {positions:,} positions checked"
    except ProofFailed as failed:
        raise SystemExit(f"CHECK FAILED: {failed}") from None


def first_classes(rows, cols):
    cells = []
    for r in range((rows + 1) // 2):
        for c in range((cols + 1) // 2):
            if rows == cols and c < r:
                continue
            cells.append(r * cols + c)
    return cells


def board(rows, cols):
    tag = f"{rows}x{cols}"
    print(f"{tag}:")
    res = {"board": tag}
    if not wins(rows, cols, "X", ""):  # a draw (5x5): neither side can win
        res["value"] = "draw"
        res["certs"] = [
            write("holdout", rows, cols, tag + ".x-hold.xz", ATT="X"),
            write("holdout", rows, cols, tag + ".o-hold.xz", ATT="O"),
        ]
        return res
    res["value"] = "X wins"
    d = shortest(rows, cols, "X", "", 0)
    res["win_length"] = d
    res["win"] = write("prove", rows, cols, tag + ".win.xz", EXACT=1, DLIM=d)
    res["lower_bound"] = write("holdout", rows, cols, tag + ".lb.xz", ATT="X", DLIM=d - 2)
    res["first_moves"] = {}
    for cell in first_classes(rows, cols):
        o = str(cell)
        base = f"{tag}/first-{cell}."
        entry = {"cell": cell, "row": cell // cols, "col": cell % cols}
        for att in ("X", "O"):  # X first: a side that wins, in exactly d plies
            if wins(rows, cols, att, o):
                d, side = shortest(rows, cols, att, o, 1), base + att.lower()
                entry.update(
                    value=f"{att} wins",
                    plies=d,
                    certs=[
                        write(
                            "prove", rows, cols, side + "-win.xz", ATT=att, OPEN=o, EXACT=1, DLIM=d
                        ),
                        write("holdout", rows, cols, side + "-lb.xz", ATT=att, OPEN=o, DLIM=d - 2),
                    ],
                )
                break
        else:
            entry.update(
                value="draw",
                plies=None,
                certs=[
                    write("holdout", rows, cols, base + "x-hold.xz", ATT="X", OPEN=o),
                    write("holdout", rows, cols, base + "o-hold.xz", ATT="O", OPEN=o),
                ],
            )
        res["first_moves"][cell] = entry
    return res


def symmetric_cells(rows, cols, cell):
    r, c = divmod(cell, cols)
    cells = {(r, c), (r, cols - 1 - c), (rows - 1 - r, c), (rows - 1 - r, cols - 1 - c)}
    if rows == cols:
        cells |= {(b, a) for a, b in cells}
    return sorted(y * cols + x for y, x in cells)


def main(argv):
    boards = [tuple(int(v) for v in b.split("x")) for b in (argv or ["6x5", "6x6", "5x5"])]
    os.makedirs(CERTS, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", PROVER, os.path.join(HERE, "prover.c")], check=True)
    results = [board(r, c) for r, c in boards]
    if (6, 5) in boards:  # 5x6 is 6x5 transposed
        for name, mode in (("6x5.win.xz", "prove"), ("6x5.lb.xz", "holdout")):
            with open(os.path.join(CERTS, name), "rb") as f:
                data = f.read()  # the checker reads .xz files as they are
            print(f"  {name}, transposed: {checked(data, mode, turned=True)}")
    with open(os.path.join(CERTS, "values.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = []
    for res in results:
        rows, cols = map(int, res["board"].split("x"))
        if res["value"] == "draw":
            lines.append("### {}, 4 in a row: a draw (neither side can win)\n".format(res["board"]))
            continue
        lines.append(
            f"### {res['board']}, 4 in a row: X wins in exactly {res['win_length']} plies\n"
        )
        lines.append(
            "| first move (row, col) | cells | value | plies (exact, from the empty board) |"
        )
        lines.append("|---|---|---|---|")
        for e in res["first_moves"].values():
            cells = " ".join(map(str, symmetric_cells(rows, cols, e["cell"])))
            plies = e["plies"] if e["plies"] else "-"
            lines.append(f"| ({e['row']}, {e['col']}) | {cells} | {e['value']} | {plies} |")
        lines.append("")
    with open(os.path.join(CERTS, "values.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
