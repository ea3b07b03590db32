#!/bin/sh
# Runs every tests/transcripts/*.gtp through the engine and compares its
# output byte for byte. Transcript format, line by line:
#   "> TEXT"   TEXT (verbatim) plus a newline is sent to the engine
#   ">"        an empty line is sent
#   ">> TEXT"  TEXT with printf %b escapes (\r, \t, \001, \c = no newline)
#   "% ..."    a comment
#   anything else is the expected output, verbatim, including the empty
#   line that ends each response.
# Every file runs with --seed 1 --player random, plus the flags on a
# first-line comment "% flags: ...".
: "${QUARTET:=bin/quartet}"
dir=$(dirname "$0")/transcripts
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
for t in "$dir"/*.gtp; do
    [ -f "$t" ] || continue
    : >"$tmp/in"; : >"$tmp/exp"
    flags=$(sed -n '1s/^% flags: //p' "$t")
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        '>> '*) printf '%b\n' "${line#>> }" >>"$tmp/in" ;;
        '> '*) printf '%s\n' "${line#> }" >>"$tmp/in" ;;
        '>') printf '\n' >>"$tmp/in" ;;
        '% '*|'%') ;;
        *) printf '%s\n' "$line" >>"$tmp/exp" ;;
        esac
    done <"$t"
    # shellcheck disable=SC2086  # flags are words
    "$QUARTET" --seed 1 --player random $flags <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$tmp/exp" "$tmp/out"; then
        passed=$((passed + 1)); echo "ok   $(basename "$t")"
    else
        failed=$((failed + 1)); echo "FAIL $(basename "$t") (exit $rc)"
        diff -u "$tmp/exp" "$tmp/out" | head -n 40
        head -n 5 "$tmp/err"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
