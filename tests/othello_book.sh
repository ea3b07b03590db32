#!/bin/sh
# The Othello opening book end to end: quartet-train book builds the same
# file whatever its thread count; bin/quartet plays and analyzes from
# --book FILE (the info lines say "source book"), not with --no-book, not
# on other board sizes; the shipped book is found by default; a damaged or
# missing book gives a message on stderr and the engine plays on.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }

# A small book, twice: one thread and two.
"$BIN/quartet-train" book --out "$tmp/a.book" --depth 3 --plies 5 --margin 3 --threads 1 \
    --weights data/othello.weights >"$tmp/sum" 2>&1
"$BIN/quartet-train" book --out "$tmp/b.book" --depth 3 --plies 5 --margin 3 --threads 2 \
    --weights data/othello.weights >/dev/null 2>&1
if grep -Eq '^book: [0-9]+ positions \(plies 0-5\)' "$tmp/sum" && cmp -s "$tmp/a.book" "$tmp/b.book"; then
    ok "quartet-train book: the same file with 1 and 2 threads"
else bad "quartet-train book: the same file with 1 and 2 threads" "$(cat "$tmp/sum")"; fi
if "$BIN/quartet-train" book --out "$tmp/c.book" --plies x 2>"$tmp/err"; then
    bad "quartet-train book: a bad --plies is refused"
elif grep -q 'bad value for --plies' "$tmp/err"; then ok "quartet-train book: a bad --plies is refused"
else bad "quartet-train book: a bad --plies is refused" "$(cat "$tmp/err")"; fi

# analyzed "FIRST" "REST" FLAGS...: sends FIRST, waits for the engine's
# first analysis line (at most 30 s, so a loaded machine only waits
# longer), then sends REST; stdout in $tmp/out, stderr in $tmp/err.
analyzed() {
    first=$1 rest=$2
    shift 2
    rm -f "$tmp/in"
    mkfifo "$tmp/in"
    "$QUARTET" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/in"
    printf '%b' "$first" >&3
    i=0
    while ! grep -q 'info move' "$tmp/out" && [ $i -lt 300 ] && kill -0 $pid 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    printf '%b' "$rest" >&3
    exec 3>&-
    wait $pid
}

# analyze FLAGS... : analysis at the start until its first line, then genmove b.
analyze() {
    analyzed '1 analyze 10\n' '2 genmove b\nquit\n' --threads 1 --time 0.1 "$@"
    awk '/^=1$/ { on = 1; next } on && $0 == "" { exit } on { print }' "$tmp/out" >"$tmp/info"
    awk '{ for (i = 1; i < NF; i++) if ($i == "move") print $(i+1) }' "$tmp/info" | sort -u >"$tmp/moves"
    sed -n 's/^=2 //p' "$tmp/out" >"$tmp/move"
}

analyze --book "$tmp/a.book"
entries=$(awk '{ n += gsub(/info move/, "") } END { print n + 0 }' "$tmp/info")
booked=$(awk '{ n += gsub(/ source book /, "") } END { print n + 0 }' "$tmp/info")
if [ "$entries" -gt 0 ] && [ "$entries" = "$booked" ] && grep -q ' depth 3 source book ' "$tmp/info"; then
    ok "analyze: the start position's candidates come from the book, at its depth"
else bad "analyze: the start position's candidates come from the book" "$(head -c 300 "$tmp/info")"; fi
if [ -s "$tmp/move" ] && grep -qxF "$(cat "$tmp/move")" "$tmp/moves"; then
    ok "genmove --book: a book move ($(cat "$tmp/move"))"
else bad "genmove --book: a book move" "$(cat "$tmp/move") not in $(tr '\n' ' ' <"$tmp/moves")"; fi

analyze --book "$tmp/a.book" --no-book
if [ -s "$tmp/info" ] && ! grep -q 'source book' "$tmp/info" && grep -Eq '^[a-h][1-8]$' "$tmp/move"; then
    ok "--no-book: analyze and genmove search"
else bad "--no-book: analyze and genmove search" "$(head -c 300 "$tmp/info")"; fi

analyze
if [ -f data/othello.book ] && grep -q 'source book' "$tmp/info"; then
    ok "the shipped book is found by default"
else bad "the shipped book is found by default" "$(head -c 300 "$tmp/info")"; fi

# Not on other sizes.
analyzed 'boardsize 6\n1 analyze 10\n' 'quit\n' --threads 1 --book "$tmp/a.book"
if grep -q 'info move' "$tmp/out" && ! grep -q 'source book' "$tmp/out" "$tmp/err"; then
    ok "6x6: no book"
else bad "6x6: no book" "$(head -c 300 "$tmp/out")"; fi

# Damaged and missing books: a message, then play without.
size=$(wc -c <"$tmp/a.book")
head -c $((size - 9)) "$tmp/a.book" >"$tmp/short.book"
printf 'QOTBgarbage' >"$tmp/junk.book"
cp "$tmp/a.book" "$tmp/flip.book"
printf 'Z' | dd of="$tmp/flip.book" bs=1 seek=40 conv=notrunc 2>/dev/null
for case in "short.book:truncated" "junk.book:not an Othello book" "flip.book:checksum mismatch" \
            "none.book:No such file"; do
    f=${case%%:*} want=${case#*:}
    printf 'genmove b\n' | "$QUARTET" --threads 1 --time 0.1 --book "$tmp/$f" >"$tmp/out" 2>"$tmp/err"
    if grep -q "$want" "$tmp/err" && grep -q 'playing without the opening book' "$tmp/err" &&
       grep -Eq '^= [a-h][1-8]$' "$tmp/out"; then
        ok "--book $f: '$want', and a move"
    else bad "--book $f: '$want', and a move" "$(cat "$tmp/err" "$tmp/out")"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
