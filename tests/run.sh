#!/bin/sh
# Runs every unit-test binary and the protocol transcripts, sums their
# "N passed, N failed" lines, and ends with the total. Exit 1 on any failure.
# A failing test's report is repeated just above the total, so the tail of
# the output (all a CI log may keep) names what failed and why.
# Each line gives the test's seconds, so a CI log shows where its time goes.
# Environment: QUARTET (engine binary), BIN (tools folder), TESTBIN (tests),
# SKIP_TESTS (names of tests/*.sh not to run, separated by spaces).
: "${QUARTET:=bin/quartet}" "${BIN:=bin}" "${TESTBIN:=build/rel/tests}"
export QUARTET BIN
passed=0 failed=0 broken=0
tally() { # $1: name, $2: output file, $3: exit status, $4: seconds
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$2" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$1: no result line (exit $3)"; tail -n 20 "$2"; broken=$((broken + 1))
        { echo "$1: no result line (exit $3)"; tail -n 5 "$2"; } >>"$recap"; return
    fi
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$f" -ne 0 ] || [ "$3" -ne 0 ]; then
        echo "$1: $line (exit $3, $4 s)"; grep -v -E '^[0-9]+ passed' "$2" | tail -n 30
        [ "$f" -eq 0 ] && broken=$((broken + 1))
        { echo "$1: $line (exit $3)"; grep -E 'FAIL|^not ok' "$2" | head -n 5; } >>"$recap"
    else
        echo "$1: $line ($4 s)"
    fi
}
start=$(date +%s)
out=$(mktemp) || exit 1
recap=$(mktemp) || exit 1
trap 'rm -f "$out" "$recap"' EXIT
for t in "$TESTBIN"/test_*; do
    [ -x "$t" ] || continue
    case "$t" in *.o|*.d) continue ;; esac
    t0=$(date +%s); "$t" >"$out" 2>&1; st=$?
    tally "$(basename "$t")" "$out" $st $(($(date +%s) - t0))
done
for t in tests/*.sh; do
    [ "$t" = tests/run.sh ] && continue
    case " ${SKIP_TESTS-} " in *" $(basename "$t") "*)
        echo "$(basename "$t"): skipped (SKIP_TESTS)"; continue ;; esac
    t0=$(date +%s); sh "$t" >"$out" 2>&1; st=$?
    tally "$(basename "$t")" "$out" $st $(($(date +%s) - t0))
done
failed=$((failed + broken))
if [ -s "$recap" ]; then echo "== failed:"; cat "$recap"; fi
echo "all tests: $(($(date +%s) - start)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
