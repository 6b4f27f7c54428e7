//! `piecewise import fsf` and `piecewise::fsf`: the variants.ini corpus
//! (`tests/data/fsf/variants.ini`) imports completely, compiles, and gives Fairy-
//! Stockfish's perft counts (measured with pyffish by tests/differential/fsf_perft.py,
//! which also checks depth 4); keys that cannot be translated are listed with their
//! section and line and make the exit code 1; malformed files fail with the line.

use crate::common;

use common::cli::{run, stderr, stdout, temp};
use piecewise::fsf;
use piecewise::Game;

const CORPUS: &str = "tests/data/fsf/variants.ini";

/// Sections won by branch `inib` (flag keys, triple steps).
mod won_inib;

/// Perft 1-3 from the start position, as Fairy-Stockfish counts them (pyffish 0.0.90;
/// minidrop without its one checkmating pawn drop at depth 4, see fsf_perft.py).
const PERFT: &[(&str, [u64; 3])] = &[
    ("minichess", [10, 100, 1212]),
    ("fairychess", [19, 357, 8340]),
    ("capablanca-like", [28, 784, 25228]),
    ("facing", [13, 117, 1674]),
    ("zh", [37, 1230, 42702]),
    ("minidrop", [27, 608, 14039]),
    ("mustcap", [1, 2, 22]),
    ("soldiers", [26, 675, 18267]),
    ("gardner-child", [7, 53, 506]),
    ("losalamos-child", [10, 100, 1212]),
];

#[test]
fn the_corpus_imports_completely_and_counts_like_fairy_stockfish() {
    let text = common::read(CORPUS);
    let variants = fsf::import(&text, None).expect("the corpus reads");
    assert_eq!(variants.len(), PERFT.len());
    for (v, (name, counts)) in variants.iter().zip(PERFT) {
        assert_eq!(&v.name, name);
        assert_complete_with_perft(v, counts);
    }
}

/// Asserts that the imported variant `v` is complete and that its perft from the start
/// position, depth 1, 2, ..., is `counts` (pyffish's figures).
pub(crate) fn assert_complete_with_perft(v: &fsf::Variant, counts: &[u64]) {
    assert_complete_with_perft_from(v, None, counts);
}

/// [`assert_complete_with_perft`] from `fen` (the start position when `None`).
pub(crate) fn assert_complete_with_perft_from(v: &fsf::Variant, fen: Option<&str>, counts: &[u64]) {
    let name = &v.name;
    assert!(v.complete(), "{name}: {:?}", v.issues);
    let game = Game::compile(&v.rules)
        .unwrap_or_else(|d| panic!("{}", d.render("x.rules", &v.rules, false)));
    let pos = match fen {
        Some(f) => game.position(f).unwrap(),
        None => game.start_position().expect("a start position"),
    };
    for (d, want) in counts.iter().enumerate() {
        assert_eq!(
            game.perft(&pos, d as u32 + 1),
            *want,
            "{name} {fen:?} depth {}",
            d + 1
        );
    }
}

#[test]
fn an_imported_variant_reads_like_rules() {
    let text = common::read(CORPUS);
    let v = fsf::import(&text, Some("fairychess")).unwrap();
    insta::assert_snapshot!(v[0].rules);
}

#[test]
fn variant_key_inherits_too() {
    let ini = "[base:chess]\nmaxFile = 6\nmaxRank = 6\ncastling = false\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n[child]\nvariant = base\nflyingGeneral = true\n";
    let v = fsf::import(ini, Some("child")).unwrap();
    assert!(v[0].complete(), "{:?}", v[0].issues);
    assert!(v[0].rules.contains("board square 6x6"));
    assert!(v[0].rules.contains("royals may not face"));
    assert!(v[0].rules.contains("[child : base : chess]"));
}

#[test]
fn untranslated_keys_are_listed_with_section_and_line() {
    let ini = "[a:chess]\npetrifyBlastPieces = true\ntwoBoards = true\npieceValueMg = p:100\ncustomPiece1 = x:mWxN\nnFoldRule = 4\n";
    let v = fsf::import(ini, None).unwrap();
    let issues: Vec<(usize, &str)> = v[0]
        .issues
        .iter()
        .map(|i| (i.line, i.key.as_str()))
        .collect();
    assert_eq!(
        issues,
        [
            (2, "petrifyBlastPieces"),
            (3, "twoBoards"),
            (5, "customPiece1")
        ]
    );
    // Translated keys are not listed: the n-fold rule is a repetition.
    assert!(v[0].rules.contains("\nrepetition 4\n"), "{}", v[0].rules);
    // The file lists what it leaves out, in comments.
    assert!(
        v[0].rules.contains("#   line 3, [a] `twoBoards`"),
        "{}",
        v[0].rules
    );
    let path = temp("untranslated.ini", ini.as_bytes());
    let o = run(&["import", "fsf", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("untranslated.ini:2: [a] `petrifyBlastPieces` not translated"),
        "{err}"
    );
    assert!(
        err.contains(
            "untranslated.ini:5: [a] `customPiece1` not translated: Betza `mWxN`: column 3"
        ),
        "{err}"
    );
    // The rules are still written, for what could be translated.
    assert!(stdout(&o).contains("game \"a\""));
}

#[test]
fn an_unknown_parent_is_an_issue_of_its_children() {
    let path = temp("parent.ini", b"[a:nosuch]\nmaxRank = 6\n[b:chess]\n");
    let o = run(&["import", "fsf", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("parent.ini:1: [a] `:nosuch` not translated: the parent `nosuch`"),
        "{err}"
    );
    assert!(stdout(&o).contains("game \"b\""));
}

#[test]
fn malformed_files_fail_with_the_line() {
    for (ini, want) in [
        ("[a:chess]\nmaxRank 8\n", "line 2: `maxRank 8` is neither"),
        ("[a:chess\n", "line 1: a section header without `]`"),
        ("maxRank = 8\n", "line 1: a key before the first section"),
        ("[a:b]\n[b:a]\n", "inherits from itself"),
        ("[a]\n[a]\n", "line 2: section `a` is defined twice"),
    ] {
        let path = temp("malformed.ini", ini.as_bytes());
        let o = run(&["import", "fsf", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{ini}");
        assert!(stderr(&o).contains(want), "{ini}: {}", stderr(&o));
    }
    let o = run(&["import", "fsf", CORPUS, "--variant", "nosuch"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no section `[nosuch]`"));
}

#[test]
fn cli_writes_one_file_per_section() {
    let dir = std::env::temp_dir().join(format!("piecewise-fsf-{}", std::process::id()));
    let o = run(&["import", "fsf", CORPUS, "-o", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (name, _) in PERFT {
        let f = dir.join(format!("{name}.rules"));
        let o = run(&["perft", f.to_str().unwrap(), "--depth", "1"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn castling_starts_from_the_kings_file_in_the_start_position() {
    // The king starts on d1 and castles to b1 or f1 (its file, not e1's).
    let ini = "[d:chess]\nstartFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\ncastlingKingsideFile = f\ncastlingQueensideFile = b\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("castling King d1 to f1 with Rook h1 to e1"),
        "{}",
        v.rules
    );
    assert!(
        v.rules
            .contains("castling King d1 to b1 with Rook a1 to c1"),
        "{}",
        v.rules
    );
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let pos = game
        .position("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1")
        .unwrap();
    let moves = game.legal_uci(&pos);
    assert!(
        moves.contains(&"d1f1".to_string()) && moves.contains(&"d1b1".to_string()),
        "{moves:?}"
    );
}

#[test]
fn walls_in_the_start_position_are_a_neutral_wall() {
    let ini = "[w:chess]\nstartFen = rnbqkbnr/pppppppp/8/3**3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(v.rules.contains("neutral Wall"), "{}", v.rules);
    let game = piecewise::Game::compile(&v.rules).unwrap();
    let start = game.start_position().unwrap();
    // The d- and e-pawns cannot double-step through the walls on d5 and e5? They can:
    // the walls are on rank 5; a wall blocks a pawn's step onto it.
    let moves = game.legal_uci(&start);
    assert_eq!(moves.len(), 20, "{moves:?}");
    let pos = game.position("4k3/8/8/3**3/3P4/8/8/4K3 w - - 0 1").unwrap();
    assert!(!game.legal_uci(&pos).contains(&"d4d5".to_string()));
}

#[test]
fn built_in_parents_bring_their_pieces_and_rules() {
    let ini = "[a:giveaway]\n[b:xiangqi]\n[c:makruk]\n[d:antichess]\n";
    for v in fsf::import(ini, None).unwrap() {
        let game = piecewise::Game::compile(&v.rules)
            .unwrap_or_else(|d| panic!("{} does not compile: {d}\n{}", v.name, v.rules));
        let n = game.legal_uci(&game.start_position().unwrap()).len();
        // The parents' first moves, as pyffish counts them.
        let expected = match v.name.as_str() {
            "a" | "d" => 20,
            "b" => 44,
            _ => 23,
        };
        assert_eq!(
            n,
            expected,
            "{}: {:?}\n{}",
            v.name,
            game.legal_uci(&game.start_position().unwrap()),
            v.rules
        );
    }
    let v = fsf::import("[b:xiangqi]\n", None).unwrap();
    assert!(
        v[0].rules.contains("confine King to king_region"),
        "{}",
        v[0].rules
    );
    assert!(
        v[0].rules.contains("perpetual check loses"),
        "{}",
        v[0].rules
    );
}

#[test]
fn counting_rules_become_counting_declarations() {
    for (style, line) in [
        ("makruk", "counting makruk pawn"),
        ("asean", "counting asean pawn"),
    ] {
        let ini = format!("[c:makruk]\ncountingRule = {style}\n");
        let v = &fsf::import(&ini, None).unwrap()[0];
        assert!(v.complete(), "{:?}", v.issues);
        assert!(v.rules.contains(line), "{}", v.rules);
        piecewise::Game::compile(&v.rules).unwrap_or_else(|d| panic!("{d}\n{}", v.rules));
    }
    let v = &fsf::import("[c:makruk]\ncountingRule = bhutan\n", None).unwrap()[0];
    assert!(
        v.issues
            .iter()
            .any(|i| i.why.contains("only `makruk`, `asean` and `cambodian`")),
        "{:?}",
        v.issues
    );
}

/// Cambodian chess written as an ini section over Makruk, as Fairy-Stockfish's
/// built-in `cambodian` is made.
const CAMBODIAN: &str = "[cambo:makruk]
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1
gating = true
cambodianMoves = true
countingRule = cambodian
";

#[test]
fn cambodian_moves_and_counting_translate_and_count_like_fairy_stockfish() {
    let v = &fsf::import(CAMBODIAN, None).unwrap()[0];
    for l in [
        "counting cambodian pawn Pawn, rook Rook, bishop Silver, knight Knight\n",
        "tag jump (') for King, as rights in back_rank, lost when aimed at by Rook\n",
        "tag rush (^) for Fers, as rights in back_rank\n",
        "DEde",
    ] {
        assert!(v.rules.contains(l), "no `{l}` in\n{}", v.rules);
    }
    // Perft 1-3 of pyffish 0.0.90's built-in cambodian, which a section may name as
    // its parent too.
    assert_complete_with_perft(v, &[25, 625, 15031]);
    let child = &fsf::import("[child:cambodian]\n", None).unwrap()[0];
    assert!(child.rules.contains("tag rush (^)"), "{}", child.rules);
    assert_complete_with_perft(child, &[25, 625, 15031]);
    // A Rook aiming at the King along its rank takes its leap away (pyffish's legal
    // moves after each Rook move; the Met is pinned after h2h1).
    let game = Game::compile(&v.rules).unwrap();
    let fen = "4k3/8/8/8/8/8/7r/3KM3 b DE - 0 1";
    for (rook, want) in [
        ("h2h1", &["d1c1", "d1c2", "d1d2", "d1e2"][..]),
        (
            "h2h3",
            &[
                "d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2",
            ][..],
        ),
    ] {
        let mut pos = game.position(fen).expect("FEN with gates");
        let m = game.parse_uci(&pos, rook).expect(rook);
        game.make(&mut pos, &m);
        let mut got = game.legal_uci(&pos);
        got.sort();
        assert_eq!(got, want, "after {rook}");
    }
}

#[test]
fn every_written_file_compiles_or_says_why_not() {
    // A section whose start position does not fit its board: the file is still
    // written, and the reason it does not compile is an issue and a comment in it.
    let ini = "[bad:chess]\nmaxRank = 6\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(!v.complete());
    assert!(
        v.issues.iter().any(|i| i.why.contains("does not compile")),
        "{:?}",
        v.issues
    );
    assert!(v.rules.contains("# Not translated"), "{}", v.rules);
}

#[test]
fn walling_rules_are_walls_placed_after_each_move() {
    // Snailtrail as an ini section: `wallingRule = past`.
    let ini = "[trail:chess]\nmaxRank = 7\nmaxFile = g\ncustomPiece1 = p:mK\nking = -\nqueen = -\nrook = -\nbishop = -\nknight = -\npawn = -\nstartFen = 6p/7/7/7/7/7/P6 w - - 0 1\nstalemateValue = loss\nwallingRule = past\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules
            .contains("neutral Wall, placed after each move, where the mover was"),
        "{}",
        v.rules
    );
    let game = Game::compile(&v.rules).unwrap();
    let mut moves = game.legal_uci(&game.start_position().unwrap());
    moves.sort();
    // pyffish 0.0.90's snailtrail: the same three moves.
    assert_eq!(moves, ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    // A walling region is a zone; the Duck's rule is reported, not translated.
    let region = ini.replace("past", "static\nwallingRegion = a1 b1 c1");
    let v = &fsf::import(&region, None).unwrap()[0];
    assert!(v.complete(), "{:?}", v.issues);
    assert!(
        v.rules.contains("zone absolute walling_zone = a1 b1 c1"),
        "{}",
        v.rules
    );
    assert!(
        v.rules
            .contains("placed after each move, in walling_zone\n"),
        "{}",
        v.rules
    );
    let duck = ini.replace("past", "duck");
    let v = &fsf::import(&duck, None).unwrap()[0];
    assert!(
        v.issues.iter().any(|i| i.key == "wallingRule"),
        "{:?}",
        v.issues
    );
}

/// Sections with Fairy-Stockfish's connect keys (`connectN`, `connectValue`,
/// `connectNxN`, `collinearN` with `connectPieceTypes`, `connectRegion1/2`,
/// `connectDiagonal = false`) and landing drops (`enclosingDrop = top | anyside`), for
/// tests/suite/fsf.rs's connect family.
const CONNECT: &str = "\
[ttt:chess]
maxRank = 3
maxFile = 3
immobile = p
king = -
queen = -
rook = -
bishop = -
knight = -
pawn = -
startFen = 3/3/3[PPPPPpppp] w - - 0 1
pieceDrops = true
castling = false
doubleStep = false
stalemateValue = draw
immobilityIllegal = false
connectN = 3

[c4:ttt]
maxRank = 6
maxFile = 7
startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1
enclosingDrop = top
connectN = 4

[c4loss:c4]
connectValue = loss

[c4sides:c4]
maxRank = 5
maxFile = 5
startFen = 5/5/5/5/5[PPPPPPPPPPPPPppppppppppppp] w - - 0 1
enclosingDrop = anyside

[holes:ttt]
startFen = 3/3/3[PPPPPpppp] w - - 0 1
connectDiagonal = false

[block:ttt]
maxRank = 4
maxFile = 4
connectN = 4
connectNxN = 2
startFen = 4/4/4/4[PPPPpppp] w - - 0 1

[musk:chess]
king = -
queen = -
rook = -
bishop = -
knight = -
pawn = -
maxRank = 5
maxFile = 5
customPiece1 = m:cW
customPiece2 = p:mW
startFen = ppppM/ppppp/ppMpp/ppppp/Mpppp w - - 0 1
collinearN = 3
connectDiagonal = false
connectPieceTypes = m
connectValue = loss
stalemateValue = win
castling = false
doubleStep = false

[chain:chess]
king = -
queen = -
rook = -
bishop = -
knight = -
pawn = -
maxRank = 4
maxFile = 4
customPiece1 = p:mW
startFen = 4/4/4/4[PPPPPPPPpppppppp] w - - 0 1
pieceDrops = true
castling = false
doubleStep = false
immobilityIllegal = false
connectRegion1White = a*
connectRegion2White = d*
connectRegion1Black = *1
connectRegion2Black = *4
connectDiagonal = false
";

/// A section, the FEN to count from (`None`: its start), pyffish's perft 1, 2, ... and
/// lines of the written file.
type ConnectCase = (
    &'static str,
    Option<&'static str>,
    &'static [u64],
    &'static [&'static str],
);

#[test]
fn connect_keys_translate_and_count_like_fairy_stockfish() {
    // Perft from the start (or from `fen`) as pyffish 0.0.90 counts it, and lines of
    // the written file.
    let want: &[ConnectCase] = &[
        ("ttt", None, &[9, 72, 504, 3024, 15120, 54720], &["connect 3\n"]),
        ("c4", None, &[7, 49, 343], &["drop Immobile, also stuck, falling\n", "connect 4\n"]),
        ("c4", Some("7/7/7/7/7/PPP4[PPpp] w - - 0 1"), &[7, 42, 294], &[]),
        ("c4loss", Some("7/7/7/7/7/PPP4[PPpp] w - - 0 1"), &[7, 42, 294], &["connect 4 loss\n"]),
        ("c4sides", None, &[16, 240, 3342], &[", pushed in\n"]),
        (
            "holes",
            Some("3/3/PP1[PPp] w - - 0 1"),
            &[7, 36, 180],
            &["connect 3, along sideways + forward\n"],
        ),
        ("holes", None, &[9, 72, 504, 3024, 15120, 56160], &[]),
        (
            "block",
            Some("4/4/4/PP1p[PPpp] w - - 0 1"),
            &[13, 156, 1716, 16940],
            &["connect 4\n", "connect square 2\n"],
        ),
        (
            "musk",
            None,
            &[8, 16, 132],
            &["connect 3 with Custom1 loss, along sideways + forward, gaps\n"],
        ),
        (
            "chain",
            None,
            &[16, 240, 4032, 63720],
            &[
                "zone absolute connect_white_from = file a\n",
                "connect connect_white_from to connect_white_to for first, along right + forward\n",
                "connect connect_black_from to connect_black_to for second, along right + forward\n",
            ],
        ),
    ];
    let variants = fsf::import(CONNECT, None).unwrap();
    for (name, fen, counts, lines) in want {
        let v = variants.iter().find(|v| &v.name == name).unwrap();
        for l in *lines {
            assert!(v.rules.contains(l), "{name}: no `{l}` in\n{}", v.rules);
        }
        assert_complete_with_perft_from(v, *fen, counts);
    }
}

#[test]
fn snort_drops_keep_off_the_foes_like_fairy_stockfish() {
    // `enclosingDrop = snort` under the built-in parent ataxx: perft 1-3 as pyffish
    // 0.0.90 counts it (64, 3808, 222792).
    let ini = "[sn:ataxx]\nmaxRank = 8\nmaxFile = 8\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8 w 0 1\nenclosingDrop = snort\nflipEnclosedPieces = none\npassOnStalemate = false\n";
    let v = &fsf::import(ini, None).unwrap()[0];
    assert!(v.rules.contains(", not next to foe"), "{}", v.rules);
    assert!(
        !v.issues.iter().any(|i| i.key == "enclosingDrop"),
        "{:?}",
        v.issues
    );
    let game = Game::compile(&v.rules).unwrap();
    let start = game.start_position().unwrap();
    for (depth, want) in (1..).zip([64u64, 3808, 222792]) {
        assert_eq!(game.perft(&start, depth), want, "depth {depth}");
    }
}

/// Sections of a variants.ini with the keys translated for issue 31 (drops without
/// captures to hand, drop regions, `dropChecks`, shogi-style `promotedPieceType`,
/// pseudo-royal extinction pieces, `blastOnCapture`), each with perft 1-3 from its
/// start position as pyffish 0.0.90 counts it (load_variant_config and recursion over
/// legal_moves).
const KEYS_31: &str = "\
[dropregion:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1
pieceDrops = true
dropRegionWhite = *1 *2 *3
dropRegionBlack = *8 *7 *6
dropChecks = false

[promoted:chess]
maxRank = 6
maxFile = 6
startFen = rnbqkr/pppppp/6/1N4/PPPPPP/R1BQKR w - - 0 1
castling = false
doubleStep = false
promotionRegionWhite = *5 *6
promotionRegionBlack = *2 *1
promotionPieceTypes = -
promotedPieceType = p:q n:r
mandatoryPiecePromotion = true

[twoking:chess]
king = -
commoner = k
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
extinctionPieceCount = 1
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1
castling = false

[blast:giveaway]
blastOnCapture = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false
";

#[test]
fn issue_31_keys_translate_and_count_like_fairy_stockfish() {
    let want: &[(&str, [u64; 3], &[&str])] = &[
        (
            "dropregion",
            [28, 784, 21814],
            &[
                "hand, captures not kept\n",
                "zone no_drop = a4 ",
                "drop Knight not in no_drop, not checking, also stuck\n",
            ],
        ),
        (
            "promoted",
            [9, 66, 735],
            &[
                "promotion Knight to PromotedKnight in promotion_zone, also leaving\n",
                "piece PromotedKnight (+N) { like Rook }\n",
            ],
        ),
        ("twoking", [20, 400, 8682], &["royal Commoner\n"]),
        (
            "blast",
            [20, 400, 8067],
            &["explode on capture, sparing Pawn\n"],
        ),
    ];
    let variants = fsf::import(KEYS_31, None).unwrap();
    for (v, (name, counts, lines)) in variants.iter().zip(want) {
        assert_eq!(&v.name, name);
        for l in *lines {
            assert!(v.rules.contains(l), "{name}: no `{l}` in\n{}", v.rules);
        }
        assert_complete_with_perft(v, counts);
    }
    // The knight must promote on entering the zone (mandatoryPiecePromotion).
    let promoted = Game::compile(&variants[1].rules).unwrap();
    let moves = promoted.legal_uci(&promoted.start_position().unwrap());
    assert!(moves.contains(&"b3a5+".to_string()), "{moves:?}");
    assert!(!moves.contains(&"b3a5".to_string()), "{moves:?}");
    // Pseudo-royal kings without blasts: no extinction line (a missing kind ends nothing).
    assert!(
        !variants[2].rules.contains("extinction"),
        "{}",
        variants[2].rules
    );
    // A game without castling reads the start FEN's `KQkq` as Fairy-Stockfish does.
    let twoking = Game::compile(&variants[2].rules).unwrap();
    let fen = "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1";
    let pos = twoking.position(fen).expect("castling letters are ignored");
    assert_eq!(twoking.legal_uci(&pos).len(), 20);
}

#[test]
fn shogi_parents_count_like_fairy_stockfish() {
    // Perft 1-3 of pyffish 0.0.90's built-in minishogi and gorogoro.
    let ini = "[ms:minishogi]\n[gg:gorogoro]\n";
    let variants = fsf::import(ini, None).unwrap();
    for (v, counts) in variants.iter().zip([[14u64, 181, 2512], [16, 250, 4166]]) {
        assert!(
            v.rules.contains("piece PromotedSilver (+S) { like Gold }"),
            "{}",
            v.rules
        );
        assert_complete_with_perft(v, &counts);
    }
}

/// What differs by side: promotion by side, regions that are not mirror images,
/// pieces not symmetric left to right; `promotionLimit` of shogi-style promotions
/// (`tests/suite/fsf_sides.rs`).
#[path = "fsf_sides.rs"]
mod sides;
