#!/bin/sh
# The record readers refuse what is not a whole record (issue 41, items 8
# and 12-15): records of all four games in every format they have, cut at
# every byte ($TESTBIN/cut_records: quartet-render's reader and --check's,
# in one process), and a sample of those cuts through the programs
# themselves; numbers out of range, a folder, unbalanced SGF, and JSON
# Lines that strict readers reject, each refused with its line.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}" "${TESTBIN:=build/rel/tests}"
export LC_ALL=C
M=$BIN/quartet-match
R=$BIN/quartet-render
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
has() { grep -q -- "$2" "$1"; }
# refused FILE PATTERN: --check exits non-zero and prints PATTERN; quartet-render
# exits 2 and names the same line on stderr
refused() {
    $M --check "$1" >"$tmp/out" 2>&1
    rc=$?
    [ $rc -ne 0 ] && has "$tmp/out" "$2" || { echo "  --check (exit $rc):"; cat "$tmp/out"; return 1; }
    $R --list "$1" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && has "$tmp/err" "$2" || { echo "  quartet-render (exit $rc):"; cat "$tmp/err"; return 1; }
}

# ---- records of the four games: two games each, fast random players ----
P="$QUARTET --player random"
for spec in othello:6 yonin:8 separo:7 torushex:5 torushex,swap:5 yonin,team:8; do
    g=${spec%%:*} size=${spec#*:} n=$(echo "$g" | tr , _)
    sgf=
    case $g in othello|torushex*) sgf="--sgf $tmp/$n.sgf" ;; esac
    adj=
    [ "$g" = othello ] && adj="--adjudicate-empties 4"
    # shellcheck disable=SC2086
    $M -e "$P --seed 1" -e "$P --seed 2" --game "$g" --size "$size" --games 2 --quiet $adj \
        --jsonl "$tmp/$n.jsonl" --records "$tmp/$n.txt" $sgf >/dev/null 2>"$tmp/err" &&
        for f in "$tmp/$n".*; do $M --check "$f" >/dev/null || exit 1; done
    ok "records of $g check"
done
# And records of a hostile engine (tests/fake_engine.c --evil: line breaks,
# ']', '\', forged headers and bytes that are not UTF-8 in its name, its '?'
# answer and its final_score), as the writers escape them.
$M -e "$TESTBIN/fake_engine --seed 1 --name A" \
   -e "$TESTBIN/fake_engine --seed 2 --evil --refuse-at 3 --once $tmp/once --wrong-score" \
   --games 2 --quiet --jsonl "$tmp/evil.jsonl" --records "$tmp/evil.txt" --sgf "$tmp/evil.sgf" \
   >/dev/null 2>&1 && for f in "$tmp"/evil.*; do $M --check "$f" >/dev/null || exit 1; done
ok "records of a hostile engine check"
ls "$tmp"/*.jsonl "$tmp"/*.txt "$tmp"/*.sgf >"$tmp/files"
[ "$(wc -l <"$tmp/files")" -eq 18 ]; ok "18 record files (SGF for Othello and Torus Hex)"

# ---- every cut of every file, in one process ----
# shellcheck disable=SC2046
"$TESTBIN/cut_records" $(cat "$tmp/files") >"$tmp/cuts" 2>/dev/null
rc=$?
grep -v '^FAIL' "$tmp/cuts" | sed 's/^/  /'
grep '^FAIL' "$tmp/cuts" | head -n 5
cut_line=$(tail -n 1 "$tmp/cuts")
[ $rc -eq 0 ]; ok "every cut of every record refused, or read whole at a game's end"

# ---- a sample through the programs: every 151st byte of each file ----
bad=0 points=0
for f in $(cat "$tmp/files"); do
    size=$(wc -c <"$f")
    k=1
    while [ $k -lt "$size" ]; do
        head -c $k "$f" >"$tmp/cut"
        last=$(awk 'END { print NR }' "$tmp/cut")
        points=$((points + 1))
        # A cut at a game's end is a whole record: the sweep above checks those.
        if ! $M --check "$tmp/cut" >"$tmp/out" 2>&1; then
            $R --list "$tmp/cut" >/dev/null 2>"$tmp/err"
            [ $? -eq 2 ] && has "$tmp/out" ": line $last: " && has "$tmp/err" ": line $last: " ||
                { bad=$((bad + 1)); echo "  $f cut at $k: $(tail -n 2 "$tmp/out" | head -n 1)"; }
        elif ! [ "$(tail -c 1 "$tmp/cut" | od -An -c | tr -d ' ')" = '\n' ] &&
             ! [ "$(tail -c 1 "$tmp/cut")" = ')' ]; then
            bad=$((bad + 1)); echo "  $f cut at $k accepted"
        fi
        k=$((k + 151))
    done
done
[ $bad -eq 0 ]; ok "$points cuts through quartet-match --check and quartet-render, each refused with its line"

# ---- item 12: a missing Reason line, a dangling header ----
awk '/^Reason:/ && !done { done = 1; next } { print }' "$tmp/othello.txt" >"$tmp/noreason.txt"
refused "$tmp/noreason.txt" "the game ends without its Reason line"; ok "text: a game without its Reason line"
sed -n '1,/^Reason:/p' "$tmp/separo.txt" >"$tmp/part.txt"
refused "$tmp/part.txt" "cut off: the game of line 1 has no blank line"; ok "text: a game without its blank line"
{ cat "$tmp/yonin.txt"; printf '[Game 3\n'; } >"$tmp/dangling.txt"
refused "$tmp/dangling.txt" "bad game header"; ok "text: a dangling [Game header"

# Escaped values (doc/tournaments.md) are one line each: a Reason that
# spells a game header and a result is text, not a second game.
sed 's/^Reason: normal$/Reason: normal \\\\ \\n[Game 99]\\nResult: B+64\\r\\t\\x01/' "$tmp/separo.txt" \
    >"$tmp/esc.txt"
$M --check "$tmp/esc.txt" >"$tmp/out" && has "$tmp/out" "2 games checked, 0 disagree" &&
    grep -c 'Game 99' "$tmp/esc.txt" | grep -q '^2$' && $R --list "$tmp/esc.txt" >/dev/null
ok "text: escaped values read as one line each"
sed '1,/^Reason:/s/^Reason: normal$/Reason: a \\q escape/' "$tmp/separo.txt" >"$tmp/esc.txt"
refused "$tmp/esc.txt" "a backslash that is not one of the escapes"; ok "text: an unknown escape"

# ---- item 13: sizes and game numbers that would wrap to a valid one ----
# 4294967302 is 6 + 2^32 and 4294967297 is 1 + 2^32.
sed '1s/"size":6/"size":4294967302/' "$tmp/othello.jsonl" >"$tmp/big.jsonl"
refused "$tmp/big.jsonl" "line 1: JSON does not parse: size out of range"; ok "jsonl: size 2^32+6"
sed '2s/"game":2/"game":4294967297/' "$tmp/othello.jsonl" >"$tmp/big.jsonl"
refused "$tmp/big.jsonl" "line 2: JSON does not parse: game number out of range"; ok "jsonl: game 2^32+1"
$M --merge "$tmp/big.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "big.jsonl:2: not a JSON line"; ok "merge: game 2^32+1 refused"
sed 's/^Size: 6/Size: 4294967302/' "$tmp/othello.txt" >"$tmp/big.txt"
refused "$tmp/big.txt" "line 3: size out of range"; ok "text: size 2^32+6"
sed 's/^\[Game 1\]/[Game 4294967297]/' "$tmp/othello.txt" >"$tmp/big.txt"
refused "$tmp/big.txt" "line 1: bad game header"; ok "text: game 2^32+1"
sed 's/SZ\[6\]/SZ[4294967302]/' "$tmp/othello.sgf" >"$tmp/big.sgf"
refused "$tmp/big.sgf" "line 1: SGF does not parse: SZ out of range"; ok "sgf: size 2^32+6"
sed 's/GN\[game 1\]/GN[game 4294967297]/' "$tmp/othello.sgf" >"$tmp/big.sgf"
refused "$tmp/big.sgf" "line 1: SGF does not parse: game number in GN out of range"; ok "sgf: game 2^32+1"
grep -q '"reason":"adjudicated: exact solve at 4 empties"' "$tmp/othello.jsonl" &&
    sed 's/at 4 empties/at 4294967300 empties/' "$tmp/othello.jsonl" >"$tmp/big.jsonl" &&
    { $M --check "$tmp/big.jsonl" >"$tmp/out"; [ $? -eq 1 ]; } && has "$tmp/out" "MISMATCH: game not over"
ok "an adjudication at 2^32+4 empties is no adjudication"

# ---- item 14: a folder, a missing file ----
$M --check "$tmp" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "is a directory" && [ ! -s "$tmp/out" ]; ok "check: a folder is named as one"
$M --check "$tmp/nothing.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "No such file"; ok "check: a missing file says so"
$M --merge "$tmp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "Is a directory"; ok "merge: a folder is named as one"
$R --list "$tmp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "is a directory"; ok "render: a folder is named as one"
: >"$tmp/empty.sgf"
$M --check "$tmp/empty.sgf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "no game in the file"; ok "check: an empty file has no game"

# ---- item 15: unbalanced SGF ----
sed '1s/^(;/((;/' "$tmp/torushex.sgf" >"$tmp/open.sgf"
refused "$tmp/open.sgf" "line 1: SGF does not parse: variations"; ok "sgf: an extra ("
{ cat "$tmp/torushex.sgf"; echo ')'; } >"$tmp/close.sgf"
refused "$tmp/close.sgf" "SGF does not parse: '(' expected"; ok "sgf: an extra )"
sed 's/GC\[/GC[(/' "$tmp/torushex.sgf" >"$tmp/text.sgf"
$M --check "$tmp/text.sgf" >/dev/null; ok "sgf: a ( inside a value is text"

# ---- item 8 (reader): JSON Lines as strict as the format ----
# jsonl_bad NAME SED: line 2 of othello.jsonl changed by SED must be refused
# by --check and quartet-render (line 2) and by --merge (file:2)
jsonl_bad() {
    sed "2$2" "$tmp/othello.jsonl" >"$tmp/bad.jsonl"
    refused "$tmp/bad.jsonl" "line 2: " &&
        { $M --merge "$tmp/bad.jsonl" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ]; } &&
        has "$tmp/err" "bad.jsonl:2: "
    ok "jsonl: $1"
}
jsonl_bad "invalid UTF-8" "s/\"result\":\"/\"result\":\"$(printf '\377')/"
jsonl_bad "a raw control character" "s/\"result\":\"/\"result\":\"$(printf '\001')/"
jsonl_bad "a raw tab" "s/\"result\":\"/\"result\":\"$(printf '\t')/"
jsonl_bad "an unknown escape" 's/"result":"/"result":"\\x/'
jsonl_bad "a bad \\u escape" 's/"result":"/"result":"\\u12g4/'
jsonl_bad "trailing garbage" 's/}$/}x/'
jsonl_bad "a number with a leading +" 's/"opening_index":-1/"opening_index":+1/'
jsonl_bad "a bare word" 's/"forfeit":null/"forfeit":nul/'
jsonl_bad "an overlong encoding" "s/\"event\":\"/\"event\":\"$(printf '\300\257')/"
jsonl_bad "a surrogate" "s/\"event\":\"/\"event\":\"$(printf '\355\240\200')/"
sed "2s/\"event\":\"/\"event\":\"$(printf '\303\251')/" "$tmp/othello.jsonl" >"$tmp/utf8.jsonl"
$M --check "$tmp/utf8.jsonl" >/dev/null && $R --list "$tmp/utf8.jsonl" >/dev/null &&
    $M --merge "$tmp/utf8.jsonl" >/dev/null; ok "jsonl: valid UTF-8 is read"
# Names written by other JSON writers as \u escapes (a surrogate pair, a
# lone surrogate, a NUL) are read as UTF-8: U+00E9, U+1F600, U+FFFD.
sed 's/"Quartet#2"/"Caf\\u00E9 \\ud83d\\ude00 \\udc00\\u0000!"/' "$tmp/othello.jsonl" >"$tmp/u.jsonl"
E=$(printf 'Caf\303\251 \360\237\230\200 \357\277\275\357\277\275!')
$M --merge "$tmp/u.jsonl" | grep -qF "$E" && $R --list "$tmp/u.jsonl" | grep -qF "$E" &&
    $M --check "$tmp/u.jsonl" >/dev/null; ok "jsonl: \\u escapes read as UTF-8"

echo "(sweep: $cut_line; $points cuts through the programs)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
