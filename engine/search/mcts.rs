//! Monte Carlo tree search: UCT over any [`Game`].
//!
//! - Every node keeps the reward of the seat that moved into it (max^n backup: each player picks
//!   the child best for itself), so it plays any number of players.
//! - Playouts are epsilon-greedy on the game's move hints ([`MctsConfig::greedy`]) to the end,
//!   or cut off after `cutoff` plies and scored by the game's
//!   evaluation through a logistic curve into `0..1` per seat. A game whose evaluation is a
//!   chance to win ([`Game::CHANCE_WIN_EVAL`]) is scored by it directly (a certain win is 1):
//!   there the evaluation replaces the random playout unless `cutoff` asks for random plies.
//! - Chance states are expanded into all their outcomes and sampled by probability.
//! - MCTS-Solver (Winands et al. 2008) for two players: proven wins and losses are propagated up
//!   the tree; a proven win at the root is played at once, proven losses are avoided.
//! - Root parallelism: each thread grows its own tree from its own seed; the root visit counts
//!   are summed. With one thread and a playout or node limit, the result is the same every run.
//! - Memory: the trees of one search together hold at most [`MctsConfig::memory_mb`]
//!   megabytes of nodes, each tree an equal share. A full tree stops growing and the search goes
//!   on: its playouts start from the leaves it has (see [`MctsConfig::memory_mb`]).

use std::time::Duration;

use rand::RngExt;

use crate::game::{Game, Turn, MAX_PLAYERS};
use crate::random::{derive_seed, rng, GameRng};

use super::limits::{Clock, Limits, StopFlag};

/// How MCTS is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Independent trees searched in parallel (root parallelism).
    pub threads: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// The UCT exploration constant (rewards are in `0..1`).
    pub exploration: f64,
    /// Plies of random playout before the evaluation scores it; 0 plays out to the end, except
    /// in a game whose evaluation is a chance to win ([`Game::CHANCE_WIN_EVAL`]), where 0
    /// scores the new leaf by the evaluation at once.
    pub cutoff: u32,
    /// Evaluation units for one logistic step (the reward of `evaluate = scale` is `1/(1+e^-1)`).
    pub eval_scale: f64,
    /// Megabytes of tree nodes the whole search may hold, shared equally by the trees of its
    /// threads (a node's size is [`node_bytes`]; children are nodes of the same array, so a
    /// node costs nothing more). A tree whose next expansion would pass its share is full: it
    /// stops growing for the rest of the search, and later playouts run from the leaf they
    /// reach, so the statistics of the existing tree keep improving. The search ends on its
    /// limits as usual, which keeps it deterministic on one thread. A tree always holds at
    /// least its root and the root's children, so it can choose a move.
    pub memory_mb: usize,
    /// The chance that a playout ply plays a move of the greatest [`Game::move_hint`] (ties
    /// broken at random) instead of a uniformly random one: an epsilon-greedy playout policy
    /// (Nijssen and Winands' multi-player MCTS plays its Chinese-checkers playouts this way).
    /// 0 is the uniformly random playout. `None`, the default, is [`DEFAULT_GREEDY`] with two
    /// players and 0 with more ([`MctsConfig::greedy_for`]).
    pub greedy: Option<f64>,
}

/// The default of [`MctsConfig::memory_mb`]. Chosen: room for millions of nodes (several
/// seconds of playouts in every game here) without risking a small machine's memory.
pub const DEFAULT_MEMORY_MB: usize = 256;

/// The default of [`MctsConfig::greedy`] with two players. Chosen by matches at equal time
/// (December 2026, `docs/measurements.md`): against uniform playouts, 0.8 scored 99% in
/// Onitama (100 ms a move) and 73% in two-player capture checkers (50 ms); 0.95 then beat 0.8
/// (62% and 68%), and 1 (no random move at all) against 0.95 scored 59% and 51%, within the
/// noise of 100 games, so some randomness is kept (Big Bang's hints rarely tie). With three
/// players in capture checkers, where a seat's biggest capture is a poor guess at its reply
/// (it hands the next seat a chain), 0.95 scored below uniform playouts at one table, so with
/// more than two players the default is uniform.
pub const DEFAULT_GREEDY: f64 = 0.95;

/// The bytes one tree node of a game with moves `M` takes.
pub fn node_bytes<M>() -> usize {
    std::mem::size_of::<Node<M>>()
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            threads: 1,
            seed: 0,
            exploration: 0.7,
            cutoff: 0,
            eval_scale: 400.0,
            memory_mb: DEFAULT_MEMORY_MB,
            greedy: None,
        }
    }
}

impl MctsConfig {
    /// The playouts' greedy chance in a game of `players` seats: the setting, or the default
    /// for that many players (see [`MctsConfig::greedy`]).
    pub fn greedy_for(&self, players: usize) -> f64 {
        self.greedy
            .unwrap_or(if players == 2 { DEFAULT_GREEDY } else { 0.0 })
    }

    /// The most nodes one tree of a `G` search may hold: its share (one of `threads`) of
    /// `memory_mb`, in nodes (at least one; the root's children are always allowed).
    pub fn nodes_per_tree<G: Game>(&self) -> usize {
        let bytes = self.memory_mb.saturating_mul(1 << 20) / self.threads.max(1);
        (bytes / node_bytes::<G::Move>()).max(1)
    }
}

/// The statistics of one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<M> {
    /// The move.
    pub mv: M,
    /// Visits, summed over all trees.
    pub visits: u64,
    /// The mean reward of the player to move after this move, in `0..1`.
    pub value: f64,
    /// Whether the move is a proven win (`Some(true)`) or loss (`Some(false)`) for the mover.
    pub proven: Option<bool>,
}

/// What MCTS found.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    /// The move to play: a proven win if any, else the most visited.
    pub best: Option<M>,
    /// Every root move with its statistics, in legal-move order.
    pub moves: Vec<RootStat<M>>,
    /// Whether the root is proven won (`Some(true)`) or lost (`Some(false)`) for the mover.
    pub proven: Option<bool>,
    /// The line the search expects, from `best`: in each position after it the most visited
    /// move (a proven win first), up to the first chance turn, end of the game or unvisited
    /// node, so a person can follow why the move was chosen.
    pub pv: Vec<M>,
    /// Playouts run in all trees.
    pub playouts: u64,
    /// Tree nodes created in all trees.
    pub nodes: u64,
    /// Whether a tree reached its share of the memory and stopped growing.
    pub full: bool,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl<M> MctsResult<M> {
    /// Playouts per second.
    pub fn playouts_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.playouts as f64 / s
        } else {
            0.0
        }
    }
}

/// An MCTS searcher.
pub struct Mcts {
    config: MctsConfig,
    searches: u64,
    stop: StopFlag,
}

impl Mcts {
    /// A searcher with this configuration.
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config: MctsConfig {
                threads: config.threads.max(1),
                ..config
            },
            searches: 0,
            stop: StopFlag::new(),
        }
    }

    /// A handle another thread can set to stop the running search at once (the protocol's
    /// `stop`); the search then returns what it has. It is cleared when the search ends.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// The configuration.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Starts the seed sequence again (a new game plays as the first did).
    pub fn new_game(&mut self) {
        self.searches = 0;
    }

    /// Searches `state` (a player to move) within `limits`; with no limit, 10 000 playouts; with
    /// `infinite`, until the [`Mcts::stop_flag`] is set (or another limit is reached).
    pub fn search<G: Game>(&mut self, state: &G, limits: Limits) -> MctsResult<G::Move> {
        let limits = limits.or_default(Limits::playouts(10_000));
        let clock = Clock::start(&limits);
        let seed = derive_seed(self.config.seed, self.searches);
        self.searches += 1;
        let threads = self.config.threads;
        let share = |n: Option<u64>| n.map(|n| n.div_ceil(threads as u64).max(1));
        let per_thread = Limits {
            nodes: share(limits.nodes),
            playouts: share(limits.playouts),
            ..limits
        };
        let config = self.config;
        let stop = &self.stop;
        let trees: Vec<Tree<G>> = if threads == 1 {
            vec![Tree::grow(state, config, per_thread, clock, stop, seed)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let s = derive_seed(seed, t as u64);
                        scope.spawn(move || Tree::grow(state, config, per_thread, clock, stop, s))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("mcts thread"))
                    .collect()
            })
        };
        self.stop.reset();
        merge(state, &trees, clock.elapsed())
    }
}

const UNKNOWN: u8 = 0;

#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    prob: f64,
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    reward: f64,
    /// 0: unknown; `s + 1`: seat `s` wins with best play (two players only).
    winner: u8,
}

impl<M> Node<M> {
    /// A node not yet searched, reached by `mv` (none for the root) with probability `prob`.
    fn new(mv: Option<M>, prob: f64) -> Self {
        Node {
            mv,
            prob,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            winner: UNKNOWN,
        }
    }
}

struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    root_moves: Vec<G::Move>,
    playouts: u64,
    /// The root mover's seat + 1, the mark proven nodes use.
    mover: Option<u8>,
    /// Whether the tree reached its node budget and stopped growing.
    full: bool,
}

impl<G: Game> Tree<G> {
    fn grow(
        root: &G,
        config: MctsConfig,
        limits: Limits,
        clock: Clock,
        stop: &StopFlag,
        seed: u64,
    ) -> Self {
        let mut tree = Tree {
            nodes: vec![Node::new(None, 1.0)],
            root_moves: Vec::new(),
            playouts: 0,
            mover: match root.turn() {
                Turn::Player(s) => Some(s as u8 + 1),
                _ => None,
            },
            full: false,
        };
        root.legal_moves(&mut tree.root_moves);
        if root.turn() == Turn::Terminal || tree.root_moves.is_empty() {
            return tree;
        }
        let mut search = Search {
            config,
            rng: rng(seed),
            two_players: root.players() == 2,
            moves: Vec::new(),
            outcomes: Vec::new(),
            path: Vec::new(),
            budget: config.nodes_per_tree::<G>().max(1 + tree.root_moves.len()),
            full: false,
            greedy: config.greedy_for(root.players()),
        };
        loop {
            if limits.playouts.is_some_and(|p| tree.playouts >= p)
                || limits.nodes.is_some_and(|n| tree.nodes.len() as u64 >= n)
                // A playout costs microseconds and a clock read tens of nanoseconds: read it
                // every time (it was every 64, which overran 50 ms by up to 185 ms on Big Bang),
                // and stop before a playout of the average length would pass the budget, so
                // that even games with long playouts end within `time`.
                || clock.would_overrun(average_playout(clock.elapsed(), tree.playouts))
                || stop.is_set()
                || tree.nodes[0].winner != UNKNOWN
            {
                break;
            }
            search.iterate(&mut tree.nodes, root);
            tree.playouts += 1;
        }
        tree.full = search.full;
        tree
    }

    /// The line from `root` (this tree's root position) through its `first`-th root move,
    /// then the most visited child of each node while a player is to move.
    fn line(&self, root: &G, first: usize) -> Vec<G::Move> {
        let mut state = root.clone();
        let mut line = Vec::new();
        let mut at = self.nodes[0].first as usize + first;
        loop {
            let node = &self.nodes[at];
            let Some(mv) = node.mv else { break };
            if node.visits == 0 {
                break;
            }
            line.push(mv);
            state.play(mv);
            let Turn::Player(seat) = state.turn() else {
                break;
            };
            if !node.expanded || node.count == 0 {
                break;
            }
            // A child's `winner` is the winning seat + 1.
            let wins = |c: &Node<G::Move>| c.winner == seat as u8 + 1;
            let children = node.first as usize..(node.first + node.count) as usize;
            at = children
                .max_by_key(|&c| (wins(&self.nodes[c]), self.nodes[c].visits))
                .expect("an expanded node has children");
        }
        line
    }
}

/// The mean time of the `playouts` played in `elapsed` (zero before the first).
fn average_playout(elapsed: Duration, playouts: u64) -> Duration {
    match u32::try_from(playouts) {
        Ok(0) => Duration::ZERO,
        Ok(n) => elapsed / n,
        Err(_) => elapsed.div_f64(playouts as f64),
    }
}

struct Search<M> {
    config: MctsConfig,
    rng: GameRng,
    two_players: bool,
    moves: Vec<M>,
    outcomes: Vec<(M, crate::game::Probability)>,
    path: Vec<(u32, Turn)>,
    /// The most nodes the tree may hold.
    budget: usize,
    /// Set by the first expansion that would pass the budget: the tree grows no more.
    full: bool,
    /// The playouts' greedy chance for this game ([`MctsConfig::greedy_for`]).
    greedy: f64,
}

/// Makes room in `nodes` for `count` more without letting the capacity pass `budget` (the
/// vector's own doubling could allocate up to twice what the tree holds).
fn reserve_within<T>(nodes: &mut Vec<T>, count: usize, budget: usize) {
    let need = nodes.len() + count;
    if need > nodes.capacity() {
        let target = (nodes.capacity() * 2).max(need).min(budget);
        nodes.reserve_exact(target - nodes.len());
    }
}

impl<M: Copy> Search<M> {
    /// One playout: select down the tree, expand a leaf, play out, back the rewards up.
    fn iterate<G: Game<Move = M>>(&mut self, nodes: &mut Vec<Node<M>>, root: &G) {
        let mut state = root.clone();
        let mut at = 0u32;
        self.path.clear();
        loop {
            let turn = state.turn();
            self.path.push((at, turn));
            if turn == Turn::Terminal {
                break;
            }
            let fresh = !nodes[at as usize].expanded;
            if fresh && !self.expand(nodes, at, &state) {
                // The tree is full: the playout starts from this leaf.
                break;
            }
            let child = match turn {
                Turn::Chance => self.sample(nodes, at),
                Turn::Player(seat) => self.select(nodes, at, seat),
                Turn::Terminal => unreachable!(),
            };
            state.play(nodes[child as usize].mv.expect("children carry their move"));
            at = child;
            if fresh {
                self.path.push((at, state.turn()));
                break;
            }
        }
        if self.two_players && state.turn() == Turn::Terminal {
            let p = state.payoffs();
            if let Some(w) = (0..2).find(|&s| p.get(s) >= 1.0 - 1e-9) {
                nodes[at as usize].winner = w as u8 + 1;
            }
        }
        let rewards = self.playout(state);
        // Back up: each node holds the reward of the seat that moved into it.
        for k in (0..self.path.len()).rev() {
            let (n, _) = self.path[k];
            let owner = if k == 0 {
                None
            } else {
                match self.path[k - 1].1 {
                    Turn::Player(s) => Some(s),
                    _ => None,
                }
            };
            let node = &mut nodes[n as usize];
            node.visits += 1;
            node.reward += owner.map_or(0.0, |s| rewards[s]);
        }
        if self.two_players {
            self.prove(nodes);
        }
    }

    /// Adds the children of leaf `at` (the outcomes or moves of `state`); false, adding nothing,
    /// when the tree is full or they would pass its budget (the tree is full from then on).
    fn expand<G: Game<Move = M>>(&mut self, nodes: &mut Vec<Node<M>>, at: u32, state: &G) -> bool {
        if self.full {
            return false;
        }
        let chance = state.turn() == Turn::Chance;
        let count = if chance {
            self.outcomes.clear();
            state.chance_outcomes(&mut self.outcomes);
            self.outcomes.len()
        } else {
            self.moves.clear();
            state.legal_moves(&mut self.moves);
            self.moves.len()
        };
        if nodes.len() + count > self.budget {
            self.full = true;
            return false;
        }
        reserve_within(nodes, count, self.budget);
        let first = nodes.len() as u32;
        let leaf = |mv, prob| Node::new(Some(mv), prob);
        if chance {
            nodes.extend(self.outcomes.iter().map(|&(m, p)| leaf(m, p.value())));
        } else {
            nodes.extend(self.moves.iter().map(|&m| leaf(m, 0.0)));
        }
        let node = &mut nodes[at as usize];
        node.first = first;
        node.count = count as u32;
        node.expanded = true;
        true
    }

    fn sample(&mut self, nodes: &[Node<M>], at: u32) -> u32 {
        let n = &nodes[at as usize];
        let mut r: f64 = self.rng.random();
        for c in n.first..n.first + n.count {
            r -= nodes[c as usize].prob;
            if r < 0.0 {
                return c;
            }
        }
        n.first + n.count - 1
    }

    /// UCT, with proven wins taken and proven losses avoided.
    fn select(&mut self, nodes: &[Node<M>], at: u32, seat: usize) -> u32 {
        let n = &nodes[at as usize];
        let me = seat as u8 + 1;
        let log = f64::from(n.visits.max(1)).ln();
        let mut best = n.first;
        let mut best_score = f64::NEG_INFINITY;
        for c in n.first..n.first + n.count {
            let child = &nodes[c as usize];
            let score = if child.winner == me {
                return c;
            } else if child.winner != UNKNOWN {
                -1.0
            } else if child.visits == 0 {
                // Unvisited moves first, in a random order.
                10.0 + self.rng.random::<f64>()
            } else {
                let v = f64::from(child.visits);
                child.reward / v + self.config.exploration * (log / v).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// Random moves to the end, or to the cutoff and then the evaluation: one reward per seat.
    fn playout<G: Game<Move = M>>(&mut self, mut state: G) -> [f64; MAX_PLAYERS] {
        let mut plies = 0u32;
        let cap = state.ply_limit().min(100_000);
        loop {
            match state.turn() {
                Turn::Terminal => {
                    let p = state.payoffs();
                    let mut r = [0.0; MAX_PLAYERS];
                    r[..p.players()].copy_from_slice(p.as_slice());
                    return r;
                }
                // A chance to win is known before the throw: no need to sample one.
                Turn::Chance if G::CHANCE_WIN_EVAL.is_some() && plies >= self.config.cutoff => {
                    return self.scored(&state, true);
                }
                Turn::Chance => {
                    self.outcomes.clear();
                    state.chance_outcomes(&mut self.outcomes);
                    let mut r: f64 = self.rng.random();
                    let mut pick = self.outcomes[self.outcomes.len() - 1].0;
                    for &(m, p) in &self.outcomes {
                        r -= p.value();
                        if r < 0.0 {
                            pick = m;
                            break;
                        }
                    }
                    state.play(pick);
                }
                Turn::Player(_) => {
                    let cut = (self.config.cutoff > 0 || G::CHANCE_WIN_EVAL.is_some())
                        && plies >= self.config.cutoff;
                    if cut || plies >= cap {
                        return self.scored(&state, cut);
                    }
                    self.moves.clear();
                    state.legal_moves(&mut self.moves);
                    if self.moves.is_empty() {
                        return self.scored(&state, true);
                    }
                    let m = self.playout_move(&state);
                    state.play(m);
                    plies += 1;
                }
            }
        }
    }

    /// The playout's move among `self.moves` (not empty): with chance `greedy` one of the
    /// greatest hint, chosen uniformly among ties; otherwise any, uniformly.
    fn playout_move<G: Game<Move = M>>(&mut self, state: &G) -> M {
        let greedy = self.greedy > 0.0 && self.rng.random::<f64>() < self.greedy;
        if !greedy {
            return self.moves[self.rng.random_range(0..self.moves.len())];
        }
        let mut best = self.moves[0];
        let mut best_hint = state.move_hint(best);
        let mut ties = 1u32;
        for &m in &self.moves[1..] {
            let h = state.move_hint(m);
            if h > best_hint {
                (best, best_hint, ties) = (m, h, 1);
            } else if h == best_hint {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    best = m;
                }
            }
        }
        best
    }

    /// Rewards from the evaluation through a logistic, or as the chance to win it is in a game
    /// with [`Game::CHANCE_WIN_EVAL`] (or an equal share when `evaluate` is false: a playout
    /// that hit the game's ply limit is a draw).
    fn scored<G: Game>(&self, state: &G, evaluate: bool) -> [f64; MAX_PLAYERS] {
        let n = state.players();
        let mut r = [0.0; MAX_PLAYERS];
        if !evaluate {
            r[..n].fill(1.0 / n as f64);
            return r;
        }
        let mut total = 0.0;
        for (seat, x) in r.iter_mut().enumerate().take(n) {
            let e = f64::from(state.evaluate(seat));
            *x = match G::CHANCE_WIN_EVAL {
                Some(win) => ((e / f64::from(win.max(1)) + 1.0) / 2.0).clamp(1e-6, 1.0),
                None => 1.0 / (1.0 + (-e / self.config.eval_scale).exp()),
            };
            total += *x;
        }
        for x in r.iter_mut().take(n) {
            *x /= total;
        }
        r
    }

    /// MCTS-Solver: proves path nodes bottom-up from their children (two players).
    fn prove(&self, nodes: &mut [Node<M>]) {
        for k in (0..self.path.len()).rev() {
            let (n, turn) = self.path[k];
            let node = &nodes[n as usize];
            if node.winner != UNKNOWN {
                continue;
            }
            let children = node.first..node.first + node.count;
            let winner = match turn {
                // A terminal node is proven (or a draw) when it is reached, in `iterate`.
                Turn::Terminal => UNKNOWN,
                Turn::Player(seat) => {
                    let me = seat as u8 + 1;
                    if !node.expanded {
                        UNKNOWN
                    } else if children.clone().any(|c| nodes[c as usize].winner == me) {
                        me
                    } else if children
                        .clone()
                        .all(|c| nodes[c as usize].winner != UNKNOWN)
                    {
                        // Every move loses: the other seat wins.
                        (1 - seat) as u8 + 1
                    } else {
                        UNKNOWN
                    }
                }
                Turn::Chance => {
                    let first = nodes[node.first as usize].winner;
                    if node.expanded
                        && first != UNKNOWN
                        && children.clone().all(|c| nodes[c as usize].winner == first)
                    {
                        first
                    } else {
                        UNKNOWN
                    }
                }
            };
            if winner == UNKNOWN {
                break;
            }
            nodes[n as usize].winner = winner;
        }
    }
}

/// The line through the chosen root move `best` (one of `moves`), from the tree that visited
/// it most.
fn principal_line<G: Game>(
    state: &G,
    trees: &[Tree<G>],
    moves: &[RootStat<G::Move>],
    best: G::Move,
) -> Vec<G::Move> {
    let Some(i) = moves.iter().position(|m| m.mv == best) else {
        return Vec::new();
    };
    trees
        .iter()
        .filter(|t| t.nodes[0].expanded)
        .max_by_key(|t| t.nodes[t.nodes[0].first as usize + i].visits)
        .map(|t| t.line(state, i))
        .unwrap_or_default()
}

/// Sums the root statistics of the trees.
fn merge<G: Game>(state: &G, trees: &[Tree<G>], elapsed: Duration) -> MctsResult<G::Move> {
    let first = &trees[0];
    let mut moves: Vec<RootStat<G::Move>> = first
        .root_moves
        .iter()
        .map(|&mv| RootStat {
            mv,
            visits: 0,
            value: 0.0,
            proven: None,
        })
        .collect();
    let mut proven = None;
    let mut rewards = vec![0.0; moves.len()];
    for tree in trees {
        let root = &tree.nodes[0];
        if root.expanded {
            for (i, stat) in moves.iter_mut().enumerate() {
                let child = &tree.nodes[root.first as usize + i];
                stat.visits += u64::from(child.visits);
                rewards[i] += child.reward;
                if child.winner != UNKNOWN {
                    stat.proven = Some(Some(child.winner) == tree.mover);
                }
            }
        }
        if root.winner != UNKNOWN {
            proven = Some(Some(root.winner) == tree.mover);
        }
    }
    for (stat, r) in moves.iter_mut().zip(rewards) {
        stat.value = if stat.visits > 0 {
            r / stat.visits as f64
        } else {
            0.0
        };
    }
    let best = moves
        .iter()
        .filter(|m| m.proven == Some(true))
        .map(|m| m.mv)
        .next()
        .or_else(|| {
            moves
                .iter()
                .filter(|m| m.proven != Some(false))
                .max_by(|a, b| a.visits.cmp(&b.visits).then(a.value.total_cmp(&b.value)))
                .or_else(|| moves.iter().max_by_key(|m| m.visits))
                .map(|m| m.mv)
        });
    let pv = best
        .map(|b| principal_line(state, trees, &moves, b))
        .unwrap_or_default();
    MctsResult {
        best,
        moves,
        proven,
        pv,
        playouts: trees.iter().map(|t| t.playouts).sum(),
        nodes: trees.iter().map(|t| t.nodes.len() as u64).sum(),
        full: trees.iter().any(|t| t.full),
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_playout_is_the_time_per_playout_so_far() {
        let ms = Duration::from_millis;
        assert_eq!(average_playout(ms(100), 0), Duration::ZERO);
        assert_eq!(average_playout(ms(100), 4), ms(25));
        assert_eq!(
            average_playout(ms(100), u64::from(u32::MAX) * 4),
            Duration::from_secs_f64(0.1 / (f64::from(u32::MAX) * 4.0))
        );
    }
}
