//! Writing files safely: a new output never silently replaces an old one, and a file that takes
//! long to write appears under its real name only when it is complete (a killed run leaves a
//! `.partial` file, never a half file that looks whole). Reading a small input file stops at a
//! size limit, so a wrong path (a device, a huge log) is refused instead of filling memory.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use crate::error::Error;

/// Refuses `path` as a new output when it is a directory or already exists; `hint` says what
/// to do instead (`use --force to replace it`).
pub fn check_new(path: &Path, hint: &str) -> Result<(), Error> {
    check_file_name(path)?;
    if path.exists() {
        return Err(Error::file(format!(
            "'{}' already exists: {hint}",
            path.display()
        )));
    }
    Ok(())
}

/// Refuses `path` as an output's name when it is a directory, or anything else that exists and
/// is not a regular file (a device, a pipe, a socket, a link to nothing): replacing such a path
/// would put a file where a device was, and writing into it would not keep what is written.
fn check_file_name(path: &Path) -> Result<(), Error> {
    if path.is_dir() {
        return Err(Error::file(format!(
            "'{}' is a directory, not a file name",
            path.display()
        )));
    }
    let not_file = match std::fs::metadata(path) {
        Ok(meta) => !meta.is_file(),
        // A link whose target does not exist (or cannot be reached).
        Err(_) => std::fs::symlink_metadata(path).is_ok(),
    };
    if not_file {
        return Err(Error::file(format!(
            "'{}' exists and is not a regular file (a device, a pipe or a broken link): give \
             a file name",
            path.display()
        )));
    }
    Ok(())
}

/// The file that writing `path` replaces: the file itself, or, through a symbolic link, the
/// file the link names (so that the link stays a link).
fn written_path(path: &Path) -> PathBuf {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    match is_link {
        true => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        false => path.to_path_buf(),
    }
}

/// Creates `path`, which must not exist yet (see [`check_new`] for `hint`).
pub fn create_new(path: &Path, hint: &str) -> Result<File, Error> {
    check_new(path, hint)?;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| Error::file(format!("cannot create '{}': {e}", path.display())))
}

/// The text of `path`, read only if it is at most `limit` bytes; `what` names the input in
/// messages (`--from litama`). A byte-order mark at the start is dropped: editors on Windows
/// write one, and the person who made the file never sees it, so an error naming it would
/// point at nothing visible.
pub fn read_small(path: &Path, limit: u64, what: &str) -> Result<String, Error> {
    let mut text = read_small_utf8(path, limit, what)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The text of `path` as it is, byte for byte, read only if it is at most `limit` bytes: for
/// files this program writes, whose byte offsets matter (a record resumed at its last whole
/// line).
pub fn read_small_utf8(path: &Path, limit: u64, what: &str) -> Result<String, Error> {
    String::from_utf8(read_small_bytes(path, limit, what)?)
        .map_err(|_| Error::file(format!("{what} '{}': not UTF-8 text", path.display())))
}

/// The bytes of `path`, refused with one message naming `what` and the path when it holds more
/// than `limit`: a bound, so that a wrong path (a device, a disk image) is refused, not read.
pub fn read_small_bytes(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, Error> {
    use io::Read;
    let fail = |e: io::Error| Error::file(format!("{what} '{}': {e}", path.display()));
    // A pipe or a device is refused before it is opened: opening a pipe no one writes to
    // waits for ever, and /dev/stdin would take the input meant for something else (the
    // protocol server's next commands).
    let meta = std::fs::metadata(path).map_err(fail)?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(Error::file(format!(
            "{what} '{}' is not a regular file (a device or a pipe): give a file",
            path.display()
        )));
    }
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(fail)?;
    if bytes.len() as u64 > limit {
        return Err(Error::file(format!(
            "{what} '{}': larger than {limit} bytes, too large for this input",
            path.display()
        )));
    }
    Ok(bytes)
}

/// Whether two paths name one file, whether or not it exists yet: `x.jsonl` and `./x.jsonl`
/// are the same, as are two names through a symbolic link to one directory.
pub fn same_file(a: &Path, b: &Path) -> bool {
    fn resolved(path: &Path) -> PathBuf {
        if let Ok(full) = std::fs::canonicalize(path) {
            return full;
        }
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        match (std::fs::canonicalize(dir), path.file_name()) {
            (Ok(dir), Some(name)) => dir.join(name),
            _ => path.to_path_buf(),
        }
    }
    resolved(a) == resolved(b)
}

/// The name a file is written under until it is complete: `<path>.partial`.
pub fn partial_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Refuses an output `path` that [`write_atomically`] could not write, before the work that
/// fills it starts (a build of minutes is not thrown away for a mistyped directory): a
/// directory, or a place where its partial file cannot be made. Makes and removes that file.
pub fn check_writable(path: &Path) -> Result<(), Error> {
    check_file_name(path)?;
    let partial = partial_name(&written_path(path));
    File::create(&partial).map_err(|e| cannot_create(path, &partial, e))?;
    let _ = std::fs::remove_file(&partial);
    Ok(())
}

/// The message for a partial file that cannot be made: it names that file, since the error
/// (`No such file or directory`) is about it, not about `path`, which may well exist.
fn cannot_create(path: &Path, partial: &Path, e: io::Error) -> Error {
    cannot_make(path, partial, "to write into", e)
}

/// The message for a file made beside `path` (its partial file, its lock) that cannot be made,
/// `purpose` saying what it is for: it names that file, or the missing directory.
fn cannot_make(path: &Path, partial: &Path, purpose: &str, e: io::Error) -> Error {
    let parent = partial.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = parent.filter(|d| !d.is_dir()) {
        return Error::file(format!(
            "{}: cannot write: no directory '{}'",
            path.display(),
            dir.display()
        ));
    }
    Error::file(format!(
        "{}: cannot write: cannot create '{}' beside it {purpose}: {e}",
        path.display(),
        partial.display()
    ))
}

/// Writes `path` through `write` into [`partial_name`]`(path)`, then renames it into place, so
/// the real name only ever holds a complete file. On failure the partial file is removed. A
/// symbolic link is followed: the file it names is replaced, and the link stays.
pub fn write_atomically<T>(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<T>,
) -> Result<T, Error> {
    check_file_name(path)?;
    let target = written_path(path);
    let partial = partial_name(&target);
    let io = |e: io::Error| Error::file(format!("{}: cannot write: {e}", path.display()));
    let mut file = File::create(&partial).map_err(|e| cannot_create(path, &partial, e))?;
    let result = write(&mut file).and_then(|value| {
        file.sync_all()?;
        Ok(value)
    });
    match result {
        Ok(value) => {
            std::fs::rename(&partial, &target).map_err(io)?;
            Ok(value)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(io(e))
        }
    }
}

/// A claim on a file that one run appends to (an arena record): `<path>.lock` holding the
/// owner's process id. A second run on the same file is refused while the owner lives; a lock
/// left by a run that was killed (its process gone) is taken over. Dropping it removes it.
#[derive(Debug)]
pub struct FileLock {
    lock: PathBuf,
}

impl FileLock {
    /// Claims `path` for this process, or says who holds it.
    pub fn acquire(path: &Path) -> Result<FileLock, Error> {
        check_file_name(path)?;
        let mut name = path.as_os_str().to_owned();
        name.push(".lock");
        let lock = PathBuf::from(name);
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&lock) {
                Ok(mut file) => {
                    io::Write::write_all(&mut file, std::process::id().to_string().as_bytes())
                        .map_err(|e| Error::file(format!("{}: {e}", lock.display())))?;
                    return Ok(FileLock { lock });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    if lock.is_dir() {
                        return Err(Error::file(format!(
                            "cannot claim '{}': its lock '{}' is a directory; remove it",
                            path.display(),
                            lock.display()
                        )));
                    }
                    let owner = std::fs::read_to_string(&lock).unwrap_or_default();
                    let owner = owner.trim();
                    if process_alive(owner) {
                        return Err(Error::file(format!(
                            "'{}' is in use by another run (process {owner}); wait for it to end, or remove '{}' if that run is gone",
                            path.display(),
                            lock.display()
                        )));
                    }
                    // The owner is gone (killed): its lock is stale.
                    let _ = std::fs::remove_file(&lock);
                }
                Err(e) => return Err(cannot_make(path, &lock, "to claim it", e)),
            }
        }
        Err(Error::file(format!(
            "cannot claim '{}': its lock '{}' keeps coming back",
            path.display(),
            lock.display()
        )))
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.lock);
    }
}

/// Whether the process with this id (text from a lock file) is running. Where the system has no
/// `/proc` it cannot tell, and says yes: a lock is then only ever removed by hand.
fn process_alive(pid: &str) -> bool {
    let Ok(pid) = pid.parse::<u32>() else {
        return false; // an unreadable lock is no one's
    };
    if !Path::new("/proc/self").exists() {
        return true;
    }
    Path::new(&format!("/proc/{pid}")).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_never_replace_old_ones_and_appear_whole() {
        let dir = std::env::temp_dir().join(format!("tabula-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.bin");
        let _ = std::fs::remove_file(&path);
        write_atomically(&path, |f| io::Write::write_all(f, b"whole")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert!(!partial_name(&path).exists());
        let err = check_new(&path, "use --force").unwrap_err();
        assert!(err.message.contains("already exists: use --force"), "{err}");
        assert!(check_new(&dir, "")
            .unwrap_err()
            .message
            .contains("directory"));
        let failed = write_atomically(&path, |_| -> io::Result<()> {
            Err(io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"whole",
            "the old file stays"
        );
        assert!(!partial_name(&path).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_a_device_or_pipe_is_refused() {
        let dir = std::env::temp_dir().join(format!("tabula-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (file, link) = (dir.join("real.bin"), dir.join("link.bin"));
        std::fs::write(&file, b"old").unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_atomically(&link, |f| io::Write::write_all(f, b"new")).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        check_writable(&link).unwrap();
        let broken = dir.join("broken.bin");
        std::os::unix::fs::symlink(dir.join("none"), &broken).unwrap();
        // A named pipe stands for any device (a test must not risk replacing /dev/null).
        let pipe = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        let mut refused = vec![broken.as_path()];
        if made.is_ok_and(|s| s.success()) {
            refused.push(pipe.as_path());
        }
        for path in refused {
            let err = write_atomically(path, |_| Ok(())).unwrap_err();
            assert!(err.message.contains("not a regular file"), "{err}");
            assert!(check_writable(path).is_err());
        }
        if pipe.exists() {
            assert!(!pipe.is_file(), "the pipe is still a pipe");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_is_claimed_once_and_a_dead_owners_lock_is_taken_over() {
        let dir = std::env::temp_dir().join(format!("tabula-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.jsonl");
        let first = FileLock::acquire(&path).unwrap();
        let err = FileLock::acquire(&path).unwrap_err();
        assert!(err.message.contains("in use by another run"), "{err}");
        drop(first);
        let again = FileLock::acquire(&path).unwrap();
        drop(again);
        if Path::new("/proc/self").exists() {
            // A lock whose process no longer exists (pid far beyond any pid_max) is stale.
            std::fs::write(dir.join("games.jsonl.lock"), "4294967295").unwrap();
            let taken = FileLock::acquire(&path).unwrap();
            drop(taken);
        }
        assert!(!dir.join("games.jsonl.lock").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
