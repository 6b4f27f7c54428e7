//! The back end (compile → link → verify → walk) on hand-built IR, independent of the
//! parser: move counts on an empty board and with blockers, and table properties.

use crate::common;

use piecewise::diagnostics::Diagnostics;
use piecewise::ids::Span;
use piecewise::ir::*;
use piecewise::Rules;

fn sym(a: i8, b: i8) -> Vec<Vector> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                v.push(Vector::new(x * sx, y * sy));
            }
        }
    }
    v.sort();
    v.dedup();
    v
}

fn leg(dirs: LegDirs, min: u16, max: Option<u16>) -> Leg {
    Leg {
        dirs,
        min,
        max,
        momentum: false,
        via: Via {
            empty: true,
            ..Via::default()
        },
        conds: Vec::new(),
        span: Span::default(),
    }
}

fn pattern(legs: Vec<Leg>) -> Pattern {
    Pattern {
        legs,
        repeat: None,
        land: Landing::default(),
        conditions: Conditions::default(),
        span: Span::default(),
    }
}

fn piece(name: &str, letter: char, patterns: Vec<Pattern>) -> Piece {
    Piece {
        name: name.into(),
        letter,
        plus: false,
        prime: 0,
        san: None,
        patterns,
        span: Span::default(),
    }
}

fn rules(size: u8, pieces: Vec<Piece>) -> Rules {
    let rs = RuleSet {
        name: None,
        board: BoardSpec {
            kind: BoardKind::Square {
                width: size,
                height: size,
            },
            holes: vec![],
            span: Span::default(),
        },
        zones: vec![],
        pieces,
        game: Default::default(),
    };
    Rules::from_ruleset(&rs, Diagnostics::new()).expect("links")
}

fn abs(v: Vec<Vector>) -> LegDirs {
    LegDirs::Absolute(v)
}

fn set() -> Rules {
    let orth = sym(0, 1);
    let diag = sym(1, 1);
    let mut cannon_capture = pattern(vec![
        Leg {
            via: Via {
                friend: true,
                foe: true,
                ..Via::default()
            },
            ..leg(abs(orth.clone()), 1, None)
        },
        leg(LegDirs::Turn(vec![0]), 1, None),
    ]);
    cannon_capture.land.empty = false;
    let mut cannon_move = pattern(vec![leg(abs(orth.clone()), 1, None)]);
    cannon_move.land.foe = false;
    // Declared `pass`: out and back without a capture is the Lion's null move.
    let lion_two = Pattern {
        conditions: Conditions {
            pass: true,
            ..Conditions::default()
        },
        ..pattern(vec![
            Leg {
                via: Via {
                    empty: true,
                    foe_captured: true,
                    ..Via::default()
                },
                ..leg(abs([orth.clone(), diag.clone()].concat()), 1, Some(1))
            },
            leg(abs([orth.clone(), diag.clone()].concat()), 1, Some(1)),
        ])
    };
    let lion_leap = pattern(vec![leg(
        abs([sym(0, 1), sym(1, 1), sym(0, 2), sym(1, 2), sym(2, 2)].concat()),
        1,
        Some(1),
    )]);
    rules(
        8,
        vec![
            piece(
                "Knight",
                'N',
                vec![pattern(vec![leg(abs(sym(1, 2)), 1, Some(1))])],
            ),
            piece(
                "Rook",
                'R',
                vec![pattern(vec![leg(abs(orth.clone()), 1, None)])],
            ),
            piece(
                "Griffon",
                'F',
                vec![
                    pattern(vec![leg(abs(diag.clone()), 1, Some(1))]),
                    pattern(vec![
                        leg(abs(diag.clone()), 1, Some(1)),
                        leg(LegDirs::Turn(vec![-45, 45]), 1, None),
                    ]),
                ],
            ),
            piece("Cannon", 'O', vec![cannon_move, cannon_capture]),
            piece("Lion", 'X', vec![lion_two, lion_leap]),
            piece("Pawn", 'P', vec![]),
        ],
    )
}

fn moves(r: &Rules, fen: &str, from: &str) -> Vec<String> {
    let mut v = common::move_texts(r, fen, from);
    v.sort();
    v
}

#[test]
fn empty_board_counts_from_d4() {
    let r = set();
    assert_eq!(moves(&r, "8/8/8/8/3N4/8/8/8 w", "d4").len(), 8);
    assert_eq!(moves(&r, "8/8/8/8/3R4/8/8/8 w", "d4").len(), 14);
    assert_eq!(moves(&r, "8/8/8/8/3F4/8/8/8 w", "d4").len(), 24);
    assert_eq!(moves(&r, "8/8/8/8/3O4/8/8/8 w", "d4").len(), 14);
    // 24 cells within distance 2 plus the pass d4-e5-d4 style return: 25.
    assert_eq!(moves(&r, "8/8/8/8/3X4/8/8/8 w", "d4").len(), 25);
}

#[test]
fn cannon_needs_a_screen_and_a_foe_beyond() {
    let r = set();
    // Screen P on d6, victim p on d8; friend screen P on b4, nothing beyond.
    let m = moves(&r, "3p4/8/3P4/8/1P1O4/8/8/8 w", "d4");
    assert!(m.contains(&"d4d8".to_string()), "{m:?}");
    assert!(!m.contains(&"d4d7".to_string()));
    assert!(!m.contains(&"d4d6".to_string()));
    assert!(m.contains(&"d4c4".to_string()));
    assert!(!m.contains(&"d4a4".to_string()));
}

#[test]
fn lion_captures_in_passing_and_returns() {
    let r = set();
    let m = moves(&r, "8/8/8/3p4/3X4/8/8/8 w", "d4");
    assert!(m.contains(&"d4d4xd5".to_string()), "{m:?}");
    assert!(m.contains(&"d4d6xd5".to_string()));
    assert!(m.contains(&"d4d5".to_string()));
}

#[test]
fn table_round_trips_through_bytes_and_verifies() {
    let r = set();
    let t = r.table().table();
    let bytes = piecewise::table::to_bytes(t);
    let back = piecewise::table::from_bytes(&bytes).expect("reads");
    assert_eq!(&back, t);
    piecewise::table::verify(back).expect("verifies");
    // Truncation and corruption are rejected with an error, never a panic.
    assert!(piecewise::table::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    let mut bad = bytes.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x40;
    assert!(piecewise::table::from_bytes(&bad).is_err());
}
