//! The counts of the book's move scenes per variant (reproduced as drawn, as diagrams,
//! with a listed correction, failing) and the places that say them: the table of
//! `docs/croatian.md` between its `scenes:` markers, the README's Croatian line and
//! each Croatian rules file's header.

use super::*;

/// A variant's counts of move scenes: reproduced as drawn, as diagrams, with a listed
/// correction.
#[derive(Default)]
pub(super) struct Counts {
    pub(super) scenes: usize,
    pub(super) drawn: usize,
    pub(super) diagrams: usize,
    pub(super) corrected: usize,
}

impl Counts {
    fn reproduced(&self) -> usize {
        self.drawn + self.diagrams + self.corrected
    }

    /// The counts as the README and the rules files' headers say them.
    fn said(&self) -> String {
        format!(
            "{} of {} reproduced ({} as drawn, {} as diagrams, {} with a listed correction)",
            self.reproduced(),
            self.scenes,
            self.drawn,
            self.diagrams,
            self.corrected
        )
    }
}

/// Checks that `docs/croatian.md`, the README and the rules files' headers say `counts`.
pub(super) fn check_counts(counts: &BTreeMap<String, Counts>) {
    // The table of docs/croatian.md.
    let mut table = String::from(
        "| Variant | Move scenes | Reproduced | As drawn | As diagrams | With a correction | Failing |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut all = Counts::default();
    for (v, c) in counts {
        table.push_str(&format!(
            "| {v} | {} | {} | {} | {} | {} | {} |\n",
            c.scenes,
            c.reproduced(),
            c.drawn,
            c.diagrams,
            c.corrected,
            c.scenes - c.reproduced()
        ));
        all.scenes += c.scenes;
        all.drawn += c.drawn;
        all.diagrams += c.diagrams;
        all.corrected += c.corrected;
    }
    table.push_str(&format!(
        "| all | {} | {} | {} | {} | {} | {} |\n",
        all.scenes,
        all.reproduced(),
        all.drawn,
        all.diagrams,
        all.corrected,
        all.scenes - all.reproduced()
    ));
    let doc = common::read("docs/croatian.md");
    let inside = doc
        .split("<!-- scenes: begin -->\n")
        .nth(1)
        .and_then(|t| t.split("<!-- scenes: end -->").next())
        .expect("docs/croatian.md has the scenes markers");
    assert_eq!(inside, table, "docs/croatian.md's scenes table");
    // The README's Croatian line and each file's header say the same counts.
    let readme = common::read("README.md").replace("\n  ", " ");
    let said = all.said().replacen(" of ", " of its ", 1).replacen(
        " reproduced",
        " move scenes reproduced",
        1,
    );
    assert!(readme.contains(&said), "README.md: `{said}`");
    for (v, c) in counts {
        if let Some(name) = rules_of(v).filter(|n| n.starts_with("croatian")) {
            let src = common::rules_source(name).replace("\n# ", " ");
            let said = format!("book's scenes: {}", c.said());
            assert!(src.contains(&said), "rules/{name}.rules: `{said}`");
        }
    }
}
