//! Games of more than 64 piece kinds (Tenjiku Shogi has 66): a file of 100 kinds
//! compiles, its kind filters and its reverse tables (which kinds attack a cell) name
//! kinds past 64, its table's byte image round-trips, and 128 kinds are refused (E0306).

use crate::common;

use piecewise::Game;
use std::collections::BTreeSet;

/// The FEN letters of `n` kinds: the King, then `A`-`Z` but `K`, `A'`-`Z'`, `A!`-`Z!`,
/// `+A`-`+Z` but `+K`, `+A'`-`+Z'` (kinds 97 to 99 are `+U`, `+V`, `+W`).
fn letters(n: usize) -> Vec<String> {
    let plain: Vec<char> = ('A'..='Z').filter(|&c| c != 'K').collect();
    let mut out = vec!["K".to_string()];
    out.extend(plain.iter().map(|c| c.to_string()));
    out.extend(('A'..='Z').map(|c| format!("{c}'")));
    out.extend(('A'..='Z').map(|c| format!("{c}!")));
    out.extend(plain.iter().map(|c| format!("+{c}")));
    out.extend(('A'..='Z').map(|c| format!("+{c}'")));
    assert!(out.len() >= n, "{} letters", out.len());
    out.truncate(n);
    out
}

/// A 10x10 game of 100 kinds: the King (kind 0), 97 pieces that step forward, then
/// kind 98 (`+V`, a Wazir) and kind 99 (`+W`), a Rook that captures only Kings and kind
/// 98.
fn hundred() -> (String, Vec<String>) {
    let letters = letters(100);
    let mut src = String::from("board square 10x10\nroyal King\npiece King (K) { step any }\n");
    for (i, l) in letters.iter().enumerate().take(98).skip(1) {
        src.push_str(&format!("piece P{i} ({l}) {{ step forward }}\n"));
    }
    src.push_str(&format!(
        "piece P98 ({}) {{ step orthogonal }}\n",
        letters[98]
    ));
    src.push_str(&format!(
        "piece P99 ({}) {{ ride orthogonal, captures King | P98 }}\n",
        letters[99]
    ));
    (src, letters)
}

fn moves(g: &Game, fen: &str) -> BTreeSet<String> {
    let pos = g.position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_game_of_100_kinds_compiles_and_moves() {
    let (src, letters) = hundred();
    assert_eq!((letters[98].as_str(), letters[99].as_str()), ("+V", "+W"));
    let g = Game::compile(&src).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.rules().piece_name(g.rules().piece("+W").unwrap()), "P99");
    assert_eq!(g.rules().piece_name(g.rules().piece("+U").unwrap()), "P97");
    // Kind 97 (`+U`) steps forward; the second side's kind 99 far away.
    let fen = "+w8k/10/10/10/10/10/10/10/1+U8/4K5 w - - 0 1";
    let all = moves(&g, fen);
    assert!(all.contains("b2b3"), "{all:?}");
    assert_eq!(all.len(), 6, "{all:?}");
    // The second side's kind 99 on e6 checks the King e1 down the file (its filter
    // admits the King; the reverse tables name kind 99 as an attacker of e2): the King
    // leaves the file, and the `+U` may not move.
    let fen = "9k/10/10/10/4+w5/10/10/10/1+U8/4K5 w - - 0 1";
    assert_eq!(moves(&g, fen), set(&["e1d1", "e1f1", "e1d2", "e1f2"]));
    // Kind 99 captures kind 98 (past 64, in its filter) but not kind 97 (a wall).
    let fen = "9k/10/10/10/+U3+w1+V3/10/10/10/10/K9 b - - 0 1";
    let rook: BTreeSet<String> = moves(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("e6"))
        .collect();
    let mut expected = vec!["e6b6", "e6c6", "e6d6", "e6f6", "e6g6"];
    expected.extend(["e6e7", "e6e8", "e6e9", "e6e10", "e6e5", "e6e4"]);
    expected.extend(["e6e3", "e6e2", "e6e1"]);
    assert_eq!(rook, set(&expected));
    // A position with kinds past 64 round-trips through FEN.
    let fen = "9k/10/10/10/4+w5/10/10/10/4+V5/4K5 w - - 0 1";
    let pos = g.position(fen).unwrap();
    assert_eq!(g.fen(&pos), fen);
    // The Wazir is pinned to the King's file: it moves only along it.
    let wazir: BTreeSet<String> = moves(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert_eq!(wazir, set(&["e2e3"]));
    assert_eq!(g.perft(&pos, 2), {
        let mut n = 0;
        for m in g.legal_moves(&pos) {
            let mut next = pos.clone();
            g.play_move(&mut next, &m);
            n += g.legal_moves(&next).len() as u64;
        }
        n
    });
}

#[test]
fn a_table_of_100_kinds_round_trips_through_its_byte_image() {
    let (src, _) = hundred();
    let g = Game::compile(&src).unwrap_or_else(|e| panic!("{e}"));
    let t = g.rules().table().table();
    // Kind 99's filter names kinds 0 and 98: past the low 64 bits.
    assert!(
        t.filters.iter().any(|f| f.mask == 1 | 1 << 98),
        "{:?}",
        t.filters
    );
    let bytes = piecewise::table::to_bytes(t);
    let back = piecewise::table::from_bytes(&bytes).expect("reads back");
    assert_eq!(piecewise::table::to_bytes(&back), bytes);
    assert_eq!(back.filters, t.filters);
    assert_eq!(back.pieces.len(), 100);
}

#[test]
fn more_than_127_kinds_are_refused() {
    let letters = letters(128);
    let mut src = String::from("board square 10x10\npiece King (K) { step any }\n");
    for (i, l) in letters.iter().enumerate().take(127).skip(1) {
        src.push_str(&format!("piece P{i} ({l}) {{ step forward }}\n"));
    }
    let codes = common::check_codes(&src);
    assert!(!codes.iter().any(|c| c == "E0306"), "{codes:?}");
    src.push_str(&format!(
        "piece P127 ({}) {{ step forward }}\n",
        letters[127]
    ));
    let codes = common::check_codes(&src);
    assert!(codes.iter().any(|c| c == "E0306"), "{codes:?}");
}
