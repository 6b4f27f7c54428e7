//! FEN fields as Fairy-Stockfish writes them for the games of its catalogue: the
//! multi-cell en passant field (`h5g6`, `f3f4`) after the double steps of its custom pawns.

use crate::common;

use piecewise::position::FenErrorKind;

/// Berolina after e2c4 a7b6 c4d5 e7c5, written by pyffish
/// 0.0.90 with the landing cell and the cell passed (`c5d6`); the pawn on d5 takes en
/// passant straight forward onto d6, removing the pawn on c5.
#[test]
fn a_multi_cell_en_passant_field_opens_the_cells_passed() {
    let game = common::game("berolina");
    let fen = "rnbqkbnr/1ppp1ppp/1p6/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq c5d6 0 3";
    let moves = common::legal(&game, fen);
    assert!(moves.contains(&"d5d6".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 40, "{moves:?}");
    // Fairy-Stockfish's FEN after d5d6 (the capture is legal, the field is gone).
    assert_eq!(
        common::play(&game, fen, &["d5d6"]),
        "rnbqkbnr/1ppp1ppp/1p1P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The same position with the field `-`: no en passant capture.
    let none = fen.replace("c5d6", "-");
    let moves = common::legal(&game, &none);
    assert!(!moves.contains(&"d5d6".to_string()), "{moves:?}");
    // The cells in the other order read the same.
    assert_eq!(common::legal(&game, &fen.replace("c5d6", "d6c5")).len(), 40);
}

#[test]
fn a_multi_cell_field_reads_in_pawnback_wolf_and_pawnsideways() {
    // After f2f4 (pyffish writes the passed cell and the landing cell).
    let game = common::game("pawnback");
    let fen = "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR b KQkq f3f4 1 1";
    assert_eq!(common::legal(&game, fen).len(), 20);
    let pos = game.position(fen).unwrap();
    assert_eq!(pos.en_passant().cells().len(), 1, "f3 is open");
    // After c7c5 in pawnsideways, with a white pawn on d5 that takes on c6.
    let game = common::game("pawnsideways");
    let fen = "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c5c6 0 3";
    assert!(common::legal(&game, fen).contains(&"d5c6".to_string()));
    // A 10-rank board: cell names of two digits.
    let game = common::game("wolf");
    let fen = "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ b - f9f10 0 1";
    let err = game.position(fen).unwrap_err();
    assert!(
        matches!(err.kind(), FenErrorKind::EnPassantCells { field, .. } if field == "f9f10"),
        "{err}"
    );
}

#[test]
fn a_bad_multi_cell_field_is_an_error_at_the_field() {
    let game = common::game("berolina");
    let board = "rnbqkbnr/1ppp1ppp/1p6/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq ";
    // No cell holds the mover's piece.
    let err = game.position(&format!("{board}c6d6 0 3")).unwrap_err();
    assert!(
        matches!(err.kind(), FenErrorKind::EnPassantCells { offset, .. } if *offset == board.len()),
        "{err:?}"
    );
    assert!(err.to_string().contains("en passant field c6d6"), "{err}");
    // Two occupied cells (a piece of each side).
    let err = game.position(&format!("{board}c5d5 0 3")).unwrap_err();
    assert!(
        matches!(err.kind(), FenErrorKind::EnPassantCells { .. }),
        "{err:?}"
    );
    // A name that is not a cell, pointed at.
    let err = game.position(&format!("{board}c5z6 0 3")).unwrap_err();
    assert!(
        matches!(err.kind(), FenErrorKind::NotACell { offset, found } if *offset == board.len() + 2 && found == "z6"),
        "{err:?}"
    );
}
