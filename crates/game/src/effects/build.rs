//! build: [`GameEffects`] resolved from the declarations — the areas of blasts, burns and
//! freezes per side, the immunities, the pattern actions by mark, and which of the fast
//! paths (`blast_only`, `captures_only`, `bars`) a game may take.

use super::*;

impl GameEffects {
    /// The effects declared in `fx` on `board`, with the rules of neutral pieces that
    /// play through the same paths (`no check`, the Duck); `gates`: the game has
    /// `gating` too (held by `Game`, not here; a blast game with it is not
    /// [`GameEffects::blast_only`]); `None` when there are none
    /// and no move captures a friend, converts or activates (`meets`: those, which also
    /// make legality a matter of playing the move, since attack queries do not see
    /// them; `activates`: some move activates).
    pub(crate) fn new(
        (fx, gates): (&Effects, bool),
        neutral: &Neutrals,
        board: &Board,
        pieces: usize,
        meets: bool,
        activates: bool,
        marks: &[Vec<PatternActions>],
    ) -> Option<Box<GameEffects>> {
        let removes = marks.iter().flatten().any(PatternActions::removes);
        let not_in_check = marks.iter().flatten().any(|a| a.not_in_check);
        if !fx.any()
            && !removes
            && !not_in_check
            && !meets
            && !neutral.no_check
            && neutral.after_each_move.is_none()
            && neutral.movable.is_empty()
            && neutral.captures.is_empty()
        {
            return None;
        }
        let blast_of = |e: &Explode| {
            let immune = admitted(&e.immune, pieces);
            Area {
                friend: true,
                foe: true,
                kinds: admitted(&e.spared, pieces)
                    .iter()
                    .zip(&immune)
                    .map(|(s, i)| !s && !i)
                    .collect(),
                keeps_capturer: immune,
                around: Around::new(board, &e.around),
                to_hand: e.to_hand,
            }
        };
        let blast = fx.explode.as_ref().map(blast_of);
        let mut marked = vec![MarkedAreas::default(); pieces * MAX_MARKS];
        let mut barred_in_check = vec![false; if not_in_check { pieces * MAX_MARKS } else { 0 }];
        for (k, actions) in marks.iter().enumerate() {
            for (i, a) in actions.iter().enumerate() {
                if a.not_in_check {
                    barred_in_check[k * MAX_MARKS + i] = true;
                }
                marked[k * MAX_MARKS + i] = MarkedAreas {
                    burn: a.burn.as_ref().map(|b| Area {
                        friend: b.friend,
                        foe: b.foe,
                        kinds: admitted(&b.kinds, pieces),
                        keeps_capturer: Vec::new(),
                        around: Around::new(board, &b.around),
                        to_hand: false,
                    }),
                    blast: a.explode.as_ref().map(blast_of),
                    shape: shape::ShapeCaptures::new(a, pieces),
                };
            }
        }
        let mut burns = vec![Vec::new(); pieces];
        let mut freezes = vec![Vec::new(); pieces];
        let mut arriving = Vec::new();
        let areas = fx
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let around = Around::new(board, &a.around);
                if a.arriving && a.kind == AreaKind::Burn {
                    let mut burners = vec![false; pieces];
                    for p in &a.pieces {
                        burners[p.index()] = true;
                    }
                    arriving.push(ArrivingBurn {
                        area: i,
                        burners,
                        from: around.reversed(),
                    });
                }
                for p in &a.pieces {
                    match a.kind {
                        AreaKind::Burn => burns[p.index()].push(i),
                        AreaKind::Freeze => freezes[p.index()].push(i),
                        AreaKind::Flip { .. } => {}
                    }
                }
                Area {
                    friend: a.friend,
                    foe: a.foe,
                    kinds: admitted(&a.kinds, pieces),
                    keeps_capturer: Vec::new(),
                    around,
                    to_hand: false,
                }
            })
            .collect();
        let mut immune = vec![false; pieces * pieces];
        for im in &fx.immunities {
            for v in &im.pieces {
                for c in 0..pieces {
                    if im.capturers.admits(PieceId(c as u8)) {
                        immune[v.index() * pieces + c] = true;
                    }
                }
            }
        }
        // Nothing beside the plies' own captures changes the board or bars a move: no
        // areas, immunities, removals, check bars, neutral movers or walls placed, lion
        // trading, petrification or gating.
        let plies_alone = fx.areas.is_empty()
            && fx.immunities.is_empty()
            && !removes
            && !not_in_check
            && !neutral.no_check
            && neutral.after_each_move.is_none()
            && neutral.movable.is_empty()
            && neutral.captures.is_empty()
            && fx.lion_trading.is_none()
            && fx.petrify.is_none()
            && !gates;
        let blast_only = blast
            .as_ref()
            .is_some_and(|b| !b.keeps_capturer.contains(&true))
            && plies_alone
            && fx.relays.is_empty()
            && fx.passive.is_empty()
            && !meets
            && !activates
            && fx.teleports.is_empty();
        let captures_only = blast.is_none() && plies_alone;
        let plies_remove = blast.is_some()
            || !burns.iter().all(Vec::is_empty)
            || marked.iter().any(|a| a.burn.is_some() || a.blast.is_some());
        // Lion trading's counterstrike bars captures of Lions after a Lion was taken.
        let bars = !freezes.iter().all(Vec::is_empty)
            || immune.iter().any(|&b| b)
            || fx.lion_trading.is_some();
        let flips = Flips::new(&fx.areas, board, pieces, &neutral.kinds);
        let petrify = fx.petrify.as_ref().map(|p| {
            let mut kinds = vec![false; pieces];
            for k in &p.pieces {
                kinds[k.index()] = true;
            }
            (kinds, p.into)
        });
        Some(Box::new(GameEffects {
            barred_in_check,
            flips,
            petrify,
            pieces,
            blast,
            areas,
            burns,
            freezes,
            arriving,
            any_immune: immune.contains(&true),
            immune,
            no_check: neutral.no_check,
            no_check_except_last: neutral.no_check_except_last,
            no_check_except_all: neutral.no_check_except_all,
            duck: neutral.after_each_move,
            placement: crate::neutral::Placement {
                added: neutral.placement.added,
                region: None,
                site: neutral.placement.site,
            },
            neutral_movers: neutral.movable.clone(),
            neutral_captures: neutral.captures.clone(),
            activation: (activates || !fx.relays.is_empty() || !fx.passive.is_empty()).then(|| {
                crate::activation::Activation::new(
                    &fx.relays,
                    &fx.passive,
                    &neutral.opaque,
                    &fx.journeys,
                    &fx.moves_as,
                    pieces,
                )
            }),
            removes: plies_remove,
            bars,
            shapes: marked.iter().any(|a| a.shape.is_some()),
            marked,
            lion: fx
                .lion_trading
                .as_ref()
                .map(|rule| crate::lion::LionRules::new(rule, board, pieces)),
            blast_only,
            captures_only,
            teleport: crate::teleport::Teleports::new(&fx.teleports, pieces),
        }))
    }
}
