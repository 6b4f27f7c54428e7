//! `alignment PIECES, entered by PIECES [, demote KINDS to PIECE]`: pieces lined up on
//! one line of equal steps (docs/language.md, "Alignments"; the Croatian syzygy), the
//! fields of such a line, the pieces a move entering one may demote, and the checks.

use crate::common;
use crate::common::error_codes as codes;
use piecewise::ids::Side;
use piecewise::Game;

/// A FEN of a square board of `size` with `pieces` (cell, FEN text) and the first side
/// to move.
fn fen(size: usize, pieces: &[(&str, &str)]) -> String {
    let mut rows = vec![vec![String::new(); size]; size];
    for (cell, text) in pieces {
        let f = (cell.as_bytes()[0] - b'a') as usize;
        let r: usize = cell[1..].parse().unwrap();
        rows[r - 1][f] = text.to_string();
    }
    let mut out = Vec::new();
    for row in rows.iter().rev() {
        let (mut s, mut empty) = (String::new(), 0);
        for c in row {
            if c.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push_str(c);
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        out.push(s);
    }
    format!("{} w - - 0 1", out.join("/"))
}

fn names(g: &Game, cells: &[piecewise::ids::CellId]) -> Vec<String> {
    cells.iter().map(|&c| g.rules().cell_name(c)).collect()
}

fn compile(src: &str) -> Game {
    Game::compile_at(src, None).expect("compiles")
}

const STONES: &str = "board square 8x8
piece King (K) { step any }
piece Knight (N) { leap (1,2) }
piece Pawn (P) { step forward }
piece Stone (S) { }
neutral Stone
alignment Stone | Knight, entered by Knight, demote not King | Pawn to Pawn
";

/// Three Stones on a knight's line (a1, c2, g4: the step (2,1)) are one alignment,
/// whatever stands between them; its fields run from edge to edge (a1 c2 e3 g4); two
/// Stones and a Knight off the line are none.
#[test]
fn three_pieces_on_a_line_of_equal_steps_are_aligned() {
    let g = compile(STONES);
    let pos = g
        .position(&fen(
            8,
            &[
                ("a1", "*"),
                ("c2", "*"),
                ("g4", "*"),
                ("e3", "K"),
                ("h8", "k"),
            ],
        ))
        .unwrap();
    let all = g.alignments(&pos);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].step, (2, 1));
    assert_eq!(names(&g, &all[0].members), ["a1", "c2", "g4"]);
    assert_eq!(names(&g, &all[0].fields), ["a1", "c2", "e3", "g4"]);
    // Off the line: no alignment.
    let pos = g
        .position(&fen(
            8,
            &[
                ("a1", "*"),
                ("c2", "*"),
                ("g5", "*"),
                ("e4", "K"),
                ("h8", "k"),
            ],
        ))
        .unwrap();
    assert!(g.alignments(&pos).is_empty());
}

/// A Knight stepping from a cell in no alignment (b3) onto the rank of two Stones (a4,
/// h4; the Knights c4 and g4 line up too) may demote its side's Knight c4 on that rank
/// (not its King e4, not its Pawn f4, not the other side's Knight g4, which the other
/// side's move may); a move from a cell already in line (c4) or onto no line (b3-d2)
/// demotes nothing.
#[test]
fn a_move_into_line_may_demote_an_own_piece_on_it() {
    let g = compile(STONES);
    let fen = fen(
        8,
        &[
            ("a4", "*"),
            ("h4", "*"),
            ("b3", "N"),
            ("c4", "N"),
            ("e4", "K"),
            ("f4", "P"),
            ("g4", "n"),
            ("h8", "k"),
        ],
    );
    let pos = g.position(&fen).unwrap();
    let cell = |n: &str| g.rules().cell(n).unwrap();
    assert_eq!(
        names(&g, &g.demotions(&pos, Side::First, cell("b3"), cell("d4"))),
        ["c4"]
    );
    assert_eq!(
        names(&g, &g.demotions(&pos, Side::Second, cell("b3"), cell("d4"))),
        ["g4"]
    );
    assert!(g
        .demotions(&pos, Side::First, cell("b3"), cell("d2"))
        .is_empty());
    assert!(g
        .demotions(&pos, Side::First, cell("c4"), cell("d4"))
        .is_empty());
}

/// The book's Discovery, "2-Stars syzygy steps" (`scn_d_23`): a Monolith steps to
/// m12, onto the diagonal of the Stars x1 and a24. Moved by the light player it may
/// demote the light Bishop q8 or Wave p9; by the dark player only the dark Rook h17
/// (the Kings u4 and d21, the Pawns w2 and b23 never). Here it comes from k13, in no
/// syzygy; from n14, where the book's `scn_d_22` starts it, it stands on the diagonal
/// of the Stars a1 and x24 (a syzygy, as `scn_d_26` and `scn_d_28` draw it), and
/// "Reentering syzygy" denies it a demotion.
#[test]
fn discoverys_monolith_stepping_into_a_syzygy_may_demote() {
    let g = common::game("croatian-discovery");
    let pieces = [
        ("a1", "*T"),
        ("x1", "*D"),
        ("a24", "*D"),
        ("x24", "*T"),
        ("w2", "P"),
        ("u4", "K"),
        ("t15", "N"),
        ("q8", "B"),
        ("p9", "W"),
        ("b23", "p"),
        ("d21", "k"),
        ("e12", "q"),
        ("h17", "r"),
        ("b7", "*M"),
    ];
    let cell = |n: &str| g.rules().cell(n).unwrap();
    let with = |m: &str| {
        let mut p = pieces.to_vec();
        p.push((m, "*M"));
        g.position(&fen(24, &p)).unwrap()
    };
    let pos = with("k13");
    assert_eq!(
        names(
            &g,
            &g.demotions(&pos, Side::First, cell("k13"), cell("m12"))
        ),
        ["q8", "p9"]
    );
    assert_eq!(
        names(
            &g,
            &g.demotions(&pos, Side::Second, cell("k13"), cell("m12"))
        ),
        ["h17"]
    );
    // Off the line (k13 -> l11), nothing.
    assert!(g
        .demotions(&pos, Side::First, cell("k13"), cell("l11"))
        .is_empty());
    // From a syzygy into another: nothing.
    let pos = with("n14");
    assert!(g
        .alignments(&pos)
        .iter()
        .any(|a| names(&g, &a.members) == ["a1", "n14", "x24"]));
    assert!(g
        .demotions(&pos, Side::First, cell("n14"), cell("m12"))
        .is_empty());
}

/// E1030 (no `entered by`), E1031 (a kind entering that does not line up), E1032
/// (demoting to a neutral kind), E0920 (a part twice), E0909 (the declaration twice).
#[test]
fn alignment_diagnostics() {
    let base = "board square 8x8\npiece King (K) { step any }\npiece Knight (N) { leap (1,2) }\npiece Pawn (P) { step forward }\npiece Stone (S) { }\nneutral Stone\n";
    assert_eq!(codes(&format!("{base}alignment Stone\n")), ["E1030"]);
    assert_eq!(
        codes(&format!("{base}alignment Stone, entered by Knight\n")),
        ["E1031"]
    );
    assert_eq!(
        codes(&format!(
            "{base}alignment Stone | Knight, entered by Knight, demote not King to Stone\n"
        )),
        ["E1032"]
    );
    assert_eq!(
        codes(&format!(
            "{base}alignment Stone | Knight, entered by Knight, entered by Knight\n"
        )),
        ["E0920"]
    );
    assert_eq!(
        codes(&format!(
            "{base}alignment Stone | Knight, entered by Knight\nalignment Stone | Knight, entered by Knight\n"
        )),
        ["E0909"]
    );
    assert!(codes(&format!(
        "{base}alignment Stone | Knight, entered by Knight, demote not King | Pawn to Pawn\n"
    ))
    .is_empty());
}
