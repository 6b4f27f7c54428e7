//! disasm: the readable listing of a [`MoveProgram`]: its board, zones, kind filters,
//! and each piece's patterns one op per line (`piecewise disasm FILE.rules`).

use super::{meets, Dirs, MoveProgram, Op, ViaBits};
use crate::ids::{PieceId, ZoneId};
use crate::ir::{self, KindFilter};
use std::fmt::Write as _;

/// A readable listing of the program: pieces, their patterns, one op per line.
pub fn disasm(p: &MoveProgram) -> String {
    let mut out = String::new();
    let board = match &p.board.kind {
        ir::BoardKind::Square { width, height } => format!("square {width}x{height}"),
        ir::BoardKind::Hex { radius } => format!("hex radius {radius}"),
        ir::BoardKind::HexRows { width, height } => format!("hex {width}x{height}"),
        ir::BoardKind::Tri { width, height } => format!("tri {width}x{height}"),
        ir::BoardKind::Octo { width, height } => format!("octo {width}x{height}"),
        ir::BoardKind::Graph(g) => format!("graph {:?}", g.source),
    };
    let _ = writeln!(
        out,
        "program {:?}: board {board} ({} holes), {} zones, {} pieces, {} patterns, {} ops",
        p.name.as_deref().unwrap_or(""),
        p.board.holes.len(),
        p.zones.len(),
        p.pieces.len(),
        p.patterns.len(),
        p.ops.len()
    );
    for (i, z) in p.zones.iter().enumerate() {
        let cells: Vec<String> = z
            .cells
            .iter()
            .map(|&c| crate::topology::coord_name(c))
            .collect();
        let _ = writeln!(
            out,
            "zone {i} {}{}: {}",
            z.name,
            if z.absolute { " (absolute)" } else { "" },
            cells.join(" ")
        );
    }
    for (i, f) in p.filters.iter().enumerate().skip(1) {
        let _ = writeln!(out, "filter {i}: {}", filter_text(p, f));
    }
    for (pi, piece) in p.pieces.iter().enumerate() {
        let plus = if piece.plus { "+" } else { "" };
        let prime = crate::ir::prime_mark(piece.prime);
        let _ = writeln!(
            out,
            "piece {pi} {} ({plus}{}{prime})",
            piece.name, piece.letter
        );
        for pat in piece.patterns.clone() {
            let _ = writeln!(out, "  pattern {pat}");
            let ops = p.pattern_ops(pat as usize);
            let base = p.patterns[pat as usize].ops.start;
            for (k, op) in ops.iter().enumerate() {
                let _ = writeln!(out, "    {:04}  {}", base as usize + k, op_text(p, op));
            }
        }
    }
    out
}

fn filter_text(p: &MoveProgram, f: &KindFilter) -> String {
    let names = |ks: &[PieceId]| {
        ks.iter()
            .map(|k| {
                p.pieces
                    .get(k.index())
                    .map_or_else(|| format!("#{}", k.0), |x| x.name.clone())
            })
            .collect::<Vec<_>>()
            .join("|")
    };
    match f {
        KindFilter::Any => "any".into(),
        KindFilter::Only(k) => format!("only {}", names(k)),
        KindFilter::Except(k) => format!("not {}", names(k)),
    }
}

fn op_text(p: &MoveProgram, op: &Op) -> String {
    let zone = |z: ZoneId| {
        p.zones
            .get(z.index())
            .map_or_else(|| format!("#{}", z.0), |z| z.name.clone())
    };
    match *op {
        Op::Initial => "INITIAL".into(),
        Op::Near(code) => format!("NEAR    {code}"),
        Op::Pass => "PASS".into(),
        Op::ForSide(s) => format!("FOR     {}", piecewise_lang::side_word(s)),
        Op::Repeat {
            first,
            len,
            min,
            max,
        } => {
            let times = if max == 0 {
                format!("{min}..")
            } else if min == max {
                format!("{min}")
            } else {
                format!("{min}..{max}")
            };
            format!("REPEAT  legs {}..{} x{times}", first + 1, first + len)
        }
        Op::FromZone { zone: z, inside } => {
            format!("FROM    {}{}", if inside { "" } else { "not " }, zone(z))
        }
        Op::Leg {
            dirs,
            min,
            max,
            momentum,
            via,
            filter,
            conds,
        } => {
            let show = |dirs: Dirs| match dirs {
                Dirs::Absolute { start, len } => p
                    .vectors_of(start, len)
                    .iter()
                    .map(|v| format!("({},{})", v.dx, v.dy))
                    .collect::<Vec<_>>()
                    .join(" "),
                Dirs::Turn { start, len } => format!(
                    "turn {}",
                    p.turns_of(start, len)
                        .iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                Dirs::Alternate => "alternate".to_string(),
            };
            let mut ifs = String::new();
            for c in &p.conds[conds.start as usize..conds.start as usize + conds.len as usize] {
                let mut on = Vec::new();
                for (bit, name) in [
                    (piecewise_lang::ir::StepCond::EMPTY, "empty"),
                    (piecewise_lang::ir::StepCond::FRIEND, "friend"),
                    (piecewise_lang::ir::StepCond::FOE, "foe"),
                    (piecewise_lang::ir::StepCond::OTHER, "other"),
                    (piecewise_lang::ir::StepCond::EDGE, "edge"),
                ] {
                    if c.classes & bit != 0 {
                        on.push(name);
                    }
                }
                let f = if c.filter.0 == 0 {
                    String::new()
                } else {
                    format!(" filter {}", c.filter.0)
                };
                ifs.push_str(&format!(
                    " if[{} at {}: {}{f}]",
                    show(c.dirs),
                    show(c.at),
                    on.join("|")
                ));
            }
            let d = match dirs {
                Dirs::Absolute { start, len } => p
                    .vectors_of(start, len)
                    .iter()
                    .map(|v| format!("({},{})", v.dx, v.dy))
                    .collect::<Vec<_>>()
                    .join(" "),
                Dirs::Turn { start, len } => format!(
                    "turn {}",
                    p.turns_of(start, len)
                        .iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                Dirs::Alternate => "alternate".to_string(),
            };
            let range = if momentum {
                format!("{min}..momentum")
            } else if max == 0 {
                format!("{min}..")
            } else if min == max {
                format!("{min}")
            } else {
                format!("{min}..{max}")
            };
            let mut v = Vec::new();
            for (bit, name) in [
                (ViaBits::EMPTY, "empty"),
                (ViaBits::FRIEND, "friend"),
                (ViaBits::FOE, "foe"),
                (ViaBits::FOE_CAPTURED, "foe-captured"),
            ] {
                if via.has(bit) {
                    v.push(name);
                }
            }
            let f = if filter.0 == 0 {
                String::new()
            } else {
                format!(" filter {}", filter.0)
            };
            format!("LEG     {d} x{range} via {}{f}{ifs}", v.join("|"))
        }
        Op::Land {
            empty,
            foe,
            filter,
            en_passant,
            push,
        } => {
            let mut on = Vec::new();
            if empty {
                on.push("empty");
            }
            if foe {
                on.push("foe");
            }
            let f = if filter.0 == 0 {
                String::new()
            } else {
                format!(" filter {}", filter.0)
            };
            let push = match push {
                None => String::new(),
                Some(p) => {
                    let who = match (p.friend, p.foe) {
                        (true, true) => "piece",
                        (true, false) => "friend",
                        _ => "foe",
                    };
                    let f = if p.filter.0 == 0 {
                        String::new()
                    } else {
                        format!(" filter {}", p.filter.0)
                    };
                    format!(" push {who}{f}")
                }
            };
            format!(
                "LAND    {}{f}{}{push}",
                if on.is_empty() {
                    "never".to_string()
                } else {
                    on.join("|")
                },
                if en_passant { " ep" } else { "" }
            )
        }
        Op::ToZone { zone: z, inside } => {
            format!("TO      {}{}", if inside { "" } else { "not " }, zone(z))
        }
        Op::Meet(m) => meets::text(&m),
        Op::Mark(n) => format!("MARK    {n}"),
        Op::End => "END".into(),
    }
}
