#!/bin/sh
# quartet-train measure on tests/measure/games.txt: its per-position values
# (--list) are the ones the engine shows, the depth value that of NBoard's
# `hint 1` at `set depth 6` and the exact value that of GTP's `solve`, for
# the same positions (their transcripts replayed in bin/quartet); the
# table's figures are an awk recomputation of that list; --threads does
# not change them; the counts of games, refusals and passes are the file's.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
games=$(dirname "$0")/measure/games.txt
tmp=$(mktemp -d) || exit 1
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # $1: name, $2: 0 when it holds
    if [ "$2" -eq 0 ]; then echo "ok   $1"; passed=$((passed + 1))
    else echo "FAIL $1"; failed=$((failed + 1)); fi
}

run() { # $1: threads
    "$BIN/quartet-train" measure --in "$games" --years 2022 --empties 19-22 --depth 6 \
        --list --threads "$1" 2>"$tmp/err$1" | grep -v '^cpu: '
}
run 2 >"$tmp/out2"; rc=$?
run 1 >"$tmp/out1"
grep '^position ' "$tmp/out2" >"$tmp/list"
check "measure lists positions" "$([ -s "$tmp/list" ]; echo $?)"
check "the same figures with 1 and 2 threads" "$(cmp -s "$tmp/out1" "$tmp/out2"; echo $?)"
# 2 games of 2022; the bad game (line 12) and the line whose last field
# is two words (line 13) refused; the 2021 game and the bare transcript
# (no year) left out by --years, as label-games and sample leave them
# (records/games_line.h); 4 positions a game at 19-22 empties, and one
# more, the forced pass at 22 empties, only counted.
check "counts: games, refusals, --years, passes" "$(grep -qx 'measure: 2 games (2 refused, 2 outside --years), 8 positions at 19-22 empties (1 more with a forced pass, left out), 8 measured' "$tmp/out2"; echo $?)"
check "the refused games named with their reasons" \
    "$(grep -q 'games.txt:12: game left out: move 2 (f5) is illegal' "$tmp/err2" &&
       grep -q 'games.txt:13: game left out: its last field is not one word' "$tmp/err2"; echo $?)"
check "8 positions listed, both sides" \
    "$([ "$(wc -l <"$tmp/list")" -eq 8 ] && grep -q ' Black ' "$tmp/list" && grep -q ' White ' "$tmp/list"; echo $?)"

# NBoard: each position set as a GGF game (its moves from the start, the
# pass written PA) and hinted at depth 6, one line at a time (a new line
# stops a search); the hint's value is the list's, to two decimals.
awk '{ pre = $6; s = "";
       for (i = 1; i < length(pre); i += 2)
           s = s ((i % 4 == 1) ? "B[" : "W[") toupper(substr(pre, i, 2)) "]";
       print "set game (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" s ";)" }' \
    "$tmp/list" >"$tmp/games"
n=$(wc -l <"$tmp/list")
: >"$tmp/nboard"
{
    printf 'nboard 2\nset depth 6\n'
    i=0
    while IFS= read -r g; do
        i=$((i + 1))
        printf '%s\nhint 1\n' "$g"
        k=0
        while [ "$(grep -c '^status$' "$tmp/nboard")" -lt $i ] && [ $k -lt 1200 ]; do
            sleep 0.05; k=$((k + 1))
        done
    done <"$tmp/games"
} | "$QUARTET" --protocol nboard --threads 1 >"$tmp/nboard"
# The last search line before each empty status is the hint's answer.
awk '/^search / { v = $3 } /^status$/ { print v }' "$tmp/nboard" >"$tmp/hint"
awk '{ printf "%.2f\n", $7 }' "$tmp/list" >"$tmp/want"
check "depth values = NBoard hint 1 at set depth 6 ($(wc -l <"$tmp/hint") hints)" \
    "$([ "$(wc -l <"$tmp/hint")" -eq "$n" ] && cmp -s "$tmp/hint" "$tmp/want"; echo $?)"

# GTP: each position by play_sequence from the start, then solve.
: >"$tmp/gtp"
{
    awk '{ print "clear_board"; print "play_sequence " $6; print "solve" }' "$tmp/list"
    k=0
    while [ "$(grep -c '^= [a-h]' "$tmp/gtp")" -lt "$n" ] && [ $k -lt 2400 ]; do
        sleep 0.05; k=$((k + 1))
    done
} | "$QUARTET" --threads 1 >"$tmp/gtp"
grep '^= [a-h]' "$tmp/gtp" | awk '{ printf "%+d\n", $3 }' >"$tmp/solve"
awk '{ print $8 }' "$tmp/list" >"$tmp/exact"
check "exact values = GTP solve" \
    "$([ "$(wc -l <"$tmp/solve")" -eq "$n" ] && cmp -s "$tmp/solve" "$tmp/exact"; echo $?)"

# The table again from the list: per empties and side, per side, all.
awk 'function add(k, d) { n[k]++; a[k] += (d < 0 ? -d : d); s[k] += d; q[k] += d * d }
     function row(e, side, k) {
         printf "%7s  %-5s  %9d  %6.2f  %6.2f  %6.2f\n", e, side, n[k], a[k] / n[k],
                s[k] / n[k], sqrt(q[k] / n[k]) }
     { d = $7 - $8; add($4 " " $5, d); add($5, d); add("both", d) }
     END { for (e = 19; e <= 22; e++)
               for (i = 0; i < 2; i++) { side = i ? "White" : "Black"
                   if ((e " " side) in n) row(e, side, e " " side) }
           if ("Black" in n) row("all", "Black", "Black")
           if ("White" in n) row("all", "White", "White")
           row("all", "both", "both") }' "$tmp/list" >"$tmp/table"
sed -n '/^empties /,$p' "$tmp/out2" | sed 1d >"$tmp/shown"
check "the table = an awk recomputation from the list" "$(cmp -s "$tmp/table" "$tmp/shown"; echo $?)"
check "measure exits 0" "$rc"

# A sample: 5 of the 8, the same at any --threads, with the full run's
# values.
"$BIN/quartet-train" measure --in "$games" --years 2022 --empties 19-22 --positions 5 \
    --seed 7 --list --threads 2 2>/dev/null | grep '^position ' >"$tmp/s2"
"$BIN/quartet-train" measure --in "$games" --years 2022 --empties 19-22 --positions 5 \
    --seed 7 --list --threads 1 2>/dev/null | grep '^position ' >"$tmp/s1"
check "--positions 5: 5 of the list, the same at 1 and 2 threads" \
    "$([ "$(wc -l <"$tmp/s2")" -eq 5 ] && cmp -s "$tmp/s1" "$tmp/s2" &&
       [ "$(grep -c -x -F -f "$tmp/list" "$tmp/s2")" -eq 5 ]; echo $?)"

# --exact-file: the first run writes each position's exact value, the
# second solves none and prints the same list; a value changed in the
# file is the one the next run uses.
ef() { "$BIN/quartet-train" measure --in "$games" --years 2022 --empties 19-22 --list \
    --threads 2 --exact-file "$tmp/xf" 2>/dev/null; }
ef >"$tmp/e1"; ef >"$tmp/e2"
check "--exact-file: 8 positions written, the same list and table from the file" \
    "$([ "$(wc -l <"$tmp/xf")" -eq 8 ] && grep -q '(8 solved, .* 0 from --exact-file)' "$tmp/e1" \
       && grep -q '(0 solved, .* 8 from --exact-file)' "$tmp/e2" \
       && grep -v '^cpu: ' "$tmp/e2" | cmp -s "$tmp/out2" -; echo $?)"
awk 'NR == 1 { $3 = $3 > 0 ? $3 - 10 : $3 + 10 } { print }' "$tmp/xf" >"$tmp/xf2" && mv "$tmp/xf2" "$tmp/xf"
ef | grep '^position ' >"$tmp/e3"
check "--exact-file: a value changed in the file is used, the rest as solved" \
    "$([ "$(diff "$tmp/list" "$tmp/e3" | grep -c '^>')" -eq 1 ]; echo $?)"
printf 'zz 0 1\n' >"$tmp/badexact"
"$BIN/quartet-train" measure --in "$games" --empties 19-22 --exact-file "$tmp/badexact" \
    >/dev/null 2>"$tmp/bederr"
check "--exact-file: a bad line refused by file and line" \
    "$([ $? -eq 1 ] && grep -q 'badexact:1: not' "$tmp/bederr"; echo $?)"

# --save: the measured positions as a positions file (tools/quartet-train
# data: "QOTP", version 1, the count, 24-byte records), each the discs of
# the exact file's line, its exact value in 1/128 disc, kind 1 (exact) and
# its empties; calibrate reads it as exact labels.
"$BIN/quartet-train" measure --in "$games" --years 2022 --empties 19-22 --list --threads 2 \
    --exact-file "$tmp/xs" --save "$tmp/saved.pos" 2>/dev/null >"$tmp/sv"
grep '^position ' "$tmp/sv" | awk '{ print $4 }' >"$tmp/sv-empties"
paste -d ' ' "$tmp/xs" "$tmp/sv-empties" | awk '{ print $1, $2, $3 * 128, 1 + 256 * $4 }' >"$tmp/sv-want"
od -An -v -j16 -w24 -t x8 "$tmp/saved.pos" | awk '{ print $1, $2 }' >"$tmp/sv-discs"
od -An -v -j16 -w24 -t d4 "$tmp/saved.pos" | awk '{ print $5, $6 }' >"$tmp/sv-labels"
paste -d ' ' "$tmp/sv-discs" "$tmp/sv-labels" >"$tmp/sv-got"
check "--save: QOTP v1 of 8 records, each the exact file's discs and value, kind exact" \
    "$([ "$(od -An -N16 -t x1 "$tmp/saved.pos" | tr -d ' \n')" = 514f545001000000"0800000000000000" ] \
       && [ "$(wc -l <"$tmp/sv-want")" -eq 8 ] && cmp -s "$tmp/sv-want" "$tmp/sv-got"; echo $?)"
"$BIN/quartet-train" calibrate --in "$tmp/saved.pos" --weights data/othello.weights \
    --out "$tmp/cal.w" --depth 2 --per-phase 12 --threads 1 >"$tmp/cal" 2>&1
check "--save: calibrate takes the 8 as exact labels" \
    "$([ "$(awk '/exact labels/ { n += $3 } END { print n + 0 }' "$tmp/cal")" -eq 8 ]; echo $?)"

# Without --years every line with a transcript is measured: the 2021
# game and the bare transcript too (4 positions each at 19-22 empties).
"$BIN/quartet-train" measure --in "$games" --empties 19-22 --threads 2 2>/dev/null >"$tmp/all"
check "without --years: 4 games (2 refused), 16 positions" \
    "$(grep -q '^measure: 4 games (2 refused, 0 outside --years), 16 positions at 19-22 empties' "$tmp/all"; echo $?)"

# Bad options are refused.
"$BIN/quartet-train" measure --in "$games" --empties 23-18 >/dev/null 2>&1
check "--empties 23-18 refused" "$([ $? -eq 2 ]; echo $?)"
"$BIN/quartet-train" measure --in "$tmp/none" --positions 3 >/dev/null 2>&1
check "a missing file refused" "$([ $? -eq 1 ]; echo $?)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
