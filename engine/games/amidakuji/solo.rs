//! The one-player puzzle: from a bridge layout, pick a start end, run the whole ladder, make
//! exactly 2 relocations, run again from where the last run ended, and so on; a run that ends on
//! an end visited before (the first start end counts) ends the puzzle. The score is the number
//! of new ends reached, at most `2N - 1`.
//!
//! Readings of the rules, used here: a relocation is the game's (lift one bridge of either
//! colour, put it on a free place for its kind, not exactly where it was). The two relocations
//! before a run move two different bridges: the seed says "2 hidat áthelyez", "moves 2
//! bridges" ([`SoloRules::same_bridge_twice`] allows one bridge to move twice instead, so the
//! two relocations can also undo each other). When the 2 relocations cannot be made the puzzle
//! ends.
//!
//! The search is exact: a depth-first branch and bound over (layout, visited ends, current end),
//! with a table of states already searched (a state's depth is fixed by its visited set, so a
//! repeat can never do better than the first visit; the four images of a state under the
//! left-right mirror and the top-bottom flip share one entry) and the bound "runs alternate
//! sides, so at most `2 * min + (1 if the next side has more)` more ends". Successor layouts are
//! tried by cost: no net change and one bridge moved (these two only when one bridge may move
//! twice), then two bridges moved, since the first solution that meets the bound ends the
//! search. Node and time limits stop it; the best found is then a lower bound and the answer
//! says so.
//!
//! A score below `2N - 1` needs a crowded board: with room to spare, two relocations can steer
//! the next run to any end, and the first line the search tries reaches `2N - 1` (see
//! `docs/amidakuji-puzzle.md` for layouts where fewer is proven best).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::board::Point;
use super::bridges::{Bridge, Kind, Ladder, Span};
use super::walk::full_walk;
use super::zobrist::{shape_code, KEYS};

/// Limits for the puzzle search.
#[derive(Clone, Copy, Debug)]
pub struct SoloLimits {
    /// Most search nodes (states entered).
    pub nodes: u64,
    /// Most wall time.
    pub time: Option<Duration>,
}

impl Default for SoloLimits {
    fn default() -> Self {
        SoloLimits {
            nodes: 2_000_000,
            time: Some(Duration::from_secs(20)),
        }
    }
}

/// Which reading of "move 2 bridges" the puzzle uses. The default is the rules' own: the two
/// relocations before a run move two different bridges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoloRules {
    /// Both relocations may move the same bridge (so the two can also cancel out); off by
    /// default.
    pub same_bridge_twice: bool,
}

/// One relocation: a bridge's old place and its new one.
pub type Relocation = (Span, Span);

/// One run of the best sequence: the relocations made before it (none before the first), and
/// the ends it goes from and to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The two relocations before the run (empty for the first run).
    pub relocations: Vec<Relocation>,
    /// The end the run starts from.
    pub from: Point,
    /// The end it reaches (a new end).
    pub to: Point,
}

/// The answer of the solver.
#[derive(Clone, Debug)]
pub struct SoloResult {
    /// The best score found.
    pub score: u32,
    /// The best any layout of this width could give: `2N - 1`.
    pub max: u32,
    /// Whether `score` is proven best (the search finished or met the bound).
    pub exact: bool,
    /// Why the search stopped early, when it did (`node limit`, `time limit`).
    pub stopped_by: Option<&'static str>,
    /// One sequence reaching `score`.
    pub runs: Vec<Run>,
    /// Search nodes visited.
    pub nodes: u64,
}

fn end_bit(p: Point) -> u16 {
    match p {
        Point::Top(c) => 1 << c,
        Point::Bottom(c) => 1 << (8 + c),
        Point::Node(_) => 0,
    }
}

/// The most further runs possible: they land alternately on the far side and this side.
fn bound(visited: u16, cur: Point, cols: u8) -> u32 {
    let all = (1u16 << cols) - 1;
    let top_free = (all & !visited).count_ones();
    let bottom_free = (all & !(visited >> 8)).count_ones();
    let (next, here) = match cur {
        Point::Top(_) => (bottom_free, top_free),
        _ => (top_free, bottom_free),
    };
    if next > here {
        2 * here + 1
    } else {
        2 * next
    }
}

/// A layout hash that ignores owners (they do not change walks or relocations).
fn layout_hash(l: &Ladder) -> u64 {
    l.bridges().fold(0, |h, b| {
        h ^ KEYS.bridge[b.left.index()][shape_code(b.dr(), 0, b.kind == Kind::Long)]
    })
}

/// The hash key of one bridge place, ignoring the owner.
fn span_key(s: &Span) -> u64 {
    let dr = s.right.row() as i8 - s.left.row() as i8;
    KEYS.bridge[s.left.index()][shape_code(dr, 0, s.kind == Kind::Long)]
}

/// The table key of a state, the same for the four images of a state under the board's
/// symmetries (left-right mirror; top-bottom flip, which swaps the sides: walks are reversible,
/// so walking up a flipped ladder is walking down the original).
fn canonical_key(l: &Ladder, visited: u16, cur: Point) -> (u64, u16, u16) {
    let (n, rows) = (l.dims.cols, l.dims.rows);
    let cur = end_bit(cur);
    let mirror_ends = |bits: u16| {
        let mut out = 0u16;
        for c in 0..n {
            if bits & (1 << c) != 0 {
                out |= 1 << (n - 1 - c);
            }
            if bits & (1 << (8 + c)) != 0 {
                out |= 1 << (8 + n - 1 - c);
            }
        }
        out
    };
    let flip_ends = |bits: u16| bits.rotate_left(8);
    let mut hashes = [0u64; 4];
    for b in l.bridges() {
        let (c, r1, r2) = (b.left.col(), b.left.row(), b.right.row());
        let long = b.kind == Kind::Long;
        let images = [
            (c, r1, r2),
            (n - 2 - c, r2, r1),
            (c, rows - 1 - r1, rows - 1 - r2),
            (n - 2 - c, rows - 1 - r2, rows - 1 - r1),
        ];
        for (h, (c, a, b)) in hashes.iter_mut().zip(images) {
            let left = super::board::Node::new(c, a);
            *h ^= KEYS.bridge[left.index()][shape_code(b as i8 - a as i8, 0, long)];
        }
    }
    let keys = [
        (hashes[0], visited, cur),
        (hashes[1], mirror_ends(visited), mirror_ends(cur)),
        (hashes[2], flip_ends(visited), flip_ends(cur)),
        (
            hashes[3],
            flip_ends(mirror_ends(visited)),
            flip_ends(mirror_ends(cur)),
        ),
    ];
    keys.into_iter().min().expect("four keys")
}

fn span_of(b: &Bridge) -> Span {
    Span {
        kind: b.kind,
        left: b.left,
        right: b.right,
    }
}

fn places(l: &Ladder, kind: Kind) -> Vec<Span> {
    let mut v = Vec::new();
    l.for_each_place(kind, |s| v.push(s));
    v
}

struct Search {
    same_bridge_twice: bool,
    cols: u8,
    max: u32,
    best: u32,
    best_path: Vec<Run>,
    path: Vec<Run>,
    done: HashSet<(u64, u16, u16)>,
    nodes: u64,
    limits: SoloLimits,
    started: Instant,
    stopped: Option<&'static str>,
}

impl Search {
    fn out_of_budget(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            self.stopped = Some("node limit");
        } else if self.nodes.is_multiple_of(256) {
            if let Some(t) = self.limits.time {
                if self.started.elapsed() > t {
                    self.stopped = Some("time limit");
                }
            }
        }
        self.stopped.is_some()
    }

    fn finished(&self) -> bool {
        self.stopped.is_some() || self.best >= self.max
    }

    /// Tries one successor layout: if the run from `cur` reaches a new end, searches on.
    /// Returns true when the whole search should stop.
    fn try_layout(
        &mut self,
        l: &Ladder,
        relocs: Vec<Relocation>,
        visited: u16,
        cur: Point,
    ) -> bool {
        let to = full_walk(l, cur);
        let bit = end_bit(to);
        if visited & bit != 0 {
            return false;
        }
        self.path.push(Run {
            relocations: relocs,
            from: cur,
            to,
        });
        self.dfs(l, visited | bit, to);
        self.path.pop();
        self.finished()
    }

    /// Searches on from the layout `l`, with `visited` ends behind and the last run ended at
    /// `cur`: the cheap successors first, then the two-bridge ones, until the bound is met.
    fn dfs(&mut self, l: &Ladder, visited: u16, cur: Point) {
        let Some(key) = self.enter(l, visited, cur) else {
            return;
        };
        let bridges: Vec<Bridge> = l.bridges().collect();
        let mut seen: HashSet<u64> = HashSet::new();
        let Some(cheap) = self.cheap_layouts(l, &bridges, &mut seen, visited, cur) else {
            // No bridge can move at all: the puzzle ends here.
            self.done.insert(key);
            return;
        };
        if self.try_cheap(cheap, visited, cur) {
            return;
        }
        let pairs = pair_layouts(l, &bridges, &mut seen, visited, cur);
        if self.try_pairs(l, &bridges, pairs, visited, cur) {
            return;
        }
        if self.stopped.is_none() {
            self.done.insert(key);
        }
    }

    /// Counts a state as reached (a new best when it is deeper) and returns its table key, or
    /// `None` when it need not be searched: the bound cannot beat the best, it was searched
    /// before, or the budget is spent.
    #[inline]
    fn enter(&mut self, l: &Ladder, visited: u16, cur: Point) -> Option<(u64, u16, u16)> {
        let depth = self.path.len() as u32;
        if depth > self.best {
            self.best = depth;
            self.best_path = self.path.clone();
        }
        if self.finished() || depth + bound(visited, cur, self.cols) <= self.best {
            return None;
        }
        let key = canonical_key(l, visited, cur);
        if self.done.contains(&key) || self.out_of_budget() {
            return None;
        }
        Some(key)
    }

    /// Levels 0 and 1 are few: collects those that reach a new end, sorted to be tried leftmost
    /// destination first (a sweep across the columns), fewer changes first. `None` when no
    /// bridge can move at all.
    fn cheap_layouts(
        &self,
        l: &Ladder,
        bridges: &[Bridge],
        seen: &mut HashSet<u64>,
        visited: u16,
        cur: Point,
    ) -> Option<Vec<Cheap>> {
        let mut cheap: Vec<Cheap> = Vec::new();
        // Level 0 (one bridge moving twice only): a bridge goes away and comes back.
        let (b, x) = first_relocation(l, bridges)?;
        seen.insert(layout_hash(l));
        if self.same_bridge_twice {
            consider(
                &mut cheap,
                l.clone(),
                vec![(span_of(&b), x), (x, span_of(&b))],
                0,
                visited,
                cur,
            );
        }
        // Level 1 (one bridge moving twice only): it moves on through an intermediate place.
        for b in bridges {
            self.through_layouts(l, b, seen, &mut cheap, visited, cur);
        }
        cheap.sort_by_key(|c| (c.0, c.1));
        Some(cheap)
    }

    /// Level 1 for bridge `b`: each other place it can reach through an intermediate one (only
    /// when one bridge may move twice, and with at least three places free for it), added to
    /// `cheap` when new and reaching a new end.
    fn through_layouts(
        &self,
        l: &Ladder,
        b: &Bridge,
        seen: &mut HashSet<u64>,
        cheap: &mut Vec<Cheap>,
        visited: u16,
        cur: Point,
    ) {
        if !self.same_bridge_twice {
            return;
        }
        let mut lifted = l.clone();
        lifted.remove(b.left);
        let free = places(&lifted, b.kind);
        if free.len() < 3 {
            return;
        }
        for &y in &free {
            if y == span_of(b) {
                continue;
            }
            let mut next = lifted.clone();
            next.add(moved(b, y));
            if !seen.insert(layout_hash(&next)) {
                continue;
            }
            let x = *free
                .iter()
                .find(|&&x| x != y && x != span_of(b))
                .expect("three places");
            consider(cheap, next, vec![(span_of(b), x), (x, y)], 1, visited, cur);
        }
    }

    /// Tries the cheap successors in order; true when the whole search should stop.
    fn try_cheap(&mut self, cheap: Vec<Cheap>, visited: u16, cur: Point) -> bool {
        for (_, _, next, relocs) in cheap {
            if self.try_layout(&next, relocs, visited, cur) {
                return true;
            }
        }
        false
    }

    /// Tries the two-bridge successors in order, building each layout from `l`; true when the
    /// whole search should stop.
    fn try_pairs(
        &mut self,
        l: &Ladder,
        bridges: &[Bridge],
        pairs: Vec<Pair>,
        visited: u16,
        cur: Point,
    ) -> bool {
        for (_, i, y, j, z) in pairs {
            let (a, b) = (bridges[i], bridges[j]);
            let mut next = l.clone();
            next.remove(a.left);
            next.add(moved(&a, y));
            next.remove(b.left);
            next.add(moved(&b, z));
            let relocs = vec![(span_of(&a), y), (span_of(&b), z)];
            if self.try_layout(&next, relocs, visited, cur) {
                return true;
            }
        }
        false
    }
}

/// A level 0 or 1 successor: the destination column, the level, the layout and the relocations
/// that make it.
type Cheap = (u8, usize, Ladder, Vec<Relocation>);

/// A level 2 successor, kept small: the destination column, then bridge `i` moved to its place
/// and bridge `j` moved to its place.
type Pair = (u8, usize, Span, usize, Span);

/// The first bridge (in layout order) that can move, with the first other place it fits: the
/// away-and-back of level 0. `None` when no bridge can move.
fn first_relocation(l: &Ladder, bridges: &[Bridge]) -> Option<(Bridge, Span)> {
    bridges.iter().find_map(|b| {
        let mut lifted = l.clone();
        lifted.remove(b.left);
        places(&lifted, b.kind)
            .into_iter()
            .find(|s| *s != span_of(b))
            .map(|x| (*b, x))
    })
}

/// Adds the cheap successor `next` to `cheap` when the run from `cur` on it reaches an end not
/// in `visited`.
#[inline]
fn consider(
    cheap: &mut Vec<Cheap>,
    next: Ladder,
    relocs: Vec<Relocation>,
    level: usize,
    visited: u16,
    cur: Point,
) {
    let to = full_walk(&next, cur);
    if visited & end_bit(to) == 0 {
        let col = match to {
            Point::Top(c) | Point::Bottom(c) => c,
            Point::Node(n) => n.col(),
        };
        cheap.push((col, level, next, relocs));
    }
}

/// Level 2: two different bridges move, in an order that keeps every place free; returns those
/// that are new and reach a new end, sorted leftmost destination first. One scratch ladder is
/// changed and restored in place and the layout hash is updated by XOR, so no candidate costs
/// an allocation.
fn pair_layouts(
    l: &Ladder,
    bridges: &[Bridge],
    seen: &mut HashSet<u64>,
    visited: u16,
    cur: Point,
) -> Vec<Pair> {
    let mut pairs: Vec<Pair> = Vec::new();
    let base = layout_hash(l);
    let mut work = l.clone();
    for (i, a) in bridges.iter().enumerate() {
        work.remove(a.left);
        for y in places(&work, a.kind) {
            if y == span_of(a) {
                continue;
            }
            work.add(moved(a, y));
            let h_a = base ^ span_key(&span_of(a)) ^ span_key(&y);
            second_moves(&mut work, bridges, (i, y, h_a), seen, visited, cur, &mut pairs);
            work.remove(y.left);
        }
        work.add(*a);
    }
    pairs.sort_by_key(|p| p.0);
    pairs
}

/// Bridge `b` moved to the span `to`.
#[inline]
fn moved(b: &Bridge, to: Span) -> Bridge {
    Bridge {
        left: to.left,
        right: to.right,
        ..*b
    }
}

/// With bridge `i` already moved to `y` on `work` (layout hash `h_a`), adds to `pairs` every
/// move of another bridge that gives a new layout whose run from `cur` reaches an end not in
/// `visited`; `work` is left as it was found.
#[inline]
fn second_moves(
    work: &mut Ladder,
    bridges: &[Bridge],
    (i, y, h_a): (usize, Span, u64),
    seen: &mut HashSet<u64>,
    visited: u16,
    cur: Point,
    pairs: &mut Vec<Pair>,
) {
    for (j, b) in bridges.iter().enumerate() {
        if i == j {
            continue;
        }
        work.remove(b.left);
        let zs = places(work, b.kind);
        for z in zs {
            if z == span_of(b) {
                continue;
            }
            let h = h_a ^ span_key(&span_of(b)) ^ span_key(&z);
            if !seen.insert(h) {
                continue;
            }
            work.add(moved(b, z));
            let to = full_walk(work, cur);
            work.remove(z.left);
            if let Point::Top(c) | Point::Bottom(c) = to {
                if visited & end_bit(to) == 0 {
                    pairs.push((c, i, y, j, z));
                }
            }
        }
        work.add(*b);
    }
}

/// Solves the puzzle for the layout `ladder` under `rules`, within `limits`.
pub fn solve(ladder: &Ladder, rules: SoloRules, limits: SoloLimits) -> SoloResult {
    let cols = ladder.dims.cols;
    let mut s = Search {
        same_bridge_twice: rules.same_bridge_twice,
        cols,
        max: 2 * cols as u32 - 1,
        best: 0,
        best_path: Vec::new(),
        path: Vec::new(),
        done: HashSet::new(),
        nodes: 0,
        limits,
        started: Instant::now(),
        stopped: None,
    };
    let starts = (0..cols)
        .map(Point::Top)
        .chain((0..cols).map(Point::Bottom));
    for start in starts {
        if s.finished() {
            break;
        }
        let to = full_walk(ladder, start);
        s.path.push(Run {
            relocations: Vec::new(),
            from: start,
            to,
        });
        s.dfs(ladder, end_bit(start) | end_bit(to), to);
        s.path.pop();
    }
    SoloResult {
        score: s.best,
        max: s.max,
        exact: s.stopped.is_none() || s.best >= s.max,
        stopped_by: if s.best >= s.max { None } else { s.stopped },
        runs: s.best_path,
        nodes: s.nodes,
    }
}

/// Replays a sequence on `ladder`, checking every relocation and run; returns the score or
/// what is wrong. Used by tests and to double-check the solver's answer.
pub fn replay(ladder: &Ladder, rules: SoloRules, runs: &[Run]) -> Result<u32, String> {
    let mut l = ladder.clone();
    let mut visited = 0u16;
    let mut cur = None;
    for (i, run) in runs.iter().enumerate() {
        if i == 0 {
            if !run.relocations.is_empty() {
                return Err("the first run has no relocations".into());
            }
            visited |= end_bit(run.from);
        } else {
            if run.relocations.len() != 2 {
                return Err(format!("run {}: exactly 2 relocations", i + 1));
            }
            if !rules.same_bridge_twice && run.relocations[1].0 == run.relocations[0].1 {
                return Err(format!(
                    "run {}: the relocations move one bridge twice",
                    i + 1
                ));
            }
            if Some(run.from) != cur {
                return Err(format!("run {} starts where the last ended", i + 1));
            }
            for (old, new) in &run.relocations {
                let b = l
                    .bridge_at(old.left)
                    .filter(|b| span_of(b) == *old)
                    .ok_or_else(|| format!("run {}: no bridge {old}", i + 1))?;
                l.remove(old.left);
                if new == old || new.kind != b.kind || !l.fits(*new) {
                    return Err(format!("run {}: cannot move {old} to {new}", i + 1));
                }
                l.add(moved(&b, *new));
            }
        }
        let to = full_walk(&l, run.from);
        if to != run.to {
            return Err(format!("run {} reaches {to}, not {}", i + 1, run.to));
        }
        if visited & end_bit(to) != 0 {
            return Err(format!("run {} reaches {to}, visited before", i + 1));
        }
        visited |= end_bit(to);
        cur = Some(to);
    }
    Ok(runs.len() as u32)
}

/// A random layout: every bridge of both players placed on a random free place (kind and owner
/// alternating as in the placement phase), from `seed`.
pub fn random_layout(dims: super::board::Dims, seed: u64) -> Ladder {
    use rand::RngExt;
    let mut rng = crate::random::rng(seed);
    let mut l = Ladder::new(dims);
    let mut supply = [[dims.normal_per_player(), 1]; 2];
    let mut owner = 0usize;
    let mut stuck = 0;
    while stuck < 2 {
        let mut options = Vec::new();
        for kind in [Kind::Normal, Kind::Long] {
            if supply[owner][kind.index()] > 0 {
                l.for_each_place(kind, |s| options.push(s));
            }
        }
        if options.is_empty() {
            // This player is done; the other goes on alone while he can.
            stuck += 1;
            owner = 1 - owner;
            continue;
        }
        stuck = 0;
        let s = options[rng.random_range(0..options.len())];
        supply[owner][s.kind.index()] -= 1;
        l.add(Bridge {
            owner: owner as u8,
            kind: s.kind,
            left: s.left,
            right: s.right,
        });
        owner = 1 - owner;
    }
    l
}
