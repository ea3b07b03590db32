#!/bin/sh
# Binary and oversized input over GTP: each case must get exactly the
# expected responses (first lines listed), stdout must hold nothing but
# well-formed responses in printable ASCII, and the exit status must be 0.
: "${QUARTET:=bin/quartet}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# Well-formed: "=" or "?", optional id, then " text" or nothing; more
# non-empty lines; one empty line ends each response; nothing else.
well_formed() {
    grep -q '[^[:print:]]' "$1" && return 1
    [ ! -s "$1" ] && return 0
    [ "$(tail -c 2 "$1" | od -An -c | tr -d ' ')" = '\n\n' ] || return 1
    awk 'BEGIN { start = 1 }
         start { if ($0 !~ /^[=?][0-9]*( .*)?$/) exit 1; start = 0; next }
         $0 == "" { start = 1 }
         END { if (!start) exit 1 }' "$1"
}

# check NAME EXPECTED: the input is in $tmp/in; EXPECTED lists the first
# line of every response, separated by "|".
check() {
    "$QUARTET" --player random --seed 1 <"$tmp/in" >"$tmp/out" 2>/dev/null
    rc=$?
    got=$(awk 'BEGIN { start = 1 } start { printf "%s%s", sep, $0; sep = "|"; start = 0; next }
               $0 == "" { start = 1 }' "$tmp/out")
    if [ $rc -eq 0 ] && well_formed "$tmp/out" && [ "$got" = "$2" ]; then
        passed=$((passed + 1)); echo "ok   $1"
    else
        failed=$((failed + 1)); echo "FAIL $1 (exit $rc)"
        echo "  expected: $2"; echo "  got:      $(printf '%s' "$got" | head -c 300)"
    fi
}

big() { # $1 bytes of the character $2
    head -c "$1" /dev/zero | tr '\0' "$2"
}

{ big 1048576 a; printf '\nname\n'; } >"$tmp/in"
check "1 MB line, then a command" "? line too long|= Quartet"
{ printf '1 '; big 1048576 ' '; printf 'name\n2 name\n'; } >"$tmp/in"
check "1 MB of spaces inside a command" "? line too long|=2 Quartet"
{ head -c 1048576 /dev/zero; printf '\nname\n'; } >"$tmp/in"
check "1 MB of NUL bytes" "? line too long|= Quartet"
{ printf 'name\n'; big 1048576 x; } >"$tmp/in"
check "1 MB line cut by end of input" "= Quartet|? line too long"
{ big 65532 ' '; printf 'name\n'; big 65533 ' '; printf 'name\n'; } >"$tmp/in"
check "lines at the limit (64 KiB) and one byte over" "= Quartet|? line too long"
printf 'pro\000tocol_version\nna\000me\n\000\n' >"$tmp/in"
check "NUL bytes inside commands" "= 2|= Quartet"
printf 'play b\000 d3\nplay w c\0003\nshowboard\n' >"$tmp/in"
check "NUL bytes inside arguments" "=|=|="
printf '\001\002name\033\r\n\177version\n\033[A\n\010\n' >"$tmp/in"
check "control bytes" "= Quartet|= 0.1.0|? unknown command"
printf '\377\376name\nna\303me\n\303\251\n' >"$tmp/in"
check "invalid UTF-8 in command names" "? unknown command|? unknown command|? unknown command"
printf 'play b \377\376\nplay b d\3003\nplay \377 d3\nset_game \377\nplay b d3\n' >"$tmp/in"
check "invalid UTF-8 in arguments" "? syntax error: invalid move '??'|? syntax error: invalid move 'd?3'|? syntax error: unknown player '?' (black, white)|? unknown game '?' (see list_games)|="
printf 'name\nversion' >"$tmp/in"
check "end of input in mid-line" "= Quartet|= 0.1.0"
printf 'play b d3\nshowboard\nundo\nundo' >"$tmp/in"
check "end of input in mid-line after moves" "=|=|=|? cannot undo"
printf '5 name\r' >"$tmp/in"
check "a lone CR at the end" "=5 Quartet"
: >"$tmp/in"
check "empty input" ""
printf '\n\n   \n# only comments\n' >"$tmp/in"
check "blank input" ""
# Pseudo-random bytes (fixed seed), every line answered, then a command.
awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++) printf "%c", int(rand() * 256) }' >"$tmp/in"
printf '\n999 name\n' >>"$tmp/in"
"$QUARTET" --player random --seed 1 <"$tmp/in" >"$tmp/out" 2>/dev/null
rc=$?
if [ $rc -eq 0 ] && well_formed "$tmp/out" && [ "$(tail -n 2 "$tmp/out" | head -n 1)" = "=999 Quartet" ]; then
    passed=$((passed + 1)); echo "ok   random bytes"
else
    failed=$((failed + 1)); echo "FAIL random bytes (exit $rc)"
fi
# Bad command-line values stop the daemon with a message, exit status 2.
for f in "--contempt 0.5" "--contempt -0.1" "--contempt x" "--explore 0" "--tree-mb 0"; do
    # shellcheck disable=SC2086
    "$QUARTET" $f </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "needs" "$tmp/err"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL flag $f (exit $rc)"
    fi
done
"$QUARTET" --contempt 0 </dev/null >/dev/null 2>&1 && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL --contempt 0 refused"; }
# A variant given twice, by --game or --variant, is refused by name.
for f in "--game yonin,team,team" "--game Yonin,team --variant TEAM" "--game torushex,swap,swap"; do
    # shellcheck disable=SC2086
    "$QUARTET" $f </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "repeated variant '[a-z]*'" "$tmp/err"; then
        passed=$((passed + 1)); echo "ok   flag $f refused"
    else
        failed=$((failed + 1)); echo "FAIL flag $f (exit $rc): $(cat "$tmp/err")"
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
