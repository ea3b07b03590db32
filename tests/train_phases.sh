#!/bin/sh
# quartet-train fit --phases N --parity: the weights file maps each empty
# count to phase 2*span + parity (awk computes the map a second way), the
# reshaped weights start from --init's tables (with no fitting iterations
# the midgame searches give --init's values and nodes, position by
# position), --empties A-B fits only those positions' phases, a layout
# of more than 60 phases is refused, and so are malformed numbers;
# several --in files are read as one, joined in order.
: "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }
T="$BIN/quartet-train"
init=data/othello-order.weights

# Four self-play games give the positions; --iters 0 keeps the start.
"$T" selfplay --games 4 --play-depth 2 --exact 10 --quiet --threads 1 --out "$tmp/g.txt" >/dev/null 2>&1
"$T" expand --in "$tmp/g.txt" --out "$tmp/g.pos" >/dev/null 2>&1

# The phase bytes of a weights file: offset 16, one per empty count 0..60.
phase_map() { od -An -tu1 -j16 -N61 -v "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
expect_map() {
    awk -v n="$1" -v par="$2" 'BEGIN {
        for (e = 0; e <= 60; e++) {
            s = e > 0 ? int((e - 1) * n / 60) : 0
            p = par ? 2 * s + e % 2 : s
            printf "%s%d", e ? " " : "", p
        }
    }'
}

# The file writes equal tables once, so the map shows the phases only
# where every phase has a table of its own: fitted a little on positions
# of its own (every empty count has some), none is a copy.
for spec in "10 1" "30 1" "7 1" "12 0"; do
    set -- $spec
    flag=; [ "$2" = 1 ] && flag=--parity
    out="$tmp/w-$1-$2"
    if "$T" fit --in "$tmp/g.pos" --init "$init" --phases "$1" $flag --iters 2 --holdout 0 \
        --threads 1 --out "$out" >/dev/null 2>"$tmp/err" \
        && [ "$(phase_map "$out")" = "$(expect_map "$1" "$2")" ] \
        && [ "$(od -An -tu4 -j12 -N4 "$out" | tr -d ' ')" = $(($2 ? 2 * $1 : $1)) ]; then
        ok "fit --phases $1 ${flag:-(no parity)}: the phase of each empty count"
    else bad "fit --phases $1 ${flag:-(no parity)}: the phase of each empty count" \
        "$(cat "$tmp/err"; phase_map "$out"; echo; expect_map "$1" "$2")"; fi
done

# Every 10-span phase of --init is one span of the parity layout: unfitted,
# the evaluation is --init's everywhere, so are the searches.
bench() { "$BIN/quartet-othello-bench" --midgame --depth 5 --threads 1 --eval "$1" 2>&1 \
    | sed -n 's/^position \([0-9]*\): depth 5 move \([a-h][1-8]\) value \([-+0-9.]*\) .* \([0-9]*\) nodes .*/\1 \2 \3 \4/p'; }
"$T" fit --in "$tmp/g.pos" --init "$init" --phases 10 --parity --iters 0 --holdout 0 \
    --threads 1 --out "$tmp/w0-10-1" >/dev/null 2>&1
bench "$init" >"$tmp/a"
bench "$tmp/w0-10-1" >"$tmp/b"
if [ -s "$tmp/a" ] && [ "$(wc -l <"$tmp/a")" -ge 10 ] && cmp -s "$tmp/a" "$tmp/b"; then
    ok "fit --parity --iters 0: the searches of --init, move, value and nodes"
else bad "fit --parity --iters 0: the searches of --init, move, value and nodes" "$(diff "$tmp/a" "$tmp/b" | head -5)"; fi

# fit --empties 0-14: only the phases of 0-14 empties are fitted (phases
# 0-13 of the 30-span parity layout); the others keep --init's tables, so
# the midgame searches are those of the unfitted reshape, where a fit of
# every phase changes them.
play=data/othello.weights
fitp() { "$T" fit --in "$tmp/g.pos" --init "$play" --phases 30 --parity --holdout 0 --threads 1 "$@"; }
fitp --empties 0-14 --out "$tmp/e14" >"$tmp/e14.out" 2>&1
fitp --iters 0 --out "$tmp/e0" >/dev/null 2>&1
fitp --out "$tmp/eall" >/dev/null 2>&1
bench "$tmp/e0" >"$tmp/b0"; bench "$tmp/e14" >"$tmp/b14"; bench "$tmp/eall" >"$tmp/ball"
if [ "$(wc -l <"$tmp/b0")" -ge 10 ] && cmp -s "$tmp/b0" "$tmp/b14" && ! cmp -s "$tmp/b0" "$tmp/ball" \
    && awk '/^phase [0-9]+: [0-9]+ positions/ { p = $2 + 0; n = $3 + 0
           if (p >= 14 && n > 0) bad = 1; if (p < 14 && n > 0) some = 1 }
           END { exit bad || !some }' "$tmp/e14.out"; then
    ok "fit --empties 0-14: those phases fitted, the midgame's searches those of --init"
else bad "fit --empties 0-14: those phases fitted, the midgame's searches those of --init" \
    "$(diff "$tmp/b0" "$tmp/b14" | head -3; grep '^phase' "$tmp/e14.out" | head -20)"; fi

if "$T" fit --in "$tmp/g.pos" --phases 31 --parity --out "$tmp/x" >/dev/null 2>"$tmp/err"; then
    bad "fit --phases 31 --parity (62 phases) is refused" "exit status 0"
elif grep -q 'more than 60' "$tmp/err" && [ ! -e "$tmp/x" ]; then
    ok "fit --phases 31 --parity (62 phases) is refused"
else bad "fit --phases 31 --parity (62 phases) is refused" "$(cat "$tmp/err")"; fi

# Malformed numbers are refused by name before anything is written (they
# were read loosely: --seed 1x as 1, --lambda 1x as 1, --random 2-x as 2-?).
refused=0 total=0 why=
for spec in "fit --seed 1x" "fit --seed -1" "fit --seed 99999999999999999999999" \
            "fit --lambda 1x" "fit --lambda 0" "fit --lambda nan" "fit --holdout 1" \
            "fit --holdout .5z" "fit --holdout -0.1" "selfplay --random 2-x" \
            "selfplay --random 5-2" "selfplay --random 1-61" "selfplay --seed abc"; do
    set -- $spec
    total=$((total + 1))
    rm -f "$tmp/x"
    if ! "$T" "$1" --in "$tmp/g.pos" --games 1 --quiet "$2" "$3" --out "$tmp/x" >/dev/null 2>"$tmp/err" \
        && grep -q "bad value for $2: $3\$" "$tmp/err" && [ ! -e "$tmp/x" ]; then
        refused=$((refused + 1))
    else why="$why $spec;"; fi
done
if [ "$refused" = "$total" ] && "$T" fit --in "$tmp/g.pos" --seed 18446744073709551615 --lambda 2.5e1 \
    --holdout 0.25 --iters 1 --threads 1 --out "$tmp/x" >/dev/null 2>&1 && [ -s "$tmp/x" ]; then
    ok "malformed --seed, --lambda, --holdout, --random refused by name, nothing written; good ones taken"
else bad "malformed --seed, --lambda, --holdout, --random refused by name, nothing written; good ones taken" \
    "not refused:$why"; fi

# calibrate at depth 2 on positions of 8 games (exact from 14 empties):
# each phase's error after is at most its error before (near the end a
# pass or a solved leaf can make the whole shift overshoot: calibrate
# then tries half, or keeps the bias), and a second run on the output
# finds, position for position, the first run's after.
"$T" selfplay --games 8 --play-depth 2 --exact 14 --quiet --threads 1 --out "$tmp/c.txt" >/dev/null 2>&1
"$T" expand --in "$tmp/c.txt" --out "$tmp/c.pos" >/dev/null 2>&1
"$T" calibrate --in "$tmp/c.pos" --weights data/othello.weights --depth 2 --per-phase 200 \
    --threads 2 --out "$tmp/cal1" >"$tmp/cal1.out" 2>&1
"$T" calibrate --in "$tmp/c.pos" --weights "$tmp/cal1" --depth 2 --per-phase 200 \
    --threads 1 --out "$tmp/cal2" >"$tmp/cal2.out" 2>&1
sed -n 's/^phase *\([0-9]*\): .*before, \([-+0-9.]*\) after.*/\1 \2/p' "$tmp/cal1.out" >"$tmp/after1"
sed -n 's/^phase *\([0-9]*\): .*error \([-+0-9.]*\) before.*/\1 \2/p' "$tmp/cal2.out" >"$tmp/before2"
if [ "$(wc -l <"$tmp/after1")" -ge 8 ] && cmp -s "$tmp/after1" "$tmp/before2" \
    && grep -q '(exact labels)' "$tmp/cal1.out" && grep -q '(result labels)' "$tmp/cal1.out" \
    && awk '/^phase .*before/ { for (i = 2; i <= NF; i++) { if ($i == "before,") b = $(i - 1); if ($i == "after") a = $(i - 1) }
           sub(/^\+/, "", b); sub(/^\+/, "", a)
           if ((a < 0 ? -a : a) > (b < 0 ? -b : b) + 0.005) bad = 1 } END { exit bad }' "$tmp/cal1.out"; then
    ok "calibrate: each phase's mean error no larger after; a second run starts from it"
else bad "calibrate: each phase's mean error no larger after; a second run starts from it" \
    "$(cat "$tmp/cal1.out"; diff "$tmp/after1" "$tmp/before2")"; fi

# Several --in files are one set, in the order given: the fit on g.pos
# and c.pos is, byte for byte, the fit on a file joined here by hand (a
# header with the summed count, then each file's 24-byte records), and
# so is error's count. A command that reads one file refuses a second
# --in rather than leaving it unread (fit used to fit the first alone).
count() { od -An -tu8 -j8 -N8 "$1" | tr -d ' '; }
n1=$(count "$tmp/g.pos") n2=$(count "$tmp/c.pos")
le8() { n=$1 i=0; while [ $i -lt 8 ]; do printf "\\$(printf %03o $((n % 256)))"; n=$((n / 256)) i=$((i + 1)); done; }
{ head -c 8 "$tmp/g.pos"; le8 $((n1 + n2))
  tail -c +17 "$tmp/g.pos"; tail -c +17 "$tmp/c.pos"; } >"$tmp/j.pos"
fitj() { "$T" fit --init "$play" --phases 30 --parity --holdout 0 --iters 5 --threads 1 "$@"; }
fitj --in "$tmp/j.pos" --out "$tmp/wj" >/dev/null 2>&1
fitj --in "$tmp/g.pos" --in "$tmp/c.pos" --out "$tmp/w2" >/dev/null 2>"$tmp/err"
fitj --in "$tmp/g.pos" --out "$tmp/w1" >/dev/null 2>&1
"$T" error --weights "$play" --in "$tmp/g.pos" --in "$tmp/c.pos" >"$tmp/e2" 2>&1
"$T" error --weights "$play" --in "$tmp/j.pos" >"$tmp/ej" 2>&1
if [ "$n1" -gt 0 ] && [ "$n2" -gt 0 ] && [ -s "$tmp/wj" ] && cmp -s "$tmp/wj" "$tmp/w2" \
    && ! cmp -s "$tmp/w1" "$tmp/w2" && [ -s "$tmp/ej" ] && cmp -s "$tmp/ej" "$tmp/e2"; then
    ok "fit, error --in A --in B: the positions of both, as one file joined by hand"
else bad "fit, error --in A --in B: the positions of both, as one file joined by hand" \
    "$(cat "$tmp/err"; diff "$tmp/ej" "$tmp/e2" | head -4)"; fi
rm -f "$tmp/x"
if ! "$T" measure --in "$tmp/g.txt" --in "$tmp/c.txt" --save "$tmp/x" >/dev/null 2>"$tmp/err" \
    && grep -q 'measure reads one --in file (2 given)' "$tmp/err" && [ ! -e "$tmp/x" ]; then
    ok "measure --in A --in B is refused by name, nothing written"
else bad "measure --in A --in B is refused by name, nothing written" "$(cat "$tmp/err")"; fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
