//! Unit tests of the compact encoding and of the list's filter.
use super::*;

/// Pushes `m` alone into a list: whether it stayed compact, after checking that it
/// decodes to itself.
fn compact(m: GameMove) -> bool {
    let mut list = MoveList::new();
    list.push(m);
    let c = list.moves()[0];
    assert_eq!(list.decode(c), m);
    c.is_self_contained()
}

fn normal(piece: u8, from: u16, to: u16) -> GameMove {
    GameMove::simple(MoveKind::Normal, PieceId(piece), CellId(from), CellId(to))
}

#[test]
fn every_field_the_encoding_holds_round_trips() {
    let mut m = normal(63, 4095, 4094);
    assert!(compact(m));
    m.captures_to = true;
    m.promotion = Some(PieceId(63));
    assert!(compact(m));
    let mut double = normal(0, 12, 28);
    (double.ep[0], double.n_ep) = (20, 1);
    assert!(compact(double));
    let ep = MoveKind::EnPassant {
        victim: CellId(4000),
    };
    assert!(compact(GameMove::simple(
        ep,
        PieceId(1),
        CellId(3),
        CellId(9)
    )));
    let castle = MoveKind::Castling(31);
    assert!(compact(GameMove::simple(
        castle,
        PieceId(5),
        CellId(4),
        CellId(6)
    )));
    assert!(compact(GameMove::simple(
        MoveKind::Drop,
        PieceId(7),
        CellId(9),
        CellId(9)
    )));
}

#[test]
fn moves_too_rich_or_too_big_go_to_the_side_table() {
    assert!(!compact(normal(0, 4096, 1)));
    assert!(!compact(normal(0, 1, 4096)));
    assert!(!compact(normal(64, 1, 2)));
    let mut m = normal(0, 1, 2);
    m.promotion = Some(PieceId(64));
    assert!(!compact(m));
    let mut two = normal(0, 1, 3);
    two.ep[..2].copy_from_slice(&[2, 3]);
    two.n_ep = 2;
    assert!(!compact(two));
    for change in [
        |m: &mut GameMove| m.push_to = Some(CellId(7)),
        |m: &mut GameMove| m.duck = Some(CellId(7)),
        |m: &mut GameMove| m.convert = Some(PieceId(2)),
        |m: &mut GameMove| m.mark = 1,
        |m: &mut GameMove| (m.passing[0], m.n_passing) = (5, 1),
    ] {
        let mut m = normal(0, 1, 2);
        change(&mut m);
        assert!(!compact(m));
    }
    let mut ep = GameMove::simple(
        MoveKind::EnPassant { victim: CellId(5) },
        PieceId(0),
        CellId(1),
        CellId(2),
    );
    (ep.ep[0], ep.n_ep) = (3, 1);
    assert!(!compact(ep));
}

#[test]
fn a_list_keeps_side_table_indices_through_the_filter() {
    let mut list = MoveList::new();
    let mut rich = normal(0, 1, 2);
    rich.push_to = Some(CellId(3));
    for m in [normal(0, 1, 5), rich, normal(0, 6, 7), rich] {
        list.push(m);
    }
    // Drop the plain move from cell 1 and the first side-table move.
    let mut seen = 0;
    list.retain_judged(
        0,
        |from| from != 1,
        |m| {
            seen += usize::from(m.push_to.is_some());
            m.push_to.is_some() && seen > 1
        },
    );
    assert_eq!(list.len(), 2);
    assert_eq!(list.decode(list.moves()[0]), normal(0, 6, 7));
    assert_eq!(list.decode(list.moves()[1]), rich);
}
