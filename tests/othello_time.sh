#!/bin/sh
# The GTP clock reaches Othello's time plan (engine/games/othello/
# timeplan.c): after `time_settings 60 0 0` the alphabeta player plans from
# the whole game's clock less the latency reserve (58 s), after
# `time_left` from what is left (10 s: 9.45 s), and with a per-move clock
# (byo-yomi, quartet-match --tc SECONDS) or none it spends the move's own
# budget. Read from --verbose's line a move, which states the clock; in an
# endgame that fits the clock it solves at once, and the next move, the
# endgame already solved, is an exact solve again (no timing checked).
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }

# A self-play game to 18 empties (Black to move, lost).
moves='d3 e3 f2 c2 f4 g3 f5 f3 d2 e1 g5 e2 f1 g1 b1 c3 d1 c4 g4 c5 h4 d6 b3 b4 b2 g2
a5 f6 e6 b5 g6 h3 h1 h2 c1 e7 e8 c6 a6 f8 g8 a4'
setup=$(c=b; for m in $moves; do echo "play $c $m"; if [ $c = b ]; then c=w; else c=b; fi; done)

run() { # run NAME GTP-LINES: the alphabeta lines of stderr in $tmp/NAME
    printf '%s\n%s\nquit\n' "$setup" "$2" | "$QUARTET" --threads 1 --verbose \
        >"$tmp/$1.out" 2>"$tmp/$1.err"
    grep '^alphabeta: [0-9]* empties' "$tmp/$1.err" >"$tmp/$1" || :
}

run sd 'time_settings 60 0 0
genmove b
genmove w
genmove b'
first=$(sed -n 1p "$tmp/sd")
case $first in
    "alphabeta: 18 empties, exact solve, budget "*"of the clock's 58.000 s;"*) ok "60 s: solved at once, from the clock less the reserve" ;;
    *) bad "60 s: solved at once, from the clock less the reserve" "$first" ;;
esac
third=$(sed -n 3p "$tmp/sd")
case $third in
    "alphabeta: 16 empties, exact solve, "*) ok "60 s: the next move solved again" ;;
    *) bad "60 s: the next move solved again" "$third" ;;
esac

run left 'time_settings 60 0 0
time_left b 10 0
genmove b'
case $(cat "$tmp/left") in
    *"of the clock's 9.450 s;"*) ok "time_left 10: a clock of 9.45 s" ;;
    *) bad "time_left 10: a clock of 9.45 s" "$(cat "$tmp/left")" ;;
esac

run permove 'time_settings 0 1 1
genmove b'
run none 'genmove b'
if [ -s "$tmp/permove" ] && [ -s "$tmp/none" ] && ! grep -q "of the clock" "$tmp/permove" "$tmp/none"; then
    ok "per-move clock or none: the move's own budget"
else
    bad "per-move clock or none: the move's own budget" "$(cat "$tmp/permove" "$tmp/none")"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
