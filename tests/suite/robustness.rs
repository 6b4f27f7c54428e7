//! Quick randomized robustness run in the default test suite: random and mutated rules
//! files, FENs and table bytes go through every entry point, which must return a value
//! or an error — never panic, never hang. Deterministic (fixed seeds); the deep runs are
//! the cargo-fuzz targets in fuzz/.

use crate::common;

use common::reseal;
use piecewise::table;
use piecewise::Rules;

/// xorshift64*: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const TOKENS: &[&str] = &[
    "step",
    "ride",
    "leap",
    "then",
    "via",
    "piece",
    "foe",
    "friend",
    "empty",
    "captured",
    "turn",
    "same",
    "back",
    "±45",
    "90",
    "-45",
    "(1,2)",
    "(0,0)",
    "(99,1)",
    "orthogonal",
    "diagonal",
    "any",
    "forward",
    "sideways",
    "up to",
    "2..",
    "3..1",
    "0",
    "300",
    ",",
    "move only",
    "capture only",
    "initial",
    "from",
    "to",
    "not",
    "zone",
    "board",
    "square",
    "26x26",
    "0x3",
    "holes",
    "a1",
    "z99",
    "rank 2",
    "files a-c",
    "{",
    "}",
    "(",
    ")",
    "like",
    "Queen",
    "Cannon",
    "#",
    "\n",
    ";",
    "\"",
    "captures",
    "|",
    "absolute",
    "é",
    "\u{0}",
    "start \"8/8/8/8/8/8/8/8 w\"",
    "royal",
    "royals may not face",
    "castling",
    "with",
    "e1",
    "en passant",
    "promotion",
    "in",
    "optional",
    "also leaving",
    "only captured",
    "hand",
    "drop",
    "not in",
    "one per file",
    "not mating",
    "confine",
    "(+P)",
    "+",
    "push",
    "push friend",
    "push foe Box",
    "push empty",
    "one side",
    "sokoban pusher",
    "box",
    "wall",
];

/// A file with every game declaration, mutated alongside the shipped ones.
const GAME: &str = r#"board square 8x8
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
zone pawn_start = rank 2
zone last = rank 8
zone palace = d1-f2
royal King
castling King e1 to g1 with Rook h1 to f1
en passant Pawn
promotion Pawn to Rook | Tokin in last, optional, also leaving, only captured
hand
drop Pawn not in last, one per file, not mating
confine King to palace
royals may not face
piece King (K) { step any }
piece Rook (R) { ride orthogonal }
piece Pawn (P) { step forward, move only; ride forward 2, move only, from pawn_start, en passant }
piece Tokin (+P) { like King }
"#;

fn shipped() -> Vec<String> {
    ["rules/fairy.rules", "rules/chess.rules"]
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("shipped rules file"))
        .collect()
}

#[test]
fn mutated_game_declarations_never_panic() {
    assert!(piecewise::compile(GAME).is_ok(), "the base file compiles");
    let mut rng = Rng(0x5eed_6a3e);
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..300 {
        let src = mutate_text(&mut rng, GAME);
        match piecewise::compile(&src) {
            Ok(r) => {
                ok += 1;
                let _ = r.position("+P7/8/8/8/8/8/8/+p7 w");
            }
            Err(d) => {
                assert_reported(&d, &src);
                errors += 1;
            }
        }
    }
    assert!(ok > 0 && errors > 0, "ok {ok}, errors {errors}");
}

/// A failed compile carries an error, and every diagnostic renders.
fn assert_reported(d: &piecewise::diagnostics::Diagnostics, src: &str) {
    assert!(d.has_errors(), "an Err must carry an error:\n{src}");
    let text = d.render("mutated.rules", src, false);
    assert!(text.contains("error"), "{text}");
}

fn mutate_text(rng: &mut Rng, src: &str) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(4) {
            0 if !s.is_empty() => {
                let end = (at + rng.below(12)).min(s.len());
                s.drain(at.min(end)..end);
            }
            1 => {
                let tok = TOKENS[rng.below(TOKENS.len())];
                let tok: Vec<char> = format!(" {tok} ").chars().collect();
                s.splice(at..at, tok);
            }
            2 if !s.is_empty() => {
                let i = at.min(s.len() - 1);
                s[i] = (b' ' + rng.below(95) as u8) as char;
            }
            _ => s.truncate(at),
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_rules_files_never_panic() {
    let files = shipped();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut ok = 0;
    let mut errors = 0;
    for i in 0..300 {
        let src = mutate_text(&mut rng, &files[i % files.len()]);
        match piecewise::compile(&src) {
            Ok(_) => ok += 1,
            Err(d) => {
                assert_reported(&d, &src);
                errors += 1;
            }
        }
    }
    // Both outcomes must occur, or the mutations are not exercising anything.
    assert!(ok > 0 && errors > 0, "ok {ok}, errors {errors}");
}

#[test]
fn random_token_soup_never_panics() {
    let mut rng = Rng(42);
    for _ in 0..300 {
        let n = rng.below(40);
        let src: String = (0..n)
            .map(|_| TOKENS[rng.below(TOKENS.len())])
            .collect::<Vec<_>>()
            .join(" ");
        let _ = piecewise::compile(&src);
    }
}

#[test]
fn mutated_fens_are_read_or_rejected_with_a_position() {
    let files = shipped();
    let rules = piecewise::compile(&files[0]).expect("fairy compiles");
    let base = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "4k3/2x5/1h2e3/3LZ3/2N1D3/3X4/4H3/4K3 b",
        "8/8/8/8/8/8/8/8 w",
    ];
    let mut rng = Rng(7);
    let (mut ok, mut bad) = (0, 0);
    for i in 0..600 {
        let fen = mutate_text(&mut rng, base[i % base.len()]);
        match rules.position(&fen) {
            Ok(pos) => {
                ok += 1;
                // Walk every piece: must not panic on any readable position.
                for c in rules.board().cells() {
                    let _ = rules.moves_from(&pos, c);
                    let _ = rules.path_tree(&pos, c);
                }
            }
            Err(e) => {
                bad += 1;
                assert!(
                    e.offset() <= fen.len(),
                    "offset {} past {fen:?}",
                    e.offset()
                );
                let _ = e.render(&fen);
            }
        }
    }
    assert!(ok > 0 && bad > 0, "ok {ok}, bad {bad}");
}

#[test]
fn corrupted_tables_are_rejected_or_walk_safely() {
    let files = shipped();
    let rules: Rules = piecewise::compile(&files[1]).expect("chess compiles");
    let good = table::to_bytes(rules.table().table());
    let pos = rules
        .position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w")
        .expect("fen");
    let mut rng = Rng(99);
    let (mut rejected, mut walked) = (0, 0);
    for i in 0..400 {
        let mut b = good.clone();
        match i % 3 {
            0 => b.truncate(rng.below(b.len())),
            _ => {
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(b.len());
                    b[at] = rng.next() as u8;
                }
                if i % 3 == 1 {
                    reseal(&mut b);
                }
            }
        }
        let verified = table::from_bytes(&b)
            .map_err(|e| e.to_string())
            .and_then(|t| table::verify(t).map_err(|e| e.to_string()));
        match verified {
            Err(msg) => {
                assert!(!msg.is_empty());
                rejected += 1;
            }
            Ok(v) => {
                walked += 1;
                let mut w = piecewise::walk::Walker::new(&v);
                let pieces = v.table().pieces.len();
                for side in piecewise::ids::Side::BOTH {
                    for p in 0..pieces {
                        for c in v.table().board.cells() {
                            let mut n = piecewise::walk::Count::default();
                            w.walk(&pos, side, piecewise::ids::PieceId(p as u8), c, &mut n);
                        }
                    }
                }
            }
        }
    }
    assert!(rejected > 100, "rejected {rejected}, walked {walked}");
}

/// Sokoban rules with pushes for the board and table runs below.
const SOKOBAN: &str = "board square 9x7\none side\nsokoban pusher Pusher, box Box, wall Wall\n\
piece Pusher (P) { step orthogonal, push Box; ride diagonal, push foe }\n\
piece Box (B) { }\npiece Wall (W) { }\n";

const LEVEL: &str = "  #####\n###   #\n#.@$  #\n### $.#\n#.##$ #\n# # . ##\n#$ *$$.#\n";

#[test]
fn mutated_text_boards_are_read_or_rejected_with_a_place() {
    let game = piecewise::Game::compile(SOKOBAN).expect("compiles");
    let chars = [
        '#', '@', '+', '$', '*', '.', ' ', '-', '_', '\n', 'x', ';', '\t', 'é', '3', '|', '(', ')',
    ];
    let mut rng = Rng(0x50c0_ba11);
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..600 {
        let mut text: Vec<char> = LEVEL.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len() + 1);
            let c = chars[rng.below(chars.len())];
            match rng.below(3) {
                0 if at < text.len() => text[at] = c,
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ => text.insert(at, c),
            }
        }
        let text: String = text.into_iter().collect();
        match game.read_text_board(&text) {
            Ok(mut pos) => {
                ok += 1;
                let written = game.text_board(&pos).expect("a sokoban game");
                let again = game.read_text_board(&written).expect("own board reads");
                assert_eq!(again, pos, "{text:?} -> {written:?}");
                let mut s = game.move_generator();
                let mut moves = Vec::new();
                s.legal_moves(&mut pos, &mut moves);
                for m in &moves {
                    let undo = game.make(&mut pos, m);
                    game.unmake(&mut pos, undo);
                }
                assert_eq!(pos, again);
            }
            Err(e) => {
                errors += 1;
                assert!(!e.message().is_empty());
                let lines = text.lines().count();
                if let Some((line_no, column)) = e.place() {
                    assert!(line_no >= 1 && line_no <= lines, "{e} in {text:?}");
                    let line = text.lines().nth(line_no - 1).unwrap_or("");
                    // On run-length text the column may count in a decoded row.
                    assert!(
                        column >= 1
                            && (e.rle_row().is_some() || column <= line.chars().count().max(1)),
                        "{e} in {text:?}"
                    );
                }
            }
        }
    }
    assert!(ok > 50 && errors > 50, "ok {ok}, errors {errors}");
}

#[test]
fn corrupted_push_tables_are_rejected_or_walk_safely() {
    let rules: Rules = piecewise::compile(SOKOBAN).expect("compiles");
    let good = table::to_bytes(rules.table().table());
    let game = piecewise::Game::compile(SOKOBAN).expect("compiles");
    let pos = game.read_text_board(LEVEL).expect("level");
    let mut rng = Rng(0xb0c5);
    let (mut rejected, mut walked) = (0, 0);
    for i in 0..400 {
        let mut b = good.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(b.len());
            b[at] = rng.next() as u8;
        }
        if i % 2 == 0 {
            reseal(&mut b);
        }
        match table::from_bytes(&b)
            .map_err(|e| e.to_string())
            .and_then(|t| table::verify(t).map_err(|e| e.to_string()))
        {
            Err(msg) => {
                assert!(!msg.is_empty());
                rejected += 1;
            }
            Ok(v) => {
                walked += 1;
                let mut w = piecewise::walk::Walker::new(&v);
                let mut tree_sink = piecewise::path_tree::PathTreeBuilder::new();
                for side in piecewise::ids::Side::BOTH {
                    for p in 0..v.table().pieces.len() {
                        for c in v.table().board.cells() {
                            let mut list = piecewise::walk::MoveList::new();
                            let piece = piecewise::ids::PieceId(p as u8);
                            w.walk(&pos, side, piece, c, &mut list);
                            w.walk(&pos, side, piece, c, &mut tree_sink);
                        }
                    }
                }
            }
        }
    }
    assert!(
        rejected > 100 && walked > 10,
        "rejected {rejected}, walked {walked}"
    );
}

/// Pieces of every shape over every topology, mutated: compile or fail cleanly, and
/// every compiled board can be walked from every cell with a piece on it.
#[test]
fn mutated_topologies_never_panic() {
    let boards = [
        ("board hex radius 3", "±60", "leap (1,2)"),
        ("board hex 5x4", "±60", "leap (1,2)"),
        ("board tri 6x3", "±60", "leap (2,0)"),
        ("board octo 5x5", "±90", "leap (1,2)"),
        (
            "board graph \"boards/square8.json\"",
            "±90",
            "step orthogonal via empty or piece then step turn ±45",
        ),
        ("board square 5x5 holes c3", "±90", "leap (1,2)"),
    ];
    let words = [
        "radius", "hex", "tri", "octo", "graph", "30", "60", "(1,1)", "(2,1)", "±30", "turn",
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut rng = Rng(0xb0a2d);
    let (mut ok, mut errors) = (0, 0);
    for i in 0..240 {
        let (board, turn, knight) = boards[i % boards.len()];
        let mut src = format!(
            "{board}\npiece K (K) {{ step any }}\npiece R (R) {{ ride orthogonal }}\npiece H (H) {{ ride orthogonal then ride turn {turn} }}\npiece C (C) {{ ride orthogonal via piece then ride same, capture only }}\npiece N (N) {{ {knight} }}\n"
        );
        if i % 3 != 0 {
            src = mutate_text(&mut rng, &src);
        }
        if i % 5 == 0 {
            let at = rng.below(src.len() + 1);
            let w = words[rng.below(words.len())];
            if src.is_char_boundary(at) {
                src.insert_str(at, &format!(" {w} "));
            }
        }
        match piecewise::compile_at(&src, Some(&dir)) {
            Ok(r) => {
                ok += 1;
                let b = r.board();
                for c in b.cells() {
                    let _ = b.cell_name(c);
                    let _ = b.outline(c);
                    let mut cells = vec![piecewise::walk::Occupant::EMPTY; b.cell_count()];
                    for (k, p) in [0u8, 1, 2, 3, 4].iter().enumerate() {
                        if (*p as usize) < r.table().table().pieces.len() {
                            let at = (c.index() + 7 * k) % b.cell_count();
                            cells[at] = piecewise::walk::Occupant::piece(
                                if k % 2 == 0 {
                                    piecewise::ids::Side::First
                                } else {
                                    piecewise::ids::Side::Second
                                },
                                piecewise::ids::PieceId(*p),
                            );
                        }
                    }
                    let _ = r.moves_from(&cells, c);
                    let _ = r.path_tree(&cells, c);
                }
            }
            Err(d) => {
                assert_reported(&d, &src);
                errors += 1;
            }
        }
    }
    assert!(ok > 0 && errors > 0, "ok {ok}, errors {errors}");
}
