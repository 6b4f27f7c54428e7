//! The integration tests of the whole tool, as one test binary: each file is a module
//! (`cargo test --test suite draughts::` runs one of them). One binary links the
//! libraries once, where a binary per file linked them sixty times over: the first
//! `./test` of a fresh clone builds in a fraction of the time. Helpers shared by the
//! modules are `common` (and `serve_support` for the playground's tests).

mod common;
mod croatian_brute;
mod draughts_brute;
#[cfg(feature = "serve")]
mod serve_support;

mod activation;
mod alignment;
mod backend;
mod betza;
mod boards;
mod cambodian;
mod cascade_actions;
mod cascade_momentum;
mod castling_past;
mod catalogue_perft;
mod check_only;
mod cli;
mod colours;
mod compact;
mod connect;
mod croatian;
mod croatian_scenes;
mod croatian_serpent_wave;
mod croatian_simple;
mod croatian_starchild;
mod croatian_starts;
mod croatian_teleport;
mod croatian_tlalocan;
mod croatian_tree;
mod croatian_variants;
mod croatian_waves;
mod dai_shogi;
mod delayed_promotion;
mod diagnostics;
mod distance;
mod distance_cli;
mod draughts;
mod draughts_ends;
mod draughts_quality;
mod eastern_rules;
mod editors;
mod effects;
mod fairy_oracle;
mod flips;
mod fmt;
mod fsf;
mod fsf_fen;
mod fsf_keys;
mod fsf_rules;
mod fsf_west;
mod fuzz_regressions;
mod game_end;
mod game_layer;
mod game_tables;
mod gating;
mod graph_boards;
mod hachu_notation;
mod headings;
mod heian_dai_shogi;
mod hostile_bombs;
mod hostile_cli;
mod hostile_input;
mod janggi;
mod journeys;
mod landing;
mod large_shogi;
mod layers;
mod limits;
mod lsp;
mod many_kinds;
mod momentum;
mod move_counts;
mod must_capture;
mod near;
mod neutral;
mod neutral_captures;
mod neutral_movers;
mod parse_messages;
mod pattern_actions;
mod perft;
mod perft_limits;
mod petrify;
mod pgn;
mod pictures;
mod pictures_meets;
mod placement;
mod repeat;
mod robustness;
mod san;
#[cfg(feature = "serve")]
mod serve_api;
#[cfg(feature = "serve")]
mod serve_assist;
#[cfg(feature = "serve")]
mod serve_hostile;
#[cfg(feature = "serve")]
mod serve_jobs;
mod shared;
mod shatar;
mod shogi_faces;
mod side_changes;
mod side_promotion;
mod sides;
mod snapshots;
mod sokoban;
mod sokoban_family;
mod sokoban_reference;
mod sokoban_seed;
mod special_rules;
mod tags;
mod tenjiku_pieces;
mod tenjiku_shogi;
mod ultima;
mod variants;
mod wa_shogi;
mod walls;
mod win_rules;
