#!/bin/sh
# quartet-match's records and engine processes against hostile engines
# ($TESTBIN/fake_engine): engine text with line breaks, ']', '\', forged
# "[Game 99]"/"Result:" lines and bytes that are not UTF-8 stays inside
# its field in all four formats (valid UTF-8, --check passes, the escapes
# of doc/tournaments.md); a kill between the JSON line and the other
# records is repaired on resume (each game once in each file, the same
# bytes as a run never killed; GGF, whose move times differ from run to
# run, the same bytes as every game written again from the JSON lines); an engine that ignores EOF and SIGTERM
# dies with a kill -9'd runner, also under a wrapper script, and inherits
# no record file; --engine-stderr stops at its cap;
# time_left never sends 0 while time is left; a record that cannot be
# written (a full disk, a size limit) stops the event with status 2.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}" "${TESTBIN:=build/rel/tests}"
export LC_ALL=C
M=$BIN/quartet-match
F=$TESTBIN/fake_engine
tmp=$(mktemp -d) || exit 1
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
has() { grep -q -- "$2" "$1"; }
count() { grep -c -- "$2" "$1"; }
utf8() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
# A process is gone when it has no /proc entry or is a zombie.
alive() { [ -r "/proc/$1/stat" ] && ! sed 's/.*) //' "/proc/$1/stat" | grep -q '^Z'; }

# ---- engine text in the records: B (Evil) refuses its 3rd genmove of the
# first game with a hostile multi-line '?', then plays and answers
# final_score with a hostile text; its name and version are hostile too ----
ev() { $M -e "$F --seed 1 --name A" -e "$F --seed 2 --evil --refuse-at 3 --once $tmp/once --wrong-score" \
          --games 3 --quiet "$@"; }
rm -f "$tmp/once"
ev --jsonl "$tmp/e.jsonl" --records "$tmp/e.txt" --sgf "$tmp/e.sgf" --ggf "$tmp/e.ggf" >"$tmp/out" 2>"$tmp/err"; ok "evil engine: the match runs"
for f in e.jsonl e.txt e.sgf e.ggf; do
    utf8 "$tmp/$f"; ok "evil: $f is valid UTF-8"
    $M --check "$tmp/$f" >"$tmp/$f.chk" && has "$tmp/$f.chk" "3 games checked, 0 disagree"; ok "evil: $f checks"
done
cmp -s "$tmp/e.jsonl.chk" "$tmp/e.txt.chk" && cmp -s "$tmp/e.jsonl.chk" "$tmp/e.sgf.chk" &&
    cmp -s "$tmp/e.jsonl.chk" "$tmp/e.ggf.chk"; ok "evil: four formats, same games"
[ "$(wc -l <"$tmp/e.ggf")" -eq 3 ] && [ "$(count "$tmp/e.ggf" '^(;GM\[Othello\]PC\[quartet-match\]')" -eq 3 ]; ok "evil: one GGF game per line"
[ "$(wc -l <"$tmp/e.jsonl")" -eq 3 ]; ok "evil: one JSON line per game"
# The text record: three games, and every line is a key of the format.
[ "$(count "$tmp/e.txt" '^\[Game ')" -eq 3 ] && [ "$(count "$tmp/e.txt" '^Result: ')" -eq 3 ] &&
    [ "$(count "$tmp/e.txt" '^Reason: ')" -eq 3 ]; ok "evil: no forged [Game or Result: line"
! grep -v -E '^(\[Game [0-9]+\]|(Game|Size|Variants|Event|Date|TimeControl|Seat [a-z]+|Opening|Transcript|Result|Reason): .*|Moves:.*|)$' \
    "$tmp/e.txt" | grep -q .; ok "evil: every text line is a field"
# Known answers: the name one line with U+FFFD per bad byte, the reason's
# escapes, the SGF's \] and \\.
R=$(printf '\357\277\275')
grep -qxF 'Seat white: Evil]\\ Result: W+64 [Game 99] '"$R$R$R" "$tmp/e.txt"; ok "evil: name in the text record"
grep -qF '"engines":["A","Evil]\\ Result: W+64 [Game 99] '"$R$R$R"'"]' "$tmp/e.jsonl"; ok "evil: name in JSONL"
grep -qF 'Reason: genmove refused: ? no move\nResult: W+64\n[Game 99]\nReason: normal\n\\]) \x1b[31m'"$R$R"' (white, ' \
    "$tmp/e.txt"; ok "evil: reason escaped in the text record"
grep -qF '"reason":"genmove refused: ? no move\nResult: W+64\n[Game 99]\nReason: normal\n\\]) \u001b[31m'"$R$R"' (white, ' \
    "$tmp/e.jsonl"; ok "evil: reason escaped in JSONL"
grep -qF 'PW[Evil\]\\ Result: W+64 [Game 99\] '"$R$R$R"']' "$tmp/e.sgf" && grep -qxF '[Game 99\]' "$tmp/e.sgf" &&
    grep -qF '\\\])  [31m' "$tmp/e.sgf"; ok "evil: SGF escapes"
grep -qF '"disagreement":"Evil]\\ Result: W+64 [Game 99] '"$R$R$R"' says W+99\n[Game 99]\n'"$R"'"' "$tmp/e.jsonl"; ok "evil: disagreement escaped"
[ "$(count "$tmp/e.sgf" 'GN\[game ')" -eq 3 ] && [ "$(count "$tmp/e.sgf" '^(;FF')" -eq 3 ]; ok "evil: three SGF trees"
# GGF escapes ']' and '\' and has no control characters (one game a line).
grep -qF 'PW[Evil\]\\ Result: W+64 [Game 99\] '"$R$R$R"']' "$tmp/e.ggf" &&
    grep -qF 'GC[genmove refused: ? no move Result: W+64 [Game 99\] Reason: normal \\\])  [31m' "$tmp/e.ggf" &&
    ! grep -q "$(printf '\033')" "$tmp/e.ggf"; ok "evil: GGF escapes"
# Transcripts: the text record's and the JSON line's are the moves without passes.
for k in 1 2 3; do
    mv=$(sed -n "/^\[Game $k\]/,/^\$/p" "$tmp/e.txt" | sed -n 's/^Moves: //p' | sed 's/ pass//g; s/ //g')
    tr=$(sed -n "/^\[Game $k\]/,/^\$/p" "$tmp/e.txt" | sed -n 's/^Transcript: //p')
    js=$(sed -n "${k}p" "$tmp/e.jsonl" | jq -r '.transcript')
    [ -n "$mv" ] && [ "$mv" = "$tr" ] && [ "$tr" = "$js" ] || break
done; ok "evil: transcripts agree with the moves"

# ---- a kill between the JSON line and the other records; resume repairs ----
run6() { $M -e "$F --seed 1" -e "$F --seed 2" --games 6 --quiet "$@"; }
run6 --jsonl "$tmp/r.jsonl" --records "$tmp/r.txt" --sgf "$tmp/r.sgf" >/dev/null 2>&1; ok "reference run"
kr() { # STAGE:GAME [cut BYTES from the text record after the kill]
    rm -f "$tmp/k.jsonl" "$tmp/k.txt" "$tmp/k.sgf" "$tmp/k.ggf"
    QUARTET_MATCH_TEST_KILL=$1 run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" \
        $GGF >/dev/null 2>&1
    rc=$?
    [ -n "$2" ] && truncate -s "-$2" "$tmp/k.txt"
    [ $rc -eq 137 ] && [ "$(wc -l <"$tmp/k.jsonl")" -eq "${1#*:}" ]
}
kr after-jsonl:3; ok "killed right after game 3's JSON line"
[ "$(count "$tmp/k.txt" '^\[Game ')" -eq 2 ] && [ "$(count "$tmp/k.sgf" 'GN\[game ')" -eq 2 ]; ok "the kill left game 3 in the JSONL only"
run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" >/dev/null 2>"$tmp/err"; ok "resume after the kill"
has "$tmp/err" "game 3 written to the text record and SGF from its JSON line"; ok "resume says what it repaired"
for f in jsonl txt sgf; do
    $M --check "$tmp/k.$f" >"$tmp/k.$f.chk" && has "$tmp/k.$f.chk" "6 games checked, 0 disagree" &&
        [ "$(cut -d' ' -f2 "$tmp/k.$f.chk" | sort | uniq -d | wc -l)" -eq 0 ]; ok "after repair: $f checks, each game once"
done
cmp -s "$tmp/k.txt" "$tmp/r.txt" && cmp -s "$tmp/k.sgf" "$tmp/r.sgf"; ok "after repair: text and SGF as a run never killed"
# Killed after the text record: only the SGF lacks the game.
kr after-text:2 && [ "$(count "$tmp/k.txt" '^\[Game ')" -eq 2 ] && [ "$(count "$tmp/k.sgf" 'GN\[game ')" -eq 1 ]; ok "killed after game 2's text record"
run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" >/dev/null 2>"$tmp/err" &&
    has "$tmp/err" "game 2 written to the SGF from" && ! has "$tmp/err" "text record and" &&
    cmp -s "$tmp/k.txt" "$tmp/r.txt" && cmp -s "$tmp/k.sgf" "$tmp/r.sgf"; ok "SGF repaired alone"
# A text record cut off mid-record (a crash while it was written) is dropped and written again.
kr after-jsonl:3 7; ok "kill, then game 2's text record cut"
run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" >/dev/null 2>"$tmp/err" &&
    has "$tmp/err" "k.txt: a record cut off by a crash" && cmp -s "$tmp/k.txt" "$tmp/r.txt" &&
    cmp -s "$tmp/k.sgf" "$tmp/r.sgf"; ok "cut-off text record repaired"
# GGF: killed after game 4's SGF, game 4 is missing from the GGF only;
# resume writes it from its JSON line. Move times differ from run to run,
# so the file must be what writing every game from the JSON lines gives:
# the same bytes, times, players and results as the runner wrote live.
ggf_whole() { # the GGF every game written again from k.jsonl
    rm -f "$tmp/wg.ggf" && cp "$tmp/k.jsonl" "$tmp/wg.jsonl" &&
        run6 --jsonl "$tmp/wg.jsonl" --ggf "$tmp/wg.ggf" >/dev/null 2>&1 && cmp -s "$tmp/k.ggf" "$tmp/wg.ggf"
}
GGF="--ggf $tmp/k.ggf"
kr after-sgf:4 && [ "$(count "$tmp/k.sgf" 'GN\[game ')" -eq 4 ] && [ "$(wc -l <"$tmp/k.ggf")" -eq 3 ]; ok "killed after game 4's SGF"
run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" $GGF >/dev/null 2>"$tmp/err" &&
    has "$tmp/err" "game 4 written to the GGF from its JSON line" && ! has "$tmp/err" "SGF and" &&
    cmp -s "$tmp/k.txt" "$tmp/r.txt" && cmp -s "$tmp/k.sgf" "$tmp/r.sgf"; ok "GGF repaired alone"
$M --check "$tmp/k.ggf" >"$tmp/k.ggf.chk" && has "$tmp/k.ggf.chk" "6 games checked, 0 disagree" &&
    [ "$(cut -d' ' -f2 "$tmp/k.ggf.chk" | sort | uniq -d | wc -l)" -eq 0 ] &&
    $M --check "$tmp/k.jsonl" | cmp -s - "$tmp/k.ggf.chk"; ok "after repair: GGF checks, each game once, as the JSONL"
ggf_whole; ok "after repair: GGF as every game written from the JSON lines"
# Move times: engines that take 4 ms a move; each GGF move's time is its
# JSON line's (passes forced by the rules have none), at least 0.004 s.
# From the initial position: the default Othello set's moves carry none.
$M -e "$F --seed 1 --slow 0.004" -e "$F --seed 2 --slow 0.004" --games 1 --quiet --openings none \
   --jsonl "$tmp/t.jsonl" --ggf "$tmp/t.ggf" >/dev/null 2>&1 &&
    sed 's/\]\([BW]\[\)/]\n\1/g' "$tmp/t.ggf" | grep '^[BW]\[' | grep -v 'PA\]' | sed 's/.*\/\///; s/\].*//' >"$tmp/t.g" &&
    jq -r '[.moves, .move_times] | transpose[] | select(.[0] != "pass") | .[1]' "$tmp/t.jsonl" >"$tmp/t.j" &&
    [ "$(wc -l <"$tmp/t.g")" -gt 50 ] && cmp -s "$tmp/t.g" "$tmp/t.j" &&
    awk '$1 < 0.004 { bad = 1 } END { exit bad }' "$tmp/t.g"; ok "GGF: engine moves carry their JSON line's times"
# Killed after the JSON line with the GGF's last game cut mid-line.
kr after-jsonl:3 && truncate -s -9 "$tmp/k.ggf" && [ "$(wc -l <"$tmp/k.ggf")" -eq 1 ]; ok "kill, then game 2's GGF cut"
run6 --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" $GGF >/dev/null 2>"$tmp/err" &&
    has "$tmp/err" "k.ggf: a record cut off by a crash" &&
    has "$tmp/err" "game 3 written to the text record, SGF and GGF from its JSON line" &&
    cmp -s "$tmp/k.txt" "$tmp/r.txt" && [ "$(wc -l <"$tmp/k.ggf")" -eq 6 ] && ggf_whole; ok "cut-off GGF repaired"
GGF=
# --sgf DIR: the missing game file is written.
rm -rf "$tmp/k.jsonl" "$tmp/kd" "$tmp/rd"
run6 --jsonl "$tmp/rd.jsonl" --sgf "$tmp/rd" >/dev/null 2>&1
QUARTET_MATCH_TEST_KILL=after-jsonl:4 run6 --jsonl "$tmp/k.jsonl" --sgf "$tmp/kd" >/dev/null 2>&1
[ ! -e "$tmp/kd/game-0004.sgf" ] && run6 --jsonl "$tmp/k.jsonl" --sgf "$tmp/kd" >/dev/null 2>&1 &&
    diff -r "$tmp/kd" "$tmp/rd" >/dev/null; ok "--sgf DIR repaired"

# Engine text survives the repair: written again from the JSON line, the
# evil game is the same bytes.
rm -f "$tmp/once" "$tmp/k.jsonl" "$tmp/k.txt" "$tmp/k.sgf"
QUARTET_MATCH_TEST_KILL=after-jsonl:1 ev --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" >/dev/null 2>&1
[ ! -s "$tmp/k.txt" ] && ev --jsonl "$tmp/k.jsonl" --records "$tmp/k.txt" --sgf "$tmp/k.sgf" >/dev/null 2>&1 &&
    cmp -s "$tmp/k.txt" "$tmp/e.txt" && cmp -s "$tmp/k.sgf" "$tmp/e.sgf"; ok "evil game repaired to the same bytes"

# ---- parent death: an engine hung in genmove that ignores SIGTERM and EOF
# dies with the runner's kill -9 ----
# die_with_runner NAME [WRAPPER]: two such engines (WRAPPER before each
# command), the runner killed once both play; both gone within 2 s
die_with_runner() {
    rm -f "$tmp/plog"
    $M -e "$2 $F --seed 1 --ignore-term --hang-at 1 --log $tmp/plog" \
       -e "$2 $F --seed 2 --ignore-term --log $tmp/plog" --games 1 --timeout 60 --quiet >/dev/null 2>&1 &
    mp=$!
    i=0
    while [ "$(cat "$tmp/plog" 2>/dev/null | wc -l)" -lt 4 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    sleep 0.3
    pids=$(cut -d' ' -f2 "$tmp/plog" | tail -n 2)
    kill -9 $mp
    wait $mp 2>/dev/null
    i=0 left=1
    while [ $i -lt 20 ] && [ $left -gt 0 ]; do
        left=0
        for p in $pids; do alive "$p" && left=$((left + 1)); done
        [ $left -gt 0 ] && sleep 0.1
        i=$((i + 1))
    done
    [ -n "$pids" ] && [ $left -eq 0 ]; ok "$1 ($left of $(echo $pids | wc -w) left after 2 s)"
    for p in $pids; do alive "$p" && kill -9 "$p"; done
}
die_with_runner "engines die with the runner"
# The same with each engine started by a wrapper script that does not exec
# it: the engines are the runner's grandchildren, which PR_SET_PDEATHSIG
# does not reach; the guard of their process group does.
printf '#!/bin/sh\n"$@"\nstatus=$?\nexit $status\n' >"$tmp/wrap.sh"
die_with_runner "engines under a wrapper die with the runner" "sh $tmp/wrap.sh"
# A normal end: a wrapped engine that ignores quit, EOF and SIGTERM is gone
# when the runner has exited.
rm -f "$tmp/plog"
$M -e "sh $tmp/wrap.sh $F --seed 1 --ignore-term --ignore-quit --log $tmp/plog" -e "$F --seed 2" --games 1 --quiet >/dev/null 2>&1
pids=$(cut -d' ' -f2 "$tmp/plog" | sort -u)
left=0
for p in $pids; do alive "$p" && left=$((left + 1)); done
[ -n "$pids" ] && [ $left -eq 0 ]; ok "a wrapped engine that ignores quit is gone after the run ($left left)"
for p in $pids; do alive "$p" && kill -9 "$p"; done
# Engines get no descriptor of the record files: one could write to them.
printf '#!/bin/sh\nls -l /proc/$$/fd >"%s" 2>&1\nexec "$@"\n' "$tmp/fds" >"$tmp/fdwrap.sh"
$M -e "sh $tmp/fdwrap.sh $F --seed 1" -e "$F --seed 2" --games 1 --quiet --jsonl "$tmp/fd.jsonl" --records "$tmp/fd.txt" \
   --sgf "$tmp/fd.sgf" >/dev/null 2>&1 && [ -s "$tmp/fds" ] && ! grep -q "$tmp/fd\." "$tmp/fds"; ok "engines inherit no record file"

# ---- the stderr cap: two engines flood 300 kB each at start; 50 kB each kept ----
$M -e "$F --seed 1 --flood-stderr 300000 --name A" -e "$F --seed 2 --flood-stderr 300000 --name B" --games 2 --quiet \
   --engine-stderr "$tmp/se" --engine-stderr-max 0.05 --jsonl "$tmp/se.jsonl" >/dev/null 2>&1 &&
   [ "$(grep -c '"reason":"normal"' "$tmp/se.jsonl")" -eq 2 ]; ok "flooding engines play normally"
n=$(grep -c 'fake_engine: a line of stderr noise' "$tmp/se")
sz=$(wc -c <"$tmp/se")
has "$tmp/se" "engine $F --seed 1 --flood-stderr 300000 --name A wrote more than 50000 bytes to stderr; the rest is dropped" &&
    has "$tmp/se" "engine $F --seed 2 .* wrote more than 50000 bytes" && [ "$(count "$tmp/se" 'the rest is dropped')" -eq 2 ] &&
    [ "$sz" -ge 100000 ] && [ "$sz" -le 100400 ]; ok "stderr file stops at the cap ($sz bytes, $n noise lines)"
$M -e "$F --seed 1 --flood-stderr 3000" -e "$F --seed 2" --games 1 --quiet --engine-stderr "$tmp/se2" >/dev/null 2>&1 &&
    ! has "$tmp/se2" "dropped" && [ "$(count "$tmp/se2" 'stderr noise')" -eq 94 ]; ok "under the default cap all is kept"
$M -e "$F" -e "$F" --engine-stderr-max x >/dev/null 2>&1; [ $? -eq 2 ]; ok "bad --engine-stderr-max"

# ---- a record that cannot be written stops the event (exit 2, a message
# naming the file); the same command repairs and finishes it ----
run6 --jsonl "$tmp/w.jsonl" --records /dev/full >"$tmp/wo" 2>"$tmp/we"; [ $? -eq 2 ] &&
    has "$tmp/we" "cannot write game 1 to /dev/full: No space left on device; no more games are started" &&
    has "$tmp/wo" "Stopped after 0 of 6 games: a record could not be written" &&
    [ "$(wc -l <"$tmp/w.jsonl")" -eq 1 ]; ok "full disk under the text record: stops at game 1"
run6 --jsonl "$tmp/w.jsonl" --records "$tmp/w.txt" >/dev/null 2>"$tmp/we" &&
    has "$tmp/we" "game 1 written to the text record" && [ "$(count "$tmp/w.txt" '^\[Game ')" -eq 6 ] &&
    $M --check "$tmp/w.txt" | grep -q "6 games checked, 0 disagree"; ok "full disk: resume completes the event"
ln -s /dev/full "$tmp/full.sgf"
run6 --sgf "$tmp/full.sgf" >/dev/null 2>"$tmp/we"; [ $? -eq 2 ] &&
    has "$tmp/we" "cannot write game 1 to $tmp/full.sgf"; ok "full disk under the SGF file: exit 2"
# The JSONL file over a size limit (write fails with EFBIG, SIGXFSZ ignored)
(trap '' XFSZ; ulimit -f 4; run6 --jsonl "$tmp/x.jsonl" --records "$tmp/x.txt" >"$tmp/xo" 2>"$tmp/xe"); [ $? -eq 2 ] &&
    has "$tmp/xe" "cannot write game [0-9]* to $tmp/x.jsonl: File too large" &&
    has "$tmp/xo" "Stopped after [0-5] of 6 games"; ok "JSONL over the size limit: exit 2"
run6 --jsonl "$tmp/x.jsonl" --records "$tmp/x.txt" >/dev/null 2>&1 &&
    [ "$(wc -l <"$tmp/x.jsonl")" -eq 6 ] && [ "$(count "$tmp/x.txt" '^\[Game ')" -eq 6 ] &&
    $M --check "$tmp/x.jsonl" | grep -q "6 games checked, 0 disagree" &&
    $M --check "$tmp/x.txt" | grep -q "6 games checked, 0 disagree"; ok "size limit: resume completes the event"

# ---- time_left: 0.9 s left is sent as 1 (not 0), 2.5 s as 2 ----
rm -f "$tmp/tl"
$M -e "$F --seed 1 --log-time-left $tmp/tl" -e "$F --seed 2" --tc 0.9+0 --margin 5 --games 1 --quiet >/dev/null 2>&1 &&
    [ "$(count "$tmp/tl" '^black 1 0$')" -ge 5 ] && ! has "$tmp/tl" ' 0 0$'; ok "time_left: under 1 s sent as 1"
rm -f "$tmp/tl"
$M -e "$F --seed 1 --log-time-left $tmp/tl" -e "$F --seed 2" --tc 2.5+0 --games 1 --quiet >/dev/null 2>&1 &&
    [ "$(head -n 1 "$tmp/tl")" = "black 2 0" ]; ok "time_left: whole seconds rounded down"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
