#!/bin/sh
# Plays whole games over GTP with --player random (and a few with the
# default flat-mc on a small playout budget), sending only genmove
# for the seat on turn (cycling the seats; forced passes come back as
# "pass"), then checks that the game ended, that every genmove succeeded,
# and that final_score has the right form and agrees with score (which
# ends in "over", or for Torus Hex names the winner: "white wins P Q").
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# expected_result GAME SIZE SCORE-LINE: the final_score text implied by score.
expected_result() {
    echo "$3" | awk -v game="$1" -v n="$2" '
    game == "othello" {   # black X white Y over; empties go to the winner
        x = $2; y = $4; e = n * n - x - y
        print (x > y ? "B+" (x - y + e) : x < y ? "W+" (y - x + e) : "0"); exit }
    game == "separo" {    # red R blue B over
        print ($2 > $4 ? "B+" ($2 - $4) : $2 < $4 ? "W+" ($4 - $2) : "0"); exit }
    game == "torushex" {  # black|white wins P Q
        print ($1 == "black" ? "B+" : $1 == "white" ? "W+" : "?"); exit }
    game == "yonin" {     # a A b B c C d D [ac AC bd BD] over
        if ($9 == "ac") { t[1] = "AC"; v[1] = $10; t[2] = "BD"; v[2] = $12; k = 2 }
        else { for (i = 1; i <= 4; i++) { t[i] = toupper($(2 * i - 1)); v[i] = $(2 * i) }; k = 4 }
        best = 1
        for (i = 2; i <= k; i++) if (v[i] > v[best]) best = i
        second = -1
        for (i = 1; i <= k; i++) if (i != best && v[i] > second) second = v[i]
        print (second == v[best] ? "0" : t[best] "+" (v[best] - second)); exit }'
}

# play NAME GAME SIZE SEED "SEATS" [set_game words...]
play() {
    name=$1 game=$2 size=$3 seed=$4 seats=$5; shift 5
    {
        echo "set_game $*"
        echo "boardsize $size"
        i=0
        while [ $i -lt 150 ]; do
            for s in $seats; do echo "genmove $s"; done
            i=$((i + 1))
        done
        echo "score"
        echo "final_score"
    } >"$tmp/in"
    "$QUARTET" $flags --seed "$seed" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # One response per command, first lines only.
    awk 'BEGIN { s = 1 } s { print; s = 0; next } $0 == "" { s = 1 }' "$tmp/out" >"$tmp/first"
    ncmd=$(wc -l <"$tmp/in") nresp=$(wc -l <"$tmp/first")
    bad=$(head -n $((ncmd - 2)) "$tmp/first" | tail -n +3 | grep -c -v '^= [a-z0-9-]*$')
    bad=$((bad + $(head -n 2 "$tmp/first" | grep -c -v '^=$')))
    score=$(tail -n 2 "$tmp/first" | head -n 1 | sed 's/^= //')
    result=$(tail -n 1 "$tmp/first" | sed 's/^= //')
    want=$(expected_result "$game" "$size" "$score")
    if [ $rc -eq 0 ] && [ "$ncmd" -eq "$nresp" ] && [ "$bad" -eq 0 ] &&
       { [ "${score% over}" != "$score" ] || [ "${score#* wins }" != "$score" ]; } &&
       [ "$result" = "$want" ]; then
        passed=$((passed + 1)); echo "ok   $name: $score -> $result"
    else
        failed=$((failed + 1))
        echo "FAIL $name (exit $rc, $nresp/$ncmd responses, $bad bad genmoves)"
        echo "  score '$score', final_score '$result', expected '$want'"
        head -n 5 "$tmp/err"
    fi
}

flags="--player random"
for seed in 1 2 3; do
    play "othello 8 seed $seed" othello 8 $seed "b w" othello
    play "othello 6 seed $seed" othello 6 $seed "b w" othello
    play "yonin 8 seed $seed" yonin 8 $seed "a b c d" yonin
    play "yonin team 6 seed $seed" yonin 6 $seed "a b c d" yonin team
    play "separo 9 seed $seed" separo 9 $seed "b w" separo
    play "separo 5 seed $seed" separo 5 $seed "red blue" separo
    play "torushex 11 seed $seed" torushex 11 $seed "b w" torushex
    play "torushex swap 5 seed $seed" torushex 5 $seed "b w" torushex swap
done
flags="--player flat-mc --playouts 64 --threads 2"
play "flat-mc othello 6" othello 6 4 "b w" othello
play "flat-mc yonin 6" yonin 6 4 "a b c d" yonin
play "flat-mc yonin team 6" yonin 6 4 "a b c d" yonin team
play "flat-mc separo 5" separo 5 4 "b w" separo
play "flat-mc torushex 5" torushex 5 4 "b w" torushex swap
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
