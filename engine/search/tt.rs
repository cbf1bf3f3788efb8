//! The transposition table: a fixed-size, lockless hash table shared by all search threads.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the key xor the data. A reader accepts an
//! entry only when the two words agree with its key, so an entry torn by two threads writing at
//! once reads as a miss instead of as wrong data (Hyatt's lockless hashing), with no locks.
//! The buckets live in memory mapped for the table alone (see [`Memory`]).
//! Moves are stored as their index in the game's legal-move order, which keeps the table generic.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What kind of value an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// A table entry as read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, relative to the node (see [`super::score::to_table`]).
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// The best move's index in legal-move order, if any.
    pub mv: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;
/// Entries per bucket: four entries of two words fill one 64-byte cache line.
const SLOTS: usize = 4;

/// One cache line of entries, so a probe costs at most one memory access.
#[repr(align(64))]
struct Bucket([AtomicU64; SLOTS * 2]);

fn pack(score: i32, depth: i32, bound: Bound, mv: Option<u16>, age: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(score as i16 as u16)
        | (depth.clamp(0, 255) as u64) << 16
        | b << 24
        | mv.map_or(NO_MOVE, u64::from) << 26
        | u64::from(age) << 42
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 24) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (data >> 26) & 0xFFFF;
    Some(Entry {
        score: i32::from(data as u16 as i16),
        depth: ((data >> 16) & 0xFF) as i32,
        bound,
        mv: (mv != NO_MOVE).then_some(mv as u16),
    })
}

fn age_of(data: u64) -> u8 {
    ((data >> 42) & 0xFF) as u8
}

/// The shared transposition table: buckets of four entries in one cache line; a new result
/// replaces the same position's entry, else an empty one, else the shallowest or oldest.
pub struct Table {
    memory: Memory,
    age: AtomicU8,
}

/// Where a table's buckets live.
///
/// Why a mapping: the arena builds fresh bots, each with its own table, for every game. Tables
/// taken from the heap and freed game after game made the allocator's heap grow (the room a
/// freed table left was not found again for the next one): a 2,000-game Senet match of
/// `alphabeta:depth=4` against `depth=3` grew to 2.7 GB of memory. A mapped table is handed
/// back to the system when its bot is dropped. Its pages are all mapped when it is made: left
/// to be mapped on first touch inside a search, two search threads spent seconds of system
/// time faulting them in, and two threads' time to depth 16 went from 0.77 to 0.91 of one's.
enum Memory {
    /// Pages mapped for this table alone, all present from the start.
    Mapped(memmap2::MmapMut),
    /// Heap memory, where the system would not map any.
    Heap(Vec<Bucket>),
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Self {
        let bytes = mb.max(1) * 1024 * 1024;
        let len = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mapped = memmap2::MmapOptions::new()
            .len(len * std::mem::size_of::<Bucket>())
            .populate()
            .map_anon();
        let memory = match mapped {
            Ok(map) => Memory::Mapped(map),
            Err(_) => Memory::Heap(
                (0..len)
                    .map(|_| Bucket(std::array::from_fn(|_| AtomicU64::new(0))))
                    .collect(),
            ),
        };
        Table {
            memory,
            age: AtomicU8::new(0),
        }
    }

    /// The buckets.
    #[inline]
    fn buckets(&self) -> &[Bucket] {
        match &self.memory {
            // SAFETY: the mapping was made a whole number of buckets long and lives as long as
            // `self`; the system maps whole pages, so it is aligned for `Bucket` (64 bytes). An anonymous
            // mapping starts zeroed, and all zeros is a valid `AtomicU64`. The pointer is the
            // mapping's own (not taken from a reference), and the bytes are only ever read and
            // written through these atomics, so sharing them between threads is sound.
            Memory::Mapped(map) => unsafe {
                std::slice::from_raw_parts(
                    map.as_ptr().cast::<Bucket>(),
                    map.len() / std::mem::size_of::<Bucket>(),
                )
            },
            Memory::Heap(buckets) => buckets,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for b in self.buckets() {
            for w in &b.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let buckets = self.buckets();
        let i = ((u128::from(key) * buckets.len() as u128) >> 64) as usize;
        &buckets[i]
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let words = &self.bucket(key).0;
        for slot in 0..SLOTS {
            let check = words[slot * 2].load(Ordering::Relaxed);
            let data = words[slot * 2 + 1].load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result for `key`. A result without a move keeps the entry's old move.
    pub fn store(&self, key: u64, score: i32, depth: i32, bound: Bound, mv: Option<u16>) {
        let age = self.age.load(Ordering::Relaxed);
        let words = &self.bucket(key).0;
        let mut target = 0;
        let mut worst = i32::MAX;
        let mut old_move = None;
        for slot in 0..SLOTS {
            let check = words[slot * 2].load(Ordering::Relaxed);
            let data = words[slot * 2 + 1].load(Ordering::Relaxed);
            if data == 0 {
                target = slot;
                break;
            }
            if check ^ data == key {
                target = slot;
                old_move = unpack(data).and_then(|e| e.mv);
                break;
            }
            // Prefer replacing old entries, then shallow ones.
            let stale = i32::from(age_of(data) != age);
            let value = ((data >> 16) & 0xFF) as i32 - 256 * stale;
            if value < worst {
                worst = value;
                target = slot;
            }
        }
        let data = pack(score, depth, bound, mv.or(old_move), age);
        words[target * 2].store(key ^ data, Ordering::Relaxed);
        words[target * 2 + 1].store(data, Ordering::Relaxed);
    }

    /// Permille of the entries written by the current search (a fill gauge, like UCI's
    /// hashfull).
    pub fn fill_permille(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let buckets = self.buckets();
        let sample = buckets.len().min(250);
        let used: usize = buckets[..sample]
            .iter()
            .map(|b| {
                (0..SLOTS)
                    .filter(|&s| {
                        let data = b.0[s * 2 + 1].load(Ordering::Relaxed);
                        data != 0 && age_of(data) == age
                    })
                    .count()
            })
            .sum();
        (used * 1000 / (sample * SLOTS).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let t = Table::new(1);
        assert_eq!(t.probe(42), None);
        t.store(42, -29_990, 7, Bound::Lower, Some(3));
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.mv),
            (-29_990, 7, Bound::Lower, Some(3))
        );
        t.store(42, 5, 2, Bound::Exact, None);
        assert_eq!(t.probe(42).unwrap().mv, Some(3));
        assert_eq!(t.probe(43), None);
        t.clear();
        assert_eq!(t.probe(42), None);
    }
}
