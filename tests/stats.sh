#!/bin/sh
# quartet-stats from the command line: JSON has the keys and shape the
# README promises, wins and draws add up, the same seed gives the same
# output whatever --threads, search players go through the player
# interface, and bad input is refused with a message and exit status 2.
: "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ST="$BIN/quartet-stats"

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -f "$tmp/out" ] && head -c 800 "$tmp/out"; echo; }
check() { if [ "$2" = 1 ]; then ok "$1"; else bad "$1"; fi; }

run() { "$ST" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# num KEY [SEAT]: the number after "KEY": (or after "SEAT": inside "KEY":{...}).
num() {
    if [ -n "$2" ]; then
        sed -n "s/.*\"$1\":{[^}]*\"$2\":\([-0-9.]*\).*/\1/p" "$tmp/out"
    else
        sed -n "s/.*\"$1\":\([-0-9.]*\).*/\1/p" "$tmp/out"
    fi
}

# val KEY [SEAT]: num, or -999999 when absent (keeps the arithmetic going).
val() { v=$(num "$@"); echo "${v:--999999}"; }

# --- JSON shape and keys ---
run -g yonin -s 8 -n 300 --seed 3 --json
check "yonin json runs" "$([ $rc -eq 0 ] && echo 1)"
check "json is one line, one object" \
    "$([ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q '^{.*}$' "$tmp/out" && echo 1)"
miss=""
for k in games moves_per_turn_mean moves_per_turn_var moves_per_turn_with_move_mean \
    moves_per_turn_with_move_var length_with_passes_mean length_without_passes_mean \
    length_with_passes_min length_with_passes_max length_without_passes_min \
    length_without_passes_max first_player_win_rate draws; do
    [ -n "$(num $k)" ] || miss="$miss $k"
done
for k in win_rate draw_rate average_rank rank_when_facing_first wins; do
    for s in a b c d; do [ -n "$(num $k $s)" ] || miss="$miss $k.$s"; done
done
check "json has every key (missing:$miss)" "$([ -z "$miss" ] && echo 1)"
check "games is 300" "$([ "$(val games)" = 300 ] && echo 1)"
# Balanced braces and quotes, nothing but one object: a cheap parse check.
opens=$(tr -cd '{' <"$tmp/out" | wc -c); closes=$(tr -cd '}' <"$tmp/out" | wc -c)
quotes=$(tr -cd '"' <"$tmp/out" | wc -c)
check "json braces balance, quotes pair" \
    "$([ "$opens" -eq "$closes" ] && [ $((quotes % 2)) -eq 0 ] && echo 1)"
check "no nan or inf in json" "$(grep -qiE 'nan|inf' "$tmp/out" || echo 1)"

# Every game has one outright winner or is a draw (Yonin: shared first place).
sum=$(( $(val wins a) + $(val wins b) + $(val wins c) + $(val wins d) + $(val draws) ))
check "yonin wins + draws = games ($sum)" "$([ "$sum" -eq 300 ] && echo 1)"
wr=$(awk -v a="$(val win_rate a)" -v b="$(val win_rate b)" -v c="$(val win_rate c)" \
    -v d="$(val win_rate d)" -v g="$(val draw_games_rate)" \
    'BEGIN { s = a + b + c + d + g; print (s > 0.99999 && s < 1.00001) ? 1 : 0 }')
check "yonin win rates + draw rate = 1" "$wr"
# A seat's draw rate never exceeds the share of drawn games; ranks in 1..4.
rk=$(awk -v a="$(val average_rank a)" -v b="$(val average_rank b)" -v c="$(val average_rank c)" \
    -v d="$(val average_rank d)" 'BEGIN { print (a >= 1 && a <= 4 && b >= 1 && b <= 4 && c >= 1 && c <= 4 && d >= 1 && d <= 4) ? 1 : 0 }')
check "yonin average ranks within 1..4" "$rk"
# Facing seats in a non-team game: 'first' means alone or shared, so the
# four facing counts add up to the games' first places (>= games).
ff=$(( $(val facing_first_games a) + $(val facing_first_games b) + $(val facing_first_games c) + $(val facing_first_games d) ))
check "facing-first games cover every game ($ff >= 300)" "$([ "$ff" -ge 300 ] && echo 1)"

run -g othello -s 6 -n 500 --seed 4 --json
sum=$(( $(val wins black) + $(val wins white) + $(val draws) ))
check "othello wins + draws = games" "$([ $rc -eq 0 ] && [ "$sum" -eq 500 ] && echo 1)"
check "othello draw rate per seat = drawn games" \
    "$([ "$(val draw_rate black)" = "$(val draw_rate white)" ] && [ "$(val draw_rate black)" = "$(val draw_games_rate)" ] && echo 1)"
check "othello has no facing ranks" "$(grep -q facing "$tmp/out" || echo 1)"
check "othello first player = black's win rate" \
    "$([ "$(val first_player_win_rate)" = "$(val win_rate black)" ] && echo 1)"

# Team game: partners share every result; a team win counts for both seats.
run -g yonin,team -n 300 --json
check "team variant named" "$(grep -q '"variants":"team"' "$tmp/out" && echo 1)"
check "team partners win together" \
    "$([ "$(val wins a)" = "$(val wins c)" ] && [ "$(val wins b)" = "$(val wins d)" ] && echo 1)"
sum=$(( $(val wins a) + $(val wins b) + $(val draws) ))
check "team wins + draws = games" "$([ "$sum" -eq 300 ] && echo 1)"
check "team game has no facing ranks" "$(grep -q facing "$tmp/out" || echo 1)"

# Torus Hex has no passes and no draws; moves per turn = empty cells.
run -g torushex -s 5 -n 200 --json
check "torus hex: no passes, no draws" \
    "$([ "$(val turns)" = "$(val turns_with_move)" ] && [ "$(val draws)" = 0 ] && [ "$(val length_with_passes_mean)" = "$(val length_without_passes_mean)" ] && echo 1)"
check "torus hex 5x5: first turn has 25 moves, so the max is 25" \
    "$(awk -v m="$(val moves_per_turn_mean)" 'BEGIN { print (m > 12 && m <= 25) ? 1 : 0 }')"

# --- determinism and threads ---
for g in "othello" "yonin" "separo -s 7" "torushex -s 7" "yonin,team -s 6"; do
    # shellcheck disable=SC2086
    "$ST" -g $g -n 700 --seed 99 >"$tmp/t1" 2>&1
    # shellcheck disable=SC2086
    "$ST" -g $g -n 700 --seed 99 -t 3 >"$tmp/t3" 2>&1
    # shellcheck disable=SC2086
    "$ST" -g $g -n 700 --seed 99 --threads=2 >"$tmp/t2" 2>&1
    check "$g: same output with 1, 2 and 3 threads" \
        "$(cmp -s "$tmp/t1" "$tmp/t3" && cmp -s "$tmp/t1" "$tmp/t2" && echo 1)"
    # shellcheck disable=SC2086
    "$ST" -g $g -n 700 --seed 100 >"$tmp/t4" 2>&1
    check "$g: another seed, other games" "$(cmp -s "$tmp/t1" "$tmp/t4" || echo 1)"
done
"$ST" -g othello -n 30 --seed 5 -t 4 --json >"$tmp/a" 2>&1
"$ST" -g othello -n 30 --seed 5 -t 4 --json >"$tmp/b" 2>&1
check "same seed, same json" "$(cmp -s "$tmp/a" "$tmp/b" && echo 1)"
# More threads than games.
"$ST" -g othello -n 3 --seed 5 -t 8 --json >"$tmp/a" 2>&1
"$ST" -g othello -n 3 --seed 5 --json >"$tmp/b" 2>&1
check "more threads than games" "$(cmp -s "$tmp/a" "$tmp/b" && grep -q '"games":3,' "$tmp/a" && echo 1)"

# --- search players through the player interface ---
run -g othello -s 6 -n 20 -p alphabeta:2,random --json -t 2
check "alphabeta:2 beats random on 6x6 (wins $(num wins black) of 20)" \
    "$([ $rc -eq 0 ] && [ "$(val wins black)" -ge 15 ] && echo 1)"
check "players listed per seat" "$(grep -q '"players":\["alphabeta:2","random"\]' "$tmp/out" && echo 1)"
cp "$tmp/out" "$tmp/ab2"
run -g othello -s 6 -n 20 -p alphabeta:2,random --json
check "search player games independent of threads" "$(cmp -s "$tmp/out" "$tmp/ab2" && echo 1)"
run -g separo -s 7 -n 12 -p flat-mc:p40 --json -t 2
cp "$tmp/out" "$tmp/fm"
run -g separo -s 7 -n 12 -p flat-mc:p40 --json
check "flat-mc with a playout budget is reproducible" \
    "$([ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/fm" && echo 1)"
run -g yonin -n 4 -p random,maxn:1,random,paranoid:1 --json
check "yonin with maxn and paranoid seats" "$([ $rc -eq 0 ] && [ "$(val games)" = 4 ] && echo 1)"

# --- text output ---
run -g yonin -n 50
check "text report" "$([ $rc -eq 0 ] && grep -q '^moves per turn, all turns' "$tmp/out" \
    && grep -q '^first player (a) win rate' "$tmp/out" && grep -q 'rank when facing seat first' "$tmp/out" \
    && [ "$(grep -c '^[abcd]  ' "$tmp/out")" -eq 4 ] && echo 1)"
run --help
check "--help" "$([ $rc -eq 0 ] && grep -q -- '--players SPEC' "$tmp/out" && echo 1)"

# --- bad input: a message on stderr, exit 2, nothing on stdout ---
refuse() { # NAME PATTERN ARGS...
    name=$1 pat=$2
    shift 2
    run "$@"
    if [ $rc -eq 2 ] && grep -q -- "$pat" "$tmp/err" && [ ! -s "$tmp/out" ]; then
        ok "refuses $name"
    else
        bad "refuses $name (exit $rc)"; cat "$tmp/err"
    fi
}
refuse "unknown game" "unknown game 'chess'" -g chess
refuse "unknown variant" "unknown variant 'solo'" -g yonin,solo
refuse "repeated variant" "repeated variant 'team'" -g yonin,team,TEAM
refuse "odd othello size" "cannot be played on size 7" -g othello -s 7
refuse "size too big" "cannot be played on size 20" -g torushex -s 20
refuse "size not a number" "bad value for --size" -g separo -s nine
refuse "zero games" "bad value for --games" -n 0
refuse "negative games" "bad value for --games" -n -5
refuse "huge games" "bad value for --games" -n 99999999999999999999999
refuse "zero threads" "bad value for --threads" -t 0
refuse "negative seed" "bad value for --seed" --seed -1
refuse "missing value" "--games needs a value" --games
refuse "unknown flag" "unknown option '--fast'" --fast
refuse "stray argument" "unknown option 'othello'" othello
refuse "unknown player" "unknown player 'deepblue'" -p deepblue
refuse "three specs for four seats" "Yonin has 4 seats" -g yonin -p random,random,random
refuse "three specs for two seats" "Othello has 2 seats" -p random,random,random
refuse "empty spec" "bad player spec" -p random,
refuse "bad depth" "bad depth in 'alphabeta:x'" -p alphabeta:x
refuse "zero depth" "bad depth" -p alphabeta:0
refuse "bad playouts" "bad playout budget" -p flat-mc:p
refuse "random with a depth" "'random' takes no depth" -p random:3
refuse "player for another game" "does not play" -g othello -p maxn
refuse "bad --time" "bad value for --time" -p flat-mc --time 0
refuse "json with a value" "unknown option '--json=1'" --json=1

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
