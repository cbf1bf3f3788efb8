//! An exact solver for Senet endgames: the probability that the side to move wins under best
//! play by both sides.
//!
//! The table holds every chance node (pieces and side to throw) reachable from the root. Each
//! node's value `V` (the thrower's chance to win) satisfies the expectimax equation
//! `V(s) = sum over throws v of p(v) * max over moves m of W(m)`, where `W` is 1 when the move
//! bears off the mover's last piece, `V(child)` when the mover throws again (1, 4, 6), and
//! `1 - V(child)` when the turn passes; a throw with no move scores 0 (the thrower loses).
//!
//! Swaps and backward moves make the position graph cyclic (two lone pieces can swap back and
//! forth), so plain recursion cannot order the nodes. We solve the equations by value iteration
//! to convergence: all values start at 1/2 and Gauss-Seidel sweeps (farthest nodes first) run
//! until no value changes by more than the tolerance. When the game ends with probability 1
//! from every node (the usual case: every cycle needs a particular throw to continue), the
//! equations have one solution and this is it. The solver reports when it cannot finish: too
//! many reachable positions, the time limit, or no convergence within the sweep limit.

use std::fmt;
use std::time::Instant;

use ahash::AHashMap;

use super::board::{Board, DARK, LIGHT};
use super::moves::{self, throws_again, Move, THROWS, THROW_DENOMINATOR};
use super::Senet;
use crate::game::Probability;

/// When the solver gives up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Most reachable positions (chance nodes) to table; about 100 bytes each.
    pub max_states: usize,
    /// Wall-clock seconds for building the table and iterating.
    pub max_seconds: f64,
    /// Stop when a sweep changes no value by more than this.
    pub tolerance: f64,
    /// Most Gauss-Seidel sweeps.
    pub max_sweeps: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 2_000_000,
            max_seconds: 60.0,
            tolerance: 1e-13,
            max_sweeps: 100_000,
        }
    }
}

/// Why the solver could not finish.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unsolved {
    /// More positions are reachable than [`Limits::max_states`].
    TooManyStates {
        /// The limit that was hit.
        limit: usize,
    },
    /// The time limit ran out.
    TimeLimit {
        /// Positions tabled so far.
        states: usize,
        /// Sweeps done (0: still building the table).
        sweeps: u32,
    },
    /// The values still moved after [`Limits::max_sweeps`] sweeps.
    NotConverged {
        /// Sweeps done.
        sweeps: u32,
        /// The largest change in the last sweep.
        change: f64,
    },
}

impl fmt::Display for Unsolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unsolved::TooManyStates { limit } => write!(
                f,
                "more than {limit} positions are reachable, the limit given: too many pieces left to solve exactly within it"
            ),
            Unsolved::TimeLimit { states, sweeps } => write!(
                f,
                "out of time after tabling {} and {}",
                crate::words::counted(states as u64, "position", "positions"),
                crate::words::counted(u64::from(sweeps), "sweep", "sweeps")
            ),
            Unsolved::NotConverged { sweeps, change } => write!(
                f,
                "values still changing by {change:e} after {sweeps} sweeps"
            ),
        }
    }
}

/// The best play for one throw value.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowResult {
    /// The throw.
    pub value: u8,
    /// Its chance.
    pub probability: Probability,
    /// The mover's chance to win after this throw with best play.
    pub win: f64,
    /// Every legal move with the mover's chance to win after it, best first; empty when the
    /// throw cannot be moved (the mover loses).
    pub moves: Vec<(Move, f64)>,
}

impl ThrowResult {
    /// The best move, if there is one.
    pub fn best(&self) -> Option<Move> {
        self.moves.first().map(|&(m, _)| m)
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The chance that the side to move (or to throw) wins with best play by both sides.
    pub win: f64,
    /// Per throw: all five at a chance node, the pending one when the root carries a throw,
    /// none when the game is over.
    pub throws: Vec<ThrowResult>,
    /// Positions in the table.
    pub states: usize,
    /// Gauss-Seidel sweeps until convergence.
    pub sweeps: u32,
    /// The largest value change in the last sweep.
    pub change: f64,
    /// Seconds taken.
    pub seconds: f64,
}

/// An edge to a won game for the mover (it bore off its last piece).
const WIN: u32 = u32::MAX;

/// A chance node as a table key: dark's board, light's board, the thrower.
fn key(board: &Board, to_move: usize) -> u64 {
    u64::from(board.pieces[DARK])
        | (u64::from(board.pieces[LIGHT]) << 30)
        | ((to_move as u64) << 60)
}

fn unkey(key: u64) -> (Board, usize) {
    let mask = (1u64 << 30) - 1;
    let board = Board {
        pieces: [(key & mask) as u32, ((key >> 30) & mask) as u32],
    };
    (board, (key >> 60) as usize)
}

/// The reachable chance nodes and their move edges.
struct Graph {
    keys: Vec<u64>,
    /// `offsets[5 * i + j] .. offsets[5 * i + j + 1]`: the edges of node `i` with throw `j`.
    offsets: Vec<u32>,
    /// `child << 1 | 1` when the turn passes, `child << 1` when the mover throws again, or [`WIN`].
    edges: Vec<u32>,
}

/// The children of a chance node for one throw, as (move, edge-to-be) pairs with child keys.
fn successors(board: &Board, me: usize, value: u8, out: &mut Vec<(Move, Option<(u64, bool)>)>) {
    out.clear();
    let mut list = Vec::new();
    moves::generate(board, me, value, &mut list);
    for mv in list {
        let (from, forward) = match mv {
            Move::Forward(s) => (s, true),
            Move::Backward(s) => (s, false),
            Move::Throw(_) => unreachable!("generate yields piece moves"),
        };
        let mut child = *board;
        moves::apply(&mut child, me, from, value, forward);
        if child.pieces[me] == 0 {
            out.push((mv, None));
        } else {
            let again = throws_again(value);
            let next = if again { me } else { me ^ 1 };
            out.push((mv, Some((key(&child, next), !again))));
        }
    }
}

fn build(root: u64, limits: &Limits, started: Instant) -> Result<Graph, Unsolved> {
    let mut index: AHashMap<u64, u32> = AHashMap::new();
    let mut g = Graph {
        keys: vec![root],
        offsets: vec![0],
        edges: Vec::new(),
    };
    index.insert(root, 0);
    let mut succ = Vec::new();
    let mut next = 0;
    while next < g.keys.len() {
        if next % 4096 == 0 && started.elapsed().as_secs_f64() > limits.max_seconds {
            return Err(Unsolved::TimeLimit {
                states: g.keys.len(),
                sweeps: 0,
            });
        }
        let (board, me) = unkey(g.keys[next]);
        for &(value, _) in &THROWS {
            successors(&board, me, value, &mut succ);
            for &(_, target) in &succ {
                let edge = match target {
                    None => WIN,
                    Some((k, flip)) => {
                        let n = g.keys.len() as u32;
                        let child = *index.entry(k).or_insert(n);
                        if child == n {
                            if g.keys.len() >= limits.max_states {
                                return Err(Unsolved::TooManyStates {
                                    limit: limits.max_states,
                                });
                            }
                            g.keys.push(k);
                        }
                        (child << 1) | u32::from(flip)
                    }
                };
                g.edges.push(edge);
            }
            g.offsets.push(g.edges.len() as u32);
        }
        next += 1;
    }
    Ok(g)
}

#[inline]
fn edge_value(values: &[f64], edge: u32) -> f64 {
    if edge == WIN {
        1.0
    } else {
        let v = values[(edge >> 1) as usize];
        if edge & 1 == 1 {
            1.0 - v
        } else {
            v
        }
    }
}

/// The best value over a throw's edges; 0 when there is no move.
#[inline]
fn throw_value(values: &[f64], edges: &[u32]) -> f64 {
    edges
        .iter()
        .map(|&e| edge_value(values, e))
        .fold(0.0, f64::max)
}

fn iterate(g: &Graph, limits: &Limits, started: Instant) -> Result<(Vec<f64>, u32, f64), Unsolved> {
    let n = g.keys.len();
    let mut values = vec![0.5; n];
    let weights: [f64; 5] =
        std::array::from_fn(|j| f64::from(THROWS[j].1) / f64::from(THROW_DENOMINATOR));
    let mut sweeps = 0;
    loop {
        let mut change: f64 = 0.0;
        // Farthest from the root first: those are mostly nearer the end of the game.
        for i in (0..n).rev() {
            let mut v = 0.0;
            for (j, w) in weights.iter().enumerate() {
                let lo = g.offsets[5 * i + j] as usize;
                let hi = g.offsets[5 * i + j + 1] as usize;
                v += w * throw_value(&values, &g.edges[lo..hi]);
            }
            change = change.max((v - values[i]).abs());
            values[i] = v;
        }
        sweeps += 1;
        if change <= limits.tolerance {
            return Ok((values, sweeps, change));
        }
        if sweeps >= limits.max_sweeps {
            return Err(Unsolved::NotConverged { sweeps, change });
        }
        if started.elapsed().as_secs_f64() > limits.max_seconds {
            return Err(Unsolved::TimeLimit { states: n, sweeps });
        }
    }
}

/// Solves `position` exactly: its chance to win for the side to move (or to throw), and per
/// throw the value of every move. Works from any position; positions with many pieces exceed
/// the limits and say so.
pub fn solve(position: &Senet, limits: &Limits) -> Result<Solution, Unsolved> {
    let started = Instant::now();
    let me = position.to_move();
    if let Some(w) = position.winner() {
        return Ok(Solution {
            win: if w == me { 1.0 } else { 0.0 },
            throws: Vec::new(),
            states: 0,
            sweeps: 0,
            change: 0.0,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    let board = *position.board();
    let graph = build(key(&board, me), limits, started)?;
    let (values, sweeps, change) = iterate(&graph, limits, started)?;
    let mut throws = Vec::new();
    let mut succ = Vec::new();
    let mut root_value = 0.0;
    for (j, &(value, chance)) in THROWS.iter().enumerate() {
        let lo = graph.offsets[j] as usize;
        let hi = graph.offsets[j + 1] as usize;
        successors(&board, me, value, &mut succ);
        let mut moves: Vec<(Move, f64)> = succ
            .iter()
            .zip(&graph.edges[lo..hi])
            .map(|(&(mv, _), &e)| (mv, edge_value(&values, e)))
            .collect();
        // Best first; equal values keep generation order.
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        let win = moves.first().map_or(0.0, |m| m.1);
        let probability = Probability::new(chance, THROW_DENOMINATOR);
        root_value += probability.value() * win;
        if position.throw().is_none_or(|t| t == value) {
            throws.push(ThrowResult {
                value,
                probability,
                win,
                moves,
            });
        }
    }
    let win = match position.throw() {
        Some(_) => throws[0].win,
        None => root_value,
    };
    Ok(Solution {
        win,
        throws,
        states: graph.keys.len(),
        sweeps,
        change,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The most pieces a colour may have left for [`EndgameTable`] to cover a position.
pub const TABLE_PIECES: u32 = 2;

/// Piece sets of one colour with one or two pieces on squares 1..30: 30 singles and 435 pairs.
const SETS: usize = 30 + 435;

/// The dense index of a colour's piece set (one or two pieces), or `None` for other counts.
#[inline]
fn set_index(bits: u32) -> Option<usize> {
    match bits.count_ones() {
        1 => Some(bits.trailing_zeros() as usize),
        2 => {
            let a = bits.trailing_zeros() as usize;
            let b = 31 - bits.leading_zeros() as usize;
            Some(30 + b * (b - 1) / 2 + a)
        }
        _ => None,
    }
}

/// The piece set with dense index `i` (the inverse of [`set_index`]).
fn set_bits(i: usize) -> u32 {
    if i < 30 {
        return 1 << i;
    }
    let k = i - 30;
    let mut b = 1;
    while (b + 1) * b / 2 <= k {
        b += 1;
    }
    let a = k - b * (b - 1) / 2;
    (1 << a) | (1 << b)
}

/// The exact value of every chance node where both colours have at most [`TABLE_PIECES`]
/// pieces left: the thrower's chance to win with best play, solved once by the same value
/// iteration as [`solve`] over all such positions (about 430 000; under a second to build, 1.7
/// MB). The evaluation answers with it wherever it covers a position.
pub struct EndgameTable {
    /// Indexed by `(dark set * SETS + light set) * 2 + thrower`; NaN where the sets overlap.
    values: Vec<f32>,
}

impl EndgameTable {
    fn slot(board: &Board, to_move: usize) -> Option<usize> {
        let d = set_index(board.pieces[DARK])?;
        let l = set_index(board.pieces[LIGHT])?;
        Some((d * SETS + l) * 2 + to_move)
    }

    /// The thrower's exact chance to win at the chance node (`board`, `to_move` to throw), when
    /// both colours have one or two pieces left; `None` otherwise.
    #[inline]
    pub fn probe(&self, board: &Board, to_move: usize) -> Option<f64> {
        Self::slot(board, to_move).map(|i| f64::from(self.values[i]))
    }

    /// Solves every covered position (value iteration to `1e-10`).
    pub fn build() -> Self {
        let size = SETS * SETS * 2;
        let mut nodes: Vec<(i32, u64)> = Vec::with_capacity(size);
        for d in 0..SETS {
            for l in 0..SETS {
                let board = Board {
                    pieces: [set_bits(d), set_bits(l)],
                };
                if board.pieces[DARK] & board.pieces[LIGHT] != 0 {
                    continue;
                }
                let race = super::features::race(&board, DARK) + super::features::race(&board, LIGHT);
                for me in [DARK, LIGHT] {
                    nodes.push((race, key(&board, me)));
                }
            }
        }
        // Longest races first, so the sweeps (last node first) start near the end of the game.
        nodes.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut node_of = vec![u32::MAX; size];
        for (i, &(_, k)) in nodes.iter().enumerate() {
            let (board, me) = unkey(k);
            let slot = Self::slot(&board, me).expect("one or two pieces a side");
            node_of[slot] = i as u32;
        }
        let mut g = Graph {
            keys: nodes.iter().map(|&(_, k)| k).collect(),
            offsets: vec![0],
            edges: Vec::new(),
        };
        let mut succ = Vec::new();
        for &k in &g.keys {
            let (board, me) = unkey(k);
            for &(value, _) in &THROWS {
                successors(&board, me, value, &mut succ);
                for &(_, target) in &succ {
                    g.edges.push(match target {
                        None => WIN,
                        Some((child, flip)) => {
                            let (b, m) = unkey(child);
                            let slot = Self::slot(&b, m).expect("pieces never come back");
                            (node_of[slot] << 1) | u32::from(flip)
                        }
                    });
                }
                g.offsets.push(g.edges.len() as u32);
            }
        }
        let limits = Limits {
            max_states: usize::MAX,
            max_seconds: f64::INFINITY,
            tolerance: 1e-10,
            max_sweeps: 100_000,
        };
        let (values, _, _) =
            iterate(&g, &limits, Instant::now()).expect("the endgame table converges");
        let mut table = vec![f32::NAN; size];
        for (slot, &n) in node_of.iter().enumerate() {
            if n != u32::MAX {
                table[slot] = values[n as usize] as f32;
            }
        }
        EndgameTable { values: table }
    }
}

/// The table, once built.
static TABLE: std::sync::OnceLock<EndgameTable> = std::sync::OnceLock::new();

/// The endgame table, built on first use and shared by every search and thread.
pub fn table() -> &'static EndgameTable {
    TABLE.get_or_init(EndgameTable::build)
}

/// Whether [`table`] has been built in this process (it is built once, on first use).
pub fn table_is_built() -> bool {
    TABLE.get().is_some()
}
