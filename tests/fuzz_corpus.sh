#!/bin/sh
# Replays the committed fuzz corpus (tests/fuzz/corpus/NAME) through each
# fuzz target's checks, built without libFuzzer (tests/fuzz/replay.c), so
# an input that once failed fails `make test` too. Needs TESTBIN.
: "${TESTBIN:=build/rel/tests}"
passed=0 failed=0
for dir in tests/fuzz/corpus/*/; do
    name=$(basename "$dir")
    out=$("$TESTBIN/replay_fuzz_$name" "$dir"* 2>&1)
    status=$?
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$')
    if [ "$status" -ne 0 ] || [ -z "$line" ]; then
        echo "fuzz_$name: FAILED (exit $status)"
        printf '%s\n' "$out" | tail -n 20
        failed=$((failed + 1))
    else
        echo "fuzz_$name: $line"
        passed=$((passed + ${line%% passed*}))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
