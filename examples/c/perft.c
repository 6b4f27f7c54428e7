/* perft.c: perft of a rules file through the piecewise C ABI.
 *
 *   perft RULES DEPTH [FEN] [--recurse [--bulk]] [--compact [--bulk]]
 *
 * By default the root moves are listed, made and unmade in C and each subtree is
 * counted by pw_perft (the library's perft, bulk counting at the last ply). With
 * --recurse the whole tree is walked in C (pw_legal_moves, pw_make_move, pw_unmake
 * at every node; the last ply counted as the length of the move list); with --bulk as
 * well, the last ply is counted by pw_legal_move_count instead. With --compact the
 * whole tree is walked in C the way an engine would: pw_legal_compact (8-byte moves),
 * pw_make_compact and pw_unmake at every node, every leaf made (or, with --bulk, the
 * last ply counted by pw_legal_move_count).
 * Prints "nodes N", then the time and speed on standard error. Exit code 0 on
 * success, 1 on any error (with pw_last_error()). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "piecewise.h"

#define MAX_MOVES 1024

static int fail(const char *what, PwStatus status) {
    fprintf(stderr, "%s: %s: %s\n", what, pw_status_name(status), pw_last_error());
    return 1;
}

/* Walks the tree in C; returns 0 and adds the leaves to *nodes, or a status. */
static int bulk = 0;

static PwStatus recurse(const PwGame *game, PwPosition *pos, unsigned depth, PwMove *stack,
                        uint64_t *nodes) {
    size_t count = 0;
    if (depth == 1 && bulk) {
        uint64_t n = 0;
        PwStatus s = pw_legal_move_count(game, pos, &n);
        *nodes += n;
        return s;
    }
    PwStatus s = pw_legal_moves(game, pos, stack, MAX_MOVES, &count);
    if (s != PW_OK) return s;
    if (depth == 1) {
        *nodes += count;
        return PW_OK;
    }
    for (size_t i = 0; i < count; i++) {
        if ((s = pw_make_move(game, pos, &stack[i])) != PW_OK) return s;
        if ((s = recurse(game, pos, depth - 1, stack + MAX_MOVES, nodes)) != PW_OK) return s;
        if ((s = pw_unmake(game, pos)) != PW_OK) return s;
    }
    return PW_OK;
}

/* The tree walked in C through the compact path: 8-byte moves, made by index. */
static PwStatus recurse_compact(const PwGame *game, PwPosition *pos, unsigned depth,
                                uint64_t *stack, uint64_t *nodes) {
    if (depth == 0) {
        *nodes += 1;
        return PW_OK;
    }
    if (depth == 1 && bulk) {
        uint64_t n = 0;
        PwStatus s = pw_legal_move_count(game, pos, &n);
        *nodes += n;
        return s;
    }
    size_t count = 0;
    PwStatus s = pw_legal_compact(game, pos, stack, MAX_MOVES, &count);
    if (s != PW_OK) return s;
    for (size_t i = 0; i < count; i++) {
        if ((s = pw_make_compact(game, pos, i, stack[i])) != PW_OK) return s;
        if ((s = recurse_compact(game, pos, depth - 1, stack + MAX_MOVES, nodes)) != PW_OK)
            return s;
        if ((s = pw_unmake(game, pos)) != PW_OK) return s;
    }
    return PW_OK;
}

int main(int argc, char **argv) {
    const char *fen = NULL;
    int c_recursion = 0, compact = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: perft RULES DEPTH [FEN] [--recurse [--bulk]] [--compact [--bulk]]\n");
        return 2;
    }
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--recurse") == 0) c_recursion = 1;
        else if (strcmp(argv[i], "--compact") == 0) compact = 1;
        else if (strcmp(argv[i], "--bulk") == 0) bulk = 1;
        else fen = argv[i];
    }
    unsigned depth = (unsigned)atoi(argv[2]);

    PwGame *game = NULL;
    PwDiagnostics *diags = NULL;
    PwStatus s = pw_compile_file(argv[1], &game, &diags);
    if (s != PW_OK) {
        /* pw_last_error() holds until the next pw_* call: report it before asking the
         * diagnostics for their text. */
        fail("compile", s);
        const char *text = "";
        if (diags && pw_diagnostics_text(diags, &text) == PW_OK) fprintf(stderr, "%s", text);
        pw_diagnostics_free(diags);
        return 1;
    }
    pw_diagnostics_free(diags);

    PwPosition *pos = NULL;
    s = fen ? pw_position_from_fen(game, fen, &pos) : pw_start_position(game, &pos);
    if (s != PW_OK) {
        pw_game_free(game);
        return fail("position", s);
    }

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t nodes = 0;
    if (depth == 0) {
        nodes = 1;
    } else if (compact) {
        uint64_t *stack = malloc(sizeof(uint64_t) * MAX_MOVES * depth);
        s = stack ? recurse_compact(game, pos, depth, stack, &nodes) : PW_ERR_INTERNAL;
        free(stack);
    } else if (c_recursion) {
        PwMove *stack = malloc(sizeof(PwMove) * MAX_MOVES * depth);
        s = stack ? recurse(game, pos, depth, stack, &nodes) : PW_ERR_INTERNAL;
        free(stack);
    } else {
        static PwMove moves[MAX_MOVES];
        size_t count = 0;
        s = pw_legal_moves(game, pos, moves, MAX_MOVES, &count);
        for (size_t i = 0; s == PW_OK && i < count; i++) {
            uint64_t sub = 0;
            if ((s = pw_make_move(game, pos, &moves[i])) != PW_OK) break;
            if ((s = pw_perft(game, pos, depth - 1, &sub)) != PW_OK) break;
            if ((s = pw_unmake(game, pos)) != PW_OK) break;
            nodes += sub;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int rc = 0;
    if (s != PW_OK) {
        rc = fail("perft", s);
    } else {
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("nodes %llu\n", (unsigned long long)nodes);
        fprintf(stderr, "%.3f s, %.1f Mnps (%s)\n", secs, secs > 0 ? nodes / secs / 1e6 : 0.0,
                compact       ? (bulk ? "compact moves walked in C, last ply by pw_legal_move_count"
                                      : "compact moves walked in C, every leaf made")
                : c_recursion ? (bulk ? "tree walked in C, last ply by pw_legal_move_count" : "tree walked in C")
                              : "root in C, subtrees by pw_perft");
    }
    pw_position_free(pos);
    pw_game_free(game);
    return rc;
}
