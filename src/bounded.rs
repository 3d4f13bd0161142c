//! Reading a file a person named (a tile set, a board, a grid, a house list): only a
//! regular file, and never more than a bound, so a FIFO, a device or a huge file named
//! by mistake is refused with one line instead of hanging or exhausting memory.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The bytes of the regular file at `path`, at most `max` of them; `what` names the
/// file's role in messages ("tile set", "board").
pub(crate) fn read(path: &Path, max: u64, what: &str) -> Result<Vec<u8>, FileError> {
    let shown = path.display();
    // Open first, then ask the open file what it is: no window for a swap between
    // the check and the read. Opening a FIFO for reading would block until a writer
    // comes, so it is refused from its metadata before opening.
    let meta = std::fs::metadata(path)
        .map_err(|e| FileError(format!("cannot read {what} {shown}: {e}")))?;
    if !meta.is_file() {
        return Err(FileError(format!(
            "{what} {shown} is not a regular file (a directory, device or pipe): name a file"
        )));
    }
    let file =
        File::open(path).map_err(|e| FileError(format!("cannot read {what} {shown}: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| FileError(format!("cannot read {what} {shown}: {e}")))?;
    if !meta.is_file() {
        return Err(FileError(format!(
            "{what} {shown} is not a regular file: name a file"
        )));
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError(format!("cannot read {what} {shown}: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(FileError(format!(
            "{what} {shown} is over {}: that is not a {what}",
            human(max)
        )));
    }
    Ok(bytes)
}

/// Why a named file could not be read: one line that names the file and its role.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FileError(pub(crate) String);

/// The file as text (UTF-8, a leading byte-order mark dropped).
pub(crate) fn read_text(path: &Path, max: u64, what: &str) -> Result<String, FileError> {
    let bytes = read(path, max, what)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| FileError(format!("{what} {} is not UTF-8 text", path.display())))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// "1 MB", "64 KB".
pub(crate) fn human(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", (bytes >> 10).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_bound_is_refused_and_one_under_is_read() {
        let dir = crate::testing::tempdir().expect("dir");
        let p = dir.path().join("x.txt");
        std::fs::write(&p, vec![b'a'; 2048]).expect("write");
        assert_eq!(read(&p, 2048, "grid").expect("fits").len(), 2048);
        let e = read(&p, 1024, "grid").expect_err("too big");
        assert!(e.to_string().contains("over 1 KB"), "{e}");
    }

    #[test]
    fn a_directory_or_device_is_not_read() {
        let dir = crate::testing::tempdir().expect("dir");
        let e = read(dir.path(), 1024, "board").expect_err("a directory");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = read(Path::new("/dev/zero"), 1024, "board").expect_err("a device");
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_text() {
        let dir = crate::testing::tempdir().expect("dir");
        let p = dir.path().join("x.txt");
        std::fs::write(&p, "\u{feff}CAT\n").expect("write");
        assert_eq!(read_text(&p, 1024, "grid").expect("reads"), "CAT\n");
    }
}
