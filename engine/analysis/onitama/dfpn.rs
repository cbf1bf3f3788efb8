//! Depth-first proof-number search (df-pn, Nagai 2002) for Onitama, with tablebase hits as exact
//! leaves: "can the attacker force a win from here?", asked once for the side to move and once
//! for its opponent ([`solve`]).
//!
//! Proof numbers suit Onitama's forced wins: the winner's moves are few and narrow (a master
//! walking to the arch, a capture of the master), and df-pn spends its effort where the proof is
//! cheapest instead of at a uniform depth as the iterative-deepening prover of [`super::prove`]
//! does. Unsearched positions start from their mobility (df-pn+ style), and the thresholds of
//! the most promising child use the 1+ε trick of Pawlewicz and Lew (ε = 1/4), which cuts the
//! thrashing between siblings of almost equal proof number.
//!
//! A proven result's distance is measured by bounded questions, "a win within N plies?", each
//! proof giving a smaller bound until one is refuted ([`Dfpn::search_within`]). Their keys are
//! salted by the plies left, not by the question, so the questions share what they prove.
//!
//! # Transposition table
//!
//! A `HashMap` keyed by the Zobrist hash (salted by the attacker, so both questions share one
//! table), with an entry budget from a size in megabytes. When it fills up, the unresolved
//! entries with the least work below them are dropped (small-tree garbage collection); proven
//! and refuted entries are kept, since a proof is read back from them. If the resolved entries
//! alone fill it, the search stops with what it has. A hash collision could in principle
//! corrupt a result; with 64-bit keys and tables of a few million entries this is neglected, as
//! by every transposition-table search.
//!
//! # Repetitions, the ply limit and the graph-history interaction
//!
//! A position repeated on the current path, and a position at the game's ply limit counted from
//! the root, is treated as a non-win for the attacker (a draw in the played game). That value
//! depends on the path, yet the table stores it per position: the classic graph-history
//! interaction (GHI) problem. Its effect here is one-sided:
//!
//! - **Proofs are sound.** A node is marked proven only when a child (attacker to move) or all
//!   children (defender to move) were already proven, terminal wins or table wins; a path-
//!   dependent value is always a disproof and never enters a proof. Numbering proofs in the
//!   order they are found makes every proof an acyclic strategy whose leaves are wins, so the
//!   attacker wins following it and no position repeats on the way.
//! - **Disproofs are not always sound.** A disproof that used a repetition or the depth limit
//!   anywhere below it is flagged; such a root disproof is reported as [`Answer::NoWinFound`]
//!   ("no forced win found"), never as a refutation. Only a disproof resting on terminal
//!   positions and table values alone is an [`Answer::Refuted`] (the defender then holds a
//!   strategy reaching table draws or losses for the attacker without repeating).
//!
//! Values are those of the game without a move counter (as the tables' are): a proven win is
//! bounded in plies ([`Distance`]), which the caller compares with the ply limit left.

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Read, Write};
use std::path::Path as FilePath;
use std::time::{Duration, Instant};

use crate::error::Error;
use crate::game::Game;
use crate::games::onitama::{Color, Move, Onitama};

use super::bitbase::{Bitbase, Wdl};
use super::proof::{self, ProofStats, Table};
use super::tablebase::{Tablebase, TbValue};

/// "Infinite" proof or disproof number; sums saturate just below it.
const INF: u32 = 1 << 30;

/// Salt of the keys of the questions asked for Blue as attacker.
const BLUE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Flag of a disproof that depends on a repetition or the depth limit somewhere below it.
const PATH: u8 = 1;

/// Deepest line searched (below the ply limit when that is larger, to bound the recursion):
/// deeper positions count as draws, like the ply limit.
const MAX_DEPTH: usize = 1_000;

/// Deepest recursion when reading a proof back (far beyond any proof found in practice).
const MAX_PROOF_DEPTH: usize = 1_000;

/// Bytes per bucket of the map (key, entry, control byte), with room for the map's doubling:
/// the old and the new buckets are both held while it grows.
const BUCKET_BYTES: usize = 50;

/// The most entries kept in a table of `hash_mb` megabytes. The map grows to a power of two of
/// buckets `B` and no further: entries are collected at `7B/16`, half its usable capacity, so
/// that the map rehashes in place instead of growing when deleted slots run its room out.
fn entry_budget(hash_mb: usize) -> usize {
    let fit = ((hash_mb.max(1) << 20) / BUCKET_BYTES).max(1024);
    let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
    buckets * 7 / 16
}

/// A hasher passing the Zobrist key through: it is random already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The positions on the current line, with a count per 12 low bits of the hash so that most
/// "is it on the line?" questions are answered without scanning it.
struct Path {
    line: Vec<u64>,
    counts: Box<[u16; 4096]>,
}

impl Path {
    fn new() -> Path {
        Path {
            line: Vec::new(),
            counts: Box::new([0; 4096]),
        }
    }

    fn push(&mut self, hash: u64) {
        self.line.push(hash);
        self.counts[(hash & 4095) as usize] += 1;
    }

    fn pop(&mut self) {
        if let Some(hash) = self.line.pop() {
            self.counts[(hash & 4095) as usize] -= 1;
        }
    }

    fn contains(&self, hash: u64) -> bool {
        self.counts[(hash & 4095) as usize] > 0 && self.line.contains(&hash)
    }
}

/// Proof and disproof numbers of a node, with the path flag of a disproof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Nums {
    pn: u32,
    dn: u32,
    flags: u8,
}

const UNKNOWN: Nums = Nums {
    pn: 1,
    dn: 1,
    flags: 0,
};
const PROVEN: Nums = Nums {
    pn: 0,
    dn: INF,
    flags: 0,
};
const REFUTED: Nums = Nums {
    pn: INF,
    dn: 0,
    flags: 0,
};
const PATH_DRAW: Nums = Nums {
    pn: INF,
    dn: 0,
    flags: PATH,
};

impl Nums {
    fn resolved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A table entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    nums: Nums,
    /// Nodes searched below this one (for garbage collection).
    work: u32,
    /// Order in which proofs were found (1, 2, ...); a proof only rests on earlier ones.
    seq: u32,
}

/// A child in a node's frame.
#[derive(Clone, Copy)]
struct Kid {
    state: Onitama,
    key: u64,
    nums: Nums,
    /// Terminal, table-covered or a path draw: its value is fixed for this frame.
    fixed: bool,
}

/// The answer to one question "can the attacker force a win?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes: a proof was found.
    Proven,
    /// No, soundly: the disproof rests on terminal positions and table values only.
    Refuted,
    /// No forced win was found, but the disproof used a repetition or the depth limit, which
    /// may be unsound (see the module documentation): report it as not proven.
    NoWinFound,
    /// The limits ran out first.
    Unknown,
}

/// How far away a proven result is, in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Exactly this many plies with best play (fastest win, slowest loss).
    Exactly(u32),
    /// At most this many plies: the proof's bound; the exact distance was not measured in time.
    AtMost(u32),
    /// The proof was too deep to read back a bound.
    Unmeasured,
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Distance::Exactly(n) => write!(f, "in exactly {n} plies"),
            Distance::AtMost(n) => write!(f, "in at most {n} plies"),
            Distance::Unmeasured => f.write_str("(distance not measured)"),
        }
    }
}

/// What [`solve`] proved about the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move forces a win.
    Win(Distance),
    /// The side to move is forced to lose.
    Loss(Distance),
    /// Neither side can force a win, by disproofs resting on the tables alone.
    Draw,
    /// Not proven within the limits.
    Unknown,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win(d) => write!(f, "win {d}"),
            Verdict::Loss(d) => write!(f, "loss {d}"),
            Verdict::Draw => f.write_str("draw (from the tables)"),
            Verdict::Unknown => f.write_str("unknown: not proven within the limits"),
        }
    }
}

/// The limits of [`solve`].
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes (expanded positions) at most, both questions together.
    pub nodes: Option<u64>,
    /// Wall-clock time at most, measuring the distance of a proven result included.
    pub time: Option<Duration>,
    /// Transposition-table size in megabytes.
    pub hash_mb: usize,
}

impl Limits {
    /// Ten seconds and 256 MB, the defaults.
    pub fn new() -> Limits {
        Limits {
            nodes: None,
            time: Some(Duration::from_secs(10)),
            hash_mb: 256,
        }
    }

    /// At most `nodes` nodes, no time limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            time: None,
            ..Limits::new()
        }
    }

    /// At most `ms` milliseconds.
    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::new()
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::new()
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The verdict for the side to move.
    pub verdict: Verdict,
    /// The first move of [`Report::line`]: with an exact distance a fastest win or a slowest
    /// loss; with a bound the proof's move (for a loss the one whose proof is longest).
    pub best: Option<Move>,
    /// The proof's main line, to the end of the game or into the tables: the winner's moves
    /// from the proof (fastest within it), the loser's longest within the proof. Its length is
    /// the distance reported (exact or bound). Empty when nothing is proven.
    pub line: Vec<Move>,
    /// "Does the side to move force a win?"
    pub wins: Answer,
    /// "Does the opponent force a win?"
    pub loses: Answer,
    /// Nodes of the df-pn search, those of earlier runs read from a checkpoint included.
    pub nodes: u64,
    /// Of [`Report::nodes`], those counted before this run (read from a checkpoint).
    pub resumed_nodes: u64,
    /// Nodes spent measuring the distance (bounded questions), not in [`Report::nodes`].
    pub distance_nodes: u64,
    /// Positions answered by the tables.
    pub table_hits: u64,
    /// Transposition-table entries at the end.
    pub entries: usize,
    /// Wall-clock time, all included.
    pub elapsed: Duration,
    /// For a proven result searched for: the winner's strategy read from the search's table and
    /// replayed against the rules and the tables ([`proof::check`]), its size and depth, or why
    /// it did not hold.
    pub proof: Option<Result<ProofStats, String>>,
}

/// The most moves of a strategy [`solve`] writes down to replay.
const MAX_PROOF_MOVES: usize = 5_000_000;

/// The df-pn searcher: one transposition table shared by the questions asked of it.
pub struct Dfpn<'a> {
    tb: Option<&'a Tablebase>,
    /// A win/draw/loss bitbase whose positions end lines (without a distance).
    bits: Option<&'a Bitbase>,
    attacker: Color,
    tt: KeyMap<Entry>,
    max_entries: usize,
    path: Path,
    frames: Vec<Vec<Kid>>,
    moves: Vec<Move>,
    nodes: u64,
    hits: u64,
    seq: u32,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    full: bool,
    max_depth: usize,
    /// The ply limit of the question asked (`None`: unbounded).
    limit: Option<usize>,
    /// Told the nodes and table entries every [`PROGRESS_EVERY`] nodes.
    progress: Option<&'a (dyn Fn(u64, usize) + Sync)>,
}

/// Nodes between two calls of the progress callback.
pub const PROGRESS_EVERY: u64 = 1 << 16;

impl<'a> Dfpn<'a> {
    /// A searcher with table leaves from `tb` (if any) and a table of about `hash_mb` megabytes.
    pub fn new(tb: Option<&'a Tablebase>, hash_mb: usize) -> Self {
        Dfpn {
            tb,
            bits: None,
            attacker: Color::Red,
            tt: KeyMap::default(),
            max_entries: entry_budget(hash_mb),
            path: Path::new(),
            frames: Vec::new(),
            moves: Vec::new(),
            nodes: 0,
            hits: 0,
            seq: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            full: false,
            max_depth: 0,
            limit: None,
            progress: None,
        }
    }

    /// A searcher whose lines end in the positions of `tb` and `bits` (either may be absent),
    /// with a table of about `hash_mb` megabytes, telling `progress` (if any) how it goes.
    pub fn with_leaves(
        tb: Option<&'a Tablebase>,
        bits: Option<&'a Bitbase>,
        hash_mb: usize,
        progress: Option<&'a (dyn Fn(u64, usize) + Sync)>,
    ) -> Self {
        let mut d = Dfpn::new(tb, hash_mb);
        if let Some(b) = bits {
            d = d.with_bitbase(b);
        }
        if let Some(f) = progress {
            d.on_progress(f);
        }
        d
    }

    /// Ends lines at the positions `bb` covers too. A bitbase knows wins but not their
    /// distance: the unbounded questions take its wins and non-wins as exact leaves, the bounded
    /// ones (measuring a distance) only its non-wins, searching on below its wins.
    pub fn with_bitbase(mut self, bb: &'a Bitbase) -> Self {
        self.bits = Some(bb);
        self
    }

    /// Has `f` told the nodes searched and the table entries every [`PROGRESS_EVERY`] nodes
    /// (for a progress display; the engine prints nothing itself).
    pub fn on_progress(&mut self, f: &'a (dyn Fn(u64, usize) + Sync)) {
        self.progress = Some(f);
    }

    /// Nodes expanded so far, all questions together.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions answered by the tables so far.
    pub fn table_hits(&self) -> u64 {
        self.hits
    }

    /// Transposition-table entries.
    pub fn entries(&self) -> usize {
        self.tt.len()
    }

    /// Empties the table (keeping its memory), so that other questions get all of it.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.full = false;
    }

    /// Whether the table filled up with resolved entries (the search cannot go on).
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The table key of `s` at `depth` below the root: the Zobrist hash, salted by the attacker
    /// and, for a question with a ply limit, by the plies left.
    fn key(&self, s: &Onitama, depth: usize) -> u64 {
        let mut key = s.hash();
        if self.attacker == Color::Blue {
            key ^= BLUE_SALT;
        }
        if let Some(limit) = self.limit {
            key ^= plies_salt(limit.saturating_sub(depth));
        }
        key
    }

    /// Asks whether `attacker` can force a win from `state`, going on from what the table holds,
    /// until the searcher has expanded `node_limit` nodes in all or `deadline` passes. Asked
    /// again with higher limits, it resumes.
    pub fn search(
        &mut self,
        state: &Onitama,
        attacker: Color,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Answer {
        self.search_within(state, attacker, None, node_limit, deadline)
    }

    /// As [`Dfpn::search`], for "can the attacker force a win within `plies` plies" when
    /// `plies` is given. Bounded questions need no repetition rule: the plies left go down along
    /// every line, and a fastest win never repeats a position, so their disproofs are sound
    /// (reported as [`Answer::Refuted`]) for the game without a move counter. A bound above a
    /// thousand plies is not searched ([`Answer::Unknown`]): the recursion follows the plies.
    pub fn search_within(
        &mut self,
        state: &Onitama,
        attacker: Color,
        plies: Option<u32>,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Answer {
        if plies.is_some_and(|p| p as usize > MAX_DEPTH) {
            return Answer::Unknown;
        }
        self.attacker = attacker;
        self.limit = plies.map(|p| p as usize);
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.stopped = self.nodes >= node_limit || deadline.is_some_and(|d| Instant::now() >= d);
        self.max_depth = (state.ply_limit() as usize).min(MAX_DEPTH);
        self.path = Path::new();
        let nums = match self.leaf(state, 0) {
            Some(n) => n,
            None => {
                let key = self.key(state, 0);
                match self.tt.get(&key) {
                    Some(e) if e.nums.resolved() => e.nums,
                    _ if self.stopped || self.full => UNKNOWN,
                    _ => self.mid(state, key, 0, INF, INF),
                }
            }
        };
        if nums.pn == 0 {
            Answer::Proven
        } else if nums.dn == 0 {
            if nums.flags & PATH == 0 {
                Answer::Refuted
            } else {
                Answer::NoWinFound
            }
        } else {
            Answer::Unknown
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(1024) {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
            if self.nodes.is_multiple_of(PROGRESS_EVERY) {
                if let Some(f) = self.progress {
                    f(self.nodes, self.tt.len());
                }
            }
        }
    }

    /// The fixed value of a position at `depth` below the root: terminal, in the tables, on the
    /// current path or at the depth limit; `None` if it must be searched.
    fn leaf(&mut self, s: &Onitama, depth: usize) -> Option<Nums> {
        if let Some(w) = s.winner() {
            return Some(if w == self.attacker { PROVEN } else { REFUTED });
        }
        let left = self.limit.map(|l| (l - depth) as u32);
        if let Some(v) = self.tb.and_then(|t| t.probe(s)) {
            self.hits += 1;
            let attacker_moves = s.to_move() == self.attacker;
            let wins = match v {
                TbValue::Win(n) => attacker_moves && left.is_none_or(|l| n <= l),
                TbValue::Loss(n) => !attacker_moves && left.is_none_or(|l| n <= l),
                TbValue::Draw => false,
            };
            return Some(if wins { PROVEN } else { REFUTED });
        }
        if let Some(v) = self.bits.and_then(|b| b.probe(s)) {
            self.hits += 1;
            let wins = if s.to_move() == self.attacker {
                v == Wdl::Win
            } else {
                v == Wdl::Loss
            };
            if !wins {
                return Some(REFUTED);
            }
            if left.is_none() {
                return Some(PROVEN);
            }
        }
        if let Some(left) = left {
            // No plies left, or only the defender's move: no win within the limit.
            let attacker_moves = s.to_move() == self.attacker;
            return (left == 0 || (left == 1 && !attacker_moves)).then_some(REFUTED);
        }
        if depth >= self.max_depth || self.path.contains(s.hash()) {
            return Some(PATH_DRAW);
        }
        None
    }

    /// The numbers of a position not searched yet, by mobility (df-pn+ style): the side to
    /// move must have every move refuted, so its moves count towards the number that needs all
    /// of them.
    fn initial(&self, c: &Onitama) -> Nums {
        let mut unused = Vec::new();
        let n = (c.count_moves(&mut unused) as u32).clamp(1, INF - 1);
        if c.to_move() == self.attacker {
            Nums {
                pn: 1,
                dn: n,
                flags: 0,
            }
        } else {
            Nums {
                pn: n,
                dn: 1,
                flags: 0,
            }
        }
    }

    /// The multiple-iterative-deepening step of df-pn: searches below `s` until its proof
    /// number reaches `th_pn` or its disproof number `th_dn` (or the limits stop it).
    fn mid(&mut self, s: &Onitama, key: u64, depth: usize, th_pn: u32, th_dn: u32) -> Nums {
        self.tick();
        let before = self.nodes;
        let or = s.to_move() == self.attacker;
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.frames[depth]);
        kids.clear();
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        s.legal_moves(&mut moves);
        for &m in &moves {
            let mut c = *s;
            c.play(m);
            let key = self.key(&c, depth + 1);
            let (nums, fixed) = match self.leaf(&c, depth + 1) {
                Some(n) => (n, true),
                None => match self.tt.get(&key) {
                    Some(e) => (e.nums, false),
                    None => (self.initial(&c), false),
                },
            };
            kids.push(Kid {
                state: c,
                key,
                nums,
                fixed,
            });
        }
        self.moves = moves;
        let on_path = self.limit.is_none();
        if on_path {
            self.path.push(s.hash());
        }
        let mut nums;
        loop {
            let (n, best, second) = combine(or, &kids);
            nums = n;
            if nums.pn >= th_pn || nums.dn >= th_dn || self.stopped {
                break;
            }
            let kid = kids[best];
            let (cpn, cdn) = if or {
                (th_pn.min(widen(second)), relax(th_dn, nums.dn, kid.nums.dn))
            } else {
                (relax(th_pn, nums.pn, kid.nums.pn), th_dn.min(widen(second)))
            };
            kids[best].nums = self.mid(&kid.state, kid.key, depth + 1, cpn, cdn);
            // The search below may have settled other children by transposition.
            for k in kids.iter_mut().filter(|k| !k.fixed && !k.nums.resolved()) {
                if let Some(e) = self.tt.get(&k.key) {
                    k.nums = e.nums;
                }
            }
        }
        if on_path {
            self.path.pop();
        }
        self.frames[depth] = kids;
        self.store(key, nums, self.nodes - before);
        nums
    }

    fn store(&mut self, key: u64, nums: Nums, work: u64) {
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        let seq = if nums.resolved() {
            self.seq += 1;
            self.seq
        } else {
            0
        };
        if let Some(e) = self.tt.get_mut(&key) {
            if !e.nums.resolved() {
                e.nums = nums;
                e.work = e.work.saturating_add(work);
                e.seq = seq;
            }
            return;
        }
        if self.tt.len() >= self.max_entries {
            self.collect();
            // A resolved entry is kept even when full: proofs are read back from the table.
            if self.full && !nums.resolved() {
                return;
            }
        }
        self.tt.insert(key, Entry { nums, work, seq });
    }

    /// Frees room: first the unresolved entries with the least work, then refuted ones; stops
    /// the search when proven entries alone fill the table.
    fn collect(&mut self) {
        let mut works: Vec<u32> = self
            .tt
            .values()
            .filter(|e| !e.nums.resolved())
            .map(|e| e.work)
            .collect();
        if !works.is_empty() {
            let mid = works.len() / 2;
            let (_, &mut w, _) = works.select_nth_unstable(mid);
            self.tt.retain(|_, e| e.nums.resolved() || e.work > w);
        }
        if self.tt.len() >= self.max_entries / 2 {
            self.tt.retain(|_, e| e.nums.pn == 0 || !e.nums.resolved());
        }
        if self.tt.len() >= self.max_entries * 7 / 8 {
            self.full = true;
            self.stopped = true;
        }
    }

    /// A move of the defender (to move at `s`) refuted in the table of the question "can
    /// `attacker` win within `plies`" asked at `s`: one after which the attacker does not win
    /// within `plies - 1`.
    fn refuted_move(&mut self, s: &Onitama, attacker: Color, plies: u32) -> Option<Move> {
        self.attacker = attacker;
        self.limit = Some(plies as usize);
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves.into_iter().find(|&m| {
            let mut c = *s;
            c.play(m);
            let nums = match self.leaf(&c, 1) {
                Some(n) => n,
                None => self.tt.get(&self.key(&c, 1)).map_or(UNKNOWN, |e| e.nums),
            };
            nums.dn == 0
        })
    }

    /// The attacker's move at `s` in the proof of the unbounded question "can `attacker` force
    /// a win?" held in the table: a move ending the game in its favour or into a table win if
    /// there is one, else the move to the child proven first. Each proof rests only on proofs
    /// found before it, so following these moves never comes back to a position: the moves
    /// form an acyclic strategy ([`super::proof::write`] checks it). `None` if `s` is not proven
    /// in the table.
    pub fn proof_move(&mut self, s: &Onitama, attacker: Color) -> Option<Move> {
        self.attacker = attacker;
        self.limit = None;
        let seq = self.tt.get(&self.key(s, 0)).filter(|e| e.nums.pn == 0)?.seq;
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut first: Option<(u32, Move)> = None;
        for m in moves {
            let mut c = *s;
            c.play(m);
            if c.winner() == Some(attacker) {
                return Some(m);
            }
            if let Some(v) = self.tb.and_then(|t| t.probe(&c)) {
                if matches!(v, TbValue::Loss(_)) {
                    return Some(m);
                }
                continue;
            }
            if let Some(v) = self.bits.and_then(|b| b.probe(&c)) {
                if v == Wdl::Loss {
                    return Some(m);
                }
                continue;
            }
            if let Some(e) = self.tt.get(&self.key(&c, 1)) {
                if e.nums.pn == 0 && e.seq < seq && first.is_none_or(|(q, _)| e.seq < q) {
                    first = Some((e.seq, m));
                }
            }
        }
        first.map(|(_, m)| m)
    }

    /// Plies within which `attacker` wins from `s` by the proof in the table of the question
    /// asked with `plies` (an upper bound of the true distance), with the proof's main line;
    /// `None` unless that question was proven.
    pub fn proof_bound(
        &mut self,
        s: &Onitama,
        attacker: Color,
        plies: Option<u32>,
    ) -> Option<(u32, Vec<Move>)> {
        self.attacker = attacker;
        self.limit = plies.map(|p| p as usize);
        let mut memo = KeyMap::default();
        let bound = self.bound(s, u32::MAX, &mut memo, 0)?;
        let mut line = Vec::new();
        let mut s = *s;
        while line.len() < MAX_PROOF_DEPTH && !s.is_terminal() {
            if let Some(t) = self.tb.filter(|t| t.probe(&s).is_some()) {
                line.extend(t.line(&s, MAX_PROOF_DEPTH));
                break;
            }
            let depth = line.len();
            let Some(seq) = self.tt.get(&self.key(&s, depth)).map(|e| e.seq) else {
                break;
            };
            let or = s.to_move() == attacker;
            let mut moves = Vec::new();
            s.legal_moves(&mut moves);
            let mut pick: Option<(Move, u32)> = None;
            for m in moves {
                let mut c = s;
                c.play(m);
                if let Some(b) = self.bound(&c, seq, &mut memo, depth + 1) {
                    if pick.is_none_or(|(_, p)| if or { b < p } else { b > p }) {
                        pick = Some((m, b));
                    }
                }
            }
            let Some((m, _)) = pick else {
                break;
            };
            line.push(m);
            s.play(m);
        }
        Some((bound, line))
    }

    /// The proof's bound at `s`, `depth` plies below the root, counting only proofs found
    /// before number `before`.
    fn bound(
        &mut self,
        s: &Onitama,
        before: u32,
        memo: &mut KeyMap<u32>,
        depth: usize,
    ) -> Option<u32> {
        if let Some(w) = s.winner() {
            return (w == self.attacker).then_some(0);
        }
        let attacker_moves = s.to_move() == self.attacker;
        if let Some(v) = self.tb.and_then(|t| t.probe(s)) {
            return match v {
                TbValue::Win(n) if attacker_moves => Some(n),
                TbValue::Loss(n) if !attacker_moves => Some(n),
                _ => None,
            };
        }
        if self.bits.is_some_and(|b| b.covers(s)) {
            // A bitbase win has no distance.
            return None;
        }
        let key = self.key(s, depth);
        let e = *self.tt.get(&key)?;
        if e.nums.pn != 0 || e.seq >= before {
            return None;
        }
        if let Some(&b) = memo.get(&key) {
            return Some(b);
        }
        if depth >= MAX_PROOF_DEPTH {
            return None;
        }
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut acc: Option<u32> = None;
        for m in moves {
            let mut c = *s;
            c.play(m);
            let b = self.bound(&c, e.seq, memo, depth + 1);
            if attacker_moves {
                if let Some(b) = b {
                    acc = Some(acc.map_or(b + 1, |a| a.min(b + 1)));
                }
            } else {
                let b = b? + 1;
                acc = Some(acc.map_or(b, |a| a.max(b)));
            }
        }
        let b = acc?;
        memo.insert(key, b);
        Some(b)
    }
}

/// The node's numbers from its children's, with the index of the most proving child and the
/// second-best child number (proof number at an OR node, disproof number at an AND node).
fn combine(or: bool, kids: &[Kid]) -> (Nums, usize, u32) {
    let (mut best, mut b1, mut b2) = (0, u32::MAX, u32::MAX);
    let mut sum: u64 = 0;
    let mut flags = 0;
    let mut clean_cut = false;
    for (i, k) in kids.iter().enumerate() {
        let (select, add) = if or {
            (k.nums.pn, k.nums.dn)
        } else {
            (k.nums.dn, k.nums.pn)
        };
        if select < b1 {
            b2 = b1;
            b1 = select;
            best = i;
        } else if select < b2 {
            b2 = select;
        }
        sum += u64::from(add);
        flags |= k.nums.flags;
        clean_cut |= k.nums.dn == 0 && k.nums.flags == 0;
    }
    let b1 = b1.min(INF);
    let sum = sum.min(u64::from(INF - 1)) as u32;
    let nums = if or {
        if b1 == 0 {
            PROVEN
        } else if b1 >= INF {
            Nums { flags, ..REFUTED }
        } else {
            Nums {
                pn: b1,
                dn: sum,
                flags: 0,
            }
        }
    } else if b1 == 0 {
        // A disproven child: the node is disproven, soundly if one such child is.
        Nums {
            flags: if clean_cut { 0 } else { PATH },
            ..REFUTED
        }
    } else if b1 >= INF {
        PROVEN
    } else {
        Nums {
            pn: sum,
            dn: b1,
            flags: 0,
        }
    };
    (nums, best, b2.min(INF))
}

/// A random-looking salt for the plies left of a bounded question (SplitMix64's finaliser).
fn plies_salt(left: usize) -> u64 {
    let mut z = (left as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The 1+ε threshold over the second-best child (ε = 1/4, at least one more).
fn widen(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        second.saturating_add((second / 4).max(1)).min(INF)
    }
}

/// The child's threshold on the summed number: the node's threshold less the other children's.
fn relax(threshold: u32, node: u32, child: u32) -> u32 {
    if threshold >= INF {
        INF
    } else {
        (u64::from(threshold) - u64::from(node) + u64::from(child)).min(u64::from(INF)) as u32
    }
}

/// Proves what it can about `state` for the side to move within `limits`: df-pn asks "does the
/// side to move force a win?" and "does the opponent?" in turns with doubling node budgets
/// (one shared table), then measures a proven result's distance by bounded questions in what
/// is left of the limits ([`Distance::AtMost`] the proof's bound if they run out first). With
/// neither a node nor a time limit it stops after ten seconds.
pub fn solve(state: &Onitama, tb: Option<&Tablebase>, limits: Limits) -> Report {
    solve_with(state, tb, None, limits, None)
}

/// As [`solve`], with the positions of the bitbase `bits` (if any) ending lines too
/// ([`Dfpn::with_bitbase`]), telling `progress` (if any) the nodes searched and the table
/// entries every [`PROGRESS_EVERY`] nodes.
pub fn solve_with(
    state: &Onitama,
    tb: Option<&Tablebase>,
    bits: Option<&Bitbase>,
    limits: Limits,
    progress: Option<&(dyn Fn(u64, usize) + Sync)>,
) -> Report {
    match solve_stored(state, tb, bits, limits, progress, &mut NoStore) {
        Ok(r) => r,
        Err(never) => match never {},
    }
}

/// As [`solve_with`], going on from the table saved in the checkpoint file `path` if there is
/// one (for the same position; its nodes count towards the node limit) and saving the table
/// there every [`CHECKPOINT_NODES`] nodes or so and when the questions are answered or the
/// limits run out (written to `path.partial` and renamed, so a killed run leaves the last whole
/// checkpoint). A run stopped by its limits is resumed with higher ones.
pub fn solve_checkpointed(
    state: &Onitama,
    tb: Option<&Tablebase>,
    bits: Option<&Bitbase>,
    limits: Limits,
    progress: Option<&(dyn Fn(u64, usize) + Sync)>,
    path: &FilePath,
) -> Result<Report, Error> {
    let mut store = FileStore { path, root: *state };
    solve_stored(state, tb, bits, limits, progress, &mut store)
}

/// Nodes between two checkpoints (a question's budget slice at most, when checkpointing).
pub const CHECKPOINT_NODES: u64 = 1 << 22;

/// Where the searcher's table is kept between runs.
trait Store {
    /// What can go wrong.
    type Err;
    /// Fills the new searcher from the store, if it holds a table.
    fn load(&mut self, d: &mut Dfpn) -> Result<(), Self::Err>;
    /// Saves the searcher's table.
    fn save(&mut self, d: &Dfpn) -> Result<(), Self::Err>;
    /// Whether it saves at all.
    fn saves(&self) -> bool;
}

/// No store: nothing is loaded or saved.
struct NoStore;

impl Store for NoStore {
    type Err = Infallible;
    fn load(&mut self, _: &mut Dfpn) -> Result<(), Infallible> {
        Ok(())
    }
    fn save(&mut self, _: &Dfpn) -> Result<(), Infallible> {
        Ok(())
    }
    fn saves(&self) -> bool {
        false
    }
}

/// A checkpoint file of the search from `root`.
struct FileStore<'p> {
    path: &'p FilePath,
    root: Onitama,
}

impl Store for FileStore<'_> {
    type Err = Error;
    fn load(&mut self, d: &mut Dfpn) -> Result<(), Error> {
        let bad = |why: String| Error::file(format!("{}: {why}", self.path.display()));
        let file = match std::fs::File::open(self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(bad(e.to_string())),
        };
        d.read_checkpoint(&mut io::BufReader::new(file), &self.root)
            .map_err(bad)
    }
    fn save(&mut self, d: &Dfpn) -> Result<(), Error> {
        crate::files::write_atomically(self.path, |f| {
            let mut w = io::BufWriter::new(f);
            d.write_checkpoint(&mut w, &self.root)?;
            w.flush()
        })
    }
    fn saves(&self) -> bool {
        true
    }
}

/// The first bytes of a checkpoint file.
const CHECKPOINT_MAGIC: &[u8; 24] = b"tabula dfpn checkpoint1\n";

impl Dfpn<'_> {
    /// Writes the table and counters: the magic, the root's hash, nodes, table hits, the proof
    /// counter and the entry count, then per entry its key, numbers, flags, work and proof
    /// number (little-endian).
    fn write_checkpoint(&self, w: &mut dyn Write, root: &Onitama) -> io::Result<()> {
        w.write_all(CHECKPOINT_MAGIC)?;
        for v in [root.hash(), self.nodes, self.hits, u64::from(self.seq)] {
            w.write_all(&v.to_le_bytes())?;
        }
        w.write_all(&(self.tt.len() as u64).to_le_bytes())?;
        for (&k, e) in &self.tt {
            w.write_all(&k.to_le_bytes())?;
            w.write_all(&e.nums.pn.to_le_bytes())?;
            w.write_all(&e.nums.dn.to_le_bytes())?;
            w.write_all(&[e.nums.flags])?;
            w.write_all(&e.work.to_le_bytes())?;
            w.write_all(&e.seq.to_le_bytes())?;
        }
        Ok(())
    }

    /// Reads what [`Dfpn::write_checkpoint`] wrote for `root` into this (empty) searcher.
    fn read_checkpoint(&mut self, r: &mut dyn Read, root: &Onitama) -> Result<(), String> {
        let mut magic = [0u8; 24];
        let short = |_| "not a whole df-pn checkpoint file".to_string();
        r.read_exact(&mut magic).map_err(short)?;
        if &magic != CHECKPOINT_MAGIC {
            return Err("not a df-pn checkpoint file".into());
        }
        let mut u64s = [0u64; 5];
        for v in &mut u64s {
            let mut b = [0u8; 8];
            r.read_exact(&mut b).map_err(short)?;
            *v = u64::from_le_bytes(b);
        }
        let [hash, nodes, hits, seq, count] = u64s;
        if hash != root.hash() {
            return Err("the checkpoint is of another position".into());
        }
        if count > self.max_entries as u64 {
            return Err(format!(
                "the checkpoint holds {count} entries, more than this --hash keeps ({}); give a larger --hash",
                self.max_entries
            ));
        }
        let seq = u32::try_from(seq).map_err(|_| "a bad proof counter".to_string())?;
        self.tt.reserve(count as usize);
        let mut b = [0u8; 25];
        for _ in 0..count {
            r.read_exact(&mut b).map_err(short)?;
            let word = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
            let key = u64::from_le_bytes(b[..8].try_into().expect("8 bytes"));
            let nums = Nums {
                pn: word(8).min(INF),
                dn: word(12).min(INF),
                flags: b[16] & PATH,
            };
            let e = Entry {
                nums,
                work: word(17),
                seq: word(21).min(seq),
            };
            self.tt.insert(key, e);
        }
        if r.read(&mut [0u8; 1]).map_err(|e| e.to_string())? != 0 {
            return Err("bytes after the last entry".into());
        }
        (self.nodes, self.hits, self.seq) = (nodes, hits, seq);
        Ok(())
    }
}

/// [`solve_with`] with the searcher's table loaded from and saved to `store`.
fn solve_stored<S: Store>(
    state: &Onitama,
    tb: Option<&Tablebase>,
    bits: Option<&Bitbase>,
    limits: Limits,
    progress: Option<&(dyn Fn(u64, usize) + Sync)>,
    store: &mut S,
) -> Result<Report, S::Err> {
    let start = Instant::now();
    let mut report = Report {
        verdict: Verdict::Unknown,
        best: None,
        line: Vec::new(),
        wins: Answer::Unknown,
        loses: Answer::Unknown,
        nodes: 0,
        resumed_nodes: 0,
        distance_nodes: 0,
        table_hits: 0,
        entries: 0,
        elapsed: Duration::ZERO,
        proof: None,
    };
    if settled_without_search(state, tb, &mut report) {
        report.elapsed = start.elapsed();
        return Ok(report);
    }
    // With no limit at all, the default ten seconds: a search must end.
    let time = match limits {
        Limits {
            nodes: None,
            time: None,
            ..
        } => Some(Duration::from_secs(10)),
        _ => limits.time,
    };
    let deadline = time.map(|t| start + t);
    let node_total = limits.nodes.unwrap_or(u64::MAX);
    let mut d = Dfpn::with_leaves(tb, bits, limits.hash_mb, progress);
    store.load(&mut d)?;
    report.resumed_nodes = d.nodes();
    (report.wins, report.loses) = ask_stored(&mut d, state, node_total, deadline, store)?;
    if store.saves() {
        store.save(&d)?;
    }
    report.nodes = d.nodes();
    let table = match (tb, bits) {
        (Some(t), _) => Some(Table::Distance(t)),
        (None, Some(b)) => Some(Table::Bits(b)),
        (None, None) => None,
    };
    conclude(&mut d, state, table, node_total, deadline, &mut report);
    report.table_hits += d.table_hits();
    report.entries = d.entries();
    report.elapsed = start.elapsed();
    Ok(report)
}

/// After the search answered both questions in `report`: the verdict, and for a proven one
/// the winner's strategy replayed against the rules and `table`, and its distance and line
/// measured within `node_total` nodes and `deadline`.
fn conclude(
    d: &mut Dfpn,
    state: &Onitama,
    table: Option<Table>,
    node_total: u64,
    deadline: Option<Instant>,
    report: &mut Report,
) {
    let us = state.to_move();
    let winner = if report.wins == Answer::Proven {
        Some(us)
    } else if report.loses == Answer::Proven {
        Some(!us)
    } else {
        None
    };
    if let Some(attacker) = winner {
        report.proof = Some(replayed_proof(d, state, attacker, table));
        let before = d.nodes();
        let (distance, line) = measure(d, state, attacker, node_total, deadline);
        report.verdict = if attacker == us {
            Verdict::Win(distance)
        } else {
            Verdict::Loss(distance)
        };
        report.best = line.first().copied();
        report.line = line;
        report.distance_nodes = d.nodes() - before;
    } else if report.wins == Answer::Refuted && report.loses == Answer::Refuted {
        report.verdict = Verdict::Draw;
    }
}

/// Fills `report` for a position whose value needs no search: a finished game (lost for the
/// side to move) or one the tablebase `tb` holds, with its line. False for any other.
fn settled_without_search(state: &Onitama, tb: Option<&Tablebase>, report: &mut Report) -> bool {
    if state.is_terminal() {
        report.verdict = Verdict::Loss(Distance::Exactly(0));
        report.wins = Answer::Refuted;
        report.loses = Answer::Proven;
        return true;
    }
    let Some((t, v)) = tb.and_then(|t| Some((t, t.probe(state)?))) else {
        return false;
    };
    report.table_hits = 1;
    (report.verdict, report.wins, report.loses) = match v {
        TbValue::Win(n) => (
            Verdict::Win(Distance::Exactly(n)),
            Answer::Proven,
            Answer::Refuted,
        ),
        TbValue::Loss(n) => (
            Verdict::Loss(Distance::Exactly(n)),
            Answer::Refuted,
            Answer::Proven,
        ),
        TbValue::Draw => (Verdict::Draw, Answer::Refuted, Answer::Refuted),
    };
    report.line = t.line(state, MAX_PROOF_DEPTH);
    report.best = report.line.first().copied();
    true
}

/// The winner's strategy held in `d`'s table (before a distance is measured, which empties it),
/// written and then replayed from its text alone against the rules and `table`.
fn replayed_proof(
    d: &mut Dfpn,
    state: &Onitama,
    attacker: Color,
    table: Option<Table>,
) -> Result<ProofStats, String> {
    let mut choose = |s: &Onitama| d.proof_move(s, attacker);
    let (text, _) = proof::write(state, attacker, table, &mut choose, MAX_PROOF_MOVES)?;
    proof::check(state, attacker, table, &text)
}

/// Asks "does the side to move force a win?" and "does the opponent?" in turns with doubling
/// node budgets (one shared table) until one is proven, both are answered, or the searcher has
/// expanded `node_total` nodes in all, `deadline` passes or its table is full. The answers for
/// the side to move and for its opponent.
pub fn ask_both(
    d: &mut Dfpn,
    state: &Onitama,
    node_total: u64,
    deadline: Option<Instant>,
) -> (Answer, Answer) {
    match ask_stored(d, state, node_total, deadline, &mut NoStore) {
        Ok(answers) => answers,
        Err(never) => match never {},
    }
}

/// [`ask_both`], saving the table to `store` after every round (whose slices then stay within
/// [`CHECKPOINT_NODES`]).
fn ask_stored<S: Store>(
    d: &mut Dfpn,
    state: &Onitama,
    node_total: u64,
    deadline: Option<Instant>,
    store: &mut S,
) -> Result<(Answer, Answer), S::Err> {
    let us = state.to_move();
    let (mut wins, mut loses) = (Answer::Unknown, Answer::Unknown);
    let mut slice = 4096u64;
    loop {
        for (attacker, answer) in [(us, &mut wins), (!us, &mut loses)] {
            if *answer == Answer::Unknown {
                let limit = d.nodes().saturating_add(slice).min(node_total);
                *answer = d.search(state, attacker, limit, deadline);
                if *answer == Answer::Proven {
                    break;
                }
            }
        }
        let out_of_budget =
            d.nodes() >= node_total || deadline.is_some_and(|t| Instant::now() >= t) || d.is_full();
        let settled = wins != Answer::Unknown && loses != Answer::Unknown;
        if wins == Answer::Proven || loses == Answer::Proven || settled || out_of_budget {
            // One side's proven win answers the other question too: it cannot force one.
            match (wins, loses) {
                (Answer::Proven, Answer::Unknown) => loses = Answer::Refuted,
                (Answer::Unknown, Answer::Proven) => wins = Answer::Refuted,
                _ => {}
            }
            return Ok((wins, loses));
        }
        slice = slice.saturating_mul(2);
        if store.saves() {
            slice = slice.min(CHECKPOINT_NODES);
            store.save(d)?;
        }
    }
}

/// The distance of a result proven for `attacker`, with the proof's main line. The proof's
/// bound `b` is tightened by asking df-pn "a win within `b - 2` plies?" (a bounded question,
/// whose proof gives a new bound) until that is refuted, which makes the bound exact, or the
/// limits run out, which leaves it an upper bound. It empties the searcher's table: read a
/// proof from it first.
pub fn measure(
    d: &mut Dfpn,
    state: &Onitama,
    attacker: Color,
    node_total: u64,
    deadline: Option<Instant>,
) -> (Distance, Vec<Move>) {
    let Some((mut bound, mut line)) = d.proof_bound(state, attacker, None) else {
        return (Distance::Unmeasured, Vec::new());
    };
    // The unbounded questions are answered: the bounded ones get the whole table.
    d.clear();
    // A win is at least one ply away, a loss (the position is not over) two.
    let shortest = if attacker == state.to_move() { 1 } else { 2 };
    while bound > shortest {
        let target = bound - 2;
        match d.search_within(state, attacker, Some(target), node_total, deadline) {
            Answer::Proven => match d.proof_bound(state, attacker, Some(target)) {
                Some((b, l)) if b <= target => {
                    (bound, line) = (b, l);
                    d.clear();
                }
                _ => return (Distance::AtMost(bound), line),
            },
            Answer::Refuted => {
                if attacker != state.to_move() {
                    if let Some(l) =
                        slowest_line(d, state, &line, bound, attacker, node_total, deadline)
                    {
                        line = l;
                    }
                }
                break;
            }
            Answer::NoWinFound | Answer::Unknown => return (Distance::AtMost(bound), line),
        }
    }
    (Distance::Exactly(bound), line)
}

/// For a loss in exactly `n` plies whose "win within `n - 2`" question was just refuted: a line
/// whose first move is a slowest loss, the move refuted in that question (the attacker does
/// not win within `n - 3` after it), followed by the attacker's proof of a win in `n - 1`.
/// `None` when the proof's own `line` already starts with it, or the limits run out.
fn slowest_line(
    d: &mut Dfpn,
    state: &Onitama,
    line: &[Move],
    n: u32,
    attacker: Color,
    node_total: u64,
    deadline: Option<Instant>,
) -> Option<Vec<Move>> {
    let mv = d.refuted_move(state, attacker, n.checked_sub(2)?)?;
    if line.first() == Some(&mv) {
        return None;
    }
    let mut child = *state;
    child.play(mv);
    if d.search_within(&child, attacker, Some(n - 1), node_total, deadline) != Answer::Proven {
        return None;
    }
    let (b, rest) = d.proof_bound(&child, attacker, Some(n - 1))?;
    (b == n - 1).then(|| std::iter::once(mv).chain(rest).collect())
}
