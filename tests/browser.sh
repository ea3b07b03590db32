#!/bin/sh
# The page in a real browser: starts tools/quartet-web on a free loopback
# port and runs tests/browser/run.mjs (Debian's chromium, headless, driven
# by playwright-core from package-lock.json). Ends with "N passed, N failed".
# Needs chromium, websocketd and node_modules: tools/install-deps installs them.
# FILES="hooks crowd" runs only those tests/browser/NAME.test.mjs (run.mjs
# is "run"); ONLY=TEXT only the tests whose names hold TEXT.
: "${QUARTET:=bin/quartet}"
missing=
command -v node >/dev/null 2>&1 || missing="$missing node"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
command -v websocketd >/dev/null 2>&1 || missing="$missing websocketd"
[ -f node_modules/playwright-core/package.json ] || missing="$missing node_modules/playwright-core"
if [ -n "$missing" ]; then
    echo "browser test: missing$missing; run tools/install-deps (as root for the Debian packages)"
    echo "0 passed, 1 failed"
    exit 1
fi
free_port() {
    node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
log=$(mktemp) || exit 1
servers=
trap 'for p in $servers; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -f "$log"' EXIT INT TERM
# serve PORT MAX: quartet-web on PORT with at most MAX engines, waited for
# until it answers (at most 5 s).
serve() {
    tools/quartet-web --port "$1" --engine "$QUARTET" --max-connections "$2" --log error >>"$log" 2>&1 &
    servers="$servers $!"
    i=0
    until node -e 'require("http").get(process.argv[1],r=>process.exit(r.statusCode==200?0:1)).on("error",()=>process.exit(1))' "http://127.0.0.1:$1/" 2>/dev/null; do
        i=$((i + 1))
        if [ "$i" -gt 50 ]; then
            echo "browser test: quartet-web did not start:"; cat "$log"
            echo "0 passed, 1 failed"; exit 1
        fi
        sleep 0.1
    done
}
port=$(free_port)
serve "$port" 8
# A second server allowing one engine, for the connection cap.
capped=$(free_port)
serve "$capped" 1
# run.mjs, then every tests/browser/*.test.mjs (each its own part of the
# page: layout, connection, review, ...), all with the same two servers;
# a test file that needs servers of its own (to kill one) starts them.
# Each prints "N passed, N failed"; the sum is this test's last line.
total_p=0 total_f=0 status=0
out=$(mktemp) || exit 1
for t in tests/browser/run.mjs tests/browser/*.test.mjs; do
    [ -f "$t" ] || continue
    if [ -n "${FILES:-}" ]; then
        n=${t##*/}; n=${n%.mjs}; n=${n%.test}
        case " $FILES " in *" $n "*) ;; *) continue ;; esac
    fi
    echo "== $t"
    QUARTET="$QUARTET" node "$t" "http://127.0.0.1:$port/" "http://127.0.0.1:$capped/" >"$out" 2>&1
    st=$?
    grep -v -E '^[0-9]+ passed, [0-9]+ failed$' "$out"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -z "$line" ]; then
        echo "not ok - $t: no result line (exit $st)"; total_f=$((total_f + 1)); status=1; continue
    fi
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
    total_p=$((total_p + p)); total_f=$((total_f + f))
    [ "$st" -eq 0 ] || status=1
done
rm -f "$out"
echo "$total_p passed, $total_f failed"
[ "$status" -eq 0 ] && [ "$total_f" -eq 0 ]
