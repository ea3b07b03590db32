#!/bin/sh
# End of input stops everything (issue 48): with a long command running —
# genmove, reg_genmove and analyze at a 10-minute budget, perft, solve,
# solve_wld, stoner; NBoard's go, hint and analyze at depth 40 — closing
# the engine's input stops it, its answer is written (the best move so far,
# `? interrupted: end of input`, the stream's or the status' end), and the
# engine exits with status 0. A hang guard fails a run that has not ended
# 5 s after the input closed; the real time from closing to exit is
# printed (ms; with EOF_RUNS=N, the median of N runs, for
# doc/protocol.md). At a terminal (readline, through script(1)), Ctrl-D
# while perft runs does the same. Then the rule's edges: commands queued
# before the end still run to their end but the last; a script that ends
# with quit gets every answer in full. Last, what this path frees, against
# the same session ended by quit: under valgrind (build/vg, as
# tests/soak.sh) the heap, under strace the mmap'd tables.
# Environment: QUARTET, VG_QUARTET (default build/vg/bin/quartet),
# EOF_RUNS (default 1).
: "${QUARTET:=bin/quartet}" "${EOF_RUNS:=1}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'exec 3>&-; rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '  %s\n' "$2"; }
limit=""
command -v timeout >/dev/null 2>&1 && limit="timeout -s KILL 10"
ms() { echo $(($(date +%s%N) / 1000000)); }

# Waits (at most 30 s) until the output holds $1 lines matching $2.
await() { # $1: count, $2: pattern
    i=0
    while [ "$(grep -c -e "$2" "$tmp/out")" -lt "$1" ] && [ $i -lt 600 ]; do
        sleep 0.05; i=$((i + 1))
    done
}

# One run: the engine with flags $1 on a fifo; the setup lines $2 are sent
# and answered (those matching $3, $4 of them), then the command $5; once
# it has run half a second the input is closed. Sets rc and took (ms from
# closing to exit).
once() { # $1 flags, $2 setup, $3 answer pattern, $4 count, $5 command
    rm -f "$tmp/in"; mkfifo "$tmp/in"
    # shellcheck disable=SC2086  # flags are words
    "$QUARTET" $1 <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/in"
    [ -n "$2" ] && printf '%b' "$2" >&3
    await "$4" "$3"
    printf '%s\n' "$5" >&3
    sleep 0.5
    t0=$(ms)
    exec 3>&-
    guard "$pid"
    wait "$pid"; rc=$?
    took=$(($(ms) - t0))
}

# The hang guard: kills $1 if it still runs 5 s from now (it then exits
# with 137); ends itself as soon as $1 is gone.
guard() {
    (
        i=0
        while [ $i -lt 50 ] && kill -0 "$1" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
        [ $i -ge 50 ] && kill -9 "$1" 2>/dev/null
    ) >/dev/null 2>&1 &
}

# $1 label, $2 flags, $3 setup, $4 answer pattern, $5 count, $6 command,
# $7 the answer's pattern (grep -E, whole output), $8 the NBoard progress
# line to await before the half second (empty: none).
check() {
    times=""
    k=0
    while [ $k -lt "$EOF_RUNS" ]; do
        once "$2" "$3" "$4" "$5" "$6"
        times="$times $took"
        k=$((k + 1))
    done
    # shellcheck disable=SC2086  # one number a word
    median=$(printf '%s\n' $times | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    if [ "$rc" -ne 0 ]; then
        bad "$1: exit status $rc (137: still running 5 s after the end of input)" "$(tail -n 3 "$tmp/out")"
    elif [ "$took" -ge 5000 ]; then
        bad "$1: exited only $took ms after the end of input"
    elif ! grep -Eq "$7" "$tmp/out"; then
        bad "$1: answer" "$(tail -n 4 "$tmp/out" | tr '\n' '|')"
    else
        ok "$1: exit 0, ${median} ms after the end of input (runs:$times)"
    fi
}

slow="--time 600 --threads 2"
# The start position is in the book: without it genmove searches.
check "genmove, Othello alphabeta, --time 600" "$slow --no-book" "" "" 0 \
    "genmove b" '^= [a-h][1-8]$'
check "reg_genmove, Othello alphabeta, --time 600" "$slow --no-book" "" "" 0 \
    "reg_genmove b" '^= [a-h][1-8]$'
check "genmove, Yonin mcts, --time 600" "$slow" 'set_game Yonin\n' '^=' 1 \
    "genmove a" '^= [a-h][1-8]$'
check "genmove, TorusHex mcts, --time 600" "$slow" 'set_game TorusHex\n' '^=' 1 \
    "genmove b" '^= [a-k][0-9]+$'
check "analyze 10, Othello" "$slow --no-book" "" "" 0 "analyze 10" '^info move'
check "analyze 10, Separo" "$slow" 'set_game Separo\n' '^=' 1 "analyze 10" '^info move'
check "perft 30, Othello" "" "" "" 0 "perft 30" '^\? interrupted: end of input$'
check "perft 30, Yonin" "" 'set_game Yonin\n' '^=' 1 "perft 30" '^\? interrupted: end of input$'
# The 6x6 start: 32 empties, minutes of work.
check "solve, 6x6 start" "--threads 2" 'boardsize 6\n' '^=' 1 "solve" \
    '^\? interrupted: end of input$'
check "solve_wld, 6x6 start" "--threads 2" 'boardsize 6\n' '^=' 1 "solve_wld" \
    '^\? interrupted: end of input$'
# A 14-ply line whose stoner proof runs for minutes (tests/test_interrupt.c).
check "stoner, a minutes-long proof" "" \
    'play b f5\nplay w f6\nplay b e6\nplay w f4\nplay b g6\nplay w f7\nplay b e8\nplay w d7\nplay b d6\nplay w g7\nplay b d8\nplay w c8\nplay b b8\nplay w c5\n' \
    '^=' 14 "stoner" '^\? interrupted: end of input$'
# The cap is an hour: the end of input comes first.
check "perft 30 under --max-command-time 3600" "--max-command-time 3600" "" "" 0 \
    "perft 30" '^\? interrupted: end of input$'

# NBoard at depth 40 from the start: hours of search.
nb="--protocol nboard --no-book --threads 2"
game='nboard 2\nset depth 40\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0:00//0:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)\n'
check "nboard go, depth 40" "$nb" "$game" '^set myname' 1 "go" '^=== [A-H][1-8]/'
check "nboard hint 3, depth 40" "$nb" "$game" '^set myname' 1 "hint 3" '^status$'
check "nboard analyze, depth 40" "$nb" \
    "${game}move F5\nmove D6\nmove C3\nping 1\n" '^pong 1' 1 "analyze" '^status$'

# At a terminal (readline, through script's pseudo-terminal): Ctrl-D
# while perft runs stops it and ends the engine, status 0.
if command -v script >/dev/null 2>&1; then
    rm -f "$tmp/in"; mkfifo "$tmp/in"
    script -qfc "$QUARTET; echo rc=\$?" /dev/null <"$tmp/in" >"$tmp/out" 2>&1 &
    spid=$!
    exec 3>"$tmp/in"
    await 1 'quartet>'
    printf 'perft 30\n' >&3
    sleep 0.5
    t0=$(ms)
    printf '\004' >&3
    await 1 'rc='
    took=$(($(ms) - t0))
    exec 3>&-
    i=0
    while [ $i -lt 50 ] && kill -0 "$spid" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    if grep -q 'rc=0' "$tmp/out" && grep -q 'interrupted: end of input' "$tmp/out"; then
        ok "readline: Ctrl-D while perft runs: stopped, exit 0, $took ms after it"
    else
        bad "readline: Ctrl-D while perft runs" "$(tr -d '\r' <"$tmp/out" | tail -n 3 | tr '\n' '|')"
        # still running: its pseudo-terminal's end goes with script
        kill "$spid" 2>/dev/null
    fi
    wait "$spid" 2>/dev/null
else
    echo "skip readline: no script(1)"
fi

# What was queued before the end still runs, each to its end but the last:
# perft 5 answers in full, perft 30 is stopped; a trailing comment and
# blank line leave it the last command.
printf 'perft 5\nperft 30\n# the end\n\n' | $limit "$QUARTET" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(tr '\n' '|' <"$tmp/out")" = "= 1396||? interrupted: end of input||" ]; then
    ok "queued before the end: answered in full; the last stopped"
else
    bad "queued before the end (exit $rc)" "$(tr '\n' '|' <"$tmp/out")"
fi
# A line cut off by the end of input is a command too, and the last.
printf 'perft 30' | $limit "$QUARTET" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = "? interrupted: end of input" ]; then
    ok "a last line without its newline is stopped as well"
else
    bad "a last line without its newline (exit $rc)" "$(tr '\n' '|' <"$tmp/out")"
fi
# play_sequence last: bounded by its line, so answered in full (a script
# that pipes a record in to check it gets the verdict), and played.
printf 'set_game othello\nplay_sequence f5d6c3d3c4\n' | $limit "$QUARTET" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(tr '\n' '|' <"$tmp/out")" = "=||=||" ]; then
    ok "play_sequence last: answered in full"
else
    bad "play_sequence last (exit $rc)" "$(tr '\n' '|' <"$tmp/out")"
fi
printf 'set_game othello\nplay_sequence f5d6c3d3c4\nshowboard\n' | $limit "$QUARTET" >"$tmp/out" 2>&1
printf 'set_game othello\nplay b f5\nplay w d6\nplay b c3\nplay w d3\nplay b c4\nshowboard\n' | $limit "$QUARTET" >"$tmp/want" 2>&1
# The boards (showboard's 12 lines and the empty line) must agree.
if [ "$(tail -n 13 "$tmp/out")" = "$(tail -n 13 "$tmp/want")" ] && grep -qF '(X) 6 white (O) 3' "$tmp/out"; then
    ok "play_sequence before the end: its moves played"
else
    bad "play_sequence before the end" "$(diff "$tmp/want" "$tmp/out" | head -n 5)"
fi
# A script that ends with quit: every command before it runs to its end.
printf 'perft 7\nquit\n' | $limit "$QUARTET" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(tr '\n' '|' <"$tmp/out")" = "= 55092||=||" ]; then
    ok "a script ending with quit: answered in full"
else
    bad "a script ending with quit (exit $rc)" "$(tr '\n' '|' <"$tmp/out")"
fi

# Under valgrind and strace: the end of input in mid-search frees what the
# same session ended by an interrupt and quit frees. valgrind: no leak, no
# memory error, and no more heap still reachable at exit than after quit
# (what stays is the process's shared weights, loaded once). strace: the
# tables mapped outside the heap (Othello's transposition tables, mmap)
# are unmapped, the same large mappings left at exit as after quit (the
# heap's own: the shared weights, thread arenas and stacks).
# $1 the wrapper, $2 flags, $3 input before the search, $4 the line
# awaited, $5 what ends it (empty: the end of input alone). Sets rc.
wrapped() {
    rm -f "$tmp/in"; mkfifo "$tmp/in"
    # shellcheck disable=SC2086  # wrapper and flags are words
    $1 "$VG" $2 --hash 8 --threads 2 <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/in"
    printf '%b' "$3" >&3
    await 1 "$4"
    sleep 1
    [ -n "$5" ] && printf '%b' "$5" >&3
    exec 3>&-
    wait "$pid"; rc=$?
}
# Anonymous read-write mappings of 1 MiB or more never unmapped, from an
# strace log: "COUNT BYTES".
unmapped() {
    awk '
        function opened(size, addr) { if (size + 0 >= 1048576) open[addr] = size }
        / mmap\(NULL, [0-9]+, PROT_READ\|PROT_WRITE, MAP_PRIVATE\|MAP_ANONYMOUS, -1, 0/ {
            split($0, a, /mmap\(NULL, /); split(a[2], b, ","); size = b[1]
            if ($0 ~ /unfinished/) { pend[$1] = size; next }
            opened(size, $NF); next }
        /<\.\.\. mmap resumed>/ { if ($1 in pend) { opened(pend[$1], $NF); delete pend[$1] }; next }
        / munmap\(/ { split($0, a, /munmap\(/); split(a[2], b, ","); delete open[b[1]] }
        END { n = 0; t = 0; for (k in open) { n++; t += open[k] }; print n, t }
    ' "$1"
}
VG=${VG_QUARTET:-build/vg/bin/quartet}
ends="# interrupt\nquit\n"
leaks() { # $1 label, $2 flags, $3 input, $4 awaited line
    vgw="valgrind --fair-sched=yes --error-exitcode=99 --leak-check=full
        --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect"
    reach() { sed -n 's/.*still reachable: \([0-9,]*\) bytes.*/\1/p' "$tmp/err" | tr -d ,; }
    wrapped "$vgw" "$2" "$3" "$4" "$ends"
    quit_reach=$(reach)
    wrapped "$vgw" "$2" "$3" "$4" ""
    eof_reach=$(reach)
    if [ $rc -ne 0 ] || grep -q 'definitely lost: [1-9]\|indirectly lost: [1-9]\|Invalid' "$tmp/err"; then
        bad "valgrind, $1: exit $rc" "$(grep -e 'lost:' -e Invalid "$tmp/err" | head -n 6)"
    elif [ "${eof_reach:-0}" -ne "${quit_reach:-0}" ]; then
        bad "valgrind, $1: ${eof_reach:-0} bytes still reachable at the end of input, ${quit_reach:-0} after quit"
    else
        ok "valgrind, $1: no leak, no error; ${eof_reach:-0} bytes still reachable, as after quit"
    fi
}
maps() { # as leaks
    # LeakSanitizer cannot run under ptrace (it exits 1 at the end): in a
    # SAN=1 build the strace runs leave leaks to the valgrind checks above.
    stw="env ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -e trace=mmap,munmap -o $tmp/st"
    wrapped "$stw" "$2" "$3" "$4" "$ends"
    quit_maps=$(unmapped "$tmp/st")
    wrapped "$stw" "$2" "$3" "$4" ""
    eof_maps=$(unmapped "$tmp/st")
    if [ $rc -ne 0 ] || [ "$eof_maps" != "$quit_maps" ] || ! grep -q 'munmap(' "$tmp/st"; then
        bad "strace, $1: exit $rc; mappings left (count, bytes): $eof_maps at the end of input, $quit_maps after quit"
    else
        ok "strace, $1: tables unmapped; large mappings left at exit ($eof_maps) as after quit"
    fi
}
if ! command -v valgrind >/dev/null 2>&1 || [ ! -x "$VG" ]; then
    echo "skip valgrind: no valgrind or no $VG (make soak-bin)"
else
    leaks "genmove" "--time 600 --no-book" 'name\ngenmove b\n' '^= Quartet'
    leaks "solve" "" 'boardsize 6\nsolve\n' '^='
    leaks "nboard hint" "--protocol nboard --no-book --verbose" "${game}hint 3\n" 'is thinking'
fi
VG=$QUARTET
if ! command -v strace >/dev/null 2>&1 || ! strace -o /dev/null true 2>/dev/null; then
    echo "skip strace: not installed or not allowed here"
else
    maps "genmove" "--time 600 --no-book" 'name\ngenmove b\n' '^= Quartet'
    maps "solve" "" 'boardsize 6\nsolve\n' '^='
    maps "nboard hint" "--protocol nboard --no-book --verbose" "${game}hint 3\n" 'is thinking'
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
