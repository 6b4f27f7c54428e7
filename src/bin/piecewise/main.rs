//! The `piecewise` command line: argument parsing, printing, exit codes. No movement
//! logic lives here: every command goes through the library's public API.
//!
//! Exit codes: 0 success; 1 errors in the rules or the input (a FEN, a cell, a table
//! file); 2 usage errors (from clap).
//!
//! The files: `args` is the command line's shape (clap), `cmd/` one module per
//! command, `input` and `output` what commands read and write, `failure` the error
//! classes and their exit codes. This file only dispatches.

#![warn(missing_docs)]

mod args;
mod cmd;
mod failure;
mod input;
mod output;

use args::{Cli, Color, Command, ExportCommand, ImportCommand};
use clap::Parser;
use failure::Outcome;
use input::Start;
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(feature = "serve")]
    if let Command::Serve {
        host,
        allow_remote: false,
        ..
    } = &cli.command
    {
        if !host.is_loopback() {
            use clap::CommandFactory;
            let warning = cmd::serve::remote_warning(std::net::SocketAddr::new(*host, 0));
            Cli::command()
                .error(
                    clap::error::ErrorKind::MissingRequiredArgument,
                    format!(
                        "--host {host} needs --allow-remote: {}",
                        warning
                            .split_once(": ")
                            .map_or(warning.as_str(), |(_, w)| w)
                    ),
                )
                .exit();
        }
    }
    let mut limits = piecewise::pipeline::Limits::default();
    for setting in &cli.limits {
        // Each was checked when the command line was read.
        let _ = limits.apply(setting);
    }
    input::set_limits(limits);
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    match run(cli.command, color) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.exit_code(),
    }
}

/// Runs one command.
fn run(command: Command, color: bool) -> Outcome {
    match command {
        Command::Check {
            files,
            deny_warnings,
        } => cmd::check::run(&files, deny_warnings, color),
        Command::Fmt { files, check } => cmd::fmt::run(&files, check, color),
        Command::Lsp => piecewise_lsp::run_stdio().map_err(|e| {
            eprintln!("error: the language server stopped: {e}");
            failure::Failure::Input
        }),
        Command::Compile { file, output } => cmd::compile::run(&file, &output, color),
        Command::Disasm {
            file,
            from,
            piece,
            side,
        } => cmd::disasm::run(&file, from.as_deref(), piece.as_deref(), side, color),
        Command::Tree {
            rules,
            fen,
            board,
            from,
            json,
        } => cmd::tree::run(
            &rules,
            fen.as_deref(),
            board.as_deref(),
            from.as_deref(),
            json,
            color,
        ),
        Command::Moves {
            rules,
            fen,
            board,
            from,
            pseudo,
            batch,
            san,
            reverse,
        } => cmd::moves::run(
            cmd::moves::Args {
                rules: &rules,
                fen: fen.as_deref(),
                board: board.as_deref(),
                from: from.as_deref(),
                pseudo,
                batch,
                san,
                reverse,
            },
            color,
        ),
        Command::Show {
            rules,
            fen,
            from,
            distance,
            piece,
            board,
            output,
        } => cmd::show::run(
            cmd::show::Args {
                rules: &rules,
                start: Start::new(fen.as_deref(), board.as_deref()),
                from: from.as_deref(),
                distance: distance.as_deref(),
                piece: piece.as_deref(),
                output: &output,
            },
            color,
        ),
        Command::Distance {
            rules,
            fen,
            board,
            from,
            json,
        } => cmd::distance::run(
            cmd::distance::Args {
                rules: &rules,
                start: Start::new(fen.as_deref(), board.as_deref()),
                from: from.as_deref(),
                json,
            },
            color,
        ),
        Command::Perft {
            rules,
            depth,
            fen,
            board,
            divide,
            max_ms,
            threads,
        } => cmd::perft::run(
            &rules,
            depth,
            Start::new(fen.as_deref(), board.as_deref()),
            divide,
            (max_ms, threads),
            color,
        ),
        #[cfg(feature = "serve")]
        Command::Serve {
            rules,
            port,
            host,
            allow_remote,
            perft_max_depth,
            perft_ms,
            max_body,
            max_connections,
            idle_ms,
        } => cmd::serve::run(cmd::serve::Args {
            files: rules,
            addr: std::net::SocketAddr::new(host, port),
            allow_remote,
            max_perft_depth: perft_max_depth,
            perft_ms,
            max_body,
            max_connections,
            idle_ms,
        }),
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => {
            use clap::CommandFactory;
            Cli::command()
                .error(
                    clap::error::ErrorKind::InvalidSubcommand,
                    "this piecewise was built without the playground (the cargo feature \
                     `serve`): run `cargo run --features serve -- serve`, or install it with \
                     `cargo install --path . --features serve`",
                )
                .exit()
        }
        Command::Result {
            rules,
            fen,
            moves,
            batch,
            each,
        } => cmd::result::run(&rules, fen.as_deref(), &moves, (batch, each), color),
        Command::Pgn {
            rules,
            read,
            fen,
            moves,
        } => cmd::pgn::run(&rules, read.as_deref(), fen.as_deref(), &moves, color),
        Command::Play {
            rules,
            fen,
            board,
            moves,
            batch,
            rle,
            reverse,
        } => cmd::play::run(
            &rules,
            Start::new(fen.as_deref(), board.as_deref()),
            &moves,
            cmd::play::Mode {
                batch,
                rle,
                reverse,
            },
            color,
        ),
        Command::Variants { markdown, json } => cmd::variants::run(markdown, json),
        Command::Import(ImportCommand::Betza {
            notation,
            name,
            letter,
        }) => cmd::import::betza(&notation, &name, &letter),
        Command::Import(ImportCommand::Fsf {
            ini,
            variant,
            output,
        }) => cmd::import::fsf(&ini, variant.as_deref(), output.as_deref()),
        Command::Export(ExportCommand::Betza { rules, piece }) => {
            cmd::export::betza(&rules, piece.as_deref(), color)
        }
    }
}
