//! Proving the start positions of deals: df-pn ([`super::dfpn`]) asks whether the first player
//! (the side card's stamp) or the second forces a win within a node budget per deal; a win found
//! is written as a proof ([`super::proof`]) and that proof is replayed against the rules before
//! the deal counts as proven. Deals that are images of each other ([`super::symmetry`]) are
//! proven once: the partner has the same value for its first player.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::games::onitama::{Color, Deal, Onitama, DEFAULT_PLY_LIMIT};

use super::deals::DealClass;
use super::dfpn::{self, Answer, Dfpn, Distance};
use super::proof::{self, ProofStats, Table};

/// A deal's value from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealValue {
    /// The first player (the side to move at the start) forces a win.
    FirstWins,
    /// The second player forces a win.
    SecondWins,
    /// Neither can (only provable with tables under every line; not expected from the start).
    Draw,
    /// Not proven within the budget.
    Unknown,
}

impl DealValue {
    /// The value's word in results files: `first`, `second`, `draw` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            DealValue::FirstWins => "first",
            DealValue::SecondWins => "second",
            DealValue::Draw => "draw",
            DealValue::Unknown => "unknown",
        }
    }

    /// Reads a word written by [`DealValue::name`].
    pub fn parse(text: &str) -> Option<DealValue> {
        [
            DealValue::FirstWins,
            DealValue::SecondWins,
            DealValue::Draw,
            DealValue::Unknown,
        ]
        .into_iter()
        .find(|v| v.name() == text)
    }
}

/// The budget of one deal.
#[derive(Clone, Copy, Debug)]
pub struct ProveLimits {
    /// Nodes of df-pn at most (finding the win; measuring its distance gets as many again).
    pub nodes: Option<u64>,
    /// Wall-clock time at most (finding the win; measuring its distance gets as much again).
    pub time: Option<Duration>,
    /// Transposition-table size in megabytes.
    pub hash_mb: usize,
    /// The most moves a written proof may have (a longer one is not kept: the deal stays
    /// unknown).
    pub max_proof: usize,
}

/// What proving one deal found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealProof {
    /// The deal.
    pub deal: Deal,
    /// The first player (the side card's stamp).
    pub first: Color,
    /// The value: a win only with a proof that replayed cleanly.
    pub value: DealValue,
    /// The winning strategy in [`proof`]'s format (for the winner), if proven.
    pub proof: Option<String>,
    /// Its size and depth, as the replay counted them.
    pub stats: Option<ProofStats>,
    /// The winner's fastest win in plies against the best defence, if measured exactly.
    pub exact_plies: Option<u32>,
    /// Nodes of df-pn, finding the win.
    pub nodes: u64,
    /// Nodes measuring the distance.
    pub distance_nodes: u64,
    /// Wall-clock time, all included.
    pub elapsed: Duration,
    /// Why a win df-pn found does not count (its proof could not be written or did not replay).
    pub note: Option<String>,
    /// The searched deal this one is the image of, if it is.
    pub mirror_of: Option<Deal>,
}

impl DealProof {
    /// The winner, if proven.
    pub fn winner(&self) -> Option<Color> {
        match self.value {
            DealValue::FirstWins => Some(self.first),
            DealValue::SecondWins => Some(!self.first),
            _ => None,
        }
    }

    /// The partner deal's result: the same value for its own first player, no proof of its own
    /// (the representative's proof maps onto it by the symmetry).
    pub fn image(&self, deal: Deal) -> DealProof {
        DealProof {
            deal,
            first: deal.side.stamp(),
            proof: None,
            nodes: 0,
            distance_nodes: 0,
            elapsed: Duration::ZERO,
            mirror_of: Some(self.deal),
            ..self.clone()
        }
    }
}

/// Proves what it can of `deal`'s start within `limits`, lines ending in the positions of
/// `table` (if any; a table of the deal's five cards); `progress` (if any) is told df-pn's
/// nodes and table entries now and then.
pub fn prove_deal(
    deal: &Deal,
    table: Option<Table>,
    limits: ProveLimits,
    progress: Option<&(dyn Fn(u64, usize) + Sync)>,
) -> DealProof {
    let start = Instant::now();
    let root = Onitama::from_deal(deal, DEFAULT_PLY_LIMIT);
    let first = root.to_move();
    let mut out = DealProof {
        deal: *deal,
        first,
        value: DealValue::Unknown,
        proof: None,
        stats: None,
        exact_plies: None,
        nodes: 0,
        distance_nodes: 0,
        elapsed: Duration::ZERO,
        note: None,
        mirror_of: None,
    };
    let node_total = limits.nodes.unwrap_or(u64::MAX);
    let (tb, bits) = table.map_or((None, None), Table::leaves);
    let mut d = Dfpn::with_leaves(tb, bits, limits.hash_mb, progress);
    let deadline = limits.time.map(|t| start + t);
    let (wins, loses) = dfpn::ask_both(&mut d, &root, node_total, deadline);
    out.nodes = d.nodes();
    let winner = match (wins, loses) {
        (Answer::Proven, _) => first,
        (_, Answer::Proven) => !first,
        (Answer::Refuted, Answer::Refuted) => {
            out.value = DealValue::Draw;
            out.elapsed = start.elapsed();
            return out;
        }
        _ => {
            out.elapsed = start.elapsed();
            return out;
        }
    };
    let mut choose = |s: &Onitama| d.proof_move(s, winner);
    let written = proof::write(&root, winner, table, &mut choose, limits.max_proof);
    match written.and_then(|(text, _)| {
        // The replay reads the string afresh: nothing of the search is used.
        let stats = proof::check(&root, winner, table, &text)?;
        Ok((text, stats))
    }) {
        Ok((text, stats)) => {
            out.value = if winner == first {
                DealValue::FirstWins
            } else {
                DealValue::SecondWins
            };
            out.proof = Some(text);
            out.stats = Some(stats);
            measure_distance(&mut out, &mut d, &root, winner, node_total, limits.time);
        }
        Err(why) => out.note = Some(why),
    }
    out.elapsed = start.elapsed();
    out
}

/// After a proof: how many plies `winner` needs from `root` at best, within `node_total` more
/// nodes and `time`, noted in `out` with the nodes it took.
fn measure_distance(
    out: &mut DealProof,
    d: &mut Dfpn,
    root: &Onitama,
    winner: Color,
    node_total: u64,
    time: Option<Duration>,
) {
    let before = d.nodes();
    let deadline = time.map(|t| Instant::now() + t);
    let (distance, _) = dfpn::measure(d, root, winner, before.saturating_add(node_total), deadline);
    out.distance_nodes = d.nodes() - before;
    if let Distance::Exactly(n) = distance {
        out.exact_plies = Some(n);
    }
}

/// Proves every class on `threads` threads (with `table`'s leaves, if any) and hands `found` the
/// representative's result and its partner's image, as each finishes.
pub fn prove_classes(
    classes: &[DealClass],
    table: Option<Table>,
    limits: ProveLimits,
    threads: usize,
    found: &(dyn Fn(&[DealProof]) + Sync),
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(class) = classes.get(i) else {
                    break;
                };
                let r = prove_deal(&class.deal, table, limits, None);
                let mut out = vec![r.clone()];
                if let Some((p, _)) = class.partner {
                    out.push(r.image(p));
                }
                found(&out);
            });
        }
    });
}
