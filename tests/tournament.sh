#!/bin/sh
# quartet-match tournaments with fake engines ($TESTBIN/fake_engine):
# round-robin and gauntlet schedules and their crosstables (known results,
# and every figure recomputed from the JSON lines by a second, plain
# implementation in awk), the engine file, resume after SIGKILL and of a
# file cut mid-line, shards merged against one run (from their JSON lines,
# their GGF, or both), --merge refusing another event, GGF without
# quartet-match's event fields and SGF, Othello adjudication against
# bin/quartet's own `solve`, the move cap, one-game engines without
# set_game, and the date, event and time control in all three record
# formats.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}" "${TESTBIN:=build/rel/tests}"
export LC_ALL=C
M=$BIN/quartet-match
F=$TESTBIN/fake_engine
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
has() { grep -q -- "$2" "$1"; }
table() { sed -n '/^Rank/,$p' "$1"; } # the tables, without the engine lines

# The standings recomputed from JSON lines: one line per engine
# "NAME GAMES W D L SCORE%" and one per ordered pairing "X Y POINTS/GAMES".
recount() {
    sed 's/.*"engines":\["\([^"]*\)","\([^"]*\)"\].*"points":\[\([0-9.]*\),\([0-9.]*\)\].*/\1 \2 \3 \4/' "$1" |
    awk '{ for (i = 0; i < 2; i++) {
               e = i ? $2 : $1; o = i ? $1 : $2; p = i ? $4 : $3
               g[e]++; pts[e] += p; pg[e " " o]++; pp[e " " o] += p
               if (p > 0.5) w[e]++; else if (p < 0.5) l[e]++; else d[e]++ } }
         END { for (e in g) printf "%s %d %d %d %d %.1f%%\n", e, g[e], w[e], d[e], l[e], 100 * pts[e] / g[e]
               for (k in pg) printf "%s %g/%g\n", k, pp[k], pg[k] }' | sort
}
# The same figures read from the printed tables.
shown() {
    awk '/^Rank/ { r = 1; next } r && NF == 0 { r = 0 }
         r { printf "%s %d %d %d %d %s\n", $2, $3, $4, $5, $6, $7 }
         /^Crosstable/ { c = 1; getline; next } c && NF == 0 { c = 0 }
         c { name[$1] = $2; n++; row[$1] = $0 }
         END { for (i = 1; i <= n; i++) { split(row[i], f, " +")
                   for (j = 1; j <= n; j++) if (i != j) printf "%s %s %s\n", name[i], name[j], f[j + 3] } }' "$1" | sort
}

# ---- round-robin: A plays on, B resigns at its 2nd move, C at its 1st:
# A wins all, B beats C, C loses all; each pairing twice per round ----
A="$F --seed 1 --name A" B="$F --seed 2 --name B --resign-at 2" C="$F --seed 3 --name C --resign-at 1"
printf 'f5 d6\nf5 f6\n' >"$tmp/open.txt"
$M -e "$A" -e "$B" -e "$C" --openings "$tmp/open.txt" --quiet --jsonl "$tmp/rr.jsonl" --ggf "$tmp/rr.ggf" \
   >"$tmp/rr.out" 2>&1
ok "round-robin runs"
[ "$(wc -l <"$tmp/rr.jsonl")" -eq 12 ]; ok "round-robin: 3 pairings x 2 colours x 2 openings"
cat >"$tmp/rr.want" <<'EOF'
A 8 8 0 0 100.0%
A B 4/4
A C 4/4
B 8 4 0 4 50.0%
B A 0/4
B C 4/4
C 8 0 0 8 0.0%
C A 0/4
C B 0/4
EOF
shown "$tmp/rr.out" >"$tmp/rr.shown"
cmp -s "$tmp/rr.want" "$tmp/rr.shown"; ok "round-robin: known crosstable"
[ $? -eq 0 ] || diff "$tmp/rr.want" "$tmp/rr.shown"
recount "$tmp/rr.jsonl" | cmp -s - "$tmp/rr.shown"; ok "round-robin: table = JSON lines"
# B's Elo is that of its W/D/L counts.
elo=$($M --stats 4,0,4 | sed 's/.*Elo \([^ ]*\) +\/- \([0-9.]*\).*/\1 \2/' | awk '{ printf "%+.1f %.1f", $1, $2 }')
[ "$(awk 'NF == 9 && $1 == 2 && $2 == "B" { print $8, $9 }' "$tmp/rr.out")" = "$elo" ] && [ "$elo" = "+0.0 296.6" ]
ok "round-robin: Elo +/- 95% of the counts"
has "$tmp/rr.out" "^A vs B: 4 games, +4 =0 -0" && has "$tmp/rr.out" "^B vs C: 4 games, +4 =0 -0"; ok "pairing lines"
# Game 2k-1 and 2k: one pairing, colours swapped, one opening.
sed 's/.*"engines":\["\([^"]*\)","\([^"]*\)"\].*"opening_index":\([0-9-]*\),.*/\1\2 \3/' "$tmp/rr.jsonl" |
    awk 'NR % 2 { p = $0; next } { split(p, a, " "); if (substr(a[1], 2, 1) substr(a[1], 1, 1) != $1 || a[2] != $2) bad++ }
         END { exit bad > 0 }'; ok "pairs of games: colours swapped, opening shared"

# --games-per-pairing counts as cutechess-cli's -games does.
$M -e "$A" -e "$B" -e "$C" --games-per-pairing 4 --quiet --jsonl "$tmp/gpp.jsonl" >/dev/null 2>&1 &&
   [ "$(wc -l <"$tmp/gpp.jsonl")" -eq 12 ] &&
   [ "$(recount "$tmp/gpp.jsonl" | grep -c ' [0-9]*/4$')" -eq 6 ]; ok "--games-per-pairing 4"

# ---- gauntlet: the first engine against each of the rest ----
$M -e "$A" -e "$B" -e "$C" -e "$F --seed 4 --name D" --tournament gauntlet --quiet \
   --jsonl "$tmp/g.jsonl" >"$tmp/g.out" 2>&1; ok "gauntlet runs"
[ "$(wc -l <"$tmp/g.jsonl")" -eq 6 ] && [ "$(grep -c '"A"' "$tmp/g.jsonl")" -eq 6 ]; ok "gauntlet: A in all 6 games"
recount "$tmp/g.jsonl" >"$tmp/g.want"
shown "$tmp/g.out" | grep -v ' \.$' | cmp -s - "$tmp/g.want"; ok "gauntlet: table = JSON lines"
grep -E '^ +[0-9] B ' "$tmp/g.out" | grep -q '\.' && grep -q '^ *[0-9] [BCD] .* \. ' "$tmp/g.out"; ok "gauntlet: no B-C-D games"
$M -e "$F" -e "$F" --game yonin --tournament gauntlet >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "gauntlet is for two-player games"; ok "yonin keeps its seatings"

# ---- the engine file ----
mkdir -p "$tmp/d"
cat >"$tmp/engines.ini" <<EOF
# three engines
[A]
cmd = $A
[Logged]
cmd  = $(pwd)/$F --seed 5 --log started.log
dir  = $tmp/d
init = komi 0
init = time_settings 0 1 1
; comment
[C]
cmd = $C
EOF
$M --engines "$tmp/engines.ini" --quiet --jsonl "$tmp/ef.jsonl" >"$tmp/ef.out" 2>&1 &&
   [ "$(wc -l <"$tmp/ef.jsonl")" -eq 6 ] && grep -q '^ *[0-9] Logged ' "$tmp/ef.out" &&
   [ -s "$tmp/d/started.log" ]; ok "engine file: names, dir"
bad_file() { # NAME CONTENT MESSAGE
    printf "$2" >"$tmp/bad.ini"
    $M --engines "$tmp/bad.ini" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && has "$tmp/err" "$3"; ok "engine file: $1"
    [ $? -eq 0 ] || cat "$tmp/err"
}
bad_file "unknown key" '[A]\ncmd = x\ncolour = red\n' "bad.ini:3: unknown key 'colour'"
bad_file "no cmd" '# c\n[A]\ndir = /tmp\n[B]\ncmd = y\n' "bad.ini:2: engine \[A\] has no cmd"
bad_file "before section" 'cmd = x\n' "bad.ini:1: cmd before the first"
bad_file "twice" '[A]\ncmd = x\n[A]\ncmd = y\n' "bad.ini:3: engine \[A\] given twice"
bad_file "not key=value" '[A]\ncmd x\n' "bad.ini:2: expected \[NAME\] or KEY = VALUE"
bad_file "empty" '# nothing\n' "no \[NAME\] section"
printf '[A]\ncmd = %s\ninit = no_such_command\n[B]\ncmd = %s\n' "$F" "$F" >"$tmp/bad.ini"
$M --engines "$tmp/bad.ini" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "engine A refuses its init command 'no_such_command'"; ok "engine file: init refused"
printf '[A]\ncmd = %s\ndir = /nonexistent\n[B]\ncmd = %s\n' "$F" "$F" >"$tmp/bad.ini"
$M --engines "$tmp/bad.ini" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "in directory /nonexistent"; ok "engine file: bad dir"

# ---- resume: SIGKILL mid-game, then the same command plays the rest ----
slow() { echo "$F --seed $1 --name $2 --slow 0.005"; }
E1=$(slow 1 A) E2=$(slow 2 B) E3=$(slow 3 C)
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/full.jsonl" >"$tmp/full.out" 2>&1; ok "uninterrupted run"
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/r.jsonl" --records "$tmp/r.txt" >/dev/null 2>&1 &
mp=$!
# Kill while a game is in progress: at least one game recorded, not all.
for i in $(seq 50); do [ -s "$tmp/r.jsonl" ] && break; sleep 0.1; done
sleep 0.1
kill -KILL $mp
wait $mp 2>/dev/null
n=$(wc -l <"$tmp/r.jsonl")
[ "$n" -ge 1 ] && [ "$n" -lt 6 ]; ok "killed after $n of 6 games"
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/r.jsonl" --records "$tmp/r.txt" >"$tmp/r.out" 2>"$tmp/r.err"
ok "resumed run"
has "$tmp/r.err" "resuming: $n games recorded, $((6 - n)) to play"; ok "resume plays only the missing games"
table "$tmp/full.out" >"$tmp/t1"; table "$tmp/r.out" >"$tmp/t2"
cmp -s "$tmp/t1" "$tmp/t2"; ok "resume: same table as an uninterrupted run"
[ "$(sed 's/^{"game":\([0-9]*\),.*/\1/' "$tmp/r.jsonl" | sort -n | tr '\n' ' ')" = "1 2 3 4 5 6 " ]; ok "resume: each game once"
$M --check "$tmp/r.jsonl" >/dev/null && $M --check "$tmp/r.txt" >/dev/null; ok "resume: records check"
# SIGINT: the table so far, a hint, and the same command finishes the event.
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/i.jsonl" >"$tmp/i.out" 2>&1 &
mp=$!
for i in $(seq 50); do [ -s "$tmp/i.jsonl" ] && break; sleep 0.1; done
kill -INT $mp
wait $mp
[ $? -eq 130 ] && has "$tmp/i.out" "The same command resumes the event: it plays the other [1-5]\." &&
   $M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/i.jsonl" >"$tmp/i2.out" 2>/dev/null &&
   table "$tmp/i2.out" | cmp -s - "$tmp/t1"; ok "SIGINT, then resume"
# A file cut mid-line: the partial line is dropped with a note, that game replayed.
head -c -40 "$tmp/full.jsonl" >"$tmp/cut.jsonl"
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/cut.jsonl" >"$tmp/cut.out" 2>"$tmp/cut.err"; ok "cut file resumed"
has "$tmp/cut.err" "partial last line .* dropped" && has "$tmp/cut.err" "resuming: 5 games recorded, 1 to play"; ok "cut line noted"
table "$tmp/cut.out" | cmp -s - "$tmp/t1" && $M --check "$tmp/cut.jsonl" | grep -q "^6 games checked, 0 disagree"; ok "cut file repaired"
# Another event's file is refused, untouched.
cp "$tmp/full.jsonl" "$tmp/other.jsonl"
$M -e "$E1" -e "$E2" --quiet --jsonl "$tmp/other.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "holds games of event" && cmp -s "$tmp/full.jsonl" "$tmp/other.jsonl"; ok "resume refuses another event"
# A complete file: nothing to play, the table again.
$M -e "$E1" -e "$E2" -e "$E3" --quiet --jsonl "$tmp/full.jsonl" >"$tmp/again.out" 2>/dev/null &&
   table "$tmp/again.out" | cmp -s - "$tmp/t1" && [ "$(wc -l <"$tmp/full.jsonl")" -eq 6 ]; ok "finished event: table only"

# ---- shards: 1/3 + 2/3 + 3/3 merged = one run; --merge refuses another event ----
for k in 1 2 3; do
    $M -e "$A" -e "$F --seed 2 --name B" -e "$F --seed 3 --name C" --openings "$tmp/open.txt" --shard $k/3 \
       --quiet --jsonl "$tmp/sh$k.jsonl" --ggf "$tmp/sh$k.ggf" --sgf "$tmp/sh$k.sgf" >/dev/null 2>&1
done
$M -e "$A" -e "$F --seed 2 --name B" -e "$F --seed 3 --name C" --openings "$tmp/open.txt" --quiet \
   --jsonl "$tmp/one.jsonl" >"$tmp/one.out" 2>&1
cat "$tmp/sh1.jsonl" "$tmp/sh2.jsonl" "$tmp/sh3.jsonl" | sed 's/^{"game":\([0-9]*\),.*/\1/' | sort -n | tr '\n' ' ' >"$tmp/ids"
[ "$(cat "$tmp/ids")" = "1 2 3 4 5 6 7 8 9 10 11 12 " ] && [ "$(wc -l <"$tmp/sh2.jsonl")" -eq 4 ]; ok "shards: disjoint, cover the schedule"
$M --merge "$tmp/sh1.jsonl" "$tmp/sh2.jsonl" "$tmp/sh3.jsonl" >"$tmp/m.out"; ok "merge"
table "$tmp/m.out" | cmp -s - "$(table "$tmp/one.out" >"$tmp/t3"; echo "$tmp/t3")"; ok "merged shards = one run"
has "$tmp/m.out" "Merged 12 games from 3 files"; ok "merge header"
$M --merge "$tmp/sh1.jsonl" "$tmp/sh2.jsonl" >"$tmp/m.out"; [ $? -eq 1 ] && has "$tmp/m.out" "4 missing"; ok "merge: missing games"
# Two engines in two shards: every pair's games lie in both (game 2m+1 in
# 1/2, 2m+2 in 2/2), and the merge pairs them as one run does, SPRT too.
for k in 1 2; do
    $M -e "$A" -e "$F --seed 2 --name B" --openings "$tmp/open.txt" --shard $k/2 --quiet \
       --jsonl "$tmp/p$k.jsonl" >/dev/null 2>&1
done
$M -e "$A" -e "$F --seed 2 --name B" --openings "$tmp/open.txt" --quiet --sprt elo0=0,elo1=5 \
   >"$tmp/p.out" 2>&1
$M --sprt elo0=0,elo1=5 --merge "$tmp/p1.jsonl" "$tmp/p2.jsonl" >"$tmp/pm.out" &&
   table "$tmp/pm.out" | cmp -s - "$(table "$tmp/p.out" >"$tmp/t4"; echo "$tmp/t4")" &&
   grep -q "^pairs: [1-9][0-9]*, by points" "$tmp/pm.out" && grep -q "on pairs: LLR" "$tmp/pm.out"
ok "merge: pairs across shards = one run, with the SPRT"
# A game beyond the schedule is refused, as a resume refuses it; a game
# number of 10^9 in a schedule that long costs no more memory than one of
# 1 (games and pairs are hashed: a table by pair would take 500 MB; the
# limit is 200 MB of address space, not under ASan, which reserves more).
# Points are a share of one game: a line claiming 7 is refused, not
# tallied, by the one JSON reader (--merge, resume and --check alike).
sed '1s/"points":\[[^]]*\]/"points":[7,0]/;1q' "$tmp/p1.jsonl" >"$tmp/pts.jsonl"
$M --merge "$tmp/pts.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "pts.jsonl:1: .*points out of range (0 to 1)"; ok "merge refuses points out of range"
$M --check "$tmp/pts.jsonl" >"$tmp/c"; [ $? -eq 1 ] && has "$tmp/c" "points out of range (0 to 1)"; ok "check refuses them too"
sed '1s/^{"game":[0-9]*/{"game":5/;1q' "$tmp/p1.jsonl" >"$tmp/beyond.jsonl"
$M --merge "$tmp/beyond.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "game 5 is beyond this schedule's 4 games"; ok "merge refuses a game beyond the schedule"
sed '1s/^{"game":[0-9]*/{"game":1000000000/;1s/"schedule_games":[0-9]*/"schedule_games":1000000000/;1q' \
    "$tmp/p1.jsonl" >"$tmp/huge.jsonl"
case "$BIN" in
*san*) ;;
*) (ulimit -v 200000; $M --sprt elo0=0,elo1=5 --merge "$tmp/huge.jsonl" >"$tmp/h.out" 2>&1)
   [ $? -eq 1 ] && has "$tmp/h.out" "Merged 1 games" && has "$tmp/h.out" "999999999 missing"
   ok "merge: game 10^9 in little memory" ;;
esac
$M --merge "$tmp/sh1.jsonl" "$tmp/rr.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "files of different events cannot be merged"; ok "merge refuses another event"
# The same shards' GGF records (--ggf): the same output as their JSON lines,
# alone or mixed with them (told by content, whatever the name); a game
# found in both counts once. The round-robin's resignations (W+R) too.
$M --merge "$tmp/sh1.jsonl" "$tmp/sh2.jsonl" "$tmp/sh3.jsonl" >"$tmp/mj.out"
$M --merge "$tmp/sh1.ggf" "$tmp/sh2.ggf" "$tmp/sh3.ggf" >"$tmp/mg.out" && cmp -s "$tmp/mj.out" "$tmp/mg.out"
ok "merge: GGF shards = their JSON lines"
cp "$tmp/sh2.ggf" "$tmp/sh2.records"
$M --merge "$tmp/sh1.ggf" "$tmp/sh2.records" "$tmp/sh3.jsonl" >"$tmp/mx.out" && cmp -s "$tmp/mj.out" "$tmp/mx.out"
ok "merge: GGF and JSON lines mixed"
$M --merge "$tmp/sh1.jsonl" "$tmp/sh1.ggf" "$tmp/sh2.ggf" "$tmp/sh3.ggf" >"$tmp/m.out" &&
   has "$tmp/m.out" "Merged 12 games from 4 files.*, 4 duplicates ignored" && table "$tmp/m.out" | cmp -s - "$tmp/t3"
ok "merge: a game in both formats counts once"
grep -q 'QR\[[BW]+R\]' "$tmp/rr.ggf" && $M --merge "$tmp/rr.jsonl" >"$tmp/mj.out" &&
   $M --merge "$tmp/rr.ggf" >"$tmp/mg.out" && cmp -s "$tmp/mj.out" "$tmp/mg.out"
ok "merge: GGF with resignations = its JSON lines"
$M --merge "$tmp/sh1.ggf" "$tmp/sh2.jsonl" >"$tmp/m.out"; [ $? -eq 1 ] && has "$tmp/m.out" "4 missing"
ok "merge: GGF, missing games"
# A GGF game cut off by a crash is skipped, as a JSON line is.
head -c -40 "$tmp/sh3.ggf" >"$tmp/cut.ggf"
$M --merge "$tmp/sh1.ggf" "$tmp/sh2.ggf" "$tmp/cut.ggf" >"$tmp/m.out" 2>"$tmp/err"
[ $? -eq 1 ] && has "$tmp/m.out" "Merged 11 games.*, 1 missing" && has "$tmp/err" "cut.ggf: partial last line .* skipped"
ok "merge: a GGF cut mid-line"
# Refused, exit 2: a GGF of another event (after or before JSON lines of
# this one), GGF without quartet-match's event fields (an older
# quartet-match's, NBoard's), an SGF record.
$M --merge "$tmp/sh1.jsonl" "$tmp/rr.ggf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "rr.ggf holds games of event .*files of different events cannot be merged"
ok "merge refuses a GGF of another event"
$M --merge "$tmp/rr.ggf" "$tmp/sh2.jsonl" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "sh2.jsonl holds games of event .* but .*rr.ggf holds event"
ok "merge refuses JSON lines of another event than the GGF's"
sed 's/QI\[[0-9a-f]*\]//; s/QS\[[0-9]*\]//; s/QE\[[0-9,]*\]//' "$tmp/sh2.ggf" >"$tmp/old.ggf"
$M --merge "$tmp/sh1.ggf" "$tmp/old.ggf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "old.ggf:1: GGF game without QI, QS, QE: a merge needs"
ok "merge refuses GGF without the event fields"
printf '(;GM[Othello]PC[NBoard]PB[Edax]PW[Quartet]RE[+2.00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\n' >"$tmp/nb.ggf"
$M --merge "$tmp/sh1.ggf" "$tmp/nb.ggf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "nb.ggf:1: GGF game without GN, QI, QS, QE: .*GGF of NBoard, GGS"
ok "merge refuses an NBoard game"
$M --merge "$tmp/sh1.ggf" "$tmp/sh2.sgf" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "sh2.sgf: SGF records do not carry the event id"
ok "merge refuses SGF"

# Yonin's seatings shard and merge the same way, seat table included.
for k in 1 2; do
    $M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" -e "$F --seed 3 --name C" -e "$F --seed 4 --name D" \
       --game yonin --shard $k/2 --quiet --jsonl "$tmp/ysh$k.jsonl" >/dev/null 2>&1
done
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" -e "$F --seed 3 --name C" -e "$F --seed 4 --name D" \
   --game yonin --quiet >"$tmp/yone.out" 2>&1
$M --merge "$tmp/ysh1.jsonl" "$tmp/ysh2.jsonl" >"$tmp/ym.out" && table "$tmp/ym.out" >"$tmp/t4" &&
   table "$tmp/yone.out" | cmp -s - "$tmp/t4" && has "$tmp/t4" "AvgRank"; ok "yonin shards merged = one run"
$M -e "$F" -e "$F" --shard 1/2 --sprt elo0=0,elo1=10 >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && has "$tmp/err" "cannot stop one --shard"
ok "no --sprt with --shard"

# ---- adjudication: the exact solve at 14 empties, against bin/quartet ----
$M -e "$F --seed 1" -e "$F --seed 2" --random-openings 2 --balance 0 --games 4 --adjudicate-empties 14 --quiet \
   --jsonl "$tmp/adj.jsonl" --sgf "$tmp/adj.sgf" --records "$tmp/adj.txt" >/dev/null 2>&1; ok "adjudicated match"
[ "$(grep -c '"reason":"adjudicated: exact solve at 1[0-4] empties"' "$tmp/adj.jsonl")" -eq 4 ] &&
   has "$tmp/adj.txt" "^Reason: adjudicated: exact solve at" && has "$tmp/adj.sgf" "GC\[adjudicated: exact solve at"
ok "adjudication reason in every format"
agree=0
while read -r l; do
    moves=$(echo "$l" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' ' ')
    result=$(echo "$l" | sed 's/.*"result":"\([^"]*\)".*/\1/')
    i=0
    for m in $moves; do [ $((i % 2)) -eq 0 ] && echo "play b $m" || echo "play w $m"; i=$((i + 1)); done >"$tmp/gtp"
    # quit last: the end of input would stop the solve, the last command.
    printf 'solve\nquit\n' >>"$tmp/gtp"
    # The margin is for the side to move: black after an even number of plies.
    margin=$($QUARTET --threads 1 <"$tmp/gtp" | grep '^= [a-hp]' | tail -n 1 | cut -d' ' -f3)
    want=$(echo "$margin $i" | awk '{ m = ($2 % 2 ? -$1 : $1) + 0; print (m > 0 ? "B+" m : m < 0 ? "W+" (-m) : "0") }')
    [ "$want" = "$result" ] && agree=$((agree + 1))
done <"$tmp/adj.jsonl"
[ $agree -eq 4 ]; ok "adjudicated results = bin/quartet solve ($agree of 4)"
$M --check "$tmp/adj.jsonl" >/dev/null && $M --check "$tmp/adj.sgf" >/dev/null && $M --check "$tmp/adj.txt" >/dev/null
ok "adjudicated records check (solved again)"
sed '1s/"result":"[^"]*"/"result":"B+64"/' "$tmp/adj.jsonl" >"$tmp/bad.jsonl"
$M --check "$tmp/bad.jsonl" >"$tmp/c"; [ $? -eq 1 ] && has "$tmp/c" "the exact solve gives"; ok "check catches a wrong adjudication"
$M -e "$F" -e "$F" --adjudicate-empties 25 >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && has "$tmp/err" "at most 24"; ok "adjudication capped at 24"
$M -e "$F" -e "$F" --game separo --adjudicate-empties 10 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "no exact solver for Separo"; ok "adjudication: Othello only"

# ---- the move cap: a draw after N plies, any game ----
$M -e "$F --seed 1" -e "$F --seed 2" --max-moves 10 --games 2 --quiet --jsonl "$tmp/cap.jsonl" >"$tmp/cap.out" 2>&1 &&
   [ "$(grep -c '"moves":\[\("[a-z0-9]*",\)\{9\}"[a-z0-9]*"\],"transcript":"[a-h1-8]*","move_times":\[[0-9.,]*\],"result":"0",.*"points":\[0.5,0.5\],"ranks":\[1,1\],"reason":"adjudicated: move cap of 10 plies reached"' "$tmp/cap.jsonl")" -eq 2 ]
ok "move cap: a draw at 10 plies"
grep -Eq '^ +1 .* 2 +0 +2 +0 +50.0%' "$tmp/cap.out" && $M --check "$tmp/cap.jsonl" >/dev/null; ok "move cap: table and check"
$M -e "$F --seed 1" -e "$F --seed 2" --game yonin --max-moves 12 --quiet --jsonl "$tmp/capy.jsonl" >/dev/null 2>&1 &&
   [ "$(grep -c '"points":\[0.5,0.5,0.5,0.5\].*"reason":"adjudicated: move cap of 12' "$tmp/capy.jsonl")" -eq 2 ]; ok "move cap: yonin"

# ---- engines of one game: no set_game (and no known_command) ----
$M -e "$F --game separo --name S1 --no-known-command" -e "$F --seed 4 --game separo --name S2" -g separo --games 2 \
   --quiet --jsonl "$tmp/one-game.jsonl" >/dev/null 2>&1 &&
   [ "$(grep -c '"name":"Separo".*"reason":"normal"' "$tmp/one-game.jsonl")" -eq 2 ]; ok "separo engines without set_game play"
# set_game found by list_commands when known_command is missing.
$M -e "$F --no-known-command --name L" -e "$F --seed 3" -g separo --games 2 --quiet --jsonl "$tmp/lc.jsonl" >/dev/null 2>&1 &&
   [ "$(grep -c '"name":"Separo".*"reason":"normal"' "$tmp/lc.jsonl")" -eq 2 ]; ok "list_commands instead of known_command"
$M -e "$F --game separo" -e "$F --game separo" -g separo --size 7 --games 1 --quiet --jsonl "$tmp/s7.jsonl" >/dev/null 2>&1 &&
   has "$tmp/s7.jsonl" '"size":7,.*"reason":"normal"'; ok "one-game engine: boardsize"
$M -e "$F --no-set-game" -e "$F" -g torushex --size 5 --games 2 --quiet >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "no set_game command, so it is taken to play TorusHex, but it refuses boardsize 5"
ok "othello-only engine refused for torus hex (boardsize ?)"

# ---- records: date, event and time control in SGF, text and JSON ----
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" --games 2 --tc 30+1 --event "Test Cup" --quiet \
   --jsonl "$tmp/rec.jsonl" --records "$tmp/rec.txt" --sgf "$tmp/rec.sgf" >/dev/null 2>&1
today=$(date -u +%Y-%m-%d)
[ "$(grep -c "EV\[Test Cup\]DT\[$today\]TM\[30\]OT\[1 s increment per move\]" "$tmp/rec.sgf")" -eq 2 ]; ok "sgf: EV DT TM OT"
[ "$(grep -c "^Event: Test Cup" "$tmp/rec.txt")" -eq 2 ] && [ "$(grep -c "^Date: $today" "$tmp/rec.txt")" -eq 2 ] &&
   [ "$(grep -c "^TimeControl: 30+1" "$tmp/rec.txt")" -eq 2 ]; ok "text: Event Date TimeControl"
[ "$(grep -c "\"event\":\"Test Cup\",\"event_id\":\"[0-9a-f]\{16\}\",\"date\":\"$today\",\"time_control\":\"30+1\"" "$tmp/rec.jsonl")" -eq 2 ]
ok "jsonl: event date time_control"
$M -e "$F" -e "$F --seed 3" --games 1 --tc 0.5 --quiet --sgf "$tmp/pm.sgf" >/dev/null 2>&1 &&
   has "$tmp/pm.sgf" "OT\[0.5 s per move\]" && ! has "$tmp/pm.sgf" "TM\["; ok "sgf: time per move"
# The Othello setup stones are bin/quartet's start position, read off showboard.
echo showboard | $QUARTET | awk '/^ *[1-8] / { for (c = 2; c <= NF; c++) {
        p = sprintf("[%c%c]", 95 + c, 96 + $1)
        if ($c == "X") b = b p; else if ($c == "O") w = w p } }
    END { print "AB" b "AW" w "PL[B]" }' >"$tmp/setup"
[ "$(grep -c "$(sed 's/\[/\\[/g; s/\]/\\]/g' "$tmp/setup")" "$tmp/rec.sgf")" -eq 2 ]; ok "sgf: Othello start position $(cat "$tmp/setup")"

# ---- --help has no printf artefacts, in any tool ----
bad=0
for t in "$BIN"/quartet*; do "$t" --help 2>&1 | grep -q '%%' && { echo "$t --help prints %%"; bad=1; }; done
[ $bad -eq 0 ] && $M --help | grep -q "Elo +- 95% and SPRT"; ok "--help without %%"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
