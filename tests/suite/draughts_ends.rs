//! The draughts family's draws (`move limit ..., pawn Man`, `endgame N moves, ...`) in
//! positions, and PDN game files read and written.

use crate::common;

use common::game;
use piecewise::game::notation::pgn;
use piecewise::game::{EndReason, Game, GameResult, Line};

/// Plays `plies` quiet plies from `fen` (see [`play_quiet`]).
fn quiet_line(g: &Game, fen: &str, plies: usize) -> Line {
    let mut line = g.line(g.position(fen).expect("fen"));
    play_quiet(g, &mut line, plies);
    line
}

/// Plays `plies` quiet plies on `line`: each a legal king's move that takes nothing and
/// leaves the other side no capture (the first such move).
fn play_quiet(g: &Game, line: &mut Line, plies: usize) {
    for i in 0..plies {
        let pos = line.position().clone();
        let moves = g.legal_moves(&pos);
        let safe = moves.iter().find(|m| {
            let mut next = pos.clone();
            g.make(&mut next, m);
            !m.is_capture()
                && g.legal_moves(&next).iter().all(|r| !r.is_capture())
                && next.halfmove_clock() > pos.halfmove_clock()
        });
        let m = safe.unwrap_or_else(|| panic!("no quiet move at ply {i} of {}", g.fen(&pos)));
        g.play(line, m);
    }
}

/// `fen` (a draughts FEN) as a FEN with halfmove clock `clock`.
fn with_clock(g: &Game, fen: &str, clock: u32) -> String {
    let full = g.fen(&g.position(fen).unwrap());
    let fields: Vec<&str> = full.split(' ').collect();
    format!(
        "{} {} {} {} {clock} 30",
        fields[0], fields[1], fields[2], fields[3]
    )
}

const DRAW_BY_COUNT: Option<GameResult> = Some(GameResult {
    winner: None,
    reason: EndReason::MoveLimit,
});

#[test]
fn international_three_against_one_is_drawn_after_sixteen_moves() {
    let g = game("international-draughts");
    // Three white kings against a black king on the edge (b10), which it cannot leave
    // without being taken.
    let fen = "W:WK46,K47,K48:BK1";
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 31)), None);
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 32)), DRAW_BY_COUNT);
    // Two kings against one: five moves each.
    let fen = "W:WK46,K47:BK1";
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 9)), None);
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 10)), DRAW_BY_COUNT);
    // Four kings against one: no endgame count.
    let fen = "W:WK46,K47,K48,K49:BK1";
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 40)), None);
    // A man's move does not start the count again (b4 is 31, its man steps from 36).
    let fen = "W:W36,K46,K48:BK1";
    let mut line = quiet_line(&g, fen, 30);
    let step = g.parse_uci(line.position(), "36-31").unwrap();
    g.play(&mut line, &step);
    assert_eq!(g.immediate_end(&line), None);
    play_quiet(&g, &mut line, 1);
    assert_eq!(g.immediate_end(&line), DRAW_BY_COUNT);
}

#[test]
fn international_twenty_five_king_moves_each_draw() {
    let g = game("international-draughts");
    // Kings and men both sides, 49 plies of king moves already played.
    let fen = "W:W31,K46,K47:B11,K1,K2";
    for (clock, end) in [(48, None), (49, DRAW_BY_COUNT)] {
        let line = quiet_line(&g, &with_clock(&g, fen, clock), 1);
        assert_eq!(g.immediate_end(&line), end, "{clock}");
    }
}

#[test]
fn frisian_two_kings_against_one() {
    let g = game("frisian-draughts");
    let fen = "W:WK46,K47:BK1";
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 13)), None);
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 14)), DRAW_BY_COUNT);
    let fen = "W:WK46:BK1";
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 3)), None);
    assert_eq!(g.immediate_end(&quiet_line(&g, fen, 4)), DRAW_BY_COUNT);
}

#[test]
fn english_forty_moves_without_a_capture_or_a_man_move() {
    let g = game("english-checkers");
    let fen = "B:W21,K29,K30:B12,K1,K2";
    for (clock, end) in [(78, None), (79, DRAW_BY_COUNT)] {
        let line = quiet_line(&g, &with_clock(&g, fen, clock), 1);
        assert_eq!(g.optional_end(&line), end, "{clock}");
        assert_eq!(g.immediate_end(&line), None);
    }
}

/// The codes of the errors compiling `src`.
fn errors(src: &str) -> Vec<String> {
    match Game::compile(src) {
        Ok(_) => Vec::new(),
        Err(d) => d.0.iter().map(|d| d.code.to_string()).collect(),
    }
}

#[test]
fn endgame_misuse_is_a_diagnostic() {
    let base = "board square 8x8\npiece Man (M) { step diagonal }\npiece King (K) { step any }\n";
    assert!(errors(&format!(
        "{base}endgame 5 moves, 2 King | 1 King 1 Man against 1 King\n"
    ))
    .is_empty());
    assert_eq!(
        errors(&format!("{base}endgame 0 moves, 2 King against 1 King\n")),
        ["E0913"]
    );
    assert_eq!(
        errors(&format!("{base}endgame 5 moves, 2 Queen against 1 King\n")),
        ["E0304"]
    );
    assert_eq!(
        errors(&format!(
            "{base}endgame 5 moves, 1 King 1 King against 1 King\n"
        )),
        ["E0701"]
    );
    assert_eq!(
        errors(&format!("{base}endgame 5 moves, 300 King against 1 King\n")),
        ["E0913"]
    );
}

/// A deterministic random game of `plies` plies of `g` from its start.
fn random_game(g: &Game, plies: usize, mut seed: u64) -> Line {
    let mut line = g.line(g.start_position().unwrap());
    for _ in 0..plies {
        let moves = g.legal_moves(line.position());
        if moves.is_empty() || g.immediate_end(&line).is_some() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        g.play(&mut line, &m);
    }
    line
}

#[test]
fn pdn_games_are_written_and_read_back() {
    for (name, game_type) in [
        ("international-draughts", "20"),
        ("english-checkers", "21"),
        ("italian-draughts", "22"),
        ("frisian-draughts", "40"),
    ] {
        let g = game(name);
        for seed in 1..=5u64 {
            let line = random_game(&g, 120, seed * 0x9E37_79B9);
            let text = g.write_pgn(line.start(), line.moves(), &[]);
            assert!(
                text.contains(&format!("[GameType \"{game_type}\"]")),
                "{text}"
            );
            assert!(!text.contains("[Variant"), "{text}");
            let games = pgn::read(&text).expect("a PDN text");
            assert_eq!(games.len(), 1);
            let back = g.play_pgn(&games[0]).expect("legal");
            assert_eq!(back.moves(), line.moves(), "{text}");
            assert_eq!(g.fen(back.position()), g.fen(line.position()));
            // Moves as square numbers, captures with their landings.
            let first = &games[0].moves[0];
            assert!(
                first
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '-' || c == 'x'),
                "{first}"
            );
        }
    }
}

#[test]
fn a_pdn_game_from_a_position_with_a_result() {
    let g = game("international-draughts");
    let text = r#"[Event "Test"]
[GameType "20,W,10,10,N2,0"]
[FEN "W:WK46:B41,32,23"]

1. 46x19 {a king takes three} 2-0
"#;
    let games = pgn::read(text).expect("a PDN text");
    assert_eq!(games[0].result.as_deref(), Some("2-0"));
    let line = g.play_pgn(&games[0]).expect("legal");
    assert_eq!(g.draughts_fen(line.position()).unwrap(), "B:WK19:B");
    assert_eq!(
        g.line_result(&line).map(|r| r.winner),
        Some(Some(piecewise::ids::Side::First))
    );
    // Written back: the draughts FEN, the landings, the result.
    let written = g.write_pgn(line.start(), line.moves(), &[]);
    assert!(written.contains("[FEN \"W:WK46:B23,32,41\"]"), "{written}");
    assert!(!written.contains("SetUp"), "{written}");
    assert!(written.contains("1. 46x37x28x19 2-0"), "{written}");
    // Another game's type is refused, naming both.
    let other = text.replace("20,W", "21,W");
    let err = g
        .play_pgn(&pgn::read(&other).unwrap()[0])
        .expect_err("English checkers");
    assert!(err.contains("GameType 20"), "{err}");
}

#[test]
fn the_command_line_writes_and_reads_pdn() {
    use common::cli;
    let out = cli::run(&["pgn", "international-draughts", "32-28", "19-23", "28x19"]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    let text = cli::stdout(&out);
    assert!(
        text.contains("[GameType \"20\"]") && text.contains("1. 32-28 19-23 2. 28x19 *"),
        "{text}"
    );
    let path = cli::temp("opening.pdn", text.as_bytes());
    let out = cli::run(&[
        "pgn",
        "international-draughts",
        "--read",
        path.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    assert!(
        cli::stdout(&out).starts_with("B:W19,31,33,"),
        "{}",
        cli::stdout(&out)
    );
}

#[test]
fn a_capture_chain_is_an_attack_on_a_royal_piece() {
    // A royal king among draughts men: the black man on b2 takes c3 (landing on d4)
    // and then a king on e5 or e3 in one chain.
    let src = "board square 8x8\nroyal King\n\
        piece Man (M) {\n    step diagonal, move only\n    \
        step diagonal via foe captured then step same, chain\n}\n\
        piece King (K) { step any }\n";
    let g = Game::compile(src).expect("compiles");
    let pos = g.position("8/8/8/4K3/8/2M5/1m6/8 w - - 0 1").unwrap();
    assert!(g.in_check(&pos));
    // Without the chain's first victim, no check.
    let pos = g.position("8/8/8/4K3/8/8/1m6/8 w - - 0 1").unwrap();
    assert!(!g.in_check(&pos));
    // The king on f4 may not step to e5 or e3, where the chain would take it.
    let pos = g.position("8/8/8/8/5K2/2M5/1m6/8 w - - 0 1").unwrap();
    assert!(!g.in_check(&pos));
    let king: Vec<String> = g
        .legal_moves(&pos)
        .iter()
        .map(|m| g.uci(m))
        .filter(|m| m.starts_with("f4"))
        .collect();
    let mut king = king;
    king.sort();
    assert_eq!(king, ["f4e4", "f4f3", "f4f5", "f4g3", "f4g4", "f4g5"]);
}
