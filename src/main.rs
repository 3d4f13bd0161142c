//! The `umpire` binary: parse flags, run one command, turn its outcome into an exit code.

use std::process::ExitCode;

fn main() -> ExitCode {
    ignore_file_size_signal();
    umpire::main()
}

/// Past a file-size limit (`ulimit -f`) a write raises SIGXFSZ, which kills the process
/// with a half-written line; ignored, the write fails with EFBIG instead, and the entry
/// is refused as "not recorded" with the log cut back to its last whole line.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" at start-up, before any thread
    // exists, touches no Rust state.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
