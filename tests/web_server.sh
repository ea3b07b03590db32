#!/bin/sh
# quartet-web's gate, from raw sockets (tests/web/raw.mjs): forged Host and
# Origin pairs refused (403/400) for the page and the WebSocket, allowed
# names accepted (200/101), overlong and slow header blocks (431/408), the
# engine cap (429, quartet-status.json), the idle close (code 4000, the
# engine gone) and a busy socket kept, --max-connections 0 and a port in
# use refused plainly, SIGTERM leaving no websocketd or engine behind;
# request targets other than a path (400); upgrades straight to every
# port the server listens on starting no engine (the gate's secret and
# engine check), and websocketd commands without the check refused.
# The gate is $BIN/quartet-gate (or $QUARTET_GATE).
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
QUARTET_GATE=${QUARTET_GATE:-$BIN/quartet-gate}
export QUARTET_GATE
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; }
# expect WHAT WANTED GOT
expect() { if [ "$3" = "$2" ]; then ok; else bad "$1: got '$3', want '$2'"; fi; }

missing=
command -v node >/dev/null 2>&1 || missing="$missing node"
command -v websocketd >/dev/null 2>&1 || missing="$missing websocketd"
if [ -n "$missing" ]; then
    echo "web server test: missing$missing; run tools/install-deps (as root for the Debian packages)"
    echo "0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
servers=
trap 'for p in $servers; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM

free_port() {
    node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
raw() { node tests/web/raw.mjs "$@"; }

# start NAME PORT OPTIONS...: quartet-web in the background ($pid), its
# messages in $tmp/NAME.log; waits for its banner (at most 10 s).
start() {
    name=$1 port=$2
    shift 2
    tools/quartet-web --port "$port" --engine "$QUARTET" --log error "$@" >"$tmp/$name.log" 2>&1 &
    pid=$!
    servers="$servers $pid"
    i=0
    until grep -q "http://" "$tmp/$name.log" 2>/dev/null; do
        i=$((i + 1))
        if [ "$i" -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
            bad "$name: quartet-web did not start: $(cat "$tmp/$name.log")"; return 1
        fi
        sleep 0.1
    done
}

# The requests: a page GET and a WebSocket upgrade with given Host and
# Origin lines ("" leaves the line out).
page() { # HOST [EXTRA-HEADER-LINES]
    raw send "$P" "GET / HTTP/1.1\r\n${1:+Host: $1\r\n}${2-}\r\n"
}
upgrade() { # HOST ORIGIN
    raw send "$P" "GET / HTTP/1.1\r\n${1:+Host: $1\r\n}${2:+Origin: $2\r\n}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: cXVhcnRldC10ZXN0LWtleQ==\r\n\r\n"
}

# websocketd's pid (the gate's child) and the engines it runs.
backend_of() { ps -o pid= --ppid "$1" | tr -d ' ' | head -n 1; }
engines_of() { ps -o pid= --ppid "$1" | tr -d ' '; }

# engines_left WS N: how many processes run under websocketd WS, once
# they are N or after 4 s.
engines_left() {
    i=0
    while n=$(engines_of "$1" | wc -l) && [ "$n" -ne "$2" ] && [ "$i" -lt 20 ]; do
        i=$((i + 1))
        sleep 0.2
    done
    echo "$n"
}

# tree_of PID: it and every process below it.
tree_of() {
    todo=$1 all=
    while [ -n "$todo" ]; do
        first=${todo%% *}
        rest=${todo#"$first"}
        all="$all $first"
        todo=$(echo $rest $(ps -o pid= --ppid "$first"))
    done
    echo $all
}
# listening_ports PID: the TCP ports that PID and the processes below it
# listen on (/proc: the listening sockets' inodes among their descriptors).
listening_ports() {
    inodes=" $(for q in $(tree_of "$1"); do ls -l "/proc/$q/fd" 2>/dev/null; done |
        sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p' | tr '\n' ' ')"
    cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
        awk -v inodes="$inodes" '$4 == "0A" && index(inodes, " " $10 " ") { sub(/.*:/, "", $2); print $2 }' |
        while read -r hex; do printf '%d\n' "0x$hex"; done | sort -un
}
# probe PORT 'HEADER LINES': "engine" or "no engine (...)" (raw.mjs).
probe() { raw probe "$1" "$2"; }

# The main server runs websocketd without --sameorigin, so every check
# below is the gate's own (the capped server keeps it, and shows it). Its
# engine is the real one behind a script that notes each start.
cat >"$tmp/engine" <<EOF
#!/bin/sh
echo started >>"$tmp/starts"
exec "$(cd "$(dirname "$QUARTET")" && pwd -P)/$(basename "$QUARTET")" "\$@"
EOF
chmod +x "$tmp/engine"
starts() { wc -l <"$tmp/starts" | tr -d ' '; }
P=$(free_port)
start main "$P" --engine "$tmp/engine" --max-connections 8 --header-timeout 2 \
    --allow-host play.example --allow-host proxy.example:443 -- --sameorigin=false ||
    { echo "$passed passed, $failed failed"; exit 1; }

# 1. Host: the served address and port, localhost, --allow-host names.
expect "page, Host 127.0.0.1:P" 200 "$(page "127.0.0.1:$P")"
expect "page, Host localhost:P" 200 "$(page "localhost:$P")"
expect "page, Host [::1]:P" 200 "$(page "[::1]:$P")"
expect "page, Host LOCALHOST:P (case)" 200 "$(page "LOCALHOST:$P")"
expect "page, Host localhost.:P (trailing dot)" 200 "$(page "localhost.:$P")"
expect "page, --allow-host play.example, no port" 200 "$(page play.example)"
expect "page, --allow-host play.example, any port" 200 "$(page Play.Example:8443)"
expect "page, --allow-host proxy.example:443" 200 "$(page proxy.example:443)"
expect "page, proxy.example on another port" 403 "$(page proxy.example:80)"
expect "page, Host evil.example:P" 403 "$(page "evil.example:$P")"
expect "page, Host evil.example.:P (trailing dot)" 403 "$(page "evil.example.:$P")"
expect "page, Host [::2]:P" 403 "$(page "[::2]:$P")"
expect "page, Host 127.0.0.1 without the port" 403 "$(page 127.0.0.1)"
expect "page, Host localhost on another port" 403 "$(page "localhost:$((P + 1))")"
expect "page, no Host" 400 "$(page "")"
expect "page, two Host lines" 400 "$(page "localhost:$P" "Host: localhost:$P\r\n")"
expect "page, Host with a bad port" 400 "$(page "localhost:99999")"
expect "page, Host with a space" 400 "$(page "local host:$P")"
expect "page, evil Origin on a plain GET" 200 "$(page "localhost:$P" "Origin: http://evil.example\r\n")"
expect "POST" 405 "$(raw send "$P" "POST / HTTP/1.1\r\nHost: localhost:$P\r\nContent-Length: 2\r\n\r\nhi")"
# Files outside web/: websocketd redirects /../README.md to /README.md,
# which web/ does not have.
expect "a file outside web/" 301 "$(raw send "$P" "GET /../README.md HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "a file outside web/, its path cleaned" 404 "$(raw send "$P" "GET /README.md HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
# One request per connection: a second one on the same connection (with
# another Host) is never answered, and the connection ends at once.
t0=$(date +%s)
expect "kept-alive second request" 200 \
    "$(raw send "$P" "GET / HTTP/1.1\r\nHost: localhost:$P\r\n\r\nGET / HTTP/1.1\r\nHost: evil.example:$P\r\n\r\n")"
[ $(($(date +%s) - t0)) -le 5 ] && ok || bad "the connection was kept open after its one request"

# 1. The WebSocket: Host as above, and an Origin (when present) naming
# an allowed host.
expect "upgrade, evil Host and matching Origin (rebinding)" 403 \
    "$(upgrade "evil.example:$P" "http://evil.example:$P")"
expect "upgrade, right Host, evil Origin" 403 "$(upgrade "127.0.0.1:$P" "http://evil.example")"
expect "upgrade, Origin null" 403 "$(upgrade "127.0.0.1:$P" null)"
expect "upgrade, no Host" 400 "$(upgrade "" "http://127.0.0.1:$P")"
expect "upgrade, own origin" 101 "$(upgrade "127.0.0.1:$P" "http://127.0.0.1:$P")"
expect "upgrade, no Origin (not a browser)" 101 "$(upgrade "127.0.0.1:$P" "")"
expect "upgrade, [::1]" 101 "$(upgrade "[::1]:$P" "http://[::1]:$P")"
expect "upgrade, LOCALHOST (case)" 101 "$(upgrade "LOCALHOST:$P" "http://LOCALHOST:$P")"
expect "upgrade, localhost. (trailing dot)" 101 "$(upgrade "localhost.:$P" "http://localhost.:$P")"
expect "upgrade, --allow-host name" 101 "$(upgrade play.example http://play.example)"
expect "upgrade, evil.example. (trailing dot)" 403 "$(upgrade "evil.example.:$P" "http://evil.example.:$P")"
expect "upgrade, Host and Origin both allowed but different" 101 \
    "$(upgrade "localhost:$P" "http://127.0.0.1:$P")"

# 5. Request targets: a path only; an absolute URL (a proxy's request,
# never a browser's) or an authority is refused, even with a right Host.
expect "absolute-form target, evil name" 400 \
    "$(raw send "$P" "GET http://evil.example:$P/ HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "absolute-form target, own name" 400 \
    "$(raw send "$P" "GET http://localhost:$P/ HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "absolute-form upgrade" 400 "$(raw send "$P" "GET ws://localhost:$P/ HTTP/1.1\r\nHost: localhost:$P\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: cXVhcnRldC10ZXN0LWtleQ==\r\n\r\n")"
expect "authority-form target (CONNECT)" 400 \
    "$(raw send "$P" "CONNECT localhost:$P HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "authority-form target (GET)" 400 \
    "$(raw send "$P" "GET localhost:$P HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "asterisk target with OPTIONS (a method not served)" 405 \
    "$(raw send "$P" "OPTIONS * HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"

# 1. Only the gate reaches an engine. Every port the server's processes
# listen on (the gate's and websocketd's loopback one, found from /proc)
# gets WebSocket upgrades straight from a raw socket, each then sending
# `name`: forged Host and Origin (rebinding), forged or empty copies of
# the gate's secret header. None gets an engine, except on the gate's own
# port for an allowed Host, where the gate replaces the forged header
# with its own. This server's websocketd has no --sameorigin, so what
# refuses on its port is the engine check alone.
ports=$(listening_ports "$pid")
nports=$(echo $ports | wc -w)
wsport=$(echo $ports | tr ' ' '\n' | grep -vx "$P")
expect "ports the server listens on (the gate's among them)" "2 yes" \
    "$nports $(echo " $(echo $ports) " | grep -q " $P " && echo yes)"
zeros=0000000000000000000000000000000000000000000000000000000000000000
before=$(starts)
for port in $ports; do
    for lines in "Host: evil.example:$port\r\nOrigin: http://evil.example:$port\r\n" \
        "Host: evil.example:$port\r\n" \
        "Host: evil.example:$port\r\nOrigin: http://evil.example:$port\r\nX-Quartet-Gate: $zeros\r\n" \
        "Host: evil.example:$port\r\nOrigin: http://evil.example:$port\r\nX_Quartet_Gate: $zeros\r\n" \
        "Host: 127.0.0.1:$port\r\nOrigin: null\r\n" \
        "Host: 127.0.0.1:$port\r\nOrigin: http://evil.example\r\nX-Quartet-Gate: $zeros\r\n"; do
        got=$(probe "$port" "$lines")
        case "$got" in "no engine"*) ok ;; *) bad "forged upgrade to port $port ($lines): $got" ;; esac
    done
    want="no engine"
    [ "$port" = "$P" ] && want=engine
    for lines in "Host: 127.0.0.1:$port\r\nOrigin: http://127.0.0.1:$port\r\n" \
        "Host: 127.0.0.1:$port\r\nOrigin: http://127.0.0.1:$port\r\nX-Quartet-Gate: $zeros\r\n" \
        "Host: localhost:$port\r\nx-quartet-gate: $zeros\r\nX-QUARTET-GATE: $zeros\r\n" \
        "Host: localhost:$port\r\nX_Quartet_Gate: $zeros\r\n" \
        "Host: localhost:$port\r\nX-Quartet-Gate:\r\n"; do
        got=$(probe "$port" "$lines")
        case "$got" in "$want"*) ok ;; *) bad "upgrade to port $port ($lines): $got, want $want" ;; esac
    done
done
# Engines started: the 5 let through the gate, no other; none left.
expect "engines started by the probes" 5 "$(($(starts) - before))"
expect "engines left after the probes" 0 "$(engines_left "$(backend_of "$pid")" 0)"
grep -q 'no engine started: a WebSocket that did not come through the gate' "$tmp/main.log" &&
    ok || bad "the engine check's refusal is not in websocketd's log"

# Header blocks: too long (431), too slow (408 after --header-timeout 2).
expect "9000-byte header block" 431 "$(raw long "$P")"
slow=$(raw slow "$P")
case "$slow" in "408 after "[2-6]" s") ok ;; *) bad "one byte a second: $slow, want 408 after 2-6 s" ;; esac

# quartet-status.json, at the page's folder (any folder), Host-checked.
status=$(node -e 'require("http").get(process.argv[1],r=>{let b="";r.on("data",d=>b+=d);r.on("end",()=>console.log(r.statusCode,b.trim()))})' \
    "http://127.0.0.1:$P/quartet-status.json")
expect "quartet-status.json" \
    '200 {"engines": 0, "max_connections": 8, "idle_timeout": 600, "max_command_time": 600}' "$status"
expect "quartet-status.json in a folder" 200 "$(raw send "$P" "GET /a/b/quartet-status.json HTTP/1.1\r\nHost: localhost:$P\r\n\r\n")"
expect "quartet-status.json for evil Host" 403 "$(raw send "$P" "GET /quartet-status.json HTTP/1.1\r\nHost: evil.example\r\n\r\n")"

# An engine without --max-command-time runs uncapped, and the status says 0.
P2=$(free_port)
if start nocap "$P2" --engine "$(command -v cat)"; then
    expect "quartet-status.json, engine without the cap" '"max_command_time": 0}' \
        "$(node -e 'require("http").get(process.argv[1],r=>{let b="";r.on("data",d=>b+=d);r.on("end",()=>console.log(b.match(/"max_command_time.*/)[0]))})' \
            "http://127.0.0.1:$P2/quartet-status.json")"
    kill -TERM "$pid"; wait "$pid" 2>/dev/null
fi

# 5. The same port again: said plainly, no banner, status 1.
tools/quartet-web --port "$P" --engine "$QUARTET" >"$tmp/inuse.log" 2>&1
st=$?
expect "port in use: status" 1 "$st"
expect "port in use: message" "quartet-web: port $P on 127.0.0.1 is already in use; choose another with --port N" \
    "$(cat "$tmp/inuse.log")"

# 4. --max-connections 0: refused, status 2, by the script and the gate.
tools/quartet-web --max-connections 0 >"$tmp/zero.log" 2>&1
st=$?
if [ "$st" -eq 2 ] && grep -q 'max-connections 0 would refuse every engine' "$tmp/zero.log"; then ok; else
    bad "--max-connections 0: status $st, $(cat "$tmp/zero.log")"; fi
timeout 10 "$QUARTET_GATE" --max-connections 0 -- websocketd true >"$tmp/zero.log" 2>&1
st=$?
if [ "$st" -eq 2 ] && grep -q 'max-connections 0' "$tmp/zero.log"; then ok; else
    bad "quartet-gate --max-connections 0: status $st, $(cat "$tmp/zero.log")"; fi

# websocketd commands that would let upgrades reach an engine unchecked,
# or keep the secret from the check: refused, status 2, nothing started.
# refused_command WHAT MESSAGE GATE-ARGS...
refused_command() {
    what=$1 msg=$2
    shift 2
    timeout 10 "$@" >"$tmp/cmd.log" 2>&1
    st=$?
    if [ "$st" -eq 2 ] && grep -q -- "$msg" "$tmp/cmd.log"; then ok; else
        bad "$what: status $st, $(cat "$tmp/cmd.log")"; fi
}
P3=$(free_port)
refused_command "websocketd running the engine without the check" "through 'quartet-gate --engine-check" \
    "$QUARTET_GATE" --port "$P3" -- websocketd "$QUARTET"
refused_command "websocketd's own --passenv" "websocketd's --passenv is set by the gate" \
    "$QUARTET_GATE" --port "$P3" -- websocketd --passenv=PATH "$QUARTET_GATE" --engine-check -- "$QUARTET"
refused_command "quartet-web -- --passenv" "websocketd's --passenv is set by the gate" \
    tools/quartet-web --port "$P3" --engine "$QUARTET" -- -passenv PATH
# websocketd's debug and trace levels log the environment and the request
# headers, the secret among them.
refused_command "quartet-web --log debug" "log level 'debug' would write the gate's secret" \
    tools/quartet-web --port "$P3" --engine "$QUARTET" --log debug
refused_command "quartet-web -- --loglevel=trace" "log level 'trace' would write the gate's secret" \
    tools/quartet-web --port "$P3" --engine "$QUARTET" -- --loglevel=trace

# 3. The cap and the idle close, on a server with one engine and 2 s;
# websocketd without its own --maxforks, so the cap tested is the gate's.
P=$(free_port)
start capped "$P" --max-connections 1 --idle-timeout 2 -- --maxforks=0 ||
    { echo "$passed passed, $failed failed"; exit 1; }
gate=$pid
# websocketd's --sameorigin behind the gate: both names allowed, but they
# differ; its 403 comes through and the connection ends.
expect "upgrade, Host and Origin differ (websocketd's 403)" 403 \
    "$(upgrade "localhost:$P" "http://127.0.0.1:$P")"
node tests/web/raw.mjs hold "$P" >"$tmp/hold.out" 2>&1 &
holder=$!
i=0
until grep -q 101 "$tmp/hold.out" 2>/dev/null || [ "$i" -gt 50 ]; do i=$((i + 1)); sleep 0.1; done
expect "first WebSocket" 101 "$(cat "$tmp/hold.out")"
expect "second WebSocket at the cap" 429 "$(upgrade "127.0.0.1:$P" "http://127.0.0.1:$P")"
expect "status at the cap" '"engines": 1, "max_connections": 1, "idle_timeout": 2' \
    "$(raw send "$P" "GET /quartet-status.json HTTP/1.1\r\nHost: localhost:$P\r\n\r\n" >/dev/null;
       node -e 'require("http").get(process.argv[1],r=>{let b="";r.on("data",d=>b+=d);r.on("end",()=>console.log(b.match(/"engines.*"idle_timeout": \d+/)[0]))})' \
           "http://127.0.0.1:$P/quartet-status.json")"
# The cap and the idle close hold for every engine: at the cap, an
# upgrade straight to websocketd's port (Host and Origin alike, so its
# --sameorigin lets it by) starts no engine, and one that stays silent is
# not kept past the idle timeout (the engine check ends it at once).
wsport=$(listening_ports "$gate" | grep -vx "$P")
expect "direct upgrade at the cap" "no engine (101 closed)" \
    "$(probe "$wsport" "Host: 127.0.0.1:$wsport\r\nOrigin: http://127.0.0.1:$wsport\r\n")"
expect "silent direct WebSocket, idle timeout 2 s, after 4 s" "closed without a close frame" \
    "$(raw idle "$wsport" 4)"
expect "engines running at the cap of 1, after the direct upgrades" 1 \
    "$(engines_left "$(backend_of "$gate")" 1)"
kill "$holder"; wait "$holder" 2>/dev/null
again=
for i in 1 2 3 4 5 6 7 8 9 10; do
    again=$(upgrade "127.0.0.1:$P" "http://127.0.0.1:$P")
    [ "$again" = 101 ] && break
    sleep 0.3
done
expect "a WebSocket again once the first closed" 101 "$again"

# Idle: no message for 2 s gets close code 4000 and the engine ends.
sleep 1   # the last test's engine ends
expect "idle WebSocket" "close 4000 idle: no command for 2 s" "$(raw idle "$P" 8)"
ws=$(backend_of "$gate")
left=x
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    left=$(engines_of "$ws")
    [ -z "$left" ] && break
    sleep 0.2
done
expect "engines left after the idle close" "" "$left"
busy=$(raw busy "$P" 5)
case "$busy" in "open "[3-9]" answers") ok ;; *) bad "a socket sending every second: '$busy', want open with 3+ answers" ;; esac

# 5. SIGTERM with an engine busy (a 6x6 solve takes minutes, and EOF
# does not stop it): no websocketd, no engine left.
node tests/web/raw.mjs hold "$P" 'boardsize 6;solve' >"$tmp/hold.out" 2>&1 &
holder=$!
i=0
until grep -q 101 "$tmp/hold.out" 2>/dev/null || [ "$i" -gt 50 ]; do i=$((i + 1)); sleep 0.1; done
sleep 0.5
ws=$(backend_of "$gate")
eng=$(engines_of "$ws")
[ -n "$ws" ] && [ -n "$eng" ] && ok || bad "no websocketd ($ws) or engine ($eng) to stop"
kill -TERM "$gate"
wait "$gate" 2>/dev/null
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
alive=
for p in $ws $eng; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
expect "processes left after SIGTERM" "" "$alive"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
