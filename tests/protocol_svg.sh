#!/bin/sh
# The `svg [legal]` command over GTP for each game: one response that
# starts "= <svg" (or "=ID <svg"), ends with </svg> and has no empty line
# inside; bad arguments get a '?' and leave the game as it was; the last
# move is marked (and forgotten by undo); legal marks only when asked;
# listed by list_commands, known_command and help.
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
# response N of file F (responses end with an empty line)
resp() { awk -v n="$2" 'BEGIN { RS = ""; ORS = "\n" } NR == n' "$1"; }
# a response is one SVG with GTP framing: first line "=ID <svg ...", last
# line "</svg>", then exactly one empty line, nothing blank before it
framed() { # FILE N [ID]
    resp "$1" "$2" >"$tmp/one"
    head -n 1 "$tmp/one" | grep -q "^=$3 <svg xmlns=\"http://www.w3.org/2000/svg\" " &&
        [ "$(tail -n 1 "$tmp/one")" = "</svg>" ] &&
        [ "$(grep -c '<svg xmlns' "$tmp/one")" -eq 1 ] &&
        ! LC_ALL=C grep -q '[^ -~]' "$tmp/one"
}

for game in Othello Yonin Separo TorusHex; do
    case $game in
    Othello) move="play b d3"; last=d3 ;;
    Yonin) move="play a e3"; last=e3 ;;
    Separo) move="play red a1-b2-b3"; last=b2 ;;
    TorusHex) move="play b c3"; last=c3 ;;
    esac
    printf '%s\n' "set_game $game" "showboard" "svg" "svg legal" "svg bogus" "svg legal legal" \
        "showboard" "7 svg" "$move" "svg" "undo" "svg" "svg" >"$tmp/in"
    "$QUARTET" --seed 1 --player random <"$tmp/in" >"$tmp/out" 2>"$tmp/err"; ok "$game: runs"
    # Responses: 1 set_game, 2 showboard, 3 svg, 4 svg legal, 5-6 errors,
    # 7 showboard, 8 svg with id, 9 play, 10 svg, 11 undo, 12-13 svg.
    [ "$(grep -c '^[=?]' "$tmp/out")" -eq 13 ]; ok "$game: 13 responses"
    framed "$tmp/out" 3; ok "$game: svg framing"
    framed "$tmp/out" 4; ok "$game: svg legal framing"
    framed "$tmp/out" 8 7; ok "$game: svg with an id"
    resp "$tmp/out" 3 | grep -q "data-game=\"$game\""; ok "$game: data-game"
    ! resp "$tmp/out" 3 | grep -q 'q-legal' && resp "$tmp/out" 4 | grep -q 'class="q-legal"'
    ok "$game: legal marks only with legal"
    [ "$(resp "$tmp/out" 5)" = "? syntax error: usage: svg [legal], not 'bogus'" ]
    ok "$game: svg bogus refused"
    [ "$(resp "$tmp/out" 6)" = "? syntax error: usage: svg [legal]" ]; ok "$game: two arguments refused"
    [ "$(resp "$tmp/out" 2)" = "$(resp "$tmp/out" 7)" ]; ok "$game: state unchanged"
    [ "$(resp "$tmp/out" 3 | sed 's/^=[0-9]*//')" = "$(resp "$tmp/out" 8 | sed 's/^=[0-9]*//')" ]
    ok "$game: the same picture twice"
    ! resp "$tmp/out" 3 | grep -q 'q-last'; ok "$game: no last move at the start"
    resp "$tmp/out" 10 | grep -q "class=\"q-last\" data-point=\"$last\""; ok "$game: last move $last marked"
    ! resp "$tmp/out" 12 | grep -q 'q-last' && [ "$(resp "$tmp/out" 12)" = "$(resp "$tmp/out" 13)" ]
    ok "$game: undo forgets the last move"
done

# Yonin: after set_position nothing is marked; `play c h8` while seat b
# must pass inserts b's pass, and the picture marks c's h8, not the pass.
board="XOO.....$(printf '........%.0s' 1 2 3 4 5 6)....XOO."
printf '%s\n' "set_game Yonin" "set_position $board b" "svg" "legal_moves b" "play c h8" "svg" \
    >"$tmp/in"
"$QUARTET" <"$tmp/in" >"$tmp/out" 2>&1
! resp "$tmp/out" 3 | grep -q 'q-last' && [ "$(resp "$tmp/out" 4)" = "= pass" ]
ok "Yonin: nothing marked after set_position"
resp "$tmp/out" 6 | grep -q 'class="q-last" data-point="h8"'; ok "Yonin: the move after a forced pass marked"

# Listed and documented.
printf '%s\n' "list_commands" "known_command svg" "help svg" >"$tmp/in"
"$QUARTET" <"$tmp/in" >"$tmp/out" 2>&1
resp "$tmp/out" 1 | grep -qx 'svg'; ok "list_commands has svg"
[ "$(resp "$tmp/out" 2)" = "= true" ]; ok "known_command svg"
resp "$tmp/out" 3 | grep -q '^= svg \[legal\] - '; ok "help svg"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
