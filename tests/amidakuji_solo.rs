//! The one-player puzzle: best scores on small layouts checked by hand, and on crowded random
//! layouts against a brute force written here (every ordered pair of relocations, no pruning),
//! under the rules' reading (two different bridges move before each run) and the looser one
//! (one bridge may move twice).

use std::collections::HashMap;

use tabula::games::amidakuji::board::{Dims, Node, Point};
use tabula::games::amidakuji::bridges::{Bridge, Ladder};
use tabula::games::amidakuji::notation::{parse_layout, write_layout};
use tabula::games::amidakuji::solo::{random_layout, replay, solve, SoloLimits, SoloRules};
use tabula::games::amidakuji::walk::full_walk;

/// One bridge may move twice: the looser reading.
const TWICE: SoloRules = SoloRules {
    same_bridge_twice: true,
};

fn solve_text(text: &str) -> (u32, bool) {
    solve_with(text, SoloRules::default())
}

fn solve_with(text: &str, rules: SoloRules) -> (u32, bool) {
    let l = parse_layout(text).unwrap();
    let r = solve(&l, rules, SoloLimits::default());
    assert_eq!(
        replay(&l, rules, &r.runs),
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
fn one_bridge_cannot_make_two_relocations_so_one_run() {
    // The rules move 2 bridges before every run after the first: with one bridge on the board
    // that is impossible, and the puzzle ends after the first run.
    assert_eq!(solve_text("5x4 rnc1d1"), (1, true));
    assert_eq!(solve_text("6x5 blb1c3"), (1, true));
}

#[test]
fn one_bridge_moved_twice_reaches_every_end() {
    // With one bridge moving twice, it goes between the current column and the next one, or
    // out of the way, and the walk a^ a_ b^ b_ ... e_ reaches every end: 2N - 1.
    assert_eq!(solve_with("5x4 rnc1d1", TWICE), (9, true));
    assert_eq!(solve_with("6x5 blb1c3", TWICE), (11, true));
}

#[test]
fn by_default_the_two_relocations_move_two_different_bridges() {
    let l = parse_layout("5x4 rnc1d1,bna3b3").unwrap();
    let r = solve(&l, TWICE, SoloLimits::default());
    // Under the looser reading the solver's line moves one bridge twice somewhere...
    let twice = r.runs[1..]
        .iter()
        .position(|run| run.relocations[0].1 == run.relocations[1].0)
        .expect("a run that moves one bridge twice")
        + 2;
    assert_eq!(replay(&l, TWICE, &r.runs), Ok(r.score));
    // ...which the rules' reading refuses.
    assert_eq!(
        replay(&l, SoloRules::default(), &r.runs),
        Err(format!(
            "run {twice}: the relocations move one bridge twice"
        ))
    );
    assert!(!SoloRules::default().same_bridge_twice);
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

/// Every layout one relocation away, with the left node of the moved bridge's new place; a
/// bridge whose left node is `keep` stays where it is.
fn one_move(l: &Ladder, keep: Option<Node>) -> Vec<(Ladder, Node)> {
    let mut out = Vec::new();
    let bridges: Vec<Bridge> = l.bridges().collect();
    for b in bridges {
        if Some(b.left) == keep {
            continue;
        }
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
            out.push((next, s.left));
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

type Memo = HashMap<(String, u16, u16), u32>;

fn brute(l: &Ladder, visited: u16, cur: Point, rules: SoloRules, memo: &mut Memo) -> u32 {
    let key = (write_layout(l), visited, end_bit(cur));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let most = remaining(visited, cur, l.dims.cols);
    let mut best = 0;
    'all: for (l1, moved) in one_move(l, None) {
        let keep = (!rules.same_bridge_twice).then_some(moved);
        for (l2, _) in one_move(&l1, keep) {
            let to = full_walk(&l2, cur);
            if visited & end_bit(to) == 0 {
                best = best.max(1 + brute(&l2, visited | end_bit(to), to, rules, memo));
                if best == most {
                    break 'all;
                }
            }
        }
    }
    memo.insert(key, best);
    best
}

fn brute_score(l: &Ladder, rules: SoloRules) -> u32 {
    let mut memo = HashMap::new();
    let cols = l.dims.cols;
    (0..cols)
        .map(Point::Top)
        .chain((0..cols).map(Point::Bottom))
        .map(|s| {
            let to = full_walk(l, s);
            1 + brute(l, end_bit(s) | end_bit(to), to, rules, &mut memo)
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
        let next = one_move(&l, None);
        l = next[r.random_range(0..next.len())].0.clone();
    }
    l
}

#[test]
fn roomy_layouts_match_a_brute_force() {
    for l in (0..8)
        .map(|s| random_layout(Dims { cols: 5, rows: 4 }, s))
        .chain((2..6).map(crowded))
    {
        for rules in [SoloRules::default(), TWICE] {
            let r = solve(&l, rules, SoloLimits::default());
            assert_eq!(r.score, brute_score(&l, rules), "{}", write_layout(&l));
        }
    }
}

#[test]
fn small_layouts_match_a_brute_force() {
    let mut layouts: Vec<Ladder> = (0..2).map(crowded).collect();
    layouts.push(parse_layout("5x4 rnb2c3").unwrap());
    layouts.push(parse_layout("6x4 rna1b1,rna2b2,rna3b3,rna4b4,rnc1d1,rnc2d2,bnc3d3,bnc4d4,bne1f1,bne2f2,bne3f3,bne4f4").unwrap());
    for l in layouts {
        for rules in [SoloRules::default(), TWICE] {
            let r = solve(&l, rules, SoloLimits::default());
            assert!(r.exact);
            assert_eq!(replay(&l, rules, &r.runs), Ok(r.score));
            assert_eq!(r.score, brute_score(&l, rules), "{}", write_layout(&l));
        }
    }
}

#[test]
fn two_bridges_move_both_before_every_run() {
    // Each run moves both bridges; the solver's sequence obeys the rule and still reaches
    // every end.
    let l = parse_layout("5x4 rnc1d1,bna3b3").unwrap();
    let r = solve(&l, SoloRules::default(), SoloLimits::default());
    assert_eq!(replay(&l, SoloRules::default(), &r.runs), Ok(r.score));
    assert!(r.runs[1..]
        .iter()
        .all(|run| run.relocations[0].1 != run.relocations[1].0));
    assert_eq!((r.score, r.exact), (9, true));
}

/// Crowded layouts found by a search of random layouts (docs/amidakuji-puzzle.md; the first is
/// `--size 6x4 --seed 222`): the score proven best is below `2N - 1`, under both readings of the
/// relocation rule.
const HARD: [(&str, u32); 3] = [
    (
        "6x4 bna2b1,bna3b2,bna4b3,rnb4c4,rnc1d2,rnc2d3,bnc3d4,rnd1e1,rne2f3,rle3f1,ble4f2",
        9,
    ),
    (
        "6x4 rla1b3,bla2b4,rna3b2,bnb1c1,rnc2d1,bnc3d2,rnc4d3,rne1f1,bne2f2,rne3f3,bne4f4",
        9,
    ),
    (
        "6x5 rna2b1,bna3b3,bna4b5,rna5b4,rlb2c4,rnc1d1,rnc2d2,rnc3d4,blc5d3,bnd5e4,bne1f1,rne2f2,bne3f3,bne5f4",
        5,
    ),
];

#[test]
fn crowded_layouts_score_below_the_maximum() {
    for (text, want) in HARD {
        for rules in [SoloRules::default(), TWICE] {
            assert_eq!(solve_with(text, rules), (want, true), "{text} {rules:?}");
        }
    }
}

#[test]
fn the_random_layout_of_seed_222_on_6x4_scores_9() {
    // The example of README.md and docs/amidakuji-puzzle.md (`--size 6x4 --seed 222`).
    let l = random_layout(Dims { cols: 6, rows: 4 }, 222);
    assert_eq!(
        write_layout(&l),
        "6x4 bna2b1,bna3b2,bna4b3,rnb4c4,rnc1d2,rnc2d3,bnc3d4,rnd1e1,rne2f3,rle3f1,ble4f2"
    );
    for rules in [SoloRules::default(), TWICE] {
        let r = solve(&l, rules, SoloLimits::default());
        assert_eq!((r.score, r.max, r.exact), (9, 11, true), "{rules:?}");
    }
}

#[test]
fn crowded_layouts_below_the_maximum_match_the_brute_force() {
    for (text, want) in HARD {
        let l = parse_layout(text).unwrap();
        for rules in [SoloRules::default(), TWICE] {
            assert_eq!(brute_score(&l, rules), want, "{text} {rules:?}");
        }
    }
}

/// The layout seen in a mirror (`mirror`) and/or upside down (`flip`).
fn transformed(l: &Ladder, mirror: bool, flip: bool) -> Ladder {
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
