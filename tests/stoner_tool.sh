#!/bin/sh
# quartet-stoner from the command line and the `stoner` command over GTP:
# the 12-ply counts (known answers of the full search), one proven and
# one disproven line in text and JSON, and refusals of bad input.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ST="$BIN/quartet-stoner"

# expect NAME STATUS PATTERN...: the output in $tmp/out, exit status in $rc
# must equal STATUS and every PATTERN (fixed string) must occur in it.
expect() {
    name=$1 want=$2
    shift 2
    ok=1
    [ "$rc" -eq "$want" ] || ok=0
    for p in "$@"; do
        grep -F -q -- "$p" "$tmp/out" || ok=0
    done
    if [ $ok -eq 1 ]; then
        passed=$((passed + 1)); echo "ok   $name"
    else
        failed=$((failed + 1)); echo "FAIL $name (exit $rc)"; head -c 600 "$tmp/out"; echo
    fi
}

run() { "$ST" "$@" >"$tmp/out" 2>&1; rc=$?; }

run --depth 12 --no-progress
expect "depth 12 counts" 0 \
    "   12 canonical                6/0               0/0               0/0" \
    "   12 mirror                   0/0               0/0               6/0" \
    "successful stoners: 0 lines"

run --depth 12 --json --threads 1
expect "depth 12 json" 0 \
    '{"depth":12,"orientation":"canonical","lines":{"black-4":6,"black-3-white-1":0,"black-3":0},"stoners":{"black-4":0,"black-3-white-1":0,"black-3":0},"successful":[]}' \
    '{"depth":12,"orientation":"mirror","lines":{"black-4":0,"black-3-white-1":0,"black-3":6},"stoners":{"black-4":0,"black-3-white-1":0,"black-3":0},"successful":[]}'

run --line f5f6e6f4c3d7g5h6e7d8c8b8g7
expect "proven line" 0 "f5f6e6f4c3d7g5h6e7d8c8b8g7: 13 plies, black-3 canonical attacker=black proven 3 pv " \
    " corner a8"

run --line "F5 f6 e6 f4 c3 d7 g5 h6 e7 d8 c8 b8 g7" --json
expect "proven line json" 0 '"stoner_like":true,"shape":"black-3","orientation":"canonical","attacker":"black","result":"proven","length":3,'

run --line e6d6c5b6c6e7a6f4e8f8g8b7
expect "disproven line" 0 "black-3 mirror attacker=white disproven escape "

run --line f5d6
expect "not stoner-like" 0 "f5d6: 2 plies, not stoner-like: no stoner shape"

run --line f5f5
expect "illegal ply" 2 "ply 2 (f5) is illegal"
run --line f5z9
expect "unreadable line" 2 "cannot read the line"
run --depth 0
expect "depth 0" 2 "--depth must be"
run --up-to x
expect "depth x" 2 "--up-to must be"
run --threads 2
expect "no task" 2 "usage:"
run --bogus
expect "unknown option" 2 "unknown or incomplete option --bogus"

printf 'set_game Othello\nstoner\nplay b f5\nplay w f6\nplay b e6\nplay w f4\nplay b c3\nplay w d7\nplay b g5\nplay w h6\nplay b e7\nplay w d8\nplay b c8\nplay w b8\nplay b g7\nstoner\nlist_commands\n' \
    | "$QUARTET" >"$tmp/out" 2>&1
rc=$?
expect "gtp stoner" 0 "= none" "= black-3 canonical attacker=black proven 3 pv " "stoner"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
