//! Unit tests of the table file format: tables round-trip through bytes, and each kind
//! of damage is reported with its own error kind and offset.

use super::*;

/// The table linked from a rules source.
fn table_of(source: &str) -> MoveTable {
    match crate::compile(source) {
        Ok(rules) => rules.table().table().clone(),
        Err(_) => panic!("the test rules compile:\n{source}"),
    }
}

/// The table linked from a rules source whose graph board files are in `rules/`.
fn table_in_rules(source: &str) -> MoveTable {
    let rules = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
    match crate::compile_at(source, Some(&rules)) {
        Ok(rules) => rules.table().table().clone(),
        Err(d) => panic!("the test rules compile: {d:?}\n{source}"),
    }
}

fn chess_like() -> MoveTable {
    table_of(
        "board square 5x5 holes c3\n\
         piece King (K) { step any }\n\
         piece Rook (R) { ride orthogonal }\n\
         piece Tokin (+P) { like King }\n",
    )
}

/// A file with `body` and a valid checksum after it.
fn sealed(body: &[u8]) -> Vec<u8> {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&checksum(body).to_le_bytes());
    bytes
}

/// The body (everything before the checksum) of a table's file.
fn body_of(table: &MoveTable) -> Vec<u8> {
    let bytes = to_bytes(table);
    bytes[..bytes.len() - 8].to_vec()
}

fn read_error(bytes: &[u8]) -> TableFileError {
    match from_bytes(bytes) {
        Ok(_) => panic!("the damaged file was read"),
        Err(e) => e,
    }
}

#[test]
fn tables_round_trip() {
    for table in [
        chess_like(),
        table_of("board hex radius 2\npiece K (K) { step any }\n"),
        table_of("board tri 4x3\npiece K (K) { step any }\n"),
        // Primed letters: `X'`, `L!`, `+X'`.
        table_of(
            "board square 5x5\npiece Ox (X') { step any }\npiece Lion (L!) { step any }\n\
             piece Gold (+X') { step any }\n",
        ),
        // Graph boards: a free one with its declared tolerance, a hex lattice.
        table_in_rules(
            "board graph \"boards/wheel.json\" tolerance 45\npiece K (K) { step any }\n\
             piece R (R) { ride orthogonal }\n",
        ),
        table_in_rules("board graph \"boards/hex-rows-7x6.json\"\npiece N (N) { leap (1,2) }\n"),
        table_of(
            "board square 4x4\none side\nsokoban pusher Pusher, box Box\n\
             piece Pusher (P) { step orthogonal, push Box }\npiece Box (B) { }\n",
        ),
    ] {
        let bytes = to_bytes(&table);
        assert_eq!(&bytes[..4], MAGIC);
        assert_eq!(from_bytes(&bytes), Ok(table.clone()));
        // Writing what was read gives the same bytes.
        assert_eq!(to_bytes(&from_bytes(&bytes).unwrap_or(table)), bytes);
    }
}

#[test]
fn bad_magic_too_short_and_checksum() {
    let bytes = to_bytes(&chess_like());
    let mut bad = bytes.clone();
    bad[0] = b'X';
    let e = read_error(&bad);
    assert_eq!(e.kind(), &TableFileErrorKind::BadMagic { offset: 0 });
    assert_eq!(e.offset(), 0);
    assert_eq!(
        read_error(b"PW").kind(),
        &TableFileErrorKind::BadMagic { offset: 0 }
    );
    assert_eq!(
        read_error(b"PWTB\x04\0\0\0").kind(),
        &TableFileErrorKind::TooShort { offset: 8 }
    );
    let mut bad = bytes.clone();
    bad[20] ^= 1;
    let e = read_error(&bad);
    assert_eq!(
        e.kind(),
        &TableFileErrorKind::ChecksumMismatch {
            offset: bytes.len() - 8
        }
    );
    // A truncated file fails its checksum too.
    let e = read_error(&bytes[..bytes.len() - 1]);
    assert!(
        matches!(e.kind(), TableFileErrorKind::ChecksumMismatch { .. }),
        "{e}"
    );
}

#[test]
fn truncated_bodies_say_what_they_end_in() {
    let body = body_of(&chess_like());
    // Magic, version, flags, the topology and one of the two size bytes.
    let e = read_error(&sealed(&body[..10]));
    assert_eq!(
        e.kind(),
        &TableFileErrorKind::Truncated {
            offset: 10,
            what: "the board size",
            needed: 1,
            left: 0
        }
    );
    assert_eq!(e.to_string(), format!("at byte 10: {}", e.message()));
    // One node short (and the direction count after the nodes, 0 here, gone): the
    // node count no longer fits.
    assert!(chess_like().directions.is_empty());
    let e = read_error(&sealed(&body[..body.len() - NODE_SIZE - 2]));
    match e.kind() {
        TableFileErrorKind::CountTooLarge {
            what, count, left, ..
        } => {
            assert_eq!(*what, "nodes");
            assert_eq!(*left, (count - 1) * NODE_SIZE);
        }
        other => panic!("{other:?}"),
    }
    // One byte too many.
    let mut longer = body.clone();
    longer.push(0);
    assert_eq!(
        read_error(&sealed(&longer)).kind(),
        &TableFileErrorKind::TrailingBytes {
            offset: body.len(),
            count: 1
        }
    );
}

#[test]
fn header_fields_are_checked() {
    let body = body_of(&chess_like());
    let damaged = |at: usize, byte: u8| {
        let mut bad = body.clone();
        bad[at] = byte;
        read_error(&sealed(&bad)).kind().clone()
    };
    assert_eq!(
        damaged(4, VERSION as u8 + 1),
        TableFileErrorKind::UnsupportedVersion {
            offset: 6,
            found: VERSION + 1,
            supported: VERSION
        }
    );
    assert_eq!(
        damaged(8, 9),
        TableFileErrorKind::UnknownTopology {
            offset: 12,
            topology: 9
        }
    );
    assert_eq!(
        damaged(9, 27),
        TableFileErrorKind::BoardSize {
            offset: 12,
            width: 27,
            height: 5
        }
    );
    let mut hex = body.clone();
    (hex[8], hex[9]) = (TOPOLOGY_HEX, MAX_HEX_RADIUS + 1);
    assert_eq!(
        read_error(&sealed(&hex)).kind(),
        &TableFileErrorKind::HexRadius {
            offset: 12,
            radius: MAX_HEX_RADIUS + 1,
            limit: MAX_HEX_RADIUS
        }
    );
    // A graph board without nodes: no hole, no file name, no node, no link.
    let mut graph = body[..8].to_vec();
    graph.extend_from_slice(&[TOPOLOGY_GRAPH, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let e = read_error(&sealed(&graph));
    assert!(
        matches!(
            e.kind(),
            TableFileErrorKind::InvalidBoard { offset: 22, .. }
        ),
        "{e}"
    );
    // Board header (12 bytes), one hole (2 bytes): the piece count at 16, then King's
    // letter and flags.
    assert_eq!(body[16], 3);
    assert_eq!((body[17], body[18]), (b'K', 0));
    for flags in [8, 6] {
        // An unknown flag; a prime past `!` (3).
        assert_eq!(
            damaged(18, flags),
            TableFileErrorKind::PieceFlags { offset: 19, flags }
        );
    }
    // King's name length (4), then the name.
    assert_eq!(body[19], 4);
    assert_eq!(
        damaged(20, 0xff),
        TableFileErrorKind::NotUtf8 {
            offset: 24,
            what: "a piece name"
        }
    );
}
