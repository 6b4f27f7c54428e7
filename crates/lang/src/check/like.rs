//! `like Other, MODIFIERS`: modifiers added to every pattern a `like` brings in (a
//! Chameleon that captures a Knight only by a knight's leap:
//! `like Knight, capture only, captures Knight`).
//!
//! Owns how an added modifier combines with the pattern's own: `move only` and
//! `capture only` take away landings, `captures` narrows the kinds (both filters must
//! admit), `initial` is added, `from`/`to` conditions are appended (all must hold).
//! `swap`, `capture friend` and `convert` are added to each pattern (a piece that
//! converts with every move: `like Queen, convert`), and so are pattern actions
//! (`sets`, `keeps`, `burn`, `explode`, `withdraw`, `pincer`, `coordinate`: a
//! Chameleon's `like Withdrawer, withdraw Withdrawer`), each replacing the pattern's
//! own of the same word. `for first`/`for second` keeps
//! the patterns to that side (a pattern already the other side's then has no move).
//! `push`, `en passant` and `pass` change what a pattern is rather than restrict it,
//! and are refused on a `like` (E0710).

use super::Checker;
use crate::ast::{self, ModifierKind};
use crate::diagnostics::Diagnostic;
use crate::ir::{Conditions, KindFilter, Landing, Pattern};

/// The modifiers a `like` adds, resolved (`None`: none are written).
pub(crate) type Overlay = Option<Box<(Landing, Conditions)>>;

impl Checker {
    /// Resolves the modifiers of a `like`; `None` after an error.
    pub(crate) fn like_modifiers(&mut self, mods: &[ast::Modifier]) -> Option<Overlay> {
        if mods.is_empty() {
            return Some(None);
        }
        let mut ok = true;
        for m in mods {
            let word = match m.kind {
                ModifierKind::Push(_) => "push",
                ModifierKind::EnPassant => "en passant",
                ModifierKind::Pass => "pass",
                ModifierKind::Chain => "chain",
                _ => continue,
            };
            ok = false;
            self.error(
                Diagnostic::error(
                    "E0710",
                    format!("`{word}` cannot be added to a `like`"),
                    m.span,
                )
                .label("this changes what a move is, not which moves are allowed")
                .help(format!("write the pattern itself with `{word}` instead")),
            );
        }
        let (land, cond, resolved) = self.modifiers(mods);
        (ok && resolved).then(|| Some(Box::new((land, cond))))
    }
}

/// Adds the resolved modifiers of a `like` (`land`, `cond`) to an inlined pattern.
pub(crate) fn add_modifiers(p: &mut Pattern, land: &Landing, cond: &Conditions) {
    p.land.empty &= land.empty;
    p.land.foe &= land.foe;
    p.land.kinds = both(&p.land.kinds, &land.kinds);
    // `swap`, `capture friend`, `convert`, `activate` added to every pattern brought in.
    if let Some(add) = &land.meets {
        let meets = p.land.meets.get_or_insert_with(Box::default);
        if add.swap.is_some() {
            meets.swap.clone_from(&add.swap);
        }
        if add.capture_friend.is_some() {
            meets.capture_friend.clone_from(&add.capture_friend);
        }
        if add.convert.is_some() {
            meets.convert.clone_from(&add.convert);
        }
        if add.activate.is_some() {
            meets.activate.clone_from(&add.activate);
        }
    }
    // Pattern actions (`sets`, `keeps`, `burn`, `explode`, `withdraw`, `pincer`,
    // `coordinate`) added to every pattern brought in; one the pattern has is replaced.
    if let Some(add) = cond.actions.as_deref() {
        let a = p.conditions.actions.get_or_insert_with(Box::default);
        a.sets |= add.sets;
        a.keeps |= add.keeps;
        if add.burn.is_some() {
            a.burn.clone_from(&add.burn);
        }
        if add.explode.is_some() {
            a.explode.clone_from(&add.explode);
        }
        if add.withdraw.is_some() {
            a.withdraw.clone_from(&add.withdraw);
        }
        if add.pincer.is_some() {
            a.pincer.clone_from(&add.pincer);
        }
        if add.coordinate.is_some() {
            a.coordinate.clone_from(&add.coordinate);
        }
    }
    p.conditions.initial |= cond.initial;
    // `for first` on a pattern that is the second side's: no piece moves so.
    match (p.conditions.side, cond.side) {
        (Some(a), Some(b)) if a != b => {
            (p.land.empty, p.land.foe) = (false, false);
            p.land.push = None;
            p.land.meets = None;
        }
        (None, Some(b)) => p.conditions.side = Some(b),
        _ => {}
    }
    for c in &cond.from {
        if !p.conditions.from.contains(c) {
            p.conditions.from.push(*c);
        }
    }
    for c in &cond.to {
        if !p.conditions.to.contains(c) {
            p.conditions.to.push(*c);
        }
    }
}

/// The kinds both filters admit.
fn both(a: &KindFilter, b: &KindFilter) -> KindFilter {
    match (a, b) {
        (KindFilter::Any, x) | (x, KindFilter::Any) => x.clone(),
        (KindFilter::Only(x), KindFilter::Only(y)) => {
            KindFilter::Only(x.iter().filter(|k| y.contains(k)).copied().collect())
        }
        (KindFilter::Only(x), KindFilter::Except(y))
        | (KindFilter::Except(y), KindFilter::Only(x)) => {
            KindFilter::Only(x.iter().filter(|k| !y.contains(k)).copied().collect())
        }
        (KindFilter::Except(x), KindFilter::Except(y)) => {
            let mut v: Vec<_> = x.iter().chain(y).copied().collect();
            v.sort();
            v.dedup();
            KindFilter::Except(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::PieceId;

    #[test]
    fn filters_combine_to_what_both_admit() {
        let only = |v: &[u8]| KindFilter::Only(v.iter().map(|&k| PieceId(k)).collect());
        let except = |v: &[u8]| KindFilter::Except(v.iter().map(|&k| PieceId(k)).collect());
        assert_eq!(both(&KindFilter::Any, &only(&[1])), only(&[1]));
        assert_eq!(both(&only(&[1, 2]), &only(&[2, 3])), only(&[2]));
        assert_eq!(both(&only(&[1, 2]), &except(&[2])), only(&[1]));
        assert_eq!(both(&except(&[3]), &only(&[1, 3])), only(&[1]));
        assert_eq!(both(&except(&[3]), &except(&[1])), except(&[1, 3]));
    }
}
