//! The bitbase file, opened memory-mapped: a header, then each material's words.
//!
//! Layout (little-endian): the magic `TABULA-ONITAMA-BB1\n`; the five card numbers (table
//! order); the men limit; the number of materials; six zero bytes. Per material: Red's and Blue's
//! student counts, six zero bytes, then its layouts, positions, wins and losses (8 bytes each).
//! Then a checksum of the words and an FNV-1a checksum of the header before it (8 bytes each).
//! Last the words: per material, a 4-byte word per layout (bit `d`: distribution `d` won for
//! Red). The header is always checked; the words' checksum when the file is under 1 GiB (a
//! larger file would be read whole just to open it) or when asked.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;

use super::index::Mat;
use super::{Bitbase, MatStats, Storage, TableInfo};
use crate::analysis::onitama::cardset::CardSet;
use crate::error::Error;
use crate::games::onitama::Card;

/// The first bytes of every bitbase file.
pub const MAGIC: &[u8] = b"TABULA-ONITAMA-BB1\n";
/// Files below this size have their words checked on opening.
const VERIFY_BELOW: u64 = 1 << 30;
/// Words per checksum chunk.
const CHUNK: usize = 1 << 20;

/// FNV-1a steps over 64-bit values.
fn fnv(mut h: u64, values: impl IntoIterator<Item = u64>) -> u64 {
    for v in values {
        h ^= v;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// The checksum of the words: FNV-1a over the FNV-1a of each chunk of `CHUNK` words of each
/// material (chunks hashed in parallel).
fn words_checksum(tables: usize, chunk_sums: impl Fn(usize) -> Vec<u64>) -> u64 {
    let mut h = FNV_START;
    for t in 0..tables {
        h = fnv(h, chunk_sums(t));
    }
    h
}

/// The header's bytes (without its own checksum).
fn header(bb: &Bitbase, data_sum: u64) -> Vec<u8> {
    let mut h = Vec::new();
    h.extend_from_slice(MAGIC);
    h.extend(bb.cards().cards().map(|c| c.index() as u8));
    h.push(bb.men() as u8);
    h.push(bb.tables().len() as u8);
    h.extend_from_slice(&[0; 6]);
    for t in bb.tables() {
        h.extend_from_slice(&[t.mat.students[0], t.mat.students[1], 0, 0, 0, 0, 0, 0]);
        for v in [
            super::layouts(t),
            t.stats.positions,
            t.stats.wins,
            t.stats.losses,
        ] {
            h.extend_from_slice(&v.to_le_bytes());
        }
    }
    h.extend_from_slice(&data_sum.to_le_bytes());
    h
}

/// Writes `bb` to `path` (under a `.partial` name, renamed when complete); returns the bytes
/// written.
pub fn save(bb: &Bitbase, path: &Path) -> Result<u64, Error> {
    let sum = checksum_of(bb, |t, i| bb.word(t, i));
    let mut head = header(bb, sum);
    let own = fnv(FNV_START, head.iter().map(|&b| u64::from(b)));
    head.extend_from_slice(&own.to_le_bytes());
    crate::files::write_atomically(path, |file| {
        let mut w = BufWriter::with_capacity(1 << 20, file);
        w.write_all(&head)?;
        let mut bytes = head.len() as u64;
        let mut buf = Vec::with_capacity(4 * CHUNK);
        for (t, info) in bb.tables().iter().enumerate() {
            let len = super::layouts(info);
            let mut i = 0;
            while i < len {
                let end = (i + CHUNK as u64).min(len);
                buf.clear();
                for j in i..end {
                    buf.extend_from_slice(&bb.word(t, j).to_le_bytes());
                }
                w.write_all(&buf)?;
                i = end;
            }
            bytes += len * 4;
        }
        w.flush()?;
        Ok(bytes)
    })
}

/// Whether the file at `path` starts like a bitbase (to tell it from a distance table).
pub fn is_bitbase(path: &Path) -> bool {
    let mut start = [0u8; 19];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|_| start[..] == *MAGIC)
}

/// Opens a bitbase written by [`save`], memory-mapped, checking its header, its size and
/// (below 1 GiB, or with `verify`) its words.
pub fn open(path: &Path, verify: bool) -> Result<Bitbase, Error> {
    let (len, map) = map_file(path)?;
    let bytes = &map[..];
    let head = read_header(path, bytes)?;
    let (tables, starts, end) = read_tables(path, bytes, &head)?;
    if len != end || bytes.len() as u64 != end {
        return Err(not_valid(
            path,
            format!("{len} bytes where the header promises {end} (a short or padded file)"),
        ));
    }
    let data_sum = u64_at(bytes, head.len - 16);
    let bb = Bitbase::new(head.set, head.men, tables, Storage::Mapped(map, starts));
    if (verify || len < VERIFY_BELOW) && checksum_of(&bb, |t, i| bb.raw_word(t, i)) != data_sum {
        return Err(not_valid(
            path,
            "the words' checksum does not match (the file is damaged)".into(),
        ));
    }
    Ok(bb)
}

/// The error for a file that is not a bitbase, saying which part is wrong.
fn not_valid(path: &Path, what: String) -> Error {
    Error::file(format!(
        "{}: not a valid Onitama bitbase: {what}",
        path.display()
    ))
}

/// The little-endian `u64` at byte `at` (the caller has checked that it is in the file).
fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Opens and maps the file at `path` read-only, with its length as the file system reports it;
/// a directory, or a file that cannot be opened, read or mapped, is an error.
fn map_file(path: &Path) -> Result<(u64, memmap2::Mmap), Error> {
    if path.is_dir() {
        return Err(Error::file(format!(
            "{}: is a directory, not a bitbase file",
            path.display()
        )));
    }
    let file = File::open(path)
        .map_err(|e| Error::file(format!("{}: cannot open: {e}", path.display())))?;
    let len = file
        .metadata()
        .map_err(|e| Error::file(format!("{}: cannot read: {e}", path.display())))?
        .len();
    // SAFETY: the map is read-only and this program never writes a bitbase in place (files
    // are written under another name and renamed), so its bytes stay as they were unless
    // another program changes the file while it is open, which the user must not do; every
    // read of the map (in `open`'s later steps) is bounds-checked against its length.
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| Error::file(format!("{}: cannot map: {e}", path.display())))?;
    Ok((len, map))
}

/// What the header says: the cards, the men limit, the materials in file order and the
/// header's length in bytes.
struct Head {
    /// The five cards.
    set: CardSet,
    /// The most men on the board.
    men: usize,
    /// The materials the file holds, in order.
    mats: Vec<Mat>,
    /// Bytes from the file's start to the end of the header's checksum.
    len: usize,
}

/// Reads and checks the header: the magic, the cards, the men limit, the number of materials
/// and the header's own checksum, in that order (the first fault found is the error).
fn read_header(path: &Path, bytes: &[u8]) -> Result<Head, Error> {
    if bytes.len() < 32 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(not_valid(
            path,
            "it is shorter than a header or does not start with the bitbase header".into(),
        ));
    }
    let set = read_cards(path, bytes)?;
    let men = bytes[24] as usize;
    let count = bytes[25] as usize;
    if !(2..=8).contains(&men) || men % 2 == 1 {
        return Err(not_valid(path, format!("{men} men")));
    }
    let mats = Mat::up_to((men - 2) / 2);
    let len = 32 + 40 * count + 16;
    if count != mats.len() || bytes.len() < len {
        return Err(not_valid(
            path,
            format!("{count} materials for {men} men, or a short header"),
        ));
    }
    let own = fnv(FNV_START, bytes[..len - 8].iter().map(|&b| u64::from(b)));
    if u64_at(bytes, len - 8) != own {
        return Err(not_valid(
            path,
            "the header's checksum does not match (the file is damaged)".into(),
        ));
    }
    Ok(Head {
        set,
        men,
        mats,
        len,
    })
}

/// The header's five card numbers as a card set (an unknown number, or a set that is not
/// five different cards, is an error).
fn read_cards(path: &Path, bytes: &[u8]) -> Result<CardSet, Error> {
    let mut cards = [Card::ALL[0]; 5];
    for (i, &c) in bytes[19..24].iter().enumerate() {
        cards[i] = Card::from_index(c as usize)
            .ok_or_else(|| not_valid(path, format!("card number {c}")))?;
    }
    CardSet::new(cards).map_err(|e| not_valid(path, e.message))
}

/// Reads and checks each material's header entry, in order: its tables, the byte where each
/// one's words start, and the byte where the words should end.
fn read_tables(
    path: &Path,
    bytes: &[u8],
    head: &Head,
) -> Result<(Vec<TableInfo>, Vec<usize>, u64), Error> {
    let mut tables = Vec::with_capacity(head.mats.len());
    let mut starts = Vec::with_capacity(head.mats.len());
    let mut at = head.len as u64;
    for (i, &want) in head.mats.iter().enumerate() {
        let info = read_table(path, bytes, 32 + 40 * i, want)?;
        starts.push(at as usize);
        at += super::layouts(&info) * 4;
        tables.push(info);
    }
    Ok((tables, starts, at))
}

/// Reads the material entry at byte `h` and checks that it is the material `want` with
/// consistent counts.
fn read_table(path: &Path, bytes: &[u8], h: usize, want: Mat) -> Result<TableInfo, Error> {
    let mat = Mat::new(bytes[h], bytes[h + 1]);
    let (layouts, positions, wins, losses) = (
        u64_at(bytes, h + 8),
        u64_at(bytes, h + 16),
        u64_at(bytes, h + 24),
        u64_at(bytes, h + 32),
    );
    if mat != want {
        return Err(not_valid(
            path,
            format!("material {} where {} belongs", mat.name(), want.name()),
        ));
    }
    let offsets = mat.offsets();
    let expect = *offsets.last().expect("an end");
    if layouts != expect || positions != layouts * 30 || wins + losses > positions {
        return Err(not_valid(
            path,
            format!(
                "material {} with {layouts} layouts, {positions} positions, {wins} wins, {losses} losses",
                mat.name()
            ),
        ));
    }
    Ok(TableInfo {
        mat,
        offsets,
        stats: MatStats {
            positions,
            wins,
            losses,
        },
    })
}

/// The checksum of `bb`'s words, each read by `word(table, layout)`: chunk by chunk in
/// parallel, as [`save`] writes it and [`open`] checks it.
fn checksum_of(bb: &Bitbase, word: impl Fn(usize, u64) -> u32 + Sync) -> u64 {
    words_checksum(bb.tables().len(), |t| {
        let n = super::layouts(&bb.tables()[t]) as usize;
        (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                fnv(
                    FNV_START,
                    (c * CHUNK..((c + 1) * CHUNK).min(n)).map(|i| u64::from(word(t, i as u64))),
                )
            })
            .collect()
    })
}

impl Bitbase {
    /// A stored word as it is, unused bits included (for the checksum).
    fn raw_word(&self, t: usize, layout: u64) -> u32 {
        match &self.storage {
            Storage::Built(words) => words[t][layout as usize].load(Relaxed),
            Storage::Mapped(map, starts) => {
                let at = starts[t] + layout as usize * 4;
                u32::from_le_bytes(map[at..at + 4].try_into().expect("four bytes"))
            }
        }
    }
}
