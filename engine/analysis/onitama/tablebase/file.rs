//! The tablebase file: a small header, then each material's packed values, then a checksum.
//!
//! Layout (little-endian): the magic `TABULA-ONITAMA-TB3\n`; the five card numbers (table order,
//! one byte each); the piece limit (one byte); the number of materials (one byte); per material
//! its Red and Blue student counts, bits per position (one byte each), the position count (8
//! bytes) and the packed words (8 bytes each); last an FNV-1a checksum of everything before it
//! (the packed words hashed a word at a time, the rest a byte at a time).

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use super::index::{Material, MAX_STUDENTS};
use super::{MaterialTable, Packed, Tablebase};
use crate::analysis::onitama::cardset::CardSet;
use crate::error::Error;
use crate::games::onitama::Card;

/// The first bytes of every tablebase file.
const MAGIC: &[u8] = b"TABULA-ONITAMA-TB3\n";

/// FNV-1a over 64-bit words (the packed values: eight times fewer steps than bytes).
fn fnv_words(mut h: u64, words: &[u64]) -> u64 {
    for &w in words {
        h ^= w;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// FNV-1a over bytes, continued from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// A writer that checksums what passes through it.
struct Summed<W> {
    inner: W,
    sum: u64,
}

impl<W: Write> Summed<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sum = fnv(self.sum, bytes);
        self.inner.write_all(bytes)
    }
}

/// Writes `tb` to `path`; returns the bytes written. The file is written under a `.partial`
/// name and renamed when complete, so a killed build never leaves a half table under the real
/// name.
pub fn save(tb: &Tablebase, path: &Path) -> Result<u64, Error> {
    crate::files::write_atomically(path, |file| write_to(tb, file))
}

/// The file's bytes: header, each material's packed values, checksum.
fn write_to(tb: &Tablebase, file: &mut File) -> std::io::Result<u64> {
    let mut w = Summed {
        inner: BufWriter::with_capacity(1 << 20, file),
        sum: FNV_START,
    };
    w.put(MAGIC)?;
    w.put(&tb.cards().cards().map(|c| c.index() as u8))?;
    w.put(&[tb.pieces() as u8, tb.tables().len() as u8])?;
    let mut bytes = MAGIC.len() as u64 + 7;
    for t in tb.tables() {
        let m = t.material;
        w.put(&[m.students[0], m.students[1], t.values.bits as u8])?;
        w.put(&t.values.len.to_le_bytes())?;
        let mut buf = Vec::with_capacity(1 << 16);
        for chunk in t.values.words.chunks(8192) {
            buf.clear();
            for word in chunk {
                buf.extend_from_slice(&word.to_le_bytes());
            }
            w.sum = fnv_words(w.sum, chunk);
            w.inner.write_all(&buf)?;
        }
        bytes += 11 + t.values.words.len() as u64 * 8;
    }
    let sum = w.sum;
    w.inner.write_all(&sum.to_le_bytes())?;
    w.inner.flush()?;
    Ok(bytes + 8)
}

/// A reader that checksums what passes through it and names the file in its errors.
struct Source<'a, R> {
    inner: R,
    sum: u64,
    path: &'a Path,
}

impl<R: Read> Source<'_, R> {
    fn bad(&self, what: impl std::fmt::Display) -> Error {
        Error::file(format!(
            "{}: not a valid Onitama tablebase: {what}",
            self.path.display()
        ))
    }

    fn take(&mut self, buf: &mut [u8], what: &str) -> Result<(), Error> {
        self.inner
            .read_exact(buf)
            .map_err(|_| self.bad(format!("the file ends inside {what}")))?;
        self.sum = fnv(self.sum, buf);
        Ok(())
    }
}

/// Reads a tablebase written by [`save`], checking every field and the checksum.
pub fn load(path: &Path) -> Result<Tablebase, Error> {
    if path.is_dir() {
        return Err(Error::file(format!(
            "{}: is a directory, not a tablebase file",
            path.display()
        )));
    }
    let file = File::open(path)
        .map_err(|e| Error::file(format!("{}: cannot open: {e}", path.display())))?;
    let mut r = Source {
        inner: BufReader::with_capacity(1 << 20, file),
        sum: FNV_START,
        path,
    };
    let (set, pieces, expected) = r.header()?;
    let mut tables = Vec::with_capacity(expected.len());
    for want in expected {
        tables.push(r.material_table(want)?);
    }
    r.end()?;
    Ok(Tablebase::new(set, pieces, tables))
}

impl<R: Read> Source<'_, R> {
    /// The file's header: the cards, the most pieces covered, and the materials whose tables
    /// follow, in order.
    fn header(&mut self) -> Result<(CardSet, usize, Vec<Material>), Error> {
        let mut magic = vec![0u8; MAGIC.len()];
        self.take(&mut magic, "the header")?;
        if magic != MAGIC {
            return Err(self.bad("it does not start with the tablebase header"));
        }
        let mut head = [0u8; 7];
        self.take(&mut head, "the header")?;
        let mut cards = [Card::ALL[0]; 5];
        for (i, &c) in head[..5].iter().enumerate() {
            cards[i] =
                Card::from_index(c as usize).ok_or_else(|| self.bad(format!("card number {c}")))?;
        }
        let set = CardSet::new(cards).map_err(|e| self.bad(e.message))?;
        let pieces = head[5] as usize;
        let count = head[6] as usize;
        let expected = Material::up_to(pieces);
        if !(2..=10).contains(&pieces) || count != expected.len() {
            return Err(self.bad(format!("{count} material tables for {pieces} pieces")));
        }
        Ok((set, pieces, expected))
    }

    /// The next material table, which must be `want`'s, with its packed values.
    fn material_table(&mut self, want: Material) -> Result<MaterialTable, Error> {
        let mut h = [0u8; 11];
        self.take(&mut h, "a material header")?;
        let material = Material::new(h[0], h[1]);
        let bits = u32::from(h[2]);
        let len = u64::from_le_bytes(h[3..11].try_into().expect("8 bytes"));
        if material != want
            || h[0] as usize > MAX_STUDENTS
            || !(1..=8).contains(&bits)
            || len != material.positions()
        {
            return Err(self.bad(format!(
                "material table {} (expected {}) with {bits} bits and {len} positions",
                material.name(),
                want.name()
            )));
        }
        let words = (len * u64::from(bits)).div_ceil(64) as usize;
        let mut raw = vec![0u8; words * 8];
        self.inner
            .read_exact(&mut raw)
            .map_err(|_| self.bad("the file ends inside the values"))?;
        let words: Vec<u64> = raw
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        self.sum = fnv_words(self.sum, &words);
        Ok(MaterialTable::from_values(
            material,
            Packed { bits, len, words },
        ))
    }

    /// The checksum of everything read, and nothing after it.
    fn end(&mut self) -> Result<(), Error> {
        let sum = self.sum;
        let mut tail = [0u8; 8];
        self.inner
            .read_exact(&mut tail)
            .map_err(|_| self.bad("the checksum is missing"))?;
        if u64::from_le_bytes(tail) != sum {
            return Err(self.bad("the checksum does not match (the file is damaged)"));
        }
        let mut extra = [0u8; 1];
        if self.inner.read(&mut extra).unwrap_or(0) != 0 {
            return Err(self.bad("there are bytes after the checksum"));
        }
        Ok(())
    }
}
