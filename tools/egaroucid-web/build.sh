#!/bin/sh
# build.sh: builds egaroucid-gtp, a GTP engine for quartet-match made of
# this folder's GTP layer and Egaroucid for Web's search, from a copy of
# Egaroucid's source that the user has put outside this repository. It
# fetches nothing. For measurement only: nothing of Egaroucid (code,
# parameters, games) is to enter this repository.
set -u
usage() {
    cat <<'USAGE'
usage: tools/egaroucid-web/build.sh --src DIR --out DIR
  --src DIR  the src folder of Egaroucid's repository (it holds
             Egaroucid_for_Web.cpp and web/ai.hpp), outside this repository
  --out DIR  where egaroucid-gtp is built, outside this repository
Environment: CC (default cc), CXX (default g++), CXXFLAGS (default
-O2 -march=native).
USAGE
}
src='' out=''
while [ $# -gt 0 ]; do
    case $1 in
    --src) [ $# -ge 2 ] || { usage >&2; exit 2; }; src=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { usage >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "build.sh: unknown flag '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
if [ -z "$src" ] || [ -z "$out" ]; then usage >&2; exit 2; fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# The files of Egaroucid for Web's engine that the wrapper compiles with
# (as of commit 8a98e5ae64d5, 2026).
need="web/ai.hpp web/bit.hpp web/board.hpp web/book.hpp web/book_const.hpp
web/common.hpp web/endsearch.hpp web/evaluate.hpp web/evaluate_const.hpp
web/flip.hpp web/last_flip.hpp web/level.hpp web/midsearch.hpp
web/mobility.hpp web/move_ordering.hpp web/probcut.hpp web/search.hpp
web/setting.hpp web/stability.hpp web/transpose_table.hpp web/util.hpp"
missing=
for f in $need; do
    [ -f "$src/$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
    cat >&2 <<WHERE
build.sh: $src does not hold Egaroucid for Web's engine; missing:
 $missing
Put Egaroucid's source outside this repository, for example:
    git clone https://github.com/Nyanyan/Egaroucid ~/egaroucid
    git -C ~/egaroucid checkout 8a98e5ae64d5e53124b6b2c136022911f15736ab   # the commit this was built with
and give its src folder (the one holding Egaroucid_for_Web.cpp and web/):
    tools/egaroucid-web/build.sh --src ~/egaroucid/src --out ~/egaroucid/build
WHERE
    exit 1
fi

# Neither the source nor the build may live inside this repository.
inside() { # $1: an existing directory
    d=$(cd "$1" && pwd -P) || return 1
    case "$d/" in "$(cd "$repo" && pwd -P)"/*) return 0 ;; esac
    return 1
}
parent=$(dirname "$out")
while [ ! -d "$parent" ]; do parent=$(dirname "$parent"); done
for d in "$src" "$parent"; do
    if inside "$d"; then
        echo "build.sh: $d is inside $repo; keep Egaroucid outside this repository" >&2
        exit 1
    fi
done
mkdir -p "$out" || exit 1
src_abs=$(cd "$src" && pwd -P) out_abs=$(cd "$out" && pwd -P)

# The version answer names the source: its commit when it is a git checkout.
top=$(dirname "$src_abs")
if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ]; then
    desc="Egaroucid commit $(git -C "$top" rev-parse --short=12 HEAD)"
else
    desc="source $src_abs"
fi
CC=${CC:-cc} CXX=${CXX:-g++} CXXFLAGS=${CXXFLAGS:--O2 -march=native}
set -x
$CC -std=c17 -O2 -Wall -Wextra -c "$here/gtp.c" -o "$out_abs/gtp.o" || exit 1
$CC -std=c17 -O2 -Wall -Wextra -c "$here/board.c" -o "$out_abs/board.o" || exit 1
# shellcheck disable=SC2086  # CXXFLAGS are words
$CXX -std=c++17 $CXXFLAGS -I"$src_abs" -I"$here" -DEGAROUCID_SOURCE="\"$desc\"" \
    -c "$here/egaroucid.cpp" -o "$out_abs/egaroucid.o" || exit 1
$CXX "$out_abs/gtp.o" "$out_abs/board.o" "$out_abs/egaroucid.o" -pthread \
    -o "$out_abs/egaroucid-gtp" || exit 1
{ set +x; } 2>/dev/null
echo "built $out_abs/egaroucid-gtp ($desc)"
