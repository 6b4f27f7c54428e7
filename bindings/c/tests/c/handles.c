/* handles.c: handles freed twice, used after they were freed, of another type or
 * made up, through the piecewise C ABI — every one is PW_ERR_STALE_HANDLE, never a
 * crash; then perft stopped by its time limit and cancelled from a second thread.
 * Prints one line per case ("ok NAME: STATUS: message") and exits 0 only if all
 * pass.
 *
 *   handles RULES_DIR */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "piecewise.h"

static int failures = 0;

static void expect(const char *name, PwStatus got, PwStatus want, const char *phrase) {
    const char *msg = pw_last_error();
    int ok = got == want && msg != NULL && (want == PW_OK ? msg[0] == '\0' : msg[0] != '\0') &&
             (phrase == NULL || strstr(msg, phrase) != NULL);
    printf("%s %s: %s: %s\n", ok ? "ok" : "FAILED", name, pw_status_name(got), msg);
    if (!ok) {
        printf("   wanted %s%s%s\n", pw_status_name(want), phrase ? " with " : "", phrase ? phrase : "");
        failures++;
    }
}

static void check(const char *what, int ok) {
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) failures++;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

struct canceller {
    PwCancel *cancel;
    long after_ms;
    PwStatus status;
};

static void *cancel_later(void *arg) {
    struct canceller *c = arg;
    sleep_ms(c->after_ms);
    c->status = pw_cancel_set(c->cancel);
    return NULL;
}

#define STALE PW_ERR_STALE_HANDLE

/* Every position call on a position (or with a game) that is not live. */
static void position_calls(const char *what, PwGame *game, PwPosition *pos, const char *phrase) {
    char buf[256], name[128];
    size_t n = 0, len = 0;
    uint32_t side = 0;
    uint64_t nodes = 0, cm[256];
    uint8_t occupancy[64], in_check = 0;
    PwMove moves[256];
    PwResult result;
    PwEndReason reason;
#define CASE(call)                                                         \
    do {                                                                   \
        snprintf(name, sizeof name, "%s: %s", what, #call);                \
        expect(name, call, STALE, phrase);                                 \
    } while (0)
    CASE(pw_position_fen(game, pos, buf, sizeof buf, &len));
    CASE(pw_side_to_move(game, pos, &side));
    CASE(pw_legal_moves(game, pos, moves, 256, &n));
    CASE(pw_legal_uci(game, pos, buf, sizeof buf, &len));
    CASE(pw_make_move(game, pos, &moves[0]));
    CASE(pw_make_uci(game, pos, "e2e4"));
    CASE(pw_unmake(game, pos));
    CASE(pw_result(game, pos, &result, &reason));
    CASE(pw_in_check(game, pos, &in_check));
    CASE(pw_legal_move_count(game, pos, &nodes));
    CASE(pw_perft(game, pos, 2, &nodes));
    CASE(pw_perft_limited(game, pos, 2, 0, NULL, &nodes));
    CASE(pw_legal_compact(game, pos, cm, 256, &n));
    CASE(pw_make_compact(game, pos, 0, 0));
    CASE(pw_compact_move(game, pos, 0, 0, &moves[0]));
    CASE(pw_position_occupancy(game, pos, occupancy, sizeof occupancy));
    CASE(pw_path_tree_json(game, pos, 1, buf, sizeof buf, &len));
#undef CASE
}

/* Every game call on a game that is not live. */
static void game_calls(const char *what, PwGame *game) {
    char buf[64], name[128];
    size_t n = 0, len = 0;
    uint32_t count = 0, cell = 0;
    uint8_t board[64] = {0};
    PwPieceMove pm[64];
    PwPosition *pos = NULL;
#define CASE(call)                                                         \
    do {                                                                   \
        snprintf(name, sizeof name, "%s: %s", what, #call);                \
        expect(name, call, STALE, "game");                                 \
    } while (0)
    CASE(pw_game_cell_count(game, &count));
    CASE(pw_game_piece_count(game, &count));
    CASE(pw_start_position(game, &pos));
    CASE(pw_position_from_fen(game, "8/8/8/8/8/8/8/8 w - - 0 1", &pos));
    CASE(pw_piece_moves(game, board, 64, 0, pm, 64, &n));
    CASE(pw_cell_id(game, "e4", &cell));
    CASE(pw_cell_name(game, 0, buf, sizeof buf, &len));
#undef CASE
    check("no position was made from a stale game", pos == NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    char path[4096], buf[256];
    snprintf(path, sizeof path, "%s/chess.rules", argv[1]);
    size_t len = 0, count = 0;
    uint32_t cells = 0;
    uint64_t nodes = 0;

    PwGame *game = NULL, *game2 = NULL;
    PwDiagnostics *diags = NULL;
    PwPosition *pos = NULL, *live = NULL;
    PwCancel *cancel = NULL;
    expect("compile_file(chess)", pw_compile_file(path, &game, &diags), PW_OK, NULL);
    expect("start_position", pw_start_position(game, &pos), PW_OK, NULL);
    expect("start_position(live)", pw_start_position(game, &live), PW_OK, NULL);
    expect("cancel_new", pw_cancel_new(&cancel), PW_OK, NULL);
    expect("cancel_new(NULL)", pw_cancel_new(NULL), PW_ERR_NULL_POINTER, "out");

    /* A position: freed, freed again, used after free. */
    expect("position_free", pw_position_free(pos), PW_OK, NULL);
    expect("position_free(twice)", pw_position_free(pos), STALE, "freed");
    position_calls("freed position", game, pos, "position");
    expect("position_free(NULL)", pw_position_free(NULL), PW_OK, NULL);

    /* Diagnostics. */
    expect("diagnostics_count", pw_diagnostics_count(diags, &count), PW_OK, NULL);
    expect("diagnostics_free", pw_diagnostics_free(diags), PW_OK, NULL);
    expect("diagnostics_free(twice)", pw_diagnostics_free(diags), STALE, "PwDiagnostics");
    expect("diagnostics_count(freed)", pw_diagnostics_count(diags, &count), STALE, "diagnostics");
    PwDiagnostic d;
    expect("diagnostics_get(freed)", pw_diagnostics_get(diags, 0, &d), STALE, "freed");
    const char *text = NULL;
    expect("diagnostics_text(freed)", pw_diagnostics_text(diags, &text), STALE, "freed");
    check("no text from freed diagnostics", text == NULL);

    /* A cancel flag. */
    expect("cancel_set", pw_cancel_set(cancel), PW_OK, NULL);
    expect("cancel_free", pw_cancel_free(cancel), PW_OK, NULL);
    expect("cancel_free(twice)", pw_cancel_free(cancel), STALE, "PwCancel");
    expect("cancel_set(freed)", pw_cancel_set(cancel), STALE, "cancel");
    expect("cancel_reset(freed)", pw_cancel_reset(cancel), STALE, "cancel");
    expect("perft_limited(freed cancel)", pw_perft_limited(game, live, 1, 0, cancel, &nodes), STALE, "cancel");

    /* Handles of another type, and values piecewise never made. */
    expect("a position as a game", pw_game_cell_count((PwGame *)live, &cells), STALE, "is a PwPosition");
    expect("a game as a position", pw_position_fen(game, (PwPosition *)game, buf, sizeof buf, &len), STALE,
           "is a PwGame");
    expect("game_free(a position)", pw_game_free((PwGame *)live), STALE, "is a PwPosition");
    expect("position_free(a game)", pw_position_free((PwPosition *)game), STALE, "is a PwGame");
    expect("diagnostics_free(a game)", pw_diagnostics_free((PwDiagnostics *)game), STALE, "is a PwGame");
    expect("cancel_free(a game)", pw_cancel_free((PwCancel *)game), STALE, "is a PwGame");
    int local = 0;
    expect("game_free(an address)", pw_game_free((PwGame *)&local), STALE, "never made");
    expect("position_free(0x10)", pw_position_free((PwPosition *)(uintptr_t)0x10), STALE, NULL);
    game_calls("a made-up game", (PwGame *)(uintptr_t)0x1234);
    position_calls("a made-up position", game, (PwPosition *)(uintptr_t)0x5678, "position");
    expect("the live position still works", pw_position_fen(game, live, buf, sizeof buf, &len), PW_OK, NULL);

    /* A game freed while a position of it lives: the position is refused with it. */
    expect("game_free", pw_game_free(game), PW_OK, NULL);
    expect("game_free(twice)", pw_game_free(game), STALE, "freed");
    game_calls("freed game", game);
    position_calls("position of a freed game", game, live, "game");
    /* The slot reused by a new game: the old handle stays stale, the new one works. */
    expect("compile_file(again)", pw_compile_file(path, &game2, NULL), PW_OK, NULL);
    expect("game_free(old handle)", pw_game_free(game), STALE, "freed");
    expect("old game, new slot", pw_game_cell_count(game, &cells), STALE, "freed");
    expect("position of the old game", pw_perft(game2, live, 1, &nodes), PW_ERR_INVALID_ARGUMENT, "another game");
    expect("position_free(of the freed game)", pw_position_free(live), PW_OK, NULL);
    expect("position_free(twice)", pw_position_free(live), STALE, NULL);

    /* Perft: a time limit, a cancel from another thread. */
    PwPosition *start = NULL;
    expect("start_position(new game)", pw_start_position(game2, &start), PW_OK, NULL);
    expect("perft(depth 65)", pw_perft(game2, start, 65, &nodes), PW_ERR_INVALID_ARGUMENT, "over 64");
    expect("perft_limited(depth 65)", pw_perft_limited(game2, start, 65, 0, NULL, &nodes), PW_ERR_INVALID_ARGUMENT,
           "over 64");
    expect("perft_limited(NULL out)", pw_perft_limited(game2, start, 3, 0, NULL, NULL), PW_ERR_NULL_POINTER, "out");
    expect("perft(3)", pw_perft(game2, start, 3, &nodes), PW_OK, NULL);
    check("perft(3) = 8902", nodes == 8902);
    nodes = 0;
    expect("perft_limited(3, no limit)", pw_perft_limited(game2, start, 3, 0, NULL, &nodes), PW_OK, NULL);
    check("perft_limited(3) = 8902", nodes == 8902);
    expect("perft_limited(0)", pw_perft_limited(game2, start, 0, 5, NULL, &nodes), PW_OK, NULL);
    check("perft_limited(0) = 1", nodes == 1);

    nodes = 12345;
    double t0 = now_ms();
    expect("perft_limited(7, 200 ms)", pw_perft_limited(game2, start, 7, 200, NULL, &nodes), PW_ERR_TIME_LIMIT,
           "the limit is 200 ms");
    double took = now_ms() - t0;
    printf("   stopped after %.0f ms\n", took);
    check("the limited count stopped within 3 s", took < 3000);
    check("a stopped count leaves *out alone", nodes == 12345);
    expect("position_fen(after the stop)", pw_position_fen(game2, start, buf, sizeof buf, &len), PW_OK, NULL);
    check("the position is the start again",
          strcmp(buf, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 0);

    PwCancel *flag = NULL;
    expect("cancel_new", pw_cancel_new(&flag), PW_OK, NULL);
    struct canceller c = {flag, 200, PW_ERR_INTERNAL};
    pthread_t thread;
    t0 = now_ms();
    if (pthread_create(&thread, NULL, cancel_later, &c) != 0) return 3;
    expect("perft_limited(7, cancelled)", pw_perft_limited(game2, start, 7, 0, flag, &nodes), PW_ERR_CANCELLED,
           "cancelled");
    took = now_ms() - t0;
    pthread_join(thread, NULL);
    printf("   cancelled after %.0f ms\n", took);
    check("the cancel from another thread succeeded", c.status == PW_OK);
    check("the cancelled count stopped within 3 s", took < 3000);
    check("a cancelled count leaves *out alone", nodes == 12345);
    expect("perft_limited(set before)", pw_perft_limited(game2, start, 1, 0, flag, &nodes), PW_ERR_CANCELLED,
           "before it started");
    expect("cancel_reset", pw_cancel_reset(flag), PW_OK, NULL);
    expect("perft_limited(3, reset flag)", pw_perft_limited(game2, start, 3, 0, flag, &nodes), PW_OK, NULL);
    check("perft_limited(3, reset flag) = 8902", nodes == 8902);

    /* The new status names. */
    check("PW_ERR_STALE_HANDLE named", strcmp(pw_status_name(PW_ERR_STALE_HANDLE), "PW_ERR_STALE_HANDLE") == 0);
    check("PW_ERR_TIME_LIMIT named", strcmp(pw_status_name(PW_ERR_TIME_LIMIT), "PW_ERR_TIME_LIMIT") == 0);
    check("PW_ERR_CANCELLED named", strcmp(pw_status_name(PW_ERR_CANCELLED), "PW_ERR_CANCELLED") == 0);
    check("PW_PERFT_DEFAULT_MS is 60 s", PW_PERFT_DEFAULT_MS == 60000);

    expect("cancel_free", pw_cancel_free(flag), PW_OK, NULL);
    expect("position_free", pw_position_free(start), PW_OK, NULL);
    expect("game_free", pw_game_free(game2), PW_OK, NULL);
    expect("game_free(twice)", pw_game_free(game2), STALE, NULL);
    printf("%d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
