//! Cell sets: `a1`, `d4-e5`, `rank 2`, `ranks 1-3`, `file a`, `files a-c`, `light`,
//! `dark`, resolved to coordinates on the declared board; and the zones `light` and
//! `dark` that exist without a declaration.
//!
//! Owns the validation of cell names, rank numbers and file letters against the board.
//! Holes are never part of a zone.

use super::Checker;
use crate::ast::{CellItem, CellName, CellSet, Ident, Number};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{BoardKind, Coord};
use crate::topology::{coord_name, parse_coord, CellColour};

impl Checker {
    /// The cells of a set (unsorted, may repeat). `what` is `zone` or `hole`. Without a
    /// valid board only the spelling is checked.
    pub(crate) fn cell_set(&mut self, set: &CellSet, what: &str) -> Vec<Coord> {
        let mut out = Vec::new();
        for item in &set.items {
            match item {
                CellItem::Cell(c) => {
                    if let Some(p) = self.cell(c, what) {
                        out.push(p);
                    }
                }
                CellItem::Rect(a, b, _) => {
                    let (pa, pb) = (self.cell(a, what), self.cell(b, what));
                    if let (Some(pa), Some(pb)) = (pa, pb) {
                        for y in pa.y.min(pb.y)..=pa.y.max(pb.y) {
                            for x in pa.x.min(pb.x)..=pa.x.max(pb.x) {
                                out.push(Coord { x, y });
                            }
                        }
                    }
                }
                CellItem::Ranks(a, b, _) => {
                    let ra = self.rank(a, what);
                    let rb = match b {
                        Some(b) => self.rank(b, what),
                        None => ra,
                    };
                    if let (Some(ra), Some(rb), Some(board)) = (ra, rb, &self.board) {
                        for y in ra.min(rb)..=ra.max(rb) {
                            for x in 0..board.width as i16 {
                                out.push(Coord { x, y });
                            }
                        }
                    }
                }
                CellItem::Colour(colour, span) => {
                    if let Some(cells) = self.colour_cells(*colour, *span) {
                        out.extend(cells);
                    }
                }
                CellItem::Files(a, b, _) => {
                    let fa = self.file(a, what);
                    let fb = match b {
                        Some(b) => self.file(b, what),
                        None => fa,
                    };
                    if let (Some(fa), Some(fb), Some(board)) = (fa, fb, &self.board) {
                        for x in fa.min(fb)..=fa.max(fb) {
                            for y in 0..board.height as i16 {
                                out.push(Coord { x, y });
                            }
                        }
                    }
                }
            }
        }
        if what == "zone" {
            if let Some(board) = &self.board {
                out.retain(|c| !board.holes.contains(c));
            }
        }
        out
    }

    /// The coordinates a cell name spells, whatever the board; reports a malformed
    /// name (E0201).
    pub(crate) fn cell_coord(&mut self, c: &CellName) -> Option<Coord> {
        if let Some(board) = &self.board {
            let topology = &board.topology;
            match topology.kind() {
                BoardKind::Hex { .. } | BoardKind::Graph(_) => {
                    if let Some(p) = topology.parse_coord(&c.text) {
                        return Some(p);
                    }
                    let graph = matches!(topology.kind(), BoardKind::Graph(_));
                    let d = if graph {
                        Diagnostic::error(
                            "E0201",
                            format!("the graph board has no node `{}`", c.text),
                            c.span,
                        )
                        .label("not a node id")
                        .help("cells of a graph board are named by the ids of its nodes")
                    } else {
                        Diagnostic::error(
                            "E0201",
                            format!("malformed cell name `{}`", c.text),
                            c.span,
                        )
                        .label("not a cell name")
                        .help("a hexagon board's files are a..l without j (`a1`, `k3`), ranks from 1 at the bottom of each file")
                    };
                    self.error(d);
                    return None;
                }
                _ => {}
            }
        }
        let Some(p) = parse_coord(&c.text) else {
            let lower = c.text.to_lowercase();
            let mut d =
                Diagnostic::error("E0201", format!("malformed cell name `{}`", c.text), c.span)
                    .label("not a cell name");
            d = if lower != c.text && parse_coord(&lower).is_some() {
                d.help(format!("file letters are lowercase: `{lower}`"))
            } else {
                d.help(
                    "a cell is a lowercase file letter and a rank number from 1, e.g. `a1` or `h8`",
                )
            };
            self.error(d);
            return None;
        };
        Some(p)
    }

    fn cell(&mut self, c: &CellName, what: &str) -> Option<Coord> {
        let p = self.cell_coord(c)?;
        let board = self.board.as_ref()?;
        if !matches!(board.topology.kind(), BoardKind::Square { .. })
            && board.topology.cell_at(p).is_none()
        {
            let msg = format!("{what} cell `{}` is off the board", c.text);
            let label = format!("the board is {}", board.topology.describe());
            self.error(Diagnostic::error("E0202", msg, c.span).label(label));
            return None;
        }
        if p.x >= board.width as i16 || p.y >= board.height as i16 {
            let (w, h) = (board.width, board.height);
            let last = coord_name(Coord {
                x: w as i16 - 1,
                y: h as i16 - 1,
            });
            self.error(
                Diagnostic::error(
                    "E0202",
                    format!("{what} cell `{}` is off the board", c.text),
                    c.span,
                )
                .label(format!("the board is {w}x{h}, from a1 to {last}")),
            );
            return None;
        }
        Some(p)
    }

    fn rank(&mut self, n: &Number, what: &str) -> Option<i16> {
        let board = self.board.as_ref()?;
        let h = board.height;
        if n.value == 0 || n.value > u64::from(h) {
            self.error(
                Diagnostic::error(
                    "E0202",
                    format!("{what} rank {} is off the board", n.value),
                    n.span,
                )
                .label(format!("ranks go from 1 to {h}")),
            );
            return None;
        }
        Some(n.value as i16 - 1)
    }

    fn file(&mut self, f: &Ident, what: &str) -> Option<i16> {
        let bytes = f.name.as_bytes();
        if let Some(board) = &self.board {
            if let BoardKind::Hex { .. } = board.topology.kind() {
                let x = (0..board.width as i16)
                    .find(|&x| board.topology.file_name(x).as_deref() == Some(f.name.as_str()));
                if x.is_none() {
                    let last = board.topology.file_name(board.width as i16 - 1);
                    self.error(
                        Diagnostic::error(
                            "E0202",
                            format!("{what} file `{}` is not on the board", f.name),
                            f.span,
                        )
                        .label(format!(
                            "files go from a to {} without j",
                            last.unwrap_or_default()
                        )),
                    );
                }
                return x;
            }
        }
        if bytes.len() != 1 || !bytes[0].is_ascii_lowercase() {
            let d = Diagnostic::error(
                "E0206",
                format!("malformed file letter `{}`", f.name),
                f.span,
            )
            .label("not a file letter")
            .help("files are single lowercase letters, `a` to `z`");
            self.error(d);
            return None;
        }
        let x = (bytes[0] - b'a') as i16;
        let board = self.board.as_ref()?;
        let w = board.width;
        if x >= w as i16 {
            let last = (b'a' + w - 1) as char;
            self.error(
                Diagnostic::error(
                    "E0202",
                    format!("{what} file `{}` is off the board", f.name),
                    f.span,
                )
                .label(format!("files go from a to {last}")),
            );
            return None;
        }
        Some(x)
    }
}

impl Checker {
    /// The cells of one colour ([`Board::colour`]: light and dark on square boards,
    /// a1 dark; light, medium and dark on hex boards); E0207 on other boards, and for
    /// `medium` on a square board.
    pub(crate) fn colour_cells(&mut self, colour: CellColour, span: Span) -> Option<Vec<Coord>> {
        let board = self.board.as_ref()?;
        let topology = &board.topology;
        let has_colours = match topology.kind() {
            BoardKind::Square { .. } => colour != CellColour::Medium,
            BoardKind::Hex { .. } | BoardKind::HexRows { .. } => true,
            _ => false,
        };
        if !has_colours {
            let what = colour.word();
            let (message, help) = if matches!(topology.kind(), BoardKind::Square { .. }) {
                (
                    format!("`{what}`: square boards have light and dark cells only"),
                    "three colours are for hex boards; use `light` or `dark`",
                )
            } else {
                (
                    format!("`{what}`: cells have colours only on square and hex boards"),
                    "name the cells instead (ranks, files, rectangles)",
                )
            };
            self.error(
                Diagnostic::error("E0207", message, span)
                    .label("no such colour on this board")
                    .help(help),
            );
            return None;
        }
        let cells = topology
            .cells()
            .map(|c| topology.coord(c))
            .filter(|&c| topology.colour(c) == Some(colour))
            .filter(|c| !board.holes.contains(c))
            .collect();
        Some(cells)
    }

    /// The zone `light`, `medium` or `dark` when no zone of that name is declared: the
    /// cells of that colour, the same for both sides (colours are absolute). Created on
    /// first use (from `from`/`to`), after the declared zones. `None` for any other
    /// name, and on boards without that colour (the name is then an unknown zone).
    pub(crate) fn colour_zone(&mut self, name: &Ident) -> Option<crate::ids::ZoneId> {
        let colour = match name.name.as_str() {
            "dark" => CellColour::Dark,
            "medium" => CellColour::Medium,
            "light" => CellColour::Light,
            _ => return None,
        };
        let coloured = self.board.as_ref().is_some_and(|b| {
            let (square, hex) = (
                matches!(b.topology.kind(), BoardKind::Square { .. }),
                matches!(
                    b.topology.kind(),
                    BoardKind::Hex { .. } | BoardKind::HexRows { .. }
                ),
            );
            hex || square && colour != CellColour::Medium
        });
        if !coloured {
            return None;
        }
        let cells = self.colour_cells(colour, name.span)?;
        let id = crate::ids::ZoneId(self.zones.len() as u16);
        self.zone_index.insert(name.name.clone(), id);
        self.zones.push(super::ZoneInfo {
            name: name.name.clone(),
            name_span: name.span,
            cells: cells.clone(),
            used: true,
            broken: false,
        });
        self.colour_zones.push(crate::ir::Zone {
            name: name.name.clone(),
            cells,
            absolute: true,
            span: name.span,
        });
        Some(id)
    }
}
