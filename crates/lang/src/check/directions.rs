//! Directions: direction words, vectors with their symmetric images, and relative turns,
//! expanded into [`LegDirs`]; and the set of vectors each leg can actually move in,
//! which decides whether an odd multiple of 45° can turn it.
//!
//! Owns the meaning of every direction word (from the first side's point of view,
//! `dy` forward) and the rules for relative directions.

use super::{names, Checker};
use crate::ast::{self, DirKind, VectorQualifier};
use crate::diagnostics::Diagnostic;
use crate::ir::{LegDirs, Vector};
use crate::topology::Geometry;
use std::collections::BTreeSet;

/// The largest vector component: a vector must fit on a 26×26 board.
pub const MAX_COMPONENT: i64 = 25;

/// Every absolute direction word (their vectors depend on the board's topology; see
/// [`crate::topology::geometry`]).
pub const DIRECTION_WORDS: [&str; 14] = crate::topology::geometry::WORDS;

/// The direction words that depend on the board's size and colours: `anywhere`, every
/// vector that lands on the board from some cell (a jump to any cell, over whatever
/// stands between), and those of them that change (`other-colour`) or keep
/// (`same-colour`) the colour of the cell left. Square and hex boards.
pub const JUMP_WORDS: [&str; 3] = crate::complete::JUMP_WORDS;

/// Relative direction words and their angles.
pub(crate) const RELATIVE_WORDS: &[(&str, i16)] = &[("same", 0), ("back", 180)];

/// The relative direction word that repeats the vector of the leg two legs back
/// ([`LegDirs::Alternate`]): it stands alone in its leg.
pub(crate) const ALTERNATE_WORD: &str = "alternate";

/// Normalises an angle to (-180, 180].
pub fn normalise(degrees: i64) -> i16 {
    let d = degrees.rem_euclid(360) as i16;
    if d > 180 {
        d - 360
    } else {
        d
    }
}

fn show(v: Vector) -> String {
    format!("({},{})", v.dx, v.dy)
}

/// A leg's resolved directions.
pub(crate) struct Resolved {
    pub dirs: LegDirs,
    /// The vectors the leg can move in, if known (`None` after an error upstream).
    pub moves: Option<BTreeSet<Vector>>,
}

impl Checker {
    /// Resolves a leg's directions. `prev` is the previous leg (`None` on the first
    /// leg) with the vectors it can move in, if known.
    pub(crate) fn leg_dirs(
        &mut self,
        leg: &ast::Leg,
        prev: Option<(&ast::Leg, Option<&BTreeSet<Vector>>)>,
    ) -> Option<Resolved> {
        let mut ok = true;
        let mut vectors: BTreeSet<Vector> = BTreeSet::new();
        let mut angles: BTreeSet<i16> = BTreeSet::new();
        // The first absolute and the first relative term, for mixing errors.
        let mut first_abs: Option<ast::Span> = None;
        let mut first_rel: Option<ast::Span> = None;
        // Odd multiples of 45 and where they were written.
        let mut odd: Vec<(i16, ast::Span)> = Vec::new();
        let geometry = self.geometry();
        let unit = geometry.turn_unit();

        if let Some(alt) = leg
            .dirs
            .iter()
            .find(|d| matches!(&d.kind, DirKind::Word(w) if w == ALTERNATE_WORD))
        {
            if leg.dirs.len() > 1 {
                let other = leg
                    .dirs
                    .iter()
                    .find(|d| d.span != alt.span)
                    .map_or(alt.span, |d| d.span);
                self.error(
                    Diagnostic::error(
                        "E1066",
                        "`alternate` with other directions in one leg",
                        alt.span,
                    )
                    .label("the vector of the leg two legs back, alone")
                    .secondary(other, "another direction of the same leg")
                    .help("write `alternate` as the leg's only direction, e.g. `leap (1,2) then leap (1,-4) then repeat { leap alternate }`"),
                );
                return None;
            }
            // Its vectors are the leg's two legs back: the pattern knows them.
            return Some(Resolved {
                dirs: LegDirs::Alternate,
                moves: None,
            });
        }

        for dir in &leg.dirs {
            match &dir.kind {
                DirKind::Word(w) if JUMP_WORDS.contains(&w.as_str()) => {
                    first_abs.get_or_insert(dir.span);
                    match self.jump_vectors(w) {
                        Ok(vs) => vectors.extend(vs),
                        Err(why) => {
                            ok = false;
                            self.error(no_direction_here(w, geometry, dir.span, why));
                        }
                    }
                }
                DirKind::Word(w) => {
                    if let Some(vs) = geometry.word(w) {
                        if vs.is_empty() {
                            ok = false;
                            let why = no_such_direction(geometry);
                            self.error(no_direction_here(w, geometry, dir.span, why));
                        }
                        vectors.extend(vs);
                        first_abs.get_or_insert(dir.span);
                    } else if let Some(&(_, a)) = RELATIVE_WORDS.iter().find(|(n, _)| n == w) {
                        angles.insert(a);
                        first_rel.get_or_insert(dir.span);
                    } else {
                        ok = false;
                        self.unknown_direction(w, dir.span);
                    }
                }
                DirKind::Vector { qualifier, x, y } => {
                    first_abs.get_or_insert(dir.span);
                    let mut bad = false;
                    for c in [x, y] {
                        if c.value.unsigned_abs() > MAX_COMPONENT as u64 {
                            bad = true;
                            self.error(
                                Diagnostic::error(
                                    "E0403",
                                    "vector component is too large",
                                    c.span,
                                )
                                .label(format!(
                                    "components must be between -{MAX_COMPONENT} and {MAX_COMPONENT}"
                                ))
                                .note("the largest board is 26x26, so no step can be longer than 25"),
                            );
                        }
                    }
                    if bad {
                        ok = false;
                        continue;
                    }
                    if x.value == 0 && y.value == 0 {
                        ok = false;
                        self.error(
                            Diagnostic::error("E0402", "the vector (0,0) does not move", dir.span)
                                .label("a step must change the cell")
                                .help("use a vector with at least one non-zero component, e.g. `(1,0)`"),
                        );
                        continue;
                    }
                    let (a, b) = (x.value as i8, y.value as i8);
                    if let Err(why) = geometry.admits(Vector::new(a, b)) {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0411",
                                format!(
                                    "the vector ({a},{b}) is not a move on a {} board",
                                    geometry.name()
                                ),
                                dir.span,
                            )
                            .label("not a direction of this board")
                            .note(why),
                        );
                        continue;
                    }
                    let up = |v: &Vector| geometry.cartesian(*v).1;
                    match qualifier {
                        VectorQualifier::Exactly => {
                            vectors.insert(Vector::new(a, b));
                        }
                        VectorQualifier::All => vectors.extend(geometry.images(a, b)),
                        VectorQualifier::Forward => vectors
                            .extend(geometry.images(a, b).into_iter().filter(|v| up(v) > 1e-9)),
                        VectorQualifier::Backward => vectors
                            .extend(geometry.images(a, b).into_iter().filter(|v| up(v) < -1e-9)),
                    }
                }
                DirKind::Turn(list) => {
                    first_rel.get_or_insert(dir.span);
                    for a in list {
                        if a.degrees.unsigned_abs() > 360 {
                            ok = false;
                            self.error(
                                Diagnostic::error("E0409", "turn angle is out of range", a.span)
                                    .label("angles go from -360 to 360 degrees"),
                            );
                            continue;
                        }
                        let u = i64::from(unit);
                        if a.degrees % u != 0 {
                            ok = false;
                            let lo = a.degrees.div_euclid(u) * u;
                            self.error(
                                Diagnostic::error(
                                    "E0405",
                                    format!(
                                        "a turn of {}° is not possible on a {} board",
                                        a.degrees,
                                        geometry.name()
                                    ),
                                    a.span,
                                )
                                .label(format!("not a multiple of {unit}"))
                                .help(format!(
                                    "{} boards turn in steps of {unit}°; try {lo} or {}",
                                    geometry.name(),
                                    lo + u
                                )),
                            );
                            continue;
                        }
                        let exact = geometry.exact_turn();
                        let mut push = |d: i64| {
                            let n = normalise(d);
                            angles.insert(n);
                            if n % exact != 0 {
                                odd.push((n, a.span));
                            }
                        };
                        push(a.degrees);
                        if a.both_signs {
                            push(-a.degrees);
                        }
                    }
                }
            }
        }

        if let (Some(rel), Some(abs)) = (first_rel, first_abs) {
            self.error(
                Diagnostic::error(
                    "E0407",
                    "a leg mixes relative and absolute directions",
                    rel,
                )
                .label("relative to the previous leg")
                .secondary(abs, "absolute")
                .help("a leg's directions are either all absolute (`orthogonal`, `(1,2)`) or all relative (`same`, `back`, `turn 90`)"),
            );
            return None;
        }

        if let Some(rel) = first_rel {
            let Some((prev_leg, prev_moves)) = prev else {
                self.error(
                    Diagnostic::error(
                        "E0404",
                        "relative direction on the first leg",
                        rel,
                    )
                    .label("there is no previous leg to be relative to")
                    .help("the first leg needs an absolute direction such as `orthogonal`, `diagonal` or `(1,2)`"),
                );
                return None;
            };
            if !ok {
                return None;
            }
            let moves = match prev_moves {
                Some(prev_set) => {
                    let mut out = BTreeSet::new();
                    let mut failed = false;
                    for &v in prev_set {
                        for &a in &angles {
                            match geometry.rotate(v, a) {
                                Some(r) => {
                                    out.insert(r);
                                }
                                None if !failed => {
                                    failed = true;
                                    let span =
                                        odd.iter().find(|(n, _)| *n == a).map_or(rel, |(_, s)| *s);
                                    self.error(
                                        Diagnostic::error(
                                            "E0406",
                                            format!(
                                                "cannot turn the direction {} by {a}°",
                                                show(v)
                                            ),
                                            span,
                                        )
                                        .label(if geometry == Geometry::Square {
                                            "an odd multiple of 45°".to_string()
                                        } else {
                                            format!("not a multiple of {}°", geometry.exact_turn())
                                        })
                                        .secondary(
                                            prev_leg.dirs_span,
                                            format!("the previous leg can move in direction {}", show(v)),
                                        )
                                        .note(if geometry == Geometry::Square {
                                            "turns of 45°, 135° and so on are only defined for orthogonal and diagonal directions (and their multiples such as (2,0))"
                                        } else {
                                            "turns of 30°, 90° and so on are only defined for orthogonal and diagonal directions (and their multiples such as (2,0))"
                                        }),
                                    );
                                }
                                None => {}
                            }
                        }
                    }
                    if failed {
                        return None;
                    }
                    Some(out)
                }
                None => None,
            };
            return Some(Resolved {
                dirs: LegDirs::Turn(angles.into_iter().collect()),
                moves,
            });
        }

        if !ok {
            return None;
        }
        Some(Resolved {
            dirs: LegDirs::Absolute(vectors.iter().copied().collect()),
            moves: Some(vectors),
        })
    }

    pub(crate) fn unknown_direction(&mut self, word: &str, span: ast::Span) {
        let mut d = Diagnostic::error("E0401", format!("unknown direction `{word}`"), span)
            .label("not a direction");
        let candidates = DIRECTION_WORDS
            .iter()
            .copied()
            .chain(JUMP_WORDS)
            .chain(RELATIVE_WORDS.iter().map(|(n, _)| *n))
            .chain([ALTERNATE_WORD]);
        d = match names::suggest(word, candidates) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None => d.help(
                "directions are words such as `orthogonal`, `diagonal`, `any`, `forward`, vectors such as `(1,2)`, or, after `then`, `same`, `back`, `turn 90` and `alternate`",
            ),
        };
        self.error(d);
    }
}

impl Checker {
    /// The vectors of a word of [`JUMP_WORDS`] on the declared board: every vector
    /// within the largest component that some cell steps along onto the board
    /// (keeping those that change or keep the colour, for the colour words). On square
    /// and hex boards a vector changes every cell's colour alike (the colours repeat
    /// along the grid), so a vector is kept by the first cell it lands from.
    fn jump_vectors(&self, word: &str) -> Result<Vec<Vector>, &'static str> {
        let geometry = self.geometry();
        let Some(info) = &self.board else {
            return Ok(Vec::new());
        };
        let board = &info.topology;
        // The boards with colours: square and hex (not octo, tri or graph).
        let coloured = board
            .cells()
            .next()
            .is_some_and(|c| board.colour(board.coord(c)).is_some());
        if !coloured {
            return Err("`anywhere`, `other-colour` and `same-colour` name the jumps of square and hex boards");
        }
        let colour = |cell| board.colour(board.coord(cell));
        let mut out = Vec::new();
        let m = MAX_COMPONENT as i8;
        for dx in -m..=m {
            for dy in -m..=m {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let v = Vector::new(dx, dy);
                if geometry.admits(v).is_err() {
                    continue;
                }
                let Some((from, to)) = board.cells().find_map(|c| board.step(c, v).map(|t| (c, t)))
                else {
                    continue;
                };
                let keep = match word {
                    "other-colour" => colour(from) != colour(to),
                    "same-colour" => colour(from) == colour(to),
                    _ => true,
                };
                if keep {
                    out.push(v);
                }
            }
        }
        Ok(out)
    }
}

/// Which direction words a topology lacks, for E0410.
/// E0410: the word `w` names no direction on this board, with `why` as its note.
fn no_direction_here(w: &str, g: Geometry, span: ast::Span, why: impl Into<String>) -> Diagnostic {
    Diagnostic::error(
        "E0410",
        format!("there is no `{w}` direction on a {} board", g.name()),
        span,
    )
    .label("names no direction here")
    .note(why)
}

pub(crate) fn no_such_direction(g: Geometry) -> &'static str {
    match g {
        Geometry::Tri => "tri boards have six step directions: `orthogonal` (= `any`), `left`, `right`, `sideways`, `forward-left`, `forward-right`, `backward-left`, `backward-right`",
        _ => "on hex boards of rows `forward` and `backward` are diagonal; on hexagon boards `left`, `right` and `sideways` are",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::geometry::square_images as images;

    #[test]
    fn symmetric_images() {
        assert_eq!(images(1, 2).len(), 8);
        assert_eq!(images(1, 1).len(), 4);
        assert_eq!(images(0, 1).len(), 4);
        assert_eq!(images(2, 2).len(), 4);
    }

    #[test]
    fn normalised_angles() {
        assert_eq!(normalise(-180), 180);
        assert_eq!(normalise(270), -90);
        assert_eq!(normalise(-45), -45);
        assert_eq!(normalise(360), 0);
    }
}
