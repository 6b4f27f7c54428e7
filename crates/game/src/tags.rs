//! tags: the game's side of `tag` declarations — which kinds carry which tags, which
//! tag a kind's patterns require, the tags' hash keys, and their FEN marks.
//!
//! A tag is per-piece state kept per cell ([`GamePosition::tags`]). The pieces of the
//! kinds a `tag` declaration lists carry it in the start position; a piece loses all
//! its tags when a move moves, displaces, converts, promotes or captures it (a dropped
//! or placed piece carries none). A kind's patterns marked `tagged T` apply while the
//! piece carries `T`: the table marks them `initial`, and the position keeps the moved
//! flag of such a kind equal to "does not carry `T`", so every walk, kernel, reverse
//! table and distance map that honours `initial` honours the tag unchanged.

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{marked_actions, RuleSet, TagDef, MAX_MARKS};
use crate::walk::Occupant;
use crate::{GameMove, GamePosition};

/// The tags of a game that declares some.
#[derive(Clone, Debug)]
pub(crate) struct GameTags {
    /// The declarations, in order (tag `i` is bit `i`).
    pub(crate) defs: Vec<TagDef>,
    /// Per kind: the bits of the tags it may carry.
    pub(crate) carried: Vec<u8>,
    /// Per kind: the bit of the tag its patterns require (0: none).
    pub(crate) required: Vec<u8>,
    /// `[cell * 8 + bit]`: the hash key of tag `bit` on `cell`.
    pub(crate) keys: Vec<u64>,
    /// `[kind * MAX_MARKS + mark - 1]`: the tags a move by a pattern of that mark sets
    /// and keeps (`sets T`, `keeps T`).
    pub(crate) marks: Vec<(u8, u8)>,
    /// Per kind: the tags its pieces carry in a start position written without marks
    /// and when placed by the editor (those it carries but the tags of promotions).
    pub(crate) start: Vec<u8>,
    /// Some promotion waits in a tag (`promotion ..., tagged T`: `game::delayed`).
    pub(crate) promotes_later: bool,
    /// The tags written as rights in the castling field (`, as rights in ZONE`).
    pub(crate) rights: u8,
    /// Where those rights live (set by setup, which knows the zones).
    pub(crate) rights_cells: Option<crate::tag_rights::TagRights>,
    /// `, lost when aimed at by KINDS` (their reaches filled by setup once the table
    /// exists).
    pub(crate) aimed: Vec<crate::tag_rights::Aimed>,
}

impl GameTags {
    /// The game's tags, or `None` if it declares none.
    pub(crate) fn new(rule_set: &RuleSet, cells: usize) -> Option<Box<GameTags>> {
        let tags = &rule_set.game.tags;
        if tags.tags.is_empty() {
            return None;
        }
        let kinds = rule_set.pieces.len();
        let carried: Vec<u8> = (0..kinds)
            .map(|k| tags.carried_by(PieceId(k as u8)))
            .collect();
        // The tags of promotions are only given by arriving in a zone.
        let promotion_tags = rule_set
            .game
            .promotions
            .iter()
            .filter_map(|p| p.tag)
            .fold(0u8, |m, t| m | 1 << t);
        // The rights are only given by the castling field.
        let rights = tags.rights();
        let start = carried
            .iter()
            .map(|&c| c & !promotion_tags & !rights)
            .collect();
        let aimed = tags
            .tags
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.aimed_by.is_empty())
            .map(|(i, t)| crate::tag_rights::Aimed::new(1 << i, &t.aimed_by, kinds))
            .collect();
        let required = rule_set
            .pieces
            .iter()
            .map(|p| {
                p.patterns
                    .iter()
                    .find_map(|pat| pat.conditions.tag)
                    .map_or(0, |(t, _)| 1u8 << t)
            })
            .collect();
        // SplitMix64 from a fixed seed: keys are the same in every run.
        let mut state: u64 = 0x7461_6773_5f6b_6579;
        let keys = (0..cells * 8)
            .map(|_| {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            })
            .collect();
        let mut marks = vec![(0, 0); kinds * MAX_MARKS];
        for (k, piece) in rule_set.pieces.iter().enumerate() {
            for (i, a) in marked_actions(&piece.patterns).iter().enumerate() {
                marks[k * MAX_MARKS + i] = (a.sets, a.keeps);
            }
        }
        Some(Box::new(GameTags {
            defs: tags.tags.clone(),
            carried,
            required,
            keys,
            marks,
            start,
            promotes_later: promotion_tags != 0,
            rights,
            rights_cells: None,
            aimed,
        }))
    }

    /// The bit of the tag written `mark`, if one is.
    pub(crate) fn bit_of(&self, mark: u8) -> Option<u8> {
        self.defs
            .iter()
            .position(|d| d.mark as u32 == mark as u32)
            .map(|i| 1 << i)
    }

    /// Gives every cell the tags in `tags` (per cell), sets the moved flags of kinds
    /// whose patterns require a tag to "does not carry it", and adds the tags to the
    /// hash (which must already hold everything else).
    pub(crate) fn install(&self, pos: &mut GamePosition, tags: Vec<u8>) {
        pos.tags = tags;
        for i in 0..pos.cells.len() {
            let occ = pos.cells[i];
            if occ.is_empty() {
                pos.tags[i] = 0;
                continue;
            }
            let required = self.required[occ.kind().index()];
            if required != 0 {
                pos.set_moved(i, pos.tags[i] & required == 0);
            }
            pos.hash ^= crate::position::tag_hash(&self.keys, i, pos.tags[i]);
        }
    }

    /// After the move `m` (made, its tags lost): gives its mover the tags its
    /// pattern's mark sets and keeps (the tags the mover had are the first ones the
    /// journal since `mark` saved for its start cell), journaled and hashed (when
    /// `HASH`), and keeps the moved flag of a kind whose
    /// patterns require a tag equal to "does not carry it". Nothing if the mover is
    /// gone (blown up).
    #[cold]
    #[inline(never)]
    pub(crate) fn after_marked_move<const HASH: bool>(
        &self,
        pos: &mut GamePosition,
        m: &GameMove,
        side: Side,
        mark: usize,
    ) {
        let cell = if m.convert.is_some() { m.from } else { m.to };
        let i = cell.index();
        let occ = pos.cells[i];
        let kind = m.promotion.unwrap_or(m.piece);
        if occ.is_empty() || occ != Occupant::piece(side, kind) || m.mark == 0 {
            return;
        }
        let Some(&(sets, keeps)) = self
            .marks
            .get(m.piece.index() * MAX_MARKS + m.mark as usize - 1)
        else {
            return;
        };
        let before = pos.tags_before(mark, m.from);
        self.add_tags::<HASH>(pos, cell, (before & keeps) | sets);
    }

    /// After the cascade `m` (made, its tags lost): gives each activated piece the tags
    /// its ply's pattern sets and keeps (`sets T`, `keeps T` on the pattern it walked:
    /// its own kind's, or its activator's for a relay), as [`GameTags::after_marked_move`]
    /// does for the first mover.
    #[cold]
    #[inline(never)]
    pub(crate) fn after_cascade<const HASH: bool>(
        &self,
        g: &crate::Game,
        pos: &mut GamePosition,
        m: &GameMove,
        mark: usize,
    ) {
        let cascade = m.cascade();
        if cascade.marks() == 0 {
            return;
        }
        let Some(act) = g.effects.as_deref().and_then(|fx| fx.activation.as_ref()) else {
            return;
        };
        let plies = crate::activation::later_plies(act, pos, m);
        for ((from, to), ply) in cascade.plies(m.to).zip(plies) {
            let Some((_, _, walked, ply_mark)) = ply else {
                continue;
            };
            let Some(&(sets, keeps)) = (ply_mark != 0)
                .then(|| {
                    self.marks
                        .get(walked.index() * MAX_MARKS + ply_mark as usize - 1)
                })
                .flatten()
            else {
                continue;
            };
            let before = pos.tags_before(mark, from);
            self.add_tags::<HASH>(pos, to, (before & keeps) | sets);
        }
    }

    /// Gives the piece on `cell` the tags `add` (those of them its kind carries),
    /// journaled and hashed (when `HASH`), keeping the moved flag of a kind whose
    /// patterns require a tag equal to "does not carry it".
    pub(crate) fn add_tags<const HASH: bool>(&self, pos: &mut GamePosition, cell: CellId, add: u8) {
        let i = cell.index();
        let kind = pos.cells[i].kind();
        let new = (pos.tags[i] | add) & self.carried[kind.index()];
        self.set_tags::<HASH>(pos, cell, new);
    }

    /// Gives the piece on `cell` exactly the tags `new`, journaled and hashed (when
    /// `HASH`), keeping the moved flag of a kind whose patterns require a tag equal to
    /// "does not carry it"; nothing if it carries them already.
    fn set_tags<const HASH: bool>(&self, pos: &mut GamePosition, cell: CellId, new: u8) {
        let i = cell.index();
        let kind = pos.cells[i].kind();
        let cur = pos.tags[i];
        if new == cur {
            return;
        }
        pos.journal_tags(cell);
        if HASH {
            pos.hash ^= crate::position::tag_hash(&self.keys, i, cur)
                ^ crate::position::tag_hash(&self.keys, i, new);
        }
        pos.tags[i] = new;
        let required = self.required[kind.index()];
        if required != 0 {
            pos.set_moved(i, new & required == 0);
        }
    }

    /// Takes the tags `remove` from the piece on `cell`, journaled and hashed (when
    /// `HASH`), keeping the moved flag of a kind whose patterns require a tag equal to
    /// "does not carry it".
    pub(crate) fn remove_tags<const HASH: bool>(
        &self,
        pos: &mut GamePosition,
        cell: CellId,
        remove: u8,
    ) {
        let new = pos.tags[cell.index()] & !remove;
        self.set_tags::<HASH>(pos, cell, new);
    }

    /// After the move `m` (made; `side` moved): the tags `lost when aimed at by` its
    /// mover's kind are taken from the enemy pieces it now aims at.
    #[cold]
    #[inline(never)]
    pub(crate) fn after_aiming<const HASH: bool>(
        &self,
        g: &crate::Game,
        pos: &mut GamePosition,
        m: &GameMove,
        side: Side,
    ) {
        let mut hit = Vec::new();
        for rule in &self.aimed {
            hit.clear();
            rule.aimed_at(g, pos, m, side, &mut hit);
            for &c in &hit {
                self.remove_tags::<HASH>(pos, c, rule.bit);
            }
        }
    }

    /// The marks of `tags`, in declaration order (the tags written as rights in the
    /// castling field left out).
    pub(crate) fn marks(&self, tags: u8) -> impl Iterator<Item = char> + '_ {
        let tags = tags & !self.rights;
        self.defs
            .iter()
            .enumerate()
            .filter(move |(i, _)| tags >> i & 1 != 0)
            .map(|(_, d)| d.mark)
    }
}

impl crate::Game {
    /// The FEN marks of the tags `tags` (bit `i`: the game's tag `i`), in declaration
    /// order; empty in games without tags.
    pub fn tag_marks(&self, tags: u8) -> String {
        self.tags
            .as_deref()
            .map_or_else(String::new, |t| t.marks(tags).collect())
    }

    /// The names of the game's tags, in declaration order (bit `i` of
    /// [`GamePosition::tags`] is tag `i`).
    pub fn tag_names(&self) -> Vec<&str> {
        self.tags.as_deref().map_or_else(Vec::new, |t| {
            t.defs.iter().map(|d| d.name.as_str()).collect()
        })
    }

    /// A line that says what each tag mark means (`tags: ^ rush, ! spring`), if the
    /// game declares tags.
    pub fn tag_legend(&self) -> Option<String> {
        let t = self.tags.as_deref()?;
        let items: Vec<String> = t
            .defs
            .iter()
            .map(|d| format!("{} {}", d.mark, d.name))
            .collect();
        Some(format!("tags: {}", items.join(", ")))
    }
}
