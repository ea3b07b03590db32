#!/bin/sh
# quartet-render on committed quartet-match records (tests/render/): its
# pictures equal the committed expected files; the three formats of one
# game give the same picture (GGF too, and a set-up GGF start); fields it does not know are skipped; bad
# input of every kind is refused with a message and exit status 2.
# After a deliberate change to a picture: UPDATE=1 sh tests/render.sh
# rewrites the expected files (look at them before committing).
: "${BIN:=bin}"
export LC_ALL=C
R=$BIN/quartet-render
D=tests/render
E=$D/expected
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { # NAME: the previous command's status decides
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
# expect NAME ARGS...: quartet-render ARGS must print the file $E/NAME
expect() {
    name=$1; shift
    "$R" "$@" >"$tmp/$name" 2>"$tmp/err"
    rc=$?
    [ "${UPDATE:-0}" = 1 ] && cp "$tmp/$name" "$E/$name"
    [ $rc -eq 0 ] && cmp -s "$tmp/$name" "$E/$name"
    ok "$name: $*"
}
# refuse NAME PATTERN ARGS...: exit status 2 and PATTERN in the message
refuse() {
    name=$1 pattern=$2; shift 2
    "$R" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -q -- "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ]
    ok "refuses $name (exit $rc: $(head -c 120 "$tmp/err"))"
}

mkdir -p "$E"
# ---- known pictures ----
expect othello-final.svg $D/othello.jsonl
expect othello-game2-ply20.svg --game 2 --ply 20 --legal $D/othello.jsonl
expect yonin-final.svg $D/yonin.txt
expect separo-final.svg -f $D/separo.jsonl
expect separo-game2-start.svg -g 2 -p 0 --legal $D/separo.jsonl
expect torushex-final.svg $D/torushex.sgf
expect othello-sheet.svg --sheet --every 30 --columns 2 $D/othello.jsonl
expect list.txt --list $D/othello.jsonl
# GGF: NBoard's form of the same games (othello.ggf), and a GGS game from
# a set-up start with a pass left out (othello-setup.ggf).
expect othello-final.svg $D/othello.ggf
expect othello-game2-ply20.svg --game 2 --ply 20 --legal $D/othello.ggf
expect othello-setup-final.svg $D/othello-setup.ggf
"$R" -p 0 $D/othello-setup.ggf | grep -q '<title>Othello 8x8: black 3, white 2' &&
    "$R" --list $D/othello-setup.ggf | grep -qxF 'game 1: Othello 8x8, 3 plies, b vs w, result W+62'
ok "GGF: a set-up start is the picture of ply 0"

# ---- -o, --all ----
"$R" -o "$tmp/o.svg" $D/torushex.sgf && cmp -s "$tmp/o.svg" "$E/torushex-final.svg"; ok "--output"
"$R" --game 2 --all "$tmp/plies" $D/separo.jsonl && [ "$(ls "$tmp/plies" | wc -l)" -eq 30 ] &&
    [ -f "$tmp/plies/ply-000.svg" ] && [ -f "$tmp/plies/ply-029.svg" ] &&
    "$R" -g 2 -p 17 $D/separo.jsonl | cmp -s - "$tmp/plies/ply-017.svg" &&
    "$R" -g 2 -p 0 --legal $D/separo.jsonl | cmp -s - "$E/separo-game2-start.svg"
ok "--all: one file per ply, each the --ply picture"

# ---- the same game in every format; unknown fields skipped ----
"$R" --game 2 $D/othello.jsonl >"$tmp/a.svg"
sed -n '/^{"game":2,/p' $D/othello.jsonl |
    sed 's/^{/{"date":"2026-01-01","tc":{"main":10,"inc":[0.1,null,true]},"note":"a \\"quoted\\" \\u00e9",/' >"$tmp/more.jsonl"
"$R" "$tmp/more.jsonl" | cmp -s - "$tmp/a.svg"; ok "JSONL with more fields"
# (Not AB, AW, AE or PL: they set up an Othello start, and are refused in
# another game; tests/records/README.md.)
sed 's/^(;FF\[4\]/(;FF[4]DT[2026-01-01]EV[test \\] event]AN[test]C[a comment]/' $D/torushex.sgf >"$tmp/more.sgf"
"$R" "$tmp/more.sgf" | cmp -s - "$E/torushex-final.svg"; ok "SGF with more properties"
sed 's/^Size: /Date: 2026-01-01\nSize: /' $D/yonin.txt >"$tmp/more.txt"
"$R" "$tmp/more.txt" | cmp -s - "$E/yonin-final.svg"; ok "text record with more fields"

# ---- bad input ----
refuse "a missing file" "No such file" "$tmp/none.jsonl"
printf '' >"$tmp/empty"; refuse "an empty file" "no game in the file" "$tmp/empty"
printf 'hello\n' >"$tmp/hello"; refuse "plain text" "unknown game 'hello'" "$tmp/hello"
printf '{"game":1,"name":"Othello","moves":["d3"\n' >"$tmp/cut.jsonl"
refuse "a cut JSON line" "line 1: JSON does not parse" "$tmp/cut.jsonl"
printf '{"game":1}\n{"game":2,"name":"Othello",}\n' >"$tmp/comma.jsonl"
refuse "a trailing comma" "line 2: JSON does not parse" "$tmp/comma.jsonl"
printf '{"game":1,"name":"Othello","moves":["d3","a1"]}\n' >"$tmp/illegal.jsonl"
refuse "an illegal move" "move 2 (a1) is illegal" "$tmp/illegal.jsonl"
printf '{"game":1,"name":"Othello","moves":["z9"]}\n' >"$tmp/junk.jsonl"
refuse "a move of no game" "not a move of this game" "$tmp/junk.jsonl"
printf '{"game":1,"name":"Chess","moves":[]}\n' >"$tmp/chess.jsonl"
refuse "an unknown game" "unknown game 'Chess'" "$tmp/chess.jsonl"
printf '{"game":1,"name":"Othello","size":7,"moves":[]}\n' >"$tmp/size.jsonl"
refuse "a bad size" "has no size 7" "$tmp/size.jsonl"
printf '{"game":1,"name":"Othello","variants":"team","moves":[]}\n' >"$tmp/var.jsonl"
refuse "an unknown variant" "unknown variant 'team'" "$tmp/var.jsonl"
printf '(;GM[2]SZ[8];B[dc](;W[cc]))\n' >"$tmp/var.sgf"; refuse "SGF variations" "variations" "$tmp/var.sgf"
printf '(;GM[2]SZ[8];B[dc' >"$tmp/cut.sgf"; refuse "a cut SGF" "SGF does not parse" "$tmp/cut.sgf"
printf '[Game 1]\nGame: Yonin\nMoves: %s\n' "$(printf 'x%.0s' $(seq 40))" >"$tmp/long.txt"
refuse "an over-long move" "bad move text" "$tmp/long.txt"
printf '(;GM[Amazons]TY[10];)\n' >"$tmp/am.ggf"; refuse "a GGF game not Othello" "line 1: not an Othello game" "$tmp/am.ggf"
head -c 200 $D/othello.ggf >"$tmp/cut.ggf"; refuse "a cut GGF" "line 1: GGF does not parse: the value of" "$tmp/cut.ggf"
printf '(;GM[Othello]TY[8]BO[8 %s X];)\n' "$(printf -- '-%.0s' $(seq 64))" >"$tmp/bo.ggf"
refuse "a GGF board without its side to move" "BO must end with the side to move" "$tmp/bo.ggf"
printf '\0\0\0' >"$tmp/bin"; refuse "binary data" "binary" "$tmp/bin"
refuse "a game not in the file" "no game 9" --game 9 $D/othello.jsonl
refuse "a ply past the end" "only 61 plies" --ply 62 $D/othello.jsonl
refuse "a bad number" "bad value 'x' for --every" --sheet --every x $D/othello.jsonl
refuse "two modes" "choose one of" --sheet --final $D/othello.jsonl
refuse "no file" "no record file"
refuse "an unknown option" "unknown option --frobnicate" --frobnicate $D/othello.jsonl
refuse "an unwritable output" "cannot write" -o "$tmp/no/such/dir.svg" $D/othello.jsonl
"$R" --help | grep -q '^usage: quartet-render'; ok "--help"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
