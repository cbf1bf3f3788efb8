//! Arena summaries: a one-sided result gives an Elo bound from the other end of its score
//! interval (`> +XXX`) instead of an infinite interval, and three or more engines in a
//! two-player game get a crosstable, in text and JSON.

mod cli_support;

use cli_support::{json, ok};
use tabula::arena::stats::{score_to_elo, wilson, Pentanomial, Wdl, Z95};

#[test]
fn one_sided_results_give_a_bound() {
    // All wins: the bound is the Wilson interval's lower end n / (n + z^2).
    let e = Wdl::new(100, 0, 0).elo().unwrap();
    assert!(e.elo_error.is_infinite());
    let expected = score_to_elo(100.0 / (100.0 + Z95 * Z95));
    assert!((e.bound.unwrap() - expected).abs() < 1e-9);
    assert_eq!(e.describe(), format!("> {expected:+.2}"));
    assert!(e.describe().starts_with("> +5"), "{}", e.describe());
    // All losses: an upper bound, the mirror image.
    let l = Wdl::new(0, 0, 100).elo().unwrap();
    assert_eq!(l.describe(), format!("< {:+.2}", -expected));
    // Nearly all wins: the normal interval passes a score of 1; Wilson's lower end is the bound,
    // and a better result never gets a lower bound.
    let n = Wdl::new(19, 0, 1).elo().unwrap();
    assert!((n.bound.unwrap() - score_to_elo(wilson(0.95, 20.0).0)).abs() < 1e-9);
    assert!(n.bound.unwrap() < Wdl::new(20, 0, 0).elo().unwrap().bound.unwrap());
    // A two-sided result keeps its interval.
    let t = Wdl::new(136, 111, 96).elo().unwrap();
    assert_eq!(t.bound, None);
    assert_eq!(t.describe(), "+40.70 +/- 30.43");
    // Pairs: all won.
    let mut p = Pentanomial::default();
    for _ in 0..50 {
        p.add(1.0, 1.0);
    }
    let e = p.elo().unwrap();
    let expected = score_to_elo(50.0 / (50.0 + Z95 * Z95));
    assert!((e.bound.unwrap() - expected).abs() < 1e-9);
    // Too few games for either side: 2-2 reaches both ends of the scale. It printed
    // "> -392.52", a bound on the losing side of an even score.
    let mut few = Pentanomial::default();
    few.add(1.0, 1.0);
    few.add(0.0, 0.0);
    let few = few.elo().unwrap();
    assert!(few.bound.is_some());
    assert_eq!(few.describe(), "n/a (too few games to bound it)");
    // Every pair alike (two copies of a deterministic bot): no spread, so no interval, and
    // the likelihood of superiority is even, not NaN; nor is the Elo "-0.00".
    let mut same = Pentanomial::default();
    for _ in 0..10 {
        same.add(1.0, 0.0);
    }
    let e = same.elo().unwrap();
    assert_eq!(e.describe(), "+0.00 (every sample alike: no interval)");
    assert_eq!(e.los, 0.5);
}

/// One sample has no spread to measure: its interval is not ±0 but unknown.
#[test]
fn a_mean_of_one_sample_has_no_interval() {
    let mut acc = tabula::arena::stats::MeanAccumulator::default();
    acc.add(0.6);
    assert!(acc.interval().error.is_infinite());
    acc.add(0.4);
    assert!(acc.interval().error.is_finite());
}

const THREE: [&str; 11] = [
    "arena",
    "onitama",
    "--engine",
    "alphabeta:depth=3",
    "--engine",
    "greedy",
    "--engine",
    "random",
    "--games",
    "6",
    "--seed",
];

#[test]
fn three_engines_get_a_crosstable() {
    let mut args = THREE.to_vec();
    args.push("2");
    let text = ok(&args);
    assert!(text.contains("crosstable (points of the row's engine against the column's)"));
    let row = |name: &str| {
        text.lines()
            .find(|l| l.contains(name) && l.contains('/'))
            .unwrap_or_else(|| panic!("{name}: {text}"))
            .to_string()
    };
    assert!(row("alphabeta:depth=3").contains("12"), "{text}");
    args.push("--json");
    let v = json(&args);
    let t = &v["summary"]["crosstable"];
    let cells = t["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 3);
    for i in 0..3 {
        assert!(cells[i][i].is_null());
        for (j, column) in cells.iter().enumerate() {
            if i != j {
                let (a, b) = (&cells[i][j], &column[i]);
                assert_eq!(a["games"], 6);
                let sum = a["points"].as_f64().unwrap() + b["points"].as_f64().unwrap();
                assert_eq!(sum, 6.0);
            }
        }
        assert_eq!(t["totals"][i]["games"], 12);
    }
    // Two engines: no crosstable.
    let two = json(&[
        "arena", "onitama", "--engine", "greedy", "--engine", "random", "--games", "2", "--json",
    ]);
    assert!(two["summary"]["crosstable"].is_null());
}

#[test]
fn a_gauntlet_leaves_the_pairs_that_did_not_meet_empty() {
    let mut args = THREE.to_vec();
    args.extend(["2", "--gauntlet", "--json"]);
    let v = json(&args);
    let cells = &v["summary"]["crosstable"]["cells"];
    assert!(cells[1][2].is_null() && cells[2][1].is_null());
    assert_eq!(cells[0][1]["games"], 6);
}
