//! Journeys (`journey PIECES by PIECES, spiral ...`, docs/language.md): a piece
//! activated by a piece of the `by` kinds travels one arm of its side's spiral instead
//! of moving with its own patterns. A small game of Mystics (the Croatian Shaman's
//! trance-step and patterns, on 12×12) by hand, against the arms worked out from the
//! rule (step `k` is `k` times the first step turned `k - 1` quarter turns), its path
//! trees, its diagnostics; and the Conquest of Tlalocan's Shaman entrancing another.

use crate::common;
use crate::common::{error_codes as codes, play, starting, words};
use piecewise::Game;

const MYSTICS: &str = "game \"Mystics\"\nboard square 12x12\n\
journey Mystic by Mystic, spiral (2,1) | (-2,-1) turn 90 for first, spiral (1,2) | (-1,-2) turn -90 inward for second, blocked by Rock\n\
piece Mystic (M) { step any, move only, capture only, activate piece Mystic }\n\
piece Rock (R) { }\n\
piece Stone (S) { }\n";

fn mystics() -> Game {
    Game::compile(MYSTICS).expect("compiles")
}

/// The white Mystic on d4 steps onto the white one on e5, which journeys outward
/// along the first side's arms: (2,1) reaches g6 (the Rock's: passed, not a
/// destination) then e10, the rest off the board; (-2,-1) reaches c4, then two steps
/// off the board, then k3 and g11. The step only activates: no quiet step, no capture.
#[test]
fn an_entranced_piece_journeys_outward_to_the_empty_fields_of_an_arm() {
    let g = mystics();
    let fen = "12/12/12/12/12/12/6R5/4M7/3M8/12/12/12 w - - 0 1";
    assert_eq!(
        starting(&g, fen, "d4"),
        words("d4e5>c4 d4e5>e10 d4e5>g11 d4e5>k3")
    );
    // The entrancer ends on the entranced piece's cell, which ends on its field.
    assert_eq!(
        play(&g, fen, &["d4e5>k3"]),
        "12/12/12/12/12/12/6R5/4M7/12/10M1/12/12 b - - 1 1"
    );
}

/// A black Mystic entranced by a white one journeys along the second side's arms,
/// inward: (1,2) turning clockwise has j5 (its outermost field on the board) and f7;
/// (-1,-2) has k7, c11 and d3. Its path tree draws an inward arm from the outermost
/// field back: the ply to d3 passes k7 and c11 first.
#[test]
fn the_second_sides_arms_turn_clockwise_and_are_travelled_inward() {
    let g = mystics();
    let fen = "12/12/12/12/12/12/6R5/4m7/3M8/12/12/12 w - - 0 1";
    assert_eq!(
        starting(&g, fen, "d4"),
        words("d4e5>c11 d4e5>d3 d4e5>f7 d4e5>j5 d4e5>k7")
    );
    let pos = g.position(fen).unwrap();
    let trees = g.cascade_trees(&pos, g.rules().cell("d4").unwrap());
    assert_eq!(trees.len(), 1);
    let name = |c| g.rules().cell_name(c);
    let to_d3 = trees[0]
        .tree
        .plies
        .iter()
        .find(|p| name(p.to) == "d3")
        .expect("a ply to d3");
    let path: Vec<String> = to_d3.path.iter().map(|&c| name(c)).collect();
    let at = |cell: &str| path.iter().position(|c| c == cell);
    assert!(at("k7") < at("c11") && at("c11") < at("d3"), "{path:?}");
    assert!(at("k7").is_some(), "{path:?}");
}

/// Every field of the white Mystic on e5 (g6 e10 c4 k3 g11) holds a Rock, which blocks
/// it: entranced, it is removed (oblation), a ply back onto its own cell (`d4e5>e5`),
/// the entrancer left on e5. With a Stone (which does not block) on one of them
/// instead, there is neither a field to end on nor an oblation: no move.
#[test]
fn a_piece_whose_every_field_is_blocked_is_removed() {
    let g = mystics();
    let fen = "12/6R5/4R7/12/12/12/6R5/4M7/2RM8/10R1/12/12 w - - 0 1";
    assert_eq!(starting(&g, fen, "d4"), words("d4e5>e5"));
    assert_eq!(
        play(&g, fen, &["d4e5>e5"]),
        "12/6R5/4R7/12/12/12/6R5/4M7/2R9/10R1/12/12 b - - 1 1"
    );
    let stone = "12/6R5/4R7/12/12/12/6R5/4M7/2SM8/10R1/12/12 w - - 0 1";
    assert!(starting(&g, stone, "d4").is_empty());
}

/// A piece activated by a kind not in `by` moves as any activated piece: here a Rook
/// activating a Mystic, which then has only its trance-step (none: nothing next to it).
#[test]
fn only_the_by_kinds_start_a_journey() {
    let src =
        format!("{MYSTICS}piece Slider (L) {{ ride orthogonal, move only, activate Mystic }}\n");
    let g = Game::compile(&src).expect("compiles");
    // The Slider may not activate the Mystic on a4: a Mystic with nothing next to it
    // has no ply of its own, and a move is never a bare activation.
    let fen = "12/12/12/12/12/12/12/12/M11/12/12/L11 w - - 0 1";
    assert!(starting(&g, fen, "a1a4").is_empty());
}

#[test]
fn diagnostics_of_journey() {
    let game = |rest: &str| {
        format!("board square 8x8\npiece M (M) {{ step any, move only, capture only, activate piece M }}\n{rest}\n")
    };
    assert!(codes(&game("journey M by M, spiral (2,1) turn 90")).is_empty());
    assert_eq!(
        codes(&game("journey M by M, spiral (2,1) turn 45")),
        ["E1022"]
    );
    assert_eq!(
        codes(&game("journey M by M, spiral (2,1) turn ±90")),
        ["E1022"]
    );
    assert_eq!(
        codes(&game("journey M by M, spiral (0,0) turn 90")),
        ["E1023"]
    );
    assert_eq!(
        codes(&game("journey M by M, spiral (9,1) turn 90")),
        ["E1023"]
    );
    assert_eq!(
        codes(&game(
            "journey M by M, spiral (2,1) turn 90, spiral (1,2) turn -90 for second"
        )),
        ["E1024"]
    );
    assert_eq!(
        codes(&game(
            "journey M by M, spiral (2,1) turn 90\njourney M by M, spiral (1,2) turn 90"
        )),
        ["E1025"]
    );
    assert_eq!(
        codes(&game("journey X by M, spiral (2,1) turn 90")),
        ["E0304"]
    );
    assert_eq!(
        codes(&game(
            "journey M by M, spiral (2,1) turn 90, blocked by M, blocked by M"
        )),
        ["E0920"]
    );
}

/// The book's entrancement (Conquest of Tlalocan, "Entrancement step", scn_cot_072):
/// the light Shaman on c3 steps onto the dark one on b4, which journeys inward along
/// the dark Shaman's arms (the light Shaman's step only entrances: no plain step to b4).
#[test]
fn a_tlalocan_shaman_entrances_another() {
    let g = common::game("croatian-tlalocan");
    let empty = "24/".repeat(23) + "24";
    let mut rows: Vec<String> = empty.split('/').map(String::from).collect();
    // The Kings far off (x24, v24): legal moves need them.
    rows[0] = "21k1K".into();
    rows[24 - 4] = "1h22".into();
    rows[24 - 3] = "2H21".into();
    let fen = format!("{} w - - 0 1", rows.join("/"));
    // Inward from each arm's outermost field on the board: (1,2) turning clockwise
    // s8, m6, a12, g4, c6; (-1,-2) t10, n8, h6, a2.
    assert_eq!(
        starting(&g, &fen, "c3b4>"),
        words("c3b4>s8 c3b4>m6 c3b4>a12 c3b4>g4 c3b4>c6 c3b4>t10 c3b4>n8 c3b4>h6 c3b4>a2")
    );
    assert!(!starting(&g, &fen, "c3").contains(&"c3b4".to_string()));
}

/// `captures when activated by second`: a Mystic entranced by a black one may also end
/// on a field held by a piece that does not block it (a Stone, white or black, own or
/// not), capturing it, and capture those it passes; the Rock still blocks. Entranced
/// by a white one, it does not.
#[test]
fn a_capturing_journey_ends_on_the_pieces_of_its_fields_by_the_activators_side() {
    let src = MYSTICS.replace(
        ", blocked by Rock",
        ", blocked by Rock, captures when activated by second",
    );
    let g = Game::compile(&src).expect("compiles");
    // The black Mystic d4 entrances the white one on e5: its arms (as in the first
    // test) reach g6 (a Rock), e10 (a black Stone), c4 (a white Stone), k3 and g11.
    let fen = "12/12/4s7/12/12/12/6R5/4M7/2Sm8/12/12/12 b - - 0 1";
    // Passing the white Stone on c4 on its way to k3 or g11, it may capture it too
    // (`/c4=-`: emptied where it stands).
    assert_eq!(
        starting(&g, fen, "d4"),
        words("d4e5>c4 d4e5>e10 d4e5>g11 d4e5>k3 d4e5>g11/c4=- d4e5>k3/c4=-")
    );
    assert_eq!(
        play(&g, fen, &["d4e5>g11/c4=-"]),
        "12/6M5/4s7/12/12/12/6R5/4m7/12/12/12/12 w - - 1 2"
    );
    // The Stone on c4 is captured (the white Mystic's own piece).
    assert_eq!(
        play(&g, fen, &["d4e5>c4"]),
        "12/12/4s7/12/12/12/6R5/4m7/2M9/12/12/12 w - - 0 2"
    );
    // Entranced by a white Mystic, the same journey captures nothing.
    let white = "12/12/4s7/12/12/12/6R5/4M7/2SM8/12/12/12 w - - 0 1";
    assert_eq!(starting(&g, white, "d4"), words("d4e5>g11 d4e5>k3"));
    // Its path tree draws the captures on c4 and e10 (no activation there).
    let pos = g.position(fen).unwrap();
    let trees = g.cascade_trees(&pos, g.rules().cell("d4").unwrap());
    for cell in ["c4", "e10"] {
        let c = g.rules().cell(cell).unwrap();
        assert!(
            trees[0]
                .tree
                .plies
                .iter()
                .any(|p| p.to == c && !p.activates),
            "{cell}"
        );
    }
}

/// `captures` twice is E0920.
#[test]
fn captures_twice_is_e0920() {
    let src = MYSTICS.replace(
        ", blocked by Rock",
        ", captures, captures when activated by first",
    );
    assert_eq!(codes(&src), ["E0920"]);
}

/// Mystics whose journey, started by a white Mystic, may displace the pieces it reaches
/// one cell up or right, or (the third) eight files right and one rank down.
fn displacing(extra: &str) -> Game {
    let src = MYSTICS.replace(
        ", blocked by Rock",
        &format!(", blocked by Rock, displaces onto (0,1) | (1,0){extra} when activated by first"),
    );
    Game::compile(&src).expect("compiles")
}

/// `displaces onto ...`: the white Mystic on d4 entrances the one on e5, whose arm
/// (-2,-1) reaches the Stone on c4 first, then k3 and g11. The Stone may be left, or
/// displaced onto c5 or d4 (empty: the entrancer has left it) as the journey reaches
/// it (`/c4c5`); the journey may then end on c4, the field it emptied. Entranced by a
/// black Mystic, the same journey displaces nothing.
#[test]
fn a_displacing_journey_moves_the_pieces_it_reaches() {
    let g = displacing("");
    let fen = "12/12/12/12/12/12/6R5/4M7/2SM8/12/12/12 w - - 0 1";
    // Ending on c4, the Stone is written put where it goes (`/c5=S`): make moves the
    // journeying piece first, over it.
    assert_eq!(
        starting(&g, fen, "d4"),
        words(
            "d4e5>e10 d4e5>k3 d4e5>g11 d4e5>c4/c5=S d4e5>c4/d4=S d4e5>k3/c4c5 \
             d4e5>k3/c4d4 d4e5>g11/c4c5 d4e5>g11/c4d4"
        )
    );
    assert_eq!(
        play(&g, fen, &["d4e5>g11/c4c5"]),
        "12/6M5/12/12/12/12/6R5/2S1M7/12/12/12/12 b - - 1 1"
    );
    // Ending on the field it emptied: the Stone goes to d4, the entrancer's start.
    assert_eq!(
        play(&g, fen, &["d4e5>c4/d4=S"]),
        "12/12/12/12/12/12/6R5/4M7/2MS8/12/12/12 b - - 1 1"
    );
    let black = "12/12/12/12/12/12/6R5/4M7/2Sm8/12/12/12 b - - 0 1";
    assert_eq!(
        starting(&g, black, "d4"),
        words("d4e5>e10 d4e5>g11 d4e5>k3")
    );
}

/// Every journey move made and unmade gives back the position and its hash.
#[test]
fn a_displacement_made_and_unmade_restores_the_position() {
    let g = displacing(" | (8,-1)");
    let fen = "12/12/12/12/12/12/6R5/4M7/2SM8/12/12/12 w - - 0 1";
    let mut pos = g.position(fen).unwrap();
    let (before, hash) = (g.fen(&pos), pos.hash());
    let moves = g.legal_moves(&pos);
    assert!(moves.iter().any(|m| m.side_changes().count() > 0));
    for m in &moves {
        let undo = g.make(&mut pos, m);
        let after = g.fen(&pos);
        assert_eq!(
            pos.hash(),
            g.position(&after).unwrap().hash(),
            "{}: the hash after",
            g.uci(m)
        );
        g.unmake(&mut pos, undo);
        assert_eq!(
            (g.fen(&pos), pos.hash()),
            (before.clone(), hash),
            "{}",
            g.uci(m)
        );
    }
}

/// A piece displaced onto a field the journey has yet to reach is met there again
/// (the book's forward displacement): the Stone on c4 displaced by (8,-1) onto k3, the
/// arm's next field on the board, may be displaced again from there (onto l3 or k4)
/// and the journey end on k3, or left there and the journey go on to g11; it never
/// ends on k3 with the Stone still on it. Displaced onto a field passed, it is not met
/// again (backward): the Mystic on k3 displaced by (-8,1) onto c4.
#[test]
fn a_piece_displaced_forward_is_met_again() {
    let g = displacing(" | (8,-1)");
    let fen = "12/12/12/12/12/12/6R5/4M7/2SM8/12/12/12 w - - 0 1";
    let moves = starting(&g, fen, "d4");
    for m in [
        "d4e5>k3/c4l3",
        "d4e5>k3/c4k4",
        "d4e5>g11/c4k3",
        "d4e5>g11/c4l3",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(!moves.contains(&"d4e5>k3/c4k3".to_string()), "{moves:?}");
    assert_eq!(
        play(&g, fen, &["d4e5>k3/c4l3"]),
        "12/12/12/12/12/12/6R5/4M7/12/10MS/12/12 b - - 1 1"
    );
    // Backward: a Stone on k3 displaced onto c4 (passed) is not met again.
    let g = displacing(" | (-8,1)");
    let back = "12/12/12/12/12/12/6R5/4M7/3M8/10S1/12/12 w - - 0 1";
    // The Stone displaced onto c4 and left there, or onto k4 or l3; displaced from k3
    // where the journey ends, it is put where it goes. Never displaced again from c4.
    assert_eq!(
        starting(&g, back, "d4"),
        words(
            "d4e5>c4 d4e5>e10 d4e5>g11 d4e5>g11/k3c4 d4e5>g11/k3k4 d4e5>g11/k3l3 \
             d4e5>k3/c4=S d4e5>k3/k4=S d4e5>k3/l3=S"
        )
    );
}

/// The Tlalocan's displacement-fields (book, "Displacement-fields", scn_cot_085): 44
/// around the Rook on m12, p13 the first and s10 the last; none for a journey a dark
/// Shaman starts.
#[test]
fn the_tlalocan_displacement_fields_are_the_books() {
    let g = common::game("croatian-tlalocan");
    let shaman = g.rules().piece("Shaman").unwrap();
    let m12 = g.rules().cell("m12").unwrap();
    let name = |c: Option<piecewise::ids::CellId>| c.map(|c| g.rules().cell_name(c));
    let light = (shaman, piecewise::ids::Side::First);
    let fields = g.journey_displacement_fields(light, light, m12);
    assert_eq!(fields.len(), 44);
    assert_eq!(name(fields[0]).as_deref(), Some("p13"));
    assert_eq!(name(fields[43]).as_deref(), Some("s10"));
    let dark = (shaman, piecewise::ids::Side::Second);
    assert!(g.journey_displacement_fields(light, dark, m12).is_empty());
}

#[test]
fn diagnostics_of_displaces() {
    let with = |clause: &str| MYSTICS.replace(", blocked by Rock", clause);
    assert!(codes(&with(", displaces onto (3,1) | (2,2) rotated")).is_empty());
    assert_eq!(codes(&with(", displaces onto (0,0)")), ["E1011"]);
    assert_eq!(codes(&with(", displaces onto (17,1)")), ["E1011"]);
    assert_eq!(codes(&with(", displaces onto (1,2) | (1,2)")), ["E1012"]);
    // (1,0) turned a quarter turn is (0,1), listed already.
    assert_eq!(
        codes(&with(", displaces onto (1,0) | (0,1) rotated")),
        ["E1012"]
    );
    assert_eq!(
        codes(&with(", displaces onto (1,0), displaces onto (0,1)")),
        ["E0920"]
    );
}

/// `sweeps for second when activated by second`: a black Mystic entranced by a black
/// one may instead take every piece on the fields of both its arms (here the white
/// Stone on f7 and the black one on c11; the Rock on j5 blocks and stays), then leave
/// the board: a ply back onto its cell, `/f7=-/c11=-`. Entranced by a white Mystic, it
/// may not.
#[test]
fn a_sweeping_journey_takes_every_piece_on_its_arms_and_leaves() {
    let src = MYSTICS.replace(
        ", blocked by Rock",
        ", blocked by Rock, sweeps for second when activated by second",
    );
    let g = Game::compile(&src).expect("compiles");
    let fen = "12/2s9/12/12/12/5S6/12/4m4R2/3m8/12/12/12 b - - 0 1";
    let moves = starting(&g, fen, "d4");
    assert!(
        moves.contains(&"d4e5>e5/f7=-/c11=-".to_string()),
        "{moves:?}"
    );
    assert_eq!(
        play(&g, fen, &["d4e5>e5/f7=-/c11=-"]),
        "12/12/12/12/12/12/12/4m4R2/12/12/12/12 w - - 1 2"
    );
    let white = "12/2s9/12/12/12/5S6/12/4m4R2/3M8/12/12/12 w - - 0 1";
    assert!(!starting(&g, white, "d4")
        .iter()
        .any(|m| m.starts_with("d4e5>e5")));
    assert_eq!(codes(&src.replace("sweeps", "sweeps, sweeps")), ["E0920"]);
}
