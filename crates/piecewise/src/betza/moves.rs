//! moves: what a parsed notation means, as a list of [`Move`]s (a shape, the vectors
//! it goes in, whether it may move quietly or capture, and conditions). This is where
//! direction modifiers are applied to atoms, with Fairy-Stockfish's reading (see
//! docs/betza.md), and where combinations that mean nothing, or that the language
//! cannot say, are refused with the position of the character at fault. It writes no
//! text: `import` does.

use super::error::{BetzaError, BetzaErrorKind};
use super::parse::{Component, Modifier, Notation};
use crate::ir::Vector;

/// One move of a piece, as Betza describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// How it travels.
    pub shape: Shape,
    /// The vectors: of the whole move for leaps, lame leaps and rides; of the first
    /// leg for chains. Sorted, deduplicated, never empty.
    pub vectors: Vec<Vector>,
    /// May end on an empty cell.
    pub quiet: bool,
    /// May end on an enemy piece, capturing it.
    pub capture: bool,
    /// `d`: may end on a friendly piece, capturing it.
    pub friend: bool,
    /// `u`: a piece the move would capture (`capture`, `friend`) is put down on the
    /// start cell instead: a swap.
    pub unload: bool,
    /// `i`: only as the piece's first move.
    pub initial: bool,
    /// `e` on this component: it also captures en passant.
    pub en_passant: bool,
    /// Byte offset of the component it comes from.
    pub at: usize,
}

impl Move {
    /// Whether the move is the same mirrored left to right.
    pub fn symmetric(&self) -> bool {
        let mirrored = |v: &Vector| Vector::new(-v.dx, v.dy);
        let vectors = self
            .vectors
            .iter()
            .all(|v| self.vectors.contains(&mirrored(v)));
        let turns = match &self.shape {
            Shape::Chain { legs, .. } => legs
                .iter()
                .all(|l| l.turns.iter().all(|t| *t == 180 || l.turns.contains(&-t))),
            _ => true,
        };
        vectors && turns
    }
}

/// How a move travels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One jump of the vector (cells between are ignored).
    Leap,
    /// Repeated steps of the vector, up to `max` (`None`: unlimited).
    Ride {
        /// The most steps.
        max: Option<u16>,
    },
    /// `n`: a lame leap, whose path must be empty. For straight vectors `k` times a
    /// king step the path is the `k - 1` cells between; for (1,2) one orthogonal step
    /// then one diagonal step outward; for (2,3) one orthogonal step then two diagonal.
    Lame,
    /// `p`: rides to a piece, hops over it, and rides on beyond.
    Hop,
    /// `p` on a rider limited to N > 1 cells (`pB2`): as [`Shape::Hop`], landing at
    /// most N cells from the start, as Fairy-Stockfish reads it (the hop of its cannon
    /// within the range's cells).
    HopRange(u16),
    /// `g`: rides to a piece and lands just beyond it.
    Grasshop,
    /// `q`: a circular rider (the Rose for `qN`): leaps of the atom, each turning `turn`
    /// degrees the same way round, at most `max` leaps.
    Circular {
        /// Degrees between one leap and the next (45 for oblique atoms, 90 otherwise).
        turn: i16,
        /// The most leaps.
        max: u16,
    },
    /// `z`: a crooked rider (the crooked bishop for `zB`): steps turning 90° one way,
    /// then back, and so on.
    Crooked,
    /// `a`: legs one after another; the first goes in `vectors`, each later leg turns
    /// from the direction the previous one moved in.
    Chain {
        /// Every leg is a ride (`R`, `B`, `Q`, doubled atoms) rather than a step.
        ride: bool,
        /// The later legs.
        legs: Vec<ChainLeg>,
    },
}

/// A leg after the first of an `a` chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainLeg {
    /// What the cell where the previous leg ends may hold: `(empty, foe captured,
    /// piece hopped)`.
    pub via: (bool, bool, bool),
    /// The turns from the previous leg's direction, in degrees (counter-clockwise
    /// positive), sorted.
    pub turns: Vec<i16>,
}

/// The eight images of `(a, b)` under the symmetries of the square, sorted.
pub fn images(a: i8, b: i8) -> Vec<Vector> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            v.push(Vector::new(x * sx, y * sy));
        }
    }
    v.sort();
    v.dedup();
    v
}

/// A direction token: one letter or a pair (`fl`, `fs`, `lv`, `fh`).
#[derive(Clone, Copy, Debug)]
enum Token {
    Single(char),
    Pair(char, char),
}

fn axis(c: char) -> u8 {
    match c {
        'f' | 'b' | 'v' => 1,
        'l' | 'r' | 's' => 2,
        _ => 0,
    }
}

/// Splits direction letters into tokens: two letters on different axes (or with `h`)
/// form a pair, as Fairy-Stockfish reads them.
fn tokens(dirs: &[Modifier]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let c = dirs[i].ch;
        if let Some(d) = dirs.get(i + 1).map(|m| m.ch) {
            if axis(c) != axis(d) || (c == 'h') != (d == 'h') {
                out.push(Token::Pair(c, d));
                i += 2;
                continue;
            }
        }
        out.push(Token::Single(c));
        i += 1;
    }
    out
}

/// Whether a single direction letter selects `v`: the letter names the side the
/// vector's larger component points to (both components, for diagonals).
fn single(c: char, v: Vector) -> bool {
    let (x, y) = (i16::from(v.dx), i16::from(v.dy));
    match c {
        'f' => y > 0 && y.abs() >= x.abs(),
        'b' => y < 0 && y.abs() >= x.abs(),
        'l' => x < 0 && x.abs() >= y.abs(),
        'r' => x > 0 && x.abs() >= y.abs(),
        'v' => y.abs() >= x.abs(),
        's' => x.abs() >= y.abs(),
        _ => false,
    }
}

/// Whether a letter's sign condition holds (the smaller component for pairs).
fn sign(c: char, v: Vector) -> bool {
    match c {
        'f' => v.dy > 0,
        'b' => v.dy < 0,
        'l' => v.dx < 0,
        'r' => v.dx > 0,
        _ => false,
    }
}

fn selects(t: Token, v: Vector, compound: bool) -> bool {
    let orthogonal = v.dx == 0 || v.dy == 0;
    match t {
        Token::Single(c) => single(c, v),
        // On K and Q, Fairy-Stockfish reads a pair on the orthogonal moves as its second
        // letter (`fsK`: sideways), and `fh` as the half-plane with its edge (`fhK`:
        // forward and sideways).
        Token::Pair(a, 'h') if orthogonal && compound => match a {
            'f' => v.dy >= 0,
            'b' => v.dy <= 0,
            'l' => v.dx <= 0,
            'r' => v.dx >= 0,
            _ => false,
        },
        Token::Pair(_, b) if orthogonal && compound => single(b, v),
        // `hr` and `hl` (Fairy-Stockfish): one hand of an oblique leaper, the four
        // turns by a right angle of (1 right, 2 forward) for `hrN`, of (1 left, 2
        // forward) for `hlN`; every move of an orthogonal or diagonal atom.
        Token::Pair('h', c @ ('r' | 'l')) => {
            let (x, y) = (i16::from(v.dx), i16::from(v.dy));
            if x == 0 || y == 0 || x.abs() == y.abs() {
                return true;
            }
            ((x * y > 0) == (y.abs() > x.abs())) == (c == 'r')
        }
        Token::Pair(a, b) if orthogonal => single(a, v) || single(b, v),
        Token::Pair(a, 'h') => sign(a, v),
        Token::Pair(a, b) => sign(a, v) && single(b, v),
    }
}

/// The vectors of `bases` that the direction letters select (all with none).
fn filter(bases: &[(i8, i8)], dirs: &[Modifier]) -> Vec<Vector> {
    let toks = tokens(dirs);
    let compound = bases.len() > 1;
    let mut out: Vec<Vector> = bases
        .iter()
        .flat_map(|&(a, b)| images(a, b))
        .filter(|&v| toks.is_empty() || toks.iter().any(|&t| selects(t, v, compound)))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The turns (degrees) relative direction letters select on a later leg of a chain.
fn turns(dirs: &[Modifier], king: bool, step: i16) -> Result<Vec<i16>, BetzaError> {
    let mut out = Vec::new();
    if dirs.is_empty() {
        out.extend((0..360 / step).map(|k| k * step));
    }
    for t in tokens(dirs) {
        let add: &[i16] = match t {
            Token::Single('f') => &[0],
            Token::Single('b') => &[180],
            Token::Single('l') => &[90],
            Token::Single('r') => &[-90],
            Token::Single('v') => &[0, 180],
            Token::Single('s') => &[90, -90],
            Token::Pair('f', 'l') | Token::Pair('l', 'f') if king => &[45],
            Token::Pair('f', 'r') | Token::Pair('r', 'f') if king => &[-45],
            Token::Pair('b', 'l') | Token::Pair('l', 'b') if king => &[135],
            Token::Pair('b', 'r') | Token::Pair('r', 'b') if king => &[-135],
            Token::Pair('f', 's') if king => &[45, -45],
            Token::Pair('b', 's') if king => &[135, -135],
            // On W and F, two letters are both directions (as on orthogonal atoms).
            Token::Pair(a, b) if !king && a != 'h' && b != 'h' => {
                out.extend(turns(&[Modifier { ch: a, at: 0 }], false, step)?);
                out.extend(turns(&[Modifier { ch: b, at: 0 }], false, step)?);
                continue;
            }
            _ => {
                let at = dirs.first().map_or(0, |m| m.at);
                return Err(BetzaError::new(
                    BetzaErrorKind::Meaningless(
                        "this direction on a later leg of an `a` chain is not translated (f, b, l, r, v, s; fl, fr, bl, br, fs, bs on K and Q)".into(),
                    ),
                    at,
                    dirs.len(),
                ));
            }
        };
        out.extend_from_slice(add);
    }
    for a in &mut out {
        if *a > 180 {
            *a -= 360;
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn meaningless(why: impl Into<String>, at: usize) -> BetzaError {
    BetzaError::new(BetzaErrorKind::Meaningless(why.into()), at, 1)
}

/// The modifiers of one leg, split by role.
#[derive(Default)]
struct LegMods {
    dirs: Vec<Modifier>,
    m: Option<usize>,
    c: Option<usize>,
    d: Option<usize>,
    u: Option<usize>,
    p: Option<usize>,
    g: Option<usize>,
    n: Option<usize>,
    i: Option<usize>,
    e: Option<usize>,
    q: Option<usize>,
    z: Option<usize>,
}

fn split(mods: &[Modifier]) -> LegMods {
    let mut l = LegMods::default();
    for m in mods {
        let slot = match m.ch {
            'm' => &mut l.m,
            'c' => &mut l.c,
            'd' => &mut l.d,
            'u' => &mut l.u,
            'p' => &mut l.p,
            'g' => &mut l.g,
            'n' => &mut l.n,
            'i' => &mut l.i,
            'e' => &mut l.e,
            'q' => &mut l.q,
            'z' => &mut l.z,
            _ => {
                l.dirs.push(*m);
                continue;
            }
        };
        slot.get_or_insert(m.at);
    }
    l
}

/// What a whole notation means.
pub fn moves(notation: &Notation) -> Result<Vec<Move>, BetzaError> {
    let mut out = Vec::new();
    for c in &notation.components {
        out.push(component(c)?);
    }
    Ok(out)
}

fn component(c: &Component) -> Result<Move, BetzaError> {
    let first = split(c.legs.first().map_or(&[][..], |l| &l[..]));
    let atom = c.atom;
    let rider = atom.rider || c.doubled || c.count.is_some_and(|n| n.value != 1 || atom.rider);
    let vectors = filter(atom.bases, &first.dirs);
    if vectors.is_empty() {
        let at = first.dirs.first().map_or(c.atom_at, |m| m.at);
        return Err(meaningless(
            format!("these directions select none of `{}`'s moves", atom.letter),
            at,
        ));
    }
    if let Some(at) = first.e.filter(|_| first.c.is_none()) {
        return Err(meaningless(
            "`e` (en passant) is read with `c` (`ce`): a move that captures only en passant is not translated",
            at,
        ));
    }
    if let (Some(_), Some(at)) = (first.i, first.c) {
        return Err(meaningless(
            "`i` moves never capture in Fairy-Stockfish's reading; `c` with `i` is not translated",
            at,
        ));
    }
    if let Some(at) = first.d.or(first.u) {
        let other = c.legs.len() > 1 || first.q.or(first.z).or(first.p).or(first.g).is_some();
        if other || first.n.is_some() || first.e.is_some() {
            return Err(meaningless(
                "`d` and `u` are translated on plain leapers and riders only (`dN`, `udK`, `cuR`)",
                at,
            ));
        }
    }
    if let (Some(at), None, None, Some(_)) = (first.u, first.d, first.c, first.m) {
        return Err(meaningless(
            "`u` puts down a piece the move captures: give it `c` or `d`",
            at,
        ));
    }
    // Without m, c or d a move may end on an empty cell or an enemy.
    let plain = first.m.is_none() && first.c.is_none() && first.d.is_none();
    let mut mv = Move {
        shape: Shape::Leap,
        vectors,
        quiet: first.m.is_some() || plain,
        capture: (first.c.is_some() || plain) && first.i.is_none(),
        friend: first.d.is_some(),
        unload: first.u.is_some(),
        initial: first.i.is_some(),
        en_passant: first.e.is_some(),
        at: c.start,
    };
    if c.legs.len() > 1 {
        let legs: Vec<LegMods> = c.legs.iter().map(|l| split(l)).collect();
        if let Some(last) = legs.last() {
            mv.quiet = last.m.is_some() || last.c.is_none();
            mv.capture = last.c.is_some() || last.m.is_none();
        }
        mv.shape = chain(c, &legs, rider)?;
        return Ok(mv);
    }
    if let Some(at) = first.q.or(first.z) {
        mv.shape = bent(c, &first, rider, at)?;
        return Ok(mv);
    }
    if let (Some(p), Some(_)) = (first.p, first.g) {
        return Err(meaningless("`p` and `g` together mean nothing", p));
    }
    if let Some(at) = first.p.or(first.g) {
        let range = c.count.map_or(0, |n| n.value);
        if first.p.is_some() && first.n.is_none() && rider && range > 1 && range <= 255 {
            mv.shape = Shape::HopRange(range);
            return Ok(mv);
        }
        if !rider || c.count.is_some_and(|n| n.value > 1) {
            return Err(meaningless(
                "`p` and `g` (hoppers) are translated on unlimited riders only (`pR`, `gB`, `pNN`), and `p` on riders limited to 2 or more cells (`pB2`)",
                at,
            ));
        }
        if first.n.is_some() {
            return Err(meaningless("`n` with a hopper means nothing", at));
        }
        mv.shape = if first.p.is_some() {
            Shape::Hop
        } else {
            Shape::Grasshop
        };
        return Ok(mv);
    }
    if let Some(at) = first.n {
        if rider {
            return Err(meaningless(
                "`n` (lame) is translated on leapers only; a rider is already blocked by what stands in its way",
                at,
            ));
        }
        let (a, b) = atom.bases[0];
        let unit = atom.bases.iter().all(|&(a, b)| a.max(b) == 1);
        if !unit {
            if a != 0 && a != b && (a, b) != (1, 2) && (a, b) != (2, 3) {
                return Err(meaningless(
                    format!("`n` on `{}`: the path of a lame ({a},{b}) leap is not defined (n is read on straight atoms, N and Z)", atom.letter),
                    at,
                ));
            }
            mv.shape = Shape::Lame;
        }
        return Ok(mv);
    }
    if rider {
        let max = match c.count {
            Some(n) if n.value > 0 => Some(n.value),
            _ => None,
        };
        mv.shape = Shape::Ride { max };
    }
    Ok(mv)
}

/// `q` and `z`: circular and crooked riders of one atom.
fn bent(c: &Component, l: &LegMods, rider: bool, at: usize) -> Result<Shape, BetzaError> {
    let atom = c.atom;
    if atom.bases.len() > 1 {
        return Err(meaningless(
            format!(
                "`q` and `z` are translated on atoms of one kind of move, not `{}`",
                atom.letter
            ),
            at,
        ));
    }
    if let Some(other) = l.n.or(l.p).or(l.g).or(l.e) {
        return Err(meaningless(
            "`n`, `p`, `g` and `e` with `q` or `z` are not translated",
            other,
        ));
    }
    let (a, b) = atom.bases[0];
    let oblique = a != 0 && a != b;
    if l.q.is_some() && l.z.is_some() {
        return Err(meaningless("`q` and `z` together mean nothing", at));
    }
    if l.z.is_some() {
        if !rider || c.count.is_some() {
            return Err(meaningless(
                "`z` is translated on unlimited riders (`zB`, `zR`, `zNN`)",
                at,
            ));
        }
        return Ok(Shape::Crooked);
    }
    // The images round the circle: 8 for oblique atoms (45° apart), else 4 (90°).
    let (turn, round) = if oblique { (45, 8) } else { (90, 4) };
    let max = match c.count {
        Some(n) if n.value > 0 => n.value.min(round - 1),
        _ => round - 1,
    };
    Ok(Shape::Circular { turn, max })
}

/// The legs of an `a` chain after the first.
fn chain(c: &Component, mods: &[LegMods], ride: bool) -> Result<Shape, BetzaError> {
    let first = &mods[0];
    let atom = c.atom;
    if !atom.bases.iter().all(|&(a, b)| a.max(b) == 1) {
        return Err(meaningless(
            format!(
                "`a` chains are translated for W, F, K, R, B and Q, not `{}`",
                atom.letter
            ),
            c.atom_at,
        ));
    }
    if let Some(at) = c.count.map(|n| n.at) {
        return Err(BetzaError::new(
            BetzaErrorKind::BadRange("a count on an `a` chain is not translated".into()),
            at,
            1,
        ));
    }
    if let Some(at) = first.n.or(first.g).or(first.e) {
        return Err(meaningless(
            "`n`, `g` and `e` are not translated in `a` chains",
            at,
        ));
    }
    let king = atom.bases.len() == 2;
    let step = if king { 45 } else { 90 };
    let mut legs = Vec::new();
    for pair in mods.windows(2) {
        let (prev, l) = (&pair[0], &pair[1]);
        if let Some(at) = l.n.or(l.g).or(l.i).or(l.e) {
            return Err(meaningless(
                "`n`, `g`, `i` and `e` are not translated on later legs of an `a` chain",
                at,
            ));
        }
        // What the previous leg's end may hold: m (the default) empty, c a foe
        // captured, p any piece hopped over.
        let none = prev.m.is_none() && prev.c.is_none() && prev.p.is_none();
        legs.push(ChainLeg {
            via: (prev.m.is_some() || none, prev.c.is_some(), prev.p.is_some()),
            turns: turns(&l.dirs, king, step)?,
        });
    }
    Ok(Shape::Chain { ride, legs })
}

/// [`filter`] for `export`: the vectors of `bases` that direction letters select.
pub(crate) fn filter_public(bases: &[(i8, i8)], dirs: &[Modifier]) -> Vec<Vector> {
    filter(bases, dirs)
}
