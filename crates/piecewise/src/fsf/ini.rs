//! ini: the text of a Fairy-Stockfish variants.ini read into sections of `key = value`
//! lines, each with its line number, and a section's keys resolved through its parents
//! (`[child:parent]`, or a `variant = parent` key) into one map. Only the file's shape is
//! checked here; what the keys mean is `convert`'s business.

use super::{FsfError, FsfErrorKind};
use std::collections::BTreeMap;

/// A value and the line (1-based) it was written on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value, trimmed.
    pub value: String,
    /// Its line in the file.
    pub line: usize,
    /// The section it was written in (a parent's, for an inherited key).
    pub section: String,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The parent named in the header or by a `variant` key.
    pub parent: Option<(String, usize)>,
    /// The line of the header.
    pub line: usize,
    /// Keys in file order.
    pub keys: Vec<(String, Entry)>,
}

/// Reads the sections of an ini text.
pub fn sections(text: &str) -> Result<Vec<Section>, FsfError> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if let Some(rest) = l.strip_prefix('[') {
            let Some(head) = rest.strip_suffix(']') else {
                return Err(FsfError::new(
                    FsfErrorKind::Malformed("a section header without `]`".into()),
                    line,
                ));
            };
            let (name, parent) = match head.split_once(':') {
                Some((n, p)) => (n.trim(), Some((p.trim().to_string(), line))),
                None => (head.trim(), None),
            };
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(FsfError::new(
                    FsfErrorKind::Malformed(format!(
                        "`{name}` is not a variant name (letters, digits, - and _)"
                    )),
                    line,
                ));
            }
            if out.iter().any(|s| s.name == name) {
                return Err(FsfError::new(
                    FsfErrorKind::Malformed(format!("section `{name}` is defined twice")),
                    line,
                ));
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                keys: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = l.split_once('=') else {
            return Err(FsfError::new(
                FsfErrorKind::Malformed(format!(
                    "`{l}` is neither a section header nor `key = value`"
                )),
                line,
            ));
        };
        let Some(section) = out.last_mut() else {
            return Err(FsfError::new(
                FsfErrorKind::Malformed("a key before the first section".into()),
                line,
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        if key == "variant" {
            section.parent = Some((value.to_string(), line));
            continue;
        }
        let entry = Entry {
            value: value.to_string(),
            line,
            section: section.name.clone(),
        };
        section.keys.retain(|(k, _)| k != key);
        section.keys.push((key.to_string(), entry));
    }
    Ok(out)
}

/// A section resolved: its keys with its parents' under them (the child's win), the
/// chain of names from the section up (the last is a built-in parent, if any), and a
/// parent that is neither a section nor a built-in parent piecewise knows (its name,
/// the line naming it, and the section that names it).
pub struct Resolved {
    /// The keys.
    pub keys: BTreeMap<String, Entry>,
    /// The chain of names.
    pub chain: Vec<String>,
    /// An unknown parent, if the chain ends in one.
    pub unknown: Option<(String, usize, String)>,
}

/// Resolves a section's inheritance.
pub fn resolve(all: &[Section], name: &str) -> Result<Resolved, FsfError> {
    let mut unknown = None;
    let mut chain: Vec<&Section> = Vec::new();
    let mut builtin = Vec::new();
    let mut current = all.iter().find(|s| s.name == name);
    while let Some(s) = current {
        if chain.iter().any(|c| c.name == s.name) {
            return Err(FsfError::new(
                FsfErrorKind::Malformed(format!("`{}` inherits from itself", s.name)),
                s.line,
            ));
        }
        chain.push(s);
        current = match &s.parent {
            Some((p, line)) => match all.iter().find(|x| &x.name == p) {
                Some(x) => Some(x),
                None if super::pieces::builtin_parent(p).is_some() => {
                    builtin.push(p.clone());
                    None
                }
                None => {
                    unknown = Some((p.clone(), *line, s.name.clone()));
                    None
                }
            },
            None => None,
        };
    }
    let mut map: BTreeMap<String, Entry> = BTreeMap::new();
    for s in chain.iter().rev() {
        for (k, e) in &s.keys {
            let e = match map.get(k) {
                Some(parent) if k == "promotedPieceType" => Entry {
                    value: merge_pairs(&parent.value, &e.value),
                    ..e.clone()
                },
                _ => e.clone(),
            };
            map.insert(k.clone(), e);
        }
    }
    let mut names: Vec<String> = chain.iter().map(|s| s.name.clone()).collect();
    names.extend(builtin);
    Ok(Resolved {
        keys: map,
        chain: names,
        unknown,
    })
}

/// `promotedPieceType` of a child over its parent's: Fairy-Stockfish sets the pieces
/// the child names and keeps the parent's others (`x:y` pairs, the child's win).
pub fn merge_pairs(parent: &str, child: &str) -> String {
    let named: Vec<char> = child
        .split_whitespace()
        .filter_map(|p| p.chars().next())
        .collect();
    let mut out: Vec<&str> = parent
        .split_whitespace()
        .filter(|p| p.chars().next().is_some_and(|c| !named.contains(&c)))
        .collect();
    out.extend(child.split_whitespace());
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_inheritance() {
        let text =
            "# c\n[a:chess]\nmaxRank = 10\n[b:a]\nmaxRank = 9\nmaxFile = 9\n[c]\nvariant = b\n";
        let s = sections(text).unwrap();
        assert_eq!(s.len(), 3);
        let r = resolve(&s, "c").unwrap();
        assert_eq!(r.keys["maxRank"].value, "9");
        assert_eq!(r.keys["maxRank"].line, 5);
        assert_eq!(r.chain, ["c", "b", "a", "chess"]);
    }

    #[test]
    fn malformed_files_name_the_line() {
        assert_eq!(sections("[a\n").unwrap_err().line(), 1);
        assert_eq!(sections("[a]\nfoo\n").unwrap_err().line(), 2);
        assert_eq!(sections("x = 1\n").unwrap_err().line(), 1);
        let s = sections("[a:b]\n[b:a]\n").unwrap();
        assert!(resolve(&s, "a").is_err());
        let s = sections("[a:nosuch]\n").unwrap();
        assert_eq!(
            resolve(&s, "a").unwrap().unknown,
            Some(("nosuch".into(), 1, "a".into()))
        );
    }
}
