#!/bin/sh
# analyze over a pipe, for every game: the response opens with "=id", its
# info lines name only legal moves with well-formed fields, the next
# command ends it with one empty line and is then answered normally; the
# error cases answer "?" at once. Players: each game's default, flat-mc,
# uct-plain, and the Yonin and Torus Hex special players.
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }

# run_analysis GAME PLAYER: analyze until two info lines have come (at
# least 0.6 s; on a loaded machine the first may take longer, so the wait
# is for the lines, up to 30 s, not for a time), then legal_moves and quit.
run_analysis() {
    : >"$tmp/out"
    { printf 'set_game %s\n1 analyze 10\n' "$1"; sleep 0.6
      i=0
      while [ "$(grep -c '^info' "$tmp/out")" -lt 2 ] && [ $i -lt 300 ]; do
          sleep 0.1; i=$((i + 1))
      done
      printf '2 legal_moves\nquit\n'; } |
        "$QUARTET" --player "$2" --threads 1 >"$tmp/out" 2>/dev/null
}

check_game() { # GAME PLAYER
    name="analyze $1 ($2)"
    if ! run_analysis "$1" "$2"; then bad "$name" "exit status"; return; fi
    # Response 1: from "=1" to the first empty line.
    awk '/^=1$/ { on = 1; next } on && $0 == "" { exit } on { print }' \
        "$tmp/out" >"$tmp/info"
    awk '/^=2/ { on = 1; sub(/^=2 ?/, "") } on && $0 == "" { exit } on { print }' \
        "$tmp/out" | tr ' ' '\n' | grep . | sort >"$tmp/legal"
    if ! grep -q '^=1$' "$tmp/out"; then bad "$name" "no =1 line"; return; fi
    if [ ! -s "$tmp/info" ]; then bad "$name" "no info lines"; return; fi
    # Every entry: info move M visits N winrate W [scoreLead S] [values V,...] [depth D] [source book] order K pv M...
    if ! awk '{
            n = split($0, w, " "); i = 1
            while (i <= n) {
                if (w[i] != "info" || w[i+1] != "move" || w[i+3] != "visits") exit 1
                if (w[i+4] !~ /^[0-9]+$/ || w[i+5] != "winrate") exit 1
                if (w[i+6] !~ /^[01]\.[0-9]+$/ || w[i+6] > 1) exit 1
                i += 7
                if (w[i] == "scoreLead") { if (w[i+1] !~ /^-?[0-9.]+$/) exit 1; i += 2 }
                if (w[i] == "values") { if (w[i+1] !~ /^[01]\.[0-9]+(,[01]\.[0-9]+)*$/) exit 1; i += 2 }
                if (w[i] == "depth") { if (w[i+1] !~ /^[0-9]+$/) exit 1; i += 2 }
                if (w[i] == "source") { if (w[i+1] != "book") exit 1; i += 2 }
                if (w[i] != "order" || w[i+1] !~ /^[0-9]+$/ || w[i+2] != "pv") exit 1
                i += 3
                if (i > n || w[i] == "info") exit 1   # a pv has a move
                while (i <= n && w[i] != "info") i++
            }
         }' "$tmp/info"; then
        bad "$name" "malformed: $(head -c 200 "$tmp/info")"; return
    fi
    awk '{ for (i = 1; i < NF; i++) if ($i == "move") print $(i+1) }' \
        "$tmp/info" | sort -u >"$tmp/moves"
    if [ -n "$(comm -23 "$tmp/moves" "$tmp/legal")" ]; then
        bad "$name" "moves not legal: $(comm -23 "$tmp/moves" "$tmp/legal" | tr '\n' ' ')"
        return
    fi
    # The response after the analysis is answered normally, then quit.
    if ! grep -q '^=2 ' "$tmp/out" || [ "$(tail -n 2 "$tmp/out" | head -n 1)" != "=" ]; then
        bad "$name" "later responses missing"; return
    fi
    ok "$name"
}

for g in Othello Yonin Separo TorusHex; do
    check_game "$g" default
    check_game "$g" flat-mc
    check_game "$g" uct-plain
done
# Four-player searches give every seat's value: four per candidate.
four_values() { # PLAYER
    check_game Yonin "$1"
    if grep -Eq 'values [01]\.[0-9]+,[01]\.[0-9]+,[01]\.[0-9]+,[01]\.[0-9]+ ' "$tmp/info"; then
        ok "analyze Yonin ($1): values of all four seats"
    else
        bad "analyze Yonin ($1): values of all four seats" "$(head -c 200 "$tmp/info")"
    fi
}
four_values maxn
four_values mcts
check_game Yonin paranoid
check_game TorusHex heuristic

# expect NAME INPUT EXPECTED: the first line of each response, joined by |.
expect() {
    printf '%b' "$2" | "$QUARTET" --player flat-mc --threads 1 >"$tmp/out" 2>/dev/null
    got=$(awk 'BEGIN { start = 1 } start { printf "%s%s", sep, $0; sep = "|"; start = 0; next }
               $0 == "" { start = 1 }' "$tmp/out")
    if [ "$got" = "$3" ]; then ok "$1"; else bad "$1" "expected $3, got $got"; fi
}
expect "analyze: not on turn" '1 analyze w\n' "?1 illegal move: not white's turn (black to move)"
expect "analyze: bad interval" '1 analyze b 0\n' "?1 syntax error: analyze interval must be 1 to 360000 centiseconds, not '0'"
expect "analyze: lone interval out of range" '1 analyze 0\n2 analyze 360001\n' "?1 syntax error: analyze interval must be 1 to 360000 centiseconds, not '0'|?2 syntax error: analyze interval must be 1 to 360000 centiseconds, not '360001'"
expect "analyze: bad player" '1 analyze x\n' "?1 syntax error: unknown player 'x' (black, white)"
expect "analyze: Yonin seat 3 is a player, not an interval" 'set_game yonin\n1 analyze 3\n2 analyze 3 10\n' "=|?1 illegal move: not c's turn (a to move)|?2 illegal move: not c's turn (a to move)"
expect "analyze: too many words" '1 analyze b 10 3\n' '?1 syntax error: usage: analyze [PLAYER] [INTERVAL]'
# A finished game: an empty success, and the next command is answered.
moves=$(i=0; while [ $i -lt 20 ]; do printf 'genmove b\ngenmove w\n'; i=$((i + 1)); done)
printf 'boardsize 4\n%s\n2 final_score\n3 analyze\n4 name\n' "$moves" |
    "$QUARTET" --player random --seed 3 >"$tmp/out" 2>/dev/null
if grep -q '^=2 [BW0]' "$tmp/out" && [ "$(grep -A 2 '^=3' "$tmp/out" | tr '\n' '|')" = '=3||=4 Quartet|' ]; then
    ok "analyze: finished game"
else
    bad "analyze: finished game" "$(tail -n 6 "$tmp/out" | tr '\n' '|')"
fi
expect "analyze: state unchanged" '1 analyze 5\nplay b d3\n2 legal_moves w\n' '=1|=|=2 c3 e3 c5'

# The command time cap ends a stream by itself, as a next line would: the
# info lines stop and the empty line closes the response about 1 s after
# "=1", well before the next command is sent (3.5 s); that command is then
# answered normally. Every line is stamped with the time it arrived.
stamp() { while IFS= read -r line; do echo "$(date +%s.%N) $line"; done; }
capped() { # GAME
    name="analyze $1 under --max-command-time 1"
    { printf 'set_game %s
1 analyze 10
' "$1"; sleep 3.5
      date +%s.%N >"$tmp/sent"; printf '2 name
quit
'; } |
        "$QUARTET" --threads 1 --max-command-time 1 2>/dev/null | stamp >"$tmp/out"
    verdict=$(awk -v sent="$(cat "$tmp/sent")" '
        $2 == "=1" { start = $1; on = 1; next }
        on && NF == 1 { end = $1; on = 0; closed = 1; next }
        on && $2 != "info" { print "not an info line: " $0; exit }
        on { infos++; next }
        closed && !answer { answer = $2 " " $3 }
        END { if (!start) { print "no =1"; exit }
              if (!closed) { print "the stream never ended"; exit }
              d = end - start
              if (infos < 1) print "no info lines"
              else if (d < 0.9 || d > 3) print "ended after " d " s"
              else if (end >= sent) print "ended only when the next line came"
              else if (answer != "=2 Quartet") print "next answer: " answer
              else print "ok" }' "$tmp/out")
    if [ "$verdict" = ok ]; then ok "$name"; else bad "$name" "$verdict"; fi
}
capped Othello
capped Separo
# A player that never reports (random) is capped all the same.
name="analyze, random player, under --max-command-time 1"
{ printf '1 analyze
'; sleep 3; printf '2 name
'; } |
    "$QUARTET" --player random --max-command-time 1 2>/dev/null | stamp >"$tmp/out"
if awk 'NR == 1 && $2 == "=1" { t = $1 } NR == 2 && NF == 1 { d = $1 - t }
        NR == 3 && $2 == "=2" { ok = d > 0.9 && d < 2.5 } END { exit !ok }' "$tmp/out"; then
    ok "$name"
else
    bad "$name" "$(tr '\n' '|' <"$tmp/out")"
fi
# On a terminal (readline; script(1) gives it one) the cap ends the stream
# too, while the prompt waits: the stream's info lines stop, the note comes
# (--verbose) long before the next line is typed, and that line is answered.
name="analyze on a terminal under --max-command-time 1"
if command -v script >/dev/null 2>&1; then
    { printf 'set_game separo\n1 analyze 10\n'; sleep 3; printf '2 name\nquit\n'; } |
        script -qfc "$QUARTET --threads 1 --max-command-time 1 --verbose" /dev/null 2>&1 |
        tr -d '\r' >"$tmp/tty"
    if awk '/analyze: ended by the command time limit \(1 s\)/ { noted = NR }
            noted && /^info / { late = 1 }
            /2 name/ && !typed { typed = NR }
            /=2 Quartet/ { answered = 1 }
            END { exit !(noted && typed > noted && !late && answered) }' "$tmp/tty"; then
        ok "$name"
    else
        bad "$name" "$(grep -v '^info' "$tmp/tty" | tr '\n' '|' | head -c 300)"
    fi
else
    echo "skip $name (no script(1))"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
