//! Snapshot tests of rendered diagnostics: every syntax error, semantic error and
//! warning the front end reports, rendered the way a rule author sees them.

/// Parses and checks a source text (the pipeline's first two stages).
fn check_source(
    source: &str,
) -> (
    Option<piecewise::ir::RuleSet>,
    piecewise::diagnostics::Diagnostics,
) {
    piecewise::pipeline::check(source, None)
}

/// Checks `src` and renders all its diagnostics without colour.
fn render(src: &str) -> String {
    let (_, diags) = check_source(src);
    assert!(!diags.is_empty(), "expected diagnostics for:\n{src}");
    diags.render("test.rules", src, false)
}

macro_rules! snap {
    ($name:ident, $src:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(render($src));
        }
    };
}

const B: &str = "board square 8x8\n";

// ------------------------------------------------------------------ syntax

snap!(
    syntax_unexpected_word_after_leg,
    "board square 8x8\npiece King (K) { step any foo }\n"
);
snap!(
    syntax_errors_in_several_declarations_all_reported,
    "board square 8x8\npiece Knight (N) { leap (1,2 }\npiece Rook (R) { ride orthogonal,, move only }\nzone home = rank\npiece Bishop (B) { ride diagonal }\n"
);
snap!(
    syntax_missing_direction,
    "board square 8x8\npiece King (K) { step }\n"
);
snap!(
    syntax_unterminated_body,
    "board square 8x8\npiece King (K) {\n    step any\n# the end\n"
);
snap!(
    syntax_unterminated_string,
    "game \"Fairy\nboard square 8x8\n"
);
snap!(
    syntax_keyword_as_name,
    "board square 8x8\npiece then (T) { step any }\n"
);
snap!(syntax_missing_size_x, "board square 8\n");
snap!(syntax_unicode_garbage, "board square 8x8 €\n");
snap!(
    syntax_missing_letter_parens,
    "board square 8x8\npiece King K { step any }\n"
);
snap!(
    syntax_bad_modifier,
    "board square 8x8\npiece Pawn (P) { step forward, quietly }\n"
);
snap!(
    syntax_bad_via,
    "board square 8x8\npiece G (G) { ride any via nothing then step same }\n"
);

// ------------------------------------------------------------------ board

snap!(no_board, "piece King (K) { step any }\n");
snap!(
    two_boards,
    "board square 8x8\nboard square 10x10\npiece King (K) { step any }\n"
);
snap!(
    board_too_big,
    "board square 27x0\npiece King (K) { step any }\n"
);
snap!(
    board_unknown_kind,
    "board squar 8x8\npiece King (K) { step any }\n"
);
snap!(
    game_twice,
    "game \"A\"\ngame \"B\"\nboard square 8x8\npiece King (K) { step any }\n"
);
snap!(piece_like_chain_over_the_limit, &{
    let mut s = String::from("board square 8x8\npiece P0 (A) { step any }\n");
    for (i, l) in "BCDEFGHIJLMNO".chars().enumerate() {
        s.push_str(&format!(
            "piece P{} ({l}) {{ like P{i}; like P{i} }}\n",
            i + 1
        ));
    }
    s
});
snap!(
    board_all_holes,
    "board square 26x26 holes a1-z26\npiece King (K) { step any }\n"
);
snap!(
    hole_off_board,
    "board square 8x8 holes a1 i9\npiece King (K) { step any }\n"
);

// ------------------------------------------------------------------ zones

snap!(
    zone_malformed_cell,
    "board square 8x8\nzone z = A1 a0\npiece P (P) { step forward, from z }\n"
);
snap!(
    zone_off_board,
    "board square 8x8\nzone z = rank 9, files a-k, a1-j2\npiece P (P) { step forward, from z }\n"
);
snap!(
    zone_duplicate,
    "board square 8x8\nzone z = rank 2\nzone z = rank 3\npiece P (P) { step forward, from z }\n"
);
snap!(
    zone_unknown,
    "board square 8x8\nzone pawn_start = rank 2\npiece P (P) { ride forward 2, from pawn_stat }\n"
);
snap!(
    zone_bad_file_letter,
    "board square 8x8\nzone z = file A\npiece P (P) { step forward, from z }\n"
);

// ------------------------------------------------------------------ pieces

snap!(
    piece_duplicate_name,
    "board square 8x8\npiece King (K) { step any }\npiece King (Q) { ride any }\n"
);
snap!(
    piece_duplicate_letter,
    "board square 8x8\npiece King (K) { step any }\npiece Kangaroo (k) { leap (2,2) }\n"
);
snap!(
    piece_bad_letter,
    "board square 8x8\npiece King (KK) { step any }\npiece Queen (9) { ride any }\n"
);
snap!(
    piece_bad_san_letter,
    "board square 8x8\npiece King (K, san KK) { step any }\npiece Queen (Q, san +Q) { ride any }\n"
);
snap!(
    piece_unknown_like,
    "board square 8x8\npiece Queen (Q) { ride any }\npiece Amazon (M) { like Queen; like Knigt }\n"
);
snap!(
    piece_like_cycle,
    "board square 8x8\npiece A (A) { like B }\npiece B (B) { like C }\npiece C (C) { like A }\n"
);
snap!(
    piece_like_itself,
    "board square 8x8\npiece A (A) { like A; step any }\n"
);
snap!(piece_unknown_kind, "board square 8x8\npiece Cannon (C) { ride orthogonal via piece not Canon then ride same, capture only }\n");

// ------------------------------------------------------------------ directions

snap!(
    dir_unknown_word,
    "board square 8x8\npiece Bishop (B) { ride diagonals }\n"
);
snap!(
    dir_zero_vector,
    "board square 8x8\npiece Nil (N) { leap (0,0) }\n"
);
snap!(
    dir_vector_too_long,
    "board square 8x8\npiece Far (F) { leap (1,30) }\n"
);
snap!(
    dir_relative_first_leg,
    "board square 8x8\npiece Odd (O) { step same }\n"
);
snap!(
    dir_turn_not_45,
    "board square 8x8\npiece Odd (O) { step orthogonal then step turn 30 }\n"
);
snap!(
    dir_turn_30_off_the_unit_lines,
    "board hex radius 5\npiece Odd (O) { leap (1,2) then step turn 30 }\n"
);
snap!(
    repeat_second_group,
    "board square 8x8\npiece Odd (O) { repeat { step orthogonal } then repeat 2 { step same } }\n"
);
snap!(
    repeat_zero_times,
    "board square 8x8\npiece Odd (O) { step orthogonal then repeat 0 { step turn 90 } }\n"
);
snap!(
    repeat_turns_first_leg,
    "board square 8x8\npiece Odd (O) { repeat { step turn 90 } }\n"
);
snap!(
    dir_mixed_relative_absolute,
    "board square 8x8\npiece Odd (O) { step orthogonal then step same + diagonal }\n"
);
snap!(
    dir_huge_vector_number,
    "board square 8x8\npiece Odd (O) { leap (1,99999999999999999999999) }\n"
);

// ------------------------------------------------------------------ ranges

snap!(
    range_on_step,
    "board square 8x8\npiece Odd (O) { step orthogonal 2 }\n"
);
snap!(
    range_zero,
    "board square 8x8\npiece Odd (O) { ride orthogonal 0 }\n"
);
snap!(
    range_reversed,
    "board square 8x8\npiece Odd (O) { ride orthogonal 4..2 }\n"
);
snap!(
    range_too_large,
    "board square 8x8\npiece Odd (O) { ride orthogonal up to 256 }\n"
);

// ------------------------------------------------------------------ via

snap!(
    via_on_last_leg,
    "board square 8x8\npiece Odd (O) { ride orthogonal via piece }\n"
);
snap!(
    via_captured_on_friend,
    "board square 8x8\npiece Odd (O) { step any via friend captured then step same }\n"
);
snap!(via_two_kinds, "board square 8x8\npiece P (P) { step forward }\npiece Odd (O) { step any via friend P or foe not P then step same }\n");
snap!(via_kinds_on_empty, "board square 8x8\npiece P (P) { step forward }\npiece Odd (O) { step any via empty P then step same }\n");

// ------------------------------------------------------------------ modifiers

snap!(
    modifier_twice,
    "board square 8x8\npiece P (P) { step forward, move only, initial, move only, initial }\n"
);

// ------------------------------------------------------------------ limits

#[test]
fn too_many_pieces() {
    let mut src = String::from(B);
    for i in 0..128 {
        let letter = (b'A' + (i % 26) as u8) as char;
        src.push_str(&format!("piece P{i} ({letter}) {{ step any }}\n"));
    }
    let (_, diags) = check_source(&src);
    let only: Vec<_> = diags
        .iter()
        .filter(|d| d.code == "E0306")
        .cloned()
        .collect();
    assert_eq!(only.len(), 1);
    let d = piecewise::diagnostics::Diagnostics(only);
    insta::assert_snapshot!(d.render("test.rules", &src, false));
}

snap!(no_piece_declared, "board square 8x8\nzone z = rank 1\n");

// ------------------------------------------------------------------ warnings

snap!(
    warn_unused_zone,
    "board square 8x8\nzone centre = d4-e5\npiece King (K) { step any }\n"
);
snap!(
    warn_move_only_capture_only,
    "board square 8x8\npiece P (P) { step forward, move only, capture only }\n"
);
snap!(
    warn_from_and_not_from,
    "board square 8x8\nzone z = rank 2\npiece P (P) { step forward, from z, not from z }\n"
);
snap!(
    warn_leg_too_long,
    "board square 8x8\npiece P (P) { ride orthogonal 9 }\n"
);
snap!(
    warn_empty_zone,
    "board square 8x8 holes a1\nzone z = a1\npiece P (P) { step forward, from z }\n"
);
snap!(
    warn_duplicate_pattern,
    "board square 8x8\npiece K (K) {\n    step any\n    step any\n}\n"
);
snap!(
    warn_covered_pattern,
    "board square 8x8\npiece K (K) {\n    step orthogonal\n    step any\n}\n"
);
snap!(warn_covered_by_like, "board square 8x8\npiece Rook (R) { ride orthogonal }\npiece Queen (Q) { ride any }\npiece Q2 (X) { like Rook; like Queen }\n");
snap!(warn_no_moves, "board square 8x8\npiece Wall (W) { }\n");

// ------------------------------------------------------------------ several at once

snap!(several_errors_in_one_file, "board square 8x8\nzone z = rank 2\npiece King (K) { step anyy }\npiece Queen (K) { ride any 0 }\npiece Rook (R) { ride orthogonal, from zz }\n");

// ------------------------------------------------------------------ game declarations

snap!(
    game_start_twice,
    "board square 8x8\nstart \"8/8/8/8/8/8/8/8 w\"\nstart \"k7/8/8/8/8/8/8/K7 w\"\npiece King (K) { step any }\n"
);
snap!(
    game_facing_without_royal,
    "board square 9x10\nroyals may not face\npiece General (K) { step orthogonal }\n"
);
snap!(
    game_castling_off_board,
    "board square 8x8 holes d1\nroyal King\ncastling King e1 to i1 with Rook h1 to d1\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n"
);
snap!(
    game_castling_not_on_one_rank,
    "board square 8x8\nroyal King\ncastling King e1 to g1 with Rook h2 to f1\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n"
);
snap!(
    game_castling_same_cell,
    "board square 8x8\nroyal King\ncastling King e1 to g1 with Rook h1 to g1\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n"
);
snap!(
    game_castling_malformed_cell,
    "board square 8x8\nroyal King\ncastling King E1 to g1 with Rook h1 to f1\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n"
);
snap!(
    game_castling_not_royal,
    "board square 8x8\nroyal Prince\ncastling King e1 to g1 with Rook h1 to f1\npiece King (K) { step any }\npiece Prince (P) { step any }\npiece Rook (R) { ride orthogonal }\n"
);
snap!(
    game_promotion_to_itself,
    "board square 8x8\nzone last = rank 8\npromotion Pawn to Queen | Pawn in last\npiece Pawn (P) { step forward }\npiece Queen (Q) { ride any }\n"
);
snap!(
    game_promotion_no_choices,
    "board square 8x8\nzone last = rank 8\npromotion Pawn to in last\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_only_captured_without_start,
    "board square 10x10\nzone far = ranks 8-10\npromotion Pawn to Queen in far, optional, only captured\npiece Pawn (P) { step forward }\npiece Queen (Q) { ride any }\n"
);
snap!(
    game_promotion_option_twice,
    "board square 8x8\nzone last = rank 8\npromotion Pawn to Queen in last, optional, optional\npiece Pawn (P) { step forward }\npiece Queen (Q) { ride any }\n"
);
snap!(
    game_drop_without_hand,
    "board square 8x8\ndrop Pawn, one per file\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_drop_option_twice,
    "board square 8x8\nhand\ndrop Pawn, not mating, not mating\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_drop_per_file_twice,
    "board square 8x8\nhand\ndrop Pawn, one per file, at most 2 per file\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_drop_per_file_zero,
    "board square 8x8\nhand\ndrop Pawn, at most 0 per file\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_hand_twice,
    "board square 8x8\nhand\nhand\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_facing_twice,
    "board square 9x10\nroyal General\nroyals may not face\nroyals may not face\npiece General (K) { step orthogonal }\n"
);
snap!(
    game_en_passant_without_pattern,
    "board square 8x8\nen passant Pawn\npiece Pawn (P) { step forward; ride forward 2, initial }\n"
);
snap!(
    game_en_passant_pattern_without_declaration,
    "board square 8x8\npiece Pawn (P) { step forward\n    ride forward 2, initial, en passant }\n"
);
snap!(
    game_en_passant_modifier_twice,
    "board square 8x8\nen passant Pawn\npiece Pawn (P) { ride forward 2, en passant, en passant }\n"
);
snap!(
    game_unknown_names,
    "board square 8x8\nzone camp = ranks 7-8\nroyal Kng\nen passant Pawn | Soldier\npromotion Pawn to Tokin in camp\nhand\ndrop Pawn not in backranks\nconfine King to palace\npiece King (K) { step any }\npiece Pawn (P) { ride forward 2, en passant }\n"
);
snap!(
    game_plus_letter_twice,
    "board square 9x9\npiece Tokin (+P) { step any }\npiece Narikyo (+p) { step any }\npiece Pawn (P) { step forward }\n"
);
snap!(
    game_plus_letter_malformed,
    "board square 9x9\npiece Tokin (+) { step any }\npiece Dragon (++R) { ride orthogonal }\n"
);
snap!(
    piece_primed_letter_clash,
    "board square 15x15\npiece Lion (L!) { step any }\npiece Boar (A') { step orthogonal }\npiece Ox (a') { step any }\npiece Bad (N'') { step any }\n"
);
snap!(
    tag_mark_clashes_with_primed_letter,
    "board square 8x8\npiece Boar (A') { step orthogonal }\npiece Pawn (P) { step forward }\ntag moved (') for Pawn\n"
);
snap!(
    syntax_declaration_word_as_name,
    "board square 8x8\nroyal King |\nhand\npiece King (K) { step any }\n"
);
snap!(
    syntax_errors_in_several_game_declarations_all_reported,
    "board square 8x8\nroyal King |\ncastling King e1 to g1 with\npromotion Pawn to Queen in\ndrop Pawn not in\nroyals may face\nhand\npiece King (K) { step any }\n"
);
snap!(
    syntax_start_without_quotes,
    "board square 8x8\nstart 8/8/8/8/8/8/8/8\npiece King (K) { step any }\n"
);
snap!(
    syntax_castling_incomplete,
    "board square 8x8\ncastling King e1 to g1 Rook h1 to f1\npiece King (K) { step any }\n"
);

#[test]
fn rules_files_are_clean() {
    for path in ["rules/chess.rules", "rules/fairy.rules"] {
        let src = std::fs::read_to_string(path).expect("rules file exists");
        let (rules, diags) = check_source(&src);
        assert!(
            diags.is_empty(),
            "{path}:\n{}",
            diags.render(path, &src, false)
        );
        assert!(rules.is_some());
    }
}

snap!(
    dir_turn_out_of_range,
    "board square 8x8\npiece Odd (O) { step orthogonal then step turn 450 }\n"
);
snap!(
    syntax_unclosed_vector,
    "board square 8x8\npiece Odd (O) { leap (1,2 }\n"
);

// ------------------------------------------------------------------ displacement, puzzles

snap!(
    push_empty,
    "board square 8x8\npiece Pusher (P) { step orthogonal, push empty }\npiece Box (B) { }\n"
);
snap!(
    push_unknown_kind,
    "board square 8x8\npiece Pusher (P) { step orthogonal, push Boxx }\npiece Box (B) { }\n"
);
snap!(
    push_given_twice,
    "board square 8x8\npiece Pusher (P) { step orthogonal, push Box, push foe }\npiece Box (B) { }\n"
);
snap!(
    sokoban_roles_missing_and_shared,
    "board square 8x8\none side\nsokoban pusher Pusher, wall Pusher\nsokoban box Box\npiece Pusher (P) { step orthogonal, push Box }\npiece Box (B) { }\n"
);
snap!(
    sokoban_without_box,
    "board square 8x8\none side\none side\nsokoban pusher Pusher, pusher Box\npiece Pusher (P) { step orthogonal, push Box }\npiece Box (B) { }\n"
);
snap!(
    sokoban_without_one_side,
    "board square 8x8\nsokoban pusher Pusher, box Box\npiece Pusher (P) { step orthogonal, push Box }\npiece Box (B) { }\npiece Idle (I) { }\n"
);

#[test]
fn pushed_pieces_and_walls_need_no_moves() {
    // Box and Wall have empty bodies but are pushed / a Sokoban wall: no W0004. A push
    // with `move only` and `capture only` still pushes: no W0002.
    let src = "board square 8x8\none side\nsokoban pusher Pusher, box Box, wall Wall\n\
               piece Pusher (P) { step orthogonal, push Box; step diagonal, move only, capture only, push Box }\n\
               piece Box (B) { }\npiece Wall (W) { }\n";
    let (rules, diags) = check_source(src);
    assert!(diags.is_empty(), "{}", diags.render("t.rules", src, false));
    let rules = rules.expect("checks");
    assert!(rules.game.one_side);
    let roles = rules.game.sokoban.expect("roles");
    assert_eq!(rules.pieces[roles.pusher.index()].name, "Pusher");
    assert_eq!(rules.pieces[roles.boxes.index()].name, "Box");
    assert_eq!(
        rules.pieces[roles.wall.expect("a wall").index()].name,
        "Wall"
    );
    let push = rules.pieces[0].patterns[0]
        .land
        .push
        .clone()
        .expect("a push");
    assert!(push.friend && push.foe);
}

// ------------------------------------------------------------------ topologies

snap!(
    board_radius_on_square,
    "board square radius 5\npiece King (K) { step any }\n"
);
snap!(
    board_size_on_graph,
    "board graph 8x8\npiece King (K) { step any }\n"
);
snap!(
    board_hex_radius_too_big,
    "board hex radius 13\npiece King (K) { step any }\n"
);
snap!(
    board_graph_file_missing,
    "board graph \"no/such/file.json\"\npiece King (K) { step any }\n"
);
snap!(
    board_hex_file_j,
    "board hex radius 5\nzone home = j1, f6, a7\npiece King (K) { step any }\n"
);
snap!(
    dir_diagonal_on_tri,
    "board tri 6x4\npiece Bishop (B) { ride diagonal }\npiece Pawn (P) { step forward }\n"
);
snap!(
    dir_knight_on_graph,
    "board graph \"rules/boards/wheel.json\"\npiece Knight (N) { leap (1,2) }\n"
);
snap!(
    dir_turn_45_on_hex,
    "board hex radius 5\npiece Hook (H) { ride orthogonal then ride turn 45 }\n"
);
snap!(
    dir_turn_30_knight_on_hex,
    "board hex radius 5\npiece Odd (O) { leap (1,2) then step turn 30 }\n"
);
snap!(
    game_stalemate_bad_outcome,
    "board square 8x8\npiece King (K) { step any }\nroyal King\nstalemate maybe\n"
);
snap!(
    game_stalemate_twice,
    "board square 8x8\npiece King (K) { step any }\nroyal King\nstalemate loss\nstalemate draw\n"
);
