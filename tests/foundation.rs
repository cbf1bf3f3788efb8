//! Tests of the shared foundation (perft, history, conformance, options, agents) on a toy game
//! small enough to count by hand.

use tabula::agent::{build, EngineSpec};
use tabula::conformance::check_random_games;
use tabula::history::{Ending, History};
use tabula::perft::{divide, perft, perft_parallel};
use tabula::{Error, Game, GameOptions, OptionSpec, Payoffs, Probability, Turn};

/// A toy race with chance: each turn the mover throws a coin (1 or 2), then either advances by it
/// or stays. The first to reach 3 wins. Staying makes repetitions possible.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Race {
    pos: [u8; 2],
    mover: usize,
    throw: Option<u8>,
    broken_hash: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RaceMove {
    Throw(u8),
    Go,
    Stay,
}

impl Race {
    fn new() -> Self {
        Race {
            pos: [0, 0],
            mover: 0,
            throw: None,
            broken_hash: false,
        }
    }
}

impl Game for Race {
    type Move = RaceMove;
    const NAME: &'static str = "race";
    const SUMMARY: &'static str = "a toy race";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }
    fn start(_: &GameOptions) -> Result<Self, Error> {
        Ok(Race::new())
    }
    fn from_notation(text: &str, _: &GameOptions) -> Result<Self, Error> {
        let b = text.as_bytes();
        if b.len() != 4 {
            return Err(Error::position("need 4 characters"));
        }
        let d = |c: u8| -> Result<u8, Error> {
            match c {
                b'0'..=b'3' => Ok(c - b'0'),
                _ => Err(Error::position("bad digit")),
            }
        };
        Ok(Race {
            pos: [d(b[0])?, d(b[1])?],
            mover: usize::from(d(b[2])?),
            throw: match b[3] {
                b'-' => None,
                c => Some(d(c)?),
            },
            broken_hash: false,
        })
    }
    fn notation(&self) -> String {
        format!(
            "{}{}{}{}",
            self.pos[0],
            self.pos[1],
            self.mover,
            self.throw.map_or('-', |t| (b'0' + t) as char)
        )
    }
    fn render(&self) -> String {
        self.notation()
    }
    fn players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.pos.contains(&3) {
            Turn::Terminal
        } else if self.throw.is_none() {
            Turn::Chance
        } else {
            Turn::Player(self.mover)
        }
    }
    fn legal_moves(&self, out: &mut Vec<RaceMove>) {
        if let Turn::Player(_) = self.turn() {
            out.push(RaceMove::Go);
            out.push(RaceMove::Stay);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(RaceMove, Probability)>) {
        if self.turn() == Turn::Chance {
            out.push((RaceMove::Throw(1), Probability::new(1, 2)));
            out.push((RaceMove::Throw(2), Probability::new(1, 2)));
        }
    }
    fn play(&mut self, mv: RaceMove) {
        match mv {
            RaceMove::Throw(t) => self.throw = Some(t),
            RaceMove::Go => {
                let p = &mut self.pos[self.mover];
                *p = (*p + self.throw.unwrap_or(0)).min(3);
                self.throw = None;
                self.mover ^= 1;
            }
            RaceMove::Stay => {
                self.throw = None;
                self.mover ^= 1;
            }
        }
    }
    fn payoffs(&self) -> Payoffs {
        Payoffs::win(if self.pos[0] == 3 { 0 } else { 1 }, 2)
    }
    fn hash(&self) -> u64 {
        let h = self.hash_from_scratch();
        if self.broken_hash && self.pos[0] > 0 {
            h ^ 1
        } else {
            h
        }
    }
    fn hash_from_scratch(&self) -> u64 {
        let t = self.throw.map_or(0, |t| t as u64 + 1);
        (self.pos[0] as u64) | (self.pos[1] as u64) << 8 | (self.mover as u64) << 16 | t << 24
    }
    fn ply_limit(&self) -> u32 {
        40
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
    fn parse_move(&self, text: &str) -> Result<RaceMove, Error> {
        let mv = match text {
            "go" => RaceMove::Go,
            "stay" => RaceMove::Stay,
            "1" => RaceMove::Throw(1),
            "2" => RaceMove::Throw(2),
            _ => return Err(Error::bad_move(format!("'{text}' is not go or stay"))),
        };
        Ok(mv)
    }
    fn move_notation(&self, mv: RaceMove) -> String {
        match mv {
            RaceMove::Throw(t) => t.to_string(),
            RaceMove::Go => "go".into(),
            RaceMove::Stay => "stay".into(),
        }
    }
}

#[test]
fn perft_passes_through_chance_without_spending_depth() {
    let start = Race::new();
    // Depth 1 from a chance state: 2 throws x 2 choices.
    assert_eq!(perft(&start, 1), 4);
    // Depth 2: every child is a chance state again; 4 * 4 (no child is terminal yet).
    assert_eq!(perft(&start, 2), 16);
    // From 2 2 with a throw: go (terminal, 1 leaf) or stay (then 4 more at depth 2).
    let near = Race::from_notation("2202", &GameOptions::new()).unwrap();
    assert_eq!(perft(&near, 1), 2);
    assert_eq!(perft(&near, 2), 1 + 4);
    for d in 0..6 {
        assert_eq!(perft_parallel(&start, d, 2), perft(&start, d), "depth {d}");
        let split: u64 = divide(&start, d.max(1), 2).iter().map(|(_, n)| n).sum();
        assert_eq!(split, perft(&start, d.max(1)));
    }
}

#[test]
fn history_adjudicates_repetition_and_ply_limit() {
    let mut g = History::new(Race::new());
    // Both players keep staying: the start position recurs after every full round.
    let mut rounds = 0;
    while g.outcome().is_none() {
        g.play(RaceMove::Throw(1));
        g.play(RaceMove::Stay);
        rounds += 1;
    }
    let (pay, ending) = g.outcome().unwrap();
    assert_eq!(ending, Ending::Repetition);
    assert_eq!(pay.as_slice(), &[0.5, 0.5]);
    // Start seen at the beginning, then after 2 and 4 half-rounds (3rd occurrence).
    assert_eq!(rounds, 4);
    assert_eq!(g.plies(), 4, "chance outcomes are not plies");

    let mut g = History::new(Race::new());
    g.play(RaceMove::Throw(2));
    g.play(RaceMove::Go);
    g.play(RaceMove::Throw(2));
    g.play(RaceMove::Go);
    g.play(RaceMove::Throw(1));
    g.play(RaceMove::Go);
    let (pay, ending) = g.outcome().unwrap();
    assert_eq!(ending, Ending::Rules);
    assert_eq!(pay.get(0), 1.0);
}

#[test]
fn conformance_passes_a_sound_game() {
    let s = check_random_games(&Race::new(), &GameOptions::new(), 200, 7);
    assert_eq!(s.games, 200);
    assert!(s.ended_by_rules > 0);
}

#[test]
#[should_panic(expected = "incremental hash differs")]
fn conformance_catches_a_bad_hash() {
    let mut start = Race::new();
    start.broken_hash = true;
    check_random_games(&start, &GameOptions::new(), 50, 1);
}

#[test]
fn agents_build_from_specs_and_reject_bad_ones() {
    let spec = EngineSpec::parse("random:name=r").unwrap();
    let mut bot = build::<Race>(&spec, 3).unwrap();
    assert_eq!(bot.name(), "r");
    let mut g = History::new(Race::new());
    g.play(RaceMove::Throw(1));
    let mv = bot.choose(&g);
    assert!(matches!(mv, RaceMove::Go | RaceMove::Stay));
    let err = build::<Race>(&EngineSpec::parse("random:depth=3").unwrap(), 0)
        .err()
        .unwrap();
    assert!(err.message.contains("no setting 'depth'"), "{err}");
    assert!(build::<Race>(&EngineSpec::parse("nonsense").unwrap(), 0).is_err());
}

#[test]
fn greedy_takes_a_win() {
    let spec = EngineSpec::parse("greedy").unwrap();
    let mut bot = build::<Race>(&spec, 1).unwrap();
    let g = History::new(Race::from_notation("2002", &GameOptions::new()).unwrap());
    assert_eq!(bot.choose(&g), RaceMove::Go);
}

#[test]
fn payoffs_helpers_sum_to_one() {
    for p in [
        Payoffs::draw(3),
        Payoffs::win(1, 4),
        Payoffs::shared(&[0, 2], 6),
    ] {
        let s: f64 = p.as_slice().iter().sum();
        assert!((s - 1.0).abs() < 1e-12);
    }
    assert_eq!(Payoffs::shared(&[0, 2], 3).as_slice(), &[0.5, 0.0, 0.5]);
}
