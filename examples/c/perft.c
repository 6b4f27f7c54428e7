/* perft.c: perft of a rules file through the piecewise C ABI.
 *
 *   perft RULES DEPTH [FEN] [--max-ms MS] [--recurse [--bulk]] [--compact [--bulk]]
 *
 * By default the root moves are listed, made and unmade in C and each subtree is
 * counted by pw_perft_limited (the library's perft, bulk counting at the last ply)
 * within what is left of the time limit: --max-ms MS milliseconds for the whole
 * count (default PW_PERFT_DEFAULT_MS, 60 s; 0: no limit). A count past it stops
 * with PW_ERR_TIME_LIMIT and the library's message (how far the subtree got). With
 * --recurse the whole tree is walked in C (pw_legal_moves, pw_make_move, pw_unmake
 * at every node; the last ply counted as the length of the move list); with --bulk as
 * well, the last ply is counted by pw_legal_move_count instead. With --compact the
 * whole tree is walked in C the way an engine would: pw_legal_compact (8-byte moves),
 * pw_make_compact and pw_unmake at every node, every leaf made (or, with --bulk, the
 * last ply counted by pw_legal_move_count). The walks in C look at the limit before
 * each move made three or more plies from the leaves (a few thousandths of the nodes)
 * and stop with PW_ERR_TIME_LIMIT past it.
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

/* The time limit of the whole count, in ms (0: none), and when it started. */
static uint64_t max_ms = PW_PERFT_DEFAULT_MS;
static struct timespec started;

/* Milliseconds since the count started. */
static uint64_t elapsed_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)(now.tv_sec - started.tv_sec) * 1000 +
           (uint64_t)((now.tv_nsec - started.tv_nsec) / 1000000);
}

/* What is left of the limit for the next subtree (at least 1 ms), or 0 for no
 * limit; sets *over when none is left. */
static uint64_t left_ms(int *over) {
    if (max_ms == 0) return 0;
    uint64_t spent = elapsed_ms();
    *over = spent >= max_ms;
    return *over ? 1 : max_ms - spent;
}

/* A count the C walk stopped at the limit: PW_ERR_TIME_LIMIT, said here (the
 * library's last error is not about it). */
static int c_time_limit = 0;


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
        int over = 0;
        if (depth >= 3) left_ms(&over);
        if (over) {
            c_time_limit = 1;
            return PW_ERR_TIME_LIMIT;
        }
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
        int over = 0;
        if (depth >= 3) left_ms(&over);
        if (over) {
            c_time_limit = 1;
            return PW_ERR_TIME_LIMIT;
        }
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
        fprintf(stderr, "usage: perft RULES DEPTH [FEN] [--max-ms MS] [--recurse [--bulk]] "
                        "[--compact [--bulk]]\n");
        return 2;
    }
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--max-ms") == 0) {
            char *end = NULL;
            if (i + 1 >= argc || (max_ms = strtoull(argv[i + 1], &end, 10), *end != '\0') ||
                argv[i + 1][0] == '-') {
                fprintf(stderr, "--max-ms takes a number of milliseconds (0: no limit)\n");
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "--recurse") == 0) c_recursion = 1;
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
    started = t0;
    uint64_t nodes = 0;
    int rc = 0;
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
            int over = 0;
            uint64_t left = left_ms(&over);
            if (over) {
                s = PW_ERR_TIME_LIMIT;
                c_time_limit = 1;
                break;
            }
            if ((s = pw_make_move(game, pos, &moves[i])) != PW_OK) break;
            if ((s = pw_perft_limited(game, pos, depth - 1, left, NULL, &sub)) != PW_OK) {
                /* The message first: unmaking would clear it. */
                rc = fail("perft", s);
                pw_unmake(game, pos);
                break;
            }
            if ((s = pw_unmake(game, pos)) != PW_OK) break;
            nodes += sub;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (s != PW_OK && c_time_limit) {
        fprintf(stderr, "perft: %s: stopped after %llu ms (--max-ms %llu)\n", pw_status_name(s),
                (unsigned long long)elapsed_ms(), (unsigned long long)max_ms);
        rc = 1;
    } else if (s != PW_OK && rc == 0) {
        rc = fail("perft", s);
    } else if (s == PW_OK) {
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
