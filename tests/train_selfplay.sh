#!/bin/sh
# quartet-train selfplay end to end: the same games at any --threads and
# from shards merged; a file cut inside its last line is repaired and
# resumed to the same games; another run's file is refused; every game's
# margin is what bin/quartet's own exact solve gives at the solver's
# empties; expand gives one labelled position per move.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }
T="$BIN/quartet-train"
sp() { "$T" selfplay --games 12 --play-depth 2 --exact 12 --quiet "$@"; }

sp --threads 1 --out "$tmp/a.txt" >/dev/null 2>"$tmp/err"
sp --threads 2 --out "$tmp/b.txt" >/dev/null 2>>"$tmp/err"
"$T" merge --in "$tmp/a.txt" --out "$tmp/a.m" >/dev/null 2>>"$tmp/err"
"$T" merge --in "$tmp/b.txt" --out "$tmp/b.m" >/dev/null 2>>"$tmp/err"
if [ "$(grep -c . "$tmp/a.m")" = 13 ] && cmp -s "$tmp/a.m" "$tmp/b.m"; then
    ok "selfplay: the same 12 games with 1 and 2 threads"
else bad "selfplay: the same 12 games with 1 and 2 threads" "$(cat "$tmp/err"; diff "$tmp/a.m" "$tmp/b.m" | head -5)"; fi

for k in 1 2 3; do sp --threads 1 --shard $k/3 --out "$tmp/s$k.txt" >/dev/null 2>>"$tmp/err"; done
"$T" merge --in "$tmp/s1.txt" --in "$tmp/s2.txt" --in "$tmp/s3.txt" --out "$tmp/s.m" >"$tmp/out" 2>>"$tmp/err"
if cmp -s "$tmp/a.m" "$tmp/s.m" && grep -q '^merge: 12 games of 12 .*(0 missing)' "$tmp/out" \
    && [ "$(grep -c . "$tmp/s2.txt")" = 5 ] && head -1 "$tmp/s2.txt" | grep -q ' shard=2/3$'; then
    ok "selfplay --shard 1/3, 2/3, 3/3 merged: the unsharded games"
else bad "selfplay --shard 1/3, 2/3, 3/3 merged: the unsharded games" "$(cat "$tmp/out" "$tmp/err")"; fi

# Stopped inside its ninth line: the whole lines stay, the rest is played.
head -n 8 "$tmp/a.txt" >"$tmp/c.txt"
sed -n 9p "$tmp/a.txt" | cut -c1-40 | tr -d '\n' >>"$tmp/c.txt"
sp --threads 2 --out "$tmp/c.txt" >/dev/null 2>"$tmp/err2"
"$T" merge --in "$tmp/c.txt" --out "$tmp/c.m" >/dev/null 2>>"$tmp/err2"
if cmp -s "$tmp/a.m" "$tmp/c.m" && grep -q 'cut off a torn last line' "$tmp/err2" \
    && grep -q 'resuming, 7 games already played' "$tmp/err2"; then
    ok "selfplay: a torn last line is cut off and the run resumed to the same games"
else bad "selfplay: a torn last line is cut off and the run resumed to the same games" "$(cat "$tmp/err2")"; fi

cp "$tmp/a.txt" "$tmp/before"
if sp --threads 1 --play-depth 3 --out "$tmp/a.txt" >/dev/null 2>"$tmp/err3"; then
    bad "selfplay: another run's file is refused" "exit status 0"
elif grep -q 'holds another run' "$tmp/err3" && cmp -s "$tmp/a.txt" "$tmp/before"; then
    ok "selfplay: another run's file is refused and left as it was"
else bad "selfplay: another run's file is refused and left as it was" "$(cat "$tmp/err3")"; fi
"$T" selfplay --games 4 --play-depth 3 --exact 12 --quiet --out "$tmp/d.txt" >/dev/null 2>&1
if "$T" merge --in "$tmp/a.txt" --in "$tmp/d.txt" --out "$tmp/x.m" >/dev/null 2>"$tmp/err4"; then
    bad "merge: files of two runs are refused" "exit status 0"
elif grep -q 'of another run' "$tmp/err4"; then ok "merge: files of two runs are refused"
else bad "merge: files of two runs are refused" "$(cat "$tmp/err4")"; fi

# The margin is the exact value of each game's first position with at
# most 12 empties, as the engine's solve command finds it.
right=0 games=0
while read -r idx op moves margin exact; do
    case $idx in '#'*) continue ;; esac
    games=$((games + 1))
    # Plies up to the 48th real move (60 - 48 = 12 empties).
    pre=$(printf '%s' "$moves" | awk '{ n = 0; for (i = 1; i < length($0); i += 2) {
        if (substr($0, i, 2) != "pa") n++; if (n == 48) { print substr($0, 1, i + 1); exit } } }')
    plies=$((${#pre} / 2))
    v=$(printf 'boardsize 8\nclear_board\nplay_sequence %s\nsolve\nquit\n' "$pre" \
        | "$QUARTET" 2>/dev/null | sed -n "s/^= [a-h][1-8] [+]*\(-*[0-9]*\).*/\1/p; s/^= pass [+]*\(-*[0-9]*\).*/\1/p")
    [ $((plies % 2)) -eq 1 ] && v=$((-v))
    [ -n "$v" ] && [ "$v" -eq "$margin" ] && right=$((right + 1))
done <"$tmp/a.m"
if [ "$games" = 12 ] && [ "$right" = 12 ]; then
    ok "selfplay: every margin is bin/quartet's exact solve at 12 empties (12 games)"
else bad "selfplay: every margin is bin/quartet's exact solve at 12 empties" "$right of $games"; fi

"$T" expand --in "$tmp/a.m" --out "$tmp/p.pos" >"$tmp/out" 2>&1
want=$(awk '!/^#/ { for (i = 1; i < length($3); i += 2) if (substr($3, i, 2) != "pa") n++ }
    END { print n }' "$tmp/a.m")
size=$(wc -c <"$tmp/p.pos")
if grep -q "^expand: $want positions from 12 games" "$tmp/out" && [ "$size" = $((16 + 24 * want)) ]; then
    ok "expand: one labelled position per move ($want)"
else bad "expand: one labelled position per move ($want)" "$(cat "$tmp/out") size $size"; fi

# Lines that do not belong to the run: resume and merge refuse them,
# naming the file and line, and leave every file as it was (a failed
# merge writes no output and keeps an existing one).
line0=$(sed -n 2p "$tmp/a.m")
first() { printf '%s\n' "$line0" | awk -v f="$1" -v v="$2" '{ $f = v; print }'; }
mkbad() { # NAME: a.m with its game-0 line replaced by stdin
    { head -1 "$tmp/a.m"; cat; sed -n '3,$p' "$tmp/a.m"; } >"$tmp/$1.txt"
}
first 1 12 | mkbad beyond
sed -n 3p "$tmp/a.m" | awk '{ $1 = 0; print }' | mkbad plies
first 2 3 | mkbad short
{ cat "$tmp/a.m"; first 2 $(($(printf '%s' "$line0" | cut -d' ' -f2) + 1)); } >"$tmp/dup.txt"
{ cat "$tmp/s2.txt"; printf '%s\n' "$line0"; } >"$tmp/shard.txt"
for c in "beyond:2: game 12 is beyond the run's schedule (games=12)" \
    "plies:2: game 0 does not start with its opening (8 plies)" \
    "short:2: game 0: OPENING 3, but its start has 8 plies" \
    "dup:14: game 0 differs from its line 2" \
    "shard:6: game 0 is not of shard 2/3"; do
    f=${c%%:*} want=${c#*:}
    shard=
    [ "$f" = shard ] && shard="--shard 2/3"
    cp "$tmp/$f.txt" "$tmp/keep"
    # shellcheck disable=SC2086
    if sp --threads 1 $shard --out "$tmp/$f.txt" >/dev/null 2>"$tmp/err5"; then
        bad "selfplay resume refuses a $f line" "exit status 0"
    elif grep -qF "$f.txt:$want" "$tmp/err5" && cmp -s "$tmp/$f.txt" "$tmp/keep"; then
        ok "selfplay resume refuses a $f line ($want), the file as it was"
    else bad "selfplay resume refuses a $f line ($want)" "$(cat "$tmp/err5")"; fi
    rm -f "$tmp/m.out"
    if "$T" merge --in "$tmp/$f.txt" --out "$tmp/m.out" >/dev/null 2>"$tmp/err5"; then
        bad "merge refuses a $f line" "exit status 0"
    elif grep -qF "$f.txt:$want" "$tmp/err5" && [ ! -e "$tmp/m.out" ]; then
        ok "merge refuses a $f line, no output file"
    else bad "merge refuses a $f line" "$(cat "$tmp/err5"; ls "$tmp/m.out" 2>&1)"; fi
done
# Each file right, but game 0 differs between them (found while writing).
{ head -1 "$tmp/a.m"; first 2 $(($(printf '%s' "$line0" | cut -d' ' -f2) + 1)); } >"$tmp/one.txt"
cp "$tmp/a.m" "$tmp/kept.m"
"$T" merge --in "$tmp/a.m" --in "$tmp/one.txt" --out "$tmp/kept.m" >/dev/null 2>"$tmp/err6"
if [ $? = 1 ] && cmp -s "$tmp/kept.m" "$tmp/a.m" && grep -q 'one.txt:2: game 0 differs from .*a.m:2' "$tmp/err6" \
    && [ -z "$(ls "$tmp" | grep 'kept\.m.')" ]; then
    ok "merge: a failed merge keeps the existing output as it was, no temporary file"
else bad "merge: a failed merge keeps the existing output as it was" "$(cat "$tmp/err6"; ls "$tmp")"; fi
head -n 4 "$tmp/a.m" | awk 'NR == 3 { $3 = "f5d6c3d3c4f4f6f3e6e7" } { print }' >"$tmp/ill.txt"
cp "$tmp/a.m" "$tmp/kept.m"
if ! "$T" merge --in "$tmp/ill.txt" --out "$tmp/kept.m" >/dev/null 2>"$tmp/err7" \
    && cmp -s "$tmp/kept.m" "$tmp/a.m" && grep -q 'ill.txt: line 3' "$tmp/err7"; then
    ok "merge: an unreadable line fails the merge, the existing output as it was"
else bad "merge: an unreadable line fails the merge, the existing output as it was" "$(cat "$tmp/err7")"; fi
# The openings the header names: another openings file is refused.
head -n 100 data/openings/othello-8.txt >"$tmp/ops.txt"
if ! "$T" merge --in "$tmp/a.m" --openings "$tmp/ops.txt" --out "$tmp/o.m" >/dev/null 2>"$tmp/err8" \
    && grep -q 'not the run.s 2000 of hash' "$tmp/err8" && [ ! -e "$tmp/o.m" ]; then
    ok "merge: an openings file other than the run's is refused"
else bad "merge: an openings file other than the run's is refused" "$(cat "$tmp/err8")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
