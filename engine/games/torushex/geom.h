/* Torus Hex geometry: the six neighbours of a cell of the n x n rhombus
 * whose opposite edges are glued (RULES.md section 4), each with the seam
 * crossings of the step, which is what the loop classes are made of. */
#ifndef QUARTET_TORUSHEX_GEOM_H
#define QUARTET_TORUSHEX_GEOM_H

#define TH_DIRS 6

/* Neighbour of (c, r) in direction d (0..5: (+1,0) (-1,0) (0,+1) (0,-1)
 * (+1,-1) (-1,+1); d ^ 1 is the opposite step). Sets (*nc, *nr) on the
 * board and (*wx, *wy), the signed crossings of the left/right seam
 * (+1 rightwards) and of the top/bottom seam (+1 downwards). */
static inline void th_step(int n, int c, int r, int d,
                           int *nc, int *nr, int *wx, int *wy)
{
    static const signed char dc[TH_DIRS] = { 1, -1, 0, 0, 1, -1 };
    static const signed char dr[TH_DIRS] = { 0, 0, 1, -1, -1, 1 };
    int x = c + dc[d], y = r + dr[d];
    int sx = x >= n ? 1 : x < 0 ? -1 : 0;
    int sy = y >= n ? 1 : y < 0 ? -1 : 0;
    *nc = x - sx * n;
    *nr = y - sy * n;
    *wx = sx;
    *wy = sy;
}

#endif
