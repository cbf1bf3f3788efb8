//! The survey of every card deal: each distinct deal of five cards (which two each colour holds
//! and which lies aside) searched from its start position with the generic alpha-beta. Deals that
//! are images of each other under the board's symmetry ([`super::symmetry`]) are searched once
//! and reported for both.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::game::EVAL_LIMIT;
use crate::games::onitama::{Card, Color, Deal, Move, Onitama, DEFAULT_PLY_LIMIT};
use crate::search::{AlphaBeta, Limits, Score, SearchConfig};

use super::cardset::{CardSet, DISTS};
use super::symmetry::{deal_key, map_move, partner, Map};

/// Every deal: the five-card sets in lexicographic order of card numbers, each split the 30 ways
/// of [`DISTS`]. There are `C(16,5) * 30 = 131040`.
pub fn all_deals() -> Vec<Deal> {
    let mut out = Vec::with_capacity(131_040);
    for a in 0..16 {
        for b in a + 1..16 {
            for c in b + 1..16 {
                for d in c + 1..16 {
                    for e in d + 1..16 {
                        let set = CardSet::new([a, b, c, d, e].map(|i| Card::ALL[i]))
                            .expect("distinct cards");
                        out.extend(deals_of(set));
                    }
                }
            }
        }
    }
    out
}

/// The 30 deals of one card set.
pub fn deals_of(set: CardSet) -> Vec<Deal> {
    DISTS
        .iter()
        .map(|d| Deal {
            red: d.hands[0].map(|s| set.card(s)),
            blue: d.hands[1].map(|s| set.card(s)),
            side: set.card(d.side),
        })
        .collect()
}

/// A class of deals that are images of each other: the representative (the one with the smaller
/// [`deal_key`]) and its partner, if different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealClass {
    /// The deal that is searched.
    pub deal: Deal,
    /// The other deal of the class and how it maps, if the deal is not its own image.
    pub partner: Option<(Deal, Map)>,
}

/// The classes of `deals` (each deal's class once, in the order of its first deal; a partner
/// outside the list still belongs to its class).
pub fn classes(deals: &[Deal]) -> Vec<DealClass> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for d in deals {
        let (p, map) = partner(d);
        let (k, kp) = (deal_key(d), deal_key(&p));
        let rep = if k <= kp { *d } else { p };
        if !seen.insert(k.min(kp)) {
            continue;
        }
        let other = if k <= kp { p } else { *d };
        out.push(DealClass {
            deal: rep,
            partner: (k != kp).then_some((other, map)),
        });
    }
    out
}

/// Reads a deal written by [`deal_name`].
pub fn parse_deal_name(text: &str) -> Option<Deal> {
    let mut cards = Vec::new();
    for (part, key) in text.split(' ').zip(["red=", "blue=", "side="]) {
        for name in part.strip_prefix(key)?.split(',') {
            cards.push(Card::from_name(name)?);
        }
    }
    Deal::from_cards(cards.try_into().ok()?)
}

/// The deal's cards as `red=a,b blue=c,d side=e` (hands in table order).
pub fn deal_name(deal: &Deal) -> String {
    let mut r = deal.red;
    r.sort();
    let mut b = deal.blue;
    b.sort();
    format!(
        "red={},{} blue={},{} side={}",
        r[0], r[1], b[0], b[1], deal.side
    )
}

/// The search result of one deal's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// The deal.
    pub deal: Deal,
    /// Who moves first (the side card's stamp).
    pub to_move: Color,
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation (its first move is the best move).
    pub pv: Vec<Move>,
    /// The depth reached.
    pub depth: u32,
    /// Nodes searched (0 for a deal reported as its partner's image).
    pub nodes: u64,
    /// The searched deal this one is the image of, if it is.
    pub mirror_of: Option<Deal>,
}

impl DealResult {
    /// The score from Red's side, with proven results counted as the evaluation limit (so they
    /// can be averaged).
    pub fn red_value(&self) -> i32 {
        let v = self.score.0.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        if self.to_move == Color::Red {
            v
        } else {
            -v
        }
    }

    /// The result of the partner deal: the same score for its side to move, the line mapped.
    pub fn image(&self, deal: Deal, map: Map) -> DealResult {
        DealResult {
            deal,
            to_move: deal.side.stamp(),
            score: self.score,
            pv: self.pv.iter().map(|&m| map_move(m, map)).collect(),
            depth: self.depth,
            nodes: 0,
            mirror_of: Some(self.deal),
        }
    }
}

/// Searches one deal's start position within `limits` with a single-threaded alpha-beta.
pub fn search_deal(ab: &mut AlphaBeta, deal: &Deal, limits: Limits) -> DealResult {
    let start = Onitama::from_deal(deal, DEFAULT_PLY_LIMIT);
    ab.clear();
    let r = ab.search(&start, limits, None);
    DealResult {
        deal: *deal,
        to_move: start.to_move(),
        score: r.score,
        pv: r.pv,
        depth: r.depth,
        nodes: r.nodes,
        mirror_of: None,
    }
}

/// Searches every class on `threads` threads (each with its own table of `hash_mb` megabytes)
/// and hands `found` the representative's result and its partner's image, as each finishes.
pub fn survey(
    classes: &[DealClass],
    limits: Limits,
    threads: usize,
    hash_mb: usize,
    found: &(dyn Fn(&[DealResult]) + Sync),
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut ab = AlphaBeta::new(SearchConfig {
                    threads: 1,
                    hash_mb,
                    exact: false,
                    ..SearchConfig::default()
                });
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(class) = classes.get(i) else {
                        break;
                    };
                    let r = search_deal(&mut ab, &class.deal, limits);
                    let mut out = vec![r.clone()];
                    if let Some((p, map)) = class.partner {
                        out.push(r.image(p, map));
                    }
                    found(&out);
                }
            });
        }
    });
}

/// The summary of a survey.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The deals best for Red, best first (Red's value, deal; a forced win is `EVAL_LIMIT`).
    pub best_for_red: Vec<(i32, Deal)>,
    /// The deals best for Blue, best first (Blue's value, deal).
    pub best_for_blue: Vec<(i32, Deal)>,
    /// Per card (table order): what it is worth to the colour holding it at the start.
    pub card_worth: Vec<CardWorth>,
    /// The side that moves first: its average value where the search proved nothing, and its
    /// forced wins and losses (kept apart: a proof is no evaluation to average).
    pub first_mover: Tally,
}

/// Values of a survey's deals seen from one side: the average evaluation of those the search
/// did not prove, and how many it proved won or lost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// The average evaluation over the deals not proven (0 when there are none).
    pub average: f64,
    /// Deals counted, proven ones included.
    pub deals: usize,
    /// Of them, forced wins for this side.
    pub won: usize,
    /// Of them, forced losses for this side.
    pub lost: usize,
}

/// What a card is worth to the colour holding it at the start of the deals where it is in a
/// hand (in the others it lies aside).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardWorth {
    /// The card.
    pub card: Card,
    /// The holder's values.
    pub tally: Tally,
}

/// Sums of values seen from one side, for a [`Tally`].
#[derive(Clone, Copy, Default)]
struct Sums {
    value: i64,
    unproven: usize,
    deals: usize,
    won: usize,
    lost: usize,
}

impl Sums {
    /// Counts one deal whose value for this side is `v`, proven or not.
    fn add(&mut self, v: i32, proven: bool) {
        self.deals += 1;
        match (proven, v > 0) {
            (true, true) => self.won += 1,
            (true, false) => self.lost += 1,
            (false, _) => {
                self.value += i64::from(v);
                self.unproven += 1;
            }
        }
    }

    fn tally(&self) -> Tally {
        Tally {
            average: if self.unproven > 0 {
                self.value as f64 / self.unproven as f64
            } else {
                0.0
            },
            deals: self.deals,
            won: self.won,
            lost: self.lost,
        }
    }
}

/// Summarises results: the `top` most one-sided deals for each colour and each card's worth.
/// Forced wins and losses are counted apart from the averages: averaged as `EVAL_LIMIT`, the
/// few proven deals outweighed the evaluations of all the others (they made the tiger worth
/// +36.7 a deal, +29 of it from 96 forced wins in 32,760 deals).
pub fn summarise(results: &[DealResult], top: usize) -> Summary {
    // The lists show each class once (an image adds nothing); the tallies count every deal.
    let mut red: Vec<(i32, Deal)> = results
        .iter()
        .filter(|r| r.mirror_of.is_none())
        .map(|r| (r.red_value(), r.deal))
        .collect();
    red.sort_by_key(|&(v, d)| (-v, deal_key(&d)));
    let mut blue: Vec<(i32, Deal)> = red.iter().map(|&(v, d)| (-v, d)).collect();
    blue.sort_by_key(|&(v, d)| (-v, deal_key(&d)));
    let mut worth = [Sums::default(); 16];
    let mut first = Sums::default();
    for r in results {
        let v = r.red_value();
        let proven = crate::search::score::is_proven(r.score.0);
        for c in r.deal.red {
            worth[c.index()].add(v, proven);
        }
        for c in r.deal.blue {
            worth[c.index()].add(-v, proven);
        }
        first.add(if r.to_move == Color::Red { v } else { -v }, proven);
    }
    let card_worth = Card::ALL
        .iter()
        .map(|&card| CardWorth {
            card,
            tally: worth[card.index()].tally(),
        })
        .collect();
    Summary {
        best_for_red: red.into_iter().take(top).collect(),
        best_for_blue: blue.into_iter().take(top).collect(),
        card_worth,
        first_mover: first.tally(),
    }
}
