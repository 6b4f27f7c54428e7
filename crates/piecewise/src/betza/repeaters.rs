//! repeaters: finds XBetza's circular (`q`) and crooked (`z`) riders among a piece's
//! patterns for `export`. Their `.rules` form is several patterns with `repeat`
//! (`rules/repeaters.rules`'s Rose and crooked bishop), which no single pattern says;
//! so for each plain leap of the piece, the candidate notations `q...` and `z...` are
//! imported again and checked, and when every pattern of a candidate is among the
//! piece's, those patterns are written as that one component.

use crate::ids::Span;
use crate::ir::Pattern;

/// A pattern without its spans, to compare where it was written from out of the way.
fn plain(p: &Pattern) -> Pattern {
    let mut p = p.clone();
    p.span = Span::default();
    for l in &mut p.legs {
        l.span = Span::default();
    }
    if let Some(r) = &mut p.repeat {
        r.span = Span::default();
    }
    p
}

/// The checked patterns of a notation, spans removed (`None` if it does not import).
fn patterns_of(notation: &str) -> Option<Vec<Pattern>> {
    let t = super::translate(notation).ok()?;
    if t.en_passant {
        return None;
    }
    let body: String = t.patterns.iter().map(|l| format!("    {l}\n")).collect();
    let source = format!("board square 8x8\npiece P (P) {{\n{body}}}\n");
    let (rules, diags) = crate::pipeline::check(&source, None);
    let rules = rules.filter(|_| diags.error_count() == 0)?;
    Some(rules.pieces.first()?.patterns.iter().map(plain).collect())
}

/// The rider form of a component's atom (`N` → `NN`, `W` → `R`).
fn rider(component: &str) -> Option<String> {
    let atom = component.chars().last()?;
    let head = &component[..component.len() - atom.len_utf8()];
    let rider = match atom {
        'W' => "R".to_string(),
        'F' => "B".to_string(),
        'K' | 'Q' | 'R' | 'B' => return None,
        c => format!("{c}{c}"),
    };
    Some(format!("{head}{rider}"))
}

/// For each pattern, the `q` or `z` component it starts (and the patterns that
/// component takes up are marked in `taken`). `single` is the component a plain leap
/// pattern exports to on its own.
pub(super) fn find(
    patterns: &[Pattern],
    single: &dyn Fn(&Pattern) -> Option<String>,
) -> (Vec<Option<String>>, Vec<bool>) {
    let mut found = vec![None; patterns.len()];
    let mut taken = vec![false; patterns.len()];
    let mine: Vec<Pattern> = patterns.iter().map(plain).collect();
    for (i, p) in patterns.iter().enumerate() {
        if taken[i] || p.legs.len() != 1 || p.repeat.is_some() {
            continue;
        }
        if !p.conditions.from.is_empty() || !p.conditions.to.is_empty() {
            continue;
        }
        let Some(s) = single(p) else { continue };
        let mut candidates = vec![format!("q{s}")];
        candidates.extend((2..=6).map(|n| format!("q{s}{n}")));
        if let Some(r) = rider(&s) {
            candidates.push(format!("z{r}"));
        }
        for cand in candidates {
            let Some(theirs) = patterns_of(&cand) else {
                continue;
            };
            let mut used = taken.clone();
            let all =
                theirs.iter().all(
                    |t| match (0..mine.len()).find(|&k| !used[k] && &mine[k] == t) {
                        Some(k) => {
                            used[k] = true;
                            true
                        }
                        None => false,
                    },
                );
            if all && theirs.len() > 1 {
                taken = used;
                found[i] = Some(cand);
                break;
            }
        }
    }
    (found, taken)
}
