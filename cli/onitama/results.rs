//! The JSON-lines results files of `onitama deals` (the survey and `--prove`): read back for
//! `--resume` and appended to. A run can be killed at any moment, so each deal class's lines are
//! written in one piece, and a last line without its newline (cut short) is dropped when the file
//! is read back and cut off before anything is appended.

use std::fs::{File, OpenOptions};
use std::path::Path;

use tabula::analysis::onitama::deals::classes;
use tabula::games::onitama::Deal;

use crate::common::CliError;

/// The largest results file read back (a line per deal is well under 2 KB, and there are
/// 131,040 deals): a bound, so that a wrong path (a device, a disk image) is refused, not read.
pub(super) const RESULTS_LIMIT: u64 = 256 << 20;

/// The bytes of `path`, refused with one line when it holds more than `limit`.
pub(super) fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, CliError> {
    Ok(tabula::files::read_small_bytes(path, limit, "deal file")?)
}

/// The whole lines of the results file `path` (those ending in a newline) and their length in
/// bytes. A last line without one was cut short by a killed run: it is dropped, with a note
/// that its deal is `redone` ("searched again", "proven again").
pub(super) fn whole_lines(path: &Path, redone: &str) -> Result<(String, u64), CliError> {
    let bytes = read_capped(path, RESULTS_LIMIT)?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if whole < bytes.len() {
        eprintln!(
            "{}: dropping an unfinished last line (a killed run); its deal is {redone}",
            path.display()
        );
    }
    let text = String::from_utf8_lossy(&bytes[..whole]).into_owned();
    Ok((text, whole as u64))
}

/// Opens the results file: new (or replaced), or, to resume, an earlier run's cut back to its
/// `whole` lines' length.
pub(super) fn open(path: &Path, resume: bool, whole: u64) -> Result<File, CliError> {
    let cannot =
        |e: std::io::Error| CliError(format!("bad file: {}: cannot write: {e}", path.display()));
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .append(resume)
        .truncate(!resume)
        .open(path)
        .map_err(cannot)?;
    if resume {
        file.set_len(whole).map_err(cannot)?;
    }
    Ok(file)
}

/// The lines of `text` (whole lines, as [`whole_lines`] gives), each with its number from 0 and
/// the byte offset where it starts.
pub(super) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, u64, &str)> {
    text.split_inclusive('\n')
        .scan(0u64, |at, line| {
            let start = *at;
            *at += line.len() as u64;
            Some((start, line.trim_end_matches(['\n', '\r'])))
        })
        .enumerate()
        .map(|(n, (start, line))| (n, start, line))
}

/// Drops the last line of `out` when it is a class's deal whose partner's line is missing (the
/// file was cut between the two lines of one class). `class_of` gives a line's deal and whether
/// it is a partner (`mirror_of` set), `last_start` where the last line starts and `whole` the
/// whole lines' length. Returns the length of the lines kept.
pub(super) fn complete_classes<T>(
    path: &Path,
    out: &mut Vec<T>,
    class_of: impl Fn(&T) -> (Deal, bool),
    last_start: u64,
    whole: u64,
) -> u64 {
    let Some((deal, is_partner)) = out.last().map(class_of) else {
        return whole;
    };
    if is_partner || classes(&[deal]).first().is_none_or(|c| c.partner.is_none()) {
        return whole;
    }
    eprintln!(
        "{}: dropping a last line whose partner deal's line is missing (a killed run); its class is done again",
        path.display()
    );
    out.pop();
    last_start
}
