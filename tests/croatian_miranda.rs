//! Miranda's Veil (`rules/croatian-miranda.rules`, 16×16), the first Croatian Chess
//! variant with Waves: transparency (riders and rushing Pawns pass over Waves) and
//! activation (any own piece may hand the move to an own Wave, which moves as its
//! activator, never capturing; material pieces activate the passive Pyramid on their
//! capture cells). Exact move lists of hand-checked positions, legal moves and perft
//! against an independent brute-force generator written here from the book's rules as
//! the file covers them (its header), FEN read-back and make/unmake after cascades, and
//! the path tree of a cascade (insta snapshots, checked by hand).

mod common;

use common::{legal, play};
use piecewise::Game;

const N: usize = 16;

/// A board for the brute force: 16×16 cells, a1 = 0, b1 = 1, ...; letters as FEN.
#[derive(Clone)]
struct Board {
    cells: Vec<Option<char>>,
}

fn parse(fen: &str) -> (Board, bool) {
    let mut cells = vec![None; N * N];
    let mut parts = fen.split(' ');
    for (r, row) in parts.next().unwrap().split('/').enumerate() {
        let (mut f, mut digits) = (0, 0usize);
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            f += digits;
            digits = 0;
            cells[(N - 1 - r) * N + f] = Some(ch);
            f += 1;
        }
    }
    (Board { cells }, parts.next() == Some("w"))
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % N) as u8) as char, c / N + 1)
}

fn offset(c: usize, dx: i32, dy: i32) -> Option<usize> {
    let n = N as i32;
    let (x, y) = ((c % N) as i32 + dx, (c / N) as i32 + dy);
    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| (y * n + x) as usize)
}

fn white(p: char) -> bool {
    p.is_ascii_uppercase()
}

fn kind(p: char) -> char {
    p.to_ascii_uppercase()
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum End {
    Quiet,
    Capture,
    Activate,
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The 8 images of `(a, b)` under the square's symmetries.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !v.contains(&(x * sx, y * sy)) {
                v.push((x * sx, y * sy));
            }
        }
    }
    v
}

/// The ends of one ply walked with the moves of `kind` by a piece of side `w` standing
/// on `from` (an activated Wave walks with its activator's kind and its own side),
/// read off the book as the file covers it:
/// - every piece may end on an own Wave or Pyramid, activating it, and captures an
///   enemy where it lands (a `move_only` relay never does; a Pyramid never takes a King);
///   a Pawn activates Waves on its step cells and Waves and Pyramids on its capture
///   cells, and captures only diagonally;
/// - riders (Queen, Rook, Bishop, Pegasus, Pyramid) may also pass over any Waves in a
///   straight line, then land on an empty cell or capture an enemy (a Wave too) behind
///   them, without activating there;
/// - a Pawn on its starting rank rushes 2 to 6 cells over empty cells and Waves, ending
///   on an empty cell or activating an own Wave;
/// - the Unicorn leaps as a Knight from a cell of its side's colour (light for White,
///   dark for Black; a1 is dark), (1,4) or (2,3) from the other.
fn ends(b: &Board, kind: char, w: bool, from: usize, move_only: bool) -> Vec<(usize, End)> {
    let mut out = Vec::new();
    let land = |t: usize, acts: &[char], out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if white(q) != w => {
            if !move_only && !(kind == 'A' && self::kind(q) == 'K') {
                out.push((t, End::Capture));
            }
        }
        Some(q) => {
            if acts.contains(&self::kind(q)) {
                out.push((t, End::Activate));
            }
        }
    };
    let both = ['W', 'A'];
    let ride = |dirs: &[(i32, i32)], max: usize, out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in dirs {
            let mut c = from;
            // Plain: up to and including the first piece met.
            for _ in 0..max {
                let Some(t) = offset(c, dx, dy) else { break };
                land(t, &both, out);
                if b.cells[t].is_some() {
                    break;
                }
                c = t;
            }
            if max == 1 {
                continue;
            }
            // Transparent: past the first Wave met (empty cells before it), then on
            // over empty cells and Waves.
            let mut c = from;
            let mut passed = false;
            while let Some(t) = offset(c, dx, dy) {
                c = t;
                match b.cells[t] {
                    None if passed => out.push((t, End::Quiet)),
                    None => {}
                    Some(q) if self::kind(q) == 'W' => {
                        if passed && white(q) != w && !move_only {
                            out.push((t, End::Capture));
                        }
                        passed = true;
                    }
                    Some(q) => {
                        if passed
                            && white(q) != w
                            && !move_only
                            && !(kind == 'A' && self::kind(q) == 'K')
                        {
                            out.push((t, End::Capture));
                        }
                        break;
                    }
                }
            }
        }
    };
    let all: Vec<(i32, i32)> = ORTHO.iter().chain(&DIAG).copied().collect();
    match kind {
        'K' => ride(&all, 1, &mut out),
        'Q' => ride(&all, 99, &mut out),
        'R' | 'A' => ride(&ORTHO, 99, &mut out),
        'B' => ride(&DIAG, 99, &mut out),
        'N' => ride(&images(1, 2), 1, &mut out),
        'E' => ride(&images(1, 2), 99, &mut out),
        'U' => {
            let light = (from % N + from / N) % 2 == 1;
            if light == w {
                ride(&images(1, 2), 1, &mut out);
            } else {
                let long: Vec<_> = images(1, 4).into_iter().chain(images(2, 3)).collect();
                ride(&long, 1, &mut out);
            }
        }
        'P' => {
            let dy = if w { 1 } else { -1 };
            if let Some(t) = offset(from, 0, dy) {
                match b.cells[t] {
                    None => out.push((t, End::Quiet)),
                    Some(q) if white(q) == w && self::kind(q) == 'W' => {
                        out.push((t, End::Activate))
                    }
                    _ => {}
                }
            }
            for dx in [-1, 1] {
                if let Some(t) = offset(from, dx, dy) {
                    if b.cells[t].is_some() {
                        land(t, &both, &mut out);
                    }
                }
            }
            let start_rank = if w { 1 } else { N - 2 };
            if from / N == start_rank {
                let mut c = from;
                for k in 1..=6 {
                    let Some(t) = offset(c, 0, dy) else { break };
                    c = t;
                    let cell = b.cells[t];
                    if k >= 2 {
                        match cell {
                            None => out.push((t, End::Quiet)),
                            Some(q) if white(q) == w && self::kind(q) == 'W' => {
                                out.push((t, End::Activate))
                            }
                            _ => {}
                        }
                    }
                    if cell.is_some_and(|q| self::kind(q) != 'W') {
                        break;
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// A move: the chain of cells (start, then each ply's end) and a promotion letter.
type Move = (Vec<usize>, Option<char>);

const PROMOTIONS: [char; 8] = ['q', 'r', 'b', 'n', 'e', 'a', 'u', 'w'];

/// Pseudo-legal moves. Passive Waves and Pyramids start no move; an activated piece
/// walks from its cell on the board as the cascade leaves it (the activator on its
/// cell), a Wave with its activator's moves, never capturing; a ply never ends where a
/// piece of the cascade now stands; a move has at most 4 plies. A Pawn that ends its
/// own ply on the last rank promotes (to any piece but Pawn and King).
fn moves(b: &Board, w: bool) -> Vec<Move> {
    let mut out = Vec::new();
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from] else { continue };
        if white(p) != w || matches!(kind(p), 'A' | 'W') {
            continue;
        }
        let mut after = b.clone();
        after.cells[from] = None;
        for (to, end) in ends(b, kind(p), w, from, false) {
            if end == End::Activate {
                assert!(
                    kind(p) != 'P' || to / N != if w { N - 1 } else { 0 },
                    "not modelled: a Pawn activating on the last rank"
                );
                cascade(&mut after, vec![from, to], p, kind(p), &mut out);
            } else if kind(p) == 'P' && to / N == if w { N - 1 } else { 0 } {
                out.extend(PROMOTIONS.iter().map(|&c| (vec![from, to], Some(c))));
            } else {
                out.push((vec![from, to], None));
            }
        }
    }
    out
}

fn cascade(b: &mut Board, chain: Vec<usize>, activator: char, walk_as: char, out: &mut Vec<Move>) {
    let at = *chain.last().unwrap();
    let piece = b.cells[at].unwrap();
    let relay = kind(piece) == 'W';
    let walk = if relay { walk_as } else { kind(piece) };
    b.cells[at] = Some(activator);
    for (to, end) in ends(b, walk, white(piece), at, relay) {
        if chain[1..].contains(&to) {
            continue;
        }
        let mut longer = chain.clone();
        longer.push(to);
        match end {
            End::Activate if longer.len() <= 4 => cascade(b, longer, piece, walk, out),
            End::Activate => {}
            _ => out.push((longer, None)),
        }
    }
    b.cells[at] = Some(piece);
}

fn apply(b: &Board, (chain, promo): &Move) -> Board {
    let mut cells = b.cells.clone();
    cells[chain[0]] = None;
    for i in 0..chain.len() - 1 {
        cells[chain[i + 1]] = b.cells[chain[i]];
    }
    if let Some(c) = promo {
        let to = chain[1];
        cells[to] = Some(if white(b.cells[chain[0]].unwrap()) {
            c.to_ascii_uppercase()
        } else {
            *c
        });
    }
    Board { cells }
}

fn has_king(b: &Board, w: bool) -> bool {
    b.cells.contains(&Some(if w { 'K' } else { 'k' }))
}

/// Legal moves: after the whole cascade, no reply (cascades included) takes the King.
fn legal_moves(b: &Board, w: bool) -> Vec<Move> {
    moves(b, w)
        .into_iter()
        .filter(|m| {
            let after = apply(b, m);
            has_king(&after, w)
                && !moves(&after, !w)
                    .iter()
                    .any(|r| !has_king(&apply(&after, r), w))
        })
        .collect()
}

fn perft(b: &Board, w: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(b, w);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&apply(b, m), !w, depth - 1))
        .sum()
}

fn text((chain, promo): &Move) -> String {
    let mut s = format!("{}{}", name(chain[0]), name(chain[1]));
    for &c in &chain[2..] {
        s.push('>');
        s.push_str(&name(c));
    }
    if let Some(c) = promo {
        s.push(*c);
    }
    s
}

fn brute_legal(fen: &str) -> Vec<String> {
    let (b, w) = parse(fen);
    let mut v: Vec<String> = legal_moves(&b, w).iter().map(text).collect();
    v.sort();
    v
}

fn miranda() -> Game {
    common::game("croatian-miranda")
}

const START: &str = "reauwnbqkbnwuaer/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/REAUWNBQKBNWUAER w KQkq - 0 1";

fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The moves of `fen` that start on `from`.
fn moves_from(g: &Game, fen: &str, from: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

// ------------------------------------------------------------ the start position

/// The book's start position (libcrochess's setup table and the chapter's diagram: the
/// Wave between each Knight and Unicorn). Perft 1 is 124, counted by hand: 16 Pawns ×
/// (a step and a rush of 2 to 6) = 96; Pegasi b1 and o1 8 each (a3 or n3, and seven
/// leaps up one line to i15 or h15); the Unicorn d1 (light cell: a Knight) 2, m1 (dark:
/// the long leaps j3 k4 l5 n5 o4 p3) 6; Knights f1 and k1 2 each. No piece reaches a
/// Wave or a Pyramid. Perft 1 and 2 agree with the brute force.
#[test]
fn the_start_position_and_its_perft_agree_with_a_brute_force_count() {
    let g = miranda();
    let pos = g.start_position().unwrap();
    assert_eq!(g.fen(&pos), START);
    assert_eq!(g.perft(&pos, 1), 124);
    let (b, w) = parse(START);
    for depth in 1..=2 {
        assert_eq!(g.perft(&pos, depth), perft(&b, w, depth), "depth {depth}");
    }
}

// ------------------------------------------------------------ hand-checked moves

/// A Rook meeting Waves: transparency, activation of its own Wave, capture of the
/// enemy's, activation of a Pyramid. Checked by hand against the book ("Wave is
/// transparent": a piece may activate its own Wave, capture the enemy's or move past
/// both; "Pyramid ... activated ... on its capture-fields"):
/// - up the d-file: d5 d6, then the own Wave on d7, which it may activate or pass;
///   past it d8 d9, the black Wave on d10 (captured, or passed), d11 d12 and the black
///   Pawn on d13, captured; left c4 and the black Knight b4; right e4 f4 and the own
///   Pyramid g4 (activated); down d3 d2 d1;
/// - the Wave activated on d7 rides as a Rook from d7, never capturing: rank 7 both
///   ways, d8 d9, past the black Wave d11 d12 (not the Pawn d13), and down to d1
///   (d4 is empty now);
/// - the Pyramid activated on g4 rides as a Rook from g4: the whole g-file, rank 4 to
///   p4, and left to the Knight on b4, which it captures (d4 is empty now).
#[test]
fn a_rook_passes_waves_activates_its_own_captures_the_enemys_and_activates_a_pyramid() {
    let g = miranda();
    let fen = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    let mut expected =
        words("d4d5 d4d6 d4d8 d4d9 d4d10 d4d11 d4d12 d4d13 d4c4 d4b4 d4e4 d4f4 d4d3 d4d2 d4d1");
    for to in
        "a7 b7 c7 e7 f7 g7 h7 i7 j7 k7 l7 m7 n7 o7 p7 d8 d9 d11 d12 d6 d5 d4 d3 d2 d1".split(' ')
    {
        expected.push(format!("d4d7>{to}"));
    }
    for to in "b4 c4 d4 e4 f4 h4 i4 j4 k4 l4 m4 n4 o4 p4 g1 g2 g3 g5 g6 g7 g8 g9 g10 g11 g12 g13 g14 g15 g16"
        .split(' ')
    {
        expected.push(format!("d4g4>{to}"));
    }
    expected.sort();
    assert_eq!(moves_from(&g, fen, "d4"), expected);
    assert_eq!(
        legal(&g, fen).len(),
        expected.len() + 3,
        "and the King's o1 o2 p2"
    );
    assert_eq!(legal(&g, fen), brute_legal(fen));
}

/// A Pawn meeting Waves. By hand, from the book ("Single-step pieces and transparency",
/// "Activated by stepping Pawn", "Activating Pyramid"): e3; the rush over the own Wave
/// on e4 (which it may activate: the Wave then moves as the Pawn, one step to e5) and
/// over the black Wave on e6 (on which it may not stop) to e5, e7 and e8 (6 cells at
/// most); the own Pyramid on its capture cell f3, activated, rides from f3 (e2 empty
/// now, the King on f1 stops it at f2).
#[test]
fn a_pawn_rushes_over_waves_and_activates_a_wave_and_a_pyramid() {
    let g = miranda();
    let fen = "k15/16/16/16/16/16/16/16/16/16/4w11/16/4W11/5A10/4P11/5K10 w - - 0 1";
    let mut expected = words("e2e3 e2e5 e2e7 e2e8 e2e4>e5");
    for to in "a3 b3 c3 d3 e3 g3 h3 i3 j3 k3 l3 m3 n3 o3 p3 f2 f4 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14 f15 f16"
        .split(' ')
    {
        expected.push(format!("e2f3>{to}"));
    }
    expected.sort();
    assert_eq!(moves_from(&g, fen, "e2"), expected);
    assert_eq!(legal(&g, fen), brute_legal(fen));
}

/// Cascades of several plies (Bishop → Wave → Wave → Pyramid), Pegasi and a Queen
/// passing Waves, Unicorns on both colours, Knights stopped by Waves, pins and checks
/// through Waves, both sides: every legal move and perft 2 agree with the brute force.
#[test]
fn positions_with_waves_agree_with_a_brute_force_generator() {
    let g = miranda();
    for fen in [
        // Bishop a1 → Wave c3 (as a Bishop) → Wave e5 → Pyramid h8 (its own Rook line).
        "8k7/16/16/16/16/16/16/16/7A8/16/16/4W11/16/2W13/16/B11K3 w - - 0 1",
        // A black Queen checking through a white Wave; the white Wave cannot block it.
        "7k8/16/16/16/16/16/16/7q8/16/16/16/16/7W8/16/16/2N4K8 w - - 0 1",
        // Black to move: a Pegasus passing a Wave, activating its own Wave; Unicorns.
        "4k11/3p12/16/16/16/16/7e8/16/5w3W6/16/2u13/16/9q6/16/3P2B9/8K7 b - - 0 1",
        // Waves of both sides around both Kings, Knights, a Unicorn on each colour.
        "8k7/7p8/6w1n7/16/16/16/5U10/16/16/16/6u9/16/16/5N1W8/7P8/8K7 w - - 0 1",
    ] {
        let expected = brute_legal(fen);
        assert_eq!(legal(&g, fen), expected, "{fen}");
        assert!(
            fen.contains('q') || expected.iter().any(|m| m.contains('>')),
            "{fen}"
        );
        let pos = g.position(fen).unwrap();
        let (b, w) = parse(fen);
        assert_eq!(g.perft(&pos, 2), perft(&b, w, 2), "{fen}");
    }
}

/// The four-ply cascade of the first position above, by hand: the Bishop a1 activates
/// the Wave on c3, which (moving as a Bishop) activates the Wave on e5, which (as a
/// Bishop) activates the Pyramid on h8, which rides as a Rook from h8.
#[test]
fn a_cascade_of_four_plies() {
    let g = miranda();
    let fen = "8k7/16/16/16/16/16/16/16/7A8/16/16/4W11/16/2W13/16/B11K3 w - - 0 1";
    let moves = legal(&g, fen);
    let four: Vec<&String> = moves
        .iter()
        .filter(|m| m.matches('>').count() == 3)
        .collect();
    assert!(!four.is_empty());
    assert!(
        four.iter().all(|m| m.starts_with("a1c3>e5>h8>")),
        "{four:?}"
    );
    assert!(moves.contains(&"a1c3>e5>h8>h16".to_string()));
    // The Pyramid never takes the King: i.e. not i9 (empty) but h16 is the file's end.
    assert!(!moves.iter().any(|m| m.ends_with(">i16")));
}

/// A Wave is transparent, so it cannot be pinned and does not shield (book, "Wave is
/// not pinned"): the black Queen on h9 checks the King on h1 past the white Wave on h4.
/// By hand: the Knight on c1 cannot reach h2 or h3, the King cannot activate the Wave
/// three cells away, so only the King's steps off the h-file remain.
#[test]
fn a_queen_checks_past_a_wave() {
    let g = miranda();
    let fen = "7k8/16/16/16/16/16/16/7q8/16/16/16/16/7W8/16/16/2N4K8 w - - 0 1";
    assert_eq!(legal(&g, fen), words("h1g1 h1g2 h1i1 h1i2"));
}

// ------------------------------------------------------------ FEN, make/unmake

/// Cascades played and read back through FEN; make/unmake of every legal move of the
/// hand-checked positions restores the position and its hash.
#[test]
fn cascades_read_back_through_fen_and_unmake() {
    let g = miranda();
    let a = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    // The Rook on d7, the Wave it activated on d12.
    assert_eq!(
        play(&g, a, &["d4d7>d12"]),
        "15k/16/16/3p12/3W12/16/3w12/16/16/3R12/16/16/1n4A9/16/16/15K b - - 1 1"
    );
    // The Rook on g4, the Pyramid it activated takes the Knight on b4.
    assert_eq!(
        play(&g, a, &["d4g4>b4", "p16o16"]),
        "14k1/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1A4R9/16/16/15K w - - 1 2"
    );
    let b = "k15/16/16/16/16/16/16/16/16/16/4w11/16/4W11/5A10/4P11/5K10 w - - 0 1";
    play(&g, b, &["e2e4>e5"]);
    play(&g, START, &["b1d5", "o16n14", "d5e7"]);
    for fen in [a, b, START] {
        assert!(!common::make_unmake_round_trip(&g, fen).is_empty());
    }
}

// ------------------------------------------------------------ path tree

use common::cli::tree;

/// The Rook's tree in the first hand-checked position, read by hand against the seed's
/// text: d7 is an activation (`>`, ply 2 below: the Wave moving as the Rook, never
/// capturing), the path goes on past it (transparency) to the black Wave on d10, which
/// may be captured or passed, and to the Pawn on d13; g4 activates the Pyramid (ply 2:
/// its own moves).
#[test]
fn the_tree_of_a_rook_meeting_waves_and_a_pyramid() {
    let fen = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    let text = tree("rules/croatian-miranda.rules", fen, "d4", false);
    assert!(text.contains("activations:"), "{text}");
    assert!(text.contains("ply 2: white Wave on d7"), "{text}");
    assert!(text.contains("ply 2: white Pyramid on g4"), "{text}");
    insta::assert_snapshot!("miranda_rook_waves_pyramid", text);
}
