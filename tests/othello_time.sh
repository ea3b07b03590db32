#!/bin/sh
# The GTP clock reaches Othello's time plan (engine/games/othello/
# timeplan.c): after `time_settings 60 0 0` the alphabeta player plans from
# the whole game's clock less the latency reserve (58 s), after
# `time_left` from what is left (10 s: 9.45 s), and with a per-move clock
# (byo-yomi, quartet-match --tc SECONDS) or none it spends the move's own
# budget; --game-time gives the same clock without time_settings. Read
# from --verbose's line a move, which states the clock; in an
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
# --game-time: the same clock without a controller's time_settings,
# restarted by every new game (clear_board, then the same moves), and
# replaced by a controller's per-move clock.
run2() { # run2 NAME FLAGS GTP-LINES
    printf '%s\n%s\nquit\n' "$setup" "$3" | "$QUARTET" --threads 1 --verbose $2 \
        >"$tmp/$1.out" 2>"$tmp/$1.err"
    grep '^alphabeta: [0-9]* empties' "$tmp/$1.err" >"$tmp/$1" || :
}
run2 gt '--game-time 60' "genmove b
genmove w
genmove b
clear_board
$setup
genmove b"
# Black's second move sees its clock less the first move's time (White's
# first is whole); the new game's first move the whole clock again.
second=$(sed -n 3p "$tmp/gt" | sed -n "s/^alphabeta: 16 empties, exact solve, .*of the clock's \([0-9.]*\) s;.*/\1/p" |
    awk '{ print ($1 < 58 && $1 > 40) ? "yes" : "no" }')
if [ "$second" = yes ] && [ "$(wc -l <"$tmp/gt")" -eq 4 ] \
    && sed -n 1p "$tmp/gt" | grep -q "^alphabeta: 18 empties, exact solve, .*of the clock's 58.000 s;" \
    && sed -n 4p "$tmp/gt" | grep -q "^alphabeta: 18 empties, exact solve, .*of the clock's 58.000 s;"; then
    ok "--game-time 60: the clock of time_settings 60 0 0, run down, whole again after clear_board"
else bad "--game-time 60: the clock of time_settings 60 0 0, run down, whole again after clear_board" "$(cat "$tmp/gt")"; fi
run2 gtper '--game-time 60' 'time_settings 0 1 1
genmove b'
if [ -s "$tmp/gtper" ] && ! grep -q "of the clock" "$tmp/gtper"; then
    ok "--game-time, then time_settings 0 1 1: the controller's per-move clock"
else bad "--game-time, then time_settings 0 1 1: the controller's per-move clock" "$(cat "$tmp/gtper")"; fi
for v in 0 -1 x 1e9; do
    if "$QUARTET" --game-time "$v" </dev/null >/dev/null 2>"$tmp/e"; then r=0; else r=$?; fi
    if [ "$r" -eq 2 ] && grep -q -- "--game-time needs a positive number of seconds" "$tmp/e"; then
        ok "--game-time $v refused"
    else bad "--game-time $v refused" "exit $r: $(cat "$tmp/e")"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
