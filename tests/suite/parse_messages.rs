//! Snapshot tests of the parser's messages (issue 35): a misspelt keyword gets "did you
//! mean" with the keyword valid at that point, a `{` left open is reported where it
//! opens, and "expected" lists are short, grouped by kind. Rendered without colour, the
//! way a rule author sees them; every snapshot names the fix.

/// Checks `src` and renders all its diagnostics without colour.
fn render(src: &str) -> String {
    let (_, diags) = piecewise::pipeline::check(src, None);
    assert!(!diags.is_empty(), "expected diagnostics for:\n{src}");
    diags.render("test.rules", src, false)
}

/// A snapshot whose rendering must contain `fix` (the help that names the fix).
macro_rules! snap {
    ($name:ident, $src:expr, $fix:expr) => {
        #[test]
        fn $name() {
            let out = render(&$src);
            assert!(out.contains($fix), "no `{}` in:\n{out}", $fix);
            insta::assert_snapshot!(out);
        }
    };
}

const B: &str = "board square 8x8\n";

fn with_board(rest: &str) -> String {
    format!("{B}{rest}")
}

// ------------------------------------------------------------------ misspelt keywords

snap!(
    misspelt_piece,
    "board square 8x8\npice Knight (N) { leap (1,2) }\n",
    "did you mean `piece`?"
);
snap!(
    misspelt_board,
    "borad square 8x8\npiece King (K) { step any }\n",
    "did you mean `board`?"
);
snap!(
    misspelt_zone,
    with_board("zon home = rank 1\npiece King (K) { step any }\n"),
    "did you mean `zone`?"
);
snap!(
    misspelt_leap,
    with_board("piece Knight (N) { laep (1,2) }\n"),
    "did you mean `leap`?"
);
snap!(
    misspelt_step,
    with_board("piece King (K) { stp any }\n"),
    "did you mean `step`?"
);
snap!(
    misspelt_ride,
    with_board("piece Rook (R) { rid orthogonal }\n"),
    "did you mean `ride`?"
);
snap!(
    misspelt_capture_only,
    with_board("piece Pawn (P) { step forward, captrue only }\n"),
    "did you mean `capture only`?"
);
snap!(
    misspelt_only,
    with_board("piece Pawn (P) { step forward, move onyl }\n"),
    "did you mean `only`?"
);
snap!(
    misspelt_initial,
    with_board("piece Pawn (P) { step forward 2, intial }\n"),
    "did you mean `initial`?"
);
snap!(
    misspelt_via,
    with_board("piece Cannon (C) { ride orthogonal vai piece then ride same }\n"),
    "did you mean `via`?"
);
snap!(
    misspelt_then,
    with_board("piece Gryphon (G) { step diagonal thn ride outward }\n"),
    "did you mean `then`?"
);
snap!(
    misspelt_empty,
    with_board("piece Hopper (H) { ride any via emtpy then step same }\n"),
    "did you mean `empty`?"
);
snap!(
    misspelt_rank,
    with_board("zone home = rnak 1\npiece King (K) { step any }\n"),
    "did you mean `rank`?"
);
snap!(
    misspelt_promotion,
    with_board(
        "piece Pawn (P) { step forward }\nzone far = rank 8\npromotoin Pawn to Pawn in far\n"
    ),
    "did you mean `promotion`?"
);
snap!(
    misspelt_diagonal,
    with_board("piece Bishop (B) { ride diagnal }\n"),
    "did you mean `diagonal`?"
);
snap!(
    misspelt_orthogonal,
    with_board("piece Rook (R) { ride orthogonl }\n"),
    "did you mean `orthogonal`?"
);
snap!(
    misspelt_forward,
    with_board("piece Pawn (P) { step forwrd }\n"),
    "did you mean `forward`?"
);
snap!(
    misspelt_keywords_in_several_declarations,
    with_board("pice King (K) { step any }\npiece Rook (R) { rid orthogonal }\n"),
    "did you mean `ride`?"
);

snap!(
    wrong_keyword_in_a_game_declaration,
    with_board("piece Bomb (B) { step any }\nexplode in capture\n"),
    "did you mean `on`?"
);

// ------------------------------------------------------------------ unclosed `{`

snap!(
    unclosed_before_next_piece,
    with_board("piece Knight (N) { leap (1,2)\npiece King (K) { step any }\n"),
    "add `}` after `leap (1,2)` on line 2"
);
snap!(
    unclosed_in_the_middle_of_the_file,
    with_board(
        "piece King (K) {\n    step any\n}\n\npiece Knight (N) {\n    leap (1,2)\n    # no closing brace\n\npiece Rook (R) {\n    ride orthogonal\n}\n"
    ),
    "add `}` after `leap (1,2)` on line 7"
);
snap!(
    unclosed_before_a_zone,
    with_board("piece Pawn (P) {\n    step forward, move only\n\nzone far = rank 8\n"),
    "add `}` after `step forward, move only` on line 3"
);
snap!(
    unclosed_before_a_game_declaration,
    with_board("piece King (K) { step any }\npiece Queen (Q) {\n    ride any\nroyal King\n"),
    "add `}` after `ride any` on line 4"
);
snap!(
    unclosed_at_end_of_file,
    with_board("piece King (K) {\n    step any\n# the end\n"),
    "add `}` after `step any` on line 3"
);
snap!(
    unclosed_with_braces_in_comments,
    with_board(
        "piece Knight (N) { leap (1,2) # a comment's } is no brace\npiece King (K) { step any }\n"
    ),
    "add `}` after `leap (1,2)` on line 2"
);
snap!(
    unclosed_before_piece_on_the_same_line,
    with_board("piece Knight (N) { leap (1,2) piece King (K) { step any }\n"),
    "add `}` after"
);
snap!(
    unclosed_repeat_inside_a_body,
    with_board("piece Rose (R) { repeat 1..7 { leap (1,2) then leap turn 45 }\npiece King (K) { step any }\n"),
    "add `}` after"
);

snap!(
    pattern_after_a_brace_too_many,
    with_board("piece Pawn (P) {\n    step forward, move only }\n    step forward-diagonal, capture only\n}\n"),
    "remove the `}` that closes the body too early"
);

// ------------------------------------------------------------------ "expected" lists

snap!(
    expected_after_a_leg_grouped,
    with_board("piece King (K) { step any foo }\n"),
    "a pattern goes on with"
);
snap!(
    expected_a_declaration,
    with_board("piece King (K) { step any }\n42\n"),
    "a declaration starts with"
);
