//! The `repeat` check: bytes → a `repeat` group (its range, legs, the legs around it)
//! on a board of some size ([`source`]), compiled under the default limits. Every input
//! must be answered, compiled or refused with diagnostics, without a panic, and (as
//! `tests/repeat_bombs.rs` asserts for the worst ones) in bounded time and memory: the
//! group's cost is counted before it is built. Shared by the fuzz target and
//! `tests/suite/fuzz_regressions.rs`.

/// The rules text the bytes stand for: byte 0 picks the board kind, bytes 1-2 its size,
/// byte 3 the group's range and bytes 4-5 its counts, byte 6 how many legs the group
/// has and whether a leg comes before or after it, then two bytes per leg (its move and
/// directions; its range and `via`), and a last byte for what the pattern may do.
pub fn source(data: &[u8]) -> String {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let board = match byte(0) % 4 {
        0 | 1 => format!("square {}x{}", 1 + byte(1) % 26, 1 + byte(2) % 26),
        2 => format!("hex radius {}", 1 + byte(1) % 12),
        _ => format!("octo {}x{}", 1 + byte(1) % 26, 1 + byte(2) % 26),
    };
    let n = 1 + u16::from(byte(4)) % 255;
    let m = n + u16::from(byte(5)) % (256 - n);
    let range = match byte(3) % 5 {
        0 => String::new(),
        1 => format!("{n} "),
        2 => format!("up to {n} "),
        3 => format!("{n}..{m} "),
        _ => format!("{n}.. "),
    };
    let group_legs = 1 + usize::from(byte(6) % 4);
    let before = byte(6) & 0x10 != 0;
    let after = byte(6) & 0x20 != 0;
    let mut at = 7;
    let mut leg = |first: bool| {
        let (a, b) = (byte(at), byte(at + 1));
        at += 2;
        leg_text(a, b, first)
    };
    let mut pattern = String::new();
    if before {
        pattern.push_str(&leg(true));
        pattern.push_str(" then ");
    }
    let group: Vec<String> = (0..group_legs).map(|k| leg(!before && k == 0)).collect();
    pattern.push_str(&format!("repeat {range}{{ {} }}", group.join(" then ")));
    if after {
        pattern.push_str(" then ");
        pattern.push_str(&leg(false));
    }
    let modifier = match byte(at) % 5 {
        0 => "",
        1 => ", move only",
        2 => ", capture only",
        3 => ", pass",
        _ => ", captures not King",
    };
    format!("board {board}\npiece King (K) {{ step any }}\npiece Z (Z) {{ {pattern}{modifier} }}\n")
}

/// One leg from two bytes: its move (step, leap, ride) and directions, then its range
/// and `via`. The first leg of a pattern takes no `same` or turn (it has no heading).
fn leg_text(a: u8, b: u8, first: bool) -> String {
    const DIRS: [&str; 8] = [
        "any",
        "orthogonal",
        "diagonal",
        "forward",
        "same",
        "turn 45",
        "turn ±90",
        "(1,2)",
    ];
    const LEAPS: [&str; 5] = ["(1,2)", "(2,3)", "(1,3)", "(2,2)", "same"];
    const VIA: [&str; 5] = [
        "",
        " via piece",
        " via foe captured",
        " via empty or piece",
        " via piece not King",
    ];
    let pick = |i: u8, n: usize| {
        let k = usize::from(i) % n;
        // `same` and turns need a heading: none on a pattern's first leg.
        if first && k >= 4 && n == DIRS.len() {
            k - 4
        } else if first && n == LEAPS.len() && k == 4 {
            0
        } else {
            k
        }
    };
    let via = VIA[usize::from(b >> 4) % VIA.len()];
    match a % 3 {
        0 => format!("step {}{via}", DIRS[pick(a / 3, DIRS.len())]),
        1 => format!("leap {}{via}", LEAPS[pick(a / 3, LEAPS.len())]),
        _ => {
            let range = match b % 4 {
                0 => String::new(),
                k => format!(" up to {}", 1 + (b / 4) % 30 * k),
            };
            format!("ride {}{range}{via}", DIRS[pick(a / 3, DIRS.len())])
        }
    }
}

/// Runs one input. `Err` carries the rendered diagnostics of rules that do not compile.
pub fn run(data: &[u8]) -> Result<(), String> {
    let src = source(data);
    match piecewise::compile(&src) {
        Ok(rules) => {
            let _ = rules.table().table().nodes.len();
            Ok(())
        }
        Err(d) => {
            let text = d.render("repeat.rules", &src, false);
            if text.trim().is_empty() {
                panic!("refused without a diagnostic: {src}");
            }
            Err(text)
        }
    }
}
