//! Unit tests of the layout: colourings, steps and edge labels on hand-made
//! squares, hexagons, triangles and nodes.

use super::*;

fn square(x: f64, y: f64, name: &str) -> Shape {
    Shape {
        name: name.to_string(),
        center: (x + 0.5, y + 0.5),
        outline: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
    }
}

/// A pointy-top hexagon of circumradius 1 about (cx, cy).
fn hexagon(cx: f64, cy: f64, name: &str) -> Shape {
    let outline = (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 180.0 * (30.0 + 60.0 * k as f64);
            (cx + a.cos(), cy + a.sin())
        })
        .collect();
    Shape {
        name: name.to_string(),
        center: (cx, cy),
        outline,
    }
}

#[test]
fn squares_colour_as_a_checkerboard_and_label_files_and_ranks() {
    let mut shapes = Vec::new();
    for y in 0..3 {
        for x in 0..3 {
            let name = format!("{}{}", (b'a' + x as u8) as char, y + 1);
            shapes.push(square(x as f64, y as f64, &name));
        }
    }
    let l = Layout::new(shapes, Vec::new());
    assert_eq!(l.unit, 1.0);
    assert_eq!(l.colours(), vec![0, 1, 0, 1, 0, 1, 0, 1, 0]);
    assert!((l.inner_radius(4) - 0.5).abs() < 1e-9);
    assert!(l.is_step(0, 4), "a diagonal neighbour is a step");
    assert!(!l.is_step(0, 5), "a knight's jump is a leap");
    assert!(!l.is_step(0, 2), "two cells straight is a leap");
    let labels = l.edge_labels(0.2, 0.25).expect("a1-style names");
    let a = labels.iter().find(|e| e.text == "a").expect("file a");
    assert!(a.below && (a.at.0 - 0.5).abs() < 1e-9 && a.at.1 < 0.0);
    let r3 = labels.iter().find(|e| e.text == "3").expect("rank 3");
    assert!(!r3.below && r3.at.0 < 0.0 && (r3.at.1 - 2.5).abs() < 1e-9);
    assert_eq!(labels.len(), 6);
    // Without a1 (a hole), file a's label still lines up with b's and c's, and
    // rank 1's with ranks 2 and 3.
    let holed = Layout::new(l.shapes[1..].to_vec(), Vec::new());
    let labels = holed.edge_labels(0.2, 0.25).expect("names");
    let at = |t: &str| labels.iter().find(|e| e.text == t).expect("label").at;
    assert_eq!(at("a").1, at("b").1);
    assert_eq!(at("1").0, at("2").0);
}

#[test]
fn hexagons_take_three_colours_and_their_diagonals_are_steps() {
    // Seven hexagons: a centre and its ring, pointy-top, neighbours √3 apart.
    let s3 = 3f64.sqrt();
    let mut shapes = vec![hexagon(0.0, 0.0, "c")];
    for k in 0..6 {
        let a = std::f64::consts::PI / 3.0 * k as f64;
        shapes.push(hexagon(s3 * a.cos(), s3 * a.sin(), &format!("r{k}")));
    }
    let l = Layout::new(shapes, Vec::new());
    assert!((l.unit - s3).abs() < 1e-9);
    let adj = l.neighbours();
    assert_eq!(adj[0], vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(adj[1], vec![0, 2, 6]);
    let c = l.colours();
    assert_eq!(c.iter().max(), Some(&2), "three colours: {c:?}");
    for (i, n) in adj.iter().enumerate() {
        assert!(n.iter().all(|&j| c[j] != c[i]));
    }
    // r0 and r2 are hex-diagonal neighbours (3 apart, under 1.8·√3 ≈ 3.12).
    assert!(l.is_step(1, 3));
    assert!(!l.is_step(1, 4), "opposite ring cells are two steps apart");
    // Names are not a1-style: every cell gets its own label.
    assert!(l.edge_labels(0.2, 0.25).is_none());
}

#[test]
fn a_hexagon_of_hexagons_takes_exactly_three_colours() {
    // Radius 4 (61 cells), axial coordinates, listed file by file as a board would.
    let s3 = 3f64.sqrt();
    let mut shapes = Vec::new();
    for q in -4i32..=4 {
        for r in (-4i32).max(-q - 4)..=4.min(-q + 4) {
            let (x, y) = (s3 * (q as f64 + r as f64 / 2.0), 1.5 * r as f64);
            shapes.push(hexagon(x, y, &format!("h{q}_{r}")));
        }
    }
    let l = Layout::new(shapes, Vec::new());
    assert_eq!(l.len(), 61);
    let adj = l.neighbours();
    assert_eq!(adj.iter().map(Vec::len).max(), Some(6));
    let c = l.colours();
    assert_eq!(c.iter().max(), Some(&2), "three colours");
    for (i, n) in adj.iter().enumerate() {
        assert!(n.iter().all(|&j| c[j] != c[i]));
    }
    assert_eq!(c[0], 0);
}

#[test]
fn triangles_take_two_colours_and_nodes_use_links() {
    let h = 3f64.sqrt() / 2.0;
    let up = |x: f64, name: &str| Shape {
        name: name.to_string(),
        center: (x + 0.5, h / 3.0),
        outline: vec![(x, 0.0), (x + 1.0, 0.0), (x + 0.5, h)],
    };
    let down = |x: f64, name: &str| Shape {
        name: name.to_string(),
        center: (x + 1.0, 2.0 * h / 3.0),
        outline: vec![(x + 0.5, h), (x + 1.0, 0.0), (x + 1.5, h)],
    };
    let l = Layout::new(
        vec![
            up(0.0, "a1"),
            down(0.0, "b1"),
            up(1.0, "c1"),
            down(1.0, "d1"),
        ],
        Vec::new(),
    );
    assert_eq!(l.colours(), vec![0, 1, 0, 1]);
    assert!(l.disc_radius(0) < l.inner_radius(0));
    let nodes: Vec<Shape> = (0..3)
        .map(|i| Shape {
            name: format!("n{i}"),
            center: (2.0 * i as f64, 0.0),
            outline: Vec::new(),
        })
        .collect();
    let g = Layout::new(nodes, vec![(0, 1), (1, 2), (2, 2), (0, 9)]);
    assert_eq!(g.links, vec![(0, 1), (1, 2)], "bad links are dropped");
    assert_eq!(g.unit, 2.0);
    assert_eq!(g.colours(), vec![0, 1, 0]);
    assert_eq!(g.inner_radius(1), g.node_radius());
    let b = g.bounds();
    assert!(b.min_x < 0.0 && b.max_x > 4.0);
}
