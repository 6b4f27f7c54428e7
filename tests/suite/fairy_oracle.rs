//! Differential test against an independent reference: `tests/oracle/fairy_oracle.py`
//! (plain Python, written from the piece definitions, not from the rules file) generated
//! `tests/data/fairy_moves.txt`; every case's move list from `rules/fairy.rules` must be
//! exactly the oracle's.

use crate::common;

use piecewise::Rules;
use std::collections::BTreeSet;

fn moves(rules: &Rules, fen: &str, from: &str) -> BTreeSet<String> {
    common::move_texts(rules, fen, from).into_iter().collect()
}

#[test]
fn fairy_moves_match_the_independent_oracle() {
    let rules = common::fairy();
    let data = common::read("tests/data/fairy_moves.txt");
    let mut cases = 0;
    let mut failures = Vec::new();
    for row in common::data_rows(&data) {
        let (n, line, fields) = (row.index, row.line, row.fields);
        assert_eq!(fields.len(), 3, "line {}: {line}", n + 1);
        let (fen, from) = (fields[0], fields[1]);
        let want: BTreeSet<String> = fields[2].split_whitespace().map(String::from).collect();
        let got = moves(&rules, fen, from);
        cases += 1;
        if got != want {
            let missing: Vec<_> = want.difference(&got).collect();
            let extra: Vec<_> = got.difference(&want).collect();
            failures.push(format!(
                "line {}: {fen} from {from}: missing {missing:?}, extra {extra:?}",
                n + 1
            ));
        }
    }
    assert!(cases > 1500, "only {cases} cases read");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases differ:\n{}",
        failures.len(),
        failures[..failures.len().min(15)].join("\n")
    );
}
