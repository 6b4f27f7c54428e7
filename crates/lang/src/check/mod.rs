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

mod actions;
mod activation;
mod castling;
mod cells;
mod connect;
mod directions;
mod drops;
mod effects;
mod ends;
mod faces;
mod game;
mod heading;
mod journey;
mod like;
mod lint;
mod meets;
mod modifiers;
mod moves_as;
mod names;
mod neutral;
mod patterns;
mod step_if;
pub use modifiers::side_word;
mod alignment;
mod displace;
mod pieces;
mod points;
mod sacrifice;
mod tags;
mod teleport;
mod touch;

use crate::ast;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{PieceId, Span, ZoneId};
use crate::ir::BoardKind;
use crate::ir::{BoardSpec, Coord, RuleSet, Zone};
use crate::topology::{Board, Geometry, MAX_HEX_RADIUS, MAX_SIDE};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The most piece kinds one file may declare.
pub const MAX_PIECES: usize = crate::limits::MAX_KINDS;

/// Checks a parsed file whose relative file names (graph boards) are relative to
/// `base` (the current directory if `None`).
pub fn check_at(
    file: &ast::File,
    base: Option<&Path>,
    limits: &crate::limits::Limits,
) -> (Option<RuleSet>, Diagnostics) {
    let mut c = Checker {
        base: base.map(Path::to_path_buf),
        limits: limits.clone(),
        ..Checker::default()
    };
    let rules = c.run(file);
    let mut diags = c.diags;
    diags.sort();
    if diags.has_errors() {
        (None, diags)
    } else {
        (rules, diags)
    }
}

/// The board as far as the checker needs it.
#[derive(Clone, Debug)]
pub(crate) struct BoardInfo {
    /// The grid's width and height.
    pub width: u8,
    pub height: u8,
    /// Grid points without a cell: declared holes and, on hexagon and graph boards,
    /// points of the grid that the topology leaves empty.
    pub holes: BTreeSet<Coord>,
    /// The topology without declared holes: cell names, which grid points exist.
    pub topology: Board,
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
    /// The zones `light` and `dark` used without a declaration, in the order they were
    /// first used (their ids follow the declared zones').
    pub colour_zones: Vec<Zone>,
    /// Piece names in declaration order (duplicates included).
    pub piece_names: Vec<String>,
    pub piece_index: HashMap<String, PieceId>,
    /// The spans of every `en passant` pattern modifier, in source order.
    pub en_passant_marks: Vec<Span>,
    /// Pieces named in a `push` or in a `via` (what other pieces push, hop over or
    /// pass through may have no moves of its own: no W0004).
    pub pushed: Vec<PieceId>,
    /// Where relative file names (graph boards) are looked up.
    pub base: Option<PathBuf>,
    /// How far expansion may go.
    pub limits: crate::limits::Limits,
    /// Declared tag names and their bits (`tagged NAME`).
    pub tag_index: HashMap<String, u8>,
    /// Where each `sets T` / `keeps T` was written, with T's bit index (for E0940).
    pub action_spans: Vec<(Span, u8)>,
}

impl Checker {
    pub fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn run(&mut self, file: &ast::File) -> Option<RuleSet> {
        let name = self.games(file);
        let board = self.boards(file);
        let mut zones = self.zones(file);
        self.piece_names(file);
        self.tag_names(file);
        let mut pieces = self.pieces(file);
        let mut game = self.game_decls(file);
        self.earliest_needs_chains(file, &pieces);
        self.drop_faces(file, &pieces, &game);
        self.tag_uses(&pieces, &game.tags);
        self.promotion_tags(&pieces, &game);
        self.pattern_marks(&mut pieces, &game.tags);
        self.quiet_neutral_patterns(&mut pieces, &game.neutral);
        game::apply_confinements(&mut pieces, &game.confinements);
        self.activation_warnings(&pieces, &game.effects);
        self.heading_bearings(&mut pieces, &mut game.headings);
        self.unused_zones();
        zones.append(&mut self.colour_zones);
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
        let kind = self.board_kind(b)?;
        let spec = BoardSpec {
            kind,
            holes: Vec::new(),
            span: b.span,
        };
        let topology = match Board::from_spec(&spec) {
            Ok(t) => t,
            Err(e) => {
                self.error(
                    Diagnostic::error(
                        "E0108",
                        format!("the graph board is not valid: {e}"),
                        b.shape_span,
                    )
                    .label("this file"),
                );
                return None;
            }
        };
        let (width, height) = (topology.width(), topology.height());
        let mut missing = BTreeSet::new();
        for y in 0..height as i16 {
            for x in 0..width as i16 {
                let c = Coord { x, y };
                if topology.cell_at(c).is_none() {
                    missing.insert(c);
                }
            }
        }
        self.board = Some(BoardInfo {
            width,
            height,
            holes: missing,
            topology,
        });
        let holes: Vec<Coord> = match &b.holes {
            Some(set) => {
                let cells: BTreeSet<Coord> = self.cell_set(set, "hole").into_iter().collect();
                if let Some(board) = &mut self.board {
                    board.holes.extend(cells.iter().copied());
                }
                cells.into_iter().collect()
            }
            None => Vec::new(),
        };
        if let (Some(set), Some(board)) = (&b.holes, &self.board) {
            let cells_left = board
                .topology
                .cells()
                .filter(|&c| !board.holes.contains(&board.topology.coord(c)))
                .count();
            if cells_left == 0 {
                let cells = board.topology.cell_count();
                self.error(
                    Diagnostic::error(
                        "E0109",
                        "the holes leave the board without a cell",
                        set.span,
                    )
                    .label(format!("these holes cover all {cells} cells"))
                    .help("a board needs at least one cell; remove some holes"),
                );
                return None;
            }
        }
        Some(BoardSpec { holes, ..spec })
    }

    /// The board's kind and size from its declaration, with a diagnostic for an
    /// unknown kind, a shape that does not fit the kind, a size out of range or a
    /// graph file that cannot be read.
    fn board_kind(&mut self, b: &ast::BoardDecl) -> Option<BoardKind> {
        const KINDS: [&str; 5] = ["square", "hex", "tri", "octo", "graph"];
        let kind = b.kind.name.as_str();
        if !KINDS.contains(&kind) {
            let mut d = Diagnostic::error(
                "E0104",
                format!("unknown board kind `{}`", b.kind.name),
                b.kind.span,
            )
            .label("not a known board kind");
            d = match names::suggest(&b.kind.name, KINDS) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help("board kinds are `square`, `hex`, `tri`, `octo` and `graph`"),
            };
            self.error(d);
            return None;
        }
        if let Some(t) = &b.tolerance {
            if kind != "graph" {
                self.error(
                    Diagnostic::error(
                        "E0112",
                        format!("a tolerance on a `{kind}` board"),
                        t.span,
                    )
                    .label("only graph boards have one")
                    .note("a tolerance says how far a graph board's link may point from a heading and still be its step; the directions of other boards are exact"),
                );
                return None;
            }
            if t.value > 180 {
                self.error(
                    Diagnostic::error(
                        "E0112",
                        format!("a tolerance of {}°", t.value),
                        t.span,
                    )
                    .label("out of range")
                    .help("a tolerance is a whole number of degrees from 0 to 180 (180: always the closest link)"),
                );
                return None;
            }
        }
        let example = match kind {
            "square" => "`board square 8x8`",
            "hex" => "`board hex radius 5` (a hexagon) or `board hex 7x5` (rows)",
            "tri" => "`board tri 8x4`",
            "octo" => "`board octo 7x7`",
            _ => "`board graph \"boards/map.json\"`",
        };
        let shape_error = |what: &str| {
            Diagnostic::error(
                "E0106",
                format!("a `{kind}` board is not given by {what}"),
                b.shape_span,
            )
            .label("does not fit this kind of board")
            .help(format!("write e.g. {example}"))
        };
        match &b.shape {
            ast::BoardShape::Size { width, height } => {
                if kind == "graph" {
                    self.error(shape_error("a size"));
                    return None;
                }
                let mut ok = true;
                for (n, what) in [(width, "width"), (height, "height")] {
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
                let (width, height) = (width.value as u8, height.value as u8);
                Some(match kind {
                    "square" => BoardKind::Square { width, height },
                    "hex" => BoardKind::HexRows { width, height },
                    "tri" => BoardKind::Tri { width, height },
                    _ => BoardKind::Octo { width, height },
                })
            }
            ast::BoardShape::Radius(r) => {
                if kind != "hex" {
                    self.error(shape_error("a radius"));
                    return None;
                }
                if r.value == 0 || r.value > u64::from(MAX_HEX_RADIUS) {
                    self.error(
                        Diagnostic::error(
                            "E0103",
                            format!("a hexagon board's radius must be between 1 and {MAX_HEX_RADIUS}"),
                            r.span,
                        )
                        .label("out of range")
                        .note("radius 5 is Gliński's board of 91 cells; files are named a..z without j"),
                    );
                    return None;
                }
                Some(BoardKind::Hex {
                    radius: r.value as u8,
                })
            }
            ast::BoardShape::File(name) => {
                if kind != "graph" {
                    self.error(shape_error("a file"));
                    return None;
                }
                let path = match &self.base {
                    Some(base) => base.join(name),
                    None => PathBuf::from(name),
                };
                let text = self.graph_file(name, &path, b.shape_span)?;
                match crate::topology::graph::parse_json(name, &text) {
                    Ok(mut g) => {
                        if let Some(t) = &b.tolerance {
                            // Checked above: 0..=180.
                            g.tolerance = Some(t.value as u8);
                        }
                        Some(BoardKind::Graph(std::sync::Arc::new(g)))
                    }
                    Err(e) => {
                        self.error(
                            Diagnostic::error(
                                "E0108",
                                format!("the graph board file `{name}` is not valid: {e}"),
                                b.shape_span,
                            )
                            .label("this file")
                            .note("a graph board file is JSON: {\"nodes\": [{\"id\": \"a1\", \"x\": 0, \"y\": 0}, ...], \"links\": [[\"a1\", \"b1\"], ...]}"),
                        );
                        None
                    }
                }
            }
        }
    }

    /// The text of the graph board file `name` (at `path`), if the limits let it be
    /// read: a regular file, one [`FileAccess::Only`] lists, of at most `graph_bytes`.
    fn graph_file(&mut self, name: &str, path: &Path, span: Span) -> Option<String> {
        use crate::limits::{read_regular, FileAccess, ReadError};
        if let FileAccess::Only(allowed) = &self.limits.files {
            let canonical = std::fs::canonicalize(path).ok();
            if !canonical.is_some_and(|c| allowed.contains(&c)) {
                let listed = if allowed.is_empty() {
                    "no file may be named here".to_string()
                } else {
                    format!(
                        "the files that may be named are {}",
                        allowed
                            .iter()
                            .map(|p| format!("`{}`", p.display()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                self.error(
                    Diagnostic::error(
                        "E0111",
                        format!("the graph board file `{name}` may not be read here"),
                        span,
                    )
                    .label("not one of the files this program was given")
                    .note(listed)
                    .help("the playground reads only the graph boards its command-line rules files name (and the shipped ones); restart it with the rules file that names this one"),
                );
                return None;
            }
        }
        match read_regular(path, self.limits.graph_bytes) {
            Ok(text) => Some(text),
            Err(ReadError::TooLarge { bytes, limit }) => {
                self.error(
                    Diagnostic::error(
                        "E0110",
                        format!(
                            "the graph board file `{name}` is {bytes} bytes; the limit is {limit} bytes"
                        ),
                        span,
                    )
                    .label(format!("{}: too large", path.display()))
                    .help("raise the limit with `--limit graph-bytes=N` (`Limits::graph_bytes`)"),
                );
                None
            }
            Err(e) => {
                self.error(
                    Diagnostic::error(
                        "E0107",
                        format!("cannot read the graph board file `{name}`"),
                        span,
                    )
                    .label(format!("{}: {e}", path.display()))
                    .help("the file name is relative to the directory of the rules file"),
                );
                None
            }
        }
    }

    /// Whether the declared board is a graph board.
    pub(crate) fn on_graph(&self) -> bool {
        self.board
            .as_ref()
            .is_some_and(|b| matches!(b.topology.kind(), crate::ir::BoardKind::Graph(_)))
    }

    /// How directions behave on the declared board (square if none is known).
    pub(crate) fn geometry(&self) -> Geometry {
        self.board
            .as_ref()
            .map_or(Geometry::Square, |b| b.topology.geometry())
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
        if let Some(id) = self.colour_zone(name) {
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
