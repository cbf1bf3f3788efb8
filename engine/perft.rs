//! Perft: the number of leaves of the move tree to a given depth, the standard check that a move
//! generator is right (and a measure of its speed).
//!
//! Leaves are the positions at the last depth plus every terminal position reached earlier (one
//! leaf each, not expanded), as `docs/rules/README.md` says. Chance events are not plies: at a
//! chance state every outcome is followed at the same depth.

use rayon::prelude::*;

use crate::error::Error;
use crate::game::{Game, Turn};

/// The deepest perft any command runs: every game's tree is out of reach long before (Onitama
/// perft 12 is about 10^14 leaves), and a bound keeps the per-ply buffers small.
pub const MAX_DEPTH: u32 = 64;

/// `depth` for perft, when at most [`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> Result<u32, Error> {
    if depth <= MAX_DEPTH {
        Ok(depth)
    } else {
        Err(Error::option(format!(
            "--depth must be 0 to {MAX_DEPTH} for perft (got {depth})"
        )))
    }
}

/// How the last ply is counted. Both give the same numbers; they measure different speeds, and
/// figures from other engines must be compared method for method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The last ply's moves are counted, not made (the game's `count_moves`): the speed of move
    /// generation.
    #[default]
    Bulk,
    /// Every leaf move is made (`play` on a copy, or in a game's own perft each child position
    /// written out in full): the speed of generating and making moves, what a search lives on.
    Leaves,
}

impl Method {
    /// `bulk` or `leaves`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Bulk => "bulk",
            Method::Leaves => "leaves",
        }
    }
}

/// Counts the leaves below `state` to `depth` plies on the calling thread (bulk counting).
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    perft_by(state, depth, Method::Bulk)
}

/// Counts the leaves below `state` to `depth` plies on the calling thread, by `method`: with the
/// game's own perft ([`Game::perft`]) when it has one, else the generic recursion.
pub fn perft_by<G: Game>(state: &G, depth: u32, method: Method) -> u64 {
    state
        .perft(depth, method == Method::Leaves)
        .unwrap_or_else(|| perft_generic_by(state, depth, method))
}

/// [`perft_by`] by the generic recursion over [`Game`] alone, never the game's own perft: the
/// reference the games' own perfts are tested against.
pub fn perft_generic_by<G: Game>(state: &G, depth: u32, method: Method) -> u64 {
    let mut bufs = Buffers::default();
    match method {
        Method::Bulk => count::<G, true>(state, depth, &mut bufs),
        Method::Leaves => count::<G, false>(state, depth, &mut bufs),
    }
}

/// Leaves below each root move, in move-generation order, with the move's notation.
/// `threads` above 1 counts the subtrees in parallel (rayon); the counts do not depend on it.
pub fn divide<G: Game>(state: &G, depth: u32, threads: usize) -> Vec<(String, u64)> {
    divide_by(state, depth, threads, Method::Bulk)
}

/// [`divide`] counting by `method`. At depth 0 the root is the only leaf, and no move is
/// split out (nor from a finished position): the list is empty, and [`perft_by`] gives the 1.
pub fn divide_by<G: Game>(
    state: &G,
    depth: u32,
    threads: usize,
    method: Method,
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    // Chance outcomes are not plies: below a chance root the full depth remains.
    let below = if state.turn() == Turn::Chance {
        depth
    } else {
        depth.saturating_sub(1)
    };
    let roots = root_children(state);
    let count_one = |(_, child): &(String, G)| perft_by(child, below, method);
    let counts: Vec<u64> = if threads > 1 && depth > 1 {
        with_pool(threads, || roots.par_iter().map(count_one).collect())
    } else {
        roots.iter().map(count_one).collect()
    };
    roots
        .into_iter()
        .map(|(name, _)| name)
        .zip(counts)
        .collect()
}

/// Counts the leaves below `state` to `depth`, on `threads` threads (1: the calling thread).
/// Work is split two plies deep so a few big subtrees do not leave a thread idle.
pub fn perft_parallel<G: Game>(state: &G, depth: u32, threads: usize) -> u64 {
    perft_parallel_by(state, depth, threads, Method::Bulk)
}

/// [`perft_parallel`] counting by `method`.
pub fn perft_parallel_by<G: Game>(state: &G, depth: u32, threads: usize, method: Method) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft_by(state, depth, method);
    }
    // Expand two plies (through chance states), keeping every position still to count.
    let mut tasks: Vec<(G, u32)> = Vec::new();
    let mut finished = 0u64;
    let mut frontier = vec![(state.clone(), depth)];
    for _ in 0..2 {
        let mut next = Vec::new();
        for (s, d) in frontier {
            if d == 0 || s.turn() == Turn::Terminal {
                finished += 1;
                continue;
            }
            for (child, cd) in expand(&s, d) {
                next.push((child, cd));
            }
        }
        frontier = next;
    }
    tasks.extend(frontier);
    let counted: u64 = with_pool(threads, || {
        tasks
            .par_iter()
            .map(|(s, d)| perft_by(s, *d, method))
            .sum::<u64>()
    });
    finished + counted
}

/// Runs `f` on a rayon pool of exactly `threads` threads.
fn with_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// The children of a non-terminal state one ply down, chance states passed through.
fn expand<G: Game>(state: &G, depth: u32) -> Vec<(G, u32)> {
    let mut out = Vec::new();
    match state.turn() {
        Turn::Terminal => {}
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (o, _) in outcomes {
                let mut child = state.clone();
                child.play(o);
                out.push((child, depth));
            }
        }
        Turn::Player(_) => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            for m in moves {
                let mut child = state.clone();
                child.play(m);
                out.push((child, depth - 1));
            }
        }
    }
    out
}

/// The root moves with their notation and resulting states; at a chance root, the outcomes.
fn root_children<G: Game>(state: &G) -> Vec<(String, G)> {
    let mut moves = Vec::new();
    match state.turn() {
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            moves.extend(outcomes.into_iter().map(|(m, _)| m));
        }
        Turn::Player(_) => state.legal_moves(&mut moves),
        Turn::Terminal => {}
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = state.clone();
            child.play(m);
            (state.move_notation(m), child)
        })
        .collect()
}

/// One move buffer per remaining depth, so the recursion never allocates once warm.
struct Buffers<M> {
    moves: Vec<Vec<M>>,
    chance: Vec<Vec<(M, crate::game::Probability)>>,
}

impl<M> Default for Buffers<M> {
    fn default() -> Self {
        Buffers {
            moves: Vec::new(),
            chance: Vec::new(),
        }
    }
}

/// The leaves below `state`; `BULK` counts the last ply's moves instead of making them.
fn count<G: Game, const BULK: bool>(state: &G, depth: u32, bufs: &mut Buffers<G::Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let level = depth as usize;
    while bufs.moves.len() <= level {
        bufs.moves.push(Vec::new());
        bufs.chance.push(Vec::new());
    }
    match state.turn() {
        Turn::Terminal => 1,
        Turn::Chance => {
            let mut outcomes = std::mem::take(&mut bufs.chance[level]);
            outcomes.clear();
            state.chance_outcomes(&mut outcomes);
            let mut total = 0;
            for &(o, _) in &outcomes {
                let mut child = state.clone();
                child.play(o);
                total += count::<G, BULK>(&child, depth, bufs);
            }
            bufs.chance[level] = outcomes;
            total
        }
        Turn::Player(_) => {
            let mut moves = std::mem::take(&mut bufs.moves[level]);
            let total = if depth == 1 && BULK {
                state.count_moves(&mut moves)
            } else {
                moves.clear();
                state.legal_moves(&mut moves);
                let mut total = 0;
                for &m in &moves {
                    let mut child = state.clone();
                    child.play(m);
                    total += count::<G, BULK>(&child, depth - 1, bufs);
                }
                total
            };
            bufs.moves[level] = moves;
            total
        }
    }
}
