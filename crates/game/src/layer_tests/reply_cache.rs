//! The replies' cache (`legality::reply_cache`) against the reference that generates
//! every reply (`legality::general`'s `royal_threatened`), on seeded playouts of every
//! Croatian file: after each of a window of pseudo-legal moves (siblings one after the
//! other, as a legal list asks them, so the cache is read across moves and plies), the
//! threat the cache tells is the reference's.

use super::replies::croatian;
use crate::make::tests::pick;
use crate::make::{make, unmake};

#[test]
fn the_reply_cache_tells_the_reference_threat() {
    let mut seed = 0x0c40_cac4_u64;
    let (mut asked, mut threats) = (0usize, 0usize);
    for (name, g) in &croatian() {
        let mut generator = g.move_generator();
        if !generator.reply_cache_on {
            // (Ties of Tlalocan and Age of Aquarius: effects the cache leaves alone.)
            assert!(
                ![
                    "mayan",
                    "miranda",
                    "nineteen",
                    "tlalocan",
                    "discovery",
                    "one"
                ]
                .contains(name),
                "{name}: the cache does not apply"
            );
            eprintln!("{name}: the cache does not apply");
            continue;
        }
        let (mut game_asked, mut game_threats) = (0usize, 0usize);
        // The large files' reference costs milliseconds a move: fewer plies there.
        let (plies, window) = if g.cells > 400 { (8, 20) } else { (40, 40) };
        let mut pos = g.start_position().expect("a start");
        for _ in 0..plies {
            let mut pseudo = Vec::new();
            generator.pseudo_moves(&pos, &mut pseudo);
            if pseudo.is_empty() {
                break;
            }
            // `window` siblings in a row from a random start, then as many spread out.
            let start = pick(&mut seed, pseudo.len().max(1));
            let step = (pseudo.len() / window).max(1);
            let siblings = pseudo.iter().skip(start).take(window);
            for m in siblings.chain(pseudo.iter().step_by(step).take(window)) {
                let undo = make(g, &mut pos, m);
                if let Some(cached) = generator.royal_threatened_cached(&mut pos) {
                    let reference = generator.royal_threatened(&mut pos);
                    assert_eq!(cached, reference, "{name}: {} after {m:?}", g.fen(&pos));
                    game_asked += 1;
                    game_threats += usize::from(cached);
                }
                unmake(g, &mut pos, undo);
            }
            // The next move: a pseudo-legal one the full test passes (a legal list of
            // the large files costs seconds), a capture half the time: the board opens
            // and royals come under attack.
            let captures: Vec<_> = pseudo
                .iter()
                .filter(|m| m.captures_to || m.n_passing > 0 || m.cascade().captures())
                .copied()
                .collect();
            let mut next = None;
            for _ in 0..50 {
                let from = if !captures.is_empty() && pick(&mut seed, 2) == 0 {
                    &captures
                } else {
                    &pseudo
                };
                let m = from[pick(&mut seed, from.len())];
                if generator.is_legal_reference(&mut pos, &m) {
                    next = Some(m);
                    break;
                }
            }
            let Some(m) = next else {
                break;
            };
            g.make(&mut pos, &m);
        }
        let c = &generator.reply_cache;
        eprintln!(
            "{name}: {game_asked} asked, {game_threats} threats; pieces from the cache {}, generated {}",
            c.hits, c.misses
        );
        assert!(game_asked > 20, "{name}: only {game_asked} asked");
        assert!(
            c.hits > 1000,
            "{name}: {} hits, {} misses",
            c.hits,
            c.misses
        );
        asked += game_asked;
        threats += game_threats;
    }
    assert!(threats > 100, "only {threats} threats of {asked}");
}
