//! Playing one evaluation against another in the same process, for tuning and measuring the
//! weights of [`EvalWeights`] without touching the shared `Game` trait or slowing the game.
//!
//! [`Weighted`] is Onitama whose `evaluate` uses a given set of weights (everything else is
//! delegated), so the generic searchers search it unchanged; [`WeightedAgent`] is an
//! `Agent<Onitama>` that builds any searching bot (`alphabeta:depth=4`, ...) on `Weighted` and
//! hands it the current position. [`play_pairs`] plays colour-swapped pairs from the arena's
//! random deals and returns the arena's statistics. The tuning itself and the measured Elo are in
//! `tests/onitama_tuning.rs`.

use rayon::prelude::*;

use crate::agent::{build, Agent, EngineSpec};
use crate::arena::stats::{Pentanomial, Wdl};
use crate::arena::{play_game, Arena, Config, Openings, TimeRules};
use crate::error::Error;
use crate::game::{Game, Payoffs, Turn};
use crate::games::onitama::eval::EvalWeights;
use crate::games::onitama::{Color, Move, Onitama};
use crate::history::History;
use crate::options::{GameOptions, OptionSpec};
use crate::random::{derive_seed, rng};

/// Onitama evaluated with `weights`; every other method is Onitama's own.
#[derive(Clone, Copy, Debug)]
pub struct Weighted {
    /// The position.
    pub state: Onitama,
    /// The evaluation weights (a `'static` reference keeps the state small and `Copy`).
    pub weights: &'static EvalWeights,
}

impl Weighted {
    /// The position `state` evaluated with `weights`.
    pub fn new(state: Onitama, weights: &'static EvalWeights) -> Self {
        Weighted { state, weights }
    }
}

/// Gives a set of weights the `'static` lifetime [`Weighted`] needs. It leaks a few dozen bytes:
/// meant for the handful of weight sets a tuning run or a match creates.
pub fn leak(weights: EvalWeights) -> &'static EvalWeights {
    Box::leak(Box::new(weights))
}

impl Game for Weighted {
    type Move = Move;

    const NAME: &'static str = "onitama-weighted";

    const SUMMARY: &'static str = "Onitama with an evaluation of chosen weights (for tuning)";

    fn option_specs() -> &'static [OptionSpec] {
        Onitama::option_specs()
    }

    /// Onitama's start, with the default weights.
    fn start(options: &GameOptions) -> Result<Self, Error> {
        Ok(Weighted::new(
            Onitama::start(options)?,
            &EvalWeights::DEFAULT,
        ))
    }

    /// Onitama's position, with the default weights.
    fn from_notation(text: &str, options: &GameOptions) -> Result<Self, Error> {
        Ok(Weighted::new(
            Onitama::from_notation(text, options)?,
            &EvalWeights::DEFAULT,
        ))
    }

    fn notation(&self) -> String {
        self.state.notation()
    }

    fn render(&self) -> String {
        self.state.render()
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        self.state.seat_name(seat)
    }

    #[inline(always)]
    fn turn(&self) -> Turn {
        self.state.turn()
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.state.legal_moves(out);
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        self.state.play(mv);
    }

    fn payoffs(&self) -> Payoffs {
        self.state.payoffs()
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.state.hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.state.hash_from_scratch()
    }

    fn ply_limit(&self) -> u32 {
        self.state.ply_limit()
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.state.repetition_limit()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.state.parse_move(text)
    }

    fn move_notation(&self, mv: Move) -> String {
        self.state.move_notation(mv)
    }

    fn evaluate(&self, seat: usize) -> i32 {
        self.state
            .evaluate_with(Color::from_index(seat), self.weights)
    }

    fn move_hint(&self, mv: Move) -> i32 {
        self.state.move_hint(mv)
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) -> crate::game::Quiescence {
        self.state.noisy_moves(out)
    }

    fn threatened(&self) -> bool {
        self.state.threatened()
    }

    #[inline(always)]
    fn count_moves(&self, buf: &mut Vec<Move>) -> u64 {
        self.state.count_moves(buf)
    }
}

/// A bot for Onitama that searches [`Weighted`] positions: any engine spec, evaluated with its
/// own weights.
pub struct WeightedAgent {
    weights: &'static EvalWeights,
    inner: Box<dyn Agent<Weighted>>,
}

impl WeightedAgent {
    /// The bot `spec` names (built by [`crate::agent::build`] on [`Weighted`]), seeded with
    /// `seed`, evaluating with `weights`.
    pub fn new(spec: &str, weights: &'static EvalWeights, seed: u64) -> Result<Self, Error> {
        let spec = EngineSpec::parse(spec)?;
        Ok(WeightedAgent {
            weights,
            inner: build::<Weighted>(&spec, seed)?,
        })
    }
}

impl Agent<Onitama> for WeightedAgent {
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// Searches the current position. The searchers look only at the state (repetitions count
    /// inside the searched line), so the history is not carried over.
    fn choose(&mut self, game: &History<Onitama>) -> Move {
        let here = History::new(Weighted::new(*game.state(), self.weights));
        self.inner.choose(&here)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }
}

/// How [`play_pairs`] plays: the engine both sides use, the pairs, the seed and threads.
#[derive(Clone, Debug)]
pub struct MatchSetup {
    /// The engine spec of both sides (`alphabeta:depth=4,hash=4`): only the weights differ.
    pub engine: String,
    /// Colour-swapped pairs to play; each starts from its own random deal.
    pub pairs: u64,
    /// The seed of the deals (the arena's openings) and of the bots.
    pub seed: u64,
    /// Random plies after the deal (the arena's `random:P` openings).
    pub opening_plies: u32,
    /// Games played at once.
    pub threads: usize,
}

/// The result of a match, from the first engine's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Wins, draws and losses by game.
    pub wdl: Wdl,
    /// The colour-swapped pairs (the honest basis for the Elo interval).
    pub pairs: Pentanomial,
}

/// Plays `setup.pairs` colour-swapped pairs of `first` against `second` from the arena's random
/// deals (round `r`'s opening of a tournament seeded `setup.seed`). The same setup gives the same
/// games whatever the thread count.
pub fn play_pairs(
    first: &'static EvalWeights,
    second: &'static EvalWeights,
    setup: &MatchSetup,
) -> Result<MatchResult, Error> {
    let arena = Arena::<Onitama>::new(Config {
        game: Onitama::NAME.to_string(),
        options: Default::default(),
        engines: vec![setup.engine.clone(), setup.engine.clone()],
        gauntlet: false,
        games: 2 * setup.pairs,
        seed: setup.seed,
        openings: Openings::Random {
            plies: setup.opening_plies,
        },
        sprt: None,
        tc: None,
        margin_ms: crate::arena::config::DEFAULT_MARGIN_MS,
    })?;
    let play_pair = |round: u64| -> Result<[f64; 2], Error> {
        let start = arena.opening(round)?;
        let mut scores = [0.0; 2];
        for (game, score) in scores.iter_mut().enumerate() {
            // Game 0: `first` is Red; game 1: `first` is Blue.
            let seed = derive_seed(setup.seed, 2 * round + game as u64);
            let bot = |w, s| -> Result<Box<dyn Agent<Onitama>>, Error> {
                Ok(Box::new(WeightedAgent::new(&setup.engine, w, s)?))
            };
            let (a, b) = (
                bot(first, derive_seed(seed, 1))?,
                bot(second, derive_seed(seed, 2))?,
            );
            let mut agents = if game == 0 { vec![a, b] } else { vec![b, a] };
            let played = play_game(
                start,
                &mut agents,
                &mut rng(derive_seed(seed, 0)),
                &TimeRules::none(),
                |_, _, _| {},
            );
            *score = played.payoffs.get(game);
        }
        Ok(scores)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(setup.threads.max(1))
        .build()
        .map_err(|e| Error::request(format!("cannot start {} threads: {e}", setup.threads)))?;
    let results = pool.install(|| {
        (0..setup.pairs)
            .into_par_iter()
            .map(play_pair)
            .collect::<Result<Vec<_>, _>>()
    })?;
    let mut out = MatchResult::default();
    for [x, y] in results {
        out.wdl.add(x);
        out.wdl.add(y);
        out.pairs.add(x, y);
    }
    Ok(out)
}
