# opening-pairs.awk: the colour-swapped pairs of a two-engine quartet-match
# JSONL file, split into two opening sets by opening index (below split_at:
# the "first" set, the rest: the "second"), and how many pairs are
# decisive (one colour won both games: the opening decided the pair).
# Games 2k-1 and 2k of a match of two engines share an opening, colours
# swapped (doc/tournaments.md, Games and schedule).
#   awk -v split_at=80 -f tools/opening-pairs.awk pairs.jsonl
{
    i = $0; sub(/.*"opening_index":/, "", i); i = i + 0
    r = $0; sub(/.*"result":"/, "", r); c = substr(r, 1, 1)
    g = $0; sub(/.*"game":/, "", g); g = g + 0
    k = int((g - 1) / 2)
    won[k] = won[k] c
    set[k] = i < split_at ? "first" : "second"
}
END {
    for (k in won) {
        n[set[k]]++
        if (won[k] == "BB" || won[k] == "WW")
            d[set[k]]++
        else if (length(won[k]) != 2)
            odd++
    }
    for (s in n)
        printf "%s set: %d pairs, %d decisive (one colour won both), %.1f%%\n",
               s, n[s], d[s], 100 * d[s] / n[s]
    if (odd)
        printf "%d pairs not complete\n", odd
}
