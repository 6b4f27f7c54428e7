//! Sections of Fairy-Stockfish's variants.ini won by branch `inib` (issue 31 item 3):
//! the flag keys (`flagPiece` defaulting to every piece, `flagPieceBlockedWin`,
//! `flagPieceSafe` with `flagMove`), the pawn's triple step, blasts into the hands, `pawnTypes` promoting, and
//! mobility regions for one side or not mirror images (`confine ... for first|second`). Each section is
//! imported from its own text (the keys as the ini has them), checked complete, and
//! counted or judged as pyffish 0.0.90 does (figures measured with pyffish, written here).

use super::assert_complete_with_perft_from;
use piecewise::fsf;
use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;
use piecewise::Game;

const SECTIONS: &str = "
[rooksquare:chess]
flagRegionWhite = a8 h8
flagRegionBlack = a1 h1

[squatter:chess]
flagRegionWhite = *8
flagRegionBlack = *1
flagPieceSafe = true

[kono]
maxRank = 5
maxFile = e
customPiece1 = p:mF
startFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1
flagPiece = p
flagRegionWhite = a5 b5 c5 d5 e5 a4 e4
flagRegionBlack = a1 b1 c1 d1 e1 a2 e2
flagPieceCount = 7
flagPieceBlockedWin = true
nFoldRule = 0
nMoveRule = 0

[alapo:chess]
pieceToCharTable = ..BRQ.........FW.....K..brq.........fw.....k
maxRank = 6
maxFile = f
wazir = w
fers = f
king = -
commoner = k
startFen = rbqqbr/wfkkfw/6/6/WFKKFW/RBQQBR
flagRegionWhite = *6
flagRegionBlack = *1
flagPieceSafe = true
flagMove = true
stalemateValue = loss
nMoveRule = 0
nFoldRule = 0

[wildebeest:chess]
maxRank = 10
maxFile = k
customPiece1 = c:C
customPiece2 = w:NC
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *9 *8
tripleStepRegionWhite = *2
tripleStepRegionBlack = *9
pieceToCharTable = PNBRQ.......C....WKpnbrq.......c....wk
startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1
promotionPieceTypes = qw
promotionRegionWhite = *9 *10
promotionRegionBlack = *2 *1
mandatoryPawnPromotion = false
castling = false

[atomiczh:atomic]
dropChecks = false
pieceDrops = true
capturesToHand = true
pocketSize = 6
castling = false

[xhess:chess]
pieceToCharTable = HNBRQ......CI........Khnbrq......ci........k
maxRank = 10
maxFile = j
promotionRegionWhite = *10
promotionPieceTypes = nbrqci
flagPiece = k
flagRegionWhite = *10
flagRegionBlack = *1
pawnTypes = h
cannon = c
customPiece1 = i:NN
customPiece2 = h:mfWcfFfhmnN
startFen = r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R

[crowdedxiangqi:xiangqi]
pieceToCharTable = .N.R.ABP.K.C...........n.r.abp.k.c..........
maxRank = 5
startFen = rnbakabnr/pcp1p1pcp/9/PCP1P1PCP/RNBAKABNR w - - 0 1
mobilityRegionBlackKing = d3 e3 f3 d4 e4 f4 d5 e5 f5
mobilityRegionBlackFers = d3 e3 f3 d4 e4 f4 d5 e5 f5
mobilityRegionBlackElephant = *1 *2 *3 *4 *5
soldierPromotionRank = 4

[buffalo]
pieceToCharTable = B...D................Cb...d................c
maxRank = 7
maxFile = k
customPiece1 = b:mfW
customPiece2 = c:K
customPiece3 = d:mQ
startFen = bbbbbbbbbbb/11/11/11/11/3DDCDD3/11 w - - 0 1
flagPiece = b
flagRegionBlack = *1
mobilityRegionWhiteCustomPiece2 = *2 *3 *4 *5 *6
mobilityRegionWhiteCustomPiece3 = *2 *3 *4 *5 *6
stalemateValue = loss
";

fn variant(name: &str) -> fsf::Variant {
    let v = fsf::import(SECTIONS, Some(name)).unwrap().remove(0);
    assert_eq!(v.name, name);
    v
}

fn compiled(v: &fsf::Variant) -> Game {
    Game::compile(&v.rules).unwrap_or_else(|d| panic!("{}", d.render("x.rules", &v.rules, false)))
}

/// The result of `fen` in `v`, and its legal moves.
fn judged(v: &fsf::Variant, fen: &str) -> (Option<GameResult>, usize) {
    let game = compiled(v);
    let pos = game.position(fen).unwrap();
    (game.result(&pos), game.legal_uci(&pos).len())
}

fn win(side: Side) -> Option<GameResult> {
    Some(GameResult::for_side(
        side,
        piecewise::ir::Outcome::Win,
        EndReason::Reach,
    ))
}

#[test]
fn a_flag_region_without_a_flag_piece_counts_every_piece() {
    for name in ["rooksquare", "squatter"] {
        let v = variant(name);
        assert!(v.rules.contains("reach flag_zone with "), "{}", v.rules);
        assert_complete_with_perft_from(&v, None, &[20, 400, 8902]);
    }
    // A black knight on h1 (pyffish: over, -32000 for white to move).
    let (end, moves) = judged(
        &variant("rooksquare"),
        "r1b1k2r/p2p1p1p/npp1pq2/6N1/Pb2P3/BPPP3N/6PP/1R1QKB1n w kq - 0 12",
    );
    assert_eq!((end, moves), (win(Side::Second), 0));
    // A white queen on a8 that no black piece attacks (pyffish: over, -32000 for black).
    let (end, moves) = judged(
        &variant("squatter"),
        "Qbb1k2r/3p3n/6qp/2BPpP2/1pP2Pp1/2R3PR/5K2/1N3BN1 b - - 0 26",
    );
    assert_eq!((end, moves), (win(Side::First), 0));
}

#[test]
fn kono_wins_by_a_full_region() {
    let v = variant("kono");
    assert!(v.rules.contains(", count 7, full\n"), "{}", v.rules);
    assert_complete_with_perft_from(&v, None, &[8, 62, 564, 4904]);
    // Black's region full, two black pawns in it (pyffish: over, -32000 for white).
    let (end, moves) = judged(&v, "p2pp/2p2/P2p1/p1P1P/PPpPP w - - 60 31");
    assert_eq!((end, moves), (win(Side::Second), 0));
}

#[test]
fn alapo_wins_by_a_safe_arrival_or_a_held_one() {
    let v = variant("alapo");
    assert!(v.rules.contains(", safe, held\n"), "{}", v.rules);
    assert_complete_with_perft_from(&v, None, &[12, 144, 2704]);
    // Held: black to move with a piece on rank 1 (pyffish: over, +32000 for black).
    for fen in [
        "r1qqbr/wfFkf1/1k3w/5F/W1KKQ1/RBQ1bR b - - 1 5",
        "rbq2r/wfkqfw/6/F2FW1/2K1K1/RbQQBR b - - 1 10",
    ] {
        assert_eq!(judged(&v, fen), (win(Side::Second), 0), "{fen}");
    }
    // Safe: black's queen on b1 that no white piece attacks (pyffish: over, -32000 for
    // white to move).
    let fen = "r5/5w/W1F3/Fq1R1B/5f/2B1b1 w - - 0 37";
    assert_eq!(judged(&v, fen), (win(Side::Second), 0));
}

#[test]
fn wildebeest_pawns_step_three_and_are_taken_in_passing() {
    let v = variant("wildebeest");
    assert!(
        v.rules
            .contains("ride forward 3, move only, from triple_step, en passant"),
        "{}",
        v.rules
    );
    assert_complete_with_perft_from(&v, None, &[45, 2025]);
    // After c2c5 a9a8 c5c6 d9d6: 47 moves, c6d7 en passant among them; perft 2 2020.
    let game = compiled(&v);
    let start = game.start_position().unwrap();
    let line = game
        .line_from_uci(&game.fen(&start), &["c2c5", "a9a8", "c5c6", "d9d6"])
        .unwrap();
    let moves = game.legal_uci(line.position());
    assert_eq!(moves.len(), 47);
    assert!(moves.contains(&"c6d7".to_string()), "{moves:?}");
    assert_eq!(game.perft(line.position(), 2), 2020);
    // Fairy-Stockfish's FEN of it names d7; the passed cells alone (`d7d8`) read too.
    let fen = "rnccwkqbbnr/1pp1ppppppp/p10/11/2Pp7/11/11/11/PP1PPPPPPPP/RNBBQKWCCNR w - d7 0 3";
    assert_complete_with_perft_from(&v, Some(fen), &[47, 2020]);
    let fen = "rnccwkqbbnr/1pp1ppppppp/p10/11/2Pp7/11/11/11/PP1PPPPPPPP/RNBBQKWCCNR w - d7d8 0 3";
    assert_complete_with_perft_from(&v, Some(fen), &[47, 2020]);
}

#[test]
fn atomic_crazyhouse_blasts_pieces_into_the_other_hand() {
    let v = variant("atomiczh");
    assert!(
        v.rules
            .contains("explode on capture, sparing Pawn, to hand\n"),
        "{}",
        v.rules
    );
    assert_complete_with_perft_from(&v, None, &[20, 400, 8902]);
    // Black's b7 pawn takes the queen on c6: the queen goes to black's hand, the pawn
    // that blew up with it to white's (pyffish: `[Pq]`, 54 moves, perft 2 3094).
    let game = compiled(&v);
    let start = game.start_position().unwrap();
    let line = "h2h3 g8h6 g2g3 h6g4 h1h2 f7f5 c2c3 c7c5 e2e3 a7a6 c3c4 g7g5 d1a4 f5f4 d2d3 \
                g4h6 b1d2 h6g8 a4c6 a8a7 a2a3 b7c6";
    let moves: Vec<&str> = line.split_whitespace().collect();
    let line = game.line_from_uci(&game.fen(&start), &moves).unwrap();
    let legal = game.legal_uci(line.position());
    assert_eq!(legal.len(), 54);
    assert!(legal.contains(&"P@g6".to_string()), "{legal:?}");
    assert_eq!(game.perft(line.position(), 2), 3094);
    let fen = "1nbqkbnr/r2pp2p/p7/2p3p1/2P2p2/P2PP1PP/1P1N1P1R/R1B1KBN1[Pq] w - - 0 12";
    assert_complete_with_perft_from(&v, Some(fen), &[54, 3094]);
}

#[test]
fn pawn_types_promote() {
    let v = variant("xhess");
    assert!(v.rules.contains("promotion Custom2 to "), "{}", v.rules);
    assert_complete_with_perft_from(&v, None, &[80, 6280]);
    // The custom pawn on j9 promotes by its quiet knight-like moves too (pyffish: 95
    // moves, 12 of them j9h10 and j9j10 with a choice; perft 2 7577).
    let fen =
        "br1k2r3/5qCI1H/hc7h/1h1hnh4/1bhi2hh1i/1H1Hh5/2H1HHHH2/H1B2I1B1H/1C2KQN3/R4N3R w - - 1 16";
    let game = compiled(&v);
    let legal = game.legal_uci(&game.position(fen).unwrap());
    let j9: Vec<&String> = legal.iter().filter(|m| m.starts_with("j9")).collect();
    assert_eq!(j9.len(), 12, "{j9:?}");
    assert!(legal.contains(&"j9h10i".to_string()), "{legal:?}");
    assert_complete_with_perft_from(&v, Some(fen), &[95, 7577]);
}

#[test]
fn mobility_regions_per_side_confine_one_side() {
    // Crowded Xiangqi: the advisors' regions are no mirror images; Buffalo: the dogs'
    // and the chief's are White's only. Perft 1-3 as pyffish counts them.
    for (name, lines, counts) in [
        (
            "crowdedxiangqi",
            &[
                "confine Fers to fers_first for first\n",
                "confine Fers to fers_second for second\n",
            ][..],
            [11u64, 119, 1586],
        ),
        (
            "buffalo",
            &["confine Custom2 to custom2_first for first\n"][..],
            [55, 595, 35998],
        ),
    ] {
        let v = variant(name);
        for l in lines {
            assert!(v.rules.contains(l), "{name}: no `{l}` in\n{}", v.rules);
        }
        assert_complete_with_perft_from(&v, None, &counts);
    }
}

#[test]
fn a_confinement_for_one_side_leaves_the_other_free() {
    let rules = "board square 3x3\nstart \"k2/3/K2 w - - 0 1\"\nzone low = rank 1\n\
                 confine King to low for first\npiece King (K) { step any }\n";
    let game = Game::compile(rules).unwrap();
    let white = game.position("k2/3/K2 w - - 0 1").unwrap();
    assert_eq!(game.legal_uci(&white), ["a1b1"]);
    // The second side's king is not confined: it steps down the board too.
    let black = game.position("k2/3/K2 b - - 0 1").unwrap();
    assert_eq!(game.legal_uci(&black).len(), 3);
    // `for second` confines the other side (its zone mirrored): rank 3 for it.
    let rules = rules.replace("for first", "for second");
    let game = Game::compile(&rules).unwrap();
    assert_eq!(
        game.legal_uci(&game.position("k2/3/K2 b - - 0 1").unwrap()),
        ["a3b3"]
    );
    assert_eq!(
        game.legal_uci(&game.position("k2/3/K2 w - - 0 1").unwrap())
            .len(),
        3
    );
}

#[test]
fn a_drop_line_for_one_side_restricts_only_its_drops() {
    // Stardust's drop regions are no mirror images: one absolute zone and one drop line
    // per side (the section still differs: its pseudo-royal types start several times).
    let ini = "[halves:chess]\npieceDrops = true\ncapturesToHand = true\n\
               dropRegionWhite = *1 *2 *3 *4\ndropRegionBlack = *1 *2 *3 *4\n";
    let v = fsf::import(ini, Some("halves")).unwrap().remove(0);
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules.contains(", for first\n") && v.rules.contains(", for second\n"),
        "{}",
        v.rules
    );
    let game = compiled(&v);
    // Both sides drop their knight on ranks 1-4 only: empty cells there, a3-h4 (16)
    // for White; for Black, a3-h4 as well, and nowhere on ranks 5-6.
    let fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 1";
    let drops = |fen: &str| -> Vec<String> {
        let pos = game.position(fen).unwrap();
        game.legal_uci(&pos)
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect()
    };
    let white = drops(fen);
    assert_eq!(white.len(), 16 + 1, "{white:?}"); // g1 too
    assert!(white.iter().all(|m| m[3..].parse::<u8>().unwrap() <= 4));
    let black = drops(&fen.replace(" w ", " b "));
    assert!(
        black.iter().all(|m| m[3..].parse::<u8>().unwrap() <= 4),
        "{black:?}"
    );
    assert_eq!(black.len(), 16 + 1, "{black:?}"); // g1 too
}
