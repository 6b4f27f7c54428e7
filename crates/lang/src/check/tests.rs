//! Unit tests of the checker: the IR it produces for representative pieces.

/// Parses and checks a source text (the first two stages of the pipeline).
fn check_source(source: &str) -> (Option<crate::ir::RuleSet>, crate::diagnostics::Diagnostics) {
    crate::check(source, None)
}
use crate::ids::{PieceId, ZoneId};
use crate::ir::{Coord, KindFilter, Landing, LegDirs, Pattern, RuleSet, Vector, Via};

fn rules(src: &str) -> RuleSet {
    let (rules, diags) = check_source(src);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:?}");
    match rules {
        Some(r) => r,
        None => panic!("no rule set"),
    }
}

fn piece_patterns(src: &str, name: &str) -> Vec<Pattern> {
    let r = rules(&format!("board square 8x8\n{src}"));
    match r.pieces.into_iter().find(|p| p.name == name) {
        Some(p) => p.patterns,
        None => panic!("no piece {name}"),
    }
}

fn v(dx: i8, dy: i8) -> Vector {
    Vector::new(dx, dy)
}

fn abs(p: &Pattern, leg: usize) -> Vec<Vector> {
    match &p.legs[leg].dirs {
        LegDirs::Absolute(vs) => vs.clone(),
        other => panic!("expected absolute, got {other:?}"),
    }
}

#[test]
fn knight() {
    let ps = piece_patterns("piece Knight (n) { leap (1,2) }", "Knight");
    assert_eq!(ps.len(), 1);
    let p = &ps[0];
    assert_eq!(p.legs.len(), 1);
    let mut want = vec![
        v(1, 2),
        v(-1, 2),
        v(1, -2),
        v(-1, -2),
        v(2, 1),
        v(-2, 1),
        v(2, -1),
        v(-2, -1),
    ];
    want.sort();
    assert_eq!(abs(p, 0), want);
    assert_eq!((p.legs[0].min, p.legs[0].max), (1, Some(1)));
    assert_eq!(p.land, Landing::default());
    assert!(p.legs[0].via.empty);
    let r = rules("board square 8x8\npiece Knight (n) { leap (1,2) }");
    assert_eq!(r.pieces[0].letter, 'N');
}

#[test]
fn cannon() {
    let ps = piece_patterns(
        "piece Cannon (O) {\n ride orthogonal, move only\n ride orthogonal via piece then ride same, capture only\n}",
        "Cannon",
    );
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[0].legs[0].max, None);
    assert!(!ps[0].land.foe && ps[0].land.empty);
    let hop = &ps[1];
    assert_eq!(hop.legs.len(), 2);
    assert_eq!(
        hop.legs[0].via,
        Via {
            empty: false,
            friend: true,
            foe: true,
            foe_captured: false,
            kinds: KindFilter::Any
        }
    );
    assert_eq!(hop.legs[1].dirs, LegDirs::Turn(vec![0]));
    assert!(hop.land.foe && !hop.land.empty);
}

#[test]
fn griffon() {
    let ps = piece_patterns(
        "piece Griffon (F) { step diagonal; step diagonal then ride turn ±45 }",
        "Griffon",
    );
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[1].legs[1].dirs, LegDirs::Turn(vec![-45, 45]));
    assert_eq!((ps[1].legs[1].min, ps[1].legs[1].max), (1, None));
    assert!(ps[1].legs[0].via.empty);
}

#[test]
fn lion() {
    let ps = piece_patterns(
        "piece Lion (X) {\n step any via empty or foe captured then step any\n leap (1,0) + (1,1) + (2,0) + (2,1) + (2,2)\n}",
        "Lion",
    );
    assert_eq!(abs(&ps[0], 0).len(), 8);
    assert_eq!(abs(&ps[0], 1).len(), 8);
    let via = &ps[0].legs[0].via;
    assert!(via.empty && via.foe_captured && !via.foe && !via.friend);
    assert_eq!(abs(&ps[1], 0).len(), 4 + 4 + 4 + 8 + 4);
}

#[test]
fn turns_normalised() {
    let ps = piece_patterns(
        "piece T (T) { step orthogonal then step turn ±90 180 -180 + back + same + turn 270 }",
        "T",
    );
    assert_eq!(ps[0].legs[1].dirs, LegDirs::Turn(vec![-90, 0, 90, 180]));
    let ps = piece_patterns("piece T (T) { step (2,0) then step turn +-135 }", "T");
    assert_eq!(ps[0].legs[1].dirs, LegDirs::Turn(vec![-135, 135]));
}

#[test]
fn ranges() {
    let ps = piece_patterns(
        "piece R (R) { ride orthogonal 3; ride diagonal up to 2; ride (1,2) 2..4; ride any 2.. }",
        "R",
    );
    let r: Vec<(u16, Option<u16>)> = ps.iter().map(|p| (p.legs[0].min, p.legs[0].max)).collect();
    assert_eq!(r, vec![(3, Some(3)), (1, Some(2)), (2, Some(4)), (2, None)]);
}

#[test]
fn qualified_vectors() {
    let ps = piece_patterns(
        "piece X (X) { leap forward (1,2); leap backward (1,0); leap exactly (2,-1) }",
        "X",
    );
    let mut want = vec![v(1, 2), v(-1, 2), v(2, 1), v(-2, 1)];
    want.sort();
    assert_eq!(abs(&ps[0], 0), want);
    assert_eq!(abs(&ps[1], 0), vec![v(0, -1)]);
    assert_eq!(abs(&ps[2], 0), vec![v(2, -1)]);
}

#[test]
fn zones_and_mirroring_flag() {
    let r = rules(
        "board square 8x8 holes d4\nzone start = rank 2\nzone absolute centre = d4 e4, d5-e5\n\
         piece P (P) { step forward, from start, not to centre }",
    );
    assert_eq!(r.zones.len(), 2);
    assert!(!r.zones[0].absolute);
    assert_eq!(r.zones[0].cells.len(), 8);
    assert!(r.zones[0].cells.iter().all(|c| c.y == 1));
    assert!(r.zones[1].absolute);
    // d4 is a hole, so the centre has three cells.
    assert_eq!(
        r.zones[1].cells,
        vec![
            Coord { x: 3, y: 4 },
            Coord { x: 4, y: 3 },
            Coord { x: 4, y: 4 }
        ]
    );
    let c = &r.pieces[0].patterns[0].conditions;
    assert_eq!(c.from[0].zone, ZoneId(0));
    assert!(c.from[0].inside);
    assert_eq!(c.to[0].zone, ZoneId(1));
    assert!(!c.to[0].inside);
    assert_eq!(r.board.holes, vec![Coord { x: 3, y: 3 }]);
}

#[test]
fn like_inlining_keeps_order_and_spans() {
    let src = "board square 8x8\npiece Amazon (M) { like Queen; like Knight }\n\
               piece Queen (Q) { ride any }\npiece Knight (N) { leap (1,2) }\n";
    let r = rules(src);
    let amazon = &r.pieces[0];
    assert_eq!(amazon.patterns.len(), 2);
    assert_eq!(amazon.patterns[0], r.pieces[1].patterns[0]);
    assert_eq!(amazon.patterns[1], r.pieces[2].patterns[0]);
    let span = amazon.patterns[0].span;
    assert_eq!(&src[span.range()], "ride any");
}

#[test]
fn kinds_resolved() {
    let ps = piece_patterns(
        "piece Pawn (P) { step forward }\npiece Knight (N) { leap (1,2) }\n\
         piece C (C) { ride orthogonal via piece not C then ride same, captures Knight|Pawn }",
        "C",
    );
    assert_eq!(
        ps[0].legs[0].via.kinds,
        KindFilter::Except(vec![PieceId(2)])
    );
    assert_eq!(
        ps[0].land.kinds,
        KindFilter::Only(vec![PieceId(0), PieceId(1)])
    );
}

#[test]
fn shipped_rules_files() {
    for src in [
        include_str!("../../../../rules/chess.rules"),
        include_str!("../../../../rules/fairy.rules"),
    ] {
        let r = rules(src);
        assert!(!r.pieces.is_empty());
    }
    let r = rules(include_str!("../../../../rules/fairy.rules"));
    let letters: String = r.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "KQRBNPACMLZIGOHEFWYXD");
    let amazon = r
        .pieces
        .iter()
        .find(|p| p.name == "Amazon")
        .map(|p| p.patterns.len());
    assert_eq!(amazon, Some(2));
}

#[test]
fn collects_all_errors() {
    let (rules, diags) = check_source(
        "board square 8x8\npiece A (A) { step anyy }\npiece B (B) { ride any 0 }\npiece C (C) { like D }",
    );
    assert!(rules.is_none());
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["E0401", "E0502", "E0304"]);
}

#[test]
fn never_panics_on_odd_input() {
    let inputs = [
        "",
        "\u{0}",
        "piece",
        "board square 99999999999999999999999x1",
        "board square 8x8 holes z99999",
        "board square 8x8 piece K (é) { step any }",
        "board square 8x8\npiece K (K) { ride turn 99999999999999999999 }",
        "board square 8x8\npiece K (K) { step any then step turn -99999999999999999999 }",
        "board square 8x8\npiece K (K) { leap (-99999999999999999999,1) }",
        "board square 8x8\npiece K (K) { ride any 99999999999999999999..1 }",
        "zone z = rank 99999999999999999999",
        "game \"ünïcödé 🎲\" board square 26x26 zone z = files a-z piece K (K) { step any, from z }",
        "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
        "board square 8x8\npiece K (K) { step any ±",
    ];
    for src in inputs {
        let (_, diags) = check_source(src);
        let _ = diags.render("x.rules", src, false);
    }
    // Long and deeply repetitive input must not overflow the stack.
    let mut big = String::from("board square 8x8\n");
    for i in 0..2000 {
        big.push_str(&format!("piece P{i} (A) {{ like P{} }}\n", i + 1));
    }
    let (_, diags) = check_source(&big);
    assert!(diags.has_errors());
    let deep = "(".repeat(100_000);
    let (_, diags) = check_source(&deep);
    assert!(diags.has_errors());
}

/// A chess-like file with every game declaration (and a Shogi-style promoted piece).
const GAME_SRC: &str = r#"game "Chess with everything"
board square 8x8
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
zone pawn_start = rank 2
zone last_rank = rank 8
zone back_ranks = ranks 1-2
zone palace = d1-f2
royal King | Prince
castling King e1 to g1 with Rook h1 to f1
castling King e1 to c1 with Rook a1 to d1
en passant Pawn
promotion Pawn to Queen | Rook | Bishop | Knight in last_rank
promotion Pawn | Lance to Tokin in last_rank, optional, also leaving, only captured
hand
drop Pawn not in back_ranks | last_rank, one per file, not mating
drop Knight, not in last_rank, at most 2 per file
confine King | Prince to palace
royals may not face
piece King (K)   { step any; step orthogonal, to palace }
piece Prince (I) { step any }
piece Queen (Q)  { ride any }
piece Rook (R)   { ride orthogonal }
piece Bishop (B) { ride diagonal }
piece Knight (N) { leap (1,2) }
piece Lance (L)  { ride forward }
piece Pawn (P) {
    step forward, move only
    step forward-diagonal, capture only
    ride forward 2, move only, from pawn_start, en passant
}
piece Tokin (+P) { like Prince }
"#;

fn c(x: i16, y: i16) -> Coord {
    Coord { x, y }
}

#[test]
fn game_declarations_resolved() {
    use crate::ir::{Castling, DropRule, Promotion};
    let r = rules(GAME_SRC);
    let g = &r.game;
    let (king, prince, queen, rook, bishop, knight, lance, pawn, tokin) = (
        PieceId(0),
        PieceId(1),
        PieceId(2),
        PieceId(3),
        PieceId(4),
        PieceId(5),
        PieceId(6),
        PieceId(7),
        PieceId(8),
    );
    // Zone 0 is pawn_start.
    let (last_rank, back_ranks, palace) = (ZoneId(1), ZoneId(2), ZoneId(3));

    let start = g.start.as_ref().expect("a start position");
    assert_eq!(
        start.fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(&GAME_SRC[start.span.range()], start.fen);

    assert_eq!(g.royals, vec![king, prince]);
    assert!(g.royals_may_not_face);
    assert!(g.hand);
    assert_eq!(g.en_passant, vec![pawn]);

    let castling_spans: Vec<&str> = g
        .castlings
        .iter()
        .map(|c| &GAME_SRC[c.span.range()])
        .collect();
    assert_eq!(
        castling_spans,
        vec![
            "castling King e1 to g1 with Rook h1 to f1",
            "castling King e1 to c1 with Rook a1 to d1"
        ]
    );
    let strip = |c: &Castling| {
        (
            c.king,
            c.king_from,
            c.king_to,
            c.partner,
            c.partner_from,
            c.partner_to,
        )
    };
    assert_eq!(
        g.castlings.iter().map(strip).collect::<Vec<_>>(),
        vec![
            (king, c(4, 0), c(6, 0), rook, c(7, 0), c(5, 0)),
            (king, c(4, 0), c(2, 0), rook, c(0, 0), c(3, 0)),
        ]
    );

    let strip = |p: &Promotion| {
        (
            p.pieces.clone(),
            p.choices.clone(),
            p.zone,
            p.optional,
            p.also_leaving,
            p.only_captured,
        )
    };
    assert_eq!(
        g.promotions.iter().map(strip).collect::<Vec<_>>(),
        vec![
            (
                vec![pawn],
                vec![queen, rook, bishop, knight],
                last_rank,
                false,
                false,
                false
            ),
            (vec![pawn, lance], vec![tokin], last_rank, true, true, true),
        ]
    );

    let strip = |d: &DropRule| (d.pieces.clone(), d.not_in.clone(), d.per_file, d.not_mating);
    assert_eq!(
        g.drops.iter().map(strip).collect::<Vec<_>>(),
        vec![
            (vec![pawn], vec![back_ranks, last_rank], 1, true),
            (vec![knight], vec![last_rank], 2, false),
        ]
    );

    assert_eq!(g.confinements.len(), 1);
    assert_eq!(g.confinements[0].pieces, vec![king, prince]);
    assert_eq!(g.confinements[0].zone, palace);
}

#[test]
fn confine_adds_a_to_condition_to_every_pattern() {
    let r = rules(GAME_SRC);
    let to_zones = |p: &Pattern| -> Vec<(ZoneId, bool)> {
        p.conditions.to.iter().map(|t| (t.zone, t.inside)).collect()
    };
    let palace = ZoneId(3);
    // The King's second pattern already says `to palace`: not added twice.
    let king: Vec<_> = r.pieces[0].patterns.iter().map(to_zones).collect();
    assert_eq!(king, vec![vec![(palace, true)], vec![(palace, true)]]);
    let prince: Vec<_> = r.pieces[1].patterns.iter().map(to_zones).collect();
    assert_eq!(prince, vec![vec![(palace, true)]]);
    // The Tokin is `like Prince` but not confined: the condition is only on the Prince.
    let tokin: Vec<_> = r.pieces[8].patterns.iter().map(to_zones).collect();
    assert_eq!(tokin, vec![Vec::<(ZoneId, bool)>::new()]);
    assert!(r.pieces[2]
        .patterns
        .iter()
        .all(|p| p.conditions.to.is_empty()));
}

#[test]
fn en_passant_modifier_and_plus_letters() {
    let r = rules(GAME_SRC);
    let pawn = &r.pieces[7];
    let ep: Vec<bool> = pawn
        .patterns
        .iter()
        .map(|p| p.conditions.en_passant)
        .collect();
    assert_eq!(ep, vec![false, false, true]);
    let letters: Vec<(char, bool)> = r.pieces.iter().map(|p| (p.letter, p.plus)).collect();
    assert_eq!(
        letters,
        vec![
            ('K', false),
            ('I', false),
            ('Q', false),
            ('R', false),
            ('B', false),
            ('N', false),
            ('L', false),
            ('P', false),
            ('P', true),
        ]
    );
    // `+x` is stored uppercase, like plain letters; its base letter need not exist.
    let r = rules("board square 8x8\npiece Dragon (+r) { ride orthogonal }");
    assert_eq!((r.pieces[0].letter, r.pieces[0].plus), ('R', true));
}

#[test]
fn primed_letters() {
    // HaChu's and XBoard's letters beyond the 26: `X'` and `X!`, with `+` too; each a
    // letter of its own.
    let r = rules(
        "board square 15x15\npiece Ox (x') { step any }\npiece Lion (L!) { step any }\n\
         piece Phoenix (X) { step any }\npiece Gold (+x') { step any }",
    );
    let letters: Vec<(char, bool, u8)> = r
        .pieces
        .iter()
        .map(|p| (p.letter, p.plus, p.prime))
        .collect();
    assert_eq!(
        letters,
        vec![
            ('X', false, 1),
            ('L', false, 2),
            ('X', false, 0),
            ('X', true, 1)
        ]
    );
    assert_eq!(crate::ir::prime_mark(1), "'");
    assert_eq!(crate::ir::prime_mark(2), "!");
    assert_eq!(crate::ir::prime_of('!'), Some(2));
    assert_eq!(crate::ir::prime_of('~'), None);
    // The same primed letter twice is a clash; `X'` and `X` are not.
    let (_, diags) =
        check_source("board square 15x15\npiece Ox (X') { step any }\npiece Ox2 (x') { step any }");
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["E0302"]);
    assert!(diags.iter().any(|d| d.message.contains("`X'`")));
    // Two marks, or a mark with no letter, are no letter.
    for bad in ["X''", "X'!", "'", "+!"] {
        let (_, diags) = check_source(&format!(
            "board square 15x15\npiece Ox ({bad}) {{ step any }}"
        ));
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec!["E0303"], "{bad}");
    }
}

#[test]
fn files_without_game_declarations_have_empty_game() {
    let r = rules(
        "board square 8x8\nzone z = rank 2\npiece King (K) { step any }\n\
         piece Pawn (P) { step forward; ride forward 2, move only, from z }",
    );
    assert_eq!(r.game, crate::ir::GameDecls::default());
}

#[test]
fn declaration_words_stay_usable_as_names() {
    let r = rules(
        "board square 8x8\nzone hand = rank 1\nzone start = rank 2\nzone in = rank 8\n\
         piece start (S) { step any, from start }\npiece hand (H) { step any, to hand }\n\
         piece drop (D) { like start; like royal }\npiece royal (R) { step any via piece not drop then step same }\n\
         piece en (E) { step any, captures en }\npiece passant (A) { like en }\npiece with (W) { like en }\n\
         royal with | passant\npromotion en to with in in\n",
    );
    let names: Vec<&str> = r.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        vec!["start", "hand", "drop", "royal", "en", "passant", "with"]
    );
    assert_eq!(r.game.royals, vec![PieceId(6), PieceId(5)]);
    assert_eq!(r.game.promotions[0].zone, ZoneId(2));
    assert!(!r.game.hand);
}

#[test]
fn game_declarations_in_any_order() {
    let r = rules(
        "royal King\nconfine King to home\npiece King (K) { step any }\n\
         zone home = a1-c3\nboard square 8x8\n",
    );
    assert_eq!(r.game.royals, vec![PieceId(0)]);
    assert_eq!(r.game.confinements[0].zone, ZoneId(0));
    assert_eq!(r.pieces[0].patterns[0].conditions.to[0].zone, ZoneId(0));
}

#[test]
fn game_declaration_errors_are_all_collected() {
    let (rules, diags) = check_source(
        "board square 8x8\nroyals may not face\nstart \"a\"\nstart \"b\"\nhand\nhand\n\
         drop Pawn\npiece Pawn (P) { step forward }\n",
    );
    assert!(rules.is_none());
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["E0902", "E0901", "E0909"]);
}
