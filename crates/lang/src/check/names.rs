//! Name helpers for the checker: "did you mean" suggestions by edit distance.
//!
//! Owns no state; the name tables themselves live in [`super::Checker`].

/// The edit distance between two strings (Levenshtein, on chars).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate closest to `name`, if it is close enough to be a likely typo.
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| !c.is_empty() && *c != name)
        .map(|c| {
            let d = if c.to_lowercase() == lower {
                0
            } else {
                distance(&lower, &c.to_lowercase())
            };
            (d, c)
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("diagonals", "diagonal"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggestions() {
        let words = ["orthogonal", "diagonal", "any"];
        assert_eq!(suggest("diagonals", words), Some("diagonal"));
        assert_eq!(suggest("orthagonal", words), Some("orthogonal"));
        assert_eq!(suggest("xyz", words), None);
        assert_eq!(suggest("knight", ["Knight", "King"]), Some("Knight"));
    }
}
