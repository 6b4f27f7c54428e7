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
//! piece goes to, and lines along its paths coloured by the leg they belong to (first
//! leg, after a turn, beyond a screen, after a capture in passing), dashed where the
//! path leaps.

pub mod layout;
pub mod trace;

pub use layout::{Layout, Shape};
pub use trace::{CellMarks, Edge, LegKind, Marks, Trace};

use crate::ids::Side;
use crate::rules::Rules;
use crate::walk::{Occupancy, Occupant};
use std::fmt::Write as _;

/// Pixels per drawing unit (the distance between neighbouring cell centres).
const CELL_PX: f64 = 54.0;
/// Space around everything.
const PAD: f64 = 12.0;
const LABEL_FONT: f64 = 13.0;
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// Cell colours by colour class; class 0 (the first cell, `a1` on a square board) is
/// the dark one.
const TILE: [&str; 4] = ["#b58863", "#f0d9b5", "#d6ae86", "#e4c7a0"];
const TILE_EDGE: &str = "#8b6a4c";
const FROM_FILL: &str = "#f7d94c";
const QUIET: &str = "#2f9e44";
const GOAL: &str = "#d6336c";
const CAPTURE: &str = "#e03131";
const SCREEN: &str = "#1971c2";
const LINE_FIRST: &str = "#495057";
const LINE_TURN: &str = "#e8590c";
const LINE_HOP: &str = "#1971c2";
const LINE_LOCUST: &str = "#c2255c";
const PUSH: &str = "#f08c00";

/// A number for SVG: rounded to two decimals, no `-0`.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r}")
    }
}

fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

/// The cell nearest the middle of the board's drawing (ties: the lowest id): d4 on
/// 8×8, f6 on Gliński's board. `None` for a board without cells.
pub fn middle_cell(board: &crate::topology::Board) -> Option<crate::ids::CellId> {
    let centres: Vec<(f64, f64)> = board.cells().map(|c| board.center(c)).collect();
    let (mut lo, mut hi) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for &(x, y) in &centres {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    let mid = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
    let d = |p: (f64, f64)| (p.0 - mid.0).powi(2) + (p.1 - mid.1).powi(2);
    let mut best: Option<(usize, f64)> = None;
    for (i, &p) in centres.iter().enumerate() {
        if best.map_or(true, |(_, bd)| d(p) < bd - 1e-9) {
            best = Some((i, d(p)));
        }
    }
    best.map(|(i, _)| crate::ids::CellId(i as u16))
}

/// A piece drawn on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Placed {
    cell: usize,
    side: Side,
    label: String,
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
}

impl Picture {
    /// The board of `rules` with the pieces of `position`, labelled by their FEN
    /// letters (uppercase for the first side, lowercase for the second).
    pub fn new<O: Occupancy + ?Sized>(rules: &Rules, position: &O) -> Picture {
        let t = rules.table().table();
        let mut picture = Picture::from_layout(Layout::from_board(&t.board));
        for cell in t.board.cells() {
            let occ: Occupant = position.occupant(cell);
            if occ.is_empty() {
                continue;
            }
            let label = t
                .pieces
                .get(occ.kind().index())
                .map_or_else(|| "?".to_string(), |p| p.fen_letter(occ.side()));
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

    /// The marks shown on cells (for tests and other renderers).
    pub fn marks(&self) -> Option<&Marks> {
        self.marks.as_ref()
    }

    /// The SVG document.
    pub fn to_svg(&self) -> String {
        Svg::new(self).render()
    }
}

/// Legend entries, in the order they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Quiet,
    MoveOnly,
    Capture,
    CaptureOnly,
    Passing,
    Screen,
    Push,
    Line(LegKind),
    Leap,
    Goal,
}

impl Key {
    fn text(self) -> &'static str {
        match self {
            Key::Quiet => "move or capture",
            Key::MoveOnly => "move only",
            Key::Capture => "capture",
            Key::CaptureOnly => "capture only",
            Key::Passing => "captured in passing",
            Key::Screen => "screen (jumped over)",
            Key::Push => "push (arrow: where it goes)",
            Key::Line(LegKind::First) => "path",
            Key::Line(LegKind::Turn) => "path after a turn",
            Key::Line(LegKind::Hop) => "path beyond a screen",
            Key::Line(LegKind::Locust) => "path after a capture",
            Key::Leap => "leap",
            Key::Goal => "goal",
        }
    }
}

fn line_colour(k: LegKind) -> &'static str {
    match k {
        LegKind::First => LINE_FIRST,
        LegKind::Turn => LINE_TURN,
        LegKind::Hop => LINE_HOP,
        LegKind::Locust => LINE_LOCUST,
    }
}

/// One rendering: the pixel frame and the output text.
struct Svg<'p> {
    p: &'p Picture,
    /// Pixels per board unit.
    k: f64,
    /// Board-unit origin (left, top) and pixel offset.
    min_x: f64,
    max_y: f64,
    ox: f64,
    oy: f64,
    width: f64,
    height: f64,
    board_bottom: f64,
    out: String,
}

impl<'p> Svg<'p> {
    fn new(p: &'p Picture) -> Svg<'p> {
        let l = &p.layout;
        let k = CELL_PX / l.unit.max(1e-9);
        let b = l.bounds();
        let board_w = (b.max_x - b.min_x) * k;
        let board_h = (b.max_y - b.min_y) * k;
        // The label boxes, in pixels relative to the board's top-left corner.
        let (mut left, mut right, mut top, mut bottom) = (0.0f64, board_w, 0.0f64, board_h);
        if let Some(labels) = l.edge_labels(0.62 * LABEL_FONT / k, LABEL_FONT / k) {
            for e in labels {
                let x = (e.at.0 - b.min_x) * k;
                let y = (b.max_y - e.at.1) * k;
                let w = 0.62 * LABEL_FONT * e.text.chars().count() as f64;
                if e.below {
                    left = left.min(x - w / 2.0);
                    right = right.max(x + w / 2.0);
                    bottom = bottom.max(y + LABEL_FONT);
                } else {
                    left = left.min(x - w);
                    top = top.min(y - LABEL_FONT / 2.0);
                    bottom = bottom.max(y + LABEL_FONT / 2.0);
                }
            }
        }
        let head = if p.title.is_some() || p.caption.is_some() {
            let lines = p.title.is_some() as u8 + p.caption.is_some() as u8;
            8.0 + 20.0 * lines as f64
        } else {
            0.0
        };
        let content_w = right - left;
        let width = (content_w + 2.0 * PAD).max(if p.marks.is_some() { 380.0 } else { 0.0 });
        let ox = (width - content_w) / 2.0 - left;
        let oy = PAD + head - top;
        let board_bottom = oy + bottom;
        let mut s = Svg {
            p,
            k,
            min_x: b.min_x,
            max_y: b.max_y,
            ox,
            oy,
            width,
            height: 0.0,
            board_bottom,
            out: String::new(),
        };
        s.height = s.board_bottom + s.footer_height() + PAD;
        s
    }

    fn x(&self, x: f64) -> f64 {
        self.ox + (x - self.min_x) * self.k
    }

    fn y(&self, y: f64) -> f64 {
        self.oy + (self.max_y - y) * self.k
    }

    fn pt(&self, cell: usize) -> (f64, f64) {
        let c = self.p.layout.shapes[cell].center;
        (self.x(c.0), self.y(c.1))
    }

    fn keys(&self) -> Vec<Key> {
        let mut keys = Vec::new();
        if !self.p.goals.is_empty() {
            keys.push(Key::Goal);
        }
        let Some(m) = &self.p.marks else {
            return keys;
        };
        let any = |f: fn(&CellMarks) -> bool| m.cells.iter().any(f);
        if any(|c| c.quiet && !c.move_only) {
            keys.push(Key::Quiet);
        }
        if any(|c| c.move_only) {
            keys.push(Key::MoveOnly);
        }
        if any(|c| c.capture) {
            keys.push(Key::Capture);
        }
        if any(|c| c.capture_only) {
            keys.push(Key::CaptureOnly);
        }
        if any(|c| c.passing_capture) {
            keys.push(Key::Passing);
        }
        if any(|c| c.screen) {
            keys.push(Key::Screen);
        }
        if any(|c| c.push) {
            keys.push(Key::Push);
        }
        for kind in [LegKind::First, LegKind::Turn, LegKind::Hop, LegKind::Locust] {
            if m.edges.iter().any(|e| e.kind == kind && !e.leap) {
                keys.push(Key::Line(kind));
            }
        }
        if m.edges.iter().any(|e| e.leap) {
            keys.push(Key::Leap);
        }
        keys
    }

    const KEY_H: f64 = 22.0;

    /// The width of a legend column: symbol, text (estimated at 6.5 px a character)
    /// and a gap.
    fn key_width(&self) -> f64 {
        let longest = self
            .keys()
            .iter()
            .map(|k| k.text().chars().count())
            .max()
            .unwrap_or(0);
        36.0 + 6.5 * longest as f64 + 16.0
    }

    fn key_columns(&self) -> usize {
        (((self.width - 2.0 * PAD) / self.key_width()).floor() as usize).max(1)
    }

    fn footer_height(&self) -> f64 {
        let notes = 18.0 * self.p.notes.len() as f64;
        let keys = self.keys().len();
        let rows = keys.div_ceil(self.key_columns());
        let legend = if rows > 0 {
            10.0 + Self::KEY_H * rows as f64
        } else {
            0.0
        };
        let gap = if notes + legend > 0.0 { 6.0 } else { 0.0 };
        gap + notes + legend
    }

    fn render(mut self) -> String {
        let _ = writeln!(
            self.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">",
            w = num(self.width),
            h = num(self.height)
        );
        let _ = writeln!(
            self.out,
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
        );
        self.head();
        self.board();
        self.goals();
        self.labels();
        self.paths();
        self.under_marks();
        self.pieces();
        self.over_marks();
        self.footer();
        self.out.push_str("</svg>\n");
        self.out
    }

    /// Goal targets, under everything but the board (a piece on a goal hides the
    /// centre; the ring shows around it).
    fn goals(&mut self) {
        if self.p.goals.is_empty() {
            return;
        }
        self.out.push_str("<g id=\"goals\">\n");
        for &g in &self.p.goals {
            let (x, y) = self.pt(g);
            let r = (self.p.layout.inner_radius(g) * self.k * 0.9).max(4.0);
            let _ = writeln!(self.out, "{}", goal_target(x, y, r));
        }
        self.out.push_str("</g>\n");
    }

    fn head(&mut self) {
        let mut y = PAD + 16.0;
        let mid = num(self.width / 2.0);
        if let Some(t) = &self.p.title {
            let _ = writeln!(
                self.out,
                "<text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" \
                 font-weight=\"bold\" fill=\"#212529\">{}</text>",
                num(y),
                escape(t)
            );
            y += 20.0;
        }
        if let Some(c) = &self.p.caption {
            let _ = writeln!(
                self.out,
                "<text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" \
                 fill=\"#343a40\">{}</text>",
                num(y),
                escape(c)
            );
        }
    }

    fn polygon(&self, cell: usize) -> String {
        self.p.layout.shapes[cell]
            .outline
            .iter()
            .map(|&(x, y)| format!("{},{}", num(self.x(x)), num(self.y(y))))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn board(&mut self) {
        let l = &self.p.layout;
        let colours = l.colours();
        self.out.push_str("<g id=\"board\">\n");
        for &(a, b) in &l.links {
            let (pa, pb) = (self.pt(a), self.pt(b));
            let _ = writeln!(
                self.out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#868e96\" \
                 stroke-width=\"2\"/>",
                num(pa.0),
                num(pa.1),
                num(pb.0),
                num(pb.1)
            );
        }
        for (i, s) in l.shapes.iter().enumerate() {
            let fill = TILE[colours[i] % TILE.len()];
            let title = escape(&s.name);
            if s.outline.is_empty() {
                let (x, y) = self.pt(i);
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"1.5\"><title>{title}</title></circle>",
                    num(x),
                    num(y),
                    num(l.node_radius() * self.k)
                );
            } else {
                let _ = writeln!(
                    self.out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"0.75\" stroke-linejoin=\"round\"><title>{title}</title></polygon>",
                    self.polygon(i)
                );
            }
        }
        if let Some(f) = self.p.from {
            if l.shapes[f].outline.is_empty() {
                let (x, y) = self.pt(f);
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{FROM_FILL}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"1.5\"/>",
                    num(x),
                    num(y),
                    num(l.node_radius() * self.k + 6.0)
                );
            } else {
                let _ = writeln!(
                    self.out,
                    "<polygon points=\"{}\" fill=\"{FROM_FILL}\" fill-opacity=\"0.85\" \
                     stroke=\"{TILE_EDGE}\" stroke-width=\"0.75\"/>",
                    self.polygon(f)
                );
            }
        }
        self.out.push_str("</g>\n");
    }

    fn labels(&mut self) {
        let l = &self.p.layout;
        self.out.push_str(&format!(
            "<g id=\"coordinates\" font-size=\"{LABEL_FONT}\" fill=\"#495057\">\n"
        ));
        match l.edge_labels(0.62 * LABEL_FONT / self.k, LABEL_FONT / self.k) {
            Some(labels) => {
                for e in labels {
                    let (x, y) = (self.x(e.at.0), self.y(e.at.1));
                    let (y, anchor) = if e.below {
                        (y + 0.8 * LABEL_FONT, "middle")
                    } else {
                        (y + 0.35 * LABEL_FONT, "end")
                    };
                    let _ = writeln!(
                        self.out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
                        num(x),
                        num(y),
                        escape(&e.text)
                    );
                }
            }
            None => {
                // Names of another form: each cell carries its own, small, at its foot.
                for (i, s) in l.shapes.iter().enumerate() {
                    let (x, y) = self.pt(i);
                    let dy = if s.outline.is_empty() {
                        l.node_radius() * self.k + 10.0
                    } else {
                        l.inner_radius(i) * self.k * 0.9
                    };
                    let _ = writeln!(
                        self.out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{}</text>",
                        num(x),
                        num(y + dy),
                        escape(&s.name)
                    );
                }
            }
        }
        self.out.push_str("</g>\n");
    }

    fn paths(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str(
            "<g id=\"paths\" fill=\"none\" stroke-width=\"3\" stroke-linecap=\"round\" \
             stroke-opacity=\"0.8\">\n",
        );
        for e in &m.edges {
            let (a, b) = (self.pt(e.from), self.pt(e.to));
            let dash = if e.leap {
                " stroke-dasharray=\"7 6\""
            } else {
                ""
            };
            let _ = writeln!(
                self.out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"{dash}/>",
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1),
                line_colour(e.kind)
            );
        }
        self.out.push_str("</g>\n");
    }

    /// The size of marks on cell `i`, in pixels.
    fn mark_r(&self, i: usize) -> f64 {
        self.p.layout.disc_radius(i) * self.k
    }

    fn under_marks(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str("<g id=\"moves\">\n");
        for (i, c) in m.cells.iter().enumerate() {
            let (x, y) = self.pt(i);
            let r = self.mark_r(i);
            if c.move_only {
                let _ = writeln!(self.out, "{}", move_only_ring(x, y, 0.42 * r));
            } else if c.quiet {
                let _ = writeln!(self.out, "{}", quiet_dot(x, y, 0.42 * r));
            }
            if c.capture_only {
                let _ = writeln!(self.out, "{}", capture_only_ring(x, y, 0.42 * r));
            }
        }
        self.out.push_str("</g>\n");
    }

    fn pieces(&mut self) {
        self.out
            .push_str("<g id=\"pieces\" font-weight=\"bold\">\n");
        for pc in &self.p.pieces {
            let (x, y) = self.pt(pc.cell);
            let r = self.mark_r(pc.cell);
            let _ = writeln!(self.out, "{}", piece_disc(x, y, r, pc.side, &pc.label));
        }
        self.out.push_str("</g>\n");
    }

    fn over_marks(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str("<g id=\"captures\" fill=\"none\">\n");
        for (i, c) in m.cells.iter().enumerate() {
            let (x, y) = self.pt(i);
            let r = self.mark_r(i);
            if c.capture {
                let _ = writeln!(self.out, "{}", capture_ring(x, y, r));
            }
            if c.screen {
                let outside = if c.capture { 5.0 } else { 0.0 };
                let _ = writeln!(self.out, "{}", screen_ring(x, y, r + outside));
            }
            if c.passing_capture {
                let _ = writeln!(self.out, "{}", passing_cross(x, y, r));
            }
            if c.push {
                let outside = if c.capture { 5.0 } else { 0.0 };
                let _ = writeln!(self.out, "{}", push_ring(x, y, r + outside));
            }
        }
        for &(a, b) in &m.pushes {
            let (p, q) = (self.pt(a), self.pt(b));
            let _ = writeln!(self.out, "{}", push_arrow(p, q, 0.45 * self.mark_r(b)));
        }
        self.out.push_str("</g>\n");
    }

    fn footer(&mut self) {
        let mut y = self.board_bottom + 6.0;
        for n in &self.p.notes {
            y += 15.0;
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#343a40\">{}</text>",
                num(PAD),
                num(y),
                escape(n)
            );
            y += 3.0;
        }
        let keys = self.keys();
        if keys.is_empty() {
            return;
        }
        y += 10.0;
        let cols = self.key_columns();
        let key_w = self.key_width();
        let used = key_w * cols.min(keys.len()) as f64;
        let x0 = ((self.width - used) / 2.0).max(PAD);
        self.out
            .push_str("<g id=\"legend\" font-size=\"12\" fill=\"#343a40\">\n");
        for (n, key) in keys.iter().enumerate() {
            let x = x0 + key_w * (n % cols) as f64;
            let cy = y + Self::KEY_H * (n / cols) as f64 + Self::KEY_H / 2.0;
            let sx = x + 14.0;
            let symbol = match key {
                Key::Quiet => quiet_dot(sx, cy, 6.0),
                Key::MoveOnly => move_only_ring(sx, cy, 6.0),
                Key::Capture => format!(
                    "{}{}",
                    piece_disc(sx, cy, 8.0, Side::Second, ""),
                    capture_ring(sx, cy, 8.0)
                ),
                Key::CaptureOnly => capture_only_ring(sx, cy, 6.0),
                Key::Passing => format!(
                    "{}{}",
                    piece_disc(sx, cy, 8.0, Side::Second, ""),
                    passing_cross(sx, cy, 8.0)
                ),
                Key::Screen => format!(
                    "{}{}",
                    piece_disc(sx, cy, 8.0, Side::First, ""),
                    screen_ring(sx, cy, 8.0)
                ),
                Key::Push => format!(
                    "{}{}",
                    piece_disc(sx, cy, 8.0, Side::First, ""),
                    push_ring(sx, cy, 8.0)
                ),
                Key::Line(kind) => format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" \
                     stroke-width=\"3\" stroke-linecap=\"round\"/>",
                    num(x + 2.0),
                    num(cy),
                    num(x + 26.0),
                    num(cy),
                    line_colour(*kind)
                ),
                Key::Leap => format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{LINE_FIRST}\" \
                     stroke-width=\"3\" stroke-linecap=\"round\" stroke-dasharray=\"7 6\"/>",
                    num(x + 2.0),
                    num(cy),
                    num(x + 30.0),
                    num(cy)
                ),
                Key::Goal => goal_target(sx, cy, 8.0),
            };
            let _ = writeln!(
                self.out,
                "{symbol}<text x=\"{}\" y=\"{}\">{}</text>",
                num(x + 36.0),
                num(cy + 4.0),
                key.text()
            );
        }
        self.out.push_str("</g>\n");
    }
}

/// A goal: two concentric rings, like the target printed on a Sokoban storage cell.
fn goal_target(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r1}\" fill=\"none\" stroke=\"{GOAL}\" stroke-width=\"2.5\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{r2}\" fill=\"{GOAL}\"/>",
        x = num(x),
        y = num(y),
        r1 = num(r),
        r2 = num(r * 0.4)
    )
}

fn quiet_dot(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{QUIET}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
        num(x),
        num(y),
        num(r)
    )
}

fn move_only_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" fill-opacity=\"0.6\" \
         stroke=\"{QUIET}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r)
    )
}

fn capture_only_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{CAPTURE}\" stroke-width=\"3\"/>",
        num(x),
        num(y),
        num(r)
    )
}

fn capture_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{CAPTURE}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

fn push_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{PUSH}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

/// An arrow from a pushed piece at `a` to the cell `b` it goes to, its head ending
/// `back` pixels before the centre of `b`.
fn push_arrow(a: (f64, f64), b: (f64, f64), back: f64) -> String {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let tip = (b.0 - ux * back, b.1 - uy * back);
    let head = 11.0_f64.min(len / 2.0);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (nx, ny) = (-uy * head * 0.55, ux * head * 0.55);
    format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{PUSH}\" stroke-width=\"3.5\" \
         stroke-linecap=\"round\"/><path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{PUSH}\"/>",
        num(a.0),
        num(a.1),
        num(base.0),
        num(base.1),
        num(tip.0),
        num(tip.1),
        num(base.0 + nx),
        num(base.1 + ny),
        num(base.0 - nx),
        num(base.1 - ny)
    )
}

fn screen_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{SCREEN}\" stroke-width=\"3\" \
         stroke-dasharray=\"5 3\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

/// A red badge with a white cross at the upper right of a piece disc of radius `r`.
fn passing_cross(x: f64, y: f64, r: f64) -> String {
    let (bx, by, br) = (x + 0.72 * r, y - 0.72 * r, (0.42 * r).max(5.0));
    let d = 0.45 * br;
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{CAPTURE}\" stroke=\"#ffffff\" \
         stroke-width=\"1.5\"/><path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#ffffff\" \
         stroke-width=\"2\" stroke-linecap=\"round\"/>",
        num(bx),
        num(by),
        num(br),
        num(bx - d),
        num(by - d),
        num(bx + d),
        num(by + d),
        num(bx - d),
        num(by + d),
        num(bx + d),
        num(by - d)
    )
}

fn piece_disc(x: f64, y: f64, r: f64, side: Side, label: &str) -> String {
    let (fill, stroke, ink) = match side {
        Side::First => ("#fdfdfd", "#212529", "#212529"),
        Side::Second => ("#2b2f33", "#000000", "#ffffff"),
    };
    let mut s = format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
        num(x),
        num(y),
        num(r)
    );
    if !label.is_empty() {
        let len = label.chars().count().max(1) as f64;
        let size = (1.15 * r).min(1.5 * r / (0.72 * len));
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" fill=\"{ink}\">{}</text>",
            num(x),
            num(y + 0.36 * size),
            num(size),
            escape(label)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_and_never_negative_zero() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(12.345_678), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-3.5), "-3.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }

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
