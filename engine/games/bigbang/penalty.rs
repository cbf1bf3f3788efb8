//! The loser's penalty: the fewest moves one colour needs to finish all its remaining counters,
//! moving alone while every other counter stays where it is.
//!
//! Exact by A* over the positions of the moving counters. The lower bound is admissible although
//! the moving counters serve as stepping stones for each other's jumps: each counter's distance
//! is taken in a *relaxed* move graph where a jump may go over any cell of the board (as if a
//! stone stood everywhere) but may land only where a counter of its type could stand (never on a
//! fixed counter or another type's finish cell), and a chain still stops on a finish cell. Every
//! real move is a relaxed move, so a counter's relaxed distance to a finish cell never exceeds its
//! real number of moves; one move moves one counter, so the cheapest assignment of counters to
//! distinct free finish cells of their type, summed, never overestimates. When one counter is
//! left, its only possible stones are fixed counters and finished ones, so a second table with
//! jumps over those cells alone serves (still a relaxation: it may land on any free cell); when
//! two are left, each has at most one moving stone, the other counter, so a third table allows
//! jumps over those cells plus one more cell anywhere (chosen afresh for each move). The bound is
//! admissible but not always consistent, so A* reopens a node reached more cheaply.
//!
//! When the node limit stops the search, a weighted A* looks for some solution, reported as an
//! upper bound next to the proven lower bound.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use ahash::AHashMap;

use super::board::{Bitboard, CELLS, DIRECTIONS};
use super::map::{Board, TYPES};
use super::moves::{destinations, Move};
use super::{BigBang, Phase};
use crate::error::Error;

/// The most unfinished counters the solver takes on.
pub const MAX_COUNTERS: usize = 16;
/// The default limit on stored search nodes.
pub const DEFAULT_NODES: usize = 1_000_000;

const UNREACHABLE: u8 = u8::MAX;

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty {
    /// The colour whose counters were moved.
    pub colour: usize,
    /// Unfinished counters at the start.
    pub counters: usize,
    /// The number of moves of the best solution found (`None`: none found).
    pub moves: Option<u32>,
    /// A proven lower bound on the number of moves.
    pub lower_bound: u32,
    /// Whether `moves` is proven optimal, or (with `moves == None`) proven impossible.
    pub exact: bool,
    /// The moves of the best solution found, in order.
    pub line: Vec<Move>,
    /// Search nodes stored.
    pub nodes: usize,
}

/// The search key: the cell of each moving counter, grouped by type, sorted within a type.
type Key = [u8; MAX_COUNTERS];

struct Problem<'a> {
    board: &'a Board,
    /// Counters that never move: the other colour and this colour's finished ones.
    fixed: Bitboard,
    /// Type of each slot, in key order.
    types: Vec<u8>,
    /// Slot ranges per type.
    groups: Vec<(usize, usize)>,
    /// Free finish cells per type (not under a fixed counter).
    targets: [Vec<u8>; TYPES],
    /// Relaxed distances: `dist[t][i][cell]` to the i-th target of type t.
    dist: [Vec<[u8; CELLS]>; TYPES],
    /// The same when only one counter is left unfinished: its only stones are fixed counters and
    /// finished ones, so jumps go over those cells only.
    dist_last: [Vec<[u8; CELLS]>; TYPES],
    /// The same when two counters are left: the other one is a single stone that may stand
    /// anywhere, besides fixed and finished counters.
    dist_two: [Vec<[u8; CELLS]>; TYPES],
}

struct Node {
    key: Key,
    parent: u32,
    mv: (u8, u8),
    g: u32,
}

/// Solves the penalty of `colour` in a position in play, storing at most `node_limit` nodes.
pub fn solve(state: &BigBang, colour: usize, node_limit: usize) -> Result<Penalty, Error> {
    if state.phase() != Phase::Play {
        return Err(Error::request(
            "the penalty needs a position in play (setup is not over)",
        ));
    }
    let (problem, root) = problem_of(state, colour)?;
    let n = problem.types.len();
    let exact = astar(&problem, &root, node_limit, (1, 1));
    let mut result = Penalty {
        colour,
        counters: n,
        moves: None,
        lower_bound: exact.lower_bound,
        exact: false,
        line: Vec::new(),
        nodes: exact.nodes,
    };
    match exact.outcome {
        Outcome::Solved(line) => {
            result.moves = Some(line.len() as u32);
            result.lower_bound = line.len() as u32;
            result.exact = true;
            result.line = line;
        }
        Outcome::Impossible => result.exact = true,
        Outcome::Stopped => {
            // Some solution for an upper bound: greedier searches, each with half the budget.
            for weight in [(3, 2), (3, 1), (8, 1)] {
                let quick = astar(&problem, &root, node_limit.div_ceil(2), weight);
                result.nodes += quick.nodes;
                if let Outcome::Solved(line) = quick.outcome {
                    result.moves = Some(line.len() as u32);
                    result.line = line;
                    break;
                }
            }
        }
    }
    Ok(result)
}

/// The problem of bringing `colour`'s unfinished counters home in `state` (the others stand
/// still), and its start: the counters' cells, grouped by type.
fn problem_of(state: &BigBang, colour: usize) -> Result<(Problem<'_>, Key), Error> {
    let moving = state.unfinished(colour);
    let n = moving.count() as usize;
    if n > MAX_COUNTERS {
        return Err(Error::request(format!(
            "{n} unfinished counters; the solver takes at most {MAX_COUNTERS}"
        )));
    }
    let mut types = Vec::with_capacity(n);
    let mut groups = Vec::new();
    let mut root: Key = [0; MAX_COUNTERS];
    for t in 0..TYPES {
        let start = types.len();
        for cell in (moving & state.of_type(t)).iter() {
            root[types.len()] = cell;
            types.push(t as u8);
        }
        if types.len() > start {
            groups.push((start, types.len()));
        }
    }
    let mut problem = Problem {
        board: state.board(),
        fixed: state.occupied() & !moving,
        types,
        groups,
        targets: Default::default(),
        dist: Default::default(),
        dist_last: Default::default(),
        dist_two: Default::default(),
    };
    problem.prepare();
    Ok((problem, root))
}

enum Outcome {
    Solved(Vec<Move>),
    Impossible,
    Stopped,
}

struct Search {
    outcome: Outcome,
    lower_bound: u32,
    nodes: usize,
}

/// A* (weight 1/1) or weighted A* on `f = g + h * num / den` (scaled by `den`).
fn astar(p: &Problem, root: &Key, node_limit: usize, weight: (u32, u32)) -> Search {
    let (num, den) = weight;
    let Some(h0) = p.heuristic(root) else {
        return Search {
            outcome: Outcome::Impossible,
            lower_bound: 0,
            nodes: 1,
        };
    };
    let mut tree = Tree {
        nodes: vec![Node {
            key: *root,
            parent: u32::MAX,
            mv: (0, 0),
            g: 0,
        }],
        index: AHashMap::new(),
        open: BinaryHeap::new(),
    };
    tree.index.insert(*root, 0);
    tree.open.push(Reverse((num * h0, Reverse(0u32), 0u32)));
    let mut lower_bound = h0;
    while let Some(Reverse((f, Reverse(g), id))) = tree.open.pop() {
        let node = &tree.nodes[id as usize];
        if node.g != g {
            continue; // a stale entry: the node was reached more cheaply since
        }
        if num == den {
            lower_bound = lower_bound.max(f / den);
        }
        if p.is_goal(&node.key) {
            let line = line_to(&tree.nodes, id);
            return Search {
                lower_bound: line.len() as u32,
                outcome: Outcome::Solved(line),
                nodes: tree.nodes.len(),
            };
        }
        if tree.nodes.len() >= node_limit {
            return Search {
                outcome: Outcome::Stopped,
                lower_bound,
                nodes: tree.nodes.len(),
            };
        }
        tree.expand(p, id, weight);
    }
    Search {
        outcome: Outcome::Impossible,
        lower_bound,
        nodes: tree.nodes.len(),
    }
}

/// A* search's nodes, the index of their keys and the open list.
struct Tree {
    nodes: Vec<Node>,
    index: AHashMap<Key, u32>,
    /// Ordered by f, then deeper first (larger g), then insertion.
    open: BinaryHeap<Reverse<(u32, Reverse<u32>, u32)>>,
}

impl Tree {
    /// Adds the children of node `id` (new ones, or ones reached more cheaply than before) to
    /// the open list, weighted by `(num, den)`.
    fn expand(&mut self, p: &Problem, id: u32, (num, den): (u32, u32)) {
        let n = p.types.len();
        let Node { key, g, .. } = self.nodes[id as usize];
        let mut occ = p.fixed;
        for &cell in &key[..n] {
            occ.set(cell);
        }
        for slot in 0..n {
            let from = key[slot];
            if p.board.finish_all.has(from) {
                continue;
            }
            let t = p.types[slot] as usize;
            for to in destinations(p.board, t, from, occ).iter() {
                let mut child = key;
                child[slot] = to;
                p.canonical(&mut child, t);
                let Some(h) = p.heuristic(&child) else {
                    continue;
                };
                let cg = g + 1;
                let cid = match self.index.get(&child) {
                    Some(&cid) if self.nodes[cid as usize].g <= cg => continue,
                    Some(&cid) => {
                        let c = &mut self.nodes[cid as usize];
                        c.g = cg;
                        c.parent = id;
                        c.mv = (from, to);
                        cid
                    }
                    None => {
                        let cid = self.nodes.len() as u32;
                        self.nodes.push(Node {
                            key: child,
                            parent: id,
                            mv: (from, to),
                            g: cg,
                        });
                        self.index.insert(child, cid);
                        cid
                    }
                };
                self.open.push(Reverse((den * cg + num * h, Reverse(cg), cid)));
            }
        }
    }
}

/// The moves from the root to node `id`, read back along the parents.
fn line_to(nodes: &[Node], id: u32) -> Vec<Move> {
    let mut line = Vec::new();
    let mut at = id;
    while nodes[at as usize].parent != u32::MAX {
        let (from, to) = nodes[at as usize].mv;
        line.push(Move::Go { from, to });
        at = nodes[at as usize].parent;
    }
    line.reverse();
    line
}

impl Problem<'_> {
    /// Free targets and relaxed distances, once per solve.
    fn prepare(&mut self) {
        // Where a stone may stand while a counter jumps: a fixed counter, or another moving
        // counter on a cell its type may stand on; when one counter is left, only fixed counters
        // and counters finished on free finish cells of the moving types.
        let mut stones = self.fixed;
        let mut last_stones = self.fixed;
        for t in 0..TYPES {
            if self.types.iter().any(|&x| x as usize == t) {
                stones |= self.board.allowed(t) & !self.fixed;
                last_stones |= self.board.finish[t];
            }
        }
        for t in 0..TYPES {
            if !self.types.iter().any(|&x| x as usize == t) {
                continue;
            }
            self.targets[t] = (self.board.finish[t] & !self.fixed).iter().collect();
            self.dist[t] = self.distances(t, stones, false);
            self.dist_last[t] = self.distances(t, last_stones, false);
            if self.types.len() >= 2 {
                self.dist_two[t] = self.distances(t, last_stones, true);
            }
        }
    }

    /// Relaxed distances of every cell to each free target of type `t`, jumps going over any
    /// cell of `stones` (and, with `wild`, over one more cell anywhere, chosen per move).
    fn distances(&self, t: usize, stones: Bitboard, wild: bool) -> Vec<[u8; CELLS]> {
        let land = self.board.allowed(t) & !self.fixed;
        // One relaxed move from each cell (none from a finish cell: a counter there is done).
        let mut reach = [Bitboard::EMPTY; CELLS];
        for cell in (land & !self.board.finish_all).iter() {
            reach[cell as usize] = if wild {
                self.reach_with_wild_stone(cell, land, stones)
            } else {
                self.relaxed_reach(cell, land, stones)
            };
        }
        let mut all = Vec::with_capacity(self.targets[t].len());
        for &target in &self.targets[t] {
            let mut dist = [UNREACHABLE; CELLS];
            dist[target as usize] = 0;
            let mut frontier = Bitboard::from_cell(target);
            let mut seen = frontier;
            let mut level = 0u8;
            while !frontier.is_empty() && level < UNREACHABLE - 1 {
                level += 1;
                let mut next = Bitboard::EMPTY;
                for cell in (land & !self.board.finish_all & !seen).iter() {
                    if !(reach[cell as usize] & frontier).is_empty() {
                        next.set(cell);
                        dist[cell as usize] = level;
                    }
                }
                seen |= next;
                frontier = next;
            }
            all.push(dist);
        }
        all
    }

    /// The cells one relaxed move from `cell` reaches: a step, or a chain of jumps over cells of
    /// `stones`, landing on cells of `land`.
    fn relaxed_reach(&self, cell: u8, land: Bitboard, stones: Bitboard) -> Bitboard {
        let origin = Bitboard::from_cell(cell);
        let steps = self.board.adjacent[cell as usize] & land;
        steps | (self.chain(cell, land, stones) & !origin)
    }

    /// The cells a chain of jumps from `cell` over `stones` lands on, `cell` included.
    fn chain(&self, cell: u8, land: Bitboard, stones: Bitboard) -> Bitboard {
        let origin = Bitboard::from_cell(cell);
        let mut reached = origin;
        let mut frontier = origin;
        while !frontier.is_empty() {
            let mut next = Bitboard::EMPTY;
            for dir in 0..DIRECTIONS.len() {
                next |= (frontier.shift(dir) & stones).shift(dir);
            }
            next = next & land & !reached;
            reached |= next;
            frontier = next & !self.board.finish_all;
        }
        reached
    }

    /// [`Self::relaxed_reach`] with one more stone on any single cell. Only a cell next to where
    /// the chain can already take off can start new jumps, so only those are tried.
    fn reach_with_wild_stone(&self, cell: u8, land: Bitboard, stones: Bitboard) -> Bitboard {
        let mut out = self.relaxed_reach(cell, land, stones);
        let launch =
            self.chain(cell, land, stones) & !(self.board.finish_all & !Bitboard::from_cell(cell));
        let mut candidates = Bitboard::EMPTY;
        for c in launch.iter() {
            candidates |= self.board.adjacent[c as usize];
        }
        for wild in (candidates & !stones).iter() {
            out |= self.relaxed_reach(cell, land, stones | Bitboard::from_cell(wild));
        }
        out
    }

    /// Sorts the slots of type `t` so equal sets of counters have equal keys.
    fn canonical(&self, key: &mut Key, t: usize) {
        if let Some(&(a, b)) = self
            .groups
            .iter()
            .find(|&&(a, _)| self.types[a] as usize == t)
        {
            key[a..b].sort_unstable();
        }
    }

    fn is_goal(&self, key: &Key) -> bool {
        key[..self.types.len()]
            .iter()
            .all(|&c| self.board.finish_all.has(c))
    }

    /// The admissible lower bound, or `None` when some counter can reach no free finish cell.
    fn heuristic(&self, key: &Key) -> Option<u32> {
        let n = self.types.len();
        let unfinished = key[..n]
            .iter()
            .filter(|&&c| !self.board.finish_all.has(c))
            .count();
        let tables = match unfinished {
            1 => &self.dist_last,
            2 => &self.dist_two,
            _ => &self.dist,
        };
        let mut total = 0u32;
        for &(a, b) in &self.groups {
            let t = self.types[a] as usize;
            total += assign(&key[a..b], &tables[t])?;
        }
        Some(total)
    }
}

/// The cheapest assignment of the counters on `cells` to distinct targets, `dist[i][cell]` the
/// distance of a cell to target `i`: exact by a search over subsets for up to 16 targets, the sum
/// of each counter's nearest target beyond (still a lower bound).
fn assign(cells: &[u8], dist: &[[u8; CELLS]]) -> Option<u32> {
    let k = cells.len();
    let m = dist.len();
    if k == 1 || m > 16 {
        let mut total = 0u32;
        for &c in cells {
            let best = dist.iter().map(|d| d[c as usize]).min()?;
            if best == UNREACHABLE {
                return None;
            }
            total += u32::from(best);
        }
        return Some(total);
    }
    if k > m {
        return None;
    }
    if k == 2 {
        // The common case (two counters of a type per colour): every ordered pair of targets.
        let (x, y) = (cells[0] as usize, cells[1] as usize);
        let mut answer = u32::MAX;
        for (i, di) in dist.iter().enumerate() {
            for (j, dj) in dist.iter().enumerate() {
                if i != j && di[x] != UNREACHABLE && dj[y] != UNREACHABLE {
                    answer = answer.min(u32::from(di[x]) + u32::from(dj[y]));
                }
            }
        }
        return (answer != u32::MAX).then_some(answer);
    }
    // best[mask] after placing popcount(mask) counters on the targets in mask.
    let mut best = vec![u32::MAX; 1 << m];
    best[0] = 0;
    let mut answer = u32::MAX;
    for mask in 0..(1usize << m) {
        let cost = best[mask];
        if cost == u32::MAX {
            continue;
        }
        let placed = mask.count_ones() as usize;
        if placed == k {
            answer = answer.min(cost);
            continue;
        }
        let cell = cells[placed] as usize;
        for (i, d) in dist.iter().enumerate() {
            if mask >> i & 1 == 0 && d[cell] != UNREACHABLE {
                let next = mask | 1 << i;
                best[next] = best[next].min(cost + u32::from(d[cell]));
            }
        }
    }
    (answer != u32::MAX).then_some(answer)
}
