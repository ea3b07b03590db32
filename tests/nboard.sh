#!/bin/sh
# Runs every tests/nboard/*.nboard transcript through `quartet --protocol
# nboard` and compares its output. Transcript format, line by line:
#   "> TEXT"       TEXT plus a newline is sent to the engine
#   ">"            an empty line is sent
#   "% sleep N"    wait N seconds more before sending the next line (a
#                  search under way when it arrives)
#   "% filter: WORDS"   for searches stopped after a wait: with the word
#                  search, `search` and `book` lines are left out of the
#                  comparison; with moves, `=== ...` is compared as
#                  `=== MOVE`
#   "% ..."        a comment
#   anything else  an expected output line, verbatim, after these changes
#                  to what varies from run to run: `nodestats N T` for the
#                  numbers of nodestats, the time of `=== MOVE/EVAL/TIME`
#                  as T, and the progress lines `status Quartet: depth ...`
#                  left out.
# Each line is sent once the output holds every expected line above it,
# as NBoard waits for answers (any line stops a running search).
# Every file runs with --protocol nboard --threads 1 --seed 1 and the
# evaluation the expected values were written with (--eval
# data/othello-order.weights: the play weights before issue 43 refitted
# them; the transcripts test the protocol, not the evaluation), plus the
# flags of a first-line comment "% flags: ...". A hung engine fails (the
# run is cut after 120 s where `timeout` exists).
: "${QUARTET:=bin/quartet}"
dir=$(dirname "$0")/nboard
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
limit=""
command -v timeout >/dev/null 2>&1 && limit="timeout 120"
passed=0 failed=0

# The plan: before each line sent, wait until the output holds every
# expected line above it in the transcript (as NBoard waits for answers:
# a line arriving early would stop a search), then send it.
plan() { # $1: transcript
    need=0
    : >"$tmp/exp"; : >"$tmp/plan"
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        '> '*) printf 'wait %s\nsend %s\n' "$need" "${line#> }" >>"$tmp/plan" ;;
        '>') printf 'wait %s\nsend \n' "$need" >>"$tmp/plan" ;;
        '% sleep '*) printf 'sleep %s\n' "${line#% sleep }" >>"$tmp/plan" ;;
        '% '*|'%') ;;
        *) printf '%s\n' "$line" >>"$tmp/exp"; need=$((need + 1)) ;;
        esac
    done <"$1"
}

# Waits at most 60 s for an answer, and after one missing, no more: a
# wrong or missing answer then shows in the comparison, not as a hang.
feed() { # $1: the filter words
    n=0
    while read -r op rest; do
        case $op in
        wait)
            while [ "$(normalize "$1" <"$tmp/raw" | wc -l)" -lt "$rest" ] && [ $n -lt 1200 ]; do
                sleep 0.05; n=$((n + 1))
            done ;;
        sleep) sleep "$rest" ;;
        send) printf '%s\n' "$rest" ;;
        esac
    done <"$tmp/plan"
}

normalize() { # $1: the filter words
    sed -e '/^status Quartet: depth /d' \
        -e 's/^nodestats [0-9][0-9]* [0-9.][0-9.]*$/nodestats N T/' \
        -e 's#^\(=== [^/]*/[^/]*\)/[0-9.][0-9.]*$#\1/T#' |
        case " $1 " in *" search "*) sed -e '/^search /d' -e '/^book /d' ;; *) cat ;; esac |
        case " $1 " in *" moves "*) sed -e 's/^=== .*/=== MOVE/' ;; *) cat ;; esac
}

for t in "$dir"/*.nboard; do
    [ -f "$t" ] || continue
    flags=$(sed -n '1s/^% flags: //p' "$t")
    filter=$(sed -n 's/^% filter: //p' "$t")
    plan "$t"
    : >"$tmp/raw"
    # shellcheck disable=SC2086  # flags are words
    feed "$filter" | $limit "$QUARTET" --protocol nboard --threads 1 --seed 1 \
        --eval data/othello-order.weights $flags >"$tmp/raw" 2>"$tmp/err"
    rc=$?
    normalize "$filter" <"$tmp/raw" >"$tmp/out"
    if [ $rc -eq 0 ] && cmp -s "$tmp/exp" "$tmp/out" && [ ! -s "$tmp/err" ]; then
        passed=$((passed + 1)); echo "ok   $(basename "$t")"
    else
        failed=$((failed + 1)); echo "FAIL $(basename "$t") (exit $rc)"
        diff -u "$tmp/exp" "$tmp/out" | head -n 40
        head -n 5 "$tmp/err"
    fi
done

# Nothing on stderr without --verbose, even when the book cannot load
# (NBoard would read it as protocol lines); with --verbose, the note.
printf 'nboard 2\nping 1\n' >"$tmp/in"
"$QUARTET" --protocol nboard --book "$tmp/missing.book" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
if [ ! -s "$tmp/err" ] && grep -qx 'pong 1' "$tmp/out"; then
    passed=$((passed + 1)); echo "ok   quiet stderr"
else
    failed=$((failed + 1)); echo "FAIL quiet stderr"; head -n 5 "$tmp/err"
fi
"$QUARTET" --protocol nboard --verbose --book "$tmp/missing.book" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
if grep -q 'book' "$tmp/err" && grep -qx 'pong 1' "$tmp/out"; then
    passed=$((passed + 1)); echo "ok   --verbose notes on stderr"
else
    failed=$((failed + 1)); echo "FAIL --verbose notes on stderr"
fi

# --protocol as separate words, as NBoard splits its command line; a bad
# protocol name is refused.
printf 'ping 5\n' | "$QUARTET" --protocol nboard --depth 3 >"$tmp/out" 2>&1
printf 'ping 5\n' | "$QUARTET" --protocol=nboard >>"$tmp/out" 2>&1
printf 'protocol_version\n' | "$QUARTET" --protocol gtp >>"$tmp/out" 2>&1
"$QUARTET" --protocol uci </dev/null >>"$tmp/out" 2>&1; echo "exit $?" >>"$tmp/out"
printf 'pong 5\npong 5\n= 2\n\n' >"$tmp/exp"
if head -n 4 "$tmp/out" | cmp -s - "$tmp/exp" && grep -q "^quartet: --protocol needs gtp or nboard, not 'uci'" "$tmp/out" &&
    tail -n 1 "$tmp/out" | grep -qx 'exit 2'; then
    passed=$((passed + 1)); echo "ok   --protocol words"
else
    failed=$((failed + 1)); echo "FAIL --protocol words"; cat "$tmp/out"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
