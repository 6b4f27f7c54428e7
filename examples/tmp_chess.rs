use piecewise::ids::PieceId;
use piecewise::ir::*;
use piecewise::{Game, Rules};
fn main() {
    let src = std::fs::read_to_string("rules/chess.rules").unwrap();
    let (rs, d) = piecewise::check::check_source(&src);
    let mut rs = rs.unwrap();
    let c = |x, y| Coord { x, y };
    rs.game.start = Some(StartPosition { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), span: Default::default() });
    rs.game.royals = vec![PieceId(0)];
    rs.game.castlings = vec![
        Castling { king: PieceId(0), king_from: c(4, 0), king_to: c(6, 0), partner: PieceId(2), partner_from: c(7, 0), partner_to: c(5, 0), span: Default::default() },
        Castling { king: PieceId(0), king_from: c(4, 0), king_to: c(2, 0), partner: PieceId(2), partner_from: c(0, 0), partner_to: c(3, 0), span: Default::default() },
    ];
    rs.zones.push(Zone { name: "last".into(), cells: (0..8).map(|x| c(x, 7)).collect(), absolute: false, span: Default::default() });
    rs.game.promotions = vec![Promotion { pieces: vec![PieceId(5)], choices: vec![PieceId(1), PieceId(2), PieceId(3), PieceId(4)], zone: piecewise::ids::ZoneId(1), optional: false, also_leaving: false, only_captured: false, span: Default::default() }];
    let rules = Rules::from_ruleset(&rs, d).unwrap();
    let t0 = std::time::Instant::now();
    let game = Game::new(&rs, rules).unwrap();
    eprintln!("built in {:?}", t0.elapsed());
    let args: Vec<String> = std::env::args().collect();
    let fen = args.get(1).cloned().unwrap_or(game.start_fen().unwrap().to_string());
    let depth: u32 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(3);
    let pos = game.position(&fen).unwrap();
    println!("{}", game.fen(&pos));
    let t0 = std::time::Instant::now();
    let mut p = pos.clone();
    for (m, n) in game.searcher().divide(&mut p, depth) { if args.len() > 3 { println!("{}: {}", game.uci(&m), n); } }
    println!("perft {} = {} in {:?}", depth, game.perft(&pos, depth), t0.elapsed());
}
