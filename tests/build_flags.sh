#!/bin/sh
# The Makefile rebuilds when the flags change: an object built with one
# ARCH or OTHELLO_OPT is out of date under another, and up to date again
# under its own. Checked with `make -q` (exit 0: up to date) on one small
# object in a build folder of its own, so the real build is not touched.
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

obj=$tmp/b/engine/games/othello/obf.o
# The flags of an outer make (make test SAN=1, -j) stay out of this one.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
    BUILD="$tmp/b" BIN="$tmp/bin" "$@" "$obj" >"$tmp/out" 2>&1; }
uptodate() { mk -q "$@"; }

if mk ARCH= OTHELLO_OPT=-O3 && [ -f "$obj" ]; then ok "an object builds in its own folder"
else bad "an object builds in its own folder: $(head -c 400 "$tmp/out")"; fi

if uptodate ARCH= OTHELLO_OPT=-O3; then ok "the same flags: up to date"
else bad "the same flags: make -q says out of date"; fi

if uptodate ARCH= OTHELLO_OPT=-O1; then bad "another OTHELLO_OPT: make -q says up to date"
else ok "another OTHELLO_OPT: out of date"; fi

mk ARCH= OTHELLO_OPT=-O1
if uptodate ARCH= OTHELLO_OPT=-O1; then ok "rebuilt with -O1: up to date"
else bad "rebuilt with -O1: still out of date"; fi

if uptodate ARCH=-march=x86-64-v2 OTHELLO_OPT=-O1; then bad "another ARCH: make -q says up to date"
else ok "another ARCH: out of date"; fi

if grep -q -- '-O1' "$tmp/b/.flags"; then ok "the build folder's .flags names the flags"
else bad "the build folder's .flags: $(cat "$tmp/b/.flags" 2>/dev/null)"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
