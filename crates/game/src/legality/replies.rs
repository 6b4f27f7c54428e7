//! replies: whether a reply could take a royal, answered without generating the replies
//! in games whose plies take pieces only by capturing them — activation and cascades,
//! relays, transparency and divergence (which are patterns), neutral walls and
//! teleports: the Croatian files — so that [`general`](super::general)'s rule needs no
//! play-every-reply test in the common case.
//!
//! There a reply takes a royal in one of two ways (teleports are left out of the
//! replies the rule looks through: they end on an empty cell and take in passing only
//! what a shorter ply of the same pattern takes, docs/language.md):
//! - its first ply captures the royal (on its landing cell or in passing): exactly what
//!   the royal's attack query over the reverse tables finds ([`royal_attacked`]), the
//!   pieces answered forward included; a piece that never starts a move (`passive`) is
//!   among the attackers the query finds, so a "yes" stands only when no passive kind
//!   may take a royal;
//! - a later ply of a cascade captures it: a piece activated on its own cell walks its
//!   own patterns from there, on a board the earlier plies changed, so the query on the
//!   board before the reply does not see it; but it captures on the royal's cell only
//!   from one of the cells the reverse tables list as that cell's origins for its kind
//!   (whatever stands between: [`crate::table::ReverseTables::reached_from`]), and a
//!   piece moves once in a move, so it stands there before the reply. A relay walks
//!   with its activator's patterns from the relay's cell, so a relay that may capture
//!   (not `move only`) could reach the royal from anywhere its activators' patterns
//!   reach: left to the full test.
//!
//! Where neither can happen the royals are safe; where the first can, they are not;
//! every other case falls back to playing the replies, with its reason
//! ([`Fallback`]; `layer_tests/replies.rs` counts them and holds every answer to the
//! reference).

use std::sync::OnceLock;

use crate::attack::forward::attacked_forward_from;
use crate::attack::query::attacked_reverse;
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{KindFilter, RuleSet};
use crate::walk::Occupant;
use crate::{Game, GamePosition, MoveGenerator};

/// Per kind (bit k: kind k), what a reply's pieces may do to a royal beyond what the
/// royal's attack query sees; built only for games whose plies take pieces only by
/// capturing them ([`ReplyTakers::new`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplyTakers {
    /// Kinds some ply may activate that are not relays and have a pattern that may
    /// take a royal: such a piece, activated, may take a royal from its own cell.
    activated: u128,
    /// Of `activated`, the kinds answered forward (the reverse tables list no origins
    /// for them).
    activated_forward: u128,
    /// Per `(side * kinds + kind) * cells + from`, for the kinds answered forward: the
    /// cells (bit c: cell c) on which a piece of that side and kind standing on `from`
    /// may capture by its table, whatever stands between
    /// ([`crate::table::capture_cells`]); each built the first time a question needs it
    /// (on the large Croatian boards, building them all took longer than a perft).
    forward_reach: OnceLock<Vec<OnceLock<Box<[u64]>>>>,
    /// Relay kinds that may capture (not `move only`).
    capturing_relays: u128,
    /// `passive` kinds with a pattern that may take a royal (the attack query counts
    /// them; they never start a move).
    passive: u128,
}

/// Why [`MoveGenerator::reply_threat`] could not answer (the full test then plays the
/// replies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Fallback {
    /// The game is not one whose plies take only by capturing (no [`ReplyTakers`]).
    Game,
    /// A royal may be taken en passant.
    EnPassantRoyal,
    /// The side to move has a relay that may capture.
    CapturingRelay,
    /// A piece that may take a royal once activated and is answered forward stands
    /// where its table could capture on the royal's cell from.
    ActivatedForward,
    /// The royal is attacked, and a passive piece may be among its attackers.
    AttackedPassive,
    /// A piece that may take a royal once activated stands on one of the royal's
    /// origins for its kind.
    ActivatedInReach,
    /// The reverse tables keep no origins for the royal's cell.
    NoOrigins,
    /// More than four royals.
    ManyRoyals,
}

/// The kinds (a mask) whose pieces `filter` admits, of `pieces` kinds.
fn mask_of(filter: &KindFilter, pieces: usize) -> u128 {
    (0..pieces)
        .filter(|&k| filter.admits(PieceId(k as u8)))
        .fold(0, |m, k| m | 1u128 << k)
}

impl ReplyTakers {
    /// The takers of `g` (built over `rule_set`), or `None` where a reply may take a
    /// royal other than by capturing it: no effects at all (attack queries judge such
    /// games already), or effects that remove or turn pieces (blasts, burns, freezes,
    /// immunity, shapes, flips, petrification, the Duck, neutral movers and captures,
    /// lion trading, `no check`, `not in check`), pushes, swaps, friend captures,
    /// conversions, delayed promotions (`delayed`), chains or gating; and games of
    /// more than 128 kinds.
    pub(crate) fn new(g: &Game, rule_set: &RuleSet, delayed: bool) -> Option<Box<ReplyTakers>> {
        let fx = g.effects.as_deref()?;
        let pieces = g.pieces;
        let moves_others = rule_set.pieces.iter().flat_map(|p| &p.patterns).any(|pat| {
            pat.land.push.is_some()
                || pat.land.meets.as_deref().is_some_and(|m| {
                    m.swap.is_some() || m.capture_friend.is_some() || m.convert.is_some()
                })
        });
        if delayed
            || moves_others
            || !fx.captures_only()
            || g.chains.is_some()
            || g.gating.is_some()
            || pieces > 128
        {
            return None;
        }
        let royals = (0..pieces)
            .filter(|&k| g.royal[k])
            .map(|k| PieceId(k as u8))
            .collect::<Vec<_>>();
        let takes_royal = |f: &KindFilter| royals.iter().any(|&r| f.admits(r));
        let mut t = ReplyTakers::default();
        let (mut activatable, mut relays, mut takers, mut passive) = (0u128, 0u128, 0u128, 0u128);
        for (k, piece) in rule_set.pieces.iter().enumerate() {
            for pat in &piece.patterns {
                if (pat.land.foe && takes_royal(&pat.land.kinds))
                    || pat
                        .legs
                        .iter()
                        .any(|l| l.via.foe_captured && takes_royal(&l.via.kinds))
                {
                    takers |= 1u128 << k;
                }
                if let Some(a) = pat.land.meets.as_deref().and_then(|m| m.activate.as_ref()) {
                    activatable |= mask_of(&a.kinds, pieces);
                }
            }
        }
        let decls = &rule_set.game.effects;
        for r in &decls.relays {
            activatable |= mask_of(&r.activates, pieces);
            if let Some(foe) = &r.activates_foe {
                activatable |= mask_of(foe, pieces);
            }
            for p in &r.pieces {
                relays |= 1u128 << p.index();
                if !r.move_only {
                    t.capturing_relays |= 1u128 << p.index();
                }
            }
        }
        for p in &decls.passive {
            passive |= 1u128 << p.index();
        }
        t.activated = activatable & !relays & takers;
        t.passive = passive & takers;
        // Empty where the game was built for checking only (no reverse tables).
        let forward = g.reverse.forward_only();
        t.activated_forward = (0..pieces)
            .filter(|&k| forward.get(k).copied().unwrap_or(false))
            .fold(0, |m, k| m | 1u128 << k)
            & t.activated;
        Some(Box::new(t))
    }

    /// Makes room for what the questions will build ([`ReplyTakers::reach_of`]).
    pub(crate) fn prepare(&self, g: &Game) {
        self.slots(g);
    }

    fn slots(&self, g: &Game) -> &[OnceLock<Box<[u64]>>] {
        self.forward_reach.get_or_init(|| {
            (0..2 * g.pieces * g.cells)
                .map(|_| OnceLock::new())
                .collect()
        })
    }

    /// The cells on which a piece `kind` of `side` standing on `from` may capture by
    /// its table, as bits; built the first time.
    fn reach_of(&self, g: &Game, side: Side, kind: PieceId, from: usize) -> &[u64] {
        let at = (side.index() * g.pieces + kind.index()) * g.cells + from;
        self.slots(g)[at].get_or_init(|| {
            let mut out = vec![0u64; g.cells.div_ceil(64)];
            let cells =
                crate::table::capture_cells(g.rules.table(), side, kind, CellId(from as u16));
            for c in cells {
                out[c.index() / 64] |= 1 << (c.index() % 64);
            }
            out.into_boxed_slice()
        })
    }
}

impl MoveGenerator<'_> {
    /// Whether the side to move in `pos` has a pseudo-legal move (teleports left out)
    /// that takes a royal of the other side, as
    /// [`MoveGenerator::royal_threatened`] answers it, told without generating the
    /// moves (see the module); `Err` with the reason where this cannot tell.
    pub(crate) fn reply_threat(&mut self, pos: &GamePosition) -> Result<bool, Fallback> {
        let g = self.pseudo.game;
        let Some(t) = g.reply_takers.as_deref() else {
            return Err(Fallback::Game);
        };
        let mover = pos.side;
        let victim = mover.opponent();
        if pos.royal_count[victim.index()] == 0 {
            return Ok(false);
        }
        if !pos.ep.is_none() {
            let o = pos.cells[pos.ep.victim as usize];
            if !o.is_empty() && g.royal[o.kind().index()] {
                return Err(Fallback::EnPassantRoyal);
            }
        }
        let counts = &pos.counts[mover.index()];
        let has = |mask: u128| {
            mask != 0
                && counts
                    .iter()
                    .enumerate()
                    .any(|(k, &n)| n > 0 && mask >> k & 1 != 0)
        };
        let cells = g.cells;
        // The pieces of the side to move answered forward.
        let mut scanned = Vec::new();
        let forward: &[u16] = if !g.reverse.any_forward() {
            &[]
        } else if pos.tracking == g.keys.tracked && !g.keys.untracked {
            pos.tracked(mover)
        } else {
            let only = g.reverse.forward_only();
            scanned.extend(
                (0..cells)
                    .filter(|&i| {
                        let o = pos.cells[i];
                        !o.is_empty() && o.side() == mover && only[o.kind().index()]
                    })
                    .map(|i| i as u16),
            );
            &scanned
        };
        // Those that may capture on `r` by their tables, with their kinds.
        let in_reach = |r: u16| {
            forward.iter().filter_map(move |&q| {
                let k = pos.cells[q as usize].kind();
                let reach = t.reach_of(g, mover, k, q as usize);
                (reach[r as usize / 64] >> (r % 64) & 1 != 0).then_some((q, k))
            })
        };
        let royals: &mut [u16] = &mut [0; 4];
        let n = if pos.royal_count[victim.index()] == 1 {
            royals[0] = pos.royal_sum[victim.index()] as u16;
            1
        } else {
            let mut n = 0;
            for (i, o) in pos.cells.iter().enumerate() {
                if !o.is_empty() && o.side() == victim && g.royal[o.kind().index()] {
                    if n == royals.len() {
                        return Err(Fallback::ManyRoyals);
                    }
                    royals[n] = i as u16;
                    n += 1;
                }
            }
            n
        };
        let royals = &royals[..n];
        // The first plies: the reverse tables, and the pieces answered forward that
        // stand where their tables could capture on the royal's cell from.
        let attacks = &mut self.pseudo.attacks;
        let attacked = royals.iter().any(|&r| {
            let (cell, kind) = (CellId(r), pos.cells[r as usize].kind());
            attacked_reverse(g, pos, cell, mover, kind, attacks)
                || in_reach(r).any(|from| {
                    attacked_forward_from(
                        g,
                        pos,
                        cell,
                        mover,
                        Occupant::piece(victim, kind),
                        &[from],
                        &mut attacks.forward,
                    )
                })
        });
        if attacked {
            return if t.passive == 0 {
                Ok(true)
            } else {
                Err(Fallback::AttackedPassive)
            };
        }
        if has(t.capturing_relays) {
            return Err(Fallback::CapturingRelay);
        }
        if has(t.activated_forward) {
            let forward_in_reach = royals
                .iter()
                .any(|&r| in_reach(r).any(|(_, k)| t.activated_forward >> k.index() & 1 != 0));
            if forward_in_reach {
                return Err(Fallback::ActivatedForward);
            }
        }
        if !has(t.activated) {
            return Ok(false);
        }
        let mut answer = Some(false);
        for &r in royals {
            match g
                .reverse
                .reached_from(mover, CellId(r), t.activated, |i| pos.cells[i])
            {
                Some(false) => {}
                other => {
                    answer = other;
                    break;
                }
            }
        }
        match answer {
            Some(false) => Ok(false),
            Some(true) => Err(Fallback::ActivatedInReach),
            None => Err(Fallback::NoOrigins),
        }
    }
}
