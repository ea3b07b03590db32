#!/bin/sh
# The documentation keeps up with the programs: every GTP command that
# list_commands prints, every player of list_players, every flag of
# bin/quartet's --help and of each tool's --help is documented in README.md
# or doc/*.md (GTP commands also in quartet(6)); every relative link in
# those pages reaches an existing file and heading; the README's piped GTP
# examples print what it shows; the README stays a front page. A command
# or flag added without documentation fails here.
: "${QUARTET:=bin/quartet}" "${BIN:=bin}"
export LC_ALL=C
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; }

pages="README.md $(ls doc/*.md)"
cat $pages >"$tmp/all"

# documented WORD: WORD appears as a whole token (not part of a longer
# flag or name) somewhere in the pages.
documented() {
    w=$(printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g')
    grep -qE -- "(^|[^A-Za-z0-9_-])$w([^A-Za-z0-9_-]|\$)" "$2"
}

# flags_of CMD...: the options a --help text lists (-x, --long-name).
flags_of() {
    "$@" --help 2>&1 | grep -oE -- '(^|[][[:space:],(|])--?[A-Za-z][A-Za-z0-9-]*' |
        sed -E 's/^[^-]*//' | sort -u
}

# 1. GTP commands: in backticks in the pages, and in the manual page.
printf 'list_commands\n' | "$QUARTET" | sed -e 's/^= //' -e '/^$/d' >"$tmp/cmds"
[ -s "$tmp/cmds" ] || bad "list_commands gave nothing"
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' doc/man/quartet.6 >"$tmp/man"
while read -r c; do
    if grep -qF -- "\`$c" "$tmp/all" && documented "$c" "$tmp/all"; then ok; else
        bad "GTP command '$c' is not documented in README.md or doc/*.md"; fi
    if documented "$c" "$tmp/man"; then ok; else
        bad "GTP command '$c' is missing from doc/man/quartet.6"; fi
done <"$tmp/cmds"

# 2. Players: each has a row in the players table of doc/running.md.
printf 'list_players\n' | "$QUARTET" | sed -e 's/^= //' -e '/^$/d' >"$tmp/players"
[ -s "$tmp/players" ] || bad "list_players gave nothing"
while read -r p; do
    if grep -qF -- "| \`$p\` |" doc/running.md; then ok; else
        bad "player '$p' has no row in doc/running.md"; fi
done <"$tmp/players"

# 3. Flags of the engine and of every tool.
tools="$QUARTET"
for t in "$BIN"/quartet-*; do
    [ -x "$t" ] && [ -f "$t" ] && tools="$tools $t"
done
[ -x tools/quartet-web ] && tools="$tools tools/quartet-web"
for t in $tools; do
    name=$(basename "$t")
    flags_of "$t" >"$tmp/flags"
    [ -s "$tmp/flags" ] || bad "$name --help lists no flags"
    while read -r f; do
        if documented "$f" "$tmp/all"; then ok; else
            bad "$name $f is not documented in README.md or doc/*.md"; fi
    done <"$tmp/flags"
done

# 4. Links: relative targets exist, and #anchors name a heading there.
# slug: GitHub's heading anchor (lower case, punctuation dropped,
# spaces to hyphens).
slug() { printf '%s\n' "$1" | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'; }
for page in $pages; do
    dir=$(dirname "$page")
    grep -oE '\]\([^)]+\)' "$page" | sed -e 's/^](//' -e 's/)$//' | while read -r link; do
        case "$link" in http:* | https:* | mailto:*) continue ;; esac
        file=${link%%#*} anchor=
        case "$link" in *'#'*) anchor=${link#*#} ;; esac
        if [ -z "$file" ]; then target=$page; else target="$dir/$file"; fi
        target=$(printf '%s' "$target" | sed -e 's|^\./||' -e 's|/\./|/|g' -e 's|[^/]*/\.\./||g')
        if [ ! -e "$target" ]; then
            echo "FAIL $page: link to missing $target"
            continue
        fi
        if [ -n "$anchor" ]; then
            found=0
            grep -E '^#{1,6} ' "$target" | sed -E 's/^#+ //' >"$tmp/heads.$$"
            while read -r h; do [ "$(slug "$h")" = "$anchor" ] && found=1 && break; done <"$tmp/heads.$$"
            [ $found = 1 ] || echo "FAIL $page: no heading '#$anchor' in $target"
        fi
        echo "ok"
    done
done >"$tmp/links"
grep -v '^ok$' "$tmp/links"
passed=$((passed + $(grep -c '^ok$' "$tmp/links")))
failed=$((failed + $(grep -c '^FAIL' "$tmp/links")))

# 5. The README's GTP examples: each indented "$ printf ... | bin/quartet
# ..." line is run (with this build's engine), and what it prints must be
# the lines shown under it, up to the next example or the end of the block.
awk '
    /^    \$ / { if (n) print "END"; n++; print "CMD " substr($0, 7); inblk = 1; next }
    inblk && /^    / { print "OUT " substr($0, 5); next }
    inblk && /^$/ { print "OUT "; next }
    inblk { print "END"; inblk = 0; n = 0 }
    END { if (inblk) print "END" }
' README.md >"$tmp/examples"
[ -s "$tmp/examples" ] || bad "README.md has no \$ examples"
: >"$tmp/want"
while IFS= read -r l; do
    case "$l" in
    "CMD "*) cmd=${l#CMD }; : >"$tmp/want" ;;
    "OUT "*) printf '%s\n' "${l#OUT }" >>"$tmp/want" ;;
    END)
        q=$(printf '%s' "$QUARTET" | sed 's/[|&\\]/\\&/g')
        run=$(printf '%s' "$cmd" | sed "s|bin/quartet|$q|g")
        sh -c "$run" 2>/dev/null >"$tmp/got"
        # Trailing empty lines (the last response's end) are not shown.
        sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/want" >"$tmp/want2"
        sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/got" >"$tmp/got2"
        if cmp -s "$tmp/want2" "$tmp/got2"; then ok; else
            bad "README example gives other output: $cmd"; diff "$tmp/want2" "$tmp/got2" | head -n 10; fi
        ;;
    esac
done <"$tmp/examples"

# 6. The README stays a front page that reads in five minutes.
lines=$(wc -l <README.md)
if [ "$lines" -le 200 ]; then ok; else bad "README.md has $lines lines (a front page: at most 200)"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
