/* claims.c: the end a player may claim (pw_game_claimable_end) through the piecewise
 * C ABI: a threefold repetition in chess reached by pw_make_uci, by pw_make_move and
 * by pw_make_compact, gone again once a move is taken back; the 50-move rule from a
 * FEN's halfmove clock; nothing to claim at the start; null out-parameters allowed.
 * Prints one line per case ("ok NAME" or "FAILED NAME: ...") and exits 0 only if all
 * pass. Also pw_game_insufficient_material and pw_result's draw by it.
 *
 *   claims RULES_DIR */
#include <stdio.h>
#include <string.h>

#include "piecewise.h"

static int failures = 0;

static void expect(const char *name, const PwGame *game, PwPosition *pos, PwResult want,
                   PwEndReason why) {
    PwResult result = (PwResult)-1;
    PwEndReason reason = (PwEndReason)-1;
    PwStatus s = pw_game_claimable_end(game, pos, &result, &reason);
    int ok = s == PW_OK && result == want && reason == why;
    printf("%s %s", ok ? "ok" : "FAILED", name);
    if (!ok) {
        printf(": %s %d %d (wanted %d %d) %s", pw_status_name(s), (int)result, (int)reason,
               (int)want, (int)why, pw_last_error());
        failures++;
    }
    printf("\n");
}

static const char *KNIGHTS[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};

/* Plays KNIGHTS[i] by pw_legal_moves + pw_make_move (mode 1) or pw_legal_compact +
 * pw_make_compact (mode 2), else by pw_make_uci. */
static PwStatus play(const PwGame *game, PwPosition *pos, int i, int mode) {
    static PwMove moves[512];
    static uint64_t compact[512];
    size_t count = 0;
    if (mode == 1) {
        PwStatus s = pw_legal_moves(game, pos, moves, 512, &count);
        if (s != PW_OK) return s;
        for (size_t k = 0; k < count; k++)
            if (strcmp(moves[k].uci, KNIGHTS[i]) == 0) return pw_make_move(game, pos, &moves[k]);
        return PW_ERR_ILLEGAL_MOVE;
    }
    if (mode == 2) {
        PwStatus s = pw_legal_compact(game, pos, compact, 512, &count);
        if (s != PW_OK) return s;
        for (size_t k = 0; k < count; k++) {
            PwMove m;
            if ((s = pw_compact_move(game, pos, k, compact[k], &m)) != PW_OK) return s;
            if (strcmp(m.uci, KNIGHTS[i]) == 0) return pw_make_compact(game, pos, k, compact[k]);
        }
        return PW_ERR_ILLEGAL_MOVE;
    }
    return pw_make_uci(game, pos, KNIGHTS[i]);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: claims RULES_DIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/chess.rules", argv[1]);
    PwGame *game = NULL;
    PwDiagnostics *diags = NULL;
    if (pw_compile_file(path, &game, &diags) != PW_OK) {
        fprintf(stderr, "compile: %s\n", pw_last_error());
        return 1;
    }
    pw_diagnostics_free(diags);
    const char *modes[] = {"uci", "move", "compact"};
    for (int mode = 0; mode < 3; mode++) {
        PwPosition *pos = NULL;
        pw_start_position(game, &pos);
        char name[64];
        snprintf(name, sizeof name, "start (%s)", modes[mode]);
        expect(name, game, pos, PW_ONGOING, PW_NOT_OVER);
        for (int i = 0; i < 8; i++) {
            PwStatus s = play(game, pos, i, mode);
            if (s != PW_OK) {
                printf("FAILED play %s (%s): %s %s\n", KNIGHTS[i], modes[mode], pw_status_name(s),
                       pw_last_error());
                failures++;
            }
            if (i == 3) {
                snprintf(name, sizeof name, "twice (%s)", modes[mode]);
                expect(name, game, pos, PW_ONGOING, PW_NOT_OVER);
            }
        }
        snprintf(name, sizeof name, "threefold (%s)", modes[mode]);
        expect(name, game, pos, PW_DRAW, PW_REPETITION);
        pw_unmake(game, pos);
        snprintf(name, sizeof name, "taken back (%s)", modes[mode]);
        expect(name, game, pos, PW_ONGOING, PW_NOT_OVER);
        pw_position_free(pos);
    }
    PwPosition *pos = NULL;
    pw_position_from_fen(game, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", &pos);
    expect("move limit", game, pos, PW_DRAW, PW_MOVE_LIMIT);
    PwStatus s = pw_game_claimable_end(game, pos, NULL, NULL);
    printf("%s null out-parameters\n", s == PW_OK ? "ok" : "FAILED");
    failures += s != PW_OK;
    pw_position_free(pos);
    /* Insufficient material: K+N v K cannot mate (a draw by pw_result), K+R v K can. */
    const char *fens[] = {"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"};
    for (int i = 0; i < 2; i++) {
        pw_position_from_fen(game, fens[i], &pos);
        uint8_t first = 9, second = 9;
        PwResult result = (PwResult)-1;
        PwEndReason reason = (PwEndReason)-1;
        s = pw_game_insufficient_material(game, pos, &first, &second);
        PwStatus r = pw_result(game, pos, &result, &reason);
        int ok = s == PW_OK && r == PW_OK && first == (i == 0) && second == 1 &&
                 (i == 0 ? result == PW_DRAW && reason == PW_INSUFFICIENT_MATERIAL
                         : result == PW_ONGOING && reason == PW_NOT_OVER);
        printf("%s insufficient material %s", ok ? "ok" : "FAILED", i == 0 ? "KN-K" : "KR-K");
        if (!ok) printf(": %d %d %d %d", first, second, (int)result, (int)reason);
        printf("\n");
        failures += !ok;
        pw_position_free(pos);
    }
    s = pw_game_claimable_end(game, pos, NULL, NULL);
    printf("%s freed position: %s\n", s == PW_ERR_STALE_HANDLE ? "ok" : "FAILED", pw_status_name(s));
    failures += s != PW_ERR_STALE_HANDLE;
    pw_game_free(game);
    printf("%d failures\n", failures);
    return failures != 0;
}
