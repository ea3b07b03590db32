#!/bin/sh
# The shared record corpus (tests/records/, its README says the format):
# every C reader of records gives each file's committed verdict. The
# records library itself ($TESTBIN/records_verdict) prints exactly the
# .verdict file; quartet-match --check refuses the same games with the
# same messages (and agrees with every real GGS game's result);
# quartet-render lists the accepted games with the same plies and result,
# or refuses with the first refused game's message; NBoard's `set game`
# accepts or refuses each GGF game alike; play_sequence accepts or refuses
# each transcript line alike. Then every format's write -> read -> write
# round trip on the corpus (records_verdict --round-trip); a resume whose
# repair fails leaves no half-written record; openings files read
# strictly by quartet-match and quartet-train alike.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}" "${TESTBIN:=build/rel/tests}"
export LC_ALL=C
D=tests/records
V=$TESTBIN/records_verdict
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}

files=$(ls $D | grep -v -e '\.verdict$' -e '^README.md$')
for f in $files; do
    [ -f "$D/$f.verdict" ]; ok "$f has a verdict file"
done

# ---- the library: byte for byte ----
for f in $files; do
    $V "$D/$f" >"$tmp/v" && cmp -s "$tmp/v" "$D/$f.verdict" ||
        { diff "$D/$f.verdict" "$tmp/v" | head -5; false; }
    ok "records: $f"
done

# ---- quartet-match --check ----
for f in $files; do
    $BIN/quartet-match --check "$D/$f" >"$tmp/c" 2>&1
    good=true
    if grep -q '^file refused: ' "$D/$f.verdict"; then
        msg=$(sed 's/^file refused: //' "$D/$f.verdict")
        grep -qF -- "$msg" "$tmp/c" || good=false
    else
        while IFS= read -r line; do
            n=${line%% *}
            case $line in
            *" refused: "*)
                msg=${line#* refused: }
                grep -e "^game $n: refused: " -e "^game [0-9]* .* MISMATCH: " "$tmp/c" | grep -qF -- "$msg" || good=false ;;
            *)
                ! grep -q "^game $n: refused" "$tmp/c" || good=false ;;
            esac
        done <"$D/$f.verdict"
    fi
    $good || { echo "  --check said:"; head -5 "$tmp/c"; }
    $good; ok "--check: $f"
done
# The real GGS games end with the result GGS recorded (a komi game's
# margin minus its komi).
for f in $D/ggs-*.ggf; do
    $BIN/quartet-match --check "$f" >"$tmp/c" && ! grep -q MISMATCH "$tmp/c"
    ok "--check: $(basename $f) ends with its recorded result"
done
# --check goes on after a refused game, and says so in its exit status.
$BIN/quartet-match --check $D/hostile-re-numbers.ggf >"$tmp/c"
[ $? -eq 1 ] && grep -q '^game 3 Othello 8 .*result=B+16' "$tmp/c" && grep -q '^3 games checked, 3 disagree' "$tmp/c"
ok "--check: every game reported after a refused one, exit status 1"

# ---- quartet-render --list ----
for f in $files; do
    $BIN/quartet-render --list "$D/$f" >"$tmp/l" 2>"$tmp/e"
    rc=$?
    first=$(grep -v ' ok ' "$D/$f.verdict" | head -1)
    if [ -n "$first" ]; then
        msg=${first#*refused: }
        # A game that reads but does not replay is refused when drawn.
        if [ $rc -eq 0 ]; then
            $BIN/quartet-render -g "${first%% *}" "$D/$f" >/dev/null 2>"$tmp/e"
            rc=$?
        fi
        [ $rc -eq 2 ] && grep -qF -- "$msg" "$tmp/e"
    else
        [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/l")" -eq "$(wc -l <"$D/$f.verdict")" ] &&
            awk '{ n = split($0, a, " "); for (i = 1; i <= n; i++) {
                       if (a[i] ~ /^moves=/) { m = substr(a[i], 7); print (m == "" ? 0 : split(m, x, ",")) }
                       if (a[i] ~ /^result=/) r = substr(a[i], 8) } print r }' "$D/$f.verdict" >"$tmp/want" &&
            awk '{ p = $0; sub(/ plies.*/, "", p); sub(/.*, /, "", p); print p
                   r = ""; if (index($0, ", result ")) { r = $0; sub(/.*, result /, "", r) }
                   print r }' "$tmp/l" >"$tmp/got" &&
            cmp -s "$tmp/want" "$tmp/got"
    fi
    ok "quartet-render: $f"
done

# ---- NBoard's set game: each GGF game on one line ----
for f in $(echo "$files" | grep '\.ggf$'); do
    # A game spread over lines is joined; a match line's games split.
    if [ "$(grep -c . "$D/$f")" -gt 1 ] && [ "$(wc -l <"$D/$f.verdict")" -eq 1 ]; then
        tr '\n' ' ' <"$D/$f"; echo
    else
        sed 's/^[0-9][0-9]* //; s/;)(;/;)\n(;/g' "$D/$f"
    fi >"$tmp/games"
    # A newline inside a value is part of what this file's verdict is
    # about; one line cannot carry it.
    grep -q 'control byte (10)' "$D/$f.verdict" && continue
    good=true k=0
    while IFS= read -r game; do
        k=$((k + 1))
        printf 'nboard 2\nset game %s\nping 1\n' "$game" | $QUARTET --protocol nboard >"$tmp/n" 2>/dev/null
        line=$(sed -n "${k}p" "$D/$f.verdict")
        case $line in
        *" refused: "*) grep -qF -- "bad GGF game: ${line#* refused: }; position unchanged" "$tmp/n" || good=false ;;
        *) ! grep -q '^status .*unchanged' "$tmp/n" || good=false ;;
        esac
        $good || { echo "  game $k: $(cat "$tmp/n" | head -3)"; break; }
    done <"$tmp/games"
    [ $k -eq "$(wc -l <"$D/$f.verdict")" ] && $good; ok "nboard set game: $f"
done

# ---- play_sequence: each transcript line ----
cr=$(printf '\r')
for f in $(echo "$files" | grep '\.transcript$'); do
    good=true k=0
    while IFS= read -r tline; do
        set -- $tline
        [ $# -gt 0 ] || continue # a blank line is no game
        k=$((k + 1))
        line=$(sed -n "${k}p" "$D/$f.verdict")
        # The game and size come from set_game and boardsize, whose own
        # refusals are the protocol's.
        # A line of no moves is play_sequence's usage error.
        case $line in *"unknown game"*|*"not played on"*|*"board size"*|*"no moves") continue ;; esac
        # A carriage return ends a GTP line (protocol framing); a record
        # line keeps it as part of its last word.
        case $tline in *"$cr"*) continue ;; esac
        # A bare Othello transcript (its first word a square) has neither.
        case $1 in
        [a-hA-H][1-8]*) g=Othello size=8 ;;
        *) g=$1 size=$2; shift 2 ;;
        esac
        printf 'set_game %s\nboardsize %s\nplay_sequence %s\nquit\n' "$g" "$size" "$*" | $QUARTET >"$tmp/p" 2>/dev/null
        got=$(grep -v '^$' "$tmp/p" | sed -n 3p)
        case $line in
        # GTP answers in ASCII: each other byte of a message shows as '?'.
        *" refused: "*) [ "$got" = "? $(printf '%s' "${line#* refused: }" | tr '\200-\377' '?')" ] || good=false ;;
        *) [ "$got" = "=" ] || good=false ;;
        esac
        $good || { echo "  line $k: $got"; break; }
    done <"$D/$f"
    $good; ok "play_sequence: $f"
done

# ---- round trips: each format's writer, read back, written again ----
for f in $files; do
    grep -q ' ok ' "$D/$f.verdict" || continue
    $V --round-trip "$D/$f" >"$tmp/r" 2>&1 || { head -3 "$tmp/r"; false; }
    ok "round trip: $f"
done

# ---- never half-written: a resume whose repair of the records fails
# (game 2's JSON line does not replay, after game 1 was repaired) leaves
# the text record and the GGF as they were, and no temporary file ----
mkdir "$tmp/at"
run() {
    $BIN/quartet-match -e "$QUARTET --player random --seed 1" -e "$QUARTET --player random --seed 2" \
        --games 2 --openings none --quiet --jsonl "$tmp/at/g.jsonl" --records "$tmp/at/g.txt" \
        --ggf "$tmp/at/g.ggf"
}
run >/dev/null 2>&1
: >"$tmp/at/g.txt"
sed -n 1p "$tmp/at/g.ggf" >"$tmp/g1" && cp "$tmp/g1" "$tmp/at/g.ggf"
# (its transcript changed alike: a line whose transcript disagrees with its
# moves is refused before any repair, as --check refuses it)
sed -e '2s/"moves":\["[a-h][1-8]"/"moves":["a1"/' -e '2s/"transcript":"[a-h][1-8]/"transcript":"a1/' \
    "$tmp/at/g.jsonl" >"$tmp/j" && cp "$tmp/j" "$tmp/at/g.jsonl"
run >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q 'game 2: move 1 (a1) does not replay' "$tmp/e" && [ ! -s "$tmp/at/g.txt" ] &&
    cmp -s "$tmp/at/g.ggf" "$tmp/g1" && [ "$(ls "$tmp/at" | wc -l)" -eq 3 ]
ok "resume: a failed repair leaves the records as they were, nothing half-written"

# ---- openings: a NUL inside a line and a note's numbers, strictly ----
printf 'f5\0d6\n' >"$tmp/nul.txt"
$BIN/quartet-match -e "$QUARTET" -e "$QUARTET" --openings "$tmp/nul.txt" --games 1 --quiet \
    >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q 'nul.txt:1: a NUL byte in the line' "$tmp/e"
ok "openings: a NUL inside a line refused (f5 NUL d6 is not read as f5)"

# quartet-train reads openings with the same reader: a transcript
# (f5d6c3) is the moves f5 d6 c3, and a NUL in a line is refused.
mkdir "$tmp/tr"
printf 'f5d6c3\n' >"$tmp/tr/a.txt"
printf 'f5 d6 c3\n' >"$tmp/tr/b.txt"
printf 'f5\0d6\n' >"$tmp/tr/c.txt"
tsp() { $BIN/quartet-train selfplay --games 2 --play-depth 1 --exact 8 --quiet --threads 1 "$@"; }
tsp --openings "$tmp/tr/a.txt" --out "$tmp/tr/a.games" >/dev/null 2>&1 &&
    tsp --openings "$tmp/tr/b.txt" --out "$tmp/tr/b.games" >/dev/null 2>&1 &&
    [ "$(sed 1d "$tmp/tr/a.games")" = "$(sed 1d "$tmp/tr/b.games")" ] &&
    sed -n 2p "$tmp/tr/a.games" | grep -q '^0 [0-9]* f5d6c3'
ok "quartet-train: an openings transcript (f5d6c3) reads as f5 d6 c3"
tsp --openings "$tmp/tr/c.txt" --out "$tmp/tr/c.games" >/dev/null 2>"$tmp/e"
[ $? -ne 0 ] && grep -q 'c.txt:1: a NUL byte in the line' "$tmp/e"
ok "quartet-train: a NUL inside an openings line refused"

# ---- quartet-match's records are the records library's writing ----
# For every game of test matches (hostile engine text, every game with a
# record format, each time control), $TESTBIN/match_write reads the
# JSON line quartet-match wrote (records/match_read.c) and writes it in
# each format with records/match_write.c: the bytes quartet-match wrote,
# so its JSON line reads and writes again exactly, and its text, SGF and
# GGF are the one writer's. Then the records' readers' own round trip
# (records_verdict --round-trip) on each file it wrote.
W=$TESTBIN/match_write
F=$TESTBIN/fake_engine
mw() { # NAME TIMEOUT FORMATS... : match $tmp/mw/NAME.* against match_write
    name=$1 to=$2; shift 2
    for fmt in "$@"; do
        ext=$fmt; [ $fmt = text ] && ext=txt
        $W $fmt $to "$tmp/mw/$name.jsonl" >"$tmp/mw/out" &&
            [ -s "$tmp/mw/$name.$ext" ] && cmp "$tmp/mw/out" "$tmp/mw/$name.$ext" &&
            { [ $fmt = jsonl ] || $V --round-trip "$tmp/mw/$name.$ext" >"$tmp/mw/r" 2>&1 ||
                { head -3 "$tmp/mw/r"; false; }; }
        ok "records/ writes quartet-match's $name $fmt, and reads it back exactly"
    done
}
mkdir "$tmp/mw"
qm() { # NAME ARGS...: a 4-game match of an honest and a hostile engine
    name=$1; shift
    $BIN/quartet-match -e "$F --seed 1 --name A --slow 0.003" -e "$F --seed 2 --evil --refuse-at 3 --wrong-score" \
        --games 4 --quiet --jsonl "$tmp/mw/$name.jsonl" --records "$tmp/mw/$name.txt" "$@" >/dev/null 2>&1
}
qm othello --tc 2+0.5 --sgf "$tmp/mw/othello.sgf" --ggf "$tmp/mw/othello.ggf"; ok "match: othello"
mw othello 30 jsonl text sgf ggf
qm othellonotc --timeout 7 --openings none --sgf "$tmp/mw/othellonotc.sgf" --ggf "$tmp/mw/othellonotc.ggf"
ok "match: othello, no time control"
mw othellonotc 7 jsonl text sgf ggf
qm torushex --game torushex --timeout 9 --sgf "$tmp/mw/torushex.sgf"; ok "match: torushex"
mw torushex 9 jsonl text sgf
qm yonin --game yonin,team --tc 0.5; ok "match: yonin team"
mw yonin 30 jsonl text
[ "$(cat "$tmp/mw"/*.jsonl | wc -l)" -eq 16 ]; ok "match_write: 16 games written"
# One verdict: a line of quartet-match that the records' reader refuses (a
# transcript that disagrees with the moves: it parses as JSON) is refused
# by --merge and resume with the reason --check gives.
sed '2s/"transcript":"[a-h]\([1-8]\)/"transcript":"x\1/' "$tmp/mw/othello.jsonl" >"$tmp/mw/tr.jsonl"
why=$($BIN/quartet-match --check "$tmp/mw/tr.jsonl" | sed -n 's/^game 2: refused: line 2: //p')
$BIN/quartet-match --merge "$tmp/mw/tr.jsonl" >/dev/null 2>"$tmp/mw/e"
[ $? -eq 2 ] && [ -n "$why" ] && grep -qF "tr.jsonl:2: not a JSON line of quartet-match: $why" "$tmp/mw/e"
ok "--merge refuses the line --check refuses, with its reason"
cp "$tmp/mw/tr.jsonl" "$tmp/mw/tr2.jsonl"
qm tr2 --tc 2+0.5 >/dev/null 2>&1
[ $? -ne 0 ] && cmp -s "$tmp/mw/tr.jsonl" "$tmp/mw/tr2.jsonl"
ok "resume refuses it too, and leaves the file as it was"

# One verdict on quartet-match's other keys (scores, times, ...): each line
# of hostile-match-keys.jsonl alone is refused by --merge with the reason
# of its verdict, or merged when the verdict takes it.
f=$D/hostile-match-keys.jsonl
n=0
while IFS= read -r line; do
    n=$((n + 1))
    printf '%s\n' "$line" >"$tmp/mk.jsonl"
    $BIN/quartet-match --merge "$tmp/mk.jsonl" >/dev/null 2>"$tmp/mk.e"
    rc=$?
    v=$(sed -n "${n}p" "$f.verdict")
    case $v in
    *" refused: "*)
        msg=${v#* refused: line $n: }
        [ $rc -eq 2 ] && grep -qF "mk.jsonl:1: not a JSON line of quartet-match: $msg" "$tmp/mk.e" ;;
    *) [ $rc -ne 2 ] && ! grep -q "not a JSON line" "$tmp/mk.e" ;;
    esac
    ok "--merge agrees with the verdict of hostile-match-keys.jsonl line $n"
done <"$f"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
