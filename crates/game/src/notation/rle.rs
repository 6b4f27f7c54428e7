//! rle: the run-length form of Sokoban text boards (the `.sok` format's, as
//! sokoenginepy reads and writes it) — decoding one line of it into board rows and
//! encoding board rows into it.
//!
//! The form: a count (decimal digits) repeats the character or the parenthesised group
//! after it (`4#` is `####`, `2(#-)` is `#-#-`; groups nest, a group without a count is
//! written once); `|` ends a row; every other character stands for itself. Owns only the
//! strings: which characters make a board is [`super::text_board`]'s business.

use std::fmt;

/// The longest text one run-length line may decode to (bytes, row breaks
/// included): far more than any board the rules take, and small enough that a count
/// like `999999999#` is an error rather than a large allocation.
pub const MAX_DECODED: usize = 1 << 16;

/// The deepest nesting of groups a line may use.
const MAX_DEPTH: usize = 32;

/// What is wrong with a run-length line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RleProblem {
    /// A `(` without its `)`.
    UnclosedGroup,
    /// A `)` without a `(` before it.
    UnopenedGroup,
    /// A count with nothing after it to repeat (at the end, or before `)`).
    CountWithoutTarget,
    /// The line decodes to more than [`MAX_DECODED`] characters.
    TooLong,
    /// Groups nested deeper than 32.
    TooDeep,
}

impl fmt::Display for RleProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RleProblem::UnclosedGroup => "a run-length group `(` is never closed",
            RleProblem::UnopenedGroup => "a `)` closes no run-length group",
            RleProblem::CountWithoutTarget => "a run-length count with nothing after it to repeat",
            RleProblem::TooLong => "the run-length line decodes to more than 65536 characters",
            RleProblem::TooDeep => "run-length groups nested deeper than 32",
        })
    }
}

/// A problem and its column (in characters, from 1) on the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RleError {
    /// What is wrong.
    pub problem: RleProblem,
    /// Where, on the line: from 1, in characters.
    pub column: usize,
}

/// Whether a character belongs to the run-length form (a digit, `(`, `)` or `|`), so
/// that a line holding one is run-length text.
pub fn is_rle_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '(' | ')' | '|')
}

/// Decodes one run-length line into its rows (split at `|`).
pub fn decode(line: &str) -> Result<Vec<String>, RleError> {
    let chars: Vec<char> = line.chars().collect();
    let mut decoder = Decoder {
        chars: &chars,
        at: 0,
    };
    let text = decoder.sequence(0)?;
    if decoder.at < chars.len() {
        // `sequence` at depth 0 stops only at a `)`.
        return Err(RleError {
            problem: RleProblem::UnopenedGroup,
            column: decoder.at + 1,
        });
    }
    Ok(text.split('|').map(str::to_string).collect())
}

struct Decoder<'a> {
    chars: &'a [char],
    at: usize,
}

impl Decoder<'_> {
    /// Decodes up to the end of the line or a `)` (not consumed).
    fn sequence(&mut self, depth: usize) -> Result<String, RleError> {
        let mut out = String::new();
        while let Some(&c) = self.chars.get(self.at) {
            if c == ')' {
                break;
            }
            let start = self.at;
            let mut count: Option<usize> = None;
            while let Some(d) = self.chars.get(self.at).and_then(|c| c.to_digit(10)) {
                let n = count.unwrap_or(0);
                count = Some(n.saturating_mul(10).saturating_add(d as usize));
                self.at += 1;
            }
            let unit = match self.chars.get(self.at) {
                None | Some(')') if count.is_some() => {
                    return Err(self.error(RleProblem::CountWithoutTarget, start));
                }
                None | Some(')') => break,
                Some('(') => {
                    if depth + 1 > MAX_DEPTH {
                        return Err(self.error(RleProblem::TooDeep, self.at));
                    }
                    let open = self.at;
                    self.at += 1;
                    let inner = self.sequence(depth + 1)?;
                    if self.chars.get(self.at) != Some(&')') {
                        return Err(self.error(RleProblem::UnclosedGroup, open));
                    }
                    self.at += 1;
                    inner
                }
                Some(&c) => {
                    self.at += 1;
                    c.to_string()
                }
            };
            let n = count.unwrap_or(1);
            let total = unit.len().saturating_mul(n);
            if out.len().saturating_add(total) > MAX_DECODED {
                return Err(self.error(RleProblem::TooLong, start));
            }
            for _ in 0..n {
                out.push_str(&unit);
            }
        }
        Ok(out)
    }

    fn error(&self, problem: RleProblem, at: usize) -> RleError {
        RleError {
            problem,
            column: at + 1,
        }
    }
}

/// Encodes rows as one run-length line: each run of two or more equal characters as
/// its count and the character, the rows joined by `|`.
pub fn encode<'a>(rows: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            let mut n = 1;
            while chars.peek() == Some(&c) {
                chars.next();
                n += 1;
            }
            if n > 1 {
                out.push_str(&n.to_string());
            }
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> String {
        decode(line).unwrap().join("\n")
    }

    #[test]
    fn counts_repeat_the_next_character_or_group() {
        assert_eq!(one("4a4b2cd3e"), "aaaabbbbccdeee");
        assert_eq!(one(" 10a3 "), " aaaaaaaaaa   ");
        assert_eq!(one("3(a2b)4b"), "abbabbabbbbbb");
        assert_eq!(one("aa2(bb)cc2(dd2(ee)ff)"), "aabbbbccddeeeeffddeeeeff");
        assert_eq!(one("(ab2(3c)d)efgh"), "abccccccdefgh");
        assert_eq!(one("2a4b2c2d2e|2e2f2d4e2f"), "aabbbbccddee\neeffddeeeeff");
        assert_eq!(one("|||"), "\n\n\n");
        assert_eq!(one("2|"), "\n\n");
    }

    #[test]
    fn encoding_counts_runs_per_row() {
        assert_eq!(encode(["aaaabbbbccdeee"]), "4a4b2cd3e");
        assert_eq!(
            encode(["---#-#-#-#----------", "--#-------#---------"]),
            "3-#-#-#-#10-|2-#7-#9-"
        );
        let rows = ["#####", "#@$.#", "#---#", "#####"];
        assert_eq!(decode(&encode(rows)).unwrap(), rows);
    }

    #[test]
    fn malformed_lines_say_what_and_where() {
        let err = |l: &str| decode(l).unwrap_err();
        assert_eq!(
            err("3(#-"),
            RleError {
                problem: RleProblem::UnclosedGroup,
                column: 2
            }
        );
        assert_eq!(err("#-)").column, 3);
        assert_eq!(err("#-)").problem, RleProblem::UnopenedGroup);
        assert_eq!(err("#12").problem, RleProblem::CountWithoutTarget);
        assert_eq!(err("#12").column, 2);
        assert_eq!(err("2(#3)").problem, RleProblem::CountWithoutTarget);
        assert_eq!(err("99999999999999999999#").problem, RleProblem::TooLong);
        assert_eq!(err("10(10(10(10(10(#)))))").problem, RleProblem::TooLong);
        assert_eq!(one("9(9(9(9(9(#)))))").len(), 59049);
        assert_eq!(err(&"(".repeat(40)).problem, RleProblem::TooDeep);
    }
}
