//! parse: XBetza text into a small AST with byte positions. A notation is a list of
//! components; a component is one or more legs of modifiers (legs are separated by
//! `a`), one atom (`W F D N A H C Z G L J K Q R B`, doubled for a rider) and an
//! optional count. Only the shape is read here: which modifiers mean what on which atom
//! is `moves`' business, so that both can point at the character at fault.

use super::error::{BetzaError, BetzaErrorKind};

/// A whole notation: its components in order (`mQcN` has two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notation {
    /// The components, in the order written.
    pub components: Vec<Component>,
}

/// One component: modifiers (one group per leg), an atom and a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The modifier groups, one per leg: `legs.len() - 1` is the number of `a`s.
    pub legs: Vec<Vec<Modifier>>,
    /// The atom.
    pub atom: Atom,
    /// `NN`, `WW`: the atom written twice (a rider).
    pub doubled: bool,
    /// The count after the atom (`R4`, `W2`), if any.
    pub count: Option<Count>,
    /// Byte offset of the component's first character.
    pub start: usize,
    /// Byte offset of the atom.
    pub atom_at: usize,
}

/// A modifier character and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// The character.
    pub ch: char,
    /// Its byte offset.
    pub at: usize,
}

/// A count after an atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number (0: unlimited, as XBetza reads it).
    pub value: u16,
    /// Byte offset of its first digit.
    pub at: usize,
    /// Number of digits.
    pub len: usize,
}

/// An atom: a leaper's vector, or one of the compound letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The letter as written.
    pub letter: char,
    /// The canonical vectors `(a, b)` with `0 <= a <= b` it leaps (one, or two for
    /// `K` and `Q`).
    pub bases: &'static [(i8, i8)],
    /// `R`, `B`, `Q`: riders by themselves.
    pub rider: bool,
}

/// An atom's letter, its canonical vectors and whether it rides by itself.
type AtomRow = (char, &'static [(i8, i8)], bool);

/// The atoms piecewise reads.
const ATOMS: &[AtomRow] = &[
    ('W', &[(0, 1)], false),
    ('F', &[(1, 1)], false),
    ('D', &[(0, 2)], false),
    ('N', &[(1, 2)], false),
    ('A', &[(2, 2)], false),
    ('H', &[(0, 3)], false),
    ('C', &[(1, 3)], false),
    ('L', &[(1, 3)], false),
    ('Z', &[(2, 3)], false),
    ('J', &[(2, 3)], false),
    ('G', &[(3, 3)], false),
    ('K', &[(0, 1), (1, 1)], false),
    ('R', &[(0, 1)], true),
    ('B', &[(1, 1)], true),
    ('Q', &[(0, 1), (1, 1)], true),
];

/// The lowercase modifiers piecewise translates.
const MODIFIERS: &str = "fblrvshmcdinpgaezqu";

/// Characters of XBetza (or its relatives) that piecewise refuses, and why.
pub(crate) fn refusal(c: char) -> Option<&'static str> {
    Some(match c {
        't' => "`t` (then, the older Betza chain such as `WtR`) is not read; write the legs with XBetza's `a`",
        'x' => "`x` has no equivalent in the rules language",
        'k' => "`k` (a move that depends on checking or on royalty) has no equivalent in the rules language",
        'y' => "`y` (a later leg switching between orthogonal and diagonal) is not translated; write the legs in .rules (e.g. `step diagonal then ride turn ±45`)",
        'o' => "`o` (cylinder: moves wrap round the board's edge) has no equivalent; piecewise boards do not wrap",
        'j' => "`j` (jumping: a rider that must skip its first square, or a leg that must leap) is not translated",
        'O' => "`O` (castling) is a game declaration in .rules (`castling King e1 to g1 with Rook h1 to f1`), not a piece move",
        _ => return None,
    })
}

/// Reads a notation into its components.
pub fn parse(text: &str) -> Result<Notation, BetzaError> {
    if text.trim().is_empty() {
        return Err(BetzaError::new(BetzaErrorKind::Empty, 0, 1));
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut components = Vec::new();
    let mut legs: Vec<Vec<Modifier>> = vec![Vec::new()];
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if MODIFIERS.contains(c) {
            start.get_or_insert(at);
            if c == 'a' {
                legs.push(Vec::new());
            } else if let Some(leg) = legs.last_mut() {
                leg.push(Modifier { ch: c, at });
            }
            i += 1;
            continue;
        }
        if let Some(why) = refusal(c) {
            return Err(BetzaError::new(
                BetzaErrorKind::Unsupported { what: c, why },
                at,
                c.len_utf8(),
            ));
        }
        if let Some(&(letter, bases, rider)) = ATOMS.iter().find(|a| a.0 == c) {
            let atom = Atom {
                letter,
                bases,
                rider,
            };
            let mut j = i + 1;
            let doubled = chars.get(j).is_some_and(|&(_, d)| d == c);
            if doubled {
                j += 1;
            }
            let mut count = None;
            let digits_from = j;
            while chars.get(j).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                j += 1;
            }
            if j > digits_from {
                let first = chars[digits_from].0;
                let end = chars.get(j).map_or(text.len(), |&(b, _)| b);
                let digits = &text[first..end];
                let value: u16 = digits.parse().ok().filter(|&v| v <= 255).ok_or_else(|| {
                    BetzaError::new(
                        BetzaErrorKind::BadRange(format!(
                            "count `{digits}` is above 255, the most a ride may go"
                        )),
                        first,
                        end - first,
                    )
                })?;
                if doubled {
                    return Err(BetzaError::new(
                        BetzaErrorKind::BadRange(format!(
                            "a doubled atom `{c}{c}` is already unlimited; a count after it means nothing (write `{c}{digits}`)"
                        )),
                        first,
                        end - first,
                    ));
                }
                count = Some(Count {
                    value,
                    at: first,
                    len: end - first,
                });
            }
            components.push(Component {
                legs: std::mem::replace(&mut legs, vec![Vec::new()]),
                atom,
                doubled,
                count,
                start: start.take().unwrap_or(at),
                atom_at: at,
            });
            i = j;
            continue;
        }
        if c.is_ascii_digit() {
            return Err(BetzaError::new(
                BetzaErrorKind::BadRange("a count must follow an atom".into()),
                at,
                1,
            ));
        }
        return Err(BetzaError::new(
            BetzaErrorKind::UnknownCharacter(c),
            at,
            c.len_utf8(),
        ));
    }
    if legs.len() > 1 || legs.first().is_some_and(|l| !l.is_empty()) {
        return Err(BetzaError::new(
            BetzaErrorKind::MissingAtom,
            start.unwrap_or(0),
            text.len() - start.unwrap_or(0),
        ));
    }
    Ok(Notation { components })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_and_positions() {
        let n = parse("mQcN").unwrap();
        assert_eq!(n.components.len(), 2);
        assert_eq!(n.components[0].legs[0][0], Modifier { ch: 'm', at: 0 });
        assert_eq!(n.components[0].atom.letter, 'Q');
        assert_eq!(n.components[1].start, 2);
        assert_eq!(n.components[1].atom_at, 3);
    }

    #[test]
    fn riders_counts_and_legs() {
        let n = parse("NNR4caK").unwrap();
        assert!(n.components[0].doubled);
        assert_eq!(n.components[1].count.map(|c| c.value), Some(4));
        assert_eq!(n.components[2].legs.len(), 2);
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = parse("mWxN").unwrap_err();
        assert_eq!(e.offset(), 2);
        assert!(matches!(
            e.kind(),
            BetzaErrorKind::Unsupported { what: 'x', .. }
        ));
        assert_eq!(parse("fmW?").unwrap_err().offset(), 3);
        assert_eq!(
            parse("mQc").unwrap_err().kind(),
            &BetzaErrorKind::MissingAtom
        );
        assert_eq!(parse("4N").unwrap_err().offset(), 0);
        assert_eq!(parse("R999").unwrap_err().offset(), 1);
        assert_eq!(parse("NN2").unwrap_err().offset(), 2);
        assert_eq!(parse("").unwrap_err().kind(), &BetzaErrorKind::Empty);
        assert_eq!(parse("é").unwrap_err().len(), 2);
    }
}
