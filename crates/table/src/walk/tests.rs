//! Unit tests of the forward walk: small tables built through the public pipeline
//! ([`crate::compile`]) on an 8×8 board, and the plies a walk reports for them. Every
//! expected list was worked out by hand from the pieces' definitions.

use super::{Count, MoveList, Occupancy, Occupant, Ply, Sink, Visit, Walker};
use crate::ids::CellId;
use crate::position::Position;
use crate::rules::Rules;

/// The rules of `pieces` on an 8×8 board.
fn rules(pieces: &str) -> Rules {
    let src = format!("board square 8x8\n{pieces}");
    crate::compile(&src).unwrap_or_else(|d| panic!("does not compile: {d:?}\n{src}"))
}

fn cell(r: &Rules, name: &str) -> CellId {
    r.cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

/// One reported ply, kept whole.
#[derive(Clone, Debug)]
struct Landed {
    cells: Vec<CellId>,
    to: CellId,
    captures_to: bool,
    passing: Vec<CellId>,
    captures: Vec<CellId>,
    push: Option<(CellId, CellId)>,
    en_passant: bool,
}

/// Records every ply; `DISTINCT` as the const parameter says, and stops after `stop_after`
/// plies when it is set.
#[derive(Default)]
struct Recorder<const DISTINCT: bool> {
    plies: Vec<Landed>,
    visits: usize,
    stop_after: Option<usize>,
}

impl<const D: bool> Sink for Recorder<D> {
    const VISITS: bool = true;
    const DISTINCT: bool = D;

    fn visit(&mut self, _visit: &Visit) {
        self.visits += 1;
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        self.plies.push(Landed {
            cells: ply.cells().collect(),
            to: ply.to,
            captures_to: ply.captures_to,
            passing: ply.passing_captures().collect(),
            captures: ply.captures().collect(),
            push: ply.push(),
            en_passant: ply.is_en_passant(),
        });
        assert_eq!(ply.len(), ply.cells().count());
        assert!(!ply.is_empty());
    }

    fn done(&self) -> bool {
        self.stop_after.is_some_and(|n| self.plies.len() >= n)
    }
}

/// The board of a position, with every piece counted as moved (for `initial`).
struct Moved<'a>(&'a Position);

impl Occupancy for Moved<'_> {
    fn occupant(&self, cell: CellId) -> Occupant {
        self.0.occupant(cell)
    }

    fn unmoved(&self, _cell: CellId) -> bool {
        false
    }
}

/// Walks the piece on `from` (of the side its letter says) with `sink`; returns what
/// the walk returned.
fn walk_with<O: Occupancy + ?Sized, S: Sink>(
    r: &Rules,
    walker: &mut Walker<'_>,
    board: &O,
    from: &str,
    sink: &mut S,
) -> usize {
    let from = cell(r, from);
    let occupant = board.occupant(from);
    assert!(!occupant.is_empty(), "no piece on the start cell");
    walker.walk(board, occupant.side(), occupant.kind(), from, sink)
}

/// A ply as text: the destination, `x` if it captures there, `x<cell>` for each
/// capture in passing, `^<cell>` for a push.
fn text(r: &Rules, ply: &Landed) -> String {
    let mut s = r.cell_name(ply.to);
    if ply.captures_to {
        s.push('x');
    }
    for &c in &ply.passing {
        s.push('x');
        s.push_str(&r.cell_name(c));
    }
    if let Some((_, pushed_to)) = ply.push {
        s.push('^');
        s.push_str(&r.cell_name(pushed_to));
    }
    s
}

/// Walks the piece on `from` in `fen` with a fresh recorder (distinct moves or not,
/// as `D` says) and a fresh walker; checks that the walk counts what it reports.
fn record<const D: bool>(r: &Rules, fen: &str, from: &str) -> Recorder<D> {
    let pos = r.position(fen).expect("fen");
    let mut sink = Recorder::<D>::default();
    let n = walk_with(r, &mut r.walker(), &pos, from, &mut sink);
    assert_eq!(n, sink.plies.len(), "the walk counts what it reports");
    sink
}

/// The distinct plies of the piece on `from` in `fen`, as sorted texts.
fn plies(r: &Rules, fen: &str, from: &str) -> Vec<String> {
    let mut texts: Vec<String> = record::<true>(r, fen, from)
        .plies
        .iter()
        .map(|p| text(r, p))
        .collect();
    texts.sort();
    texts
}

const ROOK_AND_PAWN: &str = "piece Rook (R) { ride orthogonal }\npiece Pawn (P) { }\n";

/// Rook on d4, a friend on d6, a foe on f4.
const ROOK_FEN: &str = "8/8/3P4/8/3R1p2/8/8/8 w";

#[test]
fn a_rider_stops_before_a_friend_and_captures_a_foe() {
    let r = rules(ROOK_AND_PAWN);
    // Up: d5 (d6 is a friend). Right: e4, f4 capturing. Left: c4 b4 a4. Down: d3 d2 d1.
    assert_eq!(
        plies(&r, ROOK_FEN, "d4"),
        ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4x"]
    );
}

#[test]
fn a_ply_lists_its_cells_and_captures() {
    let r = rules(ROOK_AND_PAWN);
    let sink = record::<true>(&r, ROOK_FEN, "d4");
    let f4 = cell(&r, "f4");
    let capture = sink
        .plies
        .iter()
        .find(|p| p.to == f4)
        .expect("the capture on f4");
    assert_eq!(capture.cells, [cell(&r, "e4"), f4]);
    assert_eq!(capture.captures, [f4]);
    assert!(capture.passing.is_empty() && capture.push.is_none() && !capture.en_passant);
    // A visit for every node reached: 9 landings, the friend on d6 (no landing).
    assert_eq!(sink.visits, 10);
}

#[test]
fn a_leaper_at_the_edge() {
    let r = rules("piece Knight (N) { leap (1,2) }\npiece Pawn (P) { }\n");
    // From a1 only b3 and c2 are on the board.
    assert_eq!(plies(&r, "8/8/8/8/8/8/8/N7 w", "a1"), ["b3", "c2"]);
    // A foe on b3 is captured; a friend on c2 takes that cell away.
    assert_eq!(plies(&r, "8/8/8/8/8/1p6/2P5/N7 w", "a1"), ["b3x"]);
    // From h8 (top right corner) as the second side: f7 and g6.
    assert_eq!(plies(&r, "7n/8/8/8/8/8/8/8 b", "h8"), ["f7", "g6"]);
}

#[test]
fn a_hopper_lands_just_beyond_the_first_piece() {
    let r =
        rules("piece Grasshopper (G) { ride any via piece then step same }\npiece Pawn (P) { }\n");
    // Grasshopper on a1; a friend on a3 (hop to a4), a foe on c3 (hop to d4, where a
    // foe stands: captured). Along rank 1 no piece: nothing.
    assert_eq!(plies(&r, "8/8/8/8/3p4/P1p5/8/G7 w", "a1"), ["a4", "d4x"]);
}

#[test]
fn a_lame_leaper_is_blocked_at_its_first_step() {
    let r = rules("piece Horse (H) { step orthogonal then step turn ±45 }\npiece Pawn (P) { }\n");
    // Eight moves from d4 on an empty board.
    assert_eq!(
        plies(&r, "8/8/8/8/3H4/8/8/8 w", "d4"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    // A friend on d5 blocks the two moves through d5 (c6 and e6).
    assert_eq!(
        plies(&r, "8/8/8/3P4/3H4/8/8/8 w", "d4"),
        ["b3", "b5", "c2", "e2", "f3", "f5"]
    );
}

#[test]
fn a_locust_captures_in_passing() {
    let r = rules(
        "piece Man (D) {\n\
             step forward-diagonal, move only\n\
             step forward-diagonal via foe captured then step same, move only\n\
         }\npiece Pawn (P) { }\n",
    );
    // Man on c3, a foe on d4 with e5 empty behind it: b4, and e5 capturing d4.
    assert_eq!(plies(&r, "8/8/8/8/3p4/2D5/8/8 w", "c3"), ["b4", "e5xd4"]);
    let sink = record::<true>(&r, "8/8/8/8/3p4/2D5/8/8 w", "c3");
    let jump = sink
        .plies
        .iter()
        .find(|p| p.to == cell(&r, "e5"))
        .expect("the jump");
    assert!(!jump.captures_to);
    assert_eq!(jump.captures, [cell(&r, "d4")]);
    assert_eq!(jump.cells, [cell(&r, "d4"), cell(&r, "e5")]);
}

#[test]
fn an_initial_pattern_needs_an_unmoved_piece() {
    let r =
        rules("piece Pawn (P) { step forward, move only; ride forward 2, move only, initial }\n");
    let fen = "8/8/8/8/8/8/3P4/8 w";
    let unmoved = record::<true>(&r, fen, "d2");
    let mut to: Vec<String> = unmoved.plies.iter().map(|p| text(&r, p)).collect();
    to.sort();
    assert_eq!(to, ["d3", "d4"]);
    let pos = r.position(fen).expect("fen");
    let mut moved = Recorder::<true>::default();
    walk_with(&r, &mut r.walker(), &Moved(&pos), "d2", &mut moved);
    let to: Vec<String> = moved.plies.iter().map(|p| text(&r, p)).collect();
    assert_eq!(to, ["d3"]);
}

#[test]
fn en_passant_is_on_the_double_step_only() {
    let r = rules(
        "en passant P\n\
         piece P (P) { step forward, move only; ride forward 2, move only, en passant }\n",
    );
    let sink = record::<true>(&r, "8/8/8/8/8/8/3P4/8 w", "d2");
    let mut seen: Vec<(String, bool)> = sink
        .plies
        .iter()
        .map(|p| (r.cell_name(p.to), p.en_passant))
        .collect();
    seen.sort();
    assert_eq!(seen, [("d3".to_string(), false), ("d4".to_string(), true)]);
}

const PUSHER: &str = "piece Pusher (S) { step orthogonal, push Box }\npiece Box (B) { }\n";

/// Pusher on d4; boxes on d5 (d6 free behind it), e4 and f4 (a box behind it).
const PUSH_FEN: &str = "8/8/8/3B4/3SBB2/8/8/8 w";

#[test]
fn a_push_moves_the_box_on_when_the_cell_beyond_is_free() {
    let r = rules(PUSHER);
    // North pushes d5 to d6; east is blocked by the second box; west and south are free.
    assert_eq!(plies(&r, PUSH_FEN, "d4"), ["c4", "d3", "d5^d6"]);
    let sink = record::<true>(&r, PUSH_FEN, "d4");
    let push = sink
        .plies
        .iter()
        .find(|p| p.push.is_some())
        .expect("the push");
    assert_eq!(push.push, Some((cell(&r, "d5"), cell(&r, "d6"))));
    assert!(!push.captures_to && push.captures.is_empty());
}

/// Two orthogonal steps: on an empty board from d4, 12 paths end on 8 cells (the 4 paths
/// there and back are null moves, not moves).
const TWO_STEPS: &str = "piece Walker (W) { step orthogonal then step orthogonal }\n";
const TWO_STEPS_FEN: &str = "8/8/8/8/3W4/8/8/8 w";

#[test]
fn distinct_sinks_see_each_move_once() {
    let r = rules(TWO_STEPS);
    // d6 d2 b4 f4 one way each; c5 e5 c3 e3 two ways each; never back to d4.
    assert_eq!(
        plies(&r, TWO_STEPS_FEN, "d4"),
        ["b4", "c3", "c5", "d2", "d6", "e3", "e5", "f4"]
    );
    let every = record::<false>(&r, TWO_STEPS_FEN, "d4");
    assert_eq!(every.plies.len(), 12);
    assert!(every.plies.iter().all(|p| p.to != cell(&r, "d4")));
}

#[test]
fn a_pattern_declared_pass_may_end_where_it_started() {
    let r = rules("piece Walker (W) { step orthogonal then step orthogonal, pass }\n");
    assert_eq!(
        plies(&r, TWO_STEPS_FEN, "d4"),
        ["b4", "c3", "c5", "d2", "d4", "d6", "e3", "e5", "f4"]
    );
    let every = record::<false>(&r, TWO_STEPS_FEN, "d4");
    assert_eq!(every.plies.len(), 16);
    let back = every
        .plies
        .iter()
        .filter(|p| p.to == cell(&r, "d4"))
        .count();
    assert_eq!(back, 4, "there and back, one way per direction");
}

#[test]
fn a_path_back_to_its_start_after_a_capture_in_passing_is_a_move() {
    // The Lion's igui: capture next to it and step back, without `pass`.
    let r = rules(
        "piece Lion (L) { step any via empty or foe captured then step any }\npiece Pawn (P) { }\n",
    );
    let sink = record::<true>(&r, "8/8/8/3p4/3L4/8/8/8 w", "d4");
    let home: Vec<_> = sink
        .plies
        .iter()
        .filter(|p| p.to == cell(&r, "d4"))
        .collect();
    assert_eq!(home.len(), 1, "igui on d5 only: {:?}", sink.plies.len());
    assert_eq!(home[0].captures, [cell(&r, "d5")]);
}

#[test]
fn a_path_never_passes_a_cell_twice() {
    // A step forward, then a ride straight back: it would cross its own start cell
    // (d3, d2, d1 before whole-path rules); a path that crosses itself ends there.
    let r =
        rules("piece Back (B) { step forward then ride back; step forward then ride sideways }\n");
    assert_eq!(
        plies(&r, "8/8/8/8/3B4/8/8/8 w", "d4"),
        ["a5", "b5", "c5", "e5", "f5", "g5", "h5"]
    );
}

#[test]
fn count_and_move_list_agree() {
    for (pieces, fen, from, want) in [
        (ROOK_AND_PAWN, ROOK_FEN, "d4", 9),
        (TWO_STEPS, TWO_STEPS_FEN, "d4", 8),
        (PUSHER, PUSH_FEN, "d4", 3),
    ] {
        let r = rules(pieces);
        let pos = r.position(fen).expect("fen");
        let mut walker = r.walker();
        let mut count = Count::default();
        assert_eq!(walk_with(&r, &mut walker, &pos, from, &mut count), want);
        assert_eq!(count, Count(want as u64));
        let mut list = MoveList::new();
        assert_eq!(walk_with(&r, &mut walker, &pos, from, &mut list), want);
        assert_eq!(list.len(), want);
        let ends: Vec<CellId> = list.iter().map(|m| m.to).collect();
        let mut distinct = ends.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            ends.len(),
            "{fen}: one move per destination"
        );
    }
}

#[test]
fn a_sink_that_is_done_ends_the_walk_and_the_walker_is_reusable() {
    for (pieces, fen, want) in [
        (ROOK_AND_PAWN, ROOK_FEN, 9),
        (TWO_STEPS, TWO_STEPS_FEN, 8),
        (PUSHER, "8/8/8/3B4/3S4/8/8/8 w", 4),
    ] {
        let r = rules(pieces);
        let pos = r.position(fen).expect("fen");
        let mut walker = r.walker();
        let mut first = Recorder::<true> {
            stop_after: Some(1),
            ..Recorder::default()
        };
        assert_eq!(walk_with(&r, &mut walker, &pos, "d4", &mut first), 1);
        assert_eq!(first.plies.len(), 1, "{fen}");
        let mut all = Recorder::<true>::default();
        assert_eq!(walk_with(&r, &mut walker, &pos, "d4", &mut all), want);
        assert_eq!(all.plies.len(), want, "{fen}");
        // The one ply seen before stopping is the first ply of the full walk.
        assert_eq!(first.plies[0].to, all.plies[0].to, "{fen}");
        assert!(first.visits < all.visits, "{fen}: the walk went no further");
    }
}

#[test]
fn a_walk_stops_right_after_a_push() {
    // Boxes on the four neighbours of d4, each with a free cell behind it: every ply is
    // a push, so the first one reported ends the walk inside the displacement.
    let r = rules(PUSHER);
    let fen = "8/8/8/3B4/2BSB3/3B4/8/8 w";
    assert_eq!(plies(&r, fen, "d4"), ["c4^b4", "d3^d2", "d5^d6", "e4^f4"]);
    let pos = r.position(fen).expect("fen");
    let mut walker = r.walker();
    let mut first = Recorder::<true> {
        stop_after: Some(1),
        ..Recorder::default()
    };
    assert_eq!(walk_with(&r, &mut walker, &pos, "d4", &mut first), 1);
    assert_eq!(first.plies.len(), 1);
    assert!(first.plies[0].push.is_some());
    let mut count = Count::default();
    assert_eq!(walk_with(&r, &mut walker, &pos, "d4", &mut count), 4);
}
