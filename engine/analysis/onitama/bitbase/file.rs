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
    let sum = words_checksum(bb.tables().len(), |t| {
        let len = super::layouts(&bb.tables()[t]) as usize;
        (0..len.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                fnv(
                    FNV_START,
                    (c * CHUNK..((c + 1) * CHUNK).min(len))
                        .map(|i| u64::from(bb.word(t, i as u64))),
                )
            })
            .collect()
    });
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
    let bad = |what: String| {
        Error::file(format!(
            "{}: not a valid Onitama bitbase: {what}",
            path.display()
        ))
    };
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
    // read below is bounds-checked against the map's length.
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| Error::file(format!("{}: cannot map: {e}", path.display())))?;
    let bytes = &map[..];
    if bytes.len() < 32 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad(
            "it is shorter than a header or does not start with the bitbase header".into(),
        ));
    }
    let mut cards = [Card::ALL[0]; 5];
    for (i, &c) in bytes[19..24].iter().enumerate() {
        cards[i] = Card::from_index(c as usize).ok_or_else(|| bad(format!("card number {c}")))?;
    }
    let set = CardSet::new(cards).map_err(|e| bad(e.message))?;
    let men = bytes[24] as usize;
    let count = bytes[25] as usize;
    if !(2..=8).contains(&men) || men % 2 == 1 {
        return Err(bad(format!("{men} men")));
    }
    let mats = Mat::up_to((men - 2) / 2);
    let head_len = 32 + 40 * count + 16;
    if count != mats.len() || bytes.len() < head_len {
        return Err(bad(format!(
            "{count} materials for {men} men, or a short header"
        )));
    }
    let own = fnv(
        FNV_START,
        bytes[..head_len - 8].iter().map(|&b| u64::from(b)),
    );
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    if u64_at(head_len - 8) != own {
        return Err(bad(
            "the header's checksum does not match (the file is damaged)".into(),
        ));
    }
    let mut tables = Vec::with_capacity(count);
    let mut starts = Vec::with_capacity(count);
    let mut at = head_len as u64;
    for (i, &want) in mats.iter().enumerate() {
        let h = 32 + 40 * i;
        let mat = Mat::new(bytes[h], bytes[h + 1]);
        let (layouts, positions, wins, losses) = (
            u64_at(h + 8),
            u64_at(h + 16),
            u64_at(h + 24),
            u64_at(h + 32),
        );
        if mat != want {
            return Err(bad(format!(
                "material {} where {} belongs",
                mat.name(),
                want.name()
            )));
        }
        let offsets = mat.offsets();
        let expect = *offsets.last().expect("an end");
        if layouts != expect || positions != layouts * 30 || wins + losses > positions {
            return Err(bad(format!(
                "material {} with {layouts} layouts, {positions} positions, {wins} wins, {losses} losses",
                mat.name()
            )));
        }
        starts.push(at as usize);
        at += layouts * 4;
        tables.push(TableInfo {
            mat,
            offsets,
            stats: MatStats {
                positions,
                wins,
                losses,
            },
        });
    }
    if len != at || bytes.len() as u64 != at {
        return Err(bad(format!(
            "{len} bytes where the header promises {at} (a short or padded file)"
        )));
    }
    let data_sum = u64_at(head_len - 16);
    let bb = Bitbase::new(set, men, tables, Storage::Mapped(map, starts));
    if verify || len < VERIFY_BELOW {
        let sum = words_checksum(bb.tables().len(), |t| {
            let n = super::layouts(&bb.tables()[t]) as usize;
            (0..n.div_ceil(CHUNK))
                .into_par_iter()
                .map(|c| {
                    fnv(
                        FNV_START,
                        (c * CHUNK..((c + 1) * CHUNK).min(n))
                            .map(|i| u64::from(bb.raw_word(t, i as u64))),
                    )
                })
                .collect()
        });
        if sum != data_sum {
            return Err(bad(
                "the words' checksum does not match (the file is damaged)".into(),
            ));
        }
    }
    Ok(bb)
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
