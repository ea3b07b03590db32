#!/bin/sh
# Manual pages (doc/man/*.6): each renders with `man -l` and without a
# single warning from `groff -ww` (nor from man's own --warnings run), its
# NAME line and .TH title match its file name, every program `make install`
# installs has one, and every flag the program's --help lists appears in
# its page (so a flag added later without a manual entry fails here).
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C MANWIDTH=80
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; }

if ! command -v groff >/dev/null || ! command -v man >/dev/null; then
    echo "FAIL groff and man are needed (Debian: groff-base, man-db; .ci/run installs them)"
    echo "0 passed, 1 failed"
    exit 1
fi

pages=$(ls doc/man/*.6 2>/dev/null)
[ -n "$pages" ] || bad "no manual pages in doc/man"

# text PAGE: the page's source with man escapes undone, for greps.
text() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/\\(en/-/g' "$1"; }

for p in $pages; do
    name=$(basename "$p" .6)
    # groff with every warning on: nothing may come out on stderr.
    if groff -ww -man -Tutf8 -z "$p" >"$tmp/gout" 2>"$tmp/gerr" && [ ! -s "$tmp/gerr" ]; then ok; else
        bad "$p: groff -ww warns:"; head -n 5 "$tmp/gerr"; fi
    # man -l, as a user reads it: renders, says nothing on stderr.
    if man --warnings -l "$p" >"$tmp/mout" 2>"$tmp/merr" && [ ! -s "$tmp/merr" ] &&
        grep -q '^NAME' "$tmp/mout"; then ok; else
        bad "$p: man -l fails or warns:"; head -n 5 "$tmp/merr"; fi
    # NAME section: "name \- what it does", the name being the file's.
    first=$(text "$p" | sed -n '/^\.SH NAME/{n;p;q;}')
    case "$first" in
    "$name - "?*) ok ;;
    *) bad "$p: NAME line is '$first', not '$name - ...'" ;;
    esac
    # .TH title: the name in capitals, section 6.
    th=$(text "$p" | sed -n 's/^\.TH \([^ ]*\) \([^ ]*\).*/\1 \2/p' | head -n 1)
    want=$(printf '%s 6' "$name" | tr 'a-z' 'A-Z')
    if [ "$th" = "$want" ]; then ok; else bad "$p: .TH is '$th', not '$want'"; fi
done

# Every installed program: bin/quartet, every bin/quartet-* the build made,
# and the quartet-web script (installed by make install when present).
progs="$QUARTET"
for t in "$BIN"/quartet-*; do
    [ -x "$t" ] && [ -f "$t" ] && progs="$progs $t"
done
[ -x tools/quartet-web ] && progs="$progs tools/quartet-web"
for t in $progs; do
    name=$(basename "$t")
    page=doc/man/$name.6
    if [ ! -f "$page" ]; then
        # quartet-match's page comes with the match branch (and its
        # doc/tournaments.md); until that merge it is pending.
        if [ "$name" = quartet-match ] && [ ! -f doc/tournaments.md ]; then
            echo "pending: $page (match branch)"
        else
            bad "$name is installed but has no manual page $page"
        fi
        continue
    fi
    ok
    text "$page" >"$tmp/page"
    "$t" --help 2>&1 | grep -oE -- '(^|[][[:space:],(|])--?[A-Za-z][A-Za-z0-9-]*' |
        sed -E 's/^[^-]*//' | sort -u >"$tmp/flags"
    while read -r f; do
        if grep -qE -- "(^|[^A-Za-z0-9_-])$f([^A-Za-z0-9_-]|\$)" "$tmp/page"; then ok; else
            bad "$page does not document $name $f"; fi
    done <"$tmp/flags"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
