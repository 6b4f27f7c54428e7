//! Helpers shared by the integration tests: reading the shipped rules files and
//! levels, compiling a shipped game, the move list of one piece as text, the rows of
//! the `|`-separated data files under `tests/data/`, a small deterministic random
//! generator, resealing a table's byte image after a deliberate corruption, legal moves
//! sorted and moves played to a FEN that must read back (`legal`, `play`), and running
//! the binary (`cli`).
//!
//! Owns no assertions about the library: each test keeps its own. Every test crate
//! compiles this module separately and uses only part of it, hence `dead_code`.

#![allow(dead_code)]

pub mod cli;
pub mod hachu_fen;
pub mod shipped;
pub mod shogi;

use piecewise::{Game, Rules};
use std::path::{Path, PathBuf};

/// The crate's own directory (paths below it do not depend on where tests run).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The directory of the shipped rules files.
pub fn rules_dir() -> PathBuf {
    root().join("rules")
}

/// A file of the crate, by its path from the crate's directory (`tests/data/...`,
/// `rules/boards/...`).
pub fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of the shipped `rules/<name>.rules`.
pub fn rules_source(name: &str) -> String {
    read(&format!("rules/{name}.rules"))
}

/// The shipped game `rules/<name>.rules`, compiled from the rules directory (where a
/// graph board file is looked up).
pub fn game(name: &str) -> Game {
    let src = rules_source(name);
    Game::compile_at(&src, Some(&rules_dir()))
        .unwrap_or_else(|d| panic!("rules/{name}.rules does not compile: {d:?}"))
}

/// The shipped game `rules/<name>.rules` without its `teleport` declarations: its
/// portals (the Croatian Stars) are walls, as the brute-force generators see them.
pub fn game_without_teleport(name: &str) -> Game {
    let src: String = rules_source(name)
        .lines()
        .filter(|l| !l.starts_with("teleport "))
        .map(|l| format!("{l}\n"))
        .collect();
    Game::compile_at(&src, Some(&rules_dir()))
        .unwrap_or_else(|d| panic!("rules/{name}.rules does not compile: {d:?}"))
}

/// The legal moves of `fen` in UCI, sorted.
pub fn legal(game: &Game, fen: &str) -> Vec<String> {
    let pos = game.position(fen).expect("fen");
    let mut v = game.legal_uci(&pos);
    v.sort();
    v
}

/// Plays `moves` (UCI) from `fen`; returns the FEN reached, checked to read back to the
/// same position: the same FEN, moves and (where no en passant cell is open, which a
/// FEN keeps only when a capture is legal there) hash.
pub fn play(game: &Game, fen: &str, moves: &[&str]) -> String {
    let mut pos = game.position(fen).expect("fen");
    for m in moves {
        let mv = game
            .parse_uci(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", game.fen(&pos)));
        game.make(&mut pos, &mv);
    }
    let out = game.fen(&pos);
    let back = game.position(&out).expect("the FEN written reads back");
    assert_eq!(game.fen(&back), out);
    if pos.en_passant().is_none() {
        assert_eq!(back.hash(), pos.hash(), "hash kept current by make");
    }
    assert_eq!(game.legal_uci(&back), game.legal_uci(&pos));
    out
}

/// The movement layer of `rules/fairy.rules`.
pub fn fairy() -> Rules {
    let src = rules_source("fairy");
    piecewise::compile(&src).unwrap_or_else(|d| panic!("{}", d.render("fairy.rules", &src, false)))
}

/// The distinct pseudo-legal moves of the piece on `from` in `fen`, as
/// [`Rules::move_text`] writes them, in the order the walk reports them.
pub fn move_texts(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let pos = rules
        .position(fen)
        .unwrap_or_else(|e| panic!("{}", e.render(fen)));
    let cell = rules
        .cell(from)
        .unwrap_or_else(|| panic!("bad cell {from}"));
    let list = rules.moves_from(&pos, cell);
    list.iter().map(|m| rules.move_text(&list, m)).collect()
}

/// One data line of a test data file whose lines are `field | field | ...`.
pub struct DataRow<'a> {
    /// The line's index in the file (0-based; add one to name it).
    pub index: usize,
    /// The line, trimmed.
    pub line: &'a str,
    /// The text of the last `#` comment line above it (trimmed, without the `#`).
    pub comment: &'a str,
    /// The fields, trimmed.
    pub fields: Vec<&'a str>,
}

/// The data lines of `text`: blank lines and `#` comment lines are skipped.
pub fn data_rows(text: &str) -> Vec<DataRow<'_>> {
    let mut rows = Vec::new();
    let mut comment = "";
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            comment = c.trim();
            continue;
        }
        rows.push(DataRow {
            index,
            line,
            comment,
            fields: line.split('|').map(str::trim).collect(),
        });
    }
    rows
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// FNV-1a, the checksum of the table byte format.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Rewrites the checksum of a table's byte image (its last 8 bytes) after a change,
/// so that the change reaches the parser and verifier; shorter images stay as they are.
pub fn reseal(bytes: &mut [u8]) {
    if bytes.len() < 8 {
        return;
    }
    let n = bytes.len() - 8;
    let sum = fnv(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
}

/// Leaves counted by brute force: the legal moves of every node, each made on a position
/// read back from the FEN of its parent (so all state goes through FEN at every node),
/// with no bulk counting or shared work.
pub fn perft_through_fen(g: &Game, pos: &piecewise::game::GamePosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in g.legal_moves(pos) {
        let mut child = g.position(&g.fen(pos)).unwrap();
        let m = g.parse_uci(&child, &g.uci(&m)).unwrap();
        g.make(&mut child, &m);
        n += perft_through_fen(g, &child, depth - 1);
    }
    n
}

/// Makes every legal move of `fen` in turn: made, the position's hash is that of the
/// FEN it writes read back (where no en passant cell is open, which a FEN keeps only
/// when a capture is legal there; the legal moves are the same either way); unmade, the
/// FEN and the hash are what they were. Returns the legal moves, for the caller's own
/// assertions.
pub fn make_unmake_round_trip(g: &Game, fen: &str) -> Vec<piecewise::game::GameMove> {
    let mut pos = g.position(fen).unwrap();
    let (before, hash) = (g.fen(&pos), pos.hash());
    let moves = g.legal_moves(&pos);
    for m in &moves {
        let undo = g.make(&mut pos, m);
        let fresh = g.position(&g.fen(&pos)).unwrap();
        if pos.en_passant().is_none() {
            assert_eq!(pos.hash(), fresh.hash(), "{} from {fen}", g.uci(m));
        } else {
            assert_eq!(
                g.legal_uci(&fresh),
                g.legal_uci(&pos),
                "{} from {fen}",
                g.uci(m)
            );
        }
        g.unmake(&mut pos, undo);
        assert_eq!(g.fen(&pos), before);
        assert_eq!(pos.hash(), hash);
    }
    moves
}

/// The codes of `check`'s diagnostics of `src`, errors and warnings, without W0004 (a
/// piece with no moves, which the small sources of the diagnostics tests often have).
pub fn check_codes(src: &str) -> Vec<String> {
    let (_, d) = piecewise::pipeline::check(src, None);
    d.iter()
        .map(|d| d.code.to_string())
        .filter(|c| c != "W0004")
        .collect()
}

/// A FEN of a `size`×`size` board with `pieces` (cell name, letter) on it, `side` ('w'
/// or 'b') to move.
pub fn cells_fen(size: usize, pieces: &[(&str, char)], side: char) -> String {
    let mut rows = vec![vec![None; size]; size];
    for &(cell, letter) in pieces {
        let x = (cell.as_bytes()[0] - b'a') as usize;
        let y: usize = cell[1..].parse::<usize>().unwrap() - 1;
        rows[y][x] = Some(letter);
    }
    let ranks: Vec<String> = rows
        .iter()
        .rev()
        .map(|row| {
            let (mut s, mut empty) = (String::new(), 0);
            for c in row {
                match c {
                    None => empty += 1,
                    Some(l) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(*l);
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// The codes of `check`'s errors on `src` (warnings left out).
pub fn error_codes(src: &str) -> Vec<String> {
    let (_, diags) = piecewise::pipeline::check(src, None);
    diags
        .iter()
        .map(|d| d.code.to_string())
        .filter(|c| c.starts_with('E'))
        .collect()
}

/// The whitespace-separated words of `s`, sorted (a move list written by hand).
pub fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The legal moves (UCI) of `fen` from the cell `from` (not from a longer cell name
/// that starts with it: `a1`, not `a10`), sorted.
pub fn moves_from(game: &Game, fen: &str, from: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(game, fen)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(from)
                .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    v.sort();
    v
}

/// The legal moves (UCI) of `fen` that start with `prefix`, in the list's order.
pub fn starting(game: &Game, fen: &str, prefix: &str) -> Vec<String> {
    legal(game, fen)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}
