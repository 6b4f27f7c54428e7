//! reply_cache: whether a reply could take a royal, answered from the replies each of
//! the replying side's pieces had when last generated, kept while every cell their
//! generation read holds what it held — so that a game whose legality plays every reply
//! (the Croatian files: activations and cascades) generates, move after move, only the
//! replies of the pieces a move disturbed.
//!
//! The replies of a game with activations but no effect that acts on the whole list
//! (no gating, chains, Duck, shapes, freezes or immunity, burns, blasts, `no check`,
//! neutral captures) are the union of their first movers' ([`PseudoGen::replies_from`]:
//! a piece's walk and the cascades it starts). Those of the piece on a cell depend only
//! on the cells their generation read (with their occupants, moved flags, promotion
//! marks and tags), and on what the position holds beside its cells (en passant
//! cells — a position with any open is left to the full test —, pieces in hand and the
//! kinds' counts, which promotions may read, and where the portals stand, which a
//! relay's line through one reads over the whole board). An onward relay's line reads
//! the cells it passes only for what they are to the relay
//! ([`crate::movegen::first_mover::onward_class`]). So the cache keeps, per cell and side,
//! the cells read and the cells some reply captures on (on its landing cell, in
//! passing, at a cascade's end): a reply of that piece may take a royal only if a
//! royal stands on one of those, and then the piece's replies are generated again and
//! judged as the full test judges them ([`MoveGenerator::royal_threatened`], which
//! stays the reference: `layer_tests/reply_cache.rs` holds this to it). A generation
//! that read cells it could not mark (a kernel's rays or hurdle lines) is not kept: its
//! piece's replies are generated every time. A piece whose patterns neither capture nor
//! meet anything (`Game::reply_inert`: One's Monolith) is never generated.

use crate::ids::Side;
use crate::kernel::bits::pieces_of;
use crate::make::{make, unmake};
use crate::movegen::first_mover::onward_class;
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveGenerator, MoveKind};

/// One piece's replies, as far as a royal's safety needs them.
#[derive(Clone, Debug, Default)]
struct Entry {
    /// `cell * 2 + side + 1` of the first mover; 0 for an empty slot.
    key: u32,
    /// [`state_of`] the position when generated.
    state: u64,
    /// Every cell the generation read, with its occupant, marks byte and tag then.
    reads: Vec<(u16, Occupant, u8, u8)>,
    /// The cells some reply captures on (sorted, each once).
    captures: Vec<u16>,
    /// The cells an onward relay's line passed, with the relay and the cell's
    /// [`onward_class`] then.
    passed: Vec<(u16, Occupant, u16)>,
}

impl Entry {
    /// Whether every cell read still holds what it held, and every cell an onward line
    /// passed what is alike to its relay.
    #[inline]
    fn holds(&self, g: &Game, pos: &GamePosition) -> bool {
        self.reads.iter().all(|&(c, o, mark, tag)| {
            let c = c as usize;
            pos.cells[c] == o && pos.marks[c] == mark && tag_of(pos, c) == tag
        }) && self
            .passed
            .iter()
            .all(|&(c, relay, class)| onward_class(g, relay, pos.cells[c as usize]) == class)
    }
}

#[inline(always)]
fn tag_of(pos: &GamePosition, c: usize) -> u8 {
    pos.tags.get(c).copied().unwrap_or(0)
}

/// What the position holds beside its cells that a reply's generation may read: the
/// pieces in hand, the kinds' counts and where the portals stand (a relay's line goes
/// on from every other portal of the kind it meets, found over the whole board); a
/// fingerprint: the cache's entries are kept for one value of it at a time.
fn state_of(g: &Game, pos: &GamePosition) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for s in 0..2 {
        pos.hands[s]
            .iter()
            .flat_map(|n| n.to_le_bytes())
            .for_each(&mut eat);
        eat(0xff);
        pos.counts[s]
            .iter()
            .flat_map(|n| n.to_le_bytes())
            .for_each(&mut eat);
        eat(0xfe);
    }
    if let Some(tp) = g.effects.as_deref().and_then(|fx| fx.teleport.as_ref()) {
        for (c, o) in pos.cells.iter().enumerate() {
            if !o.is_empty() && tp.is_portal(o.kind()) {
                c.to_le_bytes().into_iter().for_each(&mut eat);
                eat(o.0);
            }
        }
    }
    h
}

/// The replies kept per piece (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplyCache {
    slots: Vec<Entry>,
    /// Scratch: the victim's royals, one bit per cell.
    royals: Vec<u64>,
    /// Scratch: the replies of one piece.
    replies: Vec<GameMove>,
    /// Scratch: the cells of the first movers.
    movers: Vec<usize>,
    /// How many pieces' replies were answered from the cache, and generated.
    pub(crate) hits: u64,
    pub(crate) misses: u64,
}

/// Whether `g`'s replies are the union of their first movers' and the cache may keep
/// them (see the module docs).
pub(crate) fn applies(g: &Game) -> bool {
    let Some(fx) = g.effects.as_deref() else {
        return false;
    };
    fx.activation.is_some()
        && !fx.may_burn()
        && !fx.has_blast()
        && !fx.shapes()
        && !fx.bars()
        && !fx.bars_in_check()
        && !fx.no_check
        && fx.duck.is_none()
        && fx.neutral_captures.is_empty()
        && g.gating.is_none()
        && g.chains.is_none()
        && !g.ends.pass_when_stuck
}

/// The cells `m` captures on, as the full test's `takes_royal` reads it.
fn captured_cells(m: &GameMove, out: &mut Vec<u16>) {
    if m.captures_to || m.convert.is_some() {
        out.push(m.to.0);
    }
    if m.cascade().captures() {
        out.extend(m.cascade().last().map(|c| c.0));
    }
    out.extend(m.passing_captures().map(|c| c.0));
    if let MoveKind::EnPassant { victim } = m.kind {
        out.push(victim.0);
    }
}

impl MoveGenerator<'_> {
    /// Whether a game whose legality plays every reply keeps each piece's replies
    /// between moves (on by default where the game allows it: see the module docs);
    /// off, every reply is generated for every move judged — the same verdicts, for
    /// measuring the cache or saving its memory (a few kilobytes a piece).
    pub fn keep_replies(&mut self, on: bool) {
        self.reply_cache_on = on && applies(self.pseudo.game);
        self.reply_cache = ReplyCache::default();
    }

    /// [`MoveGenerator::royal_threatened`] answered through the reply cache; `None` where
    /// the cache does not apply (the game, or a position with en passant cells open).
    pub(crate) fn royal_threatened_cached(&mut self, pos: &mut GamePosition) -> Option<bool> {
        let g = self.pseudo.game;
        if !self.reply_cache_on || !pos.ep.is_none() {
            return None;
        }
        let mover = pos.side;
        let victim = mover.opponent();
        let (ours, theirs) = (
            pos.royal_count[mover.index()],
            pos.royal_count[victim.index()],
        );
        if theirs == 0 {
            return Some(false);
        }
        let cache = &mut self.reply_cache;
        let words = pos.cells.len().div_ceil(64);
        cache.royals.clear();
        cache.royals.resize(words, 0);
        for (c, o) in pos.cells.iter().enumerate() {
            if !o.is_empty() && o.side() == victim && g.royal[o.kind().index()] {
                cache.royals[c >> 6] |= 1 << (c & 63);
            }
        }
        if cache.slots.len() < 2 * pos.cells.len() {
            cache.slots.resize(2 * pos.cells.len(), Entry::default());
        }
        let state = state_of(g, pos);
        let neutral_movers = g
            .effects
            .as_deref()
            .map(|fx| fx.neutral_movers.as_slice())
            .unwrap_or(&[]);
        // The first movers: the side's pieces, and the neutral pieces it moves (the
        // first side's walks carry those already: they are stored with its bit).
        let mut movers = std::mem::take(&mut self.reply_cache.movers);
        movers.clear();
        movers.extend(pieces_of(&pos.cells, mover));
        if mover == Side::Second && !neutral_movers.is_empty() {
            movers.extend((0..pos.cells.len()).filter(|&c| {
                let o = pos.cells[c];
                !o.is_empty()
                    && o == crate::neutral::neutral_occupant(o.kind())
                    && neutral_movers.contains(&o.kind())
            }));
        }
        let threat = self.threat_among(pos, &movers, (mover, ours), state);
        self.reply_cache.movers = movers;
        Some(threat)
    }

    /// Whether a reply of one of the first movers on `movers` takes a royal of the side
    /// not to move without losing one of `mover`'s `ours` (the cache's `royals` built).
    fn threat_among(
        &mut self,
        pos: &mut GamePosition,
        movers: &[usize],
        (mover, ours): (Side, u16),
        state: u64,
    ) -> bool {
        let g = self.pseudo.game;
        for &from in movers {
            // A piece whose patterns take nothing and start nothing: no reply of its
            // takes a royal.
            let kind = pos.cells[from].kind().index();
            if kind < 128 && g.reply_inert >> kind & 1 != 0 {
                continue;
            }
            let key = from as u32 * 2 + mover.index() as u32 + 1;
            let cache = &mut self.reply_cache;
            let slot = &cache.slots[key as usize - 1];
            let royal = |c: u16| cache.royals[c as usize >> 6] >> (c & 63) & 1 != 0;
            let fresh;
            if slot.key == key && slot.state == state && slot.holds(g, pos) {
                cache.hits += 1;
                if !slot.captures.iter().any(|&c| royal(c)) {
                    continue;
                }
                fresh = false;
            } else {
                cache.misses += 1;
                let mut replies = std::mem::take(&mut cache.replies);
                replies.clear();
                self.pseudo.replies_from(pos, from, &mut replies, true);
                let cache = &mut self.reply_cache;
                let mut captures = Vec::new();
                replies
                    .iter()
                    .for_each(|m| captured_cells(m, &mut captures));
                captures.sort_unstable();
                captures.dedup();
                let hit = captures
                    .iter()
                    .any(|&c| cache.royals[c as usize >> 6] >> (c & 63) & 1 != 0);
                let rec = &self.pseudo.recording;
                let slot = &mut cache.slots[key as usize - 1];
                if rec.volatile {
                    slot.key = 0;
                } else {
                    slot.key = key;
                    slot.state = state;
                    slot.reads.clear();
                    for (i, w) in rec.seen.iter().enumerate() {
                        let mut w = w.get();
                        while w != 0 {
                            let c = 64 * i + w.trailing_zeros() as usize;
                            w &= w - 1;
                            slot.reads
                                .push((c as u16, pos.cells[c], pos.marks[c], tag_of(pos, c)));
                        }
                    }
                    slot.captures = captures;
                    slot.passed.clear();
                    slot.passed.extend(rec.passed.iter().map(|&(c, relay)| {
                        (c, relay, onward_class(g, relay, pos.cells[c as usize]))
                    }));
                    slot.passed.sort_unstable_by_key(|&(c, r, _)| (c, r.0));
                    slot.passed.dedup();
                }
                cache.replies = replies;
                if !hit {
                    continue;
                }
                fresh = true;
            }
            // A royal stands where one of this piece's replies captures: judged as the
            // full test judges every reply.
            let mut replies = std::mem::take(&mut self.reply_cache.replies);
            if !fresh {
                replies.clear();
                self.pseudo.replies_from(pos, from, &mut replies, false);
            }
            let threat = replies.iter().any(|r| {
                if !super::general::takes_royal(g, pos, r) {
                    return false;
                }
                let undo = make(g, pos, r);
                let safe = pos.royal_count[mover.index()] >= ours;
                unmake(g, pos, undo);
                safe
            });
            self.reply_cache.replies = replies;
            if threat {
                return true;
            }
        }
        false
    }
}
