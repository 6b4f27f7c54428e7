//! setup: from a checked rule set's game declarations to the resolved rules a [`Game`]
//! plays by — one builder per concern (royals, castling, en passant, promotions and
//! demotions, drops, cells where a piece is dead, royals that may not face, the start
//! position), the limits the layer relies on, and the Sokoban board cut.
//!
//! Owns the reading of [`crate::ir::GameDecls`] and the diagnostics for declarations
//! the layer cannot honour (E0950 to E0954). It reads the move table only through
//! [`crate::table::TableFacts`], [`crate::table::foe_landings`] and the walker. It
//! does not generate moves, test legality or build the reverse tables (it calls
//! [`ReverseTables::build`]).

use super::{DropLimits, Game, GamePosition, Keys, PromotionRule, MAX_EP_CELLS, MAX_PASSING};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{CellId, PieceId, Side, Span, ZoneId};
use crate::ir::{Coord, GameDecls, RuleSet, StartPosition};
use crate::table::{self, TableFacts};
use crate::topology::Board;
use piecewise_table::Rules;

/// The most castling moves of both sides together (castling rights are bits of a `u64`).
const MAX_CASTLINGS: usize = 64;

mod castling;
mod promotions;
mod tables;

use castling::{castle_loss, castlings};
use promotions::{promotion_cells, promotions};
use tables::{dead_cells, play_tables};

impl Game {
    /// Builds the game layer over compiled rules. Fails (with diagnostics pointing into
    /// the rules file) on a start position that cannot be read and on declarations the
    /// layer cannot honour.
    pub fn new(rule_set: &RuleSet, rules: Rules) -> Result<Game, Diagnostics> {
        Game::build(rule_set, rules, true)
    }

    /// Reads the game declarations over compiled rules as [`Game::new`] does, with
    /// every diagnostic it gives, without building what play needs (the reverse
    /// tables, rays and bit kernels, which no declaration is checked against).
    pub(super) fn declarations(rule_set: &RuleSet, rules: Rules) -> Result<Rules, Diagnostics> {
        Game::build(rule_set, rules, false).map(|g| g.rules)
    }

    /// [`Game::new`], with the structures of play only if `play`; without them the
    /// game is only read for its diagnostics and its rules.
    fn build(rule_set: &RuleSet, rules: Rules, play: bool) -> Result<Game, Diagnostics> {
        let board = rules.board().clone();
        let pieces = rule_set.pieces.len();
        let cells = board.cell_count();
        let decls = &rule_set.game;
        let mut errors = Diagnostics::new();

        let royal = royal_pieces(decls, pieces);
        let mut castlings = castlings(decls, &board, &mut errors);
        for c in &mut castlings {
            // No check, or a king that is not royal: it may castle out of, through and
            // into attack.
            // (`except all` castles as chess: its king is in check when all its royals are.)
            if (decls.neutral.no_check && !decls.neutral.no_check_except_all)
                || !royal[c.king.index()]
            {
                c.safe.clear();
            }
        }
        let ep_capturer = en_passant_capturers(decls, pieces);
        let (promotions, base_of) = promotions(rule_set, &board);
        let (promo_to, promo_from) = promotion_cells(&promotions, cells);
        let dead = dead_cells(&rules, pieces, |side, p| {
            decls.hand || !promotions[side.index() * pieces + p].is_empty()
        });
        let facts = TableFacts::of(rules.table());
        check_table_limits(&facts, rule_set, &mut errors);

        let placement_region = decls
            .neutral
            .placement
            .zone
            .map(|z| Side::BOTH.map(|side| zone_cells(rule_set, &board, z, side)));
        let (reverse, kernels) = play_tables(&rules, play);
        let gating = gating_rule(rule_set, &board, &mut errors);
        let gates = gating.is_some();
        let mut game = Game {
            name: rule_set.name.clone(),
            pieces,
            cells,
            plus: rule_set.pieces.iter().map(|p| p.plus).collect(),
            san_names: rule_set.pieces.iter().map(|p| p.san).collect(),
            san_king: decls
                .royals
                .iter()
                .any(|&p| p != decls.royals[0])
                .then(|| decls.royals[0]),
            neutral: (0..pieces)
                .map(|k| decls.neutral.is_neutral(PieceId(k as u8)))
                .collect(),
            castle_loss: castle_loss(&castlings, cells),
            ep_sources: en_passant_sources(&rules, &ep_capturer),
            clock_reset: clock_resetters(decls, &ep_capturer),
            promotions,
            touches: crate::touch::Touches::new(
                &rule_set.game.effects.touches,
                pieces,
                |z, side| zone_cells(rule_set, &board, z, side),
            )
            .map(Box::new),
            promo_to,
            promo_from,
            base_of,
            hand: decls.hand,
            captures_to_hand: decls.hand && !decls.captures_not_kept && !decls.hand_unlimited,
            hand_unlimited: decls.hand_unlimited,
            neighbours: neighbours(&board, &decls.drops),
            hand_demotes: decls.hand && !decls.captures_not_kept && !decls.captures_kept_promoted,
            drop_limits: drop_limits(rule_set, &board),
            drop_phase: drop_phase(rule_set, &board),
            castles_when_dropped: castlings.iter().any(|c| c.when_dropped),
            drops: decls.hand && !decls.gating.as_ref().is_some_and(|gt| gt.no_drops),
            dead,
            no_facing: decls.royals_may_not_face,
            evasion_captures: decls.royals_in_check_capture_only,
            one_side: decls.one_side,
            stalemate: decls.stalemate,
            stalemate_by_count: decls.stalemate_by_count,
            ends: decls.ends.clone(),
            reach_zones: decls
                .ends
                .reach
                .iter()
                .map(|r| {
                    Side::BOTH.map(|side| {
                        let inside = zone_cells(rule_set, &board, r.zone, side);
                        (0..inside.len())
                            .filter(|&c| inside[c])
                            .map(|c| c as u16)
                            .collect()
                    })
                })
                .collect(),
            connects: crate::result::connect::resolve(
                rule_set,
                &board,
                &(0..pieces)
                    .map(|k| decls.neutral.is_neutral(PieceId(k as u8)))
                    .collect::<Vec<_>>(),
                &|zone, side| zone_cells(rule_set, &board, zone, side),
            ),
            confined: confined_cells(rule_set, &board),
            material: (0..2 * pieces).map(|_| Default::default()).collect(),
            no_giving_check: decls.ends.no_giving_check,
            ends_at_once: decls.ends.material_ends(),
            must_capture: decls.must_capture,
            capture_weights: (0..pieces)
                .map(|p| {
                    decls
                        .capture_weights
                        .iter()
                        .find(|&&(k, _)| k.index() == p)
                        .map_or(1, |&(_, w)| w)
                })
                .collect(),
            capture_prefer: decls
                .capture_prefer
                .iter()
                .map(|p| {
                    let mut mask = vec![false; pieces];
                    for k in &p.pieces {
                        mask[k.index()] = true;
                    }
                    (p.rule, mask)
                })
                .collect(),
            chains: match super::movegen::chain::Chains::build(
                rule_set,
                &crate::pipeline::Limits::default(),
            ) {
                Ok(c) => c.map(Box::new),
                Err(d) => {
                    errors.extend(d);
                    None
                }
            },
            gating: gating.map(Box::new),
            alignment: decls
                .alignment
                .as_ref()
                .map(|a| Box::new(super::alignment::AlignmentRule::new(a, pieces))),
            graveyard: decls
                .alignment
                .as_ref()
                .is_some_and(|a| a.resurrect.is_some()),
            displace: super::displace::DisplaceRules::new(&decls.displace, pieces).map(Box::new),
            sacrifice: super::sacrifice::SacrificeRules::new(&decls.sacrifice, pieces)
                .map(Box::new),
            effects: super::effects::GameEffects::new(
                (&decls.effects, gates),
                &decls.neutral,
                &board,
                pieces,
                // A syzygy's demotion, a displacement and a sacrifice are side changes, which only a
                // game with effects judges (by playing the move).
                facts.captures_or_converts_met()
                    || super::delayed::delayed_promotions(rule_set)
                    || decls
                        .alignment
                        .as_ref()
                        .is_some_and(|a| a.demote.is_some() || a.resurrect.is_some())
                    || !decls.displace.is_empty()
                    || !decls.sacrifice.is_empty(),
                facts.activates(),
                &rule_set
                    .pieces
                    .iter()
                    .map(|p| crate::ir::marked_actions(&p.patterns))
                    .collect::<Vec<_>>(),
            ),
            tags: super::tags::GameTags::new(rule_set, cells),
            plain: false,
            blast_counts: false,
            reply_takers: None,
            reply_inert: 0,
            sokoban: decls.sokoban.clone(),
            sokoban_steps: std::sync::OnceLock::new(),
            onward_lines: Default::default(),
            file_rays: file_rays(
                &board,
                decls.royals_may_not_face || decls.ends.royals_facing.is_some(),
            ),
            any_passing: facts.captures_in_passing(),
            moves_met: false,
            marked: rule_set
                .pieces
                .iter()
                .any(|p| p.patterns.iter().any(|pat| pat.conditions.mark != 0)),
            lists: false,
            start: None,
            start_fen: None,
            start_counts: [vec![0; pieces], vec![0; pieces]],
            keys: Keys::new(pieces, cells, castlings.len(), royal.clone())
                .tracking(reverse.forward_only()),
            kernels,
            bits: super::kernel::BitKernel::None,
            counted: None,
            reverse,
            royal,
            castlings,
            rules,
        };
        game.lists = game.must_capture.is_some()
            || game.drop_phase.as_ref().is_some_and(|ph| ph.first)
            || game.evasion_captures
            || game.effects.is_some()
            || game.marked
            || game.no_giving_check
            || game.chains.is_some();
        if let Some(fx) = game.effects.as_deref_mut() {
            fx.placement.region = placement_region;
        }
        game.blast_counts = crate::legality::blast::quiet_blast_game(&game)
            && game.must_capture.is_none()
            && !game.drop_phase.as_ref().is_some_and(|ph| ph.first)
            && !game.evasion_captures
            && !game.marked
            && game.chains.is_none();
        game.reply_takers = crate::legality::replies::ReplyTakers::new(
            &game,
            rule_set,
            super::delayed::delayed_promotions(rule_set),
        );
        game.reply_inert = if rule_set.pieces.len() <= 128 {
            let inert = |pat: &crate::ir::Pattern| {
                !pat.land.foe
                    && pat.land.push.is_none()
                    && !pat.land.meets.as_deref().is_some_and(|m| m.any())
                    && pat.legs.iter().all(|l| !l.via.foe_captured)
            };
            rule_set
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.patterns.iter().all(inert))
                .fold(0, |m, (k, _)| m | 1u128 << k)
        } else {
            0
        };
        game.moves_met =
            facts.meets_pieces() || game.neutral.iter().any(|&n| n) || game.effects.is_some();
        game.plain = game.effects.is_none() && game.tags.is_none() && game.gating.is_none();
        // `no check` with blasts or burns: a move may remove its own side's last royal,
        // which ends the game at once (the other side then has no move).
        game.ends_at_once |= game
            .effects
            .as_deref()
            .is_some_and(|fx| fx.no_check && fx.removes());
        // A promotion to a royal piece (Coregal's queen) makes a royal the kernel's
        // pins and checks do not know of: such games are judged without it; so are
        // games whose royals in check may only take the checker (Makpong).
        let promotes_to_royal = game.promotions.iter().any(|rules| {
            rules
                .iter()
                .any(|r| r.choices.iter().any(|c| game.royal[c.index()]))
        });
        if play {
            game.bits = super::kernel::BitKernel::build(
                &game.reverse,
                &game.kernels,
                (&game.royal, game.pieces),
                (&game.promo_to, &game.promo_from, &game.castlings),
                // A blast game's kernel counts only (`count_legal_bits`).
                (game.effects.is_none() || game.blast_counts)
                    && !game.neutral.iter().any(|&n| n)
                    && !game.no_giving_check
                    && !game.chain_royals()
                    && !promotes_to_royal
                    && !game.evasion_captures,
                game.no_facing.then_some(&game.file_rays[..]),
            );
            // No bitboard kernel: the reaches alone, for the bulk count of nodes the
            // quick test leaves unmarked (not in games with effects or walls).
            if matches!(game.bits, super::kernel::BitKernel::None)
                && game.effects.is_none()
                && !game.neutral.iter().any(|&n| n)
            {
                game.counted = super::kernel::counted::Counted::build(
                    &game.kernels,
                    (&game.royal, game.pieces, game.cells),
                    (&game.promo_to, &game.promo_from),
                )
                .map(Box::new);
            }
        }
        tag_rights(&mut game, rule_set, &mut errors);
        if let Some(start) = &decls.start {
            game.set_start(start, &mut errors);
        }
        if errors.has_errors() {
            return Err(errors);
        }
        Ok(game)
    }

    /// Reads the declared start position into the game (and counts its pieces for
    /// `only captured`); E0950 if it is not a valid FEN.
    fn set_start(&mut self, start: &StartPosition, errors: &mut Diagnostics) {
        match self.position(&start.fen) {
            Ok(mut pos) => {
                // A start FEN without tag marks: every piece carries its kind's tags.
                // (The tags written as rights come from the castling field, and stay.)
                if let Some(t) = self.tags.as_deref() {
                    if pos.tags.iter().all(|&b| b & !t.rights == 0) {
                        let tags = pos
                            .cells
                            .iter()
                            .zip(&pos.tags)
                            .map(|(o, &had)| {
                                if o.is_empty() {
                                    0
                                } else {
                                    t.start[o.kind().index()] | had
                                }
                            })
                            .collect();
                        // `install` adds the tags' keys to a hash that holds none.
                        for (i, &had) in pos.tags.iter().enumerate() {
                            pos.hash ^= crate::position::tag_hash(&t.keys, i, had);
                        }
                        t.install(&mut pos, tags);
                    }
                }
                self.start_counts = piece_counts(&pos, self.pieces);
                // With tags, the start FEN as written here (with its marks), so that it
                // reads back to the start position.
                self.start_fen = Some(match self.tags {
                    Some(_) => self.fen(&pos),
                    None => start.fen.clone(),
                });
                self.start = Some(pos);
            }
            Err(e) => {
                let at = start.span.start + e.offset().min(start.fen.len()) as u32;
                errors.push(
                    Diagnostic::error(
                        "E0950",
                        format!("the start position is not a valid FEN: {}", e.message()),
                        Span {
                            start: at,
                            end: (at + 1).min(start.span.end.max(at + 1)),
                        },
                    )
                    .label("here"),
                );
            }
        }
    }
}

/// `[side][piece]`: how many pieces of each kind each side has on the board.
fn piece_counts(pos: &GamePosition, pieces: usize) -> [Vec<u16>; 2] {
    let mut counts = [vec![0; pieces], vec![0; pieces]];
    for occupant in pos.cells.iter().filter(|o| !o.is_empty()) {
        counts[occupant.side().index()][occupant.kind().index()] += 1;
    }
    counts
}

/// Per piece: whether it is declared `royal`.
fn royal_pieces(decls: &GameDecls, pieces: usize) -> Vec<bool> {
    let mut royal = vec![false; pieces];
    for p in &decls.royals {
        royal[p.index()] = true;
    }
    royal
}

/// The cell at `coord` as the first side writes it, seen by `side` (the second side's
/// cells are the first side's mirrored).
fn side_cell(board: &Board, coord: Coord, side: Side) -> Option<CellId> {
    match side {
        Side::First => board.cell_at(coord),
        Side::Second => board.cell_at(board.mirror(coord)),
    }
}

/// By `side * pieces + piece`: the cells the `confine` declarations keep the piece in
/// (the intersection of its zones; `None` when none names it).
fn confined_cells(rule_set: &RuleSet, board: &Board) -> Vec<Option<Vec<bool>>> {
    let pieces = rule_set.pieces.len();
    let mut confined = vec![None; 2 * pieces];
    for side in Side::BOTH {
        for c in &rule_set.game.confinements {
            if c.side.is_some_and(|s| s != side) {
                continue;
            }
            let zone = zone_cells(rule_set, board, c.zone, side);
            for &piece in &c.pieces {
                let slot: &mut Option<Vec<bool>> =
                    &mut confined[side.index() * pieces + piece.index()];
                match slot {
                    Some(cells) => cells.iter_mut().zip(&zone).for_each(|(a, &b)| *a &= b),
                    None => *slot = Some(zone.clone()),
                }
            }
        }
    }
    confined
}

/// The tags written as rights (`, as rights in ZONE`: their cells, E0938/E0939) and
/// lost when aimed at (`, lost when aimed at by KINDS`: the aimers' reaches), resolved
/// once the game's table exists.
fn tag_rights(game: &mut Game, rule_set: &RuleSet, errors: &mut Diagnostics) {
    let Some(t) = game.tags.as_deref() else {
        return;
    };
    let board = game.board().clone();
    let zones: Vec<_> = t
        .defs
        .iter()
        .filter_map(|d| d.rights.map(|z| (z, d.span)))
        .collect();
    let rights = match zones.first() {
        Some(&(_, span)) => {
            let inside = Side::BOTH.map(|side| {
                let mut all = vec![false; board.cell_count()];
                for &(z, _) in &zones {
                    for (a, b) in all.iter_mut().zip(zone_cells(rule_set, &board, z, side)) {
                        *a |= b;
                    }
                }
                all
            });
            match crate::tag_rights::TagRights::new(&board, inside, span) {
                Ok(r) => Some(r),
                Err(d) => {
                    errors.push(*d);
                    None
                }
            }
        }
        None => None,
    };
    let mut aimed = t.aimed.clone();
    for a in &mut aimed {
        a.fill(game);
    }
    if let Some(t) = game.tags.as_deref_mut() {
        t.rights_cells = rights;
        t.aimed = aimed;
    }
}

/// Per cell: whether it lies in `zone` as `side` sees it (mirrored for the second side
/// unless the zone is `absolute`).
/// `gating ...` resolved for the board (E0981, E0982 from [`crate::gating::Gating::new`]).
fn gating_rule(
    rule_set: &RuleSet,
    board: &Board,
    errors: &mut Diagnostics,
) -> Option<crate::gating::Gating> {
    let decls = &rule_set.game;
    let rule = decls.gating.as_ref()?;
    let inside = Side::BOTH.map(|side| zone_cells(rule_set, board, rule.zone, side));
    match crate::gating::Gating::new(
        rule,
        board,
        rule_set.pieces.len(),
        inside,
        decls.captures_not_kept,
    ) {
        Ok(g) => Some(g),
        Err(d) => {
            errors.push(*d);
            None
        }
    }
}

fn zone_cells(rule_set: &RuleSet, board: &Board, zone: ZoneId, side: Side) -> Vec<bool> {
    let zone = &rule_set.zones[zone.index()];
    let mut inside = vec![false; board.cell_count()];
    for &coord in &zone.cells {
        let coord = if side == Side::Second && !zone.absolute {
            board.mirror(coord)
        } else {
            coord
        };
        if let Some(id) = board.cell_at(coord) {
            inside[id.index()] = true;
        }
    }
    inside
}

/// Per piece: whether it is declared to capture `en passant`.
fn en_passant_capturers(decls: &GameDecls, pieces: usize) -> Vec<bool> {
    let mut capturer = vec![false; pieces];
    for p in &decls.en_passant {
        capturer[p.index()] = true;
    }
    capturer
}

/// `[side * cells + cell]`: the (start cell, kind) of every en passant capturer of
/// `side` whose table may land a capture on `cell` from there, sorted.
fn en_passant_sources(rules: &Rules, capturer: &[bool]) -> Vec<Vec<(u16, PieceId)>> {
    let board = rules.board();
    let cells = board.cell_count();
    let mut sources = vec![Vec::new(); 2 * cells];
    let capturers = (0..capturer.len()).filter(|&p| capturer[p]);
    for side in Side::BOTH {
        for piece in capturers.clone().map(|p| PieceId(p as u8)) {
            for from in board.cells() {
                for target in table::foe_landings(rules.table(), side, piece, from) {
                    sources[side.index() * cells + target.index()].push((from.0, piece));
                }
            }
        }
    }
    sources.iter_mut().for_each(|v| v.sort());
    sources
}

/// By `side * pieces + piece`: the `drop` restrictions (zones it is never dropped in,
/// one per file, no mate by a drop), merged over every rule naming the piece.
fn drop_limits(rule_set: &RuleSet, board: &Board) -> Vec<DropLimits> {
    let pieces = rule_set.pieces.len();
    let unrestricted = DropLimits {
        forbidden: vec![false; board.cell_count()],
        ..DropLimits::default()
    };
    let mut limits = vec![unrestricted; 2 * pieces];
    for rule in &rule_set.game.drops {
        for side in Side::BOTH {
            if rule.side.is_some_and(|s| s != side) {
                continue;
            }
            for p in &rule.pieces {
                let limit = &mut limits[side.index() * pieces + p.index()];
                for &zone in &rule.not_in {
                    let inside = zone_cells(rule_set, board, zone, side);
                    for (forbidden, inside) in limit.forbidden.iter_mut().zip(inside) {
                        *forbidden |= inside;
                    }
                }
                if rule.per_file != 0 && (limit.per_file == 0 || rule.per_file < limit.per_file) {
                    limit.per_file = rule.per_file;
                }
                limit.not_mating |= rule.not_mating;
                limit.stuck |= rule.stuck;
                limit.not_checking |= rule.not_checking;
                limit.next_to_friend |= rule.next_to_friend;
                limit.enclosing |= rule.enclosing.is_some();
                if let Some(zone) = rule.opening_in {
                    limit.opening = zone_cells(rule_set, board, zone, side)
                        .iter()
                        .enumerate()
                        .filter(|&(_, &inside)| inside)
                        .map(|(c, _)| CellId(c as u16))
                        .collect();
                }
                limit.first |= rule.first;
                limit.landing = limit.landing.or(rule.landing);
                limit.not_next_to_foe |= rule.not_next_to_foe;
                if rule.either_face {
                    limit.face = crate::ir::promoted_face(&rule_set.pieces, &rule_set.game, *p);
                }
            }
        }
    }
    limits
}

/// Per cell, when some drop must be `next to friend`: the cells one step away in the
/// board's `any` directions (empty otherwise).
fn neighbours(board: &Board, drops: &[crate::ir::DropRule]) -> Vec<Vec<CellId>> {
    if !drops.iter().any(|d| d.next_to_friend) {
        return Vec::new();
    }
    let steps = board.geometry().word("any").unwrap_or_default();
    board
        .cells()
        .map(|c| {
            let mut out: Vec<CellId> = steps.iter().flat_map(|&v| board.reach(c, v)).collect();
            out.sort();
            out.dedup();
            out
        })
        .collect()
}

/// The drop rules of a setup phase (`dropped first`, `opposite colours`), if any.
fn drop_phase(
    rule_set: &RuleSet,
    board: &Board,
) -> Option<Box<crate::movegen::placement::DropPhase>> {
    let drops = &rule_set.game.drops;
    let first = drops.iter().any(|d| d.first);
    let mut colours = Vec::new();
    for d in drops.iter().filter(|d| d.opposite_colours) {
        for &p in &d.pieces {
            if !colours.contains(&p) {
                colours.push(p);
            }
        }
    }
    if !first && colours.is_empty() {
        return None;
    }
    let dark = board
        .cells()
        .map(|c| board.colour(board.coord(c)) == Some(crate::topology::CellColour::Dark))
        .collect();
    Some(Box::new(crate::movegen::placement::DropPhase {
        first,
        colours,
        dark,
    }))
}

/// Per cell, when royals may not face: the cells above and below it on its file,
/// nearest first (both empty otherwise).
fn file_rays(board: &Board, royals_may_not_face: bool) -> Vec<[Vec<CellId>; 2]> {
    let mut rays = vec![[Vec::new(), Vec::new()]; board.cell_count()];
    if !royals_may_not_face {
        return rays;
    }
    for cell in board.cells() {
        let c = board.coord(cell);
        for (k, dy) in [1i16, -1].into_iter().enumerate() {
            let mut y = c.y + dy;
            while y >= 0 && y < board.height() as i16 {
                let Some(id) = board.cell_at(Coord { x: c.x, y }) else {
                    break;
                };
                rays[cell.index()][k].push(id);
                y += dy;
            }
        }
    }
    rays
}

/// Limits of the game layer the table must respect: captures in passing per move
/// ([`MAX_PASSING`], E0953) and cells an `en passant` move passes ([`MAX_EP_CELLS`],
/// E0954). The linker enforces both per pattern (`pipeline::Limits`), pointing at the
/// pattern; this is the game layer's own guard for tables linked under other limits,
/// and points at the first piece.
fn check_table_limits(facts: &TableFacts, rule_set: &RuleSet, errors: &mut Diagnostics) {
    let span = rule_set.pieces.first().map_or(Span::default(), |p| p.span);
    let most_passing = facts.most_captures_in_passing();
    if most_passing > MAX_PASSING {
        errors.push(
            Diagnostic::error(
                "E0953",
                format!(
                    "a move may capture {most_passing} pieces in passing; the game layer supports at most {MAX_PASSING}"
                ),
                span,
            )
            .help("split the pattern or capture fewer pieces on the way"),
        );
    }
    let longest_ep = facts.longest_en_passant_pass();
    if longest_ep > MAX_EP_CELLS {
        errors.push(Diagnostic::error(
            "E0954",
            format!(
                "an `en passant` move passes {longest_ep} cells; the game layer supports at most {MAX_EP_CELLS}"
            ),
            span,
        ));
    }
}

/// Cuts a grid board down to `files` × `ranks` cells from its top-left corner (see
/// [`Game::compile_fitted`]); zones and holes keep their cells inside the cut. Only
/// rules that declare `sokoban` roles are cut, only grid boards (square, hex rows, tri,
/// octo), and never to a size of 0 or larger than declared.
pub(super) fn fit_board(rule_set: &mut RuleSet, files: usize, ranks: usize) {
    use crate::ir::BoardKind;
    let (width, height) = match &mut rule_set.board.kind {
        BoardKind::Square { width, height }
        | BoardKind::HexRows { width, height }
        | BoardKind::Tri { width, height }
        | BoardKind::Octo { width, height } => (width, height),
        _ => return,
    };
    if rule_set.game.sokoban.is_none()
        || files == 0
        || ranks == 0
        || files > *width as usize
        || ranks > *height as usize
    {
        return;
    }
    // Rows are cut off the bottom: rank r of the new board is rank r + cut.
    let cut = *height as i16 - ranks as i16;
    let keep = |c: &mut Coord| -> bool {
        c.y -= cut;
        c.y >= 0 && (c.x as usize) < files
    };
    *width = files as u8;
    *height = ranks as u8;
    rule_set.board.holes.retain_mut(keep);
    for zone in &mut rule_set.zones {
        zone.cells.retain_mut(keep);
    }
}

/// Per piece: whether its moves restart the halfmove clock (en passant capturers and the
/// `move limit`'s `pawn` pieces).
fn clock_resetters(decls: &GameDecls, ep_capturer: &[bool]) -> Vec<bool> {
    let mut reset = ep_capturer.to_vec();
    if let Some(limit) = &decls.ends.move_limit {
        for p in &limit.pawns {
            reset[p.index()] = true;
        }
    }
    reset
}
