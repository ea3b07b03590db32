#!/bin/sh
# Runs libFuzzer targets built by `make fuzz` (build/fuzz/bin/fuzz_NAME),
# each for SECONDS, on a writable copy of its committed seed corpus
# (tests/fuzz/corpus/NAME -> build/fuzz/corpus/NAME) with its dictionary
# (tests/fuzz/records.dict for the record readers, gtp.dict for the rest).
# Prints each target's final figures; exit 1 if any target found a crash,
# leak, timeout or failed check (the input is saved in build/fuzz/artifacts).
# Usage: sh tests/fuzz/run.sh SECONDS fuzz_NAME...
# Environment: FUZZ_FLAGS, more libFuzzer flags; FUZZ_DIR, the folder of
# bin/, corpus/, artifacts/ and logs/ (default build/fuzz).
set -u
secs=$1
shift
dir=${FUZZ_DIR:-build/fuzz}
mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/logs"
failed=0
for t in "$@"; do
    name=${t#fuzz_}
    corpus=$dir/corpus/$name
    mkdir -p "$corpus"
    [ -d "tests/fuzz/corpus/$name" ] && cp tests/fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null
    # Longer inputs than a target needs only slow the search down.
    dict=tests/fuzz/gtp.dict
    case $name in
    protocol) max_len=4096 ;;
    moves) max_len=64 ;;
    records) max_len=4096 dict=tests/fuzz/records.dict ;;
    gate) max_len=2048 dict=tests/fuzz/gate.dict ;;
    *) max_len=512 ;;
    esac
    log=$dir/logs/$name.log
    echo "== $t: $secs s (log $log)"
    # shellcheck disable=SC2086
    "$dir/bin/$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 \
        -max_len=$max_len -dict=$dict -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$name-" ${FUZZ_FLAGS:-} "$corpus" >"$log" 2>&1
    status=$?
    # The last status line (execs, cov, ft, corpus) and the final stats.
    grep -E '^#[0-9]+' "$log" | tail -n 1
    echo "corpus: $(ls "$corpus" | wc -l) files"
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log"
    if [ "$status" -ne 0 ]; then
        echo "$t: FAILED (exit $status)"
        grep -E -A 30 'ERROR|check failed|deadly signal|Test unit written' "$log" | head -n 60
        failed=1
    fi
done
exit $failed
