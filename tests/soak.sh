#!/bin/sh
# Soak: a long scripted session per game under valgrind memcheck — genmove
# with every player at tiny budgets, undo, clear_board, boardsize and
# set_game switches, analyze and its stop, set_position, perft and the
# games' commands, `# interrupt` of running and queued commands, a time cap
# — and no memory error, no leak (definite or indirect), no internal error,
# every command answered.
#   sh tests/soak.sh           the short version (make test)
#   sh tests/soak.sh --long    ROUNDS rounds per game (default 40; make soak)
# Environment: VG_QUARTET (engine binary, default build/vg/bin/quartet),
# ROUNDS, SOAK_KEEP (a folder to keep the session sent and the answers in).
rounds=1
[ "$1" = "--long" ] && rounds=${ROUNDS:-40}

if ! command -v valgrind >/dev/null 2>&1; then
    echo "soak: valgrind is not installed; skipped (apt-get install valgrind)"
    echo "0 passed, 0 failed"
    exit 0
fi
# valgrind needs a build without AVX-512 and without ASan: `make
# soak-bin` puts one in build/vg (make test and make soak do it first).
QUARTET=${VG_QUARTET:-build/vg/bin/quartet}
if [ ! -x "$QUARTET" ]; then
    echo "soak: no $QUARTET (run make soak-bin)"
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d) || exit 1
: >"$tmp/sent"
trap '[ -n "$SOAK_KEEP" ] && cp "$tmp/out" "$tmp/sent" "$SOAK_KEEP"; rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# Every line of the session goes through say, which also logs it for pace
# (a tee on the pipe would log it late, and pace would count too few).
say() {
    printf '%s\n' "$@"
    [ -n "$counting" ] || printf '%s\n' "$@" >>"$tmp/sent"
}

# While the session is played (not while its commands are counted): wait
# until every command sent so far but the last $2 (default 1) is answered,
# so the last one is the one running, then let it run $1 seconds. A fixed
# pause is not enough: under valgrind on a slow machine the engine falls
# behind the script and an interrupt would stop an earlier command instead.
pace() {
    [ -n "$counting" ] && return
    waited=0
    while :; do
        sent=$(sed -e 's/#.*//' "$tmp/sent" | grep -c '[^ ]')
        got=$(grep -c '^[=?]' "$tmp/out")
        [ "$got" -ge $((sent - ${2:-1})) ] && break
        [ "$waited" -ge 3000 ] && { echo "soak: engine stuck ($got of $sent answered)" >&2; break; }
        sleep 0.1; waited=$((waited + 1))
    done
    sleep "$1"
}

players="flat-mc random alphabeta mcts uct-plain heuristic maxn paranoid"

# One game's session on stdout, paced where a command must be running (or
# an analysis streaming) when the next line arrives. $1 game, $2 seats,
# $3 other board size, $4 set_position line (or empty), $5 extra commands
# (with "@pace" lines).
session() {
    game=$1 seats=$2 size=$3 setpos=$4 extra=$5
    first=${seats%% *} last=${seats##* }
    say "set_game $game"
    r=0
    while [ $r -lt "$rounds" ]; do
        for p in $players default; do
            say "set_player $p"
            # a full round of seats, then the last move again after undo
            for s in $seats; do say "genmove $s"; done
            say "undo"
            say "genmove $last"
        done
        say "set_player default"
        say "showboard"
        say "legal_moves"
        say "perft 3"
        # analyze, stopped by the next line once it has streamed a while
        say "analyze 5"; pace 0.8
        say "score"
        # a long perft stopped while it runs, then one with the interrupt
        # right behind it, as GoGui sends them (it may not have begun).
        # From the start position: the games played above at tiny budgets
        # may have come near their end, where perft 30 finishes at once
        # (Separo's once counted 7 under load) and nothing is left to stop.
        say "clear_board"
        say "perft 30"; pace 0.3
        say "# interrupt"
        pace 0 0
        say "perft 30"; say "# interrupt"
        # a genmove with a long budget, interrupted: plays what it has
        say "time_settings 600 0 0"
        say "genmove $first"; pace 0.5
        say "# interrupt"
        say "time_settings 0 1 0"
        # the extra lines; "@pace" waits until all before it are answered
        [ -n "$extra" ] && printf '%b\n' "$extra" | while IFS= read -r x; do
            if [ "$x" = "@pace" ]; then pace 0 0; else say "$x"; fi
        done
        say "boardsize $size"
        for s in $seats; do say "genmove $s"; done
        say "clear_board"
        [ -n "$setpos" ] && say "$setpos" && say "genmove $first"
        say "set_game $game"
        r=$((r + 1))
    done
}

all_games() {
    session Othello "b w" 6 \
        "set_position --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X" \
        "set_position --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOX-XOXXX--XOXOX--XXXOO---OOOOO-- X\nsolve\nsolve_wld\nstoner\nset_game Othello\nplay b f5\nplay w f6\nplay b e6\nplay w f4\nplay b g6\nplay w f7\nplay b e8\nplay w d7\nplay b d6\nplay w g7\nplay b d8\nplay w c8\nplay b b8\nplay w c5\n@pace\nstoner\n# interrupt\nset_game Othello"
    session Yonin "a b c d" 6 "" "set_game Yonin team\ngenmove a\ngenmove b"
    session Separo "b w" 7 "" ""
    session TorusHex "b w" 5 "" "set_game TorusHex swap\ngenmove b\ngenmove w"
    say "quit"
}

# Tiny budgets and small tables keep valgrind's run short; two threads
# keep the searches' threading in the soak. valgrind runs one thread at a
# time, and without --fair-sched a busy perft can keep the reader and the
# watchdog from ever running again: no interrupt, no time cap.
all_games | valgrind -q --fair-sched=yes --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
    "$QUARTET" --time 0.03 --threads 2 --hash 8 --tree-mb 16 --seed 11 \
    --max-command-time 20 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "valgrind exit $rc"; grep -v "^alphabeta:" "$tmp/err" | head -40; fi
if grep -q "^==[0-9]*==" "$tmp/err"; then bad "valgrind reports"; grep "^==" "$tmp/err" | head -40; else ok; fi

# Every command answered: one response per command line sent.
sent=$(counting=1 all_games 2>/dev/null | sed -e 's/#.*//' | grep -c '[^ ]')
got=$(grep -c '^[=?]' "$tmp/out")
if [ "$sent" -eq "$got" ]; then ok; else bad "$got answers to $sent commands"; fi
grep -q "internal error" "$tmp/out" && bad "internal error: $(grep 'internal error' "$tmp/out" | head -3)" || ok
# The interrupts happened: two perfts per round and game stopped.
n=$(grep -c '^? interrupted$' "$tmp/out")
if [ "$n" -ge $((8 * rounds)) ]; then ok; else bad "$n perfts interrupted, want >= $((8 * rounds))"; fi
# Only the refusals the script provokes (players that do not play a game,
# undo at the start, boardsize for sizes a game lacks).
other=$(grep '^?' "$tmp/out" | grep -v -e '^? interrupted$' -e 'does not play' -e 'cannot undo' \
    -e 'not available for' | sort | uniq -c)
if [ -z "$other" ]; then ok; else bad "unexpected refusals:"; echo "$other"; fi
tail -n 3 "$tmp/out" | grep -q '^=$' && ok || bad "quit not answered"
echo "soak: $rounds round(s) per game, $sent commands, $n interrupted under valgrind"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
