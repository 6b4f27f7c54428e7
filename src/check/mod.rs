//! Checking: the [`ast`] of a rules file to the resolved [`ir`], with diagnostics.
//!
//! Owns every semantic rule of the language: declarations (board, zones, pieces and
//! their letters, game declarations), name resolution (zones, piece kinds, `like` inclusions), the
//! expansion of directions into vector sets, ranges, `via` junctions, modifiers, and the
//! lints that warn about dead or redundant patterns. It collects all problems of a file
//! in one run; it returns a [`RuleSet`] only when there is no error.
//!
//! Submodules: [`cells`] (cell sets), [`directions`] (direction words, vectors, turns),
//! [`patterns`] (legs, `via`, modifiers), [`pieces`] (letters and `like` inlining),
//! [`game`] (the game declarations: start, royals, castling, en passant, promotion,
//! hand and drops, confinement), [`lint`] (warnings about patterns), [`names`]
//! (did-you-mean).

mod cells;
mod directions;
mod game;
mod lint;
mod names;
mod patterns;
mod pieces;

use crate::ast;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{PieceId, Span, ZoneId};
use crate::ir::{BoardSpec, Coord, RuleSet, Zone};
use crate::topology::MAX_SIDE;
use std::collections::{BTreeSet, HashMap};

pub use directions::DIRECTION_WORDS;

/// The most piece kinds one file may declare.
pub const MAX_PIECES: usize = 64;

/// Checks a parsed file. Returns the rule set iff there is no error; the diagnostics
/// (errors and warnings) are sorted by position.
pub fn check(file: &ast::File) -> (Option<RuleSet>, Diagnostics) {
    let mut c = Checker::default();
    let rules = c.run(file);
    let mut diags = c.diags;
    diags.sort();
    if diags.has_errors() {
        (None, diags)
    } else {
        (rules, diags)
    }
}

/// Parses and checks a source text.
pub fn check_source(source: &str) -> (Option<RuleSet>, Diagnostics) {
    match crate::syntax::parse(source) {
        Ok(file) => check(&file),
        Err(diags) => (None, diags),
    }
}

/// The board as far as the checker needs it.
#[derive(Clone, Debug)]
pub(crate) struct BoardInfo {
    pub width: u8,
    pub height: u8,
    pub holes: BTreeSet<Coord>,
}

#[derive(Clone, Debug)]
pub(crate) struct ZoneInfo {
    pub name: String,
    pub name_span: Span,
    pub cells: Vec<Coord>,
    pub used: bool,
    /// Its cell set had errors (so an empty zone is not worth a warning).
    pub broken: bool,
}

#[derive(Default)]
pub(crate) struct Checker {
    pub diags: Diagnostics,
    pub board: Option<BoardInfo>,
    pub zones: Vec<ZoneInfo>,
    pub zone_index: HashMap<String, ZoneId>,
    /// Piece names in declaration order (duplicates included).
    pub piece_names: Vec<String>,
    pub piece_index: HashMap<String, PieceId>,
    /// The spans of every `en passant` pattern modifier, in source order.
    pub en_passant_marks: Vec<Span>,
    /// Pieces named in a `push` (they may have no moves of their own: no W0004).
    pub pushed: Vec<PieceId>,
}

impl Checker {
    pub fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn run(&mut self, file: &ast::File) -> Option<RuleSet> {
        let name = self.games(file);
        let board = self.boards(file);
        let zones = self.zones(file);
        self.piece_names(file);
        let mut pieces = self.pieces(file);
        let game = self.game_decls(file);
        game::apply_confinements(&mut pieces, &game.confinements);
        self.unused_zones();
        Some(RuleSet {
            name,
            board: board?,
            zones,
            pieces,
            game,
        })
    }

    fn games(&mut self, file: &ast::File) -> Option<String> {
        let mut first: Option<&ast::GameDecl> = None;
        for item in &file.items {
            if let ast::Item::Game(g) = item {
                match first {
                    None => first = Some(g),
                    Some(f) => self.error(
                        Diagnostic::error("E0105", "the game is named twice", g.span)
                            .label("second `game` declaration")
                            .secondary(f.span, "first named here")
                            .help("a file has at most one `game` line; remove one"),
                    ),
                }
            }
        }
        first.map(|g| g.name.clone())
    }

    fn boards(&mut self, file: &ast::File) -> Option<BoardSpec> {
        let mut first: Option<&ast::BoardDecl> = None;
        for item in &file.items {
            if let ast::Item::Board(b) = item {
                match first {
                    None => first = Some(b),
                    Some(f) => self.error(
                        Diagnostic::error("E0102", "the board is declared twice", b.span)
                            .label("second board declaration")
                            .secondary(f.span, "first declared here")
                            .help("a file declares exactly one board; remove one"),
                    ),
                }
            }
        }
        let Some(b) = first else {
            self.error(
                Diagnostic::error("E0101", "no board is declared", Span::new(0, 0))
                    .label("the file has no `board` line")
                    .help("declare the board, e.g. `board square 8x8`"),
            );
            return None;
        };
        let mut ok = true;
        if b.kind.name != "square" {
            let mut d = Diagnostic::error(
                "E0104",
                format!("unknown board kind `{}`", b.kind.name),
                b.kind.span,
            )
            .label("not a known board kind");
            d = match names::suggest(&b.kind.name, ["square"]) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help("the only board kind so far is `square`"),
            };
            self.error(d);
            ok = false;
        }
        for (n, what) in [(b.width, "width"), (b.height, "height")] {
            if n.value == 0 || n.value > u64::from(MAX_SIDE) {
                self.error(
                    Diagnostic::error(
                        "E0103",
                        format!("board {what} must be between 1 and {MAX_SIDE}"),
                        n.span,
                    )
                    .label(if n.value == 0 {
                        format!("a {what} of 0")
                    } else {
                        format!("more than {MAX_SIDE} (files are the letters a to z)")
                    }),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let (width, height) = (b.width.value as u8, b.height.value as u8);
        self.board = Some(BoardInfo {
            width,
            height,
            holes: BTreeSet::new(),
        });
        let holes: Vec<Coord> = match &b.holes {
            Some(set) => {
                let cells: BTreeSet<Coord> = self.cell_set(set, "hole").into_iter().collect();
                if let Some(board) = &mut self.board {
                    board.holes = cells.clone();
                }
                cells.into_iter().collect()
            }
            None => Vec::new(),
        };
        Some(BoardSpec::Square {
            width,
            height,
            holes,
            span: b.span,
        })
    }

    fn zones(&mut self, file: &ast::File) -> Vec<Zone> {
        let mut out = Vec::new();
        for item in &file.items {
            let ast::Item::Zone(z) = item else { continue };
            let duplicate = self.zone_index.contains_key(&z.name.name);
            if let Some(&prev) = self.zone_index.get(&z.name.name) {
                let prev_span = self.zones[prev.index()].name_span;
                self.error(
                    Diagnostic::error(
                        "E0203",
                        format!("zone `{}` is declared twice", z.name.name),
                        z.name.span,
                    )
                    .label("declared again here")
                    .secondary(prev_span, "first declared here")
                    .help("give the zones different names, or merge their cells"),
                );
            } else {
                self.zone_index
                    .insert(z.name.name.clone(), ZoneId(self.zones.len() as u16));
            }
            let errors = self.diags.error_count();
            let cells: BTreeSet<Coord> = self.cell_set(&z.cells, "zone").into_iter().collect();
            let cells: Vec<Coord> = cells.into_iter().collect();
            self.zones.push(ZoneInfo {
                name: z.name.name.clone(),
                name_span: z.name.span,
                cells: cells.clone(),
                // A duplicate cannot be named, so it is not reported as unused.
                used: duplicate,
                broken: self.diags.error_count() > errors,
            });
            out.push(Zone {
                name: z.name.name.clone(),
                cells,
                absolute: z.absolute,
                span: z.span,
            });
        }
        out
    }

    fn unused_zones(&mut self) {
        let unused: Vec<(String, Span)> = self
            .zones
            .iter()
            .filter(|z| !z.used)
            .map(|z| (z.name.clone(), z.name_span))
            .collect();
        for (name, span) in unused {
            self.diags.push(
                Diagnostic::warning("W0001", format!("zone `{name}` is never used"), span)
                    .label("declared here but never used in `from` or `to`")
                    .help("use it in a condition such as `, from zone` or remove it"),
            );
        }
    }

    /// Looks up a zone by name, reporting unknown names; marks it used.
    pub fn zone(&mut self, name: &ast::Ident) -> Option<ZoneId> {
        if let Some(&id) = self.zone_index.get(&name.name) {
            self.zones[id.index()].used = true;
            return Some(id);
        }
        let mut d = Diagnostic::error("E0204", format!("unknown zone `{}`", name.name), name.span)
            .label("no zone has this name");
        let suggestion = names::suggest(&name.name, self.zones.iter().map(|z| z.name.as_str()));
        d = match suggestion {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None => d.help(format!("declare it, e.g. `zone {} = rank 2`", name.name)),
        };
        self.error(d);
        None
    }

    /// Looks up a piece kind by name, reporting unknown names.
    pub fn piece(&mut self, name: &ast::Ident) -> Option<PieceId> {
        if let Some(&id) = self.piece_index.get(&name.name) {
            return Some(id);
        }
        let mut d = Diagnostic::error("E0304", format!("unknown piece `{}`", name.name), name.span)
            .label("no piece has this name");
        let suggestion = names::suggest(&name.name, self.piece_names.iter().map(String::as_str));
        if let Some(s) = suggestion {
            d = d.help(format!("did you mean `{s}`?"));
        }
        self.error(d);
        None
    }
}

#[cfg(test)]
mod tests;
