#!/bin/sh
# quartet-train label-games end to end on a WTHOR sample
# (tests/train/wthor-sample.txt, real games): the same lines with 1 and 2
# threads and from shards merged; every game starts with its recorded
# moves (passes put back) and its margin is bin/quartet's own exact solve
# of the position at the solver's empties; the cut-off game is not
# scheduled; a torn last line is cut off and resumed; merge refuses
# label-games files without their source, with another source, or with
# a line whose first plies are not the game's recorded moves.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }
T="$BIN/quartet-train"
src=tests/train/wthor-sample.txt
lg() { "$T" label-games --in "$src" --exact 14 --hash 1 --quiet "$@"; }
mg() { "$T" merge --source "$src" "$@"; }

lg --threads 1 --out "$tmp/a.txt" >"$tmp/out1" 2>"$tmp/err"
lg --threads 2 --out "$tmp/b.txt" >/dev/null 2>>"$tmp/err"
mg --in "$tmp/a.txt" --out "$tmp/a.m" >/dev/null 2>>"$tmp/err"
mg --in "$tmp/b.txt" --out "$tmp/b.m" >/dev/null 2>>"$tmp/err"
if [ "$(grep -c . "$tmp/a.m")" = 32 ] && cmp -s "$tmp/a.m" "$tmp/b.m" \
    && head -1 "$tmp/a.m" | grep -q '^# quartet-train label-games 1 games=31 exact=14 years=all source=wthor-sample.txt:31:[0-9a-f]\{8\}$'; then
    ok "label-games: the same 31 games with 1 and 2 threads"
else bad "label-games: the same 31 games with 1 and 2 threads" "$(cat "$tmp/err"; head -1 "$tmp/a.m"; diff "$tmp/a.m" "$tmp/b.m" | head -5)"; fi

# The cut-off game (stopped at 28 empties, its line has Nakajima Tetsuya)
# is counted and left out; every other game is scheduled in file order.
cut=$(grep 'Nakajima Tetsuya' "$src" | cut -f5)
grep -v '^#' "$src" | grep -v 'Nakajima Tetsuya' | awk -F'\t' '{ print $NF }' >"$tmp/recorded"
if grep -q 'games qualify; left out: 1 cut off before 14 empties, 0 illegal' "$tmp/out1" \
    && [ "$(wc -l <"$tmp/recorded")" = 31 ] \
    && ! awk '!/^#/ { gsub(/pa/, "", $3); print $3 }' "$tmp/a.m" | grep -q "^$(printf '%s' "$cut" | cut -c1-50)"; then
    ok "label-games: the cut-off game is counted and not scheduled"
else bad "label-games: the cut-off game is counted and not scheduled" "$(cat "$tmp/out1")"; fi

# The first OPENING plies, passes left out, are the recorded moves.
same=0 n=0
while read -r idx op moves margin exact; do
    case $idx in '#'*) continue ;; esac
    n=$((n + 1))
    kept=$(printf '%s' "$moves" | cut -c1-$((2 * op)) | sed 's/pa//g')
    rec=$(sed -n "$((idx + 1))p" "$tmp/recorded")
    case $rec in "$kept"*) same=$((same + 1)) ;; esac
done <"$tmp/a.m"
if [ "$n" = 31 ] && [ "$same" = 31 ] && grep -q '^24 47 .*a1pag1' "$tmp/a.m"; then
    ok "label-games: each game starts with its recorded moves, passes put back (31)"
else bad "label-games: each game starts with its recorded moves, passes put back" "$same of $n"; fi

# MARGIN is the exact value of the position after the OPENING plies (at
# EXACT empties), as the engine's solve finds it; the games that ended
# before 14 empties are kept whole.
right=0 solved=0 whole=0
while read -r idx op moves margin exact; do
    case $idx in '#'*) continue ;; esac
    if [ "$exact" -gt 14 ]; then
        [ "$((2 * op))" = "${#moves}" ] && whole=$((whole + 1))
        continue
    fi
    solved=$((solved + 1))
    pre=$(printf '%s' "$moves" | cut -c1-$((2 * op)))
    v=$(printf 'boardsize 8\nclear_board\nplay_sequence %s\nsolve\nquit\n' "$pre" \
        | "$QUARTET" 2>/dev/null | sed -n "s/^= [a-h][1-8] [+]*\(-*[0-9]*\).*/\1/p; s/^= pass [+]*\(-*[0-9]*\).*/\1/p")
    [ $((op % 2)) -eq 1 ] && v=$((-v))
    [ -n "$v" ] && [ "$v" -eq "$margin" ] && right=$((right + 1))
done <"$tmp/a.m"
if [ "$solved" = 29 ] && [ "$right" = 29 ] && [ "$whole" = 2 ]; then
    ok "label-games: every margin is bin/quartet's exact solve at EXACT empties (29 games, 2 kept whole)"
else bad "label-games: every margin is bin/quartet's exact solve at EXACT empties" "$right of $solved, $whole whole"; fi

for k in 1 2 3; do lg --threads 1 --shard $k/3 --out "$tmp/s$k.txt" >/dev/null 2>>"$tmp/err"; done
mg --in "$tmp/s1.txt" --in "$tmp/s2.txt" --in "$tmp/s3.txt" --out "$tmp/s.m" >"$tmp/out" 2>>"$tmp/err"
if cmp -s "$tmp/a.m" "$tmp/s.m" && grep -q '^merge: 31 games of 31 .*(0 missing)' "$tmp/out" \
    && head -1 "$tmp/s2.txt" | grep -q ' shard=2/3$'; then
    ok "label-games --shard 1/3, 2/3, 3/3 merged: the unsharded games"
else bad "label-games --shard 1/3, 2/3, 3/3 merged: the unsharded games" "$(cat "$tmp/out" "$tmp/err")"; fi

# Stopped inside its ninth line: the whole lines stay, the rest is played.
head -n 8 "$tmp/a.txt" >"$tmp/c.txt"
sed -n 9p "$tmp/a.txt" | cut -c1-40 | tr -d '\n' >>"$tmp/c.txt"
lg --threads 2 --out "$tmp/c.txt" >/dev/null 2>"$tmp/err2"
mg --in "$tmp/c.txt" --out "$tmp/c.m" >/dev/null 2>>"$tmp/err2"
if cmp -s "$tmp/a.m" "$tmp/c.m" && grep -q 'cut off a torn last line' "$tmp/err2" \
    && grep -q 'resuming, 7 games already played' "$tmp/err2"; then
    ok "label-games: a torn last line is cut off and the run resumed to the same games"
else bad "label-games: a torn last line is cut off and the run resumed to the same games" "$(cat "$tmp/err2")"; fi

lg --threads 1 --years 2022-2023 --out "$tmp/y.txt" >"$tmp/out" 2>&1
if grep -q ': 3 games qualify; left out: 0 cut off before 14 empties, 0 illegal, 29 of other years' "$tmp/out" \
    && [ "$(grep -c . "$tmp/y.txt")" = 4 ] && head -1 "$tmp/y.txt" | grep -q ' years=2022-2023 '; then
    ok "label-games --years 2022-2023: the 3 games of those years"
else bad "label-games --years 2022-2023: the 3 games of those years" "$(cat "$tmp/out")"; fi

# merge refusals: each leaves no output file.
refused() { # NAME PATTERN merge-args...
    name=$1 pat=$2
    shift 2
    if "$T" merge "$@" --out "$tmp/r.m" >/dev/null 2>"$tmp/errm"; then bad "$name" "exit status 0"
    elif grep -q "$pat" "$tmp/errm" && [ ! -e "$tmp/r.m" ]; then ok "$name"
    else bad "$name" "$(cat "$tmp/errm"; ls "$tmp/r.m" 2>&1)"; fi
}
refused "merge: label-games files without --source are refused" 'needs their source' --in "$tmp/a.txt"
grep -v 'Heiberg Thomas.*Jacobs Carol' "$src" >"$tmp/other-source.txt"
refused "merge: label-games files with another source are refused" 'not the run.s source' \
    --source "$tmp/other-source.txt" --in "$tmp/a.txt"
# Game 3's line with game 1's index: a legal, finished game, but not the
# recorded moves of source game 1.
{ head -1 "$tmp/a.m"; grep '^3 ' "$tmp/a.m" | sed 's/^3 /1 /'; } >"$tmp/w.txt"
refused "merge: a label-games line not starting with its recorded moves is refused" \
    'w.txt:2: game 1 does not start with its recorded moves' --source "$src" --in "$tmp/w.txt"
{ head -1 "$tmp/a.m"; grep '^3 ' "$tmp/a.m" | awk '{ $2 = $2 - 1; print }'; } >"$tmp/w2.txt"
refused "merge: a label-games line with another OPENING is refused" \
    'w2.txt:2: game 3: OPENING 45, but its start has 46 plies' --source "$src" --in "$tmp/w2.txt"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
