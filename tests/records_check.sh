#!/bin/sh
# The record readers refuse what is not a whole record (issue 41, items 8
# and 12-15): records of all four games in every format they have, cut at
# every byte ($TESTBIN/cut_records: the records library's reader and --check's,
# in one process), and a sample of those cuts through the programs
# themselves; numbers out of range, a folder, unbalanced SGF, and JSON
# Lines that strict readers reject, each refused with its line. GGF
# (Othello) is swept too; every format of a game checks to the same lines;
# transcripts that disagree with the moves, and GGF games that are not
# ours to read, are refused.
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
    [ "$g" = othello ] && sgf="$sgf --ggf $tmp/$n.ggf"
    adj=
    [ "$g" = othello ] && adj="--adjudicate-empties 4"
    # shellcheck disable=SC2086
    $M -e "$P --seed 1" -e "$P --seed 2" --game "$g" --size "$size" --games 2 --quiet $adj \
        --jsonl "$tmp/$n.jsonl" --records "$tmp/$n.txt" $sgf >/dev/null 2>"$tmp/err" &&
        for f in "$tmp/$n".*; do $M --check "$f" >"$f.chk" || exit 1; done &&
        for f in "$tmp/$n".*.chk; do cmp -s "$f" "$tmp/$n.jsonl.chk" || exit 1; done
    ok "records of $g check, every format to the same lines"
done
# And records of a hostile engine (tests/fake_engine.c --evil: line breaks,
# ']', '\', forged headers and bytes that are not UTF-8 in its name, its '?'
# answer and its final_score), as the writers escape them.
$M -e "$TESTBIN/fake_engine --seed 1 --name A" \
   -e "$TESTBIN/fake_engine --seed 2 --evil --refuse-at 3 --once $tmp/once --wrong-score" \
   --games 2 --quiet --jsonl "$tmp/evil.jsonl" --records "$tmp/evil.txt" --sgf "$tmp/evil.sgf" \
   --ggf "$tmp/evil.ggf" >/dev/null 2>&1 && for f in "$tmp"/evil.*; do $M --check "$f" >"$f.chk" || exit 1; done &&
   for f in "$tmp"/evil.*.chk; do cmp -s "$f" "$tmp/evil.jsonl.chk" || exit 1; done
ok "records of a hostile engine check, every format to the same lines"
rm -f "$tmp"/*.chk
ls "$tmp"/*.jsonl "$tmp"/*.txt "$tmp"/*.sgf "$tmp"/*.ggf >"$tmp/files"
[ "$(wc -l <"$tmp/files")" -eq 20 ]; ok "20 record files (SGF for Othello and Torus Hex, GGF for Othello)"

# ---- every cut of every file, in one process ----
# shellcheck disable=SC2046
"$TESTBIN/cut_records" $(cat "$tmp/files") >"$tmp/cuts" 2>/dev/null
rc=$?
grep -v '^FAIL' "$tmp/cuts" | sed 's/^/  /'
grep '^FAIL' "$tmp/cuts" | head -n 5
cut_line=$(tail -n 1 "$tmp/cuts")
[ $rc -eq 0 ]; ok "every cut of every record refused, or read whole at a game's end"

# ---- round trips: GGF games and Othello transcripts of every record made
# here and of the committed test data (tests/render) ----
# shellcheck disable=SC2046
"$TESTBIN/cut_records" --round-trip $(cat "$tmp/files") tests/render/*.jsonl tests/render/*.txt \
    tests/render/*.sgf tests/render/*.ggf >"$tmp/rt" 2>&1
rc=$?
grep '^FAIL' "$tmp/rt" | head -n 5
# Every Othello file has its transcripts checked, every GGF file its games.
[ $rc -eq 0 ] && ! grep -E '/(othello|evil)[^/]*: 0 transcripts' "$tmp/rt" &&
    ! grep -E '\.ggf: [0-9]+ transcripts, 0 GGF' "$tmp/rt" &&
    [ "$(grep -c '\.ggf: [1-9][0-9]* transcripts, [1-9][0-9]* GGF' "$tmp/rt")" -eq 4 ]
ok "round trips: $(tail -n 1 "$tmp/rt")"

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
refused "$tmp/big.sgf" "line 1: SZ out of range"; ok "sgf: size 2^32+6"
sed 's/GN\[game 1\]/GN[game 4294967297]/' "$tmp/othello.sgf" >"$tmp/big.sgf"
refused "$tmp/big.sgf" "line 1: game number in GN out of range"; ok "sgf: game 2^32+1"
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

# ---- GGF: what the reader refuses, and what it reads of other programs ----
# ggf_bad NAME SED PATTERN: game 2 of othello.ggf changed by SED is refused
# at line 2 with PATTERN
ggf_bad() {
    sed "2$2" "$tmp/othello.ggf" >"$tmp/bad.ggf"
    refused "$tmp/bad.ggf" "line 2$3"; ok "ggf: $1"
}
ggf_bad "RE and QR disagree" 's/RE\[[-+0-9.]*\]/RE[+1.00]/' ": RE and QR disagree"
ggf_bad "another game" 's/GM\[Othello\]/GM[Amazons]/' ": not an Othello game"
ggf_bad "another game type" 's/TY\[6\]/TY[6a]/' ": TY\[6a\]: anti-Othello (a) is a rule variant Quartet does not play"
ggf_bad "two board sizes" 's/TY\[6\]/TY[8]/' ": TY\[8\] and BO give two board sizes (8 and 6)"
ggf_bad "game 2^32+1" 's/GN\[2\]/GN[4294967297]/' ": game number in GN out of range"
ggf_bad "an event id not of 16 hex digits" 's/QI\[\([0-9a-f]*\)\]/QI[\1f]/' ": QI is not an event id"
ggf_bad "games scheduled 2^32+2" 's/QS\[2\]/QS[4294967298]/' ": QS is not a number of games"
ggf_bad "one engine index" 's/QE\[\([0-9]*\),[0-9]*\]/QE[\1]/' ": QE is not two engine indices"
ggf_bad "a bad move time" 's/\]W\[\([A-F][1-6]\)\/\/[0-9.]*\]/]W[\1\/\/x]/' ": GGF does not parse: .*time 'x' is not a number"
ggf_bad "a second PB" 's/PB\[/PB[x]PB[/' ": GGF does not parse: a second PB"
ggf_bad "a BO one square short" 's/BO\[6 ------/BO[6 -----/' ": GGF does not parse: BO must end with the side to move"
ggf_bad "an unclosed game" 's/;)$//' ": GGF does not parse: the game is not closed"
sed '2s/\]B\[\([A-F][1-6]\)/]B[\1/2; 2s/W\[[A-F][1-6]\(\/\/[0-9.]*\)\]/W[A1\1]/2' "$tmp/othello.ggf" >"$tmp/bad.ggf"
$M --check "$tmp/bad.ggf" >"$tmp/out"; [ $? -eq 1 ] && has "$tmp/out" "game 2 .*MISMATCH: move 4 (a1) is illegal"
ok "ggf: an illegal move is a disagreement"
# An NBoard game (its BO one run of squares, no quartet-match fields, a
# move with an eval, RE[?]) and a GGS game from a set-up start with the
# forced pass left out: read, replayed from their starts, drawn.
printf '(;GM[Othello]PC[NBoard]DT[2026-11-29 06:00:00 GMT]PB[Edax 4.5]PW[Quartet]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6//1.2]B[E6/0.50/3.01]W[F4//0.01];)\n' >"$tmp/nb.ggf"
$R --list "$tmp/nb.ggf" | grep -qxF 'game 1: Othello 8x8, 4 plies, Edax 4.5 vs Quartet, result ?' &&
    $M --check "$tmp/nb.ggf" | grep -q '^game 1 Othello 8 plies=4 .*MISMATCH: game not over after 4 moves'
ok "ggf: an NBoard game is read"
# White to move; after its d3 black has no move: GGS leaves the
# pass out (W, then W); the reader puts it in. White's d5 ends the
# game, 6-1 to white (W+62 with the empties).
printf '(;GM[Othello]PC[GGS/os]PB[b]PW[w]RE[-62.00]TY[8]\nBO[8 ---O---- ---*---- -------O ---*---- -------- -------- -------- -*------ O]\nW[D3//1.5] W[D5]\n;)\n' >"$tmp/gs.ggf"
$R --list "$tmp/gs.ggf" | grep -qxF 'game 1: Othello 8x8, 3 plies, b vs w, result W+62' &&
    $M --check "$tmp/gs.ggf" | grep -q '^game 1 Othello 8 plies=3 .* result=W+62 ok$' &&
    $R -p 3 "$tmp/gs.ggf" | grep -q 'black 1, white 6'
ok "ggf: a GGS game from a set-up start is replayed from it"
# A loss on time: RE gives the board to the winner with GGF's :t, QR the
# runner's W+T, and the GGF checks to the JSONL's lines.
$M -e "$TESTBIN/fake_engine --seed 1 --slow 0.3" -e "$TESTBIN/fake_engine --seed 2" --games 1 --quiet \
    --tc 0.05 --margin 0 --jsonl "$tmp/t.jsonl" --ggf "$tmp/t.ggf" >/dev/null 2>&1
grep -q 'RE\[-64\.00:t\].*QR\[W+T\]' "$tmp/t.ggf" && $M --check "$tmp/t.jsonl" >"$tmp/t1" &&
    $M --check "$tmp/t.ggf" | cmp -s - "$tmp/t1" && has "$tmp/t1" 'result=W+T ok'
ok "ggf: a loss on time is RE[-64.00:t]"
$M -e "$QUARTET" -e "$QUARTET" --game yonin --games 1 --ggf "$tmp/y.ggf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "GGF records are for Othello only (not Yonin)" && [ ! -e "$tmp/y.ggf" ]
ok "--ggf refused for Yonin"
# Transcripts: one that disagrees with the moves is refused, in both formats.
sed '0,/^Transcript: ../s/^Transcript: \(..\)/Transcript: a1/' "$tmp/othello.txt" >"$tmp/tr.txt"
refused "$tmp/tr.txt" "line 11: the transcript does not agree with the moves at move 1"; ok "text: a transcript that disagrees"
sed '2s/"transcript":"\(....\)/"transcript":"\1a1/' "$tmp/othello.jsonl" >"$tmp/tr.jsonl"
refused "$tmp/tr.jsonl" "line 2: the transcript does not agree with the moves at move 3"; ok "jsonl: a transcript that disagrees"
sed '2s/"transcript":"/"transcript":"a1/; 2s/","move_times"/a1","move_times"/' "$tmp/othello.jsonl" >"$tmp/tr.jsonl"
refused "$tmp/tr.jsonl" "line 2: the transcript does not agree"; ok "jsonl: a transcript with a move too many"
sed '0,/^Transcript: /s/^\(Transcript: .*\)$/\1\n\1/' "$tmp/othello.txt" >"$tmp/tr.txt"
refused "$tmp/tr.txt" "a second Transcript line"; ok "text: two Transcript lines"

echo "(sweep: $cut_line; $points cuts through the programs)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
