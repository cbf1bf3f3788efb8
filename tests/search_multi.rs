//! The multi-player searches (max^n with shallow pruning, Best-Reply Search) on positions whose
//! right move is known: a hand-made three-player tree where max^n and paranoid search disagree,
//! three-player subtraction where Best-Reply Search plays the two-sided game, two-player games
//! where Best-Reply Search is plain minimax, and real capture-checkers positions; determinism;
//! the `maxn` and `brs` engine specs.

#[macro_use]
mod search_games;

use search_games::{random_position, reference, Nim, Nim3, TicTacToe};
use tabula::agent;
use tabula::games::checkers::Checkers;
use tabula::search::score::{loss_in, win_in};
use tabula::search::{AlphaBeta, Limits, MultiAlgorithm, MultiConfig, MultiSearch, SearchConfig};
use tabula::{Error, Game, GameOptions, OptionSpec, Payoffs, Turn, EVAL_LIMIT};

fn searcher(algorithm: MultiAlgorithm) -> MultiSearch {
    MultiSearch::new(MultiConfig {
        algorithm,
        ..MultiConfig::default()
    })
}

/// A fixed three-player tree: seat 0 chooses left (1) or right (2), then seat 1 chooses one of
/// two leaves, whose payoffs are given. On the left seat 1 prefers the leaf that gives seat 0
/// 0.6; on the right the one that gives seat 0 0.3. Paranoid search assumes seat 1 hurts seat 0
/// and goes right (worst case 0.3 against 0.1); max^n knows seat 1 plays for itself and goes left.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tree {
    node: usize,
}

/// Children of each inner node (0 the root, 1 and 2 seat 1's nodes).
const CHILDREN: [[usize; 2]; 3] = [[1, 2], [3, 4], [5, 6]];

/// Payoffs of the leaves 3 to 6.
const LEAVES: [[f64; 3]; 4] = [
    [0.6, 0.3, 0.1],
    [0.1, 0.2, 0.7],
    [0.3, 0.6, 0.1],
    [0.35, 0.1, 0.55],
];

impl Game for Tree {
    type Move = usize;
    const NAME: &'static str = "tree";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Tree { node: 0 })
    }
    fn players(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        match self.node {
            0 => Turn::Player(0),
            1 | 2 => Turn::Player(1),
            _ => Turn::Terminal,
        }
    }
    fn legal_moves(&self, out: &mut Vec<usize>) {
        if self.node < 3 {
            out.extend(CHILDREN[self.node]);
        }
    }
    fn play(&mut self, mv: usize) {
        self.node = mv;
    }
    fn payoffs(&self) -> Payoffs {
        Payoffs::new(&LEAVES[self.node - 3])
    }
    fn hash_from_scratch(&self) -> u64 {
        self.node as u64
    }
}

#[test]
fn maxn_expects_each_seat_to_play_for_itself_where_paranoid_does_not() {
    let root = Tree { node: 0 };
    let maxn = searcher(MultiAlgorithm::MaxN).search(&root, Limits::depth(4), None);
    assert_eq!(
        maxn.best,
        Some(1),
        "max^n: seat 1 leaves seat 0 0.6 on the left"
    );
    assert_eq!(maxn.pv, vec![1, 3]);
    let mut ab = AlphaBeta::new(SearchConfig::default());
    let paranoid = ab.search(&root, Limits::depth(4), None);
    assert_eq!(
        paranoid.best,
        Some(2),
        "paranoid: 0.3 at worst on the right"
    );
}

/// Three-player subtraction (take 1 or 2, the last to take wins) where any seat may be handed
/// the turn, as Best-Reply Search needs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PassNim(Nim3);

impl Game for PassNim {
    type Move = u32;
    const NAME: &'static str = "passnim";
    const SUMMARY: &'static str = "test";
    notation_stubs!();
    fn start(o: &GameOptions) -> Result<Self, Error> {
        Ok(PassNim(Nim3::start(o)?))
    }
    fn players(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        self.0.legal_moves(out)
    }
    fn play(&mut self, mv: u32) {
        self.0.play(mv)
    }
    fn payoffs(&self) -> Payoffs {
        self.0.payoffs()
    }
    fn hash_from_scratch(&self) -> u64 {
        self.0.hash_from_scratch()
    }
    fn evaluate(&self, seat: usize) -> i32 {
        self.0.evaluate(seat)
    }
    fn pass_to(&mut self, seat: usize) -> bool {
        self.0.mover = seat;
        true
    }
}

#[test]
fn best_reply_search_plays_the_root_seat_against_one_opponent() {
    // Against a single best reply the game is two-sided subtraction: leave a multiple of 3.
    // With three players a finished game scores within the evaluation's range, won above lost.
    for (pile, take) in [(4, 1), (5, 2), (7, 1), (8, 2)] {
        let s = PassNim(Nim3 { pile, mover: 0 });
        let r = searcher(MultiAlgorithm::BestReply).search(&s, Limits::depth(12), None);
        assert_eq!(r.best, Some(take), "pile {pile}");
        assert!(r.score.0 > EVAL_LIMIT / 8, "pile {pile}: {}", r.score);
    }
    // A multiple of 3 is lost against the best reply.
    let s = PassNim(Nim3 { pile: 6, mover: 0 });
    let r = searcher(MultiAlgorithm::BestReply).search(&s, Limits::depth(12), None);
    assert!(r.score.0 < -EVAL_LIMIT / 8, "{}", r.score);
}

#[test]
fn best_reply_search_proves_two_player_wins_and_losses() {
    // Two-player subtraction (take 1 to 3): a multiple of 4 is lost, anything else won.
    let won = Nim { pile: 6, mover: 0 };
    let r = searcher(MultiAlgorithm::BestReply).search(&won, Limits::depth(10), None);
    assert_eq!((r.best, r.score.0), (Some(2), win_in(3)));
    let lost = Nim { pile: 8, mover: 0 };
    let r = searcher(MultiAlgorithm::BestReply).search(&lost, Limits::depth(10), None);
    assert_eq!(r.score.0, loss_in(4));
}

#[test]
fn best_reply_search_is_minimax_with_two_players() {
    // Same leaf and terminal scores as the unpruned reference, at every depth.
    for seed in 0..12 {
        let s = random_position(&TicTacToe::default(), (seed % 5) as usize, seed);
        if s.turn() == Turn::Terminal {
            continue;
        }
        for depth in 1..=4 {
            let r = searcher(MultiAlgorithm::BestReply).search(&s, Limits::depth(depth), None);
            assert_eq!(
                r.score.0,
                reference(&s, depth as i32).0,
                "seed {seed} depth {depth}"
            );
        }
    }
}

#[test]
fn maxn_takes_a_whole_win_at_once() {
    // Three-player subtraction: with 1 or 2 left the mover takes it all and wins.
    for pile in [1, 2] {
        let s = Nim3 { pile, mover: 2 };
        let r = searcher(MultiAlgorithm::MaxN).search(&s, Limits::depth(3), None);
        assert_eq!(r.best, Some(pile));
    }
}

/// Along random games of three-player checkers, wherever the mover has a move that ends the
/// game with it alone on top, both searches (two plies) play such a move.
#[test]
fn both_searches_take_the_chain_that_ends_the_game_with_a_win() {
    let start = Checkers::start(&GameOptions::new().with("players", "3")).unwrap();
    let mut buf = Vec::new();
    let mut found = 0;
    for seed in 0..40 {
        let mut s = start.clone();
        for ply in 0..60 {
            let Turn::Player(me) = s.turn() else { break };
            buf.clear();
            s.legal_moves(&mut buf);
            let wins = |s: &Checkers, m| {
                let mut c = s.clone();
                c.play(m);
                c.turn() == Turn::Terminal && c.payoffs().get(me) >= 1.0
            };
            if let Some(&w) = buf.iter().find(|&&m| wins(&s, m)) {
                for alg in [MultiAlgorithm::MaxN, MultiAlgorithm::BestReply] {
                    let r = searcher(alg).search(&s, Limits::depth(2), None);
                    assert!(
                        wins(&s, r.best.unwrap()),
                        "{alg:?} missed the win {} in {}",
                        s.move_notation(w),
                        s.notation()
                    );
                }
                found += 1;
            }
            s = random_position(&s, 1, seed * 100 + ply);
        }
    }
    assert!(
        found >= 5,
        "only {found} positions with a winning move to test"
    );
}

/// Plain max^n to `depth` plies with no pruning and no table, as the search defines its values:
/// a leaf's evaluations through a logistic of 400 units a step, normalised to sum to 1; a
/// finished game the average of its payoffs and those shares.
fn plain_maxn(s: &Checkers, depth: u32) -> Vec<f64> {
    let n = s.players();
    let mut evals = vec![0; n];
    s.evaluate_all(&mut evals);
    let logistic: Vec<f64> = evals
        .iter()
        .map(|&e| 1.0 / (1.0 + (-f64::from(e) / 400.0).exp()))
        .collect();
    let total: f64 = logistic.iter().sum();
    let shares: Vec<f64> = logistic.iter().map(|x| x / total).collect();
    let seat = match s.turn() {
        Turn::Terminal => {
            let p = s.payoffs();
            return (0..n).map(|i| 0.5 * (p.get(i) + shares[i])).collect();
        }
        Turn::Player(seat) => seat,
        Turn::Chance => unreachable!("capture checkers has no chance"),
    };
    if depth == 0 {
        return shares;
    }
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut best: Option<Vec<f64>> = None;
    for m in moves {
        let mut c = s.clone();
        c.play(m);
        let v = plain_maxn(&c, depth - 1);
        if best.as_ref().is_none_or(|b| v[seat] > b[seat]) {
            best = Some(v);
        }
    }
    best.unwrap_or(shares)
}

#[test]
fn maxn_with_pruning_and_its_table_plays_a_move_of_the_plain_maxn_value() {
    // Mid-game positions, where captures made in another order meet again below the root and
    // the table answers for them.
    let mut checked = 0;
    for (players, seed) in [(3, 1), (3, 2), (3, 3), (4, 4), (4, 5), (6, 6)] {
        let o = GameOptions::new().with("players", &players.to_string());
        let s = random_position(&Checkers::start(&o).unwrap(), 6 * players, seed);
        let Turn::Player(me) = s.turn() else { continue };
        let r = searcher(MultiAlgorithm::MaxN).search(&s, Limits::depth(3), None);
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let value = |m| {
            let mut c = s.clone();
            c.play(m);
            plain_maxn(&c, 2)[me]
        };
        let best = moves.iter().map(|&m| value(m)).fold(f64::MIN, f64::max);
        let got = value(r.best.expect("a move"));
        assert!(
            (got - best).abs() < 1e-12,
            "{players} players, {}: max^n played {} worth {got}, the best is worth {best}",
            s.notation(),
            s.move_notation(r.best.unwrap())
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} positions checked");
}

#[test]
fn the_default_engine_is_alphabeta_with_two_players_and_maxn_with_more() {
    let spec = agent::parse_spec("default:nodes=500,threads=2").unwrap();
    let two = agent::resolve(&spec, 2);
    assert_eq!(two.kind, "alphabeta");
    assert_eq!(two.get("threads"), Some("2"));
    let four = agent::resolve(&spec, 4);
    assert_eq!(four.kind, "maxn");
    assert_eq!(
        (four.get("nodes"), four.get("threads")),
        (Some("500"), None)
    );
}

#[test]
fn searches_are_deterministic() {
    let o = GameOptions::new().with("players", "4");
    let s = random_position(&Checkers::start(&o).unwrap(), 6, 7);
    for alg in [MultiAlgorithm::MaxN, MultiAlgorithm::BestReply] {
        let a = searcher(alg).search(&s, Limits::nodes(20_000), None);
        let b = searcher(alg).search(&s, Limits::nodes(20_000), None);
        assert_eq!(
            (a.best, a.nodes, a.depth),
            (b.best, b.nodes, b.depth),
            "{alg:?}"
        );
        assert!(a.depth >= 1 && a.best.is_some());
    }
}

#[test]
fn specs_name_the_searches_and_refuse_bad_settings() {
    for text in [
        "maxn:depth=3",
        "brs:nodes=5000,name=b",
        "maxn:time=50,scale=200",
    ] {
        let spec = agent::parse_spec(text).unwrap();
        assert!(agent::build::<Checkers>(&spec, 1).is_ok(), "{text}");
    }
    for (text, says) in [
        ("maxn:playouts=10", "playouts"),
        ("brs:scale=2", "scale"),
        ("maxn:scale=-1", "scale"),
        ("brs:depth=x", "depth"),
        ("maxn:time=1e99", "time"),
        ("maxn:rollout=maybe", "rollout"),
        ("default:playouts=5", "playouts"),
        ("default:depth=-1", "depth"),
    ] {
        let err = agent::parse_spec(text)
            .and_then(|s| agent::build::<Checkers>(&s, 1).map(|_| ()))
            .err()
            .unwrap_or_else(|| panic!("{text} accepted"));
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
}

/// max^n deepens by whole rounds once one round is searched: with three players a search to
/// depth 7 finishes depths 1, 2, 3, 6 and the 7 it was asked for; with `rounds` off, or with
/// Best-Reply Search, every depth.
#[test]
fn maxn_deepens_by_whole_rounds() {
    use std::sync::Mutex;
    // A pile of 12: the whole tree is small at any depth.
    let s = Nim3 { pile: 12, mover: 0 };
    let depths = |config: MultiConfig| {
        let seen = Mutex::new(Vec::new());
        let report = |r: &tabula::search::DepthReport<_>| seen.lock().unwrap().push(r.depth);
        MultiSearch::new(config).search(&s, Limits::depth(7), Some(&report));
        seen.into_inner().unwrap()
    };
    let maxn = MultiConfig {
        algorithm: MultiAlgorithm::MaxN,
        ..MultiConfig::default()
    };
    assert_eq!(depths(maxn), [1, 2, 3, 6, 7]);
    let every = MultiConfig {
        rounds: false,
        ..maxn
    };
    assert_eq!(depths(every), [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(
        depths(MultiConfig {
            algorithm: MultiAlgorithm::BestReply,
            ..MultiConfig::default()
        }),
        [1, 2, 3, 4, 5, 6, 7]
    );
    // Two players deepen ply by ply; six wait for depth 6, then 12.
    assert!((1..=9).all(|d| maxn.searches_depth(d, 9, 2)));
    let six: Vec<u32> = (1..=13)
        .filter(|&d| maxn.searches_depth(d, 13, 6))
        .collect();
    assert_eq!(six, [1, 2, 3, 4, 5, 6, 12, 13]);
    // The spec turns it off.
    let spec = agent::parse_spec("maxn:rounds=0").unwrap();
    assert!(!agent::multi_config(&spec).unwrap().rounds);
    assert!(agent::parse_spec("maxn:rounds=2")
        .and_then(|s| agent::multi_config(&s))
        .is_err());
}
