//! `touch PIECES, promote KINDS in ZONE` (docs/language.md, "touch"): the Croatian
//! Pyramid, activated, ends its ply on an own Pawn on the opponent's half as it would
//! capture it, leaves the board, and the Pawn promotes where it stands (Mayan
//! Ascendancy, `rules/croatian-mayan.rules`) or is tagged for promotion (Age of
//! Aquarius, `rules/croatian-aquarius.rules`, whose promotion waits in a tag). Exact
//! moves of hand-checked positions, the positions after them (FEN read back, hash),
//! make/unmake round trips, the later promotion of the tagged Pawn, and the
//! diagnostics.

use crate::common;

use common::{cells_fen, check_codes, legal, make_unmake_round_trip, play};

/// Mayan Ascendancy, the book's `scn_ma_05`: light Queen f1, Pegasus l4, Pawns d6 and
/// h8, Pyramid d8; Kings a1 and a12.
fn mayan() -> (piecewise::Game, String) {
    let pieces = [
        ("a1", 'K'),
        ("f1", 'Q'),
        ("l4", 'E'),
        ("d6", 'P'),
        ("d8", 'A'),
        ("h8", 'P'),
        ("a12", 'k'),
    ];
    (common::game("croatian-mayan"), cells_fen(12, &pieces, 'w'))
}

/// By hand: the Pegasus l4 reaches the Pyramid d8 over j5 h6 f7 (no other leap of it
/// gets there) and activates it; the Pyramid rides as a Rook: e8 f8 g8, then the own
/// Pawn h8 on rank 8, the opponent's half (ranks 7-12), which it touches, the Pawn
/// promoting to each of the six choices; up to d12, left to a8, down to d7 only: the
/// Pawn d6 stands on its own half (rank 6), so the Pyramid stops before it ("Pyramid
/// can't promote Pawn 2, as it is still located on own half of the chessboard").
#[test]
fn an_activated_pyramid_promotes_an_own_pawn_on_the_opponents_half() {
    let (g, fen) = mayan();
    let through_d8: Vec<String> = legal(&g, &fen)
        .into_iter()
        .filter(|m| m.starts_with("l4d8>"))
        .collect();
    let mut want: Vec<String> = [
        "e8", "f8", "g8", "h8=q", "h8=r", "h8=b", "h8=n", "h8=e", "h8=a", "d9", "d10", "d11",
        "d12", "c8", "b8", "a8", "d7",
    ]
    .iter()
    .map(|t| format!("l4d8>{t}"))
    .collect();
    want.sort();
    assert_eq!(through_d8, want);
}

/// After `l4d8>h8=q` the Pegasus stands on d8, the Pyramid has left the board and a
/// light Queen stands on h8 (a second one: the choice is not limited to captured
/// pieces); the FEN reads back with the same hash, and every legal move makes and
/// unmakes to the same position and hash.
#[test]
fn the_pyramid_leaves_and_the_pawn_becomes_the_choice() {
    let (g, fen) = mayan();
    let after = play(&g, &fen, &["l4d8>h8=q"]);
    let want = cells_fen(
        12,
        &[
            ("a1", 'K'),
            ("f1", 'Q'),
            ("d6", 'P'),
            ("d8", 'E'),
            ("h8", 'Q'),
            ("a12", 'k'),
        ],
        'b',
    );
    // The board and the side to move (the clocks after them are the game's).
    let head = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(head(&after), head(&want));
    let moves = make_unmake_round_trip(&g, &fen);
    assert!(moves.iter().any(|m| g.uci(m) == "l4d8>h8=a"));
}

/// Age of Aquarius, the book's `scn_aoa_03`: light Bishop m6, Pyramid h11, Pawns e7,
/// e11, l13; dark Unicorn e5; Kings a1 and a14.
fn aquarius() -> (piecewise::Game, String) {
    let pieces = [
        ("a1", 'K'),
        ("e5", 'u'),
        ("m6", 'B'),
        ("e7", 'P'),
        ("e11", 'P'),
        ("h11", 'A'),
        ("l13", 'P'),
        ("a14", 'k'),
    ];
    (
        common::game("croatian-aquarius"),
        cells_fen(14, &pieces, 'w'),
    )
}

/// By hand: the Bishop m6 activates the Pyramid h11 over l7 k8 j9 i10; the Pyramid
/// rides left g11 f11 and touches the Pawn e11 (rank 11, the opponent's half, ranks
/// 8-14), once: promotion here waits in a tag (`m6h11>e11=`); right i11 to n11; up
/// h12 h13 h14; down h10 to h1.
#[test]
fn an_activated_pyramid_tags_an_own_pawn_where_promotion_waits() {
    let (g, fen) = aquarius();
    let through_h11: Vec<String> = legal(&g, &fen)
        .into_iter()
        .filter(|m| m.starts_with("m6h11>"))
        .collect();
    let mut want: Vec<String> = [
        "g11", "f11", "e11=", "i11", "j11", "k11", "l11", "m11", "n11",
    ]
    .iter()
    .map(|c| c.to_string())
    .chain(["h12", "h13", "h14"].iter().map(|c| c.to_string()))
    .chain((1..=10).map(|r| format!("h{r}")))
    .map(|t| format!("m6h11>{t}"))
    .collect();
    want.sort();
    assert_eq!(through_h11, want);
}

/// After `m6h11>e11=` the Bishop stands on h11, the Pyramid has left, and the Pawn e11
/// carries the promotion tag (`P=`); after a dark move it promotes there, on rank 11,
/// as a whole move (`e11e11q`), to any choice; once it has moved the tag is gone
/// ("if tagged Pawn moves before actual promotion, the Pawn loses its tag").
#[test]
fn the_tagged_pawn_promotes_later_where_it_was_touched() {
    let (g, fen) = aquarius();
    let after = play(&g, &fen, &["m6h11>e11="]);
    assert!(after.starts_with("k13/11P2/14/4P=2B6/"), "{after}");
    let replied = play(&g, &fen, &["m6h11>e11=", "a14b14"]);
    let moves = legal(&g, &replied);
    for m in ["e11e11q", "e11e11a", "e11e11u", "e11e12"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    let promoted = play(&g, &replied, &["e11e11q"]);
    assert!(promoted.contains("/4Q2B6/"), "{promoted}");
    let stepped = play(&g, &replied, &["e11e12", "b14a14"]);
    assert!(!legal(&g, &stepped).iter().any(|m| m.starts_with("e12e12")));
}

/// E1003: a kind touched that no promotion rule promotes; E1004: a toucher that is not
/// `passive`; a well-formed declaration has neither.
#[test]
fn touch_diagnostics() {
    let base = "board square 8x8\nzone far = ranks 5-8\nzone last = rank 8\n\
                piece Pawn (P) { step forward }\npiece Rook (R) { ride orthogonal, activate Tower }\n\
                piece Tower (T) { ride orthogonal }\n";
    let ok = format!(
        "{base}passive Tower\npromotion Pawn to Rook in last\ntouch Tower, promote Pawn in far\n"
    );
    assert!(
        check_codes(&ok).iter().all(|c| !c.starts_with('E')),
        "{:?}",
        check_codes(&ok)
    );
    let unpromoted = format!("{base}passive Tower\ntouch Tower, promote Pawn in far\n");
    assert!(check_codes(&unpromoted).contains(&"E1003".to_string()));
    let active =
        format!("{base}promotion Pawn to Rook in last\ntouch Tower, promote Pawn in far\n");
    assert!(check_codes(&active).contains(&"E1004".to_string()));
    let unknown = format!("{base}passive Tower\npromotion Pawn to Rook in last\ntouch Tower, promote Pawn in nowhere\n");
    assert!(check_codes(&unknown).contains(&"E0204".to_string()));
}
