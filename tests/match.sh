#!/bin/sh
# quartet-match with fake engines ($TESTBIN/fake_engine): every fault path
# (illegal, unparsable, garbage, '?', crash, hang, time, illegal pass,
# resignation) loses for the engine at fault and the restarted engine plays
# the next game normally; colours alternate, Yonin seats rotate, openings
# are replayed with each colour; records read back to the same games; -j 2
# gives the results of -j 1; Elo/SPRT arithmetic on known counts; SIGINT.
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
# field N of JSON line K (1-based) of FILE: crude but enough for our own lines
line() { sed -n "$2p" "$1"; }
# A fresh f.jsonl: an existing --jsonl file of another event is refused
# (the same event would be resumed), and these runs differ in their engines.
fj() { rm -f "$tmp/f.jsonl"; echo "$tmp/f.jsonl"; }

# ---- Elo and SPRT arithmetic on known counts (values worked out by hand:
# s = 0.7, per-game variance 0.16, s.e. 0.04, Elo(0.7 +- 1.96*0.04)). ----
$M --stats 60,20,20 >"$tmp/s" && has "$tmp/s" "score 70.00%, Elo +147.19 +/- 66.01"; ok "elo 60/20/20"
$M --stats 45,10,45 >"$tmp/s" && has "$tmp/s" "Elo +0.00 +/- 65.36"; ok "elo 45/10/45"
$M --stats 25,50,25 >"$tmp/s" && has "$tmp/s" "score 50.00%, Elo +0.00 +/- 48.46"; ok "elo 25/50/25"
$M --stats 10,0,0 >"$tmp/s" && has "$tmp/s" "Elo +inf"; ok "elo all wins"
$M --stats 60,20,20 --sprt elo0=0,elo1=10 >"$tmp/s" &&
    has "$tmp/s" "LLR 1.726, bounds \[-2.944, 2.944\]: no decision"; ok "sprt undecided"
$M --stats 600,200,200 --sprt elo0=0,elo1=10 >"$tmp/s" && has "$tmp/s" "LLR 17.330.*H1 accepted"; ok "sprt H1"
$M --stats 200,200,600 --sprt elo0=0,elo1=10 >"$tmp/s" && has "$tmp/s" "H0 accepted"; ok "sprt H0"
# Pairs (pentanomial): 100 pairs 5,10,50,25,10 by points 0..2: pair score
# mean 0.5625, variance 0.0398 (s.e. 0.01995: Elo +43.66 +/- 32.69); the
# LLR's variance takes a quarter pair more of each kind (0.04039):
# 100 * (s1 - s0) * (2 * 0.5625 - s0 - s1) / (2 * 0.04039) with
# s0 = 0.5, s1 = 0.514387 is 1.411.
$M --stats 5,10,50,25,10 --sprt elo0=0,elo1=10 >"$tmp/s" &&
    has "$tmp/s" "pairs: 100, by points 0/0.5/1/1.5/2: 5 10 50 25 10, score 56.25%, Elo +43.66 +/- 32.69" &&
    has "$tmp/s" "on pairs: LLR 1.411, bounds \[-2.944, 2.944\]: no decision"; ok "pairs 5/10/50/25/10"
$M --stats 50,100,500,250,100 --sprt elo0=0,elo1=10 >"$tmp/s" && has "$tmp/s" "on pairs: LLR 14.321.*H1 accepted"; ok "pairs H1"
$M --stats 0,0,3,0,0 >"$tmp/s" && has "$tmp/s" "score 50.00%, Elo +0.00 +/- inf"; ok "pairs all alike: no interval"
$M --stats 1,2 >/dev/null 2>&1; [ $? -eq 2 ]; ok "bad --stats"
$M --stats 1,2,3,4 >/dev/null 2>&1; [ $? -eq 2 ]; ok "four counts refused"
$M --stats 1,2,3x >/dev/null 2>&1; [ $? -eq 2 ]; ok "trailing junk refused"
$M --sprt elo0=5,elo1=1 --stats 1,1,1 >/dev/null 2>&1; [ $? -eq 2 ]; ok "bad --sprt"
# the engine refuses "set_game yonin team team", so the runner refuses it first
$M -g yonin --variant team --variant team -e "$F" -e "$F" --games 1 >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "repeated variant: team"; ok "repeated --variant refused"

# ---- a plain match: colours alternate, records check, results agree ----
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" --games 6 --quiet \
    --jsonl "$tmp/a.jsonl" --records "$tmp/a.txt" --sgf "$tmp/a.sgf" >"$tmp/out" 2>"$tmp/err"; ok "plain match runs"
[ "$(wc -l <"$tmp/a.jsonl")" -eq 6 ]; ok "six JSON lines"
[ "$(grep -c '"engines":\["A","B"\]' "$tmp/a.jsonl")" -eq 3 ] &&
[ "$(grep -c '"engines":\["B","A"\]' "$tmp/a.jsonl")" -eq 3 ] &&
    line "$tmp/a.jsonl" 1 | grep -q '"engines":\["A","B"\]' &&
    line "$tmp/a.jsonl" 2 | grep -q '"engines":\["B","A"\]'; ok "colours alternate"
for f in a.jsonl a.txt a.sgf; do
    $M --check "$tmp/$f" >"$tmp/$f.chk"; ok "check $f"
done
cmp -s "$tmp/a.jsonl.chk" "$tmp/a.txt.chk" && cmp -s "$tmp/a.jsonl.chk" "$tmp/a.sgf.chk"; ok "three formats, same games"
has "$tmp/a.jsonl.chk" "6 games checked, 0 disagree"; ok "six games agree"
# Results in the table match the JSON lines.
wa=$(grep -c -e '"engines":\["A","B"\].*"points":\[1,0\]' -e '"engines":\["B","A"\].*"points":\[0,1\]' "$tmp/a.jsonl")
grep -E "^ +[12] A +6 +$wa " "$tmp/out" >/dev/null; ok "table wins = JSON wins ($wa)"
# Pairs: games 2m+1 and 2m+2 share an opening; A's points in each pair,
# counted here from the JSON lines, are the table's pairs line.
want=$(sed 's/.*"engines":\["\([AB]\)","[AB]"\].*"points":\[\([01.]*\),\([01.]*\)\].*/\1 \2 \3/' "$tmp/a.jsonl" |
    awk '{ p = ($1 == "A") ? $2 : $3; if (NR % 2) h = p; else c[2 * (h + p)]++ }
         END { printf "pairs: 3, by points 0/0.5/1/1.5/2: %d %d %d %d %d", c[0], c[1], c[2], c[3], c[4] }')
has "$tmp/out" "$want"; ok "pairs line = JSON pairs ($want)"
# A changed move or result is caught.
sed '1s/"result":"[^"]*"/"result":"B+63"/' "$tmp/a.jsonl" >"$tmp/bad.jsonl"
$M --check "$tmp/bad.jsonl" >"$tmp/c" ; [ $? -eq 1 ] && has "$tmp/c" "MISMATCH"; ok "check catches a wrong result"
# Points the tables count must be the result's: a decided game scored as a
# draw is caught (the result and moves left as they are).
n=$(grep -n -v '"result":"0"' "$tmp/a.jsonl" | head -1 | cut -d: -f1)
sed "${n}s/\"points\":\[[^]]*\]/\"points\":[0.5,0.5]/" "$tmp/a.jsonl" >"$tmp/bad.jsonl"
$M --check "$tmp/bad.jsonl" >"$tmp/c"; [ $? -eq 1 ] && has "$tmp/c" "MISMATCH: points 0.5,0.5 recorded, result"
ok "check catches points that disagree with the result"
# (the transcript changed with it: one that disagrees is refused before the replay)
sed '2s/"moves":\["\([a-h][1-8]\)"/"moves":["a1"/; 2s/"transcript":"[a-h][1-8]/"transcript":"a1/' "$tmp/a.jsonl" >"$tmp/bad.jsonl"
$M --check "$tmp/bad.jsonl" >"$tmp/c" ; [ $? -eq 1 ] && has "$tmp/c" "illegal"; ok "check catches an illegal move"
printf '{"game":1,"moves":[' >"$tmp/bad.jsonl"
$M --check "$tmp/bad.jsonl" >"$tmp/c"; [ $? -eq 1 ] && has "$tmp/c" "does not parse"; ok "check: broken JSON"

# ---- faults: engine B (white in game 1) misbehaves once at its 3rd genmove;
# game 1 is lost by B with the reason, game 2 is normal, B was restarted ----
fault() { # NAME FLAGS REASON RESULT [runner flags]
    name=$1 flags=$2 reason=$3 result=$4; shift 4
    rm -f "$tmp/once" "$tmp/logA" "$tmp/logB"
    $M -e "$F --seed 1 --name A --log $tmp/logA" \
       -e "$F --seed 2 --name B --log $tmp/logB --once $tmp/once $flags" \
       --games 2 --quiet --jsonl "$(fj)" "$@" >"$tmp/fout" 2>"$tmp/ferr"
    rc=$?
    g1=$(line "$tmp/f.jsonl" 1) g2=$(line "$tmp/f.jsonl" 2)
    [ $rc -eq 0 ] && echo "$g1" | grep -q "\"reason\":\"$reason" &&
        echo "$g1" | grep -q "\"forfeit\":\"white\"" &&
        echo "$g1" | grep -q "\"result\":\"$result\"" &&
        echo "$g1" | grep -q '"points":\[1,0\]' &&
        echo "$g2" | grep -q '"reason":"normal"' &&
        [ "$(wc -l <"$tmp/logB")" -eq 3 ] && [ "$(wc -l <"$tmp/logA")" -eq 2 ] &&
        $M --check "$tmp/f.jsonl" >/dev/null &&
        sed '1s/"points":\[1,0\]/"points":[0,1]/' "$tmp/f.jsonl" >"$tmp/fb.jsonl" &&
        ! $M --check "$tmp/fb.jsonl" >/dev/null
    ok "fault $name (and its points swapped caught)"
    [ $? -eq 0 ] || { cat "$tmp/f.jsonl" "$tmp/ferr"; cat "$tmp/logB"; }
}
fault illegal "--illegal-at 3" "illegal move" "B+F"
fault garbage "--garbage-at 3" "garbage response" "B+F"
fault refuse "--refuse-at 3" "genmove refused" "B+F"
fault crash "--crash-at 3" "crash" "B+F"
fault pass "--pass-at 3" "illegal move: pass" "B+F"
fault resign "--resign-at 3" "resign" "B+R"
fault hang "--hang-at 3" "timeout" "B+T" --tc 0.2 --margin 0.3
fault hang-no-tc "--hang-at 3" "timeout" "B+T" --timeout 1
# A slow engine (1.5 s a move at 0.2 s + 0.3 s margin) loses on time.
$M -e "$F --seed 1" -e "$F --seed 2 --slow 1.5" --games 1 --tc 0.2 --margin 0.3 --quiet \
   --jsonl "$(fj)" >/dev/null 2>&1 && has "$tmp/f.jsonl" '"result":"B+T"' &&
   has "$tmp/f.jsonl" '"reason":"timeout: no move within 0.50 s (white'; ok "slow engine forfeits"
# Per-game clock: 0.5 s for the game, 0.1 s per move: the flag falls.
rm -f "$tmp/once"
$M -e "$F --seed 1" -e "$F --seed 2 --slow 0.1" --games 1 --tc 0.5+0 --margin 0.1 --quiet \
   --jsonl "$(fj)" >/dev/null 2>&1 && has "$tmp/f.jsonl" '"result":"B+T"'; ok "game clock forfeit"
# A slightly slow engine within its time is not forfeited.
$M -e "$F --seed 1" -e "$F --seed 2 --slow 0.01" --games 2 --tc 0.2 --quiet \
   --jsonl "$(fj)" >/dev/null 2>&1 && [ "$(grep -c '"reason":"normal"' "$tmp/f.jsonl")" -eq 2 ]; ok "no false forfeit"
$M -e "$F --seed 1" -e "$F --seed 2" --games 2 --tc 30+1 --quiet \
   --jsonl "$(fj)" >/dev/null 2>&1 && [ "$(grep -c '"reason":"normal"' "$tmp/f.jsonl")" -eq 2 ]; ok "game clock normal"
# An engine that dies at start, or is no GTP engine at all.
$M -e "$F" -e "/nonexistent/engine" --games 1 --quiet >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && has "$tmp/err" "cannot run"; ok "missing engine"
$M -e "$F" -e "true" --games 1 --quiet >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && has "$tmp/err" "does not answer"; ok "not an engine"
# final_score disagreement is reported.
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B --wrong-score" --games 1 --quiet \
   --jsonl "$(fj)" >/dev/null 2>"$tmp/err" && has "$tmp/f.jsonl" '"disagreement":"B says W+99"' &&
   has "$tmp/err" "warning: game 1"; ok "final_score disagreement"
# An engine without set_game plays Othello only.
$M -e "$F --no-set-game" -e "$F --seed 5" --games 2 --quiet --jsonl "$(fj)" >/dev/null 2>&1 &&
   [ "$(grep -c '"reason":"normal"' "$tmp/f.jsonl")" -eq 2 ]; ok "no set_game: Othello"
$M -e "$F --no-set-game" -e "$F" --game separo --games 2 --quiet >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "no set_game command"; ok "no set_game: other games refused"

# ---- openings: each played with each colour assignment ----
printf '# three openings\nf5 d6\nf5,f6 e6\n  d3 c3 c4 # comment\n\n' >"$tmp/open.txt"
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" --openings "$tmp/open.txt" --quiet \
   --jsonl "$tmp/o.jsonl" >/dev/null 2>&1; ok "openings match"
n=0
for o in 0 1 2; do
    for e in '"A","B"' '"B","A"'; do
        grep "\"engines\":\[$e\]" "$tmp/o.jsonl" | grep -q "\"opening_index\":$o," && n=$((n + 1))
    done
done
[ $n -eq 6 ] && [ "$(wc -l <"$tmp/o.jsonl")" -eq 6 ]; ok "every opening with each colour"
grep '"opening_index":1,' "$tmp/o.jsonl" | grep -q '"moves":\["f5","f6","e6",' &&
grep '"opening_index":2,' "$tmp/o.jsonl" | grep -q '"opening_plies":3,"moves":\["d3","c3","c4",'; ok "opening moves replayed"
printf 'f5 a1\n' >"$tmp/badopen.txt"
$M -e "$F" -e "$F" --openings "$tmp/badopen.txt" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && has "$tmp/err" "badopen.txt:1: illegal move: a1"; ok "bad opening file"
# Generated openings: distinct, balanced by flat-mc, readable back.
$M --game othello --generate-openings 5 --random-openings 4 --balance 200 --seed 7 --output "$tmp/gen.txt" 2>/dev/null &&
   [ "$(grep -vc '^#' "$tmp/gen.txt")" -eq 5 ] && [ "$(grep -v '^#' "$tmp/gen.txt" | sort -u | wc -l)" -eq 5 ] &&
   $M -e "$F" -e "$F --seed 3" --openings "$tmp/gen.txt" --games 2 --quiet >/dev/null 2>&1; ok "generated openings"
# The balance check by another player; a checker that cannot play the game is refused.
$M --game separo --generate-openings 3 --random-openings 4 --balance 2000 --balance-player mcts \
   --tolerance 0.2 --output "$tmp/genm.txt" 2>/dev/null && [ "$(grep -vc '^#' "$tmp/genm.txt")" -eq 3 ] &&
   has "$tmp/genm.txt" "kept when mcts (2000 playouts)" && has "$tmp/genm.txt" "balance-player mcts"
ok "openings balanced by mcts"
$M --game separo --generate-openings 1 --random-openings 4 --balance-player maxn >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "no player maxn for this game"; ok "balance player must play the game"
# The shipped files load.
for f in data/openings/othello-8.txt:othello data/openings/separo-9.txt:separo; do
    [ -f "${f%%:*}" ] && $M -e "$F" -e "$F --seed 3" --game "${f#*:}" --openings "${f%%:*}" --games 2 --quiet >/dev/null 2>&1
    ok "shipped ${f%%:*}"
done

# ---- all four games; Yonin rotation and the team game ----
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" -e "$F --seed 3 --name C" -e "$F --seed 4 --name D" \
   --game yonin --quiet --jsonl "$tmp/y.jsonl" >"$tmp/yout" 2>&1 && [ "$(wc -l <"$tmp/y.jsonl")" -eq 24 ]; ok "yonin runs"
sed 's/.*"engines":\[\([^]]*\)\].*/\1/' "$tmp/y.jsonl" | tr -d '"' >"$tmp/seats"
[ "$(sort -u "$tmp/seats" | wc -l)" -eq 24 ]; ok "yonin: four engines play all 24 seatings"
n=0
for s in 1 2 3 4; do
    for e in A B C D; do
        [ "$(cut -d, -f$s "$tmp/seats" | grep -c "^$e\$")" -eq 6 ] && n=$((n + 1))
    done
done
[ $n -eq 16 ]; ok "yonin: every engine six times in every seat"
# Opposite seats share a colour, so each pair must sit opposite equally often.
awk -F, '{ p = $1 < $3 ? $1 $3 : $3 $1; q = $2 < $4 ? $2 $4 : $4 $2; c[p]++; c[q]++ }
         END { for (k in c) print k, c[k] }' "$tmp/seats" | sort >"$tmp/pairs"
[ "$(wc -l <"$tmp/pairs")" -eq 6 ] && ! grep -qv ' 8$' "$tmp/pairs"; ok "yonin: every pair opposite 8 times"
has "$tmp/yout" "AvgRank" && grep -q "^d  " "$tmp/yout"; ok "yonin seat table"
$M --check "$tmp/y.jsonl" >/dev/null; ok "yonin records"
$M -e "$F --seed 1" -e "$F --seed 2" -e "$F --seed 3" -e "$F --seed 4" -e "$F --seed 5" --game yonin \
   --quiet >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && has "$tmp/err" "Yonin seats 4 players"; ok "yonin: a fifth engine is refused"
$M -e "$F --seed 1 --name A" -e "$F --seed 2 --name B" --game yonin,team --quiet --jsonl "$tmp/t.jsonl" \
   --records "$tmp/t.txt" >/dev/null 2>&1 &&
   line "$tmp/t.jsonl" 1 | grep -q '"engines":\["A","B","A","B"\]' &&
   line "$tmp/t.jsonl" 2 | grep -q '"engines":\["B","A","B","A"\]' &&
   [ "$(wc -l <"$tmp/t.jsonl")" -eq 2 ] && has "$tmp/t.jsonl" '"variants":"team"'; ok "yonin team rotation"
$M --check "$tmp/t.txt" >/dev/null; ok "yonin team records"
# A Yonin fault: seat b forfeits, is last.
rm -f "$tmp/once"
$M -e "$F --seed 1" -e "$F --seed 2 --crash-at 2 --once $tmp/once" --game yonin --games 1 --quiet \
   --jsonl "$(fj)" >/dev/null 2>&1 && has "$tmp/f.jsonl" '"result":"B-F"' &&
   has "$tmp/f.jsonl" '"ranks":\[[1-3],4,[1-3],[1-3]\]'; ok "yonin forfeit"
$M -e "$F --seed 1" -e "$QUARTET --player random --seed 3" --game separo --size 7 --games 2 --quiet \
   --jsonl "$tmp/sep.jsonl" --records "$tmp/sep.txt" >/dev/null 2>&1 && $M --check "$tmp/sep.txt" >/dev/null &&
   [ "$(grep -c '"reason":"normal"' "$tmp/sep.jsonl")" -eq 2 ]; ok "separo vs quartet"
$M -e "$F --seed 1" -e "$QUARTET --player random --seed 3" --game torushex,swap --size 5 --games 2 --quiet \
   --sgf "$tmp/hex" >/dev/null 2>&1 && [ -f "$tmp/hex/game-0002.sgf" ] && has "$tmp/hex/game-0001.sgf" "GM\[11\]" &&
   $M --check "$tmp/hex/game-0001.sgf" >/dev/null && $M --check "$tmp/hex/game-0002.sgf" >/dev/null; ok "torus hex sgf"
$M -e "$F" -e "$F" --game separo --sgf "$tmp/x.sgf" >/dev/null 2>&1; [ $? -eq 2 ]; ok "no SGF for separo"
# Quartet's daemon takes the runner's forced passes (frequent in Yonin).
$M -e "$QUARTET --player random --seed 1" -e "$F --seed 2" --game yonin --quiet --jsonl "$tmp/q.jsonl" >/dev/null 2>&1 &&
   [ "$(grep -c '"reason":"normal"' "$tmp/q.jsonl")" -eq 2 ] && grep -q '"pass"' "$tmp/q.jsonl"; ok "quartet with passes"

# ---- -j 2 plays the same games as -j 1 (deterministic fakes) ----
for j in 1 2; do
    $M -e "$F --seed 1" -e "$F --seed 2" --random-openings 4 --balance 0 --seed 9 --games 8 -j $j --quiet \
       --jsonl "$tmp/j$j.jsonl" >/dev/null 2>&1
    $M --check "$tmp/j$j.jsonl" | sort >"$tmp/j$j.chk"
done
[ "$(wc -l <"$tmp/j1.chk")" -eq 9 ] && cmp -s "$tmp/j1.chk" "$tmp/j2.chk"; ok "-j 2 same as -j 1"

# ---- SPRT stops early: B resigns every game. The test counts pairs: it
# stops after the first K pairs all won whose LLR reaches log(19), K
# worked out here (variance with a quarter pair of each kind added). ----
$M -e "$F --name A" -e "$F --name B --resign-at 1" --games 200 --sprt elo0=0,elo1=50 --quiet \
   --jsonl "$tmp/sp.jsonl" >"$tmp/out" 2>&1
k=$(awk 'BEGIN { s0 = 0.5; s1 = 1 / (1 + 10 ^ (-50 / 400));
    for (k = 1; ; k++) { n = k + 1.25; m = (k + 0.25 + 0.25 * (0.25 + 0.5 + 0.75)) / n
        v = (k + 0.25 + 0.25 * (0.0625 + 0.25 + 0.5625)) / n - m * m
        if (k * (s1 - s0) * (2 - s0 - s1) / (2 * v) >= log(19)) { print k; exit } } }')
has "$tmp/out" "on pairs: .*H1 accepted" && [ "$(wc -l <"$tmp/sp.jsonl")" -eq $((2 * k)) ]; ok "sprt stops after $k pairs"

# ---- SIGINT: completed games written, table printed, engines gone ----
rm -f "$tmp/logA"
$M -e "$F --slow 0.01 --log $tmp/logA" -e "$F --slow 0.01 --log $tmp/logA" --games 100 --quiet \
   --jsonl "$tmp/int.jsonl" >"$tmp/out" 2>&1 &
mp=$!
sleep 3
kill -INT $mp
wait $mp
rc=$?
alive=0
for p in $(cut -d' ' -f2 "$tmp/logA"); do kill -0 "$p" 2>/dev/null && alive=$((alive + 1)); done
[ $rc -eq 130 ] && has "$tmp/out" "Interrupted after" && has "$tmp/out" "Rank" && [ $alive -eq 0 ] &&
   $M --check "$tmp/int.jsonl" >/dev/null; ok "sigint"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
