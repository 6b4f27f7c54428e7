//! Activation and cascading plies (`activate`, `relay`): exact legal moves of
//! hand-made positions of `rules/activation.rules`, FENs after `play` read back,
//! make/unmake restoring position and hash, the cascade limit, move lists and perft
//! against an independent brute-force generator written here from the rules' text
//! (docs/language.md, "Activation"), the path trees of a cascade, the table bits and
//! every diagnostic.

use crate::common;

use crate::common::words;
use common::{legal, play};
use piecewise::game::GamePosition;
use piecewise::ids::{PieceId, Side};
use piecewise::pipeline::Limits;
use piecewise::table::{Node, MEET_ACTIONS, MEET_ACTIVATE};
use piecewise::Game;
use std::collections::BTreeSet;

fn activation() -> Game {
    common::game("activation")
}

// ---------------------------------------------------------------- exact moves

#[test]
fn a_rook_activates_a_wave_that_moves_as_a_rook_and_never_captures() {
    let g = activation();
    // The Wave on b1, activated by the Rook from a1, rides as a rook from b1: back to
    // a1 (empty now), right up to the King, up the b-file; never onto the black rook
    // on b6 (a relay `move only`), which the Rook itself may not reach.
    assert_eq!(
        legal(&g, "7k/8/1r6/8/8/8/8/RW5K w - - 0 1"),
        words(
            "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 \
             a1b1>a1 a1b1>b2 a1b1>b3 a1b1>b4 a1b1>b5 \
             a1b1>c1 a1b1>d1 a1b1>e1 a1b1>f1 a1b1>g1 \
             h1g1 h1g2 h1h2"
        )
    );
}

#[test]
fn a_wave_relays_to_the_next_wave_and_moved_pieces_are_not_met_again() {
    let g = activation();
    // Rook a1 activates the Wave on b1, which (as a rook) activates the Wave on b2,
    // which rides as a rook from b2 — but not down to b1, where the Rook now stands.
    let moves = legal(&g, "7k/8/8/8/8/8/1W6/RW5K w - - 0 1");
    let cascades: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1b1>b2>")).collect();
    assert_eq!(
        cascades,
        words(
            "a1b1>b2>a2 a1b1>b2>c2 a1b1>b2>d2 a1b1>b2>e2 a1b1>b2>f2 a1b1>b2>g2 a1b1>b2>h2 \
             a1b1>b2>b3 a1b1>b2>b4 a1b1>b2>b5 a1b1>b2>b6 a1b1>b2>b7 a1b1>b2>b8"
        )
        .iter()
        .collect::<Vec<_>>()
    );
    // A Wave whose only ply would activate does not end the move there.
    assert!(!moves.contains(&"a1b1>b2".to_string()));
    assert!(moves.contains(&"a1b1>a1".to_string()));
}

#[test]
fn a_herald_hands_the_move_to_a_piece_that_moves_as_itself() {
    let g = activation();
    // The Herald on b1 steps (never capturing) or activates the Knight on a1, which
    // then leaps as a knight from a1, capturing the black pawn on c2; never the King.
    assert_eq!(
        legal(&g, "7k/8/8/8/8/8/2p5/NH5K w - - 0 1"),
        words(
            "a1b3 a1c2 b1a1>b3 b1a1>c2 b1a2 b1b2 b1c1 \
             h1g1 h1g2 h1h2"
        )
    );
}

#[test]
fn the_royal_test_runs_after_the_whole_cascade() {
    let g = activation();
    // The Herald on b1 shields the King on a1 from the black rook on h1. Activating
    // the Knight on a2 takes the Herald off the rank: only the cascade whose Knight
    // lands back on it (c1) is legal. So is the Herald's own step along it.
    let moves = legal(&g, "7k/8/8/8/8/8/N7/KH5r w - - 0 1");
    assert!(moves.contains(&"b1a2>c1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"b1a2>b4".to_string()));
    assert!(!moves.contains(&"b1a2>c3".to_string()));
    assert!(moves.contains(&"b1c1".to_string()));
    assert!(!moves.contains(&"b1b2".to_string()));
}

#[test]
fn play_writes_a_fen_that_reads_back() {
    let g = activation();
    assert_eq!(
        play(&g, "7k/8/8/8/8/8/1W6/RW5K w - - 0 1", &["a1b1>b2>h2"]),
        "7k/8/8/8/8/8/1W5W/1R5K b - - 1 1"
    );
    // A cascade that captures resets the halfmove clock.
    assert_eq!(
        play(&g, "7k/8/8/8/8/8/2p5/NH5K w - - 7 9", &["b1a1>c2", "h8g8"]),
        "6k1/8/8/8/8/8/2N5/H6K w - - 1 10"
    );
    let start = g.start_position().unwrap();
    let fen = g.fen(&start);
    assert_eq!(
        play(&g, &fen, &["e2e3", "e7e6", "f1f2>f3"]),
        "rnbwkhnr/pppp1ppp/4p3/8/8/4PP2/PPPP1HPP/RNBWK1NR b - - 3 2"
    );
}

#[test]
fn make_and_unmake_restore_position_and_hash() {
    let g = activation();
    for fen in [
        "rnbwkhnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWKHNR w - - 0 1",
        "7k/8/8/8/8/8/1W6/RW5K w - - 0 1",
        "r6k/8/8/8/8/8/R7/KH6 w - - 0 1",
        "7k/2w5/8/1n6/8/3H4/1W1N4/R6K w - - 0 1",
    ] {
        let moves = common::make_unmake_round_trip(&g, fen);
        assert!(moves.iter().any(|m| !m.cascade().is_empty()), "{fen}");
    }
}

#[test]
fn the_cascade_limit_cuts_longer_moves() {
    let src = common::rules_source("activation");
    let fen = "7k/8/8/8/8/8/WW6/RW5K w - - 0 1";
    let plies = |limit: usize| -> usize {
        let limits = Limits {
            cascade_plies: limit,
            ..Limits::default()
        };
        let g = Game::compile_limited(&src, None, None, &limits).unwrap();
        let pos = g.position(fen).unwrap();
        g.legal_moves(&pos)
            .iter()
            .map(|m| m.cascade().len() + 1)
            .max()
            .unwrap()
    };
    // a1 activates b1, which activates b2, which activates a2: four plies at most.
    assert_eq!(plies(4), 4);
    assert_eq!(plies(3), 3);
    assert_eq!(plies(2), 2);
    assert_eq!(plies(1), 1);
    assert_eq!(
        plies(99),
        4,
        "a move of this position has four plies at most"
    );
}

// ---------------------------------------------------------------- brute force

/// A board of the activation game for the brute-force generator: per cell (a1 = 0,
/// b1 = 1, ...) the piece letter, upper case white.
type Board = [Option<char>; 64];

fn parse(fen: &str) -> (Board, bool) {
    let mut b = [None; 64];
    let mut parts = fen.split(' ');
    for (r, row) in parts.next().unwrap().split('/').enumerate() {
        let mut f = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                f += d as usize;
            } else {
                b[(7 - r) * 8 + f] = Some(ch);
                f += 1;
            }
        }
    }
    (b, parts.next() == Some("w"))
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
}

fn white(p: char) -> bool {
    p.is_ascii_uppercase()
}

fn offset(c: usize, dx: i32, dy: i32) -> Option<usize> {
    let (x, y) = ((c % 8) as i32 + dx, (c / 8) as i32 + dy);
    ((0..8).contains(&x) && (0..8).contains(&y)).then(|| (y * 8 + x) as usize)
}

#[derive(Clone, Copy, PartialEq)]
enum End {
    Quiet,
    Capture,
    Activate,
}

const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The ends of one ply of a piece of side `w` walking with the patterns of `kind`
/// (upper case) from `from`, read off the rules text by hand.
fn ends(b: &Board, w: bool, kind: char, from: usize) -> Vec<(usize, End)> {
    let mut out = Vec::new();
    let land =
        |t: usize, activates: &dyn Fn(char) -> bool, capture: bool, out: &mut Vec<_>| match b[t] {
            None => out.push((t, End::Quiet)),
            Some(p) if white(p) != w => {
                if capture {
                    out.push((t, End::Capture))
                }
            }
            Some(p) => {
                if activates(p.to_ascii_uppercase()) {
                    out.push((t, End::Activate))
                }
            }
        };
    let wave = |p: char| p == 'W';
    match kind {
        'K' => {
            for (dx, dy) in KING {
                if let Some(t) = offset(from, dx, dy) {
                    land(t, &|_| false, true, &mut out);
                }
            }
        }
        'H' => {
            for (dx, dy) in KING {
                if let Some(t) = offset(from, dx, dy) {
                    land(t, &|p| p != 'K', false, &mut out);
                }
            }
        }
        'N' => {
            for (dx, dy) in KNIGHT {
                if let Some(t) = offset(from, dx, dy) {
                    land(t, &wave, true, &mut out);
                }
            }
        }
        'R' | 'B' => {
            let dirs: &[(i32, i32)] = if kind == 'R' {
                &[(1, 0), (0, 1), (-1, 0), (0, -1)]
            } else {
                &[(1, 1), (-1, 1), (-1, -1), (1, -1)]
            };
            for &(dx, dy) in dirs {
                let mut c = from;
                while let Some(t) = offset(c, dx, dy) {
                    land(t, &wave, true, &mut out);
                    if b[t].is_some() {
                        break;
                    }
                    c = t;
                }
            }
        }
        'P' => {
            let dy = if w { 1 } else { -1 };
            if let Some(t) = offset(from, 0, dy) {
                if b[t].is_none() {
                    out.push((t, End::Quiet));
                }
            }
            for dx in [-1, 1] {
                if let Some(t) = offset(from, dx, dy) {
                    if b[t].is_some_and(|p| white(p) != w) {
                        out.push((t, End::Capture));
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// A brute-force move: the chain of cells (start, then each ply's end).
type Chain = Vec<usize>;

fn moves(b: &Board, w: bool) -> Vec<Chain> {
    let mut out = Vec::new();
    for from in 0..64 {
        let Some(p) = b[from] else { continue };
        if white(p) != w {
            continue;
        }
        let kind = p.to_ascii_uppercase();
        let mut after = *b;
        after[from] = None;
        for (to, end) in ends(b, w, kind, from) {
            match end {
                End::Activate => cascade(&after, vec![from, to], p, kind, &mut out),
                _ => out.push(vec![from, to]),
            }
        }
    }
    out
}

/// The moves completing `chain`, whose last ply (made by `activator` with the
/// patterns of `walked`) activates the piece on its last cell.
fn cascade(b: &Board, chain: Chain, activator: char, walked: char, out: &mut Vec<Chain>) {
    let at = *chain.last().unwrap();
    let piece = b[at].unwrap();
    let w = white(piece);
    let relay = piece.eq_ignore_ascii_case(&'W');
    let kind = if relay {
        walked
    } else {
        piece.to_ascii_uppercase()
    };
    let mut board = *b;
    board[at] = Some(activator);
    for (to, end) in ends(&board, w, kind, at) {
        if chain[1..].contains(&to) || (relay && end == End::Capture) {
            continue;
        }
        let mut longer = chain.clone();
        longer.push(to);
        match end {
            End::Activate if longer.len() <= 4 => cascade(&board, longer, piece, kind, out),
            End::Activate => {}
            _ => out.push(longer),
        }
    }
}

fn apply(b: &Board, chain: &Chain) -> Board {
    let mut out = *b;
    out[chain[0]] = None;
    for i in 0..chain.len() - 1 {
        out[chain[i + 1]] = b[chain[i]];
    }
    out
}

fn king_taken(b: &Board, w: bool) -> bool {
    !b.contains(&Some(if w { 'K' } else { 'k' }))
}

fn legal_chains(b: &Board, w: bool) -> Vec<Chain> {
    moves(b, w)
        .into_iter()
        .filter(|c| {
            let after = apply(b, c);
            if king_taken(&after, w) {
                return false;
            }
            // Legal if it takes the enemy king; otherwise no reply may take ours.
            king_taken(&after, !w)
                || !moves(&after, !w)
                    .iter()
                    .any(|r| king_taken(&apply(&after, r), w))
        })
        .collect()
}

fn text(chain: &Chain) -> String {
    let mut s = format!("{}{}", name(chain[0]), name(chain[1]));
    for &c in &chain[2..] {
        s.push('>');
        s.push_str(&name(c));
    }
    s
}

fn brute_perft(b: &Board, w: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if king_taken(b, w) {
        return 0;
    }
    legal_chains(b, w)
        .iter()
        .map(|c| brute_perft(&apply(b, c), !w, depth - 1))
        .sum()
}

/// Positions without pawns on their last ranks (the brute force has no promotion).
const POSITIONS: [&str; 7] = [
    "7k/8/8/8/8/8/1W6/RW5K w - - 0 1",
    "7k/8/8/8/8/8/N7/KH5r w - - 0 1",
    "7k/8/8/8/8/8/2p5/NH5K w - - 0 1",
    "r6k/8/8/8/8/8/R7/KH6 w - - 0 1",
    "7k/2w5/8/1n6/8/3H4/1W1N4/R6K w - - 0 1",
    "1r2k3/3pwp2/2h5/8/3B4/2W2N2/1H3W2/R3K3 w - - 0 1",
    "r3k3/pw1w4/1h6/2n5/4N3/1B2W3/3H4/R3K2W b - - 0 1",
];

#[test]
fn legal_moves_agree_with_a_brute_force_generator() {
    let g = activation();
    for fen in POSITIONS {
        let (b, w) = parse(fen);
        let mut expected: Vec<String> = legal_chains(&b, w).iter().map(text).collect();
        expected.sort();
        let got = legal(&g, fen);
        let (e, o): (BTreeSet<_>, BTreeSet<_>) = (expected.iter().collect(), got.iter().collect());
        assert_eq!(
            got,
            expected,
            "{fen}\nmissing: {:?}\nextra: {:?}",
            e.difference(&o),
            o.difference(&e)
        );
    }
}

#[test]
fn perft_agrees_with_a_brute_force_count() {
    let g = activation();
    for (fen, depth) in POSITIONS.iter().map(|f| (*f, 3)) {
        let (b, w) = parse(fen);
        let pos: GamePosition = g.position(fen).unwrap();
        assert_eq!(g.perft(&pos, depth), brute_perft(&b, w, depth), "{fen}");
    }
}

// ---------------------------------------------------------------- tree, table

fn tree(fen: &str, from: &str, json: bool) -> String {
    common::cli::tree("rules/activation.rules", fen, from, json)
}

/// The Rook on a1 activates the Wave on b1, which (moving as the Rook, never
/// capturing) may activate the Wave on b2 (ply 3), which may go on. The tree shows
/// each ply under the one that activates it; the third ply's tree stops below b2 at
/// b1, where the Rook now stands.
#[test]
fn the_tree_shows_each_ply_and_the_link_between_them() {
    let f = "7k/8/8/8/8/8/1W6/RW5K w - - 0 1";
    let text = tree(f, "a1", false);
    assert!(
        text.contains("b1>  [meets friend W (white Wave): activate]"),
        "{text}"
    );
    assert!(text.contains(
        "ply 2: white Wave on b1, moving as the Rook that activated it, never capturing"
    ));
    assert!(text.contains("ply 3: white Wave on b2, moving as the Rook that activated it"));
    insta::assert_snapshot!("rook_wave_wave", text);
    let json = tree(f, "a1", true);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["activations"][0]["cell"], "b1");
    assert_eq!(doc["activations"][0]["moves_as"], "Rook");
    assert_eq!(doc["activations"][0]["activations"][0]["cell"], "b2");
    insta::assert_snapshot!("rook_wave_wave_json", json);
}

#[test]
fn the_table_marks_activations() {
    let g = activation();
    let t = g.rules().table().table();
    let marked = t
        .nodes
        .iter()
        .filter(|n| n.has(Node::PUSH_TARGET) && n.mask & MEET_ACTIONS == MEET_ACTIVATE)
        .count();
    assert!(marked > 0);
    // The disassembly names it on the Rook's nodes.
    let rook = t.pieces.iter().position(|p| p.name == "Rook").unwrap();
    let a1 = g.board().parse_cell("a1").unwrap();
    let nodes = piecewise::table::disasm_cell(t, Side::First, PieceId(rook as u8), a1);
    assert!(nodes.contains("a3 if:R push-to activate"), "{nodes}");
}

// ---------------------------------------------------------------- diagnostics

fn codes(src: &str) -> Vec<String> {
    let (_, diags) = piecewise::pipeline::check(src, None);
    let mut v: Vec<String> = diags.iter().map(|d| d.code.to_string()).collect();
    v.sort();
    v
}

#[test]
fn diagnostics_of_activation() {
    let game = |rest: &str| {
        format!("board square 8x8\nroyal King\npiece King (K) {{ step any }}\npiece Wave (W) {{ step any }}\n{rest}\n")
    };
    assert_eq!(
        codes(&game("piece R (R) { ride orthogonal, activate empty }")),
        ["E0703"]
    );
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave, activate friend }"
        )),
        ["E0701"]
    );
    assert_eq!(
        codes(&game("piece R (R) { ride orthogonal, activate Nothing }")),
        ["E0304"]
    );
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave }\nrelay Wave, move only, move only"
        )),
        ["E0920", "W0906"]
    );
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave }\nrelay Wave\nrelay Wave"
        )),
        ["E0933", "W0906"]
    );
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave }\nrelay Wave, activate R, activate not R"
        )),
        ["E0920", "W0906"]
    );
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave }\nrelay Wave, activate Nothing"
        )),
        ["E0304"]
    );
    assert_eq!(codes(&game("relay Wave, move only")), ["W0006"]);
    assert_eq!(codes(&game("relay Nothing")), ["E0304"]);
    // A rook that activates Waves, which relay as rooks: cascades without end (W0906);
    // a Herald that activates Rooks, which move as themselves: two plies, no warning.
    assert_eq!(
        codes(&game(
            "piece R (R) { ride orthogonal, activate Wave }\nrelay Wave"
        )),
        ["W0906"]
    );
    assert!(codes(&game(
        "piece R (R) { ride orthogonal }\npiece H (H) { step any, activate R }"
    ))
    .is_empty());
    // A chain longer than the limit: H activates R activates N activates B activates Q.
    assert_eq!(
        codes(&game(
            "piece H (H) { step any, activate R }\npiece R (R) { ride orthogonal, activate N }\n\
             piece N (N) { leap (1,2), activate B }\npiece B (B) { ride diagonal, activate Q }\n\
             piece Q (Q) { ride any }"
        )),
        ["W0906"]
    );
    assert!(codes(&game(
        "piece H (H) { step any, activate R }\npiece R (R) { ride orthogonal, activate N }\n\
         piece N (N) { leap (1,2), activate B }\npiece B (B) { ride diagonal }"
    ))
    .is_empty());
}

/// W0906 for activations that go round points at the activation that closes the round
/// and names its kinds, with the first piece that reaches it as a secondary label;
/// a round of two kinds is named in order.
#[test]
fn a_round_of_activations_is_shown_where_it_closes() {
    let at = |src: &str, span: piecewise::ids::Span| {
        src[span.start as usize..span.end as usize].to_string()
    };
    let src = "board square 8x8\nroyal K\npiece K (K) { step any, activate A }\n\
               piece A (A) { ride orthogonal, activate A }\n";
    let (_, diags) = piecewise::pipeline::check(src, None);
    let w: Vec<_> = diags.iter().filter(|d| d.code == "W0906").collect();
    assert_eq!(w.len(), 1, "{diags:?}");
    assert!(w[0].message.contains("(`A` → `A`)"), "{}", w[0].message);
    assert_eq!(at(src, w[0].primary.span), "ride orthogonal, activate A");
    assert_eq!(w[0].secondary.len(), 1);
    assert_eq!(at(src, w[0].secondary[0].span), "step any, activate A");
    let src = "board square 8x8\nroyal K\npiece K (K) { step any }\n\
               piece R (R) { ride orthogonal, activate B }\npiece B (B) { ride diagonal, activate R }\n";
    let (_, diags) = piecewise::pipeline::check(src, None);
    let w: Vec<_> = diags.iter().filter(|d| d.code == "W0906").collect();
    assert_eq!(w.len(), 1, "{diags:?}");
    assert!(
        w[0].message.contains("(`R` → `B` → `R`)"),
        "{}",
        w[0].message
    );
    assert_eq!(at(src, w[0].primary.span), "ride diagonal, activate R");
    assert!(w[0].secondary.is_empty());
}

// ---------------------------------------------------------- activate foe (onward)

/// `relay Wave, ..., activate foe Wave, onward`: an onward Wave also activates the
/// other side's Waves on its line, and the Wave activated moves the same way (book,
/// Miranda's Veil, "Cascading opponent": "In both cases activated Wave moves the same
/// way activating Wave does"). The white Pawn d2 steps onto its Wave on d3, which goes
/// up the d-file as the Pawn's step (d4 to d8), passing over the black Wave on d5 or
/// activating it: that Wave then walks the white Pawn's step as White walked it, up
/// the file (d6 to d8), not down it as a black Pawn would (d4, d2, d1). Without the
/// clause, the black Wave is only passed over.
#[test]
fn an_onward_relay_activates_foe_waves_that_move_the_same_way() {
    let src = |foe: &str| {
        format!(
            "game \"foe waves\"\nboard square 8x8\nroyal King\n\
             relay Wave, move only{foe}, onward\n\
             piece King (K) {{ step any }}\n\
             piece Pawn (P) {{ step forward, move only, activate Wave }}\n\
             piece Wave (W) {{ }}\n"
        )
    };
    let fen = "7k/8/8/3w4/8/3W4/3P4/K7 w - - 0 1";
    let g = Game::compile(&src(", activate foe Wave")).expect("compiles");
    let cascades: Vec<String> = legal(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("d2d3"))
        .collect();
    assert_eq!(
        cascades,
        words("d2d3>d4 d2d3>d5>d6 d2d3>d5>d7 d2d3>d5>d8 d2d3>d6 d2d3>d7 d2d3>d8")
    );
    // After d2d3>d5>d8 the Pawn stands on d3, the white Wave on d5, the black on d8.
    assert_eq!(
        play(&g, fen, &["d2d3>d5>d8"]),
        "3w3k/8/8/3W4/8/3P4/8/K7 b - - 1 1"
    );
    let plain = Game::compile(&src("")).expect("compiles");
    let cascades: Vec<String> = legal(&plain, fen)
        .into_iter()
        .filter(|m| m.starts_with("d2d3"))
        .collect();
    assert_eq!(cascades, words("d2d3>d4 d2d3>d6 d2d3>d7 d2d3>d8"));
    // The path tree of the activated white Wave marks the black one `>`, and draws the
    // black Wave's line under it.
    let pos = g.position(fen).unwrap();
    let trees = g.cascade_trees(&pos, g.rules().cell("d2").unwrap());
    assert_eq!(trees.len(), 1);
    let white = &trees[0];
    assert_eq!(g.rules().cell_name(white.at), "d3");
    assert_eq!(white.next.len(), 1);
    let black = &white.next[0];
    assert_eq!(g.rules().cell_name(black.at), "d5");
    assert_eq!(black.side, Side::Second);
    let ends: Vec<String> = black
        .tree
        .plies
        .iter()
        .map(|p| g.rules().cell_name(p.to))
        .collect();
    assert_eq!(ends, ["d6", "d7", "d8"]);
}

#[test]
fn diagnostics_of_activate_foe() {
    let game = |rest: &str| {
        format!("board square 8x8\nroyal King\npiece King (K) {{ step any }}\npiece Wave (W) {{ }}\npiece R (R) {{ ride orthogonal, activate Wave }}\n{rest}\n")
    };
    assert_eq!(
        codes(&game("relay Wave, move only, activate foe Wave")),
        ["E0988"]
    );
    assert_eq!(
        codes(&game(
            "relay Wave, activate foe Wave, activate foe R, onward"
        )),
        ["E0920", "W0906"]
    );
    assert_eq!(
        codes(&game("relay Wave, activate foe Nothing, onward")),
        ["E0304"]
    );
    // `alternating KINDS`: only an onward relay alternates two steps.
    assert_eq!(
        codes(&game("relay Wave, move only, alternating R")),
        ["E0942"]
    );
    assert_eq!(
        codes(&game("relay Wave, onward, alternating R, alternating R")),
        ["E0920", "W0906"]
    );
    assert_eq!(
        codes(&game("relay Wave, onward, alternating Nothing")),
        ["E0304"]
    );
    assert_eq!(
        codes(&game(
            "relay Wave, activate not King, activate foe Wave, onward"
        )),
        ["W0906"]
    );
}

// ---------------------------------------------------------- diverge at (onward)

/// `relay Wave, ..., onward, diverge at Shaman`: an onward Wave whose straight line
/// passes over its own Shaman may turn there into any other first step of its
/// activator, on to the edge (book, Conquest of Tlalocan, "Diverging Wave": "After
/// divergence, Wave can choose any direction its activator can"). The Rook b2 rides
/// onto its Wave on b4, which goes in one of the Rook's lines from b4 to the edge:
/// the fourth rank both ways, down the b-file (b3 to b1: the Rook's start is empty
/// once it left) and up it over the Shaman on b6 (b5, b7, b8), or activates the
/// Shaman, which steps as a King. Diverging at the Shaman it also takes the Rook's
/// other lines from b6: the sixth rank both ways (a6, c6 to h6) and back down the
/// file (cells it reaches already). Without the clause, or with the opponent's Shaman
/// there, it only goes straight; `diverge at piece Shaman` turns at either side's.
#[test]
fn an_onward_relay_diverges_at_its_own_divergent_piece() {
    let src = |diverge: &str| {
        format!(
            "game \"diverging waves\"\nboard square 8x8\nroyal King\n\
             relay Wave, move only, onward{diverge}\n\
             piece King (K) {{ step any }}\n\
             piece Rook (R) {{ ride orthogonal, activate Wave }}\n\
             piece Shaman (H) {{ step any }}\n\
             piece Wave (W) {{ }}\n"
        )
    };
    let cascades = |g: &Game, fen: &str| -> Vec<String> {
        legal(g, fen)
            .into_iter()
            .filter(|m| m.starts_with("b2b4>"))
            .collect()
    };
    let own = "7k/8/1H6/8/1W6/8/1R6/7K w - - 0 1";
    let foe = "7k/8/1h6/8/1W6/8/1R6/7K w - - 0 1";
    let lines = "b2b4>a4 b2b4>c4 b2b4>d4 b2b4>e4 b2b4>f4 b2b4>g4 b2b4>h4 \
                 b2b4>b3 b2b4>b2 b2b4>b1 b2b4>b5 b2b4>b7 b2b4>b8";
    let shaman = "b2b4>b6>a5 b2b4>b6>a6 b2b4>b6>a7 b2b4>b6>b5 b2b4>b6>b7 \
                  b2b4>b6>c5 b2b4>b6>c6 b2b4>b6>c7";
    let turns = "b2b4>a6 b2b4>c6 b2b4>d6 b2b4>e6 b2b4>f6 b2b4>g6 b2b4>h6";
    let straight = words(&format!("{lines} {shaman}"));
    let turned = words(&format!("{lines} {shaman} {turns}"));
    let g = Game::compile(&src(", diverge at Shaman")).expect("compiles");
    assert_eq!(cascades(&g, own), turned);
    let plain = Game::compile(&src("")).expect("compiles");
    assert_eq!(cascades(&plain, own), straight);
    // The opponent's Shaman is passed over, never activated nor turned at.
    let past = words(lines);
    assert_eq!(cascades(&g, foe), past);
    let any = Game::compile(&src(", diverge at piece Shaman")).expect("compiles");
    assert_eq!(cascades(&any, foe), words(&format!("{lines} {turns}")));
    // After b2b4>h6 the Rook stands on b4, the Wave on h6, the Shaman stays on b6.
    assert_eq!(
        play(&g, own, &["b2b4>h6"]),
        "7k/8/1H5W/8/1R6/8/8/7K b - - 1 1"
    );
    // The Wave's path tree draws each turned line through the Shaman.
    let pos = g.position(own).unwrap();
    let trees = g.cascade_trees(&pos, g.rules().cell("b2").unwrap());
    assert_eq!(trees.len(), 1);
    let wave = &trees[0];
    assert_eq!(g.rules().cell_name(wave.at), "b4");
    let h6 = wave
        .tree
        .plies
        .iter()
        .find(|p| g.rules().cell_name(p.to) == "h6")
        .expect("a ply to h6");
    let path: Vec<String> = h6.path.iter().map(|&c| g.rules().cell_name(c)).collect();
    assert_eq!(path, ["b5", "b6", "c6", "d6", "e6", "f6", "g6", "h6"]);
}

#[test]
fn diagnostics_of_diverge_at() {
    let game = |rest: &str| {
        format!("board square 8x8\nroyal King\npiece King (K) {{ step any }}\npiece Wave (W) {{ }}\npiece R (R) {{ ride orthogonal, activate Wave }}\n{rest}\n")
    };
    // Only an onward relay's lines turn at a divergent piece.
    assert_eq!(
        codes(&game("relay Wave, move only, diverge at R")),
        ["E1002"]
    );
    assert_eq!(
        codes(&game("relay Wave, onward, diverge at R, diverge at R")),
        ["E0920", "W0906"]
    );
    assert_eq!(
        codes(&game("relay Wave, onward, diverge at Nothing")),
        ["E0304"]
    );
    assert_eq!(
        codes(&game("relay Wave, onward, diverge at piece R")),
        ["W0906"]
    );
}
