//! The one-player puzzle: best scores on small layouts checked by hand, and on crowded random
//! layouts against a brute force written here (every ordered pair of relocations, no pruning).

use std::collections::HashMap;

use tabula::games::amidakuji::board::{Dims, Point};
use tabula::games::amidakuji::bridges::{Bridge, Ladder};
use tabula::games::amidakuji::notation::{parse_layout, write_layout};
use tabula::games::amidakuji::solo::{random_layout, replay, solve, SoloLimits, SoloRules};
use tabula::games::amidakuji::walk::full_walk;

fn solve_text(text: &str) -> (u32, bool) {
    let l = parse_layout(text).unwrap();
    let r = solve(&l, SoloRules::default(), SoloLimits::default());
    assert_eq!(
        replay(&l, SoloRules::default(), &r.runs),
        Ok(r.score),
        "sequence replays at {text}"
    );
    (r.score, r.exact)
}

#[test]
fn no_bridges_means_no_relocation_so_one_run() {
    // The first run goes straight down; 2 relocations are impossible, so the puzzle ends.
    assert_eq!(solve_text("5x4 -"), (1, true));
    assert_eq!(solve_text("6x8 -"), (1, true));
}

#[test]
fn a_full_board_allows_no_relocation() {
    // Every node holds a bridge: a lifted bridge can only go back where it was.
    let full =
        "6x4 rna1b1,rna2b2,rna3b3,rna4b4,rnc1d1,rnc2d2,bnc3d3,bnc4d4,bne1f1,bne2f2,bne3f3,bne4f4";
    assert_eq!(solve_text(full), (1, true));
}

#[test]
fn one_bridge_reaches_every_end() {
    // A single bridge moves one column per run at most, but the walk a^ a_ b^ b_ ... e_ only
    // needs it between the current column and the next one, or out of the way: 2N - 1.
    assert_eq!(solve_text("5x4 rnc1d1"), (9, true));
    assert_eq!(solve_text("6x5 blb1c3"), (11, true));
}

#[test]
fn the_score_counts_new_ends_and_the_bound_is_2n_minus_1() {
    let l = parse_layout("6x8 rna2b2,bnd3e3").unwrap();
    let r = solve(&l, SoloRules::default(), SoloLimits::default());
    assert_eq!(r.max, 11);
    assert!(r.score <= r.max);
    assert_eq!(r.runs.len() as u32, r.score);
    assert!(r.runs[0].relocations.is_empty());
    assert!(r.runs[1..].iter().all(|run| run.relocations.len() == 2));
}

#[test]
fn a_limit_is_reported_and_the_score_is_a_lower_bound() {
    let l = parse_layout("6x8 rna2b2,bnd3e3").unwrap();
    let full = solve(&l, SoloRules::default(), SoloLimits::default());
    assert!(full.exact && full.score == 11);
    let r = solve(
        &l,
        SoloRules::default(),
        SoloLimits {
            nodes: 1,
            time: None,
        },
    );
    assert!(!r.exact);
    assert_eq!(r.stopped_by, Some("node limit"));
    assert!(r.score >= 1 && r.score < full.score);
    assert_eq!(replay(&l, SoloRules::default(), &r.runs), Ok(r.score));
}

fn end_bit(p: Point) -> u16 {
    match p {
        Point::Top(c) => 1 << c,
        Point::Bottom(c) => 1 << (8 + c),
        Point::Node(_) => 0,
    }
}

/// Every layout one relocation away.
fn one_move(l: &Ladder) -> Vec<Ladder> {
    let mut out = Vec::new();
    let bridges: Vec<Bridge> = l.bridges().collect();
    for b in bridges {
        let mut lifted = l.clone();
        lifted.remove(b.left);
        let mut places = Vec::new();
        lifted.for_each_place(b.kind, |s| places.push(s));
        for s in places {
            if s.left == b.left && s.right == b.right {
                continue;
            }
            let mut next = lifted.clone();
            next.add(Bridge {
                left: s.left,
                right: s.right,
                ..b
            });
            out.push(next);
        }
    }
    out
}

/// The most further runs from a state: every run lands on a new end, alternating sides.
fn remaining(visited: u16, cur: Point, cols: u8) -> u32 {
    let free = |side: u16| (0..cols).filter(|c| side & (1 << c) == 0).count() as u32;
    let (top, bottom) = (free(visited & 0xff), free(visited >> 8));
    let (next, here) = if matches!(cur, Point::Top(_)) {
        (bottom, top)
    } else {
        (top, bottom)
    };
    (2 * here + 1).min(2 * next)
}

fn brute(l: &Ladder, visited: u16, cur: Point, memo: &mut HashMap<(String, u16, u16), u32>) -> u32 {
    let key = (write_layout(l), visited, end_bit(cur));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let most = remaining(visited, cur, l.dims.cols);
    let mut best = 0;
    'all: for l1 in one_move(l) {
        for l2 in one_move(&l1) {
            let to = full_walk(&l2, cur);
            if visited & end_bit(to) == 0 {
                best = best.max(1 + brute(&l2, visited | end_bit(to), to, memo));
                if best == most {
                    break 'all;
                }
            }
        }
    }
    memo.insert(key, best);
    best
}

fn brute_score(l: &Ladder) -> u32 {
    let mut memo = HashMap::new();
    let cols = l.dims.cols;
    (0..cols)
        .map(Point::Top)
        .chain((0..cols).map(Point::Bottom))
        .map(|s| {
            let to = full_walk(l, s);
            1 + brute(l, end_bit(s) | end_bit(to), to, &mut memo)
        })
        .max()
        .unwrap()
}

/// Crowded layouts: the full 6x4 board of horizontal bridges with one bridge taken off, then
/// a few random relocations; few relocations are possible, so the brute force is small.
fn crowded(seed: u64) -> Ladder {
    use rand::RngExt;
    let mut l = parse_layout(
        "6x4 rna1b1,rna2b2,rna3b3,rna4b4,rnc1d1,rnc2d2,bnc3d3,bnc4d4,bne1f1,bne2f2,bne3f3,bne4f4",
    )
    .unwrap();
    let mut r = tabula::random::rng(seed);
    let gone: Vec<Bridge> = l.bridges().collect();
    l.remove(gone[r.random_range(0..gone.len())].left);
    for _ in 0..r.random_range(0..4) {
        let next = one_move(&l);
        l = next[r.random_range(0..next.len())].clone();
    }
    l
}

#[test]
fn roomy_layouts_match_a_brute_force() {
    for l in (0..8)
        .map(|s| random_layout(Dims { cols: 5, rows: 4 }, s))
        .chain((2..6).map(crowded))
    {
        let r = solve(&l, SoloRules::default(), SoloLimits::default());
        assert_eq!(r.score, brute_score(&l), "{}", write_layout(&l));
    }
}

#[test]
fn small_layouts_match_a_brute_force() {
    let mut layouts: Vec<Ladder> = (0..2).map(crowded).collect();
    layouts.push(parse_layout("5x4 rnb2c3").unwrap());
    layouts.push(parse_layout("6x4 rna1b1,rna2b2,rna3b3,rna4b4,rnc1d1,rnc2d2,bnc3d3,bnc4d4,bne1f1,bne2f2,bne3f3,bne4f4").unwrap());
    for l in layouts {
        let r = solve(&l, SoloRules::default(), SoloLimits::default());
        assert!(r.exact);
        assert_eq!(replay(&l, SoloRules::default(), &r.runs), Ok(r.score));
        assert_eq!(r.score, brute_score(&l), "{}", write_layout(&l));
    }
}

#[test]
fn distinct_relocations_need_two_bridges() {
    let strict = SoloRules { distinct: true };
    // One bridge cannot make two relocations of different bridges: one run only.
    let l = parse_layout("5x4 rnc1d1").unwrap();
    let r = solve(&l, strict, SoloLimits::default());
    assert_eq!((r.score, r.exact), (1, true));
    // Two bridges: each run moves both; the solver's sequence obeys the stricter rule.
    let l = parse_layout("5x4 rnc1d1,bna3b3").unwrap();
    let r = solve(&l, strict, SoloLimits::default());
    assert_eq!(replay(&l, strict, &r.runs), Ok(r.score));
    assert!(r.runs[1..]
        .iter()
        .all(|run| run.relocations[0].1 != run.relocations[1].0));
    assert!(r.exact);
}

/// The layout seen in a mirror (`mirror`) and/or upside down (`flip`).
fn transformed(l: &Ladder, mirror: bool, flip: bool) -> Ladder {
    use tabula::games::amidakuji::board::Node;
    let (n, rows) = (l.dims.cols, l.dims.rows);
    let mut out = Ladder::new(l.dims);
    for b in l.bridges() {
        let (mut c, mut r1, mut r2) = (b.left.col(), b.left.row(), b.right.row());
        if mirror {
            c = n - 2 - c;
            std::mem::swap(&mut r1, &mut r2);
        }
        if flip {
            r1 = rows - 1 - r1;
            r2 = rows - 1 - r2;
        }
        out.add(Bridge {
            left: Node::new(c, r1),
            right: Node::new(c + 1, r2),
            ..b
        });
    }
    out
}

#[test]
fn scores_are_the_same_under_the_board_symmetries() {
    let texts = [
        "6x8 rna2b2,bnd3e3",
        "5x4 rnb1c1,bnb2c2,rnb3c3,bnb4c4,rnd1e1,bnd2e2,rnd3e3,bnd4e4",
        "6x4 rna1b1,rna2b2,rna3b3,rna4b4,rnc1d1,rnc2d2,bnc3d3,bnc4d4,bne1f1,bne2f2,bne3f3,bne4f4",
    ];
    for text in texts {
        let l = parse_layout(text).unwrap();
        let want = solve(&l, SoloRules::default(), SoloLimits::default()).score;
        for (m, f) in [(true, false), (false, true), (true, true)] {
            let t = transformed(&l, m, f);
            let r = solve(&t, SoloRules::default(), SoloLimits::default());
            assert_eq!(r.score, want, "{text} mirror {m} flip {f}");
            assert_eq!(replay(&t, SoloRules::default(), &r.runs), Ok(r.score));
        }
    }
}
