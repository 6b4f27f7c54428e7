//! failure: how a command fails and which exit code that gives. A command prints its
//! own error message (to standard error) at the place it fails and returns a
//! [`Failure`] naming the class of the error; `main` turns the class into the exit
//! code. Nothing here decides what an error says.

use std::fmt::Display;
use std::process::ExitCode;

/// An error already explained to the user, by class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The rules file does not compile, or `check` found errors (or, with
    /// `--deny-warnings`, warnings).
    Rules,
    /// Bad input: a file that cannot be read, a FEN, a cell, a piece, a move, a text
    /// board, a table file, a line of a batch.
    Input,
    /// The output cannot be written.
    Output,
}

impl Failure {
    /// The exit code: 1 for errors in the rules, the input or the output. (Usage errors
    /// are clap's: it prints them and exits 2 before a command runs.)
    pub fn exit_code(self) -> ExitCode {
        match self {
            Failure::Rules | Failure::Input | Failure::Output => ExitCode::from(1),
        }
    }

    /// Prints `error: {message}` and returns an input failure.
    pub fn input(message: impl Display) -> Failure {
        eprintln!("error: {message}");
        Failure::Input
    }

    /// Prints `error: {message}` and returns an output failure.
    pub fn output(message: impl Display) -> Failure {
        eprintln!("error: {message}");
        Failure::Output
    }
}

/// What a command returns.
pub type Outcome = Result<(), Failure>;

/// `Err(class)` if `failed`: for commands that go on past a failing item (several
/// files, a batch of lines) and fail at the end.
pub fn failed_if(failed: bool, class: Failure) -> Outcome {
    if failed {
        Err(class)
    } else {
        Ok(())
    }
}
