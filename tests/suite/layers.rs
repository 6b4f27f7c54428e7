//! The architecture, checked: the workspace's crates depend only downward, the game
//! layer builds without the server's, the command line's or an async runtime's crates,
//! and the game crate's top modules import each other without a circle.
//!
//! The crate order is Cargo's to keep (a dependency that points up makes a cycle and
//! does not build) once every crate has its rank here; a new crate must be given one.
//! The module order inside the game crate is read from the source: every `use` path and
//! every inline `crate::`/`super::`/`self::` path outside comments and test code,
//! with the crate root's re-exports followed to the module that defines the item.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's crates, bottom layer first: a crate may depend only on crates of a
/// lower rank.
const RANKS: [(&str, u32); 11] = [
    ("piecewise-features", 0),
    ("piecewise-lang", 1),
    ("piecewise-table", 2),
    ("piecewise-game", 3),
    ("piecewise", 4),
    ("piecewise-lsp", 5),
    ("piecewise-capi", 5),
    ("piecewise-python", 5),
    ("piecewise-serve", 6),
    ("piecewise-cli", 7),
    ("piecewise-benches", 8),
];

/// Crates an engine that embeds the game layer must not get.
const HEAVY: [&str; 7] = [
    "tokio",
    "axum",
    "hyper",
    "clap",
    "indicatif",
    "pyo3",
    "tower",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn metadata(no_deps: bool) -> serde_json::Value {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(root())
        .args(["metadata", "--format-version", "1"]);
    if no_deps {
        cmd.arg("--no-deps");
    }
    let out = cmd.output().expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

#[test]
fn every_dependency_between_the_crates_points_down() {
    let ranks: BTreeMap<&str, u32> = RANKS.into_iter().collect();
    let meta = metadata(true);
    let mut seen = BTreeSet::new();
    let mut wrong = Vec::new();
    for package in meta["packages"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("name");
        let Some(&rank) = ranks.get(name) else {
            panic!("the workspace crate {name} has no rank in tests/suite/layers.rs: give it one");
        };
        seen.insert(name.to_string());
        for dep in package["dependencies"].as_array().expect("dependencies") {
            let dep_name = dep["name"].as_str().expect("name");
            if let Some(&dep_rank) = ranks.get(dep_name) {
                if dep_rank >= rank {
                    let kind = dep["kind"].as_str().unwrap_or("normal");
                    wrong.push(format!(
                        "{name} (layer {rank}) depends on {dep_name} (layer {dep_rank}, {kind})"
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "edges that point up:\n{}",
        wrong.join("\n")
    );
    let missing: Vec<_> = ranks.keys().filter(|n| !seen.contains(**n)).collect();
    assert!(
        missing.is_empty(),
        "ranked but not in the workspace: {missing:?}"
    );
}

/// The crates a package builds with (normal dependencies, transitively).
fn build_closure(meta: &serde_json::Value, package: &str) -> BTreeSet<String> {
    let packages = meta["packages"].as_array().expect("packages");
    let name_of = |id: &str| -> String {
        packages
            .iter()
            .find(|p| p["id"] == id)
            .and_then(|p| p["name"].as_str())
            .unwrap_or(id)
            .to_string()
    };
    let nodes = meta["resolve"]["nodes"].as_array().expect("resolve");
    let start = packages
        .iter()
        .find(|p| p["name"] == package)
        .expect("the package")["id"]
        .as_str()
        .expect("id")
        .to_string();
    let mut todo = vec![start];
    let mut seen = BTreeSet::new();
    while let Some(id) = todo.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        let node = nodes.iter().find(|n| n["id"] == id.as_str()).expect("node");
        for dep in node["deps"].as_array().expect("deps") {
            let normal = dep["dep_kinds"]
                .as_array()
                .expect("dep_kinds")
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            if normal {
                todo.push(dep["pkg"].as_str().expect("pkg").to_string());
            }
        }
    }
    seen.iter().map(|id| name_of(id)).collect()
}

#[test]
fn an_engine_embedding_the_library_builds_no_server_or_command_line() {
    let meta = metadata(false);
    for package in [
        "piecewise-lang",
        "piecewise-table",
        "piecewise-game",
        "piecewise",
        "piecewise-lsp",
    ] {
        let closure = build_closure(&meta, package);
        let heavy: Vec<_> = HEAVY.iter().filter(|h| closure.contains(**h)).collect();
        assert!(heavy.is_empty(), "{package} builds with {heavy:?}");
    }
    // The check can fail: the playground does build with them, and the command line
    // with clap — but, by default (`cargo run`), not with the playground's server.
    let serve = build_closure(&meta, "piecewise-serve");
    assert!(serve.contains("tokio"), "{serve:?}");
    let cli = build_closure(&meta, "piecewise-cli");
    assert!(cli.contains("clap") && !cli.contains("tokio"), "{cli:?}");
}

/// A file's code without comments (line and block), strings and character literals
/// kept as they are, and without everything from the first `#[cfg(test)]` on (test
/// modules sit at the end of their files).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '/' if chars.peek() == Some(&'/') => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every path a file names from the crate: the expanded trees of its `use`
/// declarations and its inline `crate::`, `super::` and `self::` paths, as segments.
fn paths_of(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(i) = find_word(rest, "use") {
        let after = &rest[i + 3..];
        let end = after.find(';').unwrap_or(after.len());
        expand_tree(after[..end].trim(), &[], &mut paths);
        rest = &after[end..];
    }
    for start in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(i) = find_word(rest, start.trim_end_matches("::")) {
            let after = &rest[i..];
            if after.starts_with(start) {
                let path: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                paths.push(
                    path.split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect(),
                );
            }
            rest = &rest[i + 1..];
        }
    }
    paths
}

/// The offset of `word` in `text` as a whole word.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(ident) && !after.is_some_and(ident) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Expands a use tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_tree(tree: &str, base: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let prefix = tree[..open].trim_end_matches("::");
        let mut base = base.to_vec();
        base.extend(
            prefix
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut part = String::new();
        for c in inner.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if c == ',' && depth == 0 {
                expand_tree(&part, &base, out);
                part.clear();
            } else {
                part.push(c);
            }
        }
        expand_tree(&part, &base, out);
    } else if !tree.is_empty() {
        let tree = tree.split(" as ").next().unwrap_or(tree);
        let mut path = base.to_vec();
        path.extend(
            tree.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        out.push(path);
    }
}

/// The `.rs` files under `dir` with their module paths (`a/b.rs`, `a/b/mod.rs` → `a::b`).
fn modules(dir: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("a source directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(dir)
                    .expect("under dir")
                    .with_extension("");
                let mut segments: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
                    segments.pop();
                }
                out.push((path, segments));
            }
        }
    }
    out.sort();
    out
}

/// The top-module edges of the crate in `dir`: (from, to) → the files that make it.
fn module_edges(dir: &Path) -> BTreeMap<(String, String), BTreeSet<String>> {
    let files = modules(dir);
    let tops: BTreeSet<String> = files
        .iter()
        .filter_map(|(_, m)| m.first().cloned())
        .collect();
    // What the crate root re-exports, by name, and from which top module.
    let lib = code_of(&std::fs::read_to_string(dir.join("lib.rs")).expect("lib.rs"));
    let mut reexports: BTreeMap<String, String> = BTreeMap::new();
    for path in paths_of(&lib) {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let path = match path.first() {
            Some(&"crate" | &"self") => &path[1..],
            _ => &path[..],
        };
        if let (Some(first), Some(last)) = (path.first(), path.last()) {
            if tops.contains(*first) && path.len() > 1 {
                reexports.insert(last.to_string(), first.to_string());
            }
        }
    }
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (file, module) in &files {
        let Some(from) = module.first() else { continue };
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "tests.rs" || module.iter().any(|m| m == "tests") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).expect("a source file"));
        // `super` of a file `a/b.rs` (module a::b) is `a`; of `a/b/mod.rs` also `a`.
        for path in paths_of(&code) {
            let mut target: Vec<String> = match path.first().map(String::as_str) {
                Some("crate") => path[1..].to_vec(),
                Some("super") | Some("self") => {
                    let mut at = module.clone();
                    let mut k = 0;
                    while k < path.len() && (path[k] == "super" || path[k] == "self") {
                        if path[k] == "super" {
                            at.pop();
                        }
                        k += 1;
                    }
                    at.extend(path[k..].iter().cloned());
                    at
                }
                _ => continue,
            };
            if target.is_empty() {
                continue;
            }
            if !tops.contains(&target[0]) {
                match reexports.get(&target[0]) {
                    Some(m) => target[0] = m.clone(),
                    None => continue, // defined in the crate root itself
                }
            }
            if &target[0] != from {
                edges
                    .entry((from.clone(), target[0].clone()))
                    .or_default()
                    .insert(file.strip_prefix(dir).unwrap_or(file).display().to_string());
            }
        }
    }
    edges
}

/// A circle of the graph, if there is one (as the modules along it).
fn find_circle(edges: &BTreeMap<(String, String), BTreeSet<String>>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    // 0 unseen, 1 on the stack, 2 done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    fn visit<'a>(
        m: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        state: &mut BTreeMap<&'a str, u8>,
        stack: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        state.insert(m, 1);
        stack.push(m);
        for &t in next.get(m).into_iter().flatten() {
            match state.get(t).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|&s| s == t).expect("on the stack");
                    let mut circle: Vec<String> =
                        stack[at..].iter().map(|s| s.to_string()).collect();
                    circle.push(t.to_string());
                    return Some(circle);
                }
                0 => {
                    if let Some(c) = visit(t, next, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m, 2);
        None
    }
    let keys: Vec<&str> = next.keys().copied().collect();
    for m in keys {
        if state.get(m).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, &next, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn describe(circle: &[String], edges: &BTreeMap<(String, String), BTreeSet<String>>) -> String {
    circle
        .windows(2)
        .map(|w| {
            let files = &edges[&(w[0].clone(), w[1].clone())];
            format!(
                "{} -> {} (in {})",
                w[0],
                w[1],
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_game_crates_top_modules_import_each_other_without_a_circle() {
    let edges = module_edges(&root().join("crates/game/src"));
    assert!(edges.len() > 20, "the reader found the imports: {edges:?}");
    if let Some(circle) = find_circle(&edges) {
        panic!(
            "a circle among the game crate's modules:\n{}",
            describe(&circle, &edges)
        );
    }
}

#[test]
fn the_circle_finder_finds_circles() {
    let mut edges = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "d")] {
        edges.insert(
            (a.to_string(), b.to_string()),
            BTreeSet::from(["f.rs".to_string()]),
        );
    }
    assert_eq!(find_circle(&edges), None);
    edges.insert(
        ("d".into(), "b".into()),
        BTreeSet::from(["g.rs".to_string()]),
    );
    assert_eq!(
        find_circle(&edges),
        Some(vec!["b".into(), "c".into(), "d".into(), "b".into()])
    );
}

#[test]
fn the_import_reader_expands_use_trees_and_skips_comments() {
    let code = code_of(
        "use super::{a, b::{c, d as e}};\n// use crate::x;\nfn f() { crate::g::h(); }\n\
         /* super::z */\n#[cfg(test)]\nmod tests { use crate::t; }",
    );
    let paths = paths_of(&code);
    let text: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert!(text.contains(&"super::a".to_string()), "{text:?}");
    assert!(text.contains(&"super::b::d".to_string()), "{text:?}");
    assert!(text.contains(&"crate::g::h".to_string()), "{text:?}");
    assert!(
        !text
            .iter()
            .any(|t| t.contains('x') || t.contains('z') || t.ends_with("::t")),
        "{text:?}"
    );
}

/// Each package of a build and the feature sets it is compiled with there, as
/// `cargo tree` resolves them (`ARGS` select the build): "syn v2.0.1" -> {"full,parsing"}.
fn feature_sets(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let out = Command::new(env!("CARGO"))
        .current_dir(root())
        .args(["tree", "--quiet", "--prefix", "none", "--no-dedupe"])
        .args(["--format", "{p}|{f}"])
        .args(args)
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut sets: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        let clean = |s: &str| s.replace(" (*)", "").trim().to_string();
        sets.entry(clean(package))
            .or_default()
            .insert(clean(features));
    }
    sets
}

/// `cargo run` (the command line) and the Python module's build (`maturin develop`,
/// which `./test` runs after `cargo test`) compile every crate they share with `cargo
/// test` with the same features, so `./test` after the README's first command, and
/// the Python module after the tests, reuse what is built (crates/features says how).
/// A dependency update that adds a feature in one build only fails here.
#[test]
fn one_feature_set_for_every_build() {
    let tests = feature_sets(&["--edges", "normal,build,dev"]);
    let builds = [
        (
            "cargo run",
            feature_sets(&["--package", "piecewise-cli", "--edges", "normal,build"]),
        ),
        (
            "the Python module",
            feature_sets(&[
                "--package",
                "piecewise-python",
                "--features",
                "pyo3/extension-module",
                "--edges",
                "normal,build",
            ]),
        ),
    ];
    for (build, sets) in builds {
        for (package, features) in &sets {
            let Some(in_tests) = tests.get(package) else {
                continue;
            };
            let missing: Vec<_> = features.difference(in_tests).collect();
            assert!(
                missing.is_empty(),
                "{build} compiles {package} with features {missing:?}, `cargo test` with \
                 {in_tests:?}: add the union to crates/features/Cargo.toml"
            );
        }
    }
}
