#!/bin/sh
# Checks the GTP layer of the Egaroucid for Web wrapper
# (tools/egaroucid-web/gtp.c, board.c) without Egaroucid's source: it is
# built against a stand-in engine (tests/egaroucid_gtp/standin.c) and
#  1. runs tests/egaroucid_gtp/*.gtp, in the format of transcripts.sh (a
#     first-line "% flags: ..." gives the wrapper's flags, "% env: A=B"
#     on the first two lines the stand-in's environment);
#  2. plays whole games by genmove with the stand-in choosing at random,
#     replays each in bin/quartet with `play`, which must take every move,
#     and compares the two final_scores.
# Needs a C compiler ($CC, default cc).
: "${QUARTET:=bin/quartet}" "${CC:=cc}"
dir=$(dirname "$0")/egaroucid_gtp
src=$(dirname "$0")/../tools/egaroucid-web
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

if $CC -std=c17 -Wall -Wextra -Werror -I"$dir/../.." -o "$tmp/gtp" \
        "$src/gtp.c" "$src/board.c" "$dir/standin.c" 2>"$tmp/cc"; then
    ok "the GTP layer builds against the stand-in"
else
    bad "the GTP layer does not build against the stand-in"; cat "$tmp/cc"
    echo "$passed passed, $((failed + 1)) failed"; exit 1
fi

# 1. Transcripts.
for t in "$dir"/*.gtp; do
    : >"$tmp/in"; : >"$tmp/exp"
    flags=$(sed -n '1s/^% flags: //p' "$t")
    env=$(sed -n '1,2s/^% env: //p' "$t")
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        '>> '*) printf '%b\n' "${line#>> }" >>"$tmp/in" ;;
        '> '*) printf '%s\n' "${line#> }" >>"$tmp/in" ;;
        '>') printf '\n' >>"$tmp/in" ;;
        '% '*|'%') ;;
        *) printf '%s\n' "$line" >>"$tmp/exp" ;;
        esac
    done <"$t"
    # shellcheck disable=SC2086  # flags and env are words
    env $env "$tmp/gtp" $flags <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$tmp/exp" "$tmp/out"; then
        ok "$(basename "$t")"
    else
        bad "$(basename "$t") (exit $rc)"
        diff -u "$tmp/exp" "$tmp/out" | head -n 40
        head -n 5 "$tmp/err"
    fi
done

# An over-long line is refused whole, and the wrapper goes on.
{ head -c 5000 /dev/zero | tr '\0' 'x'; printf '\nname\n'; } | "$tmp/gtp" >"$tmp/out" 2>/dev/null
if [ "$(cat "$tmp/out")" = "$(printf '? syntax error: line too long\n\n= stand-in')" ]; then
    ok "an over-long line"
else
    bad "an over-long line"; head -c 300 "$tmp/out"
fi

# A bad flag: a message on stderr, exit 2, nothing on stdout.
"$tmp/gtp" --level 61 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- '--level must be 0 to 60' "$tmp/err"; then
    ok "a bad --level"
else
    bad "a bad --level (exit $rc)"; cat "$tmp/out" "$tmp/err"
fi

# 2. Whole games, cross-checked with bin/quartet. Asked past the end,
# genmove answers pass; the game is the moves before two passes in a row.
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    i=0; : >"$tmp/in"
    while [ $i -lt 64 ]; do printf 'genmove b\ngenmove w\n' >>"$tmp/in"; i=$((i + 1)); done
    printf 'final_score\n' >>"$tmp/in"
    STANDIN=random STANDIN_SEED=$seed "$tmp/gtp" <"$tmp/in" >"$tmp/out" 2>/dev/null
    sed -n 's/^= //p' "$tmp/out" >"$tmp/answers"
    score=$(tail -n 1 "$tmp/answers")
    # The moves with their colours, up to the first two passes in a row.
    sed '$d' "$tmp/answers" | awk '
        { c = (NR % 2) ? "b" : "w" }
        $1 == "pass" && prev == "pass" { exit }
        prev == "pass" { print "play " pc " pass" }
        $1 != "pass" { print "play " c " " $1 }
        { prev = $1; pc = c }' >"$tmp/plays"
    n=$(wc -l <"$tmp/plays")
    { echo "set_game othello"; cat "$tmp/plays"; echo "final_score"; } |
        "$QUARTET" --player random >"$tmp/q" 2>&1
    refused=$(grep -c '^?' "$tmp/q")
    qscore=$(grep '^= ' "$tmp/q" | tail -n 1 | sed 's/^= //')
    if [ "$refused" -eq 0 ] && [ -n "$score" ] && [ "$score" = "$qscore" ] && [ "$n" -gt 20 ]; then
        ok "game $seed: $n plies, $score, as bin/quartet scores it"
    else
        bad "game $seed: wrapper says '$score', bin/quartet '$qscore', $refused moves refused, $n plies"
        grep -n '^?' "$tmp/q" | head -n 3
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
