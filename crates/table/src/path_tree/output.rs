//! output: a [`PathTree`] as indented text and as the JSON document of docs/json.md.

use super::{Class, Landing, PathTree, SegId, Segment};
use crate::ids::{CellId, PieceId, Side};
use crate::table::MoveTable;
use crate::walk::Occupant;
use std::fmt::Write as _;

/// Whether `occupant` is a `neutral` piece: a kind that filter 0 (every other table's
/// "any kind") refuses.
fn is_neutral(table: &MoveTable, occupant: Occupant) -> bool {
    !occupant.is_empty() && table.is_neutral(occupant.kind())
}

fn kind_name(table: &MoveTable, kind: PieceId) -> Option<String> {
    table.pieces.get(kind.index()).map(|p| p.name.clone())
}

fn occupant_text(table: &MoveTable, occupant: Occupant) -> String {
    match table.pieces.get(occupant.kind().index()) {
        Some(p) if is_neutral(table, occupant) => {
            format!("* (neutral {})", p.name)
        }
        Some(p) if !occupant.is_empty() => {
            format!(
                "{} ({} {})",
                p.fen_letter(occupant.side()),
                occupant.side(),
                p.name
            )
        }
        _ => "?".to_string(),
    }
}

impl PathTree {
    fn seg(&self, id: SegId) -> &Segment {
        &self.segments[id.index()]
    }

    /// The indented text tree. `*` marks a cell where the move may end quietly,
    /// `x` a cell where it may end capturing, `^` one where it may only end pushing (or
    /// swapping with) the piece there, `~` one where it may only convert it, `>` one
    /// where it may only activate it. A `sub:` line at the same indentation is a substitute of the line
    /// above (the piece met pushed to another cell).
    pub fn to_text(&self, table: &MoveTable) -> String {
        let piece = &table.pieces[self.piece.index()];
        let mut out = format!(
            "{} {} ({}) on {}: {} plies  (* may end here{}{})\n",
            self.side,
            piece.name,
            piece.fen_letter(Side::First),
            table.board.cell_name(self.from),
            self.plies.len(),
            if self.never_captures {
                ""
            } else {
                ", x may capture here"
            },
            match (
                self.plies.iter().any(|p| p.push_to.is_some()),
                self.plies.iter().any(|p| p.convert.is_some()),
            ) {
                (true, true) => ", ^ may push or swap here, ~ may convert here",
                (true, false) => ", ^ may push or swap here",
                (false, true) => ", ~ may convert here",
                (false, false) => "",
            },
        );
        if self.plies.iter().any(|p| p.activates) {
            // Before the closing parenthesis of the legend.
            out.truncate(out.len() - 2);
            out.push_str(", > may activate here)\n");
        }
        let mut stack: Vec<(SegId, usize, &'static str)> = Vec::new();
        let mut next_root = self.root;
        let mut roots = Vec::new();
        while let Some(id) = next_root {
            roots.push(id);
            next_root = self.seg(id).alt;
        }
        for id in roots.into_iter().rev() {
            stack.push((id, 1, ""));
        }
        while let Some((id, indent, label)) = stack.pop() {
            let s = self.seg(id);
            let mut line = "  ".repeat(indent);
            line.push_str(label);
            if s.captures_previous {
                line.push_str("(captures it) ");
            }
            let cells: Vec<String> = s
                .steps
                .iter()
                .map(|st| {
                    let name = table.board.cell_name(st.cell);
                    match st.lands {
                        Some(Landing::Quiet) => format!("{name}*"),
                        Some(Landing::Capture) => format!("{name}x"),
                        Some(Landing::Push) => format!("{name}^"),
                        Some(Landing::Convert) => format!("{name}~"),
                        Some(Landing::Activate) => format!("{name}>"),
                        None => name,
                    }
                })
                .collect();
            line.push_str(&cells.join(" "));
            if let Some(e) = &s.encounter {
                let mut what = Vec::new();
                if e.capture {
                    what.push("capture".to_string());
                }
                if e.hop {
                    what.push("pass over".to_string());
                }
                if e.locust {
                    what.push("capture in passing".to_string());
                }
                if let Some(c) = e.push {
                    what.push(format!("push to {}", table.board.cell_name(c)));
                }
                if e.swap {
                    what.push("swap".to_string());
                }
                if let Some(k) = e.convert {
                    let becomes = table
                        .pieces
                        .get(k.index())
                        .map_or("?".into(), |p| p.fen_letter(self.side));
                    what.push(format!("convert to {becomes}"));
                }
                if e.activate {
                    what.push("activate".to_string());
                }
                let rel = match e.class {
                    Class::Friend => "friend",
                    Class::Foe => "foe",
                    _ if is_neutral(table, e.occupant) => "wall",
                    _ => "blocked by kind",
                };
                let _ = write!(
                    line,
                    "  [meets {rel} {}: {}]",
                    occupant_text(table, e.occupant),
                    if what.is_empty() {
                        "stop".to_string()
                    } else {
                        what.join(", ")
                    }
                );
            }
            out.push_str(&line);
            out.push('\n');
            let mut kids: Vec<(SegId, usize, &'static str)> = Vec::new();
            if let Some(k) = s.sub {
                kids.push((k, indent, "sub: "));
            }
            let mut next = s.next;
            while let Some(k) = next {
                kids.push((k, indent + 1, "next: "));
                next = self.seg(k).alt;
            }
            let mut fork = s.fork;
            while let Some(k) = fork {
                kids.push((k, indent + 1, "fork: "));
                fork = self.seg(k).alt;
            }
            stack.extend(kids.into_iter().rev());
        }
        out
    }

    /// The JSON document described in docs/json.md.
    pub fn to_json(&self, table: &MoveTable) -> serde_json::Value {
        let name = |c: CellId| table.board.cell_name(c);
        let piece = &table.pieces[self.piece.index()];
        let plies: Vec<serde_json::Value> = self
            .plies
            .iter()
            .map(|p| {
                let mut ply = serde_json::json!({
                    "path": p.path.iter().map(|&c| name(c)).collect::<Vec<_>>(),
                    "to": name(p.to),
                    "captures": p.captures.iter().map(|&c| name(c)).collect::<Vec<_>>(),
                    "push": p.push_to.map(|c| serde_json::json!({
                        "from": name(p.to),
                        "to": name(c),
                    })),
                    "convert": p.convert.map(|k| kind_name(table, k)),
                });
                if p.activates {
                    // Only where true: documents without activations keep their keys.
                    ply["activates"] = true.into();
                }
                ply
            })
            .collect();
        let segments: Vec<serde_json::Value> = self
            .segments
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let enc = s.encounter.as_ref().map(|e| {
                    let mut enc = serde_json::json!({
                        "cell": name(e.cell),
                        "piece": table.pieces.get(e.occupant.kind().index()).map(|p| p.name.clone()),
                        "side": (!is_neutral(table, e.occupant)).then(|| e.occupant.side().name()),
                        "relation": match e.class {
                            Class::Friend => "friend",
                            Class::Foe => "foe",
                            _ if is_neutral(table, e.occupant) => "wall",
                            _ => "blocked",
                        },
                        "capture": e.capture,
                        "pass_over": e.hop,
                        "capture_in_passing": e.locust,
                        "push_to": e.push.map(name),
                        "swap": e.swap,
                        "convert": e.convert.map(|k| kind_name(table, k)),
                    });
                    if e.activate {
                        enc["activate"] = true.into();
                    }
                    enc
                });
                serde_json::json!({
                    "id": i,
                    "cells": s.steps.iter().map(|st| serde_json::json!({
                        "cell": name(st.cell),
                        "lands": st.lands,
                    })).collect::<Vec<_>>(),
                    "encounter": enc,
                    "starts_leg": s.starts_leg,
                    "captures_previous": s.captures_previous,
                    "next": s.next,
                    "fork": s.fork,
                    "alt": s.alt,
                    "sub": s.sub,
                })
            })
            .collect();
        serde_json::json!({
            "piece": piece.name,
            "letter": piece.fen_letter(Side::First),
            "side": self.side.name(),
            "from": name(self.from),
            "plies": plies,
            "root": self.root,
            "segments": segments,
        })
    }
}
