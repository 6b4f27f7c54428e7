//! Graph board files: the JSON text of a map in the nchess format → [`GraphSpec`]
//! (nodes with their positions, directed links, the tolerance), every error saying
//! what is wrong and where. What the graph means for directions is [`super::graph`]'s.

use crate::ir::{GraphNode, GraphSpec};

/// The largest coordinate a graph node may have (either sign): beyond it, distances and
/// picture sizes overflow to infinity.
const MAX_COORDINATE: f64 = 1_000_000.0;

/// Reads a graph board file's text. Errors say what is wrong and where (JSON line and
/// column, or which node/link).
pub fn parse_json(source: &str, text: &str) -> Result<GraphSpec, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let nodes = value
        .get("nodes")
        .and_then(|n| n.as_array())
        .ok_or("missing \"nodes\": an array of {\"id\", \"x\", \"y\"} objects")?;
    // Counted before anything is read from them: a file of many small nodes is
    // refused at once.
    if nodes.is_empty() || nodes.len() > super::MAX_GRAPH_NODES {
        return Err(format!(
            "a graph board has 1 to {} nodes, not {}",
            super::MAX_GRAPH_NODES,
            nodes.len()
        ));
    }
    let mut out = Vec::with_capacity(nodes.len());
    for (i, n) in nodes.iter().enumerate() {
        let id = match n.get("id") {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Number(k)) => k.to_string(),
            _ => return Err(format!("node {i} has no \"id\" (a string or a number)")),
        };
        if id.is_empty() || id.chars().any(|c| c.is_whitespace() || c == '/') {
            return Err(format!(
                "node {i} has the id {id:?}: ids are non-empty and have no spaces or '/'"
            ));
        }
        // The node's own coordinates: `"x"` and `"y"`, or `"position": [x, y]`.
        let position = match n.get("position") {
            None => None,
            Some(p) => match p.as_array().map(Vec::as_slice) {
                Some([x, y]) => Some((x, y)),
                _ => {
                    return Err(format!(
                        "node {id:?} has \"position\": {p}, not an [x, y] pair of numbers"
                    ))
                }
            },
        };
        let coord = |k: &str| {
            let raw = match (position, k) {
                (Some((x, _)), "x") => Some(x),
                (Some((_, y)), _) => Some(y),
                (None, _) => n.get(k),
            };
            let v = raw
                .and_then(|v| v.as_f64())
                .filter(|v| v.is_finite())
                .ok_or_else(|| match position {
                    Some(_) => format!("node {id:?} has a \"position\" whose {k} is not a number"),
                    None => {
                        format!("node {id:?} has no numeric \"{k}\" (nor a \"position\": [x, y])")
                    }
                })?;
            if v.abs() > MAX_COORDINATE {
                return Err(format!(
                    "node {id:?} has \"{k}\": {v:e}, beyond ±{MAX_COORDINATE:e} (pictures and \
                     angles need coordinates of a sane size)"
                ));
            }
            Ok(v)
        };
        out.push(GraphNode {
            x: coord("x")?,
            y: coord("y")?,
            id,
        });
    }
    let mut index = std::collections::HashMap::new();
    for (i, n) in out.iter().enumerate() {
        if index.insert(n.id.clone(), i as u16).is_some() {
            return Err(format!("two nodes have the id {:?}", n.id));
        }
    }
    let mut pairs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // nchess's own layout: each node lists its neighbours (`"neighbors"` or
    // `"neighbours"`: ids), a link from the node to each.
    let mut listed = false;
    for (i, n) in nodes.iter().enumerate() {
        let key = ["neighbors", "neighbours"]
            .into_iter()
            .find(|k| n.get(k).is_some());
        let Some(key) = key else { continue };
        listed = true;
        let id = &out[i].id;
        let Some(list) = n.get(key).and_then(|l| l.as_array()) else {
            return Err(format!(
                "node {id:?} has \"{key}\" that is not an array of node ids"
            ));
        };
        for (k, e) in list.iter().enumerate() {
            let to = match e {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(k) => k.to_string(),
                other => {
                    return Err(format!(
                        "node {id:?}: \"{key}\" entry {k} is {other}, not a node id"
                    ))
                }
            };
            let Some(&b) = index.get(&to) else {
                return Err(format!(
                    "node {id:?}: \"{key}\" entry {k} names the unknown node {to:?}"
                ));
            };
            if b as usize == i {
                return Err(format!("node {id:?} lists itself among its \"{key}\""));
            }
            if seen.insert((i as u16, b)) {
                pairs.push((i as u16, b));
            }
        }
    }
    let empty = Vec::new();
    let links = match value.get("links") {
        Some(l) => l
            .as_array()
            .ok_or("\"links\" is not an array of [from, to] node id pairs")?,
        None if listed => &empty,
        None => {
            return Err(
                "missing \"links\": an array of [from, to] node id pairs (or each node's \
                 \"neighbors\")"
                    .into(),
            )
        }
    };
    for (i, l) in links.iter().enumerate() {
        let ends: Vec<String> = match l.as_array() {
            Some(a) if a.len() == 2 => a
                .iter()
                .map(|e| match e {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect(),
            _ => return Err(format!("link {i} is not a [from, to] pair")),
        };
        let find = |id: &str| {
            index
                .get(id)
                .copied()
                .ok_or_else(|| format!("link {i} names the unknown node {id:?}"))
        };
        let (a, b) = (find(&ends[0])?, find(&ends[1])?);
        if a == b {
            return Err(format!("link {i} links node {:?} to itself", ends[0]));
        }
        if seen.insert((a, b)) {
            pairs.push((a, b));
        }
    }
    let tolerance = match value.get("tolerance") {
        None => None,
        Some(t) => match t.as_u64().filter(|&t| t <= 180) {
            Some(t) => Some(t as u8),
            None => {
                return Err(format!(
                    "\"tolerance\" is {t}: it is a whole number of degrees from 0 to 180"
                ))
            }
        },
    };
    Ok(GraphSpec {
        source: source.to_string(),
        nodes: out,
        links: pairs,
        tolerance,
    })
}
