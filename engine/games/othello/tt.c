/* The lockless transposition table of the Othello search (see tt.h). */
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* data layout: lo (16 bits) | hi (16) | depth (7) | move + 1 (7) | the
 * move best before it + 1 (7) | gen (5: only compared for equality, so
 * it may wrap) | sel (6). */
static uint64_t pack(int lo, int hi, int depth, int move, int move2, uint8_t gen, int sel)
{
    return (uint64_t)(uint16_t)(int16_t)lo | (uint64_t)(uint16_t)(int16_t)hi << 16
         | (uint64_t)(depth & 127) << 32 | (uint64_t)((move + 1) & 127) << 39
         | (uint64_t)((move2 + 1) & 127) << 46 | (uint64_t)(gen & 31) << 53
         | (uint64_t)(sel & 63) << 58;
}

static int depth_of(uint64_t x) { return (int)(x >> 32 & 127); }
static int move_of(uint64_t x) { return (int)(x >> 39 & 127) - 1; }
static int move2_of(uint64_t x) { return (int)(x >> 46 & 127) - 1; }
static uint8_t gen_of(uint64_t x) { return (uint8_t)(x >> 53 & 31); }
static int sel_of(uint64_t x) { return (int)(x >> 58); }

static void unpack(uint64_t x, struct oth_tt_data *d)
{
    d->lo = (int16_t)(uint16_t)x;
    d->hi = (int16_t)(uint16_t)(x >> 16);
    d->depth = depth_of(x);
    d->move = move_of(x);
    d->move2 = move2_of(x);
    d->sel = sel_of(x);
}

int oth_tt_init(struct oth_tt *t, int mb)
{
    size_t bytes = (size_t)(mb < 1 ? 1 : mb) << 20, n = 1;
    while (n * 2 * 2 * sizeof(struct oth_tt_entry) <= bytes)
        n *= 2;
    /* Huge pages: a table this size misses the TLB at nearly every probe,
     * and 2 MiB pages made the solver 7% faster (FFO #45-#48, 1 thread).
     * The table is aligned to them and faulted in here, once: faulting
     * them lazily could stall a move for a compaction (half a second was
     * seen), and here it costs a few ms, or once ~0.15 s on a fragmented
     * memory. Without huge pages the touches only fault 4 KiB each.
     * Fresh anonymous memory is zero. */
    size_t size = n * 2 * sizeof *t->e, huge = (size_t)2 << 20;
    size_t map_size = size >= huge ? size + huge : size;
    char *mem = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return -1;
    t->map = mem;
    t->map_size = map_size;
    if (size >= huge) {
        mem += (huge - (uintptr_t)mem % huge) % huge;
        madvise(mem, size, MADV_HUGEPAGE);
        for (size_t i = 0; i < size; i += huge)
            ((volatile char *)mem)[i] = 0;
    }
    t->e = (struct oth_tt_entry *)(void *)mem;
    t->mask = n - 1;
    t->gen = 0;
    t->used = false;
    return 0;
}

void oth_tt_free(struct oth_tt *t)
{
    if (t->map)
        munmap(t->map, t->map_size);
    t->map = NULL;
    t->e = NULL;
}

void oth_tt_clear(struct oth_tt *t)
{
    memset(t->e, 0, (t->mask + 1) * 2 * sizeof *t->e);
    t->gen = 0;
    t->used = false;
}

/* The splitmix64 finaliser: every input bit reaches every output bit. */
static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* Both boards through full mixes; the low bits pick the bucket. (A single
 * multiply per board let a disc moving between the boards on the top rows
 * change only high bits that cancelled: real positions collided and the
 * solver read wrong bounds.) */
uint64_t oth_tt_key(bb_t P, bb_t O)
{
    return mix(P ^ mix(O + 0x632be59bd9b4e019ULL)) | 1; /* never 0: empty slots never match */
}

bool oth_tt_probe(const struct oth_tt *t, uint64_t key, struct oth_tt_data *d)
{
    struct oth_tt_entry *b = &t->e[(key & t->mask) * 2];
    for (int i = 0; i < 2; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key) {
            unpack(data, d);
            return true;
        }
    }
    return false;
}

/* Same position: overwrite, unless the entry there is surer (a selective
 * pass must not blur a proven bound); a new best move keeps the one it
 * replaces as the second. Otherwise the slot of an older search, or the
 * shallower one. */
void oth_tt_store_sel(struct oth_tt *t, uint64_t key, int depth, int sel, int lo,
                      int hi, int move)
{
    struct oth_tt_entry *b = &t->e[(key & t->mask) * 2];
    int slot = -1, worst = 1 << 20, move2 = -1;
    uint8_t gen = t->gen & 31;
    for (int i = 0; i < 2; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key) {
            if (sel_of(data) > sel && depth_of(data) >= depth)
                return;
            int old = move_of(data);
            move2 = move2_of(data);
            if (move < 0)  /* keep the known best move */
                move = old;
            else if (move != old && old >= 0)
                move2 = old;
            slot = i;
            break;
        }
        int w = depth_of(data) + (gen_of(data) == gen ? 256 : 0);
        if (w < worst) {
            worst = w;
            slot = i;
        }
    }
    uint64_t data = pack(lo, hi, depth, move, move2 == move ? -1 : move2, gen, sel);
    atomic_store_explicit(&b[slot].check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&b[slot].data, data, memory_order_relaxed);
}
