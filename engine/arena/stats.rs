//! Match statistics as fastchess reports them: score, Elo with a 95% interval, normalised Elo,
//! likelihood of superiority, from game counts (W/D/L) or from colour-swapped pairs
//! (pentanomial), plus a mean with a 95% interval for three or more players.
//!
//! The intervals come from the normal approximation of the mean score (trinomial per game or
//! pentanomial per pair); the pentanomial one is the honest one when games come in pairs, because
//! the two games of a pair share an opening and are correlated.

use serde::{Deserialize, Serialize};

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// `800 / ln 10`: the scale that turns a score deviation in standard deviations into nElo.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// Logistic Elo difference for an expected score in `0..1` (infinite at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Expected score for a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The complementary error function, with relative error below 1.2e-7 everywhere (Chebyshev
/// fit from Numerical Recipes), since `f64::erf` is not stable Rust.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The error function.
pub fn erf(x: f64) -> f64 {
    1.0 - erfc(x)
}

/// An Elo estimate with its interval, as fastchess prints it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Mean score of the first engine, `0..=1`.
    pub score: f64,
    /// Logistic Elo difference.
    pub elo: f64,
    /// Half-width of its 95% interval.
    pub elo_error: f64,
    /// Normalised Elo: the score's distance from 1/2 in standard deviations, scaled.
    pub nelo: f64,
    /// Half-width of its 95% interval.
    pub nelo_error: f64,
    /// Likelihood of superiority, `0..=1`.
    pub los: f64,
    /// For a one-sided result, whose normal score interval reaches 1 (or 0) where the Elo scale
    /// ends: the Elo of the other end of the 95% Wilson score interval, a lower bound above a
    /// score of 1/2 and an upper bound below it (printed `> +512` or `< -512`). Wilson's interval
    /// stays inside the scale (all of `n` wins: `n / (n + z^2)`), grows with the score, and
    /// treating each sample as a win or a loss makes it conservative. `None` when the interval
    /// is two-sided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<f64>,
}

impl EloEstimate {
    /// The Elo in words: `+40.70 +/- 30.43`, or the bound of a one-sided result (`> +512.30`).
    /// A bound on the losing side of an even or better score (`> -392` at 50%) bounds nothing
    /// worth saying: too few games. With every sample alike there is no spread to give an
    /// interval from.
    pub fn describe(&self) -> String {
        match self.bound {
            Some(b) if (self.score >= 0.5) == (b < 0.0) || self.score == 0.5 => {
                "n/a (too few games to bound it)".to_string()
            }
            Some(b) if self.score > 0.5 => format!("> {b:+.2}"),
            Some(b) => format!("< {b:+.2}"),
            None if self.elo_error == 0.0 => {
                format!("{:+.2} (every sample alike: no interval)", self.elo + 0.0)
            }
            None => format!("{:+.2} +/- {:.2}", self.elo + 0.0, self.elo_error),
        }
    }
}

/// The estimate from a mean score, the variance of one sample (a game or a pair) and the number
/// of samples. `pair_scale` is 2 for pairs (a pair is two games) and 1 for games.
fn estimate(score: f64, variance: f64, samples: f64, pair_scale: f64) -> EloEstimate {
    let per_sample = variance / samples;
    let half = Z95 * per_sample.sqrt();
    let (upper, lower) = (score + half, score - half);
    let nelo = |s: f64| (s - 0.5) / (pair_scale * variance).sqrt() * NELO_SCALE;
    // Past a score of 0 or 1 the Elo scale ends: the interval is unbounded (fastchess prints nan).
    let one_sided = lower <= 0.0 || upper >= 1.0;
    let elo_error = if one_sided {
        f64::INFINITY
    } else {
        (score_to_elo(upper) - score_to_elo(lower)) / 2.0
    };
    let bound = one_sided.then(|| {
        let (low, high) = wilson(score, samples);
        if score >= 0.5 {
            score_to_elo(low.max(1e-9))
        } else {
            score_to_elo(high.min(1.0 - 1e-9))
        }
    });
    EloEstimate {
        score,
        elo: score_to_elo(score),
        elo_error,
        nelo: nelo(score),
        // With no variance (every sample alike) nElo has no interval to speak of.
        nelo_error: if variance > 0.0 {
            (nelo(upper) - nelo(lower)) / 2.0
        } else {
            f64::INFINITY
        },
        los: if per_sample > 0.0 {
            (1.0 - erf(-(score - 0.5) / (2.0 * per_sample).sqrt())) / 2.0
        } else {
            // No spread: the score alone says which side is better (or neither).
            match score.total_cmp(&0.5) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            }
        },
        bound,
    }
}

/// The 95% Wilson score interval of a proportion `p` observed in `n` samples.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n);
    let spread = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt();
    let scale = 1.0 + z2 / n;
    ((centre - spread) / scale, (centre + spread) / scale)
}

/// Wins, draws and losses of one engine against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Counts from the three numbers.
    pub fn new(wins: u64, draws: u64, losses: u64) -> Self {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game scored `score` (above 1/2 a win, 1/2 a draw, below a loss).
    pub fn add(&mut self, score: f64) {
        if score > 0.5 {
            self.wins += 1;
        } else if score < 0.5 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The same games seen from the other engine.
    pub fn flipped(&self) -> Self {
        Wdl::new(self.losses, self.draws, self.wins)
    }

    /// The estimate from game counts (trinomial model); `None` with no games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let score = w + 0.5 * d;
        let variance =
            w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * (0.0 - score).powi(2);
        Some(estimate(score, variance, n, 1.0))
    }
}

/// Colour-swapped pairs by the first engine's two results: the pentanomial distribution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Both games lost.
    pub ll: u64,
    /// One loss, one draw.
    pub ld: u64,
    /// One win, one loss.
    pub wl: u64,
    /// Both drawn.
    pub dd: u64,
    /// One win, one draw.
    pub wd: u64,
    /// Both won.
    pub ww: u64,
}

impl Pentanomial {
    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// Adds one pair from the first engine's two game scores.
    pub fn add(&mut self, first: f64, second: f64) {
        let class = |s: f64| -> u8 {
            if s > 0.5 {
                2
            } else if s < 0.5 {
                0
            } else {
                1
            }
        };
        match (class(first) + class(second), class(first) == 1) {
            (0, _) => self.ll += 1,
            (1, _) => self.ld += 1,
            (2, true) => self.dd += 1,
            (2, false) => self.wl += 1,
            (3, _) => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// The same pairs seen from the other engine.
    pub fn flipped(&self) -> Self {
        Pentanomial {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            dd: self.dd,
            wd: self.ld,
            ww: self.ll,
        }
    }

    /// The counts as `[LL, LD, WL+DD, WD, WW]`, indexed by pair score in quarters.
    pub fn by_score(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// The estimate from pair counts; `None` with no pairs.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let counts = self.by_score();
        let score: f64 = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 / n * i as f64 / 4.0)
            .sum();
        let variance: f64 = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 / n * (i as f64 / 4.0 - score).powi(2))
            .sum();
        Some(estimate(score, variance, n, 2.0))
    }
}

/// A sample mean with the half-width of its 95% interval (normal approximation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MeanInterval {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95% interval (infinite with fewer than two samples: one sample has no
    /// spread to measure; printed `n/a`).
    pub error: f64,
    /// Number of samples.
    pub samples: u64,
}

impl MeanInterval {
    /// The mean as printed: three decimals, or `n/a` with no sample (a shard with no games).
    pub fn mean_text(&self) -> String {
        match self.samples {
            0 => "n/a".to_string(),
            _ => format!("{:.3}", self.mean),
        }
    }

    /// The interval's half-width as printed: three decimals, or `n/a` where no sample or one
    /// gave no spread to measure.
    pub fn error_text(&self) -> String {
        if self.error.is_finite() && self.samples > 0 {
            format!("{:.3}", self.error)
        } else {
            "n/a".to_string()
        }
    }
}

/// Accumulates samples for a [`MeanInterval`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MeanAccumulator {
    n: u64,
    sum: f64,
    sum_sq: f64,
}

impl MeanAccumulator {
    /// Adds one sample.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// The mean with its interval: `Z95 * s / sqrt(n)` with the sample standard deviation `s`.
    pub fn interval(&self) -> MeanInterval {
        if self.n == 0 {
            return MeanInterval::default();
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        let error = if self.n < 2 {
            f64::INFINITY
        } else {
            let var = ((self.sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
            Z95 * (var / n).sqrt()
        };
        MeanInterval {
            mean,
            error,
            samples: self.n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-7);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 1e-7);
        assert!((erfc(3.0) - 2.209_049_7e-5).abs() < 1e-9);
    }

    #[test]
    fn elo_and_score_invert() {
        for elo in [-300.0, -10.0, 0.0, 55.5, 400.0] {
            assert!((score_to_elo(elo_to_score(elo)) - elo).abs() < 1e-9);
        }
    }
}
