#!/bin/sh
# Draws the time of every move of one game, as a share of a side's starting
# clock, from quartet-match JSON lines (the first game of each file), one
# line a file, as SVG on stdout. Made for doc/othello.md (Time management):
#   doc/img/movetimes.sh "60 s + 0" 60 before.jsonl after.jsonl >doc/img/x.svg
# Needs jq and awk.
[ $# -ge 3 ] || { echo "usage: $0 TITLE MAIN_SECONDS A.jsonl [B.jsonl]" >&2; exit 2; }
title=$1 main=$2
shift 2
n=0
for f in "$@"; do
    n=$((n + 1))
    head -n 1 "$f" | jq -r --arg n "$n" '.move_times | to_entries[] | "\($n) \(.key + 1) \(.value)"'
done | awk -v title="$title" -v main="$main" '
{ s = $3 / main * 100; set[NR] = $1; ply[NR] = $2; share[NR] = s; if (s > top) top = s }
END {
    W = 640; H = 260; L = 50; R = 20; T = 30; B = 40
    ymax = 2; while (ymax < top) ymax *= 2
    col[1] = "#999999"; col[2] = "#1f5fbf"; name[1] = "before"; name[2] = "after"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H
    printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
    printf "<text x=\"%d\" y=\"18\" font-size=\"14\">%s: each move, %% of the starting clock</text>\n", L, title
    for (i = 0; i <= 4; i++) {
        y = T + (H - T - B) * (1 - i / 4)
        printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", L, W - R, y, y
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g%%</text>\n", L - 5, y + 4, ymax * i / 4
    }
    for (p = 0; p <= 60; p += 10) {
        x = L + (W - L - R) * p / 60
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, H - B + 16, p
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ply (both sides; empties = 60 - ply + 1)</text>\n", (W + L - R) / 2, H - 6
    for (k = 1; k <= 2; k++) {
        pts = ""
        for (i = 1; i <= NR; i++) if (set[i] == k) {
            x = L + (W - L - R) * ply[i] / 60
            y = T + (H - T - B) * (1 - share[i] / ymax)
            pts = pts sprintf("%.1f,%.1f ", x, y)
        }
        if (pts == "") continue
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>\n", col[k], pts
        printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", W - R - 120 + (k - 1) * 60, 18, col[k], name[k]
    }
    print "</svg>"
}'
