//! Side changes: the changes a move makes to pieces besides its mover
//! ([`SideChange`]: a piece displaced, a piece put in place — demoted, promoted,
//! brought back or removed), made and unmade with the move, written in its UCI text
//! after `/`, and the first rule that plays them: the syzygy's demotion
//! (`alignment ..., demote KINDS to PIECE`, docs/language.md "Alignments").

use piecewise::game::{GameMove, GamePosition, SideChange};
use piecewise::ids::Side;
use piecewise::Game;

/// A Knight entering the line of two Stones may demote its side's other pieces on it.
const STONES: &str = "board square 8x8
piece King (K) { step any }
piece Knight (N) { leap (1,2) }
piece Rook (R) { ride orthogonal }
piece Pawn (P) { step forward }
piece Stone (S) { }
royal King
neutral Stone
alignment Stone | Knight, entered by Knight, demote not King | Pawn to Pawn
";

/// The same game without the demotion.
fn without_demotion() -> String {
    STONES.replace(", demote not King | Pawn to Pawn", "")
}

/// The Stones a4 and h4, the light Knight b3 (it enters their rank on d4), the light
/// Knight c4 and Rook e4 on the rank (which it may demote), the King e1, the dark
/// King and Rook.
const FEN: &str = "7k/8/8/r7/*1N1R2*/1N6/8/4K3 w - - 0 1";

fn compile(src: &str) -> Game {
    Game::compile_at(src, None).expect("compiles")
}

fn uci_texts(g: &Game, pos: &GamePosition) -> Vec<String> {
    let moves = g.legal_moves(pos);
    g.uci_list(&moves)
}

/// `make` then `unmake` of `m` restores `pos` (its FEN and hash); the position made
/// has the hash of the same position read from its FEN.
fn round_trip(g: &Game, pos: &mut GamePosition, m: &GameMove) -> String {
    let (fen, hash) = (g.fen(pos), pos.hash());
    let undo = g.make(pos, m);
    let after = g.fen(pos);
    let fresh = g.position(&after).unwrap();
    assert_eq!(pos.hash(), fresh.hash(), "{} after {}", after, g.uci(m));
    g.unmake(pos, undo);
    assert_eq!(g.fen(pos), fen);
    assert_eq!(pos.hash(), hash);
    after
}

/// The Knight b3's move to d4 enters the Stones' line: beside the move itself, the
/// legal moves hold it demoting the Knight c4 and the Rook e4 (not the King e1, not
/// on the line; not the Pawn kind), written `b3d4/c4=P`, `b3d4/e4=P`; a move onto no
/// line (b3-a1) demotes nothing; made, the piece is a Pawn, unmade, the position and
/// hash are back.
#[test]
fn a_move_entering_a_syzygy_demotes_as_a_side_change() {
    let g = compile(STONES);
    let mut pos = g.position(FEN).unwrap();
    let texts = uci_texts(&g, &pos);
    for t in ["b3d4", "b3d4/c4=P", "b3d4/e4=P", "b3a1"] {
        assert!(texts.iter().any(|x| x == t), "{t} not in {texts:?}");
    }
    assert!(!texts.iter().any(|x| x.starts_with("b3a1/")), "{texts:?}");
    assert!(!texts.iter().any(|x| x.contains("e1=")), "{texts:?}");
    let m = g.parse_uci(&pos, "b3d4/e4=P").expect("parses back");
    let cell = |n: &str| g.rules().cell(n).unwrap();
    assert_eq!(
        m.side_changes().collect::<Vec<_>>(),
        [SideChange::Put {
            cell: cell("e4"),
            piece: Some((Side::First, g.rules().piece("Pawn").unwrap())),
        }]
    );
    let after = round_trip(&g, &mut pos, &m);
    assert!(after.starts_with("7k/8/8/r7/*1NNP2*/8/8/4K3 b"), "{after}");
}

/// Perft with the demotions, two ways: the game's count, and the count of the same
/// game without `demote` plus, at the root, the demotions each move entering allows
/// ([`Game::demotions`]) — at depth 1 and, through every root move, depth 2.
#[test]
fn perft_counts_the_demotions() {
    let g = compile(STONES);
    let plain = compile(&without_demotion());
    let mut pos = g.position(FEN).unwrap();
    let extra = |pos: &GamePosition| -> u64 {
        plain
            .legal_moves(pos)
            .iter()
            .filter(|m| !m.is_capture())
            .map(|m| g.demotions(pos, pos.side_to_move(), m.from, m.to).len() as u64)
            .sum()
    };
    let one = plain.perft(&plain.position(FEN).unwrap(), 1) + extra(&pos);
    assert_eq!(g.perft(&pos, 1), one);
    assert!(extra(&pos) >= 2);
    // Depth 2: every root move made, its replies counted by the game without
    // demotion plus their demotions.
    let mut two = 0;
    for m in g.legal_moves(&pos) {
        let undo = g.make(&mut pos, &m);
        let child = plain.position(&g.fen(&pos)).unwrap();
        two += plain.perft(&child, 1) + extra(&pos);
        g.unmake(&mut pos, undo);
    }
    assert_eq!(g.perft(&pos, 2), two);
}

/// Displacements and puts on a move of a game's own list: made in order after the
/// mover (a row pushed: b3 to b4 to b5), a piece put in place, a piece brought back on
/// an empty cell, a piece removed; the UCI text lists them; unmade, the position and
/// hash are back.
#[test]
fn side_changes_make_and_unmake_in_order() {
    let g = compile(&without_demotion());
    let mut pos = g.position("7k/8/8/r7/*1N1R2*/1N6/8/4K3 w - - 0 1").unwrap();
    let cell = |n: &str| g.rules().cell(n).unwrap();
    let pawn = g.rules().piece("Pawn").unwrap();
    let rook = g.rules().piece("Rook").unwrap();
    let mut m = g
        .legal_moves(&pos)
        .into_iter()
        .find(|m| g.uci(m) == "e1d1")
        .unwrap();
    // The Knight c4 pushed up twice: c4 to c5, then c5 to c6 (a row's second piece
    // would come from where the first left).
    for (from, to) in [("c4", "c5"), ("c5", "c6")] {
        assert!(m.push_side_change(SideChange::Displace {
            from: cell(from),
            to: cell(to),
        }));
    }
    assert!(m.push_side_change(SideChange::Put {
        cell: cell("e4"),
        piece: Some((Side::First, pawn)),
    }));
    assert!(m.push_side_change(SideChange::Put {
        cell: cell("g7"),
        piece: Some((Side::Second, rook)),
    }));
    assert!(m.push_side_change(SideChange::Put {
        cell: cell("a5"),
        piece: None,
    }));
    assert_eq!(g.uci(&m), "e1d1/c4c5/c5c6/e4=P/g7=r/a5=-");
    let after = round_trip(&g, &mut pos, &m);
    assert!(
        after.starts_with("7k/6r1/2N5/8/*3P2*/1N6/8/3K4 b"),
        "{after}"
    );
    // A move holds at most MAX_SIDE_CHANGES.
    for c in ["h1", "h2", "h3"] {
        assert!(m.push_side_change(SideChange::Put {
            cell: cell(c),
            piece: None,
        }));
    }
    assert_eq!(m.side_changes().count(), piecewise::game::MAX_SIDE_CHANGES);
    assert!(!m.push_side_change(SideChange::Put {
        cell: cell("h5"),
        piece: None,
    }));
}

/// Discovery's start (`rules/croatian-discovery.rules`): the Monoliths' steps into a
/// syzygy are each a move bare and a move per demotion [`Game::demotions`] allows; the
/// legal moves with a side change are exactly those, and perft 1 counts them.
#[test]
fn discoverys_start_offers_its_demotions() {
    let g = crate::common::game("croatian-discovery");
    let mut pos = g.start_position().expect("a start position");
    let moves = g.legal_moves(&pos);
    let side = pos.side_to_move();
    let bare: Vec<&GameMove> = moves
        .iter()
        .filter(|m| m.side_changes().next().is_none())
        .collect();
    let demotions: usize = bare
        .iter()
        .map(|m| g.demotions(&pos, side, m.from, m.to).len())
        .sum();
    assert!(demotions > 0);
    assert_eq!(moves.len() - bare.len(), demotions);
    assert_eq!(g.perft(&pos, 1), moves.len() as u64);
    for m in moves.iter().filter(|m| m.side_changes().next().is_some()) {
        round_trip(&g, &mut pos, m);
    }
}
