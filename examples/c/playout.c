/* playout.c: random games through the piecewise C ABI, with the interpreter run over
 * the program's own board on the way.
 *
 *   playout RULES GAMES SEED MAX_PLIES
 *
 * Each game starts from the start position and plays random legal moves (pw_legal_moves,
 * pw_make_move) until the game ends (pw_result) or MAX_PLIES. At every ply it also
 * checks: the FEN written and read back writes the same (pw_position_fen,
 * pw_position_from_fen); the pseudo-legal moves of every piece of the side to move,
 * walked over a plain occupancy array copied from the position (pw_piece_moves) and
 * over a callback board (pw_piece_moves_cb), are the same. At the end it takes every
 * move back (pw_unmake) and checks the start FEN again. Prints one summary line;
 * exit code 0 on success, 1 on a failed check or error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "piecewise.h"

#define MAX_MOVES 1024
#define FEN_CAP 1024

static int fail(const char *what, PwStatus status) {
    fprintf(stderr, "%s: %s: %s\n", what, pw_status_name(status), pw_last_error());
    return 1;
}

static uint64_t rng_state;
static uint32_t next_random(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ULL) >> 32);
}

/* The callback board: ctx is the occupancy array. */
static uint8_t occupant(void *ctx, uint32_t cell) { return ((const uint8_t *)ctx)[cell]; }

#define CHECK(call, what)                          \
    do {                                           \
        PwStatus s_ = (call);                      \
        if (s_ != PW_OK) return fail((what), s_);  \
    } while (0)

static int play_game(const PwGame *game, uint32_t cells, unsigned max_plies, unsigned long *plies,
                     unsigned long *walks, int *ended) {
    static PwMove moves[MAX_MOVES];
    static PwPieceMove a[MAX_MOVES], b[MAX_MOVES];
    char start[FEN_CAP], fen[FEN_CAP], again[FEN_CAP];
    size_t len, count, na, nb;
    uint8_t *board = malloc(cells);
    PwPosition *pos = NULL, *copy = NULL;
    if (!board) return 1;
    CHECK(pw_start_position(game, &pos), "start position");
    CHECK(pw_position_fen(game, pos, start, FEN_CAP, &len), "fen");
    unsigned ply = 0;
    for (; ply < max_plies; ply++) {
        /* FEN round trip. */
        CHECK(pw_position_fen(game, pos, fen, FEN_CAP, &len), "fen");
        CHECK(pw_position_from_fen(game, fen, &copy), "read fen");
        CHECK(pw_position_fen(game, copy, again, FEN_CAP, &len), "fen again");
        pw_position_free(copy);
        if (strcmp(fen, again) != 0) {
            fprintf(stderr, "FEN round trip: %s -> %s\n", fen, again);
            return 1;
        }
        /* The interpreter over our own board: array and callback agree. */
        uint32_t side;
        CHECK(pw_side_to_move(game, pos, &side), "side");
        CHECK(pw_position_occupancy(game, pos, board, cells), "occupancy");
        for (uint32_t c = 0; c < cells; c++) {
            if (board[c] == 0 || (uint32_t)(board[c] >> 7) != side) continue;
            CHECK(pw_piece_moves(game, board, cells, c, a, MAX_MOVES, &na), "piece moves");
            CHECK(pw_piece_moves_cb(game, occupant, board, c, b, MAX_MOVES, &nb), "piece moves cb");
            if (na != nb || memcmp(a, b, na * sizeof *a) != 0) {
                fprintf(stderr, "array and callback boards differ on cell %u\n", c);
                return 1;
            }
            (*walks)++;
        }
        /* A random legal move, or the end of the game. */
        CHECK(pw_legal_moves(game, pos, moves, MAX_MOVES, &count), "legal moves");
        if (count == 0) {
            PwResult result;
            PwEndReason reason;
            CHECK(pw_result(game, pos, &result, &reason), "result");
            if (result == PW_ONGOING) {
                fprintf(stderr, "no legal move but no result: %s\n", fen);
                return 1;
            }
            (*ended)++;
            break;
        }
        CHECK(pw_make_move(game, pos, &moves[next_random() % count]), "make");
    }
    *plies += ply;
    for (unsigned i = 0; i < ply; i++) CHECK(pw_unmake(game, pos), "unmake");
    if (pw_unmake(game, pos) != PW_ERR_NOTHING_TO_UNMAKE) {
        fprintf(stderr, "unmake past the start did not fail\n");
        return 1;
    }
    CHECK(pw_position_fen(game, pos, fen, FEN_CAP, &len), "fen");
    if (strcmp(fen, start) != 0) {
        fprintf(stderr, "after unmaking every move: %s, not %s\n", fen, start);
        return 1;
    }
    pw_position_free(pos);
    free(board);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: playout RULES GAMES SEED MAX_PLIES\n");
        return 2;
    }
    unsigned games = (unsigned)atoi(argv[2]);
    rng_state = (uint64_t)strtoull(argv[3], NULL, 10) * 0x9E3779B97F4A7C15ULL + 1;
    unsigned max_plies = (unsigned)atoi(argv[4]);
    PwGame *game = NULL;
    PwStatus s = pw_compile_file(argv[1], &game, NULL);
    if (s != PW_OK) return fail("compile", s);
    uint32_t cells;
    pw_game_cell_count(game, &cells);
    unsigned long plies = 0, walks = 0;
    int ended = 0, rc = 0;
    for (unsigned g = 0; g < games && rc == 0; g++) rc = play_game(game, cells, max_plies, &plies, &walks, &ended);
    if (rc == 0)
        printf("games %u plies %lu ended %d piece-walks %lu\n", games, plies, ended, walks);
    pw_game_free(game);
    return rc;
}
