#!/bin/sh
# tools/install-deps with a fake apt-get (and id) on a PATH of its own:
# purposes install only what they need, an unknown purpose is refused,
# a held package lock is waited for (bounded, with a message), other
# apt failures and non-root users stop at once. Nothing is installed.
# INSTALL_DEPS names another copy of the script to test.
: "${INSTALL_DEPS:=tools/install-deps}"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# A PATH with the few programs install-deps runs, and no websocketd,
# chromium, node or npm: each purpose then finds its packages missing.
mkdir "$tmp/bin"
for p in sh cat grep tee mktemp rm sleep dirname; do
    ln -s "$(command -v $p)" "$tmp/bin/$p"
done
cat >"$tmp/bin/apt-get" <<'EOF'
#!/bin/sh
# Fake apt-get: logs its arguments; the first FAKE_LOCKED calls fail as
# when another apt holds the lock; FAKE_FAIL fails another way.
echo "$*" >>"$FAKE_DIR/log"
n=$(cat "$FAKE_DIR/count" 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" >"$FAKE_DIR/count"
if [ "$n" -le "${FAKE_LOCKED:-0}" ]; then
    echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)"
    echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?"
    exit 100
fi
if [ -n "$FAKE_FAIL" ]; then echo "E: Unable to locate package $FAKE_FAIL"; exit 100; fi
echo "fake apt-get $*"
EOF
printf '#!/bin/sh\necho "$FAKE_UID"\n' >"$tmp/bin/id"
chmod +x "$tmp/bin/apt-get" "$tmp/bin/id"

# run LOCKED FAIL UID WAIT PURPOSE...: install-deps with the fake PATH,
# apt-get locked for its first LOCKED calls (or failing with FAIL), id
# saying UID, the lock waited for WAIT s; output in $tmp/out, status in
# $st, apt-get's calls in $tmp/log.
run() {
    rm -f "$tmp/log" "$tmp/count"
    PATH="$tmp/bin" FAKE_DIR="$tmp" FAKE_LOCKED=$1 FAKE_FAIL=$2 FAKE_UID=$3 \
        INSTALL_DEPS_POLL=1 INSTALL_DEPS_WAIT=$4 /bin/sh "$INSTALL_DEPS" \
        ${5+"$5"} ${6+"$6"} >"$tmp/out" 2>&1
    st=$?
}
calls() { grep -c -- "$1" "$tmp/log" 2>/dev/null || true; }

run 0 "" 0 30 bogus
if [ "$st" -eq 2 ] && grep -q "unknown purpose 'bogus'" "$tmp/out" && [ ! -f "$tmp/log" ]; then ok; else
    bad "unknown purpose: status $st, $(cat "$tmp/out")"; fi
run 0 "" 0 30 web extra
if [ "$st" -eq 2 ] && [ ! -f "$tmp/log" ]; then ok; else bad "two purposes: status $st"; fi

# web: websocketd only, after waiting out three locked attempts.
run 3 "" 0 30 web
waits=$(grep -c 'waiting for the package lock' "$tmp/out")
if [ "$st" -eq 0 ] && [ "$waits" -eq 3 ] && [ "$(calls '^update')" -eq 4 ]; then ok; else
    bad "web with the lock held 3 times: status $st, $waits waits, log: $(cat "$tmp/log")"; fi
if grep -qx 'install -y -q websocketd' "$tmp/log" && ! grep -q chromium "$tmp/log"; then ok; else
    bad "web installs: $(grep install "$tmp/log")"; fi

# browser-tests: chromium, node and npm, not websocketd (npm ci then
# fails here, there being no npm; only apt-get's calls are checked).
run 0 "" 0 30 browser-tests
if grep -qx 'install -y -q chromium nodejs npm' "$tmp/log"; then ok; else
    bad "browser-tests installs: $(grep install "$tmp/log")"; fi

# no purpose: everything make test needs.
run 0 "" 0 30
if grep -qx 'install -y -q websocketd chromium nodejs npm' "$tmp/log"; then ok; else
    bad "no purpose installs: $(grep install "$tmp/log")"; fi

# The lock never let go: gives up after INSTALL_DEPS_WAIT, says why.
run 1000 "" 0 3 web
if [ "$st" -eq 1 ] && grep -q 'still held after 3 s' "$tmp/out" && [ "$(calls '^update')" -eq 4 ]; then ok; else
    bad "lock held for good: status $st, $(tail -n 2 "$tmp/out")"; fi

# Another failure: stops at once, apt's message shown, no waiting.
run 0 websocketd 0 30 web
if [ "$st" -eq 1 ] && ! grep -q waiting "$tmp/out" && grep -q 'Unable to locate' "$tmp/out"; then ok; else
    bad "other apt failure: status $st, $(cat "$tmp/out")"; fi

# Not root: names what is missing and how to install it.
run 0 "" 1000 30 web
if [ "$st" -eq 1 ] && grep -q 'missing websocketd; run as root (sudo tools/install-deps web)' "$tmp/out" &&
    [ ! -f "$tmp/log" ]; then ok; else bad "not root: status $st, $(cat "$tmp/out")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
