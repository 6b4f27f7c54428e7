//! activation: the game side of `activate` — `relay` declarations resolved into
//! [`ir::Relay`], and what the checker can tell about cascades before any position
//! exists.
//!
//! Owns E0933 (a piece declared `relay` twice), W0006 (a `relay` piece no pattern
//! activates) and W0906 (activations that may cascade past the `cascade-plies` limit:
//! a piece whose ply can activate, directly or through others, a piece moving with the
//! same patterns again, or a chain of more plies than the limit). The `activate`
//! modifier itself is resolved with the other meets (`check::meets`); how a cascade is
//! played is the game layer's (`game::activation`).

use super::Checker;
use crate::ast;
use crate::diagnostics::{plural, Diagnostic};
use crate::ids::{PieceId, Span};
use crate::ir::{self, Effects, Piece};

impl Checker {
    /// Adds a `relay` declaration to `fx`.
    pub(crate) fn relay_decl(&mut self, d: &ast::RelayDecl, fx: &mut Effects) {
        let move_only = self
            .at_most_one(&d.move_only, |s| *s, "move only")
            .is_some();
        let momentum = self.at_most_one(&d.momentum, |s| *s, "momentum").is_some();
        let onward = match self.at_most_one(&d.onward, |o| o.0, "onward") {
            Some((_, Some(k))) => match self.kinds(k) {
                Some(f) => Some(f),
                None => return,
            },
            Some((_, None)) => Some(ir::KindFilter::Any),
            None => None,
        };
        let activates = match self.at_most_one(&d.activate, |k| k.span, "activate") {
            Some(k) => self.kinds(k),
            None => Some(ir::KindFilter::Any),
        };
        let activates_foe = match self.at_most_one(&d.activate_foe, |k| k.span, "activate foe") {
            Some(k) => match self.kinds(k) {
                Some(f) => Some(f),
                None => return,
            },
            None => None,
        };
        let alternating = match self.at_most_one(&d.alternating, |k| k.span, "alternating") {
            Some(k) => match self.kinds(k) {
                Some(f) => Some(f),
                None => return,
            },
            None => None,
        };
        if let (Some(k), None) = (d.alternating.first(), d.onward.first()) {
            self.error(
                Diagnostic::error(
                    "E0942",
                    "`alternating` in a `relay` that is not `onward`",
                    k.span,
                )
                .label("only an onward relay alternates two steps")
                .help("add `, onward` (the relay goes on in its activator's first step to the edge), or leave `alternating` out"),
            );
            return;
        }
        let diverge = match self.at_most_one(&d.diverge, |(k, _)| k.span, "diverge at") {
            Some((k, any_side)) => match self.kinds(k) {
                Some(f) => Some((f, *any_side)),
                None => return,
            },
            None => None,
        };
        if let (Some((k, _)), None) = (d.diverge.first(), d.onward.first()) {
            self.error(
                Diagnostic::error(
                    "E1002",
                    "`diverge at` in a `relay` that is not `onward`",
                    k.span,
                )
                .label("only an onward relay's lines turn at a divergent piece")
                .help("add `, onward` (the relay goes on in its activator's first step to the edge), or leave `diverge at` out; a piece's own patterns diverge with `via friend KIND then ... up to momentum`"),
            );
            return;
        }
        if let (Some(k), None) = (d.activate_foe.first(), d.onward.first()) {
            self.error(
                Diagnostic::error(
                    "E0988",
                    "`activate foe` in a `relay` that is not `onward`",
                    k.span,
                )
                .label("only an onward relay activates the other side's pieces")
                .help("add `, onward` (the relay goes on in its activator's first step to the edge), or leave `activate foe` out"),
            );
            return;
        }
        let (Some(pieces), Some(activates)) = (self.piece_ids(&d.pieces), activates) else {
            return;
        };
        for (&p, name) in pieces.iter().zip(&d.pieces) {
            if let Some(first) = fx.relays.iter().find(|r| r.pieces.contains(&p)) {
                self.error(
                    Diagnostic::error(
                        "E0933",
                        format!("`{}` is declared `relay` twice", name.name),
                        name.span,
                    )
                    .label("declared again here")
                    .secondary(first.span, "first declared here")
                    .help("a piece is a relay once; give `move only` in one declaration"),
                );
                return;
            }
        }
        fx.relays.push(ir::Relay {
            pieces,
            move_only,
            momentum,
            onward,
            alternating,
            diverge,
            activates,
            activates_foe,
            span: d.span,
        });
    }

    /// W0006 and W0906, once the pieces and the game declarations are known.
    pub(crate) fn activation_warnings(&mut self, pieces: &[Piece], fx: &Effects) {
        let n = pieces.len();
        let relay = |k: usize| {
            fx.relays
                .iter()
                .any(|r| r.pieces.contains(&PieceId(k as u8)))
        };
        // The patterns that may activate kind `k`, and the first of them by position.
        let activates = |p: &ir::Pattern, k: usize| {
            p.land
                .meets
                .as_ref()
                .and_then(|m| m.activate.as_ref())
                .is_some_and(|a| a.kinds.admits(PieceId(k as u8)))
        };
        for r in &fx.relays {
            for &k in &r.pieces {
                let used = pieces
                    .iter()
                    .any(|p| p.patterns.iter().any(|pat| activates(pat, k.index())));
                if !used {
                    self.diags.push(
                        Diagnostic::warning(
                            "W0006",
                            format!("`{}` is a relay but no pattern activates it", pieces[k.index()].name),
                            r.span,
                        )
                        .label("it never moves as a relay")
                        .help("add `activate` to the patterns that hand the move on to it, e.g. `ride diagonal, activate Wave`"),
                    );
                }
            }
        }
        // Walking kinds: a ply walked with the patterns of `p` that activates `k` is
        // followed by a ply walked with the patterns of `k`, or of `p` when `k` relays.
        let mut next: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
        for (p, piece) in pieces.iter().enumerate() {
            for pat in &piece.patterns {
                for k in 0..n {
                    if activates(pat, k) {
                        let to = if relay(k) { p } else { k };
                        if !next[p].iter().any(|&(t, _)| t == to) {
                            next[p].push((to, pat.span));
                        }
                    }
                }
            }
        }
        let limit = self
            .limits
            .cascade_plies
            .min(crate::limits::Limits::MAX_CASCADE_PLIES);
        // The most plies a move starting with each walking kind can have (None: no end).
        let mut memo: Vec<Option<Option<usize>>> = vec![None; n];
        let mut on_stack = vec![false; n];
        for p in 0..n {
            let plies = longest(p, &next, &mut memo, &mut on_stack);
            if plies.is_some_and(|m| m <= limit) {
                continue;
            }
            let Some(&(_, first)) = next[p].first() else {
                continue;
            };
            let help = format!(
                "longer cascades are not generated; `--limit cascade-plies=N` sets the limit (at most {})",
                crate::limits::Limits::MAX_CASCADE_PLIES
            );
            let name = |k: usize| format!("`{}`", pieces[k].name);
            let diag = match plies {
                // Point at the activation that closes the round, and name the round.
                None => {
                    let round = cycle_from(p, &next).unwrap_or_else(|| vec![(p, first)]);
                    let (closer, span) = round[round.len() - 1];
                    let mut kinds: Vec<String> = round.iter().map(|&(k, _)| name(k)).collect();
                    kinds.push(name(round[0].0));
                    let d = Diagnostic::warning(
                        "W0906",
                        format!(
                            "activations go round ({}): moves may cascade without end; a move has at most {}",
                            kinds.join(" → "),
                            plural(limit, "ply")
                        ),
                        span,
                    )
                    .label(format!("{} hands the move back here", name(closer)));
                    if round[0].0 == p {
                        d
                    } else {
                        d.secondary(first, format!("moves of {} reach the round", name(p)))
                    }
                }
                Some(m) => Diagnostic::warning(
                    "W0906",
                    format!(
                        "moves of {} may cascade to {m} plies; a move has at most {}",
                        name(p),
                        plural(limit, "ply")
                    ),
                    first,
                )
                .label("this activation may start the cascade"),
            };
            self.diags.push(diag.help(help));
            // One warning for the file is enough to say the limit applies.
            break;
        }
    }
}

/// A round of activations reached from walking kind `p`: the kinds in it in order,
/// each with the span of the activation that hands the move to the next (the last
/// one's back to the first), or `None` when no round is reached.
fn cycle_from(p: usize, next: &[Vec<(usize, Span)>]) -> Option<Vec<(usize, Span)>> {
    fn walk(
        k: usize,
        next: &[Vec<(usize, Span)>],
        path: &mut Vec<(usize, Span)>,
        done: &mut [bool],
    ) -> Option<Vec<(usize, Span)>> {
        if let Some(at) = path.iter().position(|&(q, _)| q == k) {
            return Some(path[at..].to_vec());
        }
        if done[k] {
            return None;
        }
        for &(to, span) in &next[k] {
            path.push((k, span));
            if let Some(round) = walk(to, next, path, done) {
                return Some(round);
            }
            path.pop();
        }
        done[k] = true;
        None
    }
    walk(p, next, &mut Vec::new(), &mut vec![false; next.len()])
}

/// The most plies of a move whose first ply walks with the patterns of `p`: `None`
/// when a cascade can go round.
fn longest(
    p: usize,
    next: &[Vec<(usize, Span)>],
    memo: &mut [Option<Option<usize>>],
    on_stack: &mut [bool],
) -> Option<usize> {
    if let Some(m) = memo[p] {
        return m;
    }
    if on_stack[p] {
        return None;
    }
    on_stack[p] = true;
    let mut most = Some(1);
    for &(k, _) in &next[p] {
        most = match (most, longest(k, next, memo, on_stack)) {
            (Some(a), Some(b)) => Some(a.max(b + 1)),
            _ => None,
        };
    }
    on_stack[p] = false;
    memo[p] = Some(most);
    most
}
