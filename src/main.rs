//! The `umpire` binary: parse flags, run one command, turn its outcome into an exit code.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = umpire::cli::Cli::parse();
    match umpire::commands::run(cli) {
        Ok(code) => code.into(),
        Err(e) => {
            if !e.message.is_empty() {
                eprintln!("umpire: {e}");
            }
            e.exit_code()
        }
    }
}
