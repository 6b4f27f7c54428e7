//! pieces: what Fairy-Stockfish has built in: its piece types (the keys `pawn`,
//! `knight`, ..., `king`), with the name a `.rules` file gives them and their Betza, in
//! Fairy-Stockfish's piece-type order (which is also the order hands are written in
//! FEN); and the built-in parent variants piecewise knows, as the keys they stand for.

/// A built-in piece type: the ini key, the `.rules` name, its Betza (`None`: not
/// translated, with why).
pub struct Builtin {
    /// The key in variants.ini.
    pub key: &'static str,
    /// The piece's name in the `.rules` file.
    pub name: &'static str,
    /// Its moves, or why they are not translated.
    pub betza: Result<&'static str, &'static str>,
}

const fn b(key: &'static str, name: &'static str, betza: &'static str) -> Builtin {
    Builtin {
        key,
        name,
        betza: Ok(betza),
    }
}

/// The built-in piece types, in Fairy-Stockfish's order; `pawn` and `soldier` are
/// written by hand (the pawn's double step and the soldier's sideways steps depend on
/// other keys), `king` is royal.
pub const BUILTINS: &[Builtin] = &[
    b("pawn", "Pawn", "fmWfceF"),
    b("knight", "Knight", "N"),
    b("bishop", "Bishop", "B"),
    b("rook", "Rook", "R"),
    b("queen", "Queen", "Q"),
    b("fers", "Fers", "F"),
    b("alfil", "Alfil", "A"),
    b("fersAlfil", "FersAlfil", "FA"),
    b("silver", "Silver", "FfW"),
    b("aiwok", "Aiwok", "RNF"),
    b("bers", "Bers", "RF"),
    b("archbishop", "Archbishop", "BN"),
    b("chancellor", "Chancellor", "RN"),
    b("amazon", "Amazon", "QN"),
    b("knibis", "Knibis", "mNcB"),
    b("biskni", "Biskni", "mBcN"),
    b("kniroo", "Kniroo", "mNcR"),
    b("rookni", "Rookni", "mRcN"),
    b("shogiPawn", "ShogiPawn", "fW"),
    b("lance", "Lance", "fR"),
    b("shogiKnight", "ShogiKnight", "fN"),
    b("gold", "Gold", "WfF"),
    b("dragonHorse", "DragonHorse", "BW"),
    b("clobber", "Clobber", "cW"),
    b("breakthrough", "Breakthrough", "fmWfF"),
    b("immobile", "Immobile", ""),
    b("cannon", "Cannon", "mRcpR"),
    Builtin {
        key: "janggiCannon",
        name: "JanggiCannon",
        betza: Err(
            "the Janggi cannon may not jump or capture cannons; its rules are not translated",
        ),
    },
    b("soldier", "Soldier", "fsW"),
    b("horse", "Horse", "nN"),
    b("elephant", "Elephant", "nA"),
    b("janggiElephant", "JanggiElephant", "nZ"),
    b("banner", "Banner", "RcpRnN"),
    b("wazir", "Wazir", "W"),
    b("commoner", "Commoner", "K"),
    b("centaur", "Centaur", "KN"),
];

/// The keys a built-in parent stands for.
pub fn builtin_parent(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    const CHESS: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("bishop", "b"),
        ("rook", "r"),
        ("queen", "q"),
        ("king", "k"),
    ];
    const CRAZYHOUSE: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("bishop", "b"),
        ("rook", "r"),
        ("queen", "q"),
        ("king", "k"),
        ("pieceDrops", "true"),
        ("capturesToHand", "true"),
        (
            "startFen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ),
    ];
    const GARDNER: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("bishop", "b"),
        ("rook", "r"),
        ("queen", "q"),
        ("king", "k"),
        ("maxRank", "5"),
        ("maxFile", "5"),
        ("startFen", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"),
        ("castling", "false"),
        ("doubleStep", "false"),
        ("promotionRegionWhite", "*5"),
        ("promotionRegionBlack", "*1"),
    ];
    const LOS_ALAMOS: &[(&str, &str)] = &[
        ("pawn", "p"),
        ("knight", "n"),
        ("rook", "r"),
        ("queen", "q"),
        ("king", "k"),
        ("maxRank", "6"),
        ("maxFile", "6"),
        ("startFen", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"),
        ("castling", "false"),
        ("doubleStep", "false"),
        ("promotionRegionWhite", "*6"),
        ("promotionRegionBlack", "*1"),
        ("promotionPieceTypes", "nrq"),
    ];
    match name {
        "chess" => Some(CHESS),
        "fairy" => Some(&[]),
        "crazyhouse" => Some(CRAZYHOUSE),
        "gardner" => Some(GARDNER),
        "losalamos" => Some(LOS_ALAMOS),
        _ => None,
    }
}
