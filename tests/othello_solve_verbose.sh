#!/bin/sh
# solve's progress lines on stderr with --verbose (engine/games/othello/
# solve.c): a line for each root window the solver finishes, in order —
# the selective passes, then the exact pass whose last window holds the
# answer's margin — and, while a window runs, a line every few seconds
# (every second with --verbose twice), which the 6x6 start (32 empties,
# minutes of work) shows before it is interrupted, promptly. Without
# --verbose stderr stays empty.
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }

# 20 empties (tests/test_othello_keep.c's 24-empty position after b2 c8 h2
# g2): a5 +4, solved in a tenth of a second with selective passes first.
setup='set_position --OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X----------- X
play b b2
play w c8
play b h2
play w g2'
# quit ends the script: the end of input would stop the solve, the last command.
printf '%s\n1 solve\nquit\n' "$setup" | "$QUARTET" --threads 1 --verbose >"$tmp/out" 2>"$tmp/err"
answer=$(sed -n 's/^=1 //p' "$tmp/out")
grep '^solve: .*window' "$tmp/err" >"$tmp/lines"
# Every line: seconds, empties, pass, window, what it found, nodes, rate.
form='^solve: [0-9.]+ s, 20 empties, (selective pass [12]/2 \([0-9.]+ sigmas\)|exact pass), window \((-inf|-?[0-9]+),(\+inf|-?[0-9]+)\) done: (at most|at least|exactly) [-+][0-9]+, [0-9]+ nodes, [0-9.]+ M nodes/s$'
if [ -s "$tmp/lines" ] && ! grep -Evq "$form" "$tmp/lines"; then
    ok "solve --verbose: a well-formed line per finished window ($(wc -l <"$tmp/lines"))"
else
    bad "solve --verbose: line format" "$(grep -Ev "$form" "$tmp/lines" | head -n 2)"
fi
passes=$(sed -n 's/.*, \(selective pass [0-9]\)\/.*/\1/p; s/.*, \(exact pass\),.*/\1/p' "$tmp/lines" | uniq | tr '\n' '|')
if [ "$passes" = "selective pass 1|selective pass 2|exact pass|" ]; then
    ok "solve --verbose: the passes in order"
else
    bad "solve --verbose: the passes in order" "$passes"
fi
# The exact pass's last window proves the margin the answer gives.
last=$(tail -n 1 "$tmp/lines" | sed -n 's/.* done: [a-z ]* \([-+][0-9]*\), .*/\1/p')
if [ "${answer%% *}" = a5 ] && [ "$(echo "$answer" | cut -d' ' -f2)" = "$last" ] && [ "$last" = +4 ]; then
    ok "solve --verbose: the last window's value is the answer's margin ($last)"
else
    bad "solve --verbose: last window" "answer '$answer', last line value '$last'"
fi
if awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "nodes,") n = $i
          if (n < prev) bad = 1; prev = n } END { exit bad }' "$tmp/lines"; then
    ok "solve --verbose: node counts never go down"
else
    bad "solve --verbose: node counts never go down" "$(cut -c1-120 "$tmp/lines")"
fi
printf '%s\n1 solve\nquit\n' "$setup" | "$QUARTET" --threads 1 >"$tmp/out2" 2>"$tmp/err2"
if [ ! -s "$tmp/err2" ] && [ "$(sed -n 's/^=1 //p' "$tmp/out2")" = "$answer" ]; then
    ok "solve without --verbose: the same answer, nothing on stderr"
else
    bad "solve without --verbose" "$(head -c 200 "$tmp/err2")"
fi

# The 6x6 start: a progress line while the first window runs (--verbose
# twice: every second), then # interrupt stops it at once.
mkfifo "$tmp/in"
"$QUARTET" --threads 1 --verbose --verbose <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/in"
printf 'boardsize 6\n1 solve\n' >&3
i=0
while [ $i -lt 150 ] && ! grep -q 'root move' "$tmp/err"; do sleep 0.1; i=$((i + 1)); done
line=$(grep -m 1 'root move' "$tmp/err")
form6='^solve: [0-9.]+ s, 32 empties, selective pass 1/3 \(0\.7 sigmas\), window \(-?[0-9]+,-?[0-9]+\) root move [1-4] of 4, [0-9]+ nodes, [0-9.]+ M nodes/s$'
if echo "$line" | grep -Eq "$form6"; then
    ok "6x6 solve: a progress line while it runs ($(echo "$line" | cut -c1-60)...)"
else
    bad "6x6 solve: a progress line while it runs" "'$line' after $i tenths of a second"
fi
t0=$(date +%s.%N)
printf '# interrupt\n2 name\n' >&3
i=0
while [ $i -lt 100 ] && ! grep -q '^=2' "$tmp/out"; do sleep 0.05; i=$((i + 1)); done
t1=$(date +%s.%N)
exec 3>&-
grep -q '^=2' "$tmp/out" || kill "$pid" 2>/dev/null   # it did not stop
wait "$pid"
pid=
resp=$(grep -v '^$' "$tmp/out" | tr '\n' '|')
if [ "$resp" = "=|?1 interrupted|=2 Quartet|" ] &&
    awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 2) }'; then
    ok "6x6 solve: # interrupt answers ? interrupted promptly"
else
    bad "6x6 solve: # interrupt" "$resp in $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
