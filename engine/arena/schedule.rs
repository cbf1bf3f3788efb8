//! Which engines play which seats in which game, as a pure function of the game index, so any
//! worker, any resumed run and any shard agree on what game `i` is.
//!
//! Games come in groups that share an opening: for two players a pair with seats swapped; for
//! three or four players every ordering of the engines (6 or 24 games); for five or six, where
//! every ordering would be 120 or 720 games, the rotations of a random ordering (each engine sits
//! in each seat once, and the ordering differs from group to group). Rounds repeat the pairings;
//! game `i` belongs to group `i / group_size`, group `g` to round `g / pairings` and pairing
//! `g % pairings`, and every pairing of a round uses the same opening.

use rand::RngExt;

use super::config::Shard;
use crate::error::Error;
use crate::random::{derive_seed, rng};

/// Salt that separates the seat-ordering stream from the game and opening streams.
const ORDER_SALT: u64 = 0x6f72_6465_7273_0001;

/// At most this many players get every ordering of their seats.
const ALL_ORDERINGS_UP_TO: usize = 4;

/// The most games one tournament schedules: a hundred million, more than any run on one machine
/// plays (the fastest bots play some thousands of games a second). The schedule is never listed
/// whole (games are dealt out one at a time), so the bound is one of sense, not of memory.
pub const MAX_GAMES: u64 = 100_000_000;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Game index in the whole tournament.
    pub index: u64,
    /// Its group (the pair or rotation set sharing an opening).
    pub group: u64,
    /// Its round (which opening).
    pub round: u64,
    /// Which pairing (index into [`Schedule::pairings`]).
    pub pairing: usize,
    /// The engine (index into the config's engines) in each seat.
    pub seats: Vec<usize>,
}

/// The schedule of a tournament.
#[derive(Clone, Debug)]
pub struct Schedule {
    players: usize,
    pairings: Vec<Vec<usize>>,
    group_size: usize,
    rounds: u64,
    seed: u64,
}

impl Schedule {
    /// The schedule for `engines` engines in a `players`-seat game, `games` games per pairing
    /// (rounded up to whole groups). Two players: a round robin, or a gauntlet of engine 0
    /// against the others; more players: one table with exactly one engine per seat.
    pub fn new(
        players: usize,
        engines: usize,
        gauntlet: bool,
        games: u64,
        seed: u64,
    ) -> Result<Self, Error> {
        if !(2..=crate::game::MAX_PLAYERS).contains(&players) {
            return Err(Error::request(format!(
                "a game of {players} players cannot be scheduled"
            )));
        }
        if games == 0 {
            return Err(Error::option("--games must be at least 1"));
        }
        let pairings: Vec<Vec<usize>> = if players == 2 {
            if engines < 2 {
                return Err(Error::option(format!(
                    "a tournament needs at least two engines (got {engines}); repeat --engine"
                )));
            }
            if gauntlet {
                (1..engines).map(|b| vec![0, b]).collect()
            } else {
                (0..engines)
                    .flat_map(|a| (a + 1..engines).map(move |b| vec![a, b]))
                    .collect()
            }
        } else {
            if engines != players {
                return Err(Error::option(format!(
                    "this game has {players} seats: give exactly {players} engines (got {engines})"
                )));
            }
            if gauntlet {
                return Err(Error::option("--gauntlet needs a two-player game"));
            }
            vec![(0..players).collect()]
        };
        let group_size = if players <= ALL_ORDERINGS_UP_TO {
            (1..=players).product()
        } else {
            players
        };
        let rounds = games.div_ceil(group_size as u64);
        let total = rounds
            .checked_mul(pairings.len() as u64)
            .and_then(|g| g.checked_mul(group_size as u64))
            .filter(|&t| t <= MAX_GAMES);
        if total.is_none() {
            return Err(Error::option(format!(
                "--games {games} makes more than {MAX_GAMES} games in all (pairings times games); ask for fewer"
            )));
        }
        Ok(Schedule {
            players,
            pairings,
            group_size,
            rounds,
            seed,
        })
    }

    /// Seats per game.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The pairings (two players: `[a, b]` with `a < b`; more: the one table).
    pub fn pairings(&self) -> &[Vec<usize>] {
        &self.pairings
    }

    /// Games per group.
    pub fn group_size(&self) -> usize {
        self.group_size
    }

    /// Rounds (openings).
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// Groups in the tournament.
    pub fn groups(&self) -> u64 {
        self.rounds * self.pairings.len() as u64
    }

    /// Games in the tournament.
    pub fn total_games(&self) -> u64 {
        self.groups() * self.group_size as u64
    }

    /// The engines seat by seat for each game of group `group` (for the pairing it belongs to).
    pub fn orderings(&self, group: u64) -> Vec<Vec<usize>> {
        let table = &self.pairings[(group % self.pairings.len() as u64) as usize];
        let n = self.players;
        let orders: Vec<Vec<usize>> = if n <= ALL_ORDERINGS_UP_TO {
            permutations(n)
        } else {
            let mut base: Vec<usize> = (0..n).collect();
            let mut r = rng(derive_seed(self.seed ^ ORDER_SALT, group));
            for i in (1..n).rev() {
                let j = r.random_range(0..=i);
                base.swap(i, j);
            }
            (0..n)
                .map(|k| (0..n).map(|s| base[(s + k) % n]).collect())
                .collect()
        };
        orders
            .into_iter()
            .map(|o| o.into_iter().map(|i| table[i]).collect())
            .collect()
    }

    /// Game `index`.
    pub fn slot(&self, index: u64) -> Slot {
        let group = index / self.group_size as u64;
        let k = (index % self.group_size as u64) as usize;
        let pairings = self.pairings.len() as u64;
        Slot {
            index,
            group,
            round: group / pairings,
            pairing: (group % pairings) as usize,
            seats: self.orderings(group).swap_remove(k),
        }
    }

    /// The game indices a shard plays (all of them without a shard), in order, one at a time:
    /// a schedule of millions of games costs nothing until they are played.
    pub fn games_of(&self, shard: Option<Shard>) -> impl Iterator<Item = u64> + Clone + Send {
        let size = self.group_size as u64;
        (0..self.groups())
            .filter(move |&g| shard.is_none_or(|s| s.holds(g)))
            .flat_map(move |g| g * size..(g + 1) * size)
    }

    /// How many games [`Schedule::games_of`] gives.
    pub fn count_of(&self, shard: Option<Shard>) -> u64 {
        let groups = match shard {
            None => self.groups(),
            Some(s) => {
                let (n, i) = (u64::from(s.count), u64::from(s.index - 1));
                // Groups g < groups() with g % n == i.
                if i < self.groups() {
                    (self.groups() - 1 - i) / n + 1
                } else {
                    0
                }
            }
        };
        groups * self.group_size as u64
    }

    /// Whether a shard (every game without one) plays game `index`.
    pub fn holds(&self, shard: Option<Shard>, index: u64) -> bool {
        index < self.total_games() && shard.is_none_or(|s| s.holds(index / self.group_size as u64))
    }
}

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_counts_match_the_games_listed() {
        for players in [2, 3, 5] {
            let engines = if players == 2 { 3 } else { players };
            let s = Schedule::new(players, engines, false, 7, 1).unwrap();
            assert_eq!(s.games_of(None).count() as u64, s.total_games());
            let mut all = Vec::new();
            for count in [1, 2, 3, 7, 50] {
                all.clear();
                for index in 1..=count {
                    let shard = Some(Shard { index, count });
                    let games: Vec<u64> = s.games_of(shard).collect();
                    assert_eq!(games.len() as u64, s.count_of(shard), "{index}/{count}");
                    assert!(games.iter().all(|&g| s.holds(shard, g)));
                    all.extend(games);
                }
                all.sort_unstable();
                assert_eq!(all, (0..s.total_games()).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn permutations_are_all_distinct() {
        let p = permutations(4);
        assert_eq!(p.len(), 24);
        let set: std::collections::HashSet<_> = p.iter().collect();
        assert_eq!(set.len(), 24);
        assert_eq!(permutations(2), vec![vec![0, 1], vec![1, 0]]);
    }
}
