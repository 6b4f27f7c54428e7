//! picture: SVG diagrams of a board, the pieces on it and, optionally, everything one
//! piece can do from its cell — the movement diagrams rule authors know from chess
//! variant sites.
//!
//! Owns the drawing: [`Picture`] collects a board, a position and a [`Trace`] (a walk
//! of the real interpreter recorded by a sink) and writes SVG text; it does no I/O. The
//! geometry comes only from the topology API (cell centres, outlines, drawn links,
//! names), so any tiling draws in its own shape: a cell with an outline is a polygon,
//! a cell without one is a node circle, and links are drawn for graph boards (see
//! [`layout`]). Cells are coloured by a greedy colouring of the cells that share an
//! edge, so squares come out as a checkerboard and hexagons in three shades. Output is
//! deterministic (numbers rounded to two decimals, fixed order), so it can be
//! snapshot-tested.
//!
//! What a movement diagram shows (see docs/diagrams.md): a green dot where the piece
//! may move (or capture), a green ring where it may only move, a small red ring on an
//! empty cell where it could only capture, a red ring around a piece it may capture, a
//! red badge on a piece captured in passing, a blue dashed ring on a screen it jumps
//! over, an orange ring on a piece it may push and an orange arrow to the cell that
//! piece goes to, a violet ring and arrow for a swap, a dashed red ring on a friend it
//! may capture, a purple ring on a piece it may convert, a teal ring on a piece it may
//! activate with teal dots and dashed arrows for the later plies of the cascade, flame
//! and star badges on the pieces its burns and blasts remove (those two and the
//! cascades from the game's moves: [`Marks::add_game_moves`]), and lines along its
//! paths coloured by the leg they belong to (first
//! leg, after a turn, beyond a screen, after a capture in passing), dashed where the
//! path leaps. A distance heat map instead tints every cell by how many moves the piece
//! needs to reach it, with the number written on it, and greys the cells out of reach.
//!
//! The files, one job each: this one holds [`Picture`], the diagram's content (board,
//! pieces, title, notes, marks) and how a caller fills it; [`GameDiagram`] fills one
//! from a game and a position, as `piecewise show` does; [`layout`] is the geometry;
//! [`trace`] records a walk and turns it into [`Marks`]; the private `svg` module
//! writes the SVG text (frame, board, marks, legend, symbols).

mod diagram;
mod game_marks;
pub mod layout;
mod svg;
pub mod trace;

pub use diagram::{middle_cell, piece_arg, DiagramError, GameDiagram};
pub use layout::{Layout, Shape};
pub use trace::{CellMarks, Edge, LegKind, Marks, Trace};

use crate::ids::Side;
use crate::walk::{Occupancy, Occupant};
use crate::Rules;
use svg::Svg;

/// A piece drawn on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Placed {
    cell: usize,
    side: Side,
    label: String,
}

/// Where the SVG of a [`Picture`] draws one cell, in the SVG's pixels (y down), for
/// a page that maps clicks to cells: the centre, the polygon's corners (empty for a
/// node) and the node circle's radius (0 for a polygon).
#[derive(Clone, Debug, PartialEq)]
pub struct CellPixels {
    /// The cell's name (`e4`).
    pub name: String,
    /// The centre.
    pub center: (f64, f64),
    /// The polygon's corners; empty for a node drawn as a circle.
    pub outline: Vec<(f64, f64)>,
    /// The node circle's radius; 0 for a polygon.
    pub radius: f64,
}

/// A board diagram being put together.
///
/// # Examples
///
/// ```
/// use piecewise::picture::Picture;
/// let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
/// let pos = rules.position("8/8/8/8/3N4/8/8/8 w").unwrap();
/// let mut picture = Picture::new(&rules, &pos);
/// assert!(picture.moves_from(&rules, &pos, rules.cell("d4").unwrap()));
/// let marks = picture.marks().unwrap();
/// assert_eq!(marks.cells.iter().filter(|c| c.quiet).count(), 8);
/// assert!(marks.edges.iter().all(|e| e.leap));
/// let svg = picture.to_svg();
/// assert!(svg.contains("white Knight (N) on d4: 8 moves"));
/// assert_eq!(svg.matches("<polygon").count(), 64 + 1); // the cells and the start cell
/// ```
#[derive(Clone, Debug)]
pub struct Picture {
    layout: Layout,
    pieces: Vec<Placed>,
    title: Option<String>,
    notes: Vec<String>,
    from: Option<usize>,
    marks: Option<Marks>,
    caption: Option<String>,
    /// Cells marked as goals (Sokoban's `.`), drawn as a target under the pieces.
    goals: Vec<usize>,
    /// A distance heat map: per cell, the moves the piece on `from` needs (`None`:
    /// out of reach).
    heat: Option<Vec<Option<u16>>>,
}

impl Picture {
    /// The board of `rules` with the pieces of `position`, labelled by their FEN
    /// letters (uppercase for the first side, lowercase for the second; a neutral
    /// piece `*` and its letter, drawn in no side's colours).
    pub fn new<O: Occupancy + ?Sized>(rules: &Rules, position: &O) -> Picture {
        let t = rules.table().table();
        let mut picture = Picture::from_layout(Layout::from_board(&t.board));
        for cell in t.board.cells() {
            let occ: Occupant = position.occupant(cell);
            if occ.is_empty() {
                continue;
            }
            let mut label = t
                .pieces
                .get(occ.kind().index())
                .map_or_else(|| "?".to_string(), |p| p.fen_letter(occ.side()));
            if t.is_neutral(occ.kind()) {
                // A neutral piece: `*` and its letter, drawn in no side's colours.
                label.insert(0, '*');
            }
            picture.place(cell.index(), occ.side(), &label);
        }
        picture
    }

    /// A board from hand-made cells (for tests and for callers with their own
    /// geometry); pieces are added with [`Picture::place`].
    pub fn from_layout(layout: Layout) -> Picture {
        Picture {
            layout,
            pieces: Vec::new(),
            title: None,
            notes: Vec::new(),
            from: None,
            marks: None,
            caption: None,
            goals: Vec::new(),
            heat: None,
        }
    }

    /// Marks cell index `cell` as a goal (ignored if out of range).
    pub fn goal(&mut self, cell: usize) {
        if cell < self.layout.len() && !self.goals.contains(&cell) {
            self.goals.push(cell);
            self.goals.sort_unstable();
        }
    }

    /// Puts a piece labelled `label` on cell index `cell` (ignored if out of range).
    pub fn place(&mut self, cell: usize, side: Side, label: &str) {
        if cell < self.layout.len() {
            self.pieces.retain(|p| p.cell != cell);
            self.pieces.push(Placed {
                cell,
                side,
                label: label.to_string(),
            });
            self.pieces.sort_by_key(|p| p.cell);
        }
    }

    /// A line of text above the board.
    pub fn title(&mut self, title: &str) {
        self.title = Some(title.to_string());
    }

    /// A line of text under the board (e.g. the pieces in hand).
    pub fn note(&mut self, note: &str) {
        self.notes.push(note.to_string());
    }

    /// Adds the moves and paths of the piece on `from`, walked in `position` by the
    /// interpreter. Returns false (and adds nothing) if the cell is empty.
    pub fn moves_from<O: Occupancy + ?Sized>(
        &mut self,
        rules: &Rules,
        position: &O,
        from: crate::ids::CellId,
    ) -> bool {
        let Some(trace) = Trace::walk(rules, position, from) else {
            return false;
        };
        let t = rules.table().table();
        let piece = t.pieces.get(trace.piece.index());
        let (n, c, p) = (
            trace.move_count(),
            trace.capture_count(),
            trace.push_count(),
        );
        self.caption = Some(format!(
            "{} {} ({}) on {}: {} move{}{}{}",
            trace.side,
            piece.map_or("?", |p| p.name.as_str()),
            piece.map_or_else(|| "?".to_string(), |p| p.fen_letter(trace.side)),
            t.board.cell_name(from),
            n,
            if n == 1 { "" } else { "s" },
            match c {
                0 => String::new(),
                1 => ", 1 capture".to_string(),
                c => format!(", {c} captures"),
            },
            match p {
                0 => String::new(),
                1 => ", 1 push".to_string(),
                p => format!(", {p} pushes"),
            }
        ));
        self.set_trace(&trace);
        true
    }

    /// Adds the marks and paths of a recorded walk.
    pub fn set_trace(&mut self, trace: &Trace) {
        self.from = Some(trace.from.index());
        self.marks = Some(Marks::of(trace, &self.layout));
    }

    /// Sets the marks and paths directly (for callers with their own analysis, and
    /// tests): `from` is the cell index of the moving piece.
    pub fn set_marks(&mut self, from: usize, marks: Marks) {
        if from < self.layout.len() && marks.cells.len() == self.layout.len() {
            self.from = Some(from);
            self.marks = Some(marks);
        }
    }

    /// Shows a distance map as a heat map: `distances[i]` is how many moves the piece
    /// on cell index `from` needs to reach cell index `i` (`None`: out of reach), and
    /// `caption` is written above the board. Ignored unless there is one distance per
    /// cell.
    pub fn set_distances(&mut self, from: usize, distances: Vec<Option<u16>>, caption: &str) {
        if from < self.layout.len() && distances.len() == self.layout.len() {
            self.from = Some(from);
            self.heat = Some(distances);
            self.caption = Some(caption.to_string());
        }
    }

    /// The distances of a heat map, if one is shown.
    pub fn distances(&self) -> Option<&[Option<u16>]> {
        self.heat.as_deref()
    }

    /// The marks shown on cells (for tests and other renderers).
    pub fn marks(&self) -> Option<&Marks> {
        self.marks.as_ref()
    }

    /// The SVG document.
    pub fn to_svg(&self) -> String {
        Svg::new(self).render()
    }

    /// Where [`Picture::to_svg`] draws each cell, indexed by cell id (numbers rounded
    /// as in the SVG).
    ///
    /// ```
    /// use piecewise::picture::Picture;
    /// let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
    /// let pos = rules.position("8/8/8/8/3N4/8/8/8 w").unwrap();
    /// let cells = Picture::new(&rules, &pos).cell_pixels();
    /// assert_eq!(cells.len(), 64);
    /// assert_eq!((cells[0].name.as_str(), cells[0].outline.len()), ("a1", 4));
    /// // a1 is drawn below a2 (y grows downwards), one 54-pixel cell apart.
    /// assert_eq!(cells[8].name, "a2");
    /// assert_eq!(cells[0].center.1 - cells[8].center.1, 54.0);
    /// ```
    pub fn cell_pixels(&self) -> Vec<CellPixels> {
        Svg::new(self).cell_pixels()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made board of two triangles, a hexagon and two nodes: every shape kind
    /// the topologies produce draws, with pieces on polygons and on nodes.
    #[test]
    fn arbitrary_polygons_and_nodes_draw() {
        let h = 3f64.sqrt() / 2.0;
        let shapes = vec![
            Shape {
                name: "up".into(),
                center: (0.5, h / 3.0),
                outline: vec![(0.0, 0.0), (1.0, 0.0), (0.5, h)],
            },
            Shape {
                name: "down".into(),
                center: (1.0, 2.0 * h / 3.0),
                outline: vec![(0.5, h), (1.0, 0.0), (1.5, h)],
            },
            Shape {
                name: "hex".into(),
                center: (3.0, 0.5),
                outline: (0..6)
                    .map(|k| {
                        let a = std::f64::consts::PI / 3.0 * k as f64;
                        (3.0 + 0.5 * a.cos(), 0.5 + 0.5 * a.sin())
                    })
                    .collect(),
            },
            Shape {
                name: "n1".into(),
                center: (5.0, 0.0),
                outline: Vec::new(),
            },
            Shape {
                name: "n2".into(),
                center: (6.0, 1.0),
                outline: Vec::new(),
            },
        ];
        let mut p = Picture::from_layout(Layout::new(shapes, vec![(3, 4)]));
        p.place(1, Side::First, "K");
        p.place(4, Side::Second, "+p");
        p.place(99, Side::Second, "x");
        p.title("shapes");
        let svg = p.to_svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(
            svg.matches("<polygon").count(),
            3,
            "two triangles, a hexagon"
        );
        // Two node circles, two piece discs.
        assert_eq!(svg.matches("<circle").count(), 4);
        assert_eq!(svg.matches("<line").count(), 1, "the one link");
        assert!(svg.contains(">K</text>") && svg.contains(">+p</text>"));
        assert!(!svg.contains(">x</text>"), "out-of-range cell ignored");
        // Names are not a1-style: each cell is labelled.
        for n in ["up", "down", "hex", "n1", "n2"] {
            assert!(svg.contains(&format!(">{n}</text>")), "{n}");
        }
        // The hexagon has six corners.
        let hex = svg
            .lines()
            .find(|l| l.contains("<title>hex</title>"))
            .expect("hexagon drawn");
        let points = hex
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), 6);
    }
}
