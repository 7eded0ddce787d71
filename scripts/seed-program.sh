#!/usr/bin/env bash
# Build the program ttt-maps grew from, for `make bench SEED=1` to compare with.
#
#   scripts/seed-program.sh [SEED_DIR]
#
# SEED_DIR (default ../shared/seed-program beside the checkout) holds Brent
# Yorgey's Haskell `diagrams` program, ported to diagrams 1.4, with its
# build.sh (ghc -O2; binaries in /tmp: /tmp/yorgey-map draws PDF, SVG and PNG
# through cairo). On Debian or Ubuntu the compiler and the libraries are
# Debian's packages, installed here with apt-get (as root, or through sudo)
# when missing: about two minutes the first time. A binary that is already
# built is kept. Prints the binary's path on its last line.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
seed_dir="${1:-$here/../shared/seed-program}"
binary=/tmp/yorgey-map
packages=(ghc libghc-diagrams-lib-dev libghc-diagrams-cairo-dev libghc-diagrams-svg-dev
          libghc-split-dev)

say() { printf 'seed-program: %s\n' "$*" >&2; }
die() { printf 'seed-program: error: %s\n' "$*" >&2; exit 1; }

[ -f "$seed_dir/build.sh" ] || die "no build.sh in $seed_dir (give the seed program's folder: make bench SEED=1 SEED_DIR=...)"

if [ -x "$binary" ] && [ "$binary" -nt "$seed_dir/TicTacToe.lhs" ]; then
    echo "$binary"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get >/dev/null || die "needs Debian's ${packages[*]} (no apt-get here)"
    if [ "$(id -u)" -eq 0 ]; then
        sudo=()
    elif command -v sudo >/dev/null; then
        sudo=(sudo)
    else
        die "run as root: apt-get install -y ${missing[*]}"
    fi
    say "installing ${missing[*]} (about two minutes)"
    "${sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
say "building with ghc -O2 (binaries in /tmp)"
bash "$seed_dir/build.sh" >&2
echo "$binary"
