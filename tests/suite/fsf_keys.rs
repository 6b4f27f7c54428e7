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
            &["in promotion_zone, optional, only captured\n"],
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
