//! Solitaire analysis: the most marbles one player could capture making every move alone.
//!
//! Alone, a chain of `k` jumps is the same as `k` single moves by one marble, so the question is
//! the longest sequence of single jumps, i.e. how few marbles can be left. Bounds: the
//! three-colouring parity invariant (every jump flips the parity of all three colour counts) gives
//! the fewest marbles that could remain, per group of marbles that can never meet (short jumps).
//! Reaching that bound proves the result. The search, for short jumps:
//! 1. an endgame table, built backwards from every single marble, of all positions of up to about
//!    seven marbles that can still leave one (canonical under the board's twelve symmetries);
//! 2. a beam search toward one marble (many lines, shallowly), which from the start finds a line
//!    leaving one marble in seconds;
//! 3. a depth-first search with a transposition table of explored positions keyed by the least
//!    symmetric image (kept up to date jump by jump), in runs with doubling node budgets and seeded
//!    move-order noise; a complete run proves the best found optimal.
//!
//! With long jumps only the parity bound and step 3 apply.

use std::time::{Duration, Instant};

use super::board::{BitIter, Marbles};
use super::moves::{follow, least_chain};
use super::geometry::{tables, Hole, Tables, HOLES, NONE};
use super::jumps::{jumps_from, single_jumps};
use super::notation::write_holes;

/// Limits of a solitaire search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Stop after this long (none: until proved).
    pub time: Option<Duration>,
    /// The transposition table holds `2^table_bits` boards (16 bytes each).
    pub table_bits: u32,
    /// The endgame table (short jumps) holds at most this many positions (up to
    /// [`ENDGAME_ENTRY_BYTES`] each while it is built).
    pub endgame_entries: usize,
}

/// Bytes a transposition-table entry takes.
pub const TABLE_ENTRY_BYTES: usize = 16;

/// Bytes an endgame-table position takes at the peak of the table's build (the set, its
/// growth, and the level being extended); measured, not exact.
pub const ENDGAME_ENTRY_BYTES: usize = 64;

impl Default for Limits {
    /// 192 MB: a 64 MB transposition table and an endgame table of 2^21 positions.
    fn default() -> Self {
        Limits::within(192 << 20, None)
    }
}

impl Limits {
    /// Limits whose two tables together take at most about `bytes`, so a user's memory
    /// budget holds: the transposition table gets the largest power of two of entries within
    /// half of it, the endgame table the rest.
    pub fn within(bytes: usize, time: Option<Duration>) -> Self {
        let table_entries = (bytes / 2 / TABLE_ENTRY_BYTES).max(2);
        let table_bits = usize::BITS - 1 - table_entries.leading_zeros();
        let rest = bytes.saturating_sub(TABLE_ENTRY_BYTES << table_bits);
        Limits {
            time,
            table_bits,
            endgame_entries: rest / ENDGAME_ENTRY_BYTES,
        }
    }
}

/// Progress of a running search, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions expanded so far.
    pub nodes: u64,
    /// Most captures found so far.
    pub best: u32,
    /// The most captures that could be possible.
    pub upper_bound: u32,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The outcome of a solitaire search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Most captures found (the exact maximum when `proved`).
    pub captures: u32,
    /// Whether `captures` is proved to be the maximum.
    pub proved: bool,
    /// An upper bound on the captures (equal to `captures` when proved).
    pub upper_bound: u32,
    /// Marbles at the start.
    pub marbles: u32,
    /// The moves (chains, each written as its least chain) reaching `captures`, in order.
    pub moves: Vec<String>,
    /// Positions expanded.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Why the search stopped before a proof, if it did.
    pub stopped_by: Option<String>,
    /// The endgame table knows every position of up to this many marbles (0: none, long jumps).
    pub endgame_marbles: u32,
}

/// The colour class of a hole in the three-colouring of the triangular lattice (`x - y mod 3`):
/// a jump always takes one marble from two classes and adds one to the third.
fn colour(h: usize) -> usize {
    let (x, y, _) = tables().cube[h];
    (x - y).rem_euclid(3) as usize
}

/// The fewest marbles that could remain from a board, by the parity invariant.
pub fn fewest_remaining(bits: u128) -> u32 {
    let n = bits.count_ones();
    if n == 0 {
        return 0;
    }
    let mut counts = [0u32; 3];
    for h in BitIter(bits) {
        counts[colour(h.index())] += 1;
    }
    (1..=n)
        .find(|&m| {
            let flip = (n - m) % 2;
            let weight: u32 = counts.iter().map(|&c| (c + flip) % 2).sum();
            weight <= m
        })
        .unwrap_or(n)
}

/// How many marbles of `board` around the changed holes `holes` have no neighbouring marble.
fn stranded_by(board: u128, holes: &[u8; 3]) -> i32 {
    let t = tables();
    let lonely = |h: u8| {
        board >> h & 1 == 1
            && t.neighbour[h as usize]
                .iter()
                .all(|&n| n == NONE || board >> n & 1 == 0)
    };
    let mut seen = 0u128;
    let mut count = 0;
    for &h in holes {
        for &n in t.neighbour[h as usize].iter().chain(std::iter::once(&h)) {
            if n != NONE && seen >> n & 1 == 0 {
                seen |= 1u128 << n;
                count += i32::from(lonely(n));
            }
        }
    }
    count
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Distance of a hole from the centre.
fn ring(h: usize) -> i32 {
    let (x, y, z) = tables().cube[h];
    x.abs().max(y.abs()).max(z.abs())
}

/// Hex distance between two holes.
fn distance(a: usize, b: usize) -> i32 {
    let t = tables();
    let (ax, ay, az) = t.cube[a];
    let (bx, by, bz) = t.cube[b];
    (ax - bx).abs().max((ay - by).abs()).max((az - bz).abs())
}

/// The fewest marbles that could remain, with short jumps only: marbles split into groups that
/// can never touch (a group of `s` marbles makes at most `s - 1` jumps, each moving a marble two
/// holes, so groups farther apart than that never meet), and the parity bound holds in each group
/// separately. With long jumps, the plain parity bound.
pub fn fewest_remaining_bound(bits: u128, long: bool) -> u32 {
    if long {
        return fewest_remaining(bits);
    }
    let holes: Vec<usize> = BitIter(bits).map(Hole::index).collect();
    let n = holes.len();
    let mut group: Vec<usize> = (0..n).collect();
    let mut size = vec![1i32; n];
    let find = |group: &Vec<usize>, mut i: usize| {
        while group[i] != i {
            i = group[i];
        }
        i
    };
    loop {
        let mut merged = false;
        for i in 0..n {
            for j in i + 1..n {
                let (gi, gj) = (find(&group, i), find(&group, j));
                if gi != gj && distance(holes[i], holes[j]) <= 2 * (size[gi] + size[gj]) - 3 {
                    group[gj] = gi;
                    size[gi] += size[gj];
                    merged = true;
                }
            }
        }
        if !merged {
            break;
        }
    }
    let mut members = vec![0u128; n];
    for (i, &h) in holes.iter().enumerate() {
        members[find(&group, i)] |= 1u128 << h;
    }
    members
        .iter()
        .filter(|&&m| m != 0)
        .map(|&m| fewest_remaining(m))
        .sum()
}

struct Search<F: FnMut(&Progress)> {
    long: bool,
    table: Vec<u128>,
    mask: usize,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    stopped: bool,
    run_budget: u64,
    out_of_budget: bool,
    noise: u64,
    best: u32,
    goal: u32,
    path: Vec<(u8, u8, u8)>,
    best_path: Vec<(u8, u8, u8)>,
    progress: F,
    next_report: u64,
    endgame: Endgame,
}

/// The positions (canonical under the symmetries) of up to `covered` marbles from which short
/// jumps can leave a single marble, built backwards by un-jumping from every single marble. It is
/// complete for those sizes, so a position it lacks can leave two marbles at best.
#[derive(Default)]
struct Endgame {
    covered: u32,
    solvable: ahash::AHashSet<u128>,
}

/// Positions kept per level by the beam search.
const BEAM_WIDTH: usize = 5_000;

/// How promising a board is for leaving one marble (lower is better): marbles without a
/// neighbour weigh most, then the distance of the marbles from the centre.
fn beam_score(bits: u128) -> i32 {
    let t = tables();
    let mut score = 0;
    for h in BitIter(bits) {
        let lonely = t.neighbour[h.index()]
            .iter()
            .all(|&n| n == NONE || bits >> n & 1 == 0);
        score += if lonely { 16 } else { 0 } + ring(h.index());
    }
    score
}

/// A board of the beam, the index of its parent in the level above, and the jump made.
type BeamEntry = (u128, u32, Jump);

/// A single jump: start, captured and landing holes.
type Jump = (u8, u8, u8);

/// Beam search for a line of single jumps down to one marble: each level keeps the
/// `width` best distinct boards; boards small enough for the endgame table are looked up there
/// (and dropped when they cannot leave one marble).
fn beam(
    marbles: u128,
    width: usize,
    endgame: &Endgame,
    deadline: Option<Instant>,
    nodes: &mut u64,
) -> Option<Vec<(u8, u8, u8)>> {
    // Each level: (board, index of the parent in the level above, the jump made).
    let mut levels: Vec<Vec<BeamEntry>> = vec![vec![(marbles, 0, (0, 0, 0))]];
    let mut jumps = [(0u8, 0u8); 6];
    loop {
        let current = levels.last().expect("a level");
        if current.is_empty() || deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mut seen = ahash::AHashSet::new();
        let mut next: Vec<(i32, BeamEntry)> = Vec::new();
        for (i, &(bits, _, _)) in current.iter().enumerate() {
            for s in BitIter(bits) {
                let n = jumps_from(bits & !(1u128 << s.0), s.index(), false, &mut jumps);
                for &(over, land) in &jumps[..n] {
                    let child = bits ^ (1u128 << s.0 | 1u128 << over | 1u128 << land);
                    *nodes += 1;
                    if !seen.insert(child) {
                        continue;
                    }
                    let jump = (s.0, over, land);
                    if child.count_ones() <= endgame.covered {
                        if endgame.solvable.contains(&canonical(child)) {
                            // Found: walk back up the levels, then finish from the table.
                            let mut line = vec![jump];
                            let mut parent = i;
                            for level in levels.iter().skip(1).rev() {
                                line.push(level[parent].2);
                                parent = level[parent].1 as usize;
                            }
                            line.reverse();
                            let mut occ = child;
                            finish(&mut occ, endgame, &mut line);
                            return Some(line);
                        }
                        continue;
                    }
                    next.push((beam_score(child), (child, i as u32, jump)));
                }
            }
        }
        if next.len() > width {
            next.select_nth_unstable_by_key(width, |e| e.0);
            next.truncate(width);
        }
        // Copied into a vector of its own size: collecting in place would keep the untruncated
        // buffer's capacity on every level (about 150 MB over a long beam).
        let mut level = Vec::with_capacity(next.len());
        level.extend(next.into_iter().map(|(_, entry)| entry));
        levels.push(level);
    }
}

/// Extends `line` from `occ` (a solvable endgame board) down to one marble.
fn finish(occ: &mut u128, endgame: &Endgame, line: &mut Vec<(u8, u8, u8)>) {
    while occ.count_ones() > 1 {
        let mut jumps = [(0u8, 0u8); 6];
        let board = *occ;
        let step = BitIter(board).find_map(|s| {
            let n = jumps_from(board & !(1u128 << s.0), s.index(), false, &mut jumps);
            jumps[..n].iter().find_map(|&(over, land)| {
                let after = board ^ (1u128 << s.0 | 1u128 << over | 1u128 << land);
                endgame
                    .solvable
                    .contains(&canonical(after))
                    .then_some((s.0, over, land))
            })
        });
        let Some((from, over, land)) = step else {
            return;
        };
        line.push((from, over, land));
        *occ ^= 1u128 << from | 1u128 << over | 1u128 << land;
    }
}

/// The least of the twelve symmetric images of a board.
fn canonical(bits: u128) -> u128 {
    let t = tables();
    let mut best = u128::MAX;
    for sym in &t.sym {
        let image = BitIter(bits).fold(0u128, |b, h| b | 1u128 << sym[h.index()]);
        best = best.min(image);
    }
    best
}

fn build_endgame(max_entries: usize, deadline: Option<Instant>) -> Endgame {
    let t = tables();
    let mut db = Endgame::default();
    let mut level: Vec<u128> = (0..HOLES).map(|h| canonical(1u128 << h)).collect();
    level.sort_unstable();
    level.dedup();
    db.solvable.extend(level.iter().copied());
    db.covered = 1;
    loop {
        let mut next = ahash::AHashSet::new();
        for &p in &level {
            for l in BitIter(p) {
                for d in 0..6 {
                    let o = t.neighbour[l.index()][d];
                    if o == NONE || p >> o & 1 == 1 {
                        continue;
                    }
                    let f = t.neighbour[o as usize][d];
                    if f == NONE || p >> f & 1 == 1 {
                        continue;
                    }
                    next.insert(canonical(p ^ (1u128 << l.0 | 1u128 << o | 1u128 << f)));
                }
            }
            if db.solvable.len() + next.len() > max_entries
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                return db;
            }
        }
        db.solvable.extend(next.iter().copied());
        db.covered += 1;
        level = next.into_iter().collect();
    }
}

/// The most marbles one player alone could capture from `marbles`, within `limits`, reporting
/// progress about once a second through `progress`.
pub fn solve(
    marbles: u128,
    long: bool,
    limits: Limits,
    progress: impl FnMut(&Progress),
) -> Outcome {
    let n = marbles.count_ones();
    let goal = n - fewest_remaining_bound(marbles, long);
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    // The endgame table gets at most a tenth of the time.
    let endgame = if long {
        Endgame::default()
    } else {
        build_endgame(limits.endgame_entries, limits.time.map(|t| start + t / 10))
    };
    let mut search = Search {
        long,
        table: vec![u128::MAX; 1usize << limits.table_bits],
        mask: (1usize << limits.table_bits) - 1,
        nodes: 0,
        start,
        deadline,
        endgame,
        stopped: false,
        run_budget: u64::MAX,
        out_of_budget: false,
        noise: 0,
        best: 0,
        goal,
        path: Vec::new(),
        best_path: Vec::new(),
        progress,
        next_report: 1 << 16,
    };
    let mut images = symmetric_images(marbles);
    // First a beam search (short jumps, aiming at one marble left) with a fifth of the time: it
    // looks at many different lines shallowly, where the depth-first search below is thorough but
    // can stay in one corner of a huge tree.
    if !long && search.goal == n - 1 && search.endgame.covered > 1 {
        let beam_deadline = limits.time.map(|t| start + t / 3);
        if let Some(line) = beam(
            marbles,
            BEAM_WIDTH,
            &search.endgame,
            beam_deadline,
            &mut search.nodes,
        ) {
            search.best_path = line;
            search.best = search.best_path.len() as u32;
        }
    }
    search.restarts(&mut Marbles::from_bits(marbles), &mut images);
    // Claim no more than the line shows (it always does; this guards the endgame completion).
    search.best = search.best.min(search.best_path.len() as u32);
    let proved = !search.stopped && search.best_path.len() as u32 == search.best;
    let moves = group_moves(marbles, long, &search.best_path);
    Outcome {
        captures: search.best,
        proved,
        upper_bound: if proved { search.best } else { goal },
        marbles: n,
        moves,
        nodes: search.nodes,
        elapsed: start.elapsed(),
        stopped_by: search.stopped.then(|| "the time limit".to_string()),
        endgame_marbles: search.endgame.covered,
    }
}

/// The board `marbles` in its twelve symmetric images.
fn symmetric_images(marbles: u128) -> [u128; 12] {
    let t = tables();
    let mut images = [0u128; 12];
    for h in BitIter(marbles) {
        for (s, image) in images.iter_mut().enumerate() {
            *image |= 1u128 << t.sym[s][h.index()];
        }
    }
    images
}

impl<F: FnMut(&Progress)> Search<F> {
    /// Depth-first runs with a node budget that doubles, each after the first with a little
    /// seeded noise in the move order: a bad early choice then costs one run, not the whole
    /// search. The table of explored positions is kept, so no complete work is lost; the last
    /// run has no budget.
    fn restarts(&mut self, layouts: &mut Marbles, images: &mut [u128; 12]) {
        let mut budget = 1u64 << 20;
        let mut run = 0u64;
        while self.goal > 0 && self.best < self.goal {
            self.run_budget = self.nodes.saturating_add(budget);
            self.out_of_budget = false;
            self.noise = if run == 0 { 0 } else { splitmix(run) | 1 };
            let stop = self.dfs(layouts, images);
            if !stop || !self.out_of_budget {
                break;
            }
            run += 1;
            budget = budget.saturating_mul(2);
        }
    }

    /// Extends `best_path` from `occ` (a solvable endgame position) down to one marble, following
    /// the endgame table.
    fn finish_line(&mut self, mut occ: u128) {
        finish(&mut occ, &self.endgame, &mut self.best_path);
    }

    fn slot(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17) as usize & self.mask
    }

    /// Explores below the current board; returns true when the search must stop (goal reached or
    /// a limit hit).
    fn dfs(&mut self, layouts: &mut Marbles, images: &mut [u128; 12]) -> bool {
        self.nodes += 1;
        let depth = self.path.len() as u32;
        if depth > self.best {
            self.best = depth;
            self.best_path.clone_from(&self.path);
            if self.best >= self.goal {
                return true;
            }
        }
        if self.out_of_limits() {
            return true;
        }
        let occ = layouts.bits();
        let n = occ.count_ones();
        let key = *images.iter().min().expect("twelve images");
        if n <= self.endgame.covered {
            if self.endgame.solvable.contains(&key) {
                // One marble can be left: nothing does better.
                if depth + n - 1 > self.best {
                    self.best = depth + n - 1;
                    self.best_path.clone_from(&self.path);
                    self.finish_line(occ);
                }
                return self.best >= self.goal;
            }
            if depth + n.saturating_sub(2) <= self.best {
                return false;
            }
        }
        // Nothing below can beat the best found: prune.
        if depth + n - fewest_remaining_bound(occ, self.long) <= self.best {
            return false;
        }
        let slot = self.slot(key);
        if self.table[slot] == key {
            return false;
        }
        let t = tables();
        for (_, from, over, land) in self.ordered_jumps(layouts, occ) {
            let diff = 1u128 << from | 1u128 << over | 1u128 << land;
            layouts.toggle(diff);
            toggle_images(t, images, from, over, land);
            self.path.push((from, over, land));
            let stop = self.dfs(layouts, images);
            self.path.pop();
            layouts.toggle(diff);
            toggle_images(t, images, from, over, land);
            if stop {
                return true;
            }
        }
        self.table[slot] = key;
        false
    }

    /// Counts against the run's node budget and, about every 65,000 nodes, the deadline (and
    /// reports progress): true when the search must stop.
    #[inline]
    fn out_of_limits(&mut self) -> bool {
        if self.nodes >= self.run_budget {
            self.out_of_budget = true;
            return true;
        }
        if self.nodes >= self.next_report {
            self.next_report = self.nodes + (1 << 16);
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = true;
                return true;
            }
            (self.progress)(&Progress {
                nodes: self.nodes,
                best: self.best,
                upper_bound: self.goal,
                elapsed: self.start.elapsed(),
            });
        }
        false
    }

    /// The single jumps on the board `occ` in the order to try them: first those that strand
    /// the fewest marbles (no neighbour left), then those landing nearest the centre, keeping
    /// the marbles together; in runs after the first, with a little seeded noise. Each is
    /// (ordering key, start, jumped hole, landing).
    #[inline]
    fn ordered_jumps(&self, layouts: &Marbles, occ: u128) -> Vec<(i32, u8, u8, u8)> {
        let mut moves: Vec<(i32, u8, u8, u8)> = Vec::with_capacity(32);
        let mut jumps = [(0u8, 0u8); 6];
        for s in BitIter(single_jumps(layouts, self.long).starts()) {
            let n = jumps_from(occ & !(1u128 << s.0), s.index(), self.long, &mut jumps);
            for &(over, land) in &jumps[..n] {
                let after = occ ^ (1u128 << s.0 | 1u128 << over | 1u128 << land);
                let stranded = stranded_by(after, &[s.0, over, land]);
                let mut key = 16 * stranded + ring(land as usize);
                if self.noise != 0 {
                    let r = splitmix(
                        self.noise ^ u64::from(s.0) << 16 ^ u64::from(land) << 8 ^ self.nodes,
                    );
                    key += (r % 24) as i32;
                }
                moves.push((key, s.0, over, land));
            }
        }
        moves.sort_unstable();
        moves
    }
}

/// Plays or takes back the jump from `from` over `over` to `land` in the board's twelve
/// symmetric images.
#[inline]
fn toggle_images(t: &Tables, images: &mut [u128; 12], from: u8, over: u8, land: u8) {
    for (s, image) in images.iter_mut().enumerate() {
        *image ^= 1u128 << t.sym[s][from as usize]
            | 1u128 << t.sym[s][over as usize]
            | 1u128 << t.sym[s][land as usize];
    }
}

/// Groups single jumps into moves (a jump starting where the previous one landed continues the
/// chain) and writes each as its least chain.
fn group_moves(marbles: u128, long: bool, jumps: &[(u8, u8, u8)]) -> Vec<String> {
    let mut out = Vec::new();
    let mut occ = marbles;
    let mut i = 0;
    while i < jumps.len() {
        let mut holes = vec![Hole(jumps[i].0), Hole(jumps[i].2)];
        let mut j = i + 1;
        while j < jumps.len() && jumps[j].0 == jumps[j - 1].2 {
            holes.push(Hole(jumps[j].2));
            j += 1;
        }
        let diff = follow(occ, long, &holes).expect("the solitaire line is legal");
        let least = least_chain(occ, long, diff).expect("a legal move has a chain");
        out.push(write_holes(&least));
        occ ^= diff;
        i = j;
    }
    debug_assert!(occ < 1u128 << HOLES);
    out
}
