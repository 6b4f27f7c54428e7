//! `piecewise import fsf`, issue 31 item 3: the keys of the constructs the language
//! gained (`bikjangRule`, `materialCounting`, `moveRepetitionIllegal`, `gating`,
//! `pieceDemotion`, `dropPromoted`, `piecePromotionOnCapture`, `mustDrop`,
//! `castlingDroppedPiece`, `dropOppositeColoredBishop`, `promotionLimit`) and the
//! built-in parents that use them (seirawan, shouse, placement, grand, kyotoshogi,
//! amazons, snailtrail). Each section imports completely, says the rule, and counts
//! perft 1-3 from its start position as pyffish 0.0.90 does (tests/differential/
//! fsf_perft.py on the same ini; Grand chess to depth 2 only, its depth 3 being
//! 259,514 moves, which agree too but take long).

use crate::fsf::assert_complete_with_perft;
use piecewise::fsf;

const KEYS: &str = "\
[kyoto:kyotoshogi]

[place:placement]

[sgate:seirawan]

[grandish:grand]

[chennis]
maxRank = 7
maxFile = 7
mobilityRegionWhiteKing = b1 c1 d1 e1 f1 b2 c2 d2 e2 f2 b3 c3 d3 e3 f3 b4 c4 d4 e4 f4
mobilityRegionBlackKing = b4 c4 d4 e4 f4 b5 c5 d5 e5 f5 b6 c6 d6 e6 f6 b7 c7 d7 e7 f7
customPiece1 = p:fmWfceF
cannon = c
commoner = m
fers = f
soldier = s
king = k
bishop = b
knight = n
rook = r
promotionPieceTypes = -
promotedPieceType = p:r f:c s:b m:n
promotionRegionWhite = *1 *2 *3 *4 *5 *6 *7
promotionRegionBlack = *7 *6 *5 *4 *3 *2 *1
startFen = 1fkm3/1p1s3/7/7/7/3S1P1/3MKF1[] w - 0 1
pieceDrops = true
capturesToHand = true
pieceDemotion = true
mandatoryPiecePromotion = true
dropPromoted = true
castling = false
stalemateValue = loss

[oncapture:chess]
maxRank = 6
maxFile = 6
startFen = rnbqkr/pppppp/6/1N4/PPPPPP/R1BQKR w - - 0 1
castling = false
doubleStep = false
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = -
promotedPieceType = n:r
piecePromotionOnCapture = true

[bikjang:xiangqi]
flyingGeneral = false
bikjangRule = true
materialCounting = janggi
startFen = 3k1r3/9/9/9/9/9/9/9/9/R3K4 w - - 0 1
";

#[test]
fn item_3_keys_translate_and_count_like_fairy_stockfish() {
    let want: &[(&str, &[u64], &[&str])] = &[
        (
            "kyoto",
            &[12, 137, 1636],
            &[
                "promotion ShogiPawn to PromotedShogiPawn in promotion_zone, also leaving\n",
                "promotion PromotedShogiPawn to ShogiPawn in promotion_zone, also leaving\n",
                "drop ShogiPawn, also stuck, either face\n",
            ],
        ),
        (
            "place",
            &[40, 1600, 50560],
            &[
                "castling King e1 to g1 with Rook h1 to f1, when dropped\n",
                ", dropped first\n",
                "drop Bishop, opposite colours\n",
            ],
        ),
        (
            "sgate",
            &[28, 784, 24830],
            &["gating Pawn | Knight | Bishop | Rook | Queen | Archbishop | Chancellor in gating_zone, no drops\n"],
        ),
        (
            "grandish",
            &[65, 4225],
            &["in promotion_zone, optional, only captured, not en passant\n"],
        ),
        (
            "chennis",
            &[10, 100, 1371],
            &["promotion PromotedFers to Fers in promotion_zone, also leaving\n"],
        ),
        (
            "oncapture",
            &[9, 59, 650],
            &["promotion Knight to PromotedKnight in promotion_zone, also leaving, on capture, optional"],
        ),
        (
            "bikjang",
            &[14, 167, 2476],
            &[
                "royals facing draw\n",
                "draws by points Rook 13, Horse 5, Soldier 2, second 1.5\n",
            ],
        ),
    ];
    let variants = fsf::import(KEYS, None).unwrap();
    assert_eq!(variants.len(), want.len());
    for (v, (name, counts, lines)) in variants.iter().zip(want) {
        assert_eq!(&v.name, name);
        for l in *lines {
            assert!(v.rules.contains(l), "{name}: no `{l}` in\n{}", v.rules);
        }
        assert_complete_with_perft(v, counts);
    }
}

#[test]
fn janggi_ends_and_material_counts_are_declarations() {
    // moveRepetitionIllegal: the pieces that never reach the other side's palace
    // (Xiangqi's advisor, elephant and king) may shuttle.
    let v = &fsf::import("[m:xiangqi]\nmoveRepetitionIllegal = true\n", None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("move repetition loses, not Fers | Elephant | King\n"),
        "{}",
        v.rules
    );
    piecewise::Game::compile(&v.rules).unwrap_or_else(|d| panic!("{d}\n{}", v.rules));
    for (value, line) in [
        ("unweighted", "draw by piece count\n"),
        ("whitedrawodds", "draw odds for first\n"),
        ("blackdrawodds", "draw odds for second\n"),
    ] {
        let ini = format!("[c:chess]\nmaterialCounting = {value}\nextinctionPieceTypes = q\n");
        let v = &fsf::import(&ini, None).unwrap()[0];
        assert!(v.complete(), "{value}: {:?}", v.issues);
        assert!(v.rules.contains(line), "{}", v.rules);
        piecewise::Game::compile(&v.rules).unwrap_or_else(|d| panic!("{d}\n{}", v.rules));
    }
    let v = &fsf::import("[c:chess]\nmaterialCounting = chess\n", None).unwrap()[0];
    assert!(
        v.issues.iter().any(|i| i.key == "materialCounting"),
        "{:?}",
        v.issues
    );
    // Gating without Seirawan's gating on the castling partner's cell is reported.
    let v = &fsf::import("[g:chess]\ngating = true\n", None).unwrap()[0];
    assert!(v.issues.iter().any(|i| i.key == "gating"), "{:?}", v.issues);
}

#[test]
fn janggi_parents_count_like_fairy_stockfish() {
    // pyffish 0.0.90's built-in janggi and janggimodern (bikjang not considered:
    // more moves at depth 3), perft 1-3 from the start.
    let ini = "[j:janggi]\n[jm:janggimodern]\n";
    let variants = fsf::import(ini, None).unwrap();
    let j = &variants[0];
    for l in [
        "zone absolute lines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\n",
        "royals facing draw\n",
        "double pass draw\n",
        "    ride diagonal, from lines, to lines\n",
        "    ride orthogonal via piece not JanggiCannon then ride same, captures not JanggiCannon\n",
        "    step orthogonal via empty or piece then step back, pass\n",
    ] {
        assert!(j.rules.contains(l), "no `{l}` in\n{}", j.rules);
    }
    // Fairy-Stockfish's `go perft` (the pass ends followed along the line).
    assert_complete_with_perft(j, &[32, 1024, 33000]);
    let jm = &variants[1];
    assert!(
        jm.rules
            .contains("move repetition loses, not Wazir | King\n"),
        "{}",
        jm.rules
    );
    assert!(!jm.rules.contains("royals facing"), "{}", jm.rules);
    assert_complete_with_perft(jm, &[32, 1024, 33316]);
}

#[test]
fn pieces_keep_to_their_regions_and_faces_count_as_their_type() {
    // Xiangqi with drops: a soldier is dropped only where it may stand (its mobility
    // region), as pyffish 0.0.90's `legal_moves` gives the drops here.
    let ini = "[xh:xiangqi]\nstartFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1\npieceDrops = true\ncapturesToHand = true\ndropRegionWhite = *1 *2 *3 *4 *5\ndropRegionBlack = *6 *7 *8 *9 *10\nmobilityRegionWhiteSoldier = a4 a5 c4 c5 e4 e5 g4 g5 i4 i5 *6 *7 *8 *9 *10\nmobilityRegionBlackSoldier = *1 *2 *3 *4 *5 a6 a7 c6 c7 e6 e7 g6 g7 i6 i7\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("drop Soldier not in soldier_region_outside\n"),
        "{}",
        v.rules
    );
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let fen = "1nb1ka3/3Ca1r1c/4b2rn/p3p3p/2pR5/4P2cP/P1P3p2/2C5B/4A4/N1B1KA1NR[p] b - - 1 20";
    let mut drops: Vec<String> = game
        .legal_uci(&game.position(fen).unwrap())
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    drops.sort();
    assert_eq!(drops, ["P@a6", "P@c7", "P@e6", "P@g6", "P@g7", "P@i6"]);
    // A promoted piece is of the type it moves as: a flag or extinction type names
    // its face too (Back Rank's kings promoted from any piece).
    let ini = "[br:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\nextinctionPieceTypes = k\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\npromotionPieceTypes = -\npromotedPieceType = r:k\nmandatoryPiecePromotion = true\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("reach flag_zone with Commoner | PromotedRook\n"),
        "{}",
        v.rules
    );
    assert!(
        v.rules
            .contains("extinction Commoner | PromotedRook loss\n"),
        "{}",
        v.rules
    );
    // A king that castles one step, where it could also step, castles by taking
    // its partner in UCI (Fairy-Stockfish's `d1a1` where `d1c1` is a king's step).
    let ini = "[k9:chess]\nmaxFile = i\nstartFen = rnbkqbnrq/ppppppppp/9/9/9/9/PPPPPPPPP/RNBKQBNRQ w KQkq - 0 1\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(
        v.rules
            .contains("castling King d1 to c1 with Rook a1 to d1, king takes rook\n"),
        "{}",
        v.rules
    );
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let pos = game
        .position("rnbkqbnrq/ppppppppp/9/9/9/9/PPPPPPPPP/R2KQBNRQ w KQkq - 0 1")
        .unwrap();
    let moves = game.legal_uci(&pos);
    assert!(moves.contains(&"d1a1".to_string()), "{moves:?}");
    assert!(moves.contains(&"d1c1".to_string()), "{moves:?}");
}

#[test]
fn a_drop_region_of_the_only_side_that_drops_is_translated() {
    // Synochess: only the second side starts with pieces in hand, and captures are
    // not kept, so the first side never drops and its region does not matter.
    let ini = "[s:chess]\npieceDrops = true\ncapturesToHand = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[nn] w KQkq - 0 1\ndropRegionBlack = *5\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let pos = game
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[nn] b KQkq - 0 1")
        .unwrap();
    let drops = game
        .legal_uci(&pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .count();
    // The knight is dropped on the eight cells of rank 5 only (pyffish: 8).
    assert_eq!(drops, 8);
    // With captures kept, the first side drops too, anywhere (Fairy-Stockfish's
    // `dropRegionWhite` defaults to the whole board): the second side's region is
    // written for it alone (`drop ..., for second`), and the import is complete.
    let kept = ini.replace("capturesToHand = false", "capturesToHand = true");
    let v = &fsf::import(&kept, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(v.rules.contains(", for second"), "{}", v.rules);
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let count = |fen: &str| {
        let pos = game.position(fen).unwrap();
        game.legal_uci(&pos)
            .into_iter()
            .filter(|m| m.starts_with("N@"))
            .count()
    };
    // Every empty cell for the first side, rank 5 only for the second (its `n`s).
    assert_eq!(
        count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1"),
        32
    );
    let pos = game
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 0 1")
        .unwrap();
    let black = game
        .legal_uci(&pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .count();
    assert_eq!(black, 8);
}

#[test]
fn a_piece_lettered_anew_keeps_its_place_in_the_parents_lists() {
    // Gemini: janus's archbishop `j` is lettered `a`; Fairy-Stockfish's promotion
    // choices (janus's `nbrqj`) are piece types, so the pawn still promotes to it
    // (pyffish 0.0.90: c7b8a, c7c8a, c7d8a among the moves here).
    let ini = "[gemini:janus]\nstartFen = rnbaqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBAQKABNR w KQkq - 0 1\narchbishop = a\ncastlingKingsideFile = i\ncastlingQueensideFile = c\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("promotion Pawn to Knight | Bishop | Rook | Queen | Archbishop in"),
        "{}",
        v.rules
    );
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let fen = "rn1aqk2nr/ppP1pa1ppp/1A3pp3/5b4/3b6/5PQ3/P1APP1PPPP/RNB2K1BNR w KQkq - 1 10";
    let moves = game.legal_uci(&game.position(fen).unwrap());
    for m in ["c7b8a", "c7c8a", "c7d8a"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
}

#[test]
fn a_flag_for_every_piece_type() {
    // `flagPiece = *`: any piece on the flag region wins (pawnsking, river).
    let ini = "[pk:chess]\nking = -\ncommoner = k\ncastling = false\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\nknight = -\nbishop = -\nrook = -\nflagPiece = *\nflagRegionWhite = *8\nflagRegionBlack = *1\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("reach flag_zone with Commoner | Pawn | Queen\n"),
        "{}",
        v.rules
    );
    piecewise::Game::compile(&v.rules).unwrap_or_else(|d| panic!("{d}\n{}", v.rules));
}
