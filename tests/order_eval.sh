#!/bin/sh
# The exact solver's own move-ordering weights from the outside (issue 43):
# bin/quartet --order-eval with a missing or corrupt file says so once on
# stderr, naming the file, and solves and plays on with the play weights
# ordering; the shipped othello-order.weights is found in the installed
# layout (../share/quartet/ beside bin/) and `make install` puts it there;
# quartet-othello-bench --ffo takes the same nodes whatever the play
# weights and other nodes with other ordering weights, and a named
# --order-eval that does not load ends it; quartet-train mpc fits its
# midgame rows with --weights and its endgame rows with --order-weights.
# Other weights: quartet-train fit on four self-play games.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }

# FFO #23: 18 empties, a2 +4; the selective passes run.
board='--O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX--'
cmds="set_position $board X
1 solve
2 genmove b
quit"
note='the solver orders with the play weights'

# A missing file: one note naming it, the right answer, a move.
printf '%s\n' "$cmds" | "$QUARTET" --threads 1 --order-eval "$tmp/none.weights" \
    >"$tmp/out" 2>"$tmp/err"
if grep -q '^=1 a2 +4 ' "$tmp/out" && grep -q '^=2 [a-h][1-8]$' "$tmp/out"; then
    ok "missing --order-eval: solve and genmove answer"
else
    bad "missing --order-eval: solve and genmove answer" "$(cat "$tmp/out")"
fi
if [ "$(grep -c "$tmp/none.weights.*$note" "$tmp/err")" = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then
    ok "missing --order-eval: one note naming the file"
else
    bad "missing --order-eval: one note naming the file" "$(cat "$tmp/err")"
fi

# A corrupt file: the same, with what is wrong.
printf 'QOTW not really weights\n' >"$tmp/bad.weights"
printf '%s\n' "$cmds" | "$QUARTET" --threads 1 --order-eval "$tmp/bad.weights" \
    >"$tmp/out" 2>"$tmp/err"
if grep -q '^=1 a2 +4 ' "$tmp/out" && grep -q "$tmp/bad.weights: .*; $note" "$tmp/err"; then
    ok "corrupt --order-eval: solved, the file and its fault named"
else
    bad "corrupt --order-eval: solved, the file and its fault named" "$(cat "$tmp/out" "$tmp/err")"
fi

# The shipped files: no note at all.
printf '%s\n' "$cmds" | "$QUARTET" --threads 1 >"$tmp/out" 2>"$tmp/err"
if grep -q '^=1 a2 +4 ' "$tmp/out" && [ ! -s "$tmp/err" ]; then
    ok "shipped ordering weights: solved, stderr empty"
else
    bad "shipped ordering weights: solved, stderr empty" "$(cat "$tmp/out" "$tmp/err")"
fi

# The installed layout: bin/quartet reads ../share/quartet/othello-order.weights
# (a corrupt one here, so that its note shows where it looked).
mkdir -p "$tmp/prefix/bin" "$tmp/prefix/share/quartet"
cp "$QUARTET" "$tmp/prefix/bin/quartet"
cp data/othello.weights data/othello.mpc "$tmp/prefix/share/quartet/"
cp "$tmp/bad.weights" "$tmp/prefix/share/quartet/othello-order.weights"
printf '%s\n' "$cmds" | "$tmp/prefix/bin/quartet" --threads 1 >"$tmp/out" 2>"$tmp/err"
if grep -q '^=1 a2 +4 ' "$tmp/out" \
    && grep -q "share/quartet/othello-order.weights: .*; $note" "$tmp/err"; then
    ok "installed layout: othello-order.weights read from ../share/quartet"
else
    bad "installed layout: othello-order.weights read from ../share/quartet" \
        "$(cat "$tmp/out" "$tmp/err")"
fi
if make -n install DESTDIR="$tmp/dest" PREFIX=/usr 2>/dev/null \
    | grep -q 'install -m 644 .*data/othello-order\.weights.*/usr/share/quartet'; then
    ok "make install puts othello-order.weights in share/quartet"
else
    bad "make install puts othello-order.weights in share/quartet"
fi

# The benchmark: the play weights do not move the solver's nodes.
bench="$BIN/quartet-othello-bench"
printf '%s X; A2:+4;\n' "$board" >"$tmp/one.obf"
"$bench" --ffo "$tmp/one.obf" --threads 1 --hash 16 >"$tmp/b1" 2>&1
"$bench" --ffo "$tmp/one.obf" --threads 1 --hash 16 --eval "$tmp/none.weights" >"$tmp/b2" 2>&1
n1=$(awk '$1 == 1 {print $5, $7}' "$tmp/b1")
n2=$(awk '$1 == 1 {print $5, $7}' "$tmp/b2")
if [ -n "$n1" ] && [ "$n1" = "$n2" ] && [ "${n1%% *}" = yes ]; then
    ok "bench --ffo: the same nodes without the play weights ($n1)"
else
    bad "bench --ffo: the same nodes without the play weights" "'$n1' against '$n2'"
fi
if "$bench" --ffo "$tmp/one.obf" --threads 1 --hash 16 --order-eval "$tmp/none.weights" \
    >"$tmp/b3" 2>&1; then
    bad "bench --order-eval of a missing file fails" "$(cat "$tmp/b3")"
elif grep -q "$tmp/none.weights" "$tmp/b3"; then
    ok "bench --order-eval of a missing file fails, naming it"
else
    bad "bench --order-eval of a missing file fails, naming it" "$(cat "$tmp/b3")"
fi

# Other valid weights, and what they change.
train="$BIN/quartet-train"
"$train" gen --games 4 --seed 3 --out "$tmp/pos" >/dev/null 2>&1
"$train" label --in "$tmp/pos" --out "$tmp/lab" --depth 1 --exact 4 --threads 1 >/dev/null 2>&1
"$train" fit --in "$tmp/lab" --out "$tmp/tiny.weights" --phases 1 --iters 3 --threads 1 \
    >/dev/null 2>&1
if [ -s "$tmp/tiny.weights" ]; then
    ok "tiny weights fitted"
else
    bad "tiny weights fitted"
fi
"$bench" --ffo "$tmp/one.obf" --threads 1 --hash 16 --eval "$tmp/tiny.weights" >"$tmp/b4" 2>&1
"$bench" --ffo "$tmp/one.obf" --threads 1 --hash 16 --order-eval "$tmp/tiny.weights" \
    >"$tmp/b5" 2>&1
n4=$(awk '$1 == 1 {print $5, $7}' "$tmp/b4")
n5=$(awk '$1 == 1 {print $5, $7}' "$tmp/b5")
if [ "$n4" = "$n1" ] && [ "${n5%% *}" = yes ] && [ "$n5" != "$n1" ]; then
    ok "bench --ffo: --eval leaves the nodes, --order-eval moves them ($n1, $n4, $n5)"
else
    bad "bench --ffo: --eval leaves the nodes, --order-eval moves them" "$n1, $n4, $n5"
fi
mpc() { "$train" mpc --games 8 --seed 5 --per-bucket 12 --max-depth 3 --end-max 7 \
    --threads 1 "$@" >/dev/null 2>&1; }
mpc --out "$tmp/a.mpc"
mpc --out "$tmp/b.mpc" --order-weights "$tmp/tiny.weights"
mpc --out "$tmp/c.mpc" --weights "$tmp/tiny.weights"
rows() { grep -v '^#' "$1" | awk -v want="$2" '(($3 == "end") == (want == "end"))'; }
if [ -n "$(rows "$tmp/a.mpc" end)" ] && [ -n "$(rows "$tmp/a.mpc" mid)" ] \
    && [ "$(rows "$tmp/a.mpc" mid)" = "$(rows "$tmp/b.mpc" mid)" ] \
    && [ "$(rows "$tmp/a.mpc" end)" != "$(rows "$tmp/b.mpc" end)" ]; then
    ok "quartet-train mpc --order-weights: other endgame rows, the same midgame rows"
else
    bad "quartet-train mpc --order-weights: other endgame rows, the same midgame rows"
fi
if [ "$(rows "$tmp/a.mpc" end)" = "$(rows "$tmp/c.mpc" end)" ] \
    && [ "$(rows "$tmp/a.mpc" mid)" != "$(rows "$tmp/c.mpc" mid)" ]; then
    ok "quartet-train mpc --weights: other midgame rows, the same endgame rows"
else
    bad "quartet-train mpc --weights: other midgame rows, the same endgame rows"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
