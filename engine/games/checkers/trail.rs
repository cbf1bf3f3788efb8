//! Upper bounds on the longest short-jump chain from each start, read from a graph view of the
//! board, so the evaluation's chain walk can skip the starts that cannot beat the best so far.
//!
//! With short jumps only, a jump from `h` over `h + d` lands on `h + 2d`. Take the holes' cube
//! coordinates mod 2: there are four classes, and a chain's landing holes all stay in its start's
//! class, while each of the three line axes steps into a different one of the other three. So:
//! - every marble a chain from `s` captures lies outside `s`'s class, and each such marble lies
//!   between two holes of `s`'s class along exactly one axis;
//! - the other marbles of `s`'s class are never captured and never move: they stay blocked.
//!
//! A chain from `s` is therefore a trail (no edge used twice) from `s` in the graph whose vertices
//! are `s` and the empty holes of its class, and whose edges are the marbles lying between two of
//! them: a jump uses the edge and removes it, and a hole once left is empty again. A trail from `s`
//! uses a subgraph of `s`'s component in which only its two ends may have odd degree. With `k`
//! odd-degree vertices in the component, each edge left out mends at most two of them, so at least
//! `(k - 2) / 2` edges stay unused, or `k / 2` when `s` itself has even degree (then `s` cannot be
//! an odd end). The bound is the component's edges less that.
//!
//! The components of all four classes come from one union-find pass over the marbles (vertices of
//! different classes are never joined); each start then adds its own edges.

use super::board::{BitIter, Marbles, ALL_HOLES, ROW_AHEAD};
use super::jumps::SingleJumps;
use super::geometry::tables;

/// The starts of the chains and the bound on each.
#[derive(Clone, Debug)]
pub struct StartBounds {
    entries: [(u16, u8); 128],
    len: usize,
}

impl StartBounds {
    /// Removes and returns the `(bound, start hole)` with the largest bound (of equal bounds, the
    /// last start in reading order), or `None` when none is left. A pick rather than a sort: the
    /// walk usually needs one or two starts of the thirty or so.
    pub fn take_best(&mut self) -> Option<(u32, u8)> {
        let listed = &self.entries[..self.len];
        let (i, _) = listed.iter().enumerate().max_by_key(|&(_, e)| *e)?;
        let (bound, s) = self.entries[i];
        self.len -= 1;
        self.entries[i] = self.entries[self.len];
        Some((u32::from(bound), s))
    }
}

/// The bound on the longest short-jump chain from each start of `jumps` (the position's single
/// jumps) on a board with `marbles`.
pub fn start_bounds(marbles: &Marbles, jumps: &SingleJumps) -> StartBounds {
    let graph = BaseGraph::build(marbles);
    let t = tables();
    let mut starts = 0u128;
    let mut own = [StartEdges::default(); 128];
    // Each single jump is one of its start's edges: start `i`, landing `i + 2` or `i - 2` in the
    // axis layout.
    for (a, ways) in jumps.from.iter().enumerate() {
        for (&from, step) in ways.iter().zip([2, -2]) {
            for i in BitIter(from) {
                let s = t.axis_inv[a][i.index()];
                let land = t.axis_inv[a][i.index().wrapping_add_signed(step)];
                starts |= 1u128 << s;
                own[usize::from(s)].add(&graph, land);
            }
        }
    }
    let mut out = StartBounds {
        entries: [(0, 0); 128],
        len: 0,
    };
    for s in BitIter(starts) {
        out.entries[out.len] = (own[s.index()].bound(), s.0);
        out.len += 1;
    }
    out
}

/// The graph of every class at once without any start: vertices the empty holes, edges the
/// marbles lying between two empty holes, grouped into components.
struct BaseGraph {
    /// Union-find parents, by hole; once built, each hole's root.
    parent: [u8; 128],
    /// Degree of each hole.
    degree: [u8; 128],
    /// Degree sum of each component (twice its edges), at its root.
    degree_sum: [u16; 128],
    /// Odd-degree vertices of each component, at its root.
    odd: [u8; 128],
}

/// Each hole its own parent.
const SINGLETONS: [u8; 128] = {
    let mut p = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        p[i] = i as u8;
        i += 1;
    }
    p
};

impl BaseGraph {
    fn build(marbles: &Marbles) -> Self {
        let t = tables();
        let mut g = BaseGraph {
            parent: SINGLETONS,
            degree: [0; 128],
            degree_sum: [0; 128],
            odd: [0; 128],
        };
        // In each axis layout the axis's lines are rows: a marble is an edge when the holes
        // before and after it in its row are both empty.
        let inner = ROW_AHEAD[1] & ROW_AHEAD[1] << 1;
        let mut touched = 0u128;
        for (a, &o) in marbles.axes.iter().enumerate() {
            let e = ALL_HOLES & !o;
            for m in BitIter(o & e << 1 & e >> 1 & inner) {
                let i = m.index();
                let (p, q) = (t.axis_inv[a][i - 1], t.axis_inv[a][i + 1]);
                g.degree[usize::from(p)] += 1;
                g.degree[usize::from(q)] += 1;
                touched |= 1u128 << p | 1u128 << q;
                let (rp, rq) = (g.find(p), g.find(q));
                g.parent[usize::from(rp)] = rq;
            }
        }
        for v in BitIter(touched) {
            let r = g.find(v.0);
            g.parent[v.index()] = r;
            let r = usize::from(r);
            g.degree_sum[r] += u16::from(g.degree[v.index()]);
            g.odd[r] += g.degree[v.index()] & 1;
        }
        g
    }

    /// The root of `v`'s component (halving the path on the way).
    #[inline]
    fn find(&mut self, mut v: u8) -> u8 {
        while self.parent[usize::from(v)] != v {
            let up = self.parent[usize::from(self.parent[usize::from(v)])];
            self.parent[usize::from(v)] = up;
            v = up;
        }
        v
    }
}

/// A start's own edges and the base components they join.
#[derive(Clone, Copy, Default)]
struct StartEdges {
    /// The start's degree.
    degree: u8,
    /// Edges of the joined components.
    edges: u16,
    /// Odd-degree vertices of the joined components, with the start's neighbours' parities
    /// flipped by their edge to it.
    odd: i16,
    /// The joined components' roots, the first `joined` of them.
    roots: [u8; 6],
    joined: u8,
}

impl StartEdges {
    /// Adds the start's edge to the empty hole `land`.
    fn add(&mut self, graph: &BaseGraph, land: u8) {
        self.degree += 1;
        self.odd += if graph.degree[usize::from(land)] & 1 == 1 {
            -1
        } else {
            1
        };
        // Every root was found in `build`: one load (a hole no edge touches is its own root).
        let r = graph.parent[usize::from(land)];
        let joined = usize::from(self.joined);
        if !self.roots[..joined].contains(&r) {
            self.roots[joined] = r;
            self.joined += 1;
            self.edges += graph.degree_sum[usize::from(r)] / 2;
            self.odd += i16::from(graph.odd[usize::from(r)]);
        }
    }

    /// The bound on the longest trail from the start.
    fn bound(&self) -> u16 {
        let start_odd = self.degree & 1 == 1;
        let odd = (self.odd + i16::from(start_odd)) as u16;
        let unused = match (odd, start_odd) {
            (0, _) => 0,
            (_, true) => (odd - 2) / 2,
            (_, false) => odd / 2,
        };
        self.edges + u16::from(self.degree) - unused
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::games::checkers::jumps::{jumps_from, single_jumps};
    use crate::games::checkers::random_game;
    use crate::Game;

    /// The same bound by a flood fill of the start's own component (the definition, written out).
    fn flood_bound(occ: u128, s: u8) -> u32 {
        let board = occ & !(1u128 << s);
        let (mut seen, mut stack) = (1u128 << s, vec![s]);
        let (mut degrees, mut odd, mut start_odd) = (0, 0, false);
        let mut jumps = [(0u8, 0u8); 6];
        while let Some(v) = stack.pop() {
            let n = jumps_from(board, usize::from(v), false, &mut jumps) as u32;
            for &(_, land) in &jumps[..n as usize] {
                if seen >> land & 1 == 0 {
                    seen |= 1u128 << land;
                    stack.push(land);
                }
            }
            degrees += n;
            if n % 2 == 1 {
                odd += 1;
                start_odd |= v == s;
            }
        }
        let unused = match (odd, start_odd) {
            (0, _) => 0,
            (_, true) => (odd - 2) / 2,
            (_, false) => odd / 2,
        };
        degrees / 2 - unused
    }

    /// The longest chain from `s`, every order of captures followed.
    fn longest_from(board: u128, cur: u8) -> u32 {
        let mut jumps = [(0u8, 0u8); 6];
        let n = jumps_from(board, usize::from(cur), false, &mut jumps);
        jumps[..n]
            .iter()
            .map(|&(over, land)| 1 + longest_from(board & !(1u128 << over), land))
            .max()
            .unwrap_or(0)
    }

    /// On the positions of random games (2 to 6 players), every start's bound equals the bound of
    /// its own component found by a flood fill, is at least the longest chain from that start, and
    /// is exact for most starts; they come out largest first.
    #[test]
    fn bounds_match_the_flood_fill_and_hold() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let (mut checked, mut exact) = (0, 0);
        for players in [2, 3, 4, 6].into_iter().cycle().take(24) {
            random_game(players, false, &mut rng, |state| {
                let occ = state.marbles();
                let singles = single_jumps(state.marble_layouts(), false);
                let mut bounds = start_bounds(state.marble_layouts(), &singles);
                let listed: Vec<(u32, u8)> = std::iter::from_fn(|| bounds.take_best()).collect();
                assert_eq!(listed.len() as u32, singles.starts().count_ones());
                assert!(listed.windows(2).all(|w| w[0] >= w[1]));
                for (bound, s) in listed {
                    assert_eq!(bound, flood_bound(occ, s), "{} from {s}", state.notation());
                    // The full walk is exponential on open boards: check it where it is small.
                    if bound <= 12 {
                        let longest = longest_from(occ & !(1u128 << s), s);
                        assert!(longest <= bound, "{} from {s}", state.notation());
                        exact += u32::from(longest == bound);
                        checked += 1;
                    }
                }
            });
        }
        assert!(checked > 2000, "only {checked} starts checked");
        assert!(exact * 2 > checked, "exact on only {exact} of {checked}");
    }

    /// The marbles on the named holes, and their starts' bounds, largest first.
    fn bounds_of(holes: &[&str]) -> (u128, Vec<(u32, u8)>) {
        use crate::games::checkers::geometry::Hole;
        let occ = holes
            .iter()
            .fold(0u128, |acc, name| acc | 1u128 << Hole::from_name(name).unwrap().0);
        let marbles = Marbles::from_bits(occ);
        let mut bounds = start_bounds(&marbles, &single_jumps(&marbles, false));
        (occ, std::iter::from_fn(|| bounds.take_best()).collect())
    }

    /// A start at one end of a row of alternating marbles and holes: the component is a path, and
    /// the bound is its length; from inside a path, one less.
    #[test]
    fn a_path_is_bounded_by_its_length() {
        let h = |name: &str| crate::games::checkers::geometry::Hole::from_name(name).unwrap().0;
        // Row e has 13 holes: marbles on e1, e2, e4, e6; e3, e5, e7 empty.
        let (_, bounds) = bounds_of(&["e1", "e2", "e4", "e6"]);
        assert_eq!(bounds, vec![(3, h("e1"))]);
        // From the middle: marbles e3, e4 (the start), e5, e7; e2, e6, e8 empty. The path is
        // e2-e4-e6-e8 with the start of even degree, so one edge stays unused: 2, which the chain
        // e4-e6-e8 makes.
        let (occ, bounds) = bounds_of(&["e3", "e4", "e5", "e7"]);
        assert_eq!(bounds, vec![(2, h("e4"))]);
        assert_eq!(longest_from(occ & !(1u128 << h("e4")), h("e4")), 2);
    }

    /// A board set up with far more marbles than a game has: every hole of three classes holds
    /// a marble but one, so about ninety marbles lie between two empty holes. The bounds still
    /// equal the flood fill's and hold.
    #[test]
    fn a_crowded_board_is_bounded_too() {
        use crate::games::checkers::geometry::{tables, HOLES};
        let class = |h: usize| {
            let (x, _, z) = tables().cube[h];
            (x.rem_euclid(2) + 2 * z.rem_euclid(2)) as usize
        };
        let mut occ = (0..HOLES)
            .filter(|&h| class(h) != 0)
            .fold(0u128, |acc, h| acc | 1u128 << h);
        // Empty the centre (class 0 already) and one hole of class 1, so that jumps exist.
        let hole = (0..HOLES).find(|&h| class(h) == 1 && h > 40).unwrap();
        occ &= !(1u128 << hole);
        let marbles = Marbles::from_bits(occ);
        let singles = single_jumps(&marbles, false);
        assert!(singles.any());
        let mut bounds = start_bounds(&marbles, &singles);
        let listed: Vec<(u32, u8)> = std::iter::from_fn(|| bounds.take_best()).collect();
        assert!(!listed.is_empty());
        for (bound, s) in listed {
            assert_eq!(bound, flood_bound(occ, s));
            assert!(longest_from(occ & !(1u128 << s), s) <= bound);
        }
    }
}
