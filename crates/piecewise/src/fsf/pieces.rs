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

/// The built-in piece types, in Fairy-Stockfish's order; `pawn`, `soldier` and
/// `janggiCannon` are written by hand (the pawn's double step and the soldier's
/// sideways steps depend on other keys; the Janggi cannon neither jumps nor takes
/// cannons), `king` is royal.
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
    b("dragon", "Dragon", "RF"),
    b("clobber", "Clobber", "cW"),
    b("breakthrough", "Breakthrough", "fmWfF"),
    b("immobile", "Immobile", ""),
    b("cannon", "Cannon", "mRcpR"),
    b("janggiCannon", "JanggiCannon", ""),
    b("soldier", "Soldier", "fsW"),
    b("horse", "Horse", "nN"),
    b("elephant", "Elephant", "nA"),
    b("janggiElephant", "JanggiElephant", "nZ"),
    b("banner", "Banner", "RcpRnN"),
    b("wazir", "Wazir", "W"),
    b("commoner", "Commoner", "K"),
    b("centaur", "Centaur", "KN"),
];

/// The built-in parents, as `builtins.ini` writes them.
const BUILTIN_PARENTS: &str = include_str!("builtins.ini");

/// The keys a built-in parent stands for, its own parents' under them (the child's
/// win), as `(key, value)` pairs; `None` for a name that is not a built-in parent.
pub fn builtin_parent(name: &str) -> Option<Vec<(String, String)>> {
    static SECTIONS: std::sync::OnceLock<Vec<super::ini::Section>> = std::sync::OnceLock::new();
    let all = SECTIONS.get_or_init(|| {
        super::ini::sections(BUILTIN_PARENTS).expect("builtins.ini is a well-formed variants.ini")
    });
    all.iter().find(|s| s.name == name)?;
    let resolved = super::ini::resolve(all, name).ok()?;
    Some(
        resolved
            .keys
            .into_iter()
            .map(|(k, e)| (k, e.value))
            .collect(),
    )
}

/// The names of the built-in parents, for messages.
pub fn builtin_parent_names() -> Vec<String> {
    super::ini::sections(BUILTIN_PARENTS)
        .map(|all| all.into_iter().map(|s| s.name).collect())
        .unwrap_or_default()
}
