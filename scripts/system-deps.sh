#!/usr/bin/env bash
# Check (and on Debian/Ubuntu, install) the system packages ttt-maps needs.
#
#   scripts/system-deps.sh [--browser] [--dry-run] [--python PYTHON]
#
# Always checked:
#   - a Python >= 3.11 that can make a venv (Debian's own python3 also needs
#     python3-venv, and python3-dev for the headers pycairo compiles against);
#   - a C compiler and the cairo headers (pkg-config --exists cairo), because
#     pycairo is built from source on Linux: libcairo2-dev pkg-config gcc;
#   - the DejaVu Sans font, which PDF/PNG text falls back to: fonts-dejavu-core.
# With --browser, also the tools the tests check outputs with, all Debian's:
#   - Chromium at /usr/bin/chromium for the HTML viewer (package chromium);
#   - Firefox ESR at /usr/bin/firefox-esr, the second browser (firefox-esr);
#   - poppler's pdftoppm, pdftotext and pdffonts, and qpdf, to read our PDFs
#     back and check their structure (poppler-utils, qpdf);
#   - librsvg's rsvg-convert and Inkscape, two more SVG renderers the maps
#     must look right in (librsvg2-bin, inkscape);
#   - the fish shell, whose completion of option values is tested in a real
#     shell (fish);
#   - man and groff, to read the manual page the Sphinx man builder makes
#     (man-db, groff-base);
#   - npm, with which the docs build fetches Pyodide for the playground page
#     (npm; Node.js comes with it, and runs Pyodide to make the page's snapshot).
# Browsers always come from apt, never from `playwright install`. Chromium is
# required for --browser; a test tool that still cannot be installed only
# makes its tests skip, with the reason.
#
# Missing packages are installed with one `apt-get update` and one
# `apt-get install -y`, as root, or through sudo when not root; with neither,
# the exact command is printed and the script fails. On macOS it prints the
# Homebrew command instead of running it.
#
# For testing this script without changing the machine:
#   TTT_DRY_RUN=1            print the commands instead of running them (= --dry-run)
#   TTT_FORCE_MISSING=LIST   pretend these are missing, comma-separated, from:
#                            python,venv,headers,compiler,cairo,font,browser,
#                            firefox,poppler,qpdf,rsvg,inkscape,fish,man,npm
#   TTT_PRETEND_USER=sudo|nosudo   pretend not to be root, with / without sudo
set -euo pipefail

browser=0
dry_run=${TTT_DRY_RUN:-0}
python=${PYTHON:-python3}
while [ $# -gt 0 ]; do
    case "$1" in
        --browser) browser=1 ;;
        --dry-run) dry_run=1 ;;
        --python) python=${2:?--python needs an interpreter}; shift ;;
        --python=*) python=${1#--python=} ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "system-deps.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done

say() { printf 'system-deps: %s\n' "$*"; }
warn() { printf 'system-deps: warning: %s\n' "$*" >&2; }
die() { printf 'system-deps: error: %s\n' "$*" >&2; exit 1; }

# forced NAME: true when TTT_FORCE_MISSING names NAME (simulated absence).
forced() { case ",${TTT_FORCE_MISSING:-}," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

have_python() {
    ! forced python && command -v "$python" >/dev/null 2>&1 &&
        "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}
# Debian/Ubuntu split venv support and the C headers out of their python3.
python_is_debian() {
    local exe
    exe=$("$python" -c 'import sys; print(sys.executable)' 2>/dev/null) || return 1
    case "$(readlink -f "$exe")" in /usr/bin/*) return 0 ;; *) return 1 ;; esac
}
have_venv() {
    ! forced venv && "$python" -c 'import ensurepip, venv' >/dev/null 2>&1
}
have_headers() {
    ! forced headers && "$python" -c '
import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null
}
have_compiler() {
    ! forced compiler && { command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; }
}
have_cairo() {
    ! forced cairo && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists cairo
}
have_font() {
    forced font && return 1
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && return 0
    command -v fc-match >/dev/null 2>&1 &&
        fc-match -f '%{family}\n' 'DejaVu Sans' 2>/dev/null | grep -q 'DejaVu Sans'
}
have_browser() {
    ! forced browser && [ -x /usr/bin/chromium ]
}

have_poppler() {
    ! forced poppler && command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1
}
have_firefox() { ! forced firefox && [ -x /usr/bin/firefox-esr ]; }
have_qpdf() { ! forced qpdf && command -v qpdf >/dev/null 2>&1; }
have_rsvg() { ! forced rsvg && command -v rsvg-convert >/dev/null 2>&1; }
have_inkscape() { ! forced inkscape && command -v inkscape >/dev/null 2>&1; }
have_fish() { ! forced fish && command -v fish >/dev/null 2>&1; }
have_man() { ! forced man && command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; }
have_npm() { ! forced npm && command -v npm >/dev/null 2>&1; }

# --- macOS: Homebrew, and we only tell ---------------------------------------
if [ "$(uname -s)" = Darwin ]; then
    have_python || die "need Python 3.11 or newer as '$python' (brew install python@3.12)"
    if have_cairo; then
        say "ok: cairo $(pkg-config --modversion cairo)"
    elif command -v brew >/dev/null 2>&1; then
        say "the cairo headers are missing; install them with:"
        say "    brew install cairo pkg-config"
        exit 1
    else
        die "the cairo headers are missing: install Homebrew (https://brew.sh), then: brew install cairo pkg-config"
    fi
    [ "$browser" = 1 ] && warn "on macOS the HTML viewer tests look for /usr/bin/chromium only; they will be skipped"
    exit 0
fi

# --- Linux --------------------------------------------------------------------
have_python || die "need Python 3.11 or newer as '$python' (set PYTHON=... to pick another interpreter)"

missing=()     # apt packages to install
reasons=()     # what each group is for, for the message
if python_is_debian; then
    have_venv || { missing+=(python3-venv); reasons+=("venv support for $python"); }
    have_headers || { missing+=(python3-dev); reasons+=("Python headers"); }
fi
have_compiler || { missing+=(gcc); reasons+=("a C compiler for pycairo"); }
have_cairo || { missing+=(libcairo2-dev pkg-config); reasons+=("cairo headers"); }
have_font || { missing+=(fonts-dejavu-core); reasons+=("DejaVu Sans font"); }
if [ "$browser" = 1 ] && ! have_browser; then
    missing+=(chromium); reasons+=("Chromium for the HTML viewer tests")
fi
if [ "$browser" = 1 ]; then
    have_poppler || { missing+=(poppler-utils); reasons+=("poppler's pdftoppm and pdftotext for the PDF tests"); }
    have_firefox || { missing+=(firefox-esr); reasons+=("Firefox ESR for the viewer and SVG tests"); }
    have_qpdf || { missing+=(qpdf); reasons+=("qpdf to check the PDFs"); }
    have_rsvg || { missing+=(librsvg2-bin); reasons+=("rsvg-convert, an SVG renderer to compare with"); }
    have_inkscape || { missing+=(inkscape); reasons+=("Inkscape, an SVG renderer to compare with"); }
    have_fish || { missing+=(fish); reasons+=("the fish shell, to test completion in"); }
    have_man || { missing+=(man-db groff-base); reasons+=("man and groff, to read the docs' manual page"); }
    have_npm || { missing+=(npm); reasons+=("npm, which fetches Pyodide for the docs' playground"); }
fi

# join SEP WORD...: the words separated by SEP.
join() { local sep=$1 out=$2; shift 2; for w in "$@"; do out+="$sep$w"; done; printf '%s' "$out"; }

report_ok() {
    local parts=("python $("$python" -c 'import platform; print(platform.python_version())')")
    parts+=("cairo $(pkg-config --modversion cairo 2>/dev/null || echo '?')" "DejaVu Sans")
    if [ "$browser" = 1 ]; then
        parts+=("/usr/bin/chromium" "poppler")
        have_firefox && parts+=("firefox-esr")
        have_qpdf && parts+=("qpdf")
        have_rsvg && parts+=("rsvg-convert")
        have_inkscape && parts+=("inkscape")
        have_fish && parts+=("fish")
        have_man && parts+=("man")
        have_npm && parts+=("npm")
    fi
    say "ok: $(join ', ' "${parts[@]}")"
}

if [ ${#missing[@]} -eq 0 ]; then
    report_ok
    exit 0
fi

say "missing: $(join '; ' "${reasons[@]}")"
pkgs="${missing[*]}"

if ! command -v apt-get >/dev/null 2>&1; then
    die "no apt-get here: install the equivalents of these Debian packages yourself, then re-run: $pkgs"
fi

# Who may install: root as is, sudo otherwise; with neither, say what to run.
uid=$(id -u)
has_sudo=0
command -v sudo >/dev/null 2>&1 && has_sudo=1
case "${TTT_PRETEND_USER:-}" in
    sudo) uid=1000; has_sudo=1 ;;
    nosudo) uid=1000; has_sudo=0 ;;
esac
if [ "$uid" -eq 0 ]; then
    as_root=()
elif [ "$has_sudo" = 1 ]; then
    as_root=(sudo)
else
    say "not root and no sudo; as root, run:"
    say "    apt-get update && apt-get install -y --no-install-recommends $pkgs"
    exit 1
fi

run() {
    if [ "$dry_run" = 1 ]; then
        say "would run: $*"
    else
        say "running: $*"
        "$@"
    fi
}
apt_env=(env DEBIAN_FRONTEND=noninteractive)
run "${as_root[@]}" "${apt_env[@]}" apt-get update -qq
# shellcheck disable=SC2086  # $pkgs is a list of package names
run "${as_root[@]}" "${apt_env[@]}" apt-get install -y -qq --no-install-recommends $pkgs

if [ "$dry_run" = 1 ]; then
    exit 0
fi
# Check again: the install can succeed without giving us what we test for.
have_cairo || die "cairo is still not found by pkg-config after installing libcairo2-dev"
have_font || warn "DejaVu Sans is still not found; PDF/PNG text will use another font"
if [ "$browser" = 1 ] && ! have_browser; then
    die "/usr/bin/chromium is still missing after installing chromium (on Ubuntu, 'chromium' is a snap: install a deb Chromium that provides /usr/bin/chromium)"
fi
if [ "$browser" = 1 ]; then
    have_firefox || warn "firefox-esr is still missing; the Firefox tests will skip"
    have_qpdf || warn "qpdf is still missing; the qpdf checks will skip"
    have_rsvg || warn "rsvg-convert is still missing; the librsvg comparison will skip"
    have_inkscape || warn "inkscape is still missing; the Inkscape comparison will skip"
    have_fish || warn "fish is still missing; the fish completion test will skip"
    have_man || warn "man or groff is still missing; the manual page test will skip"
fi
report_ok
