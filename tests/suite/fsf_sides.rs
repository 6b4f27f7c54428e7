//! `import fsf` of what differs by side: Betza pieces that are not symmetric left to
//! right (Fairy-Stockfish turns the second side's moves round; `hlN`, `hrN`), and the
//! promotion keys that differ by side (`promotionPawnTypesBlack`,
//! `promotionPieceTypesBlack`, a `promotionRegionBlack` that is not the mirror image of
//! White's, items off the board), of `promotionLimit` on shogi-style promotions, and of
//! Fairy-Stockfish's en passant captures that never promote. Each section is checked
//! against pyffish 0.0.90's perft from its start position (load_variant_config, then
//! recursion over legal_moves) and its legal moves there.

use super::assert_complete_with_perft;
use piecewise::fsf;
use piecewise::Game;

const SECTIONS: &str = "\
[sides:chess]
customPiece1 = s:mfWcfF
customPiece2 = t:mNcK
promotionPawnTypesBlack = s
promotionPieceTypesBlack = t
startFen = rnbqkbnr/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1

[turned:chess]
promotionRegionWhite = g8 h8 h7
promotionRegionBlack = a1 a2 b1
startFen = 4k3/5P1P/8/8/8/8/p1p5/4K3 w - - 0 1

[offboard:chess]
maxRank = 8
maxFile = 10
startFen = rnbqkqbbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKQBBNR w - - 0 1
castling = false
promotionPieceTypes = r
promotionRegionWhite = *6 *7 *8 *9 *10
promotionRegionBlack = *5 *4 *3 *2 *1

[limits:crazyhouse]
promotionRegionWhite = *5 *6 *7 *8
promotionRegionBlack = *4 *3 *2 *1
promotionPieceTypes = -
promotedPieceType = p:c n:a f:q
commoner = c
archbishop = a
fers = f
promotionLimit = a:1 q:1
mandatoryPawnPromotion = false
startFen = r1bqk3/3pP3/8/1N2P3/8/8/8/2+F1K3[] b - - 0 1
";

fn legal(v: &fsf::Variant, moves: &[&str]) -> Vec<String> {
    let game = Game::compile(&v.rules).unwrap();
    let mut pos = game.start_position().unwrap();
    for m in moves {
        let mv = game.parse_uci(&pos, m).unwrap();
        game.play_move(&mut pos, &mv);
    }
    let mut out = game.legal_uci(&pos);
    out.sort();
    out
}

#[test]
fn promotion_keys_of_one_side_count_like_fairy_stockfish() {
    let want: &[(&str, [u64; 3], &[&str])] = &[
        (
            "sides",
            [20, 240, 5340],
            &[
                "zone absolute promotion_zone_white = rank 8\n",
                "promotion Pawn to Knight | Bishop | Rook | Queen in promotion_zone_white for first\n",
                "promotion Custom1 to Custom2 in promotion_zone_black for second\n",
            ],
        ),
        (
            "turned",
            [10, 50, 543],
            &[
                "zone absolute promotion_zone_black = a1 a2 b1\n",
                "in promotion_zone_black for second, not en passant\n",
            ],
        ),
        (
            "offboard",
            [24, 576, 15922],
            &["zone absolute promotion_zone_white = rank 6 rank 7 rank 8\n"],
        ),
        (
            "limits",
            [18, 632, 13573],
            &[
                "promotion Pawn to PromotedPawn in promotion_zone, optional, never forced, not en passant\n",
                "promotion Knight to PromotedKnight in promotion_zone, also leaving, optional, never forced, at most 1\n",
            ],
        ),
    ];
    let variants = fsf::import(SECTIONS, None).unwrap();
    assert_eq!(variants.len(), want.len());
    for (v, (name, counts, lines)) in variants.iter().zip(want) {
        assert_eq!(&v.name, name);
        for l in *lines {
            assert!(v.rules.contains(l), "{name}: no `{l}` in\n{}", v.rules);
        }
        assert_complete_with_perft(v, counts);
    }
    // The turned region: f7f8 is no promotion (f8 is not White's), h7h8 must promote.
    assert_eq!(
        legal(&variants[1], &[]),
        ["e1d2", "e1e2", "e1f1", "e1f2", "f7e8", "f7f8", "h7h8b", "h7h8n", "h7h8q", "h7h8r"]
    );
    // pyffish after d7d5: the en passant capture e5d6 lands in the zone and does not
    // promote; the Fers may not promote while the `+F` (a queen) stands; the Knight may.
    let after: Vec<String> = legal(&variants[3], &["d7d5"]);
    let pyffish = "b5a3 b5a3+ b5a7 b5a7+ b5c3 b5c3+ b5c7 b5c7+ b5d4 b5d4+ b5d6 b5d6+ \
        c1a1 c1a3 c1b1 c1b2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1d2 c1e3 c1f4 c1g5 \
        c1h6 e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6 e5e6+ e7d8 e7d8+";
    assert_eq!(after, pyffish.split_whitespace().collect::<Vec<_>>());
}

/// Pieces not symmetric left to right (Gethenian's and Bajr's kinds): the second side's
/// moves are the first's turned round, written `for second`.
const LOPSIDED: &str = "\
[lopsided:chess]
customPiece1 = a:lfrbB
customPiece2 = h:hrN
customPiece3 = s:mfrWcfF
startFen = 4k3/1s2a1h1/8/8/8/8/1S2A1H1/4K3 w - - 0 1
";

#[test]
fn lopsided_pieces_move_like_fairy_stockfish_for_both_sides() {
    let v = &fsf::import(LOPSIDED, None).unwrap()[0];
    for l in [
        "ride forward-left + backward-right, for first\n",
        "ride forward-right + backward-left, for second\n",
        "leap exactly (-2,1) + exactly (-1,-2) + exactly (1,2) + exactly (2,-1), for first\n",
    ] {
        assert!(v.rules.contains(l), "no `{l}` in\n{}", v.rules);
    }
    // pyffish 0.0.90: perft 1-4 from the start, and Black's moves after e1d1.
    assert_complete_with_perft(v, &[13, 144, 1963, 23783]);
    let pyffish = "b7a7 b7b6 e7d8 e7f6 e7g5 e7h4 e8d7 e8d8 e8f7 e8f8 g7f5";
    assert_eq!(
        legal(v, &["e1d1"]),
        pyffish.split_whitespace().collect::<Vec<_>>()
    );
}

/// A promoted face confined as the type it moves as (chak's promoted pawn), and
/// hoppers on limited riders (cannonshogi's `pB2`: the landing at most 2 cells away).
const FACES_AND_HOPS: &str = "\
[facecage:chess]
maxRank = 6
maxFile = 6
customPiece1 = w:FvW
promotionRegionWhite = *4 *5 *6
promotionRegionBlack = *3 *2 *1
promotionPieceTypes = -
promotedPieceType = n:w
mandatoryPiecePromotion = true
mobilityRegionWhiteCustomPiece1 = *4 *5 *6
mobilityRegionBlackCustomPiece1 = *3 *2 *1
castling = false
doubleStep = false
startFen = 2k3/6/1n4/1N4/6/2K3 w - - 0 1

[shorthop:chess]
customPiece1 = c:mRpRmFpB2
customPiece2 = d:pR3
startFen = 4k3/8/2p1p3/3C4/8/1P6/1D2P3/4K3 w - - 0 1
";

#[test]
fn confined_faces_and_short_hops_count_like_fairy_stockfish() {
    let variants = fsf::import(FACES_AND_HOPS, None).unwrap();
    let lines: [&[&str]; 2] = [
        &["confine Custom1 | PromotedKnight to custom1_region\n"],
        &[
            "    ride diagonal 1 via piece then ride same 1\n",
            "    ride orthogonal 2 via piece then ride same 1\n",
        ],
    ];
    // pyffish 0.0.90: perft 1-4 from the start.
    let counts: [&[u64]; 2] = [&[9, 76, 647, 5687], &[27, 192, 4504, 34209]];
    for ((v, lines), counts) in variants.iter().zip(lines).zip(counts) {
        for l in lines {
            assert!(v.rules.contains(l), "{}: no `{l}` in\n{}", v.name, v.rules);
        }
        assert_complete_with_perft(v, counts);
    }
}

/// A soldier promoting by both `promotionPieceTypes` (its pawn types named) and
/// `promotedPieceType` (elgam), and a lame (1,3) leap, which Fairy-Stockfish gives no
/// moves.
const BOTH_WAYS: &str = "\
[bothways:chess]
maxRank = 6
maxFile = 6
customPiece1 = o:nCW
customPiece2 = w:W
soldier = s
pawnTypes = s
promotionPawnTypes = s
promotionPieceTypes = w
promotedPieceType = s:w
mandatoryPawnPromotion = true
promotionRegionWhite = *6
promotionRegionBlack = *1
castling = false
doubleStep = false
startFen = 2k3/S5/1o4/6/3s2/2K3 w - - 0 1
";

#[test]
fn a_soldier_promotes_both_ways_like_fairy_stockfish() {
    let v = &fsf::import(BOTH_WAYS, None).unwrap()[0];
    for l in [
        "promotion Soldier to Custom2 in promotion_zone\n",
        "promotion Soldier to PromotedSoldier in promotion_zone, also leaving",
        "piece Custom1 (O) { step orthogonal }\n",
    ] {
        assert!(v.rules.contains(l), "no `{l}` in\n{}", v.rules);
    }
    // pyffish 0.0.90: perft 1-4, and the start's moves (a5a6 promotes, both ways).
    assert_complete_with_perft(v, &[6, 67, 443, 4629]);
    assert_eq!(
        legal(v, &[]),
        ["a5a6+", "a5a6w", "a5b5", "c1b1", "c1b2", "c1d2"]
    );
}

/// Custom pawns' en passant (allwayspawns: `pawnTypes = p`, `fceF`), none at all with
/// `enPassantRegion = -` (nuclear), and a hopper that Fairy-Stockfish never counts as
/// immobile (cannonshogi: dropped and promoting anywhere).
const PAWNS_AND_HOPPERS: &str = "\
[custompawn:chess]
pawn = -
customPiece1 = p:mWfceFifmnD
pawnTypes = p
startFen = 4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1

[noep:chess]
pawn = -
customPiece1 = p:fmWfceFifmnD
pawnTypes = p
enPassantRegion = -
startFen = 4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1

[hopdrop:crazyhouse]
customPiece1 = a:pR
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotedPieceType = a:q
promotionPieceTypes = -
immobilityIllegal = true
startFen = 4k3/8/8/A7/8/8/8/4K3[Aa] w - - 0 1
";

#[test]
fn custom_pawns_and_hoppers_count_like_fairy_stockfish() {
    let variants = fsf::import(PAWNS_AND_HOPPERS, None).unwrap();
    // pyffish 0.0.90: perft 1-3 from the start.
    let counts: [&[u64]; 3] = [&[9, 82, 710], &[6, 37, 254], &[66, 4271, 54864]];
    for (v, counts) in variants.iter().zip(counts) {
        assert_complete_with_perft(v, counts);
    }
    assert!(variants[0].rules.contains("en passant Custom1\n"));
    assert!(!variants[1].rules.contains("en passant"));
    // pyffish after d7d5: e5d6 takes en passant; not where no cell is ever open.
    let custom = legal(&variants[0], &["d7d5"]);
    let want = "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e4 e5e6 e5f5";
    assert_eq!(custom, want.split_whitespace().collect::<Vec<_>>());
    let none = legal(&variants[1], &["d7d5"]);
    assert_eq!(none, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5e6"]);
}
