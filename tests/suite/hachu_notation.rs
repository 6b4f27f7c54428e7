//! FEN and move notation as HaChu writes them (issue 38, item 3), for Chu, Dai, Tenjiku
//! and Wa Shogi: HaChu's own tables typed in verbatim from its public-domain source
//! (`variant.c` of H. G. Muller's engine, as in the public repository ddugovic/hachu):
//! its start arrays (`chuArray`, `daiArray`, `waArray`, `tenArray`) read as the shipped
//! games' starts, and its letter tables (`chuIDs`, `daiIDs`, `waIDs`, `tenIDs`: for each letter, then
//! each letter with `'`, then with `!`, HaChu's two-letter name of the piece) read as
//! the shipped files' pieces. Moves: a Lion's double move, igui and pass written leg by
//! leg as HaChu writes them, and read back.

use crate::common;

use common::game;
use piecewise::Game;

/// HaChu's two-letter names (the comments of its `chuPieces`, `daiPieces` and
/// `tenjikuPieces`) and the shipped files' names for the same pieces.
const NAMES: &[(&str, &str)] = &[
    ("RV", "ReverseChariot"),
    ("B", "Bishop"),
    ("C", "Copper"),
    ("DK", "Dragon"),
    ("DE", "Elephant"),
    ("FL", "Leopard"),
    ("G", "Gold"),
    ("DH", "Horse"),
    ("GB", "GoBetween"),
    ("I", "Iron"),
    ("K", "King"),
    ("L", "Lance"),
    ("SM", "SideMover"),
    ("LN", "Lion"),
    ("N", "Knight"),
    ("KN", "Kirin"),
    ("P", "Pawn"),
    ("FK", "Queen"),
    ("R", "Rook"),
    ("S", "Silver"),
    ("BT", "BlindTiger"),
    ("VM", "VerticalMover"),
    ("PH", "Phoenix"),
    ("SG", "Stone"),
    ("EW", "EvilWolf"),
    ("AB", "AngryBoar"),
    ("CS", "CatSword"),
    ("FD", "FlyingDragon"),
    ("VO", "ViolentOx"),
    ("D", "Dog"),
    ("FE", "FreeEagle"),
    ("SS", "SideSoldier"),
    ("VS", "VerticalSoldier"),
    ("BG", "BishopGeneral"),
    ("FI", "FireDemon"),
    ("SE", "SoaringEagle"),
    ("HF", "HornedFalcon"),
    ("LH", "LionHawk"),
    ("GG", "GreatGeneral"),
    ("RG", "RookGeneral"),
    ("VG", "ViceGeneral"),
    ("WB", "WaterBuffalo"),
];

/// HaChu's two-letter names of Wa Shogi's pieces (its `waPieces`) and the shipped
/// file's names.
const WA_NAMES: &[(&str, &str)] = &[
    ("FC", "FlyingCock"),
    ("BD", "BlindDog"),
    ("CE", "CloudEagle"),
    ("FF", "FlyingFalcon"),
    ("FG", "FlyingGoose"),
    ("LH", "LiberatedHorse"),
    ("SO", "SwoopingOwl"),
    ("CM", "ClimbingMonkey"),
    ("OC", "Oxcart"),
    ("RR", "RunningRabbit"),
    ("SW", "SwallowsWings"),
    ("SC", "StruttingCrow"),
    ("VS", "ViolentStag"),
    ("VW", "ViolentWolf"),
    ("TF", "TreacherousFox"),
];

/// HaChu's letter tables, verbatim: two characters a letter A-Z, for the plain
/// letters, then (for Dai and Tenjiku) the primed and the `!` ones; blank or `..` where
/// the game has no such piece. (HaChu writes Dai's Stone `ST` in `daiPieces` and `SG`
/// in `daiIDs`; the table is what its FEN reader uses.)
const CHU_IDS: &str = "RVB C DKDEFLG DHGB..K L SMLNKNP FKR S BT..VM..PH....";
const DAI_IDS: [&str; 3] = [
    "RVB C DKDEFLG DHI ..K L SMN KNP FKR S BTSGVMEWPH....",
    "AB  CS    FD                  GB              VO    ",
    "                      LN                            ",
];
const WA_IDS: &str = "....FCBDCEFFFGLH....K SOCM..OCP ..RRSW..SCVSVWTF....";
const TEN_IDS: [&str; 3] = [
    "RVB C DKDEFLG DHI ..K L SMN KNP FKR S BT..VM..PH....",
    "..  ..D   ..                    FE  SS    VS        ",
    "  BGCSFISEHF  LH      LN        GGRG      VGWB      ",
];

/// HaChu's start arrays, verbatim (the board field, gote's camp first).
const CHU_ARRAY: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";
const DAI_ARRAY: &str = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL";
const WA_ARRAY: &str =
    "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH";
const TEN_ARRAY: &str = "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q!h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d6d4/16/16/16/16/4D6D4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL";

/// Every letter of a HaChu letter table names the shipped file's piece of that name
/// (`own`: the game's names where HaChu's two letters mean another piece than Dai's).
fn check_ids(g: &Game, tables: &[&str], own: &[(&str, &str)], what: &str) {
    let rules = g.rules();
    let mut seen = 0;
    for (mark, table) in ["", "'", "!"].iter().zip(tables) {
        for (i, pair) in table.as_bytes().chunks(2).enumerate() {
            let code = std::str::from_utf8(pair).unwrap().trim();
            if code.is_empty() || code == ".." {
                continue;
            }
            let letter = format!("{}{mark}", (b'A' + i as u8) as char);
            let name = own
                .iter()
                .chain(NAMES)
                .find(|(c, _)| *c == code)
                .unwrap_or_else(|| panic!("{what}: HaChu's {code}"))
                .1;
            let id = rules
                .piece(&letter)
                .unwrap_or_else(|| panic!("{what}: no piece {letter} ({code})"));
            assert_eq!(rules.piece_name(id), name, "{what}: {letter}");
            seen += 1;
        }
    }
    assert!(seen >= 17, "{what}: {seen} letters");
}

#[test]
fn the_shipped_large_shogi_games_use_hachus_letters() {
    check_ids(&game("chushogi"), &[CHU_IDS], &[], "Chu");
    check_ids(&game("daishogi"), &DAI_IDS, &[], "Dai");
    // Tenjiku's `CS` is the Chariot Soldier (Dai's the Cat Sword).
    let own = [("CS", "ChariotSoldier")];
    check_ids(&game("tenjikushogi"), &TEN_IDS, &own, "Tenjiku");
    check_ids(&game("washogi"), &[WA_IDS], WA_NAMES, "Wa");
    check_ids(&game("washogi-drops"), &[WA_IDS], WA_NAMES, "Wa with drops");
}

fn start_field(g: &Game) -> String {
    let fen = g.fen(&g.start_position().unwrap());
    fen.split(' ').next().unwrap().to_string()
}

#[test]
fn hachus_start_arrays_read_as_the_shipped_starts() {
    for (name, array) in [
        ("chushogi", CHU_ARRAY),
        ("daishogi", DAI_ARRAY),
        ("washogi", WA_ARRAY),
    ] {
        let g = game(name);
        let pos = g.position(&format!("{array} w - - 0 1")).expect(name);
        assert_eq!(g.fen(&pos), g.fen(&g.start_position().unwrap()), "{name}");
        assert_eq!(start_field(&g), array, "{name}");
    }
    // Tenjiku's array as HaChu's source has it has three slips (its older two-letter
    // array has none of them): sente's second rank is one cell short, and so refused,
    // naming the row ...
    let g = game("tenjikushogi");
    let err = g
        .position(&format!("{TEN_ARRAY} w - - 0 1"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("A1C!C!TOL!QXT1C!C!1A") || err.contains("15"),
        "{err}"
    );
    // ... the Dogs are written `d` (HaChu's Dragon King: `D'` is its Dog) and gote's
    // Free Eagle `q!` (its Great General: `Q'` is its Free Eagle). Mended, the array is
    // the shipped start, which is Japanese Wikipedia's.
    let mended = TEN_ARRAY
        .replace("A1C!C!TOL!", "A1C!C!1TOL!")
        .replace("4d6d4", "4d'6d'4")
        .replace("4D6D4", "4D'6D'4")
        .replace("w!d!q!h!", "w!d!q'h!");
    assert_eq!(start_field(&g), mended);
    let pos = g.position(&format!("{mended} w - - 0 1")).unwrap();
    assert_eq!(g.perft(&pos, 1), g.perft(&g.start_position().unwrap(), 1));
    // A Tenjiku position in HaChu's letters: each piece where HaChu puts it.
    let fen = "k15/16/16/16/16/16/16/5q!10/16/16/6D!9/7Q'8/16/4W!11/3+D'12/K14F! w - - 0 1";
    let pos = g.position(fen).expect("HaChu FEN");
    assert_eq!(g.fen(&pos), fen);
    let rules = g.rules();
    for (cell, letter, name) in [
        ("f9", "q!", "GreatGeneral"),
        ("g6", "D!", "FireDemon"),
        ("h5", "Q'", "FreeEagle"),
        ("e3", "W!", "WaterBuffalo"),
        ("d2", "+D'", "MultiGeneral"),
        ("p1", "F!", "HornedFalcon"),
    ] {
        let on = pos.occupant(rules.cell(cell).unwrap());
        assert!(!on.is_empty(), "{cell}");
        assert_eq!(g.letter(on.side(), on.kind()), letter, "{cell}");
        assert_eq!(rules.piece_name(on.kind()), name, "{letter}");
    }
}

#[test]
fn lion_moves_are_written_leg_by_leg_as_hachu_writes_them() {
    let g = game("chushogi");
    // A Chu Lion on f6 with an enemy Pawn on f7 and an empty cell on g7.
    let pos = g
        .position("k11/12/12/12/12/5p6/5N6/12/12/12/12/K11 w - - 0 1")
        .unwrap();
    let moves = g.legal_moves(&pos);
    let text = |uci: &str| {
        let m = g.parse_uci(&pos, uci).unwrap_or_else(|| panic!("{uci}"));
        g.hachu(&pos, &m)
    };
    assert_eq!(text("f6f8xf7"), "f6f7,f7f8", "double capture");
    assert_eq!(text("f6f6xf7"), "f6f7,f7f6", "igui");
    assert_eq!(
        text("f6f6"),
        "f6g7,g7f6",
        "the pass, by the first empty neighbour"
    );
    assert_eq!(text("f6f7"), "f6f7", "a plain capture");
    assert_eq!(text("f6h8"), "f6h8", "a jump");
    // Every legal move, written as HaChu writes it, reads back as itself.
    for m in &moves {
        let written = g.hachu(&pos, m);
        assert_eq!(g.parse_uci(&pos, &written).as_ref(), Some(m), "{written}");
    }
    assert!(moves.len() > 30, "{}", moves.len());
}
