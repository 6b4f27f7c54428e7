//! The game layer's own invariants on random playouts of every shipped game: make and
//! unmake restore the position exactly (board, hands, rights, en passant, hash); the
//! incremental Zobrist hash equals the hash of the same position read fresh from its
//! FEN; and writing a position to FEN and reading it back gives the same position.

use piecewise::Game;

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

fn game(name: &str) -> Game {
    let path = format!("{}/rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("rules file");
    Game::compile(&src).unwrap_or_else(|d| panic!("{path} does not compile: {d:?}"))
}

fn playouts(name: &str, games: usize, plies: usize) {
    let game = game(name);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    let mut searcher = game.searcher();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = game.start_position().expect("start position");
        for _ in 0..plies {
            searcher.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            // Every legal move: make, check, unmake, compare.
            let before = pos.clone();
            let before_fen = game.fen(&pos);
            for m in &moves {
                let undo = game.make(&mut pos, m);
                let fen = game.fen(&pos);
                let fresh = game
                    .position(&fen)
                    .unwrap_or_else(|e| panic!("{name}: own FEN {fen} unreadable: {e}"));
                assert_eq!(game.fen(&fresh), fen, "{name}: FEN round trip");
                // The hash may include an en passant right the FEN leaves out (no
                // capture possible); compare the hash only when the FEN shows all.
                if pos.en_passant().is_none() {
                    assert_eq!(
                        fresh.hash(),
                        pos.hash(),
                        "{name}: incremental hash after {} in {before_fen}",
                        game.uci(m)
                    );
                }
                game.unmake(&mut pos, undo);
                assert!(
                    pos == before,
                    "{name}: unmake of {} in {before_fen}",
                    game.uci(m)
                );
                assert_eq!(game.fen(&pos), before_fen);
            }
            let m = moves[rng.below(moves.len())];
            game.make(&mut pos, &m);
        }
    }
}

macro_rules! playout_tests {
    ($($game:ident),*) => {
        $( #[test] fn $game() { playouts(stringify!($game), 4, 60); } )*
    };
}

playout_tests!(
    chess,
    capablanca,
    grand,
    shatranj,
    makruk,
    xiangqi,
    shogi,
    minishogi,
    crazyhouse,
    nightrider,
    grasshopper
);
