/* errors.c: bad input through the piecewise C ABI. Each case checks the status code
 * and that pw_last_error() says something (and, where given, contains a phrase), or is
 * "" after a success; prints one line per case ("ok CODE: message") and exits 0 only
 * if all pass. A few answers the examples do not reach are checked at the end (UCI
 * text, cell names, check, checkmate and stalemate).
 *
 *   errors RULES_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    char path[4096];
    snprintf(path, sizeof path, "%s/chess.rules", argv[1]);
    PwGame *game = NULL, *other = NULL;
    PwDiagnostics *diags = NULL;
    PwPosition *pos = NULL, *start = NULL;
    PwMove moves[256];
    size_t n = 0, len = 0;
    char buf[256];
    uint32_t cell = 0;

    /* Null pointers. */
    expect("compile(NULL)", pw_compile(NULL, NULL, &game, NULL), PW_ERR_NULL_POINTER, "source");
    expect("compile(out NULL)", pw_compile("board square 2x2", NULL, NULL, NULL), PW_ERR_NULL_POINTER, "out_game");
    expect("compile_file(NULL)", pw_compile_file(NULL, &game, NULL), PW_ERR_NULL_POINTER, "path");
    expect("start_position(NULL)", pw_start_position(NULL, &pos), PW_ERR_NULL_POINTER, "game");

    /* Invalid UTF-8. */
    expect("compile(bad UTF-8)", pw_compile("board square 8x8\n\xff\xfe", NULL, &game, NULL), PW_ERR_INVALID_UTF8, "UTF-8");

    /* Bad rules text: the error code and the structured diagnostics. */
    PwStatus s = pw_compile("board square 8x8\npiece Knight (N) { leap (1,2) }\npiece Bad (B) { hop nowhere }\n",
                            "bad.rules", &game, &diags);
    expect("compile(bad rules)", s, PW_ERR_COMPILE, "do not compile");
    size_t count = 0;
    expect("diagnostics_count", pw_diagnostics_count(diags, &count), PW_OK, NULL);
    if (count == 0) { printf("FAILED no diagnostics\n"); failures++; }
    for (size_t i = 0; i < count; i++) {
        PwDiagnostic d;
        expect("diagnostics_get", pw_diagnostics_get(diags, i, &d), PW_OK, NULL);
        printf("   diagnostic %s %s at %u:%u: %s\n", d.severity == PW_ERROR ? "error" : "warning", d.code,
               d.line, d.column, d.message);
        if (d.line != 3) { printf("FAILED line %u, not 3\n", d.line); failures++; }
    }
    PwDiagnostic d;
    expect("diagnostics_get(out of range)", pw_diagnostics_get(diags, count, &d), PW_ERR_INVALID_ARGUMENT, "out of range");
    const char *text = NULL;
    expect("diagnostics_text", pw_diagnostics_text(diags, &text), PW_OK, NULL);
    if (!text || !strstr(text, "bad.rules:3:")) { printf("FAILED rendered text: %s\n", text); failures++; }
    pw_diagnostics_free(diags);
    pw_diagnostics_free(NULL);
    expect("compile_file(missing)", pw_compile_file("/nonexistent/x.rules", &game, NULL), PW_ERR_IO, "x.rules");
    /* A device that never ends: an error after 64 MiB, not gigabytes. */
    FILE *zero = fopen("/dev/zero", "rb");
    if (zero) {
        fclose(zero);
        expect("compile_file(/dev/zero)", pw_compile_file("/dev/zero", &game, NULL), PW_ERR_IO, "the most read");
    }
    expect("compile_file(a directory)", pw_compile_file(argv[1], &game, NULL), PW_ERR_IO, argv[1]);

    /* A good game, then bad positions and moves. */
    expect("compile_file(chess)", pw_compile_file(path, &game, NULL), PW_OK, NULL);
    expect("compile(other)", pw_compile("board square 3x3\nstart \"2k/3/K2 w - - 0 1\"\nroyal King\npiece King (K) { step any }",
                                        NULL, &other, NULL), PW_OK, NULL);
    expect("from_fen(malformed)", pw_position_from_fen(game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w", &pos),
           PW_ERR_FEN, "invalid FEN");
    expect("from_fen(bad UTF-8)", pw_position_from_fen(game, "8/8/8/8/8/8/8/8 \xc3", &pos), PW_ERR_INVALID_UTF8, "fen");
    expect("from_fen(NULL)", pw_position_from_fen(game, NULL, &pos), PW_ERR_NULL_POINTER, "fen");
    expect("start_position", pw_start_position(game, &start), PW_OK, NULL);
    expect("position_fen(small buffer)", pw_position_fen(game, start, buf, 10, &len), PW_ERR_BUFFER_TOO_SMALL, "needed");
    if (len != strlen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) { printf("FAILED len %zu\n", len); failures++; }
    expect("position_fen(length query)", pw_position_fen(game, start, NULL, 0, &len), PW_ERR_BUFFER_TOO_SMALL, NULL);
    expect("position with another game", pw_legal_moves(other, start, moves, 256, &n), PW_ERR_INVALID_ARGUMENT, "another game");
    expect("legal_moves(small buffer)", pw_legal_moves(game, start, moves, 5, &n), PW_ERR_BUFFER_TOO_SMALL, NULL);
    if (n != 20) { printf("FAILED count %zu, not 20\n", n); failures++; }
    expect("make_uci(illegal)", pw_make_uci(game, start, "e2e5"), PW_ERR_ILLEGAL_MOVE, "e2e5");
    expect("make_uci(bad UTF-8)", pw_make_uci(game, start, "e2\xff" "e4"), PW_ERR_INVALID_UTF8, NULL);
    expect("unmake(nothing)", pw_unmake(game, start), PW_ERR_NOTHING_TO_UNMAKE, NULL);
    expect("legal_moves", pw_legal_moves(game, start, moves, 256, &n), PW_OK, NULL);
    PwMove forged = moves[0];
    forged.to = 63;
    expect("make_move(forged)", pw_make_move(game, start, &forged), PW_ERR_ILLEGAL_MOVE, "current move list");
    forged = moves[0];
    forged.index = 9999;
    expect("make_move(bad index)", pw_make_move(game, start, &forged), PW_ERR_ILLEGAL_MOVE, NULL);
    expect("make_move(NULL)", pw_make_move(game, start, NULL), PW_ERR_NULL_POINTER, "move");
    expect("make_uci(e2e4)", pw_make_uci(game, start, "e2e4"), PW_OK, NULL);
    expect("make_move(stale list)", pw_make_move(game, start, &moves[0]), PW_ERR_ILLEGAL_MOVE, NULL);
    expect("unmake", pw_unmake(game, start), PW_OK, NULL);

    /* The compact path: stale, forged and out-of-range moves are refused. */
    uint64_t cm[256];
    PwMove described;
    expect("legal_compact(small buffer)", pw_legal_compact(game, start, cm, 5, &n), PW_ERR_BUFFER_TOO_SMALL, "20 moves");
    expect("legal_compact(NULL count)", pw_legal_compact(game, start, cm, 256, NULL), PW_ERR_NULL_POINTER, "count");
    expect("legal_compact(another game)", pw_legal_compact(other, start, cm, 256, &n), PW_ERR_INVALID_ARGUMENT, "another game");
    expect("legal_compact", pw_legal_compact(game, start, cm, 256, &n), PW_OK, NULL);
    if (n != 20) { printf("FAILED compact count %zu, not 20\n", n); failures++; }
    expect("make_compact(bad index)", pw_make_compact(game, start, 20, cm[0]), PW_ERR_ILLEGAL_MOVE, "compact list");
    expect("make_compact(forged)", pw_make_compact(game, start, 0, cm[0] ^ 1), PW_ERR_ILLEGAL_MOVE, "compact list");
    expect("make_compact(other entry)", pw_make_compact(game, start, 1, cm[0]), PW_ERR_ILLEGAL_MOVE, NULL);
    expect("compact_move(NULL out)", pw_compact_move(game, start, 0, cm[0], NULL), PW_ERR_NULL_POINTER, "out");
    size_t e4 = n;
    for (size_t i = 0; i < n; i++) {
        expect("compact_move", pw_compact_move(game, start, i, cm[i], &described), PW_OK, NULL);
        if (strcmp(described.uci, "e2e4") == 0) e4 = i;
        if (described.index != i) { printf("FAILED compact index %u, not %zu\n", described.index, i); failures++; }
    }
    if (e4 == n) { printf("FAILED no e2e4 among the compact moves\n"); failures++; e4 = 0; }
    expect("make_compact(e2e4)", pw_make_compact(game, start, e4, cm[e4]), PW_OK, NULL);
    expect("make_compact(stale list)", pw_make_compact(game, start, 0, cm[0]), PW_ERR_ILLEGAL_MOVE, "pw_legal_compact");
    expect("position_fen(after e2e4)", pw_position_fen(game, start, buf, sizeof buf, &len), PW_OK, NULL);
    if (strcmp(buf, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") != 0) { printf("FAILED fen %s\n", buf); failures++; }
    expect("unmake(compact)", pw_unmake(game, start), PW_OK, NULL);
    expect("make_compact(list of the ply again)", pw_make_compact(game, start, e4, cm[e4]), PW_OK, NULL);
    expect("unmake(compact)", pw_unmake(game, start), PW_OK, NULL);

    expect("perft(depth 65)", pw_perft(game, start, 65, NULL), PW_ERR_NULL_POINTER, "out");
    uint64_t nodes = 0;
    expect("perft(depth 65)", pw_perft(game, start, 65, &nodes), PW_ERR_INVALID_ARGUMENT, "over 64");

    /* Cells and the caller's board. */
    expect("cell_id(z9)", pw_cell_id(game, "z9", &cell), PW_ERR_BAD_CELL, "z9");
    expect("cell_name(64)", pw_cell_name(game, 64, buf, sizeof buf, &len), PW_ERR_BAD_CELL, "not on the board");
    uint8_t board[64] = {0};
    PwPieceMove pm[64];
    expect("piece_moves(wrong size)", pw_piece_moves(game, board, 63, 0, pm, 64, &n), PW_ERR_INVALID_ARGUMENT, "63 cells");
    board[3] = 0x7f;
    expect("piece_moves(bad code)", pw_piece_moves(game, board, 64, 0, pm, 64, &n), PW_ERR_INVALID_ARGUMENT, "names no piece");
    expect("piece_moves(NULL board)", pw_piece_moves(game, NULL, 64, 0, pm, 64, &n), PW_ERR_NULL_POINTER, "occupancy");
    expect("piece_moves_cb(NULL)", pw_piece_moves_cb(game, NULL, NULL, 0, pm, 64, &n), PW_ERR_NULL_POINTER, "occupant");
    expect("path_tree_json(b1)", pw_path_tree_json(game, start, 1, NULL, 0, &len), PW_ERR_BUFFER_TOO_SMALL, NULL);
    char *json = malloc(len + 1);
    expect("path_tree_json(b1)", pw_path_tree_json(game, start, 1, json, len + 1, &len), PW_OK, NULL);
    if (!json || !strstr(json, "\"c3\"")) { printf("FAILED path tree: %s\n", json); failures++; }
    free(json);
    expect("path_tree_json(empty cell)", pw_path_tree_json(game, start, 27, buf, sizeof buf, &len), PW_ERR_BAD_CELL, "empty");

    /* Answers: UCI text, cells, check, the result. */
    char uci[512];
    expect("legal_uci", pw_legal_uci(game, start, uci, sizeof uci, &len), PW_OK, NULL);
    if (strncmp(uci, "a2a3 a2a4 b1a3 b1c3 b2b3", 24) != 0 || len != 20 * 5 - 1) { printf("FAILED uci %s\n", uci); failures++; }
    expect("cell_id(e4)", pw_cell_id(game, "e4", &cell), PW_OK, NULL);
    expect("cell_name(e4)", pw_cell_name(game, cell, buf, sizeof buf, &len), PW_OK, NULL);
    if (cell != 28 || strcmp(buf, "e4") != 0) { printf("FAILED cell %u %s\n", cell, buf); failures++; }
    struct { const char *fen; PwResult result; PwEndReason reason; uint8_t check; } ends[] = {
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", PW_SECOND_WINS, PW_CHECKMATE, 1},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", PW_DRAW, PW_STALEMATE, 0},
        {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", PW_ONGOING, PW_NOT_OVER, 0},
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        PwPosition *p = NULL;
        PwResult result;
        PwEndReason reason;
        uint8_t check = 9;
        expect("from_fen(end)", pw_position_from_fen(game, ends[i].fen, &p), PW_OK, NULL);
        expect("result", pw_result(game, p, &result, &reason), PW_OK, NULL);
        expect("in_check", pw_in_check(game, p, &check), PW_OK, NULL);
        if (result != ends[i].result || reason != ends[i].reason || check != ends[i].check) {
            printf("FAILED result %d %d check %d for %s\n", result, reason, check, ends[i].fen);
            failures++;
        }
        pw_position_free(p);
    }

    /* Move clocks at their maximum saturate (they overflowed: a panic in debug builds). */
    {
        PwPosition *p = NULL;
        expect("from_fen(clocks at the maximum)",
               pw_position_from_fen(game, "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295", &p), PW_OK, NULL);
        expect("make_uci(e1e2)", pw_make_uci(game, p, "e1e2"), PW_OK, NULL);
        expect("make_uci(e8e7)", pw_make_uci(game, p, "e8e7"), PW_OK, NULL);
        expect("position_fen(saturated clocks)", pw_position_fen(game, p, buf, sizeof buf, &len), PW_OK, NULL);
        if (strcmp(buf, "8/4k3/8/8/8/8/4K3/8 w - - 4294967295 4294967295") != 0) {
            printf("FAILED clocks: %s\n", buf);
            failures++;
        }
        expect("unmake(saturated)", pw_unmake(game, p), PW_OK, NULL);
        pw_position_free(p);
    }

    /* Null handles are ignored by the free functions. */
    pw_position_free(NULL);
    pw_game_free(NULL);
    pw_position_free(start);
    pw_game_free(other);
    pw_game_free(game);
    printf("%d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
