//! The `umpire` binary: the whole command line, with umpire's own games.

fn main() -> std::process::ExitCode {
    umpire::run(&[])
}
