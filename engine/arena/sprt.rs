//! The sequential probability ratio test, as fastchess and Fishtest run it: the generalised
//! log-likelihood ratio (GSPRT) of Michel Van den Bergh ("Comments on normalized Elo") between
//! H0 `elo = elo0` and H1 `elo = elo1`, computed from pentanomial pair counts or W/D/L, with the
//! Wald bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
//!
//! The likelihood under each hypothesis is that of the multinomial closest to the observed
//! frequencies among those with the hypothesised expected score (logistic model) or normalised
//! Elo (normalised model, the default).

use serde::{Deserialize, Serialize};

use super::stats::{elo_to_score, Pentanomial, Wdl};
use crate::error::Error;

/// The largest Elo difference an SPRT bound may name (a score of about 99.7%): past it the
/// log-likelihood ratio overflows.
pub const MAX_ELO: f64 = 1000.0;
/// `800 / ln 10`, the nElo scale.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// How `elo0` and `elo1` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtModel {
    /// Normalised Elo (fastchess's default): independent of the draw rate.
    Normalized,
    /// Logistic Elo: the expected score `1 / (1 + 10^(-elo/400))`.
    Logistic,
}

/// The outcome of the test so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtDecision {
    /// Neither bound crossed yet.
    Continue,
    /// The lower bound was crossed: the difference is at most about `elo0`.
    AcceptH0,
    /// The upper bound was crossed: the difference is at least about `elo1`.
    AcceptH1,
}

/// SPRT settings: `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=normalized|logistic]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1 (greater than `elo0`).
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate (accepting H0 when H1 holds).
    pub beta: f64,
    /// How the Elo bounds are read.
    pub model: SprtModel,
}

impl Sprt {
    /// Reads `elo0=..,elo1=..,alpha=..,beta=..[,model=..]`; alpha and beta default to 0.05.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return Err(Error::option(format!(
                    "--sprt '{text}': '{part}' is not key=value"
                )));
            };
            let (k, v) = (k.trim(), v.trim());
            if seen.contains(&k) {
                return Err(Error::option(format!(
                    "--sprt '{text}': '{k}' is set twice"
                )));
            }
            seen.push(k);
            if k == "model" {
                s.model = match v {
                    "normalized" | "normalised" => SprtModel::Normalized,
                    "logistic" => SprtModel::Logistic,
                    _ => {
                        return Err(Error::option(format!(
                            "--sprt: model '{v}' is not normalized or logistic"
                        )))
                    }
                };
                continue;
            }
            let x: f64 = v
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| Error::option(format!("--sprt: {k}='{v}' is not a number")))?;
            match k {
                "elo0" => s.elo0 = x,
                "elo1" => s.elo1 = x,
                "alpha" => s.alpha = x,
                "beta" => s.beta = x,
                _ => {
                    return Err(Error::option(format!(
                        "--sprt has no setting '{k}' (it knows: elo0, elo1, alpha, beta, model)"
                    )))
                }
            }
        }
        s.check()?;
        Ok(s)
    }

    /// Rejects settings that make no test.
    ///
    /// An Elo bound past [`MAX_ELO`] is refused: its log-likelihood ratio is not a number.
    pub fn check(&self) -> Result<(), Error> {
        if self.elo0.is_nan() || self.elo1.is_nan() {
            return Err(Error::option("--sprt needs elo0 and elo1"));
        }
        for (name, elo) in [("elo0", self.elo0), ("elo1", self.elo1)] {
            if elo.abs() > MAX_ELO {
                return Err(Error::option(format!(
                    "--sprt: {name}={elo:e} is past any difference a match can test (at most \
                     {MAX_ELO} either way)"
                )));
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(Error::option(format!(
                "--sprt: elo0={} must be less than elo1={}",
                self.elo0, self.elo1
            )));
        }
        for (name, p) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(p > 0.0 && p < 1.0) {
                return Err(Error::option(format!(
                    "--sprt: {name}={p} must lie strictly between 0 and 1"
                )));
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(Error::option("--sprt: alpha + beta must be less than 1"));
        }
        Ok(())
    }

    /// The Wald bounds `(lower, upper)` on the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision for a log-likelihood ratio.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The LLR from pentanomial pair counts (pair scores 0, 1/4, 1/2, 3/4, 1).
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        let counts = p.by_score().map(|c| c as f64);
        // A pair is two games: its standard deviation of score is sqrt(2) smaller per game.
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &counts, 2f64.sqrt())
    }

    /// The LLR from game counts (scores 0, 1/2, 1).
    pub fn llr_wdl(&self, w: &Wdl) -> f64 {
        let counts = [w.losses as f64, w.draws as f64, w.wins as f64];
        self.llr(&[0.0, 0.5, 1.0], &counts, 1.0)
    }

    fn llr<const N: usize>(&self, scores: &[f64; N], counts: &[f64; N], nelo_factor: f64) -> f64 {
        if counts.iter().sum::<f64>() == 0.0 {
            return 0.0;
        }
        // Empty cells get a tiny count, as fastchess does, so the MLE stays inside the simplex.
        let counts = counts.map(|c| if c == 0.0 { 1e-3 } else { c });
        let total: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / total);
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_score(scores, &freq, elo_to_score(self.elo0)),
                mle_score(scores, &freq, elo_to_score(self.elo1)),
            ),
            SprtModel::Normalized => (
                mle_nelo(scores, &freq, nelo_factor * self.elo0 / NELO_SCALE),
                mle_nelo(scores, &freq, nelo_factor * self.elo1 / NELO_SCALE),
            ),
        };
        total
            * (0..N)
                .map(|i| freq[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }
}

/// The root of the decreasing function `f` on the open interval `(lo, hi)`, by bisection
/// (`f` tends to +inf at `lo` and -inf at `hi`).
fn bisect(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    for _ in 0..200 {
        let mid = 0.5 * (a + b);
        if mid <= a || mid >= b {
            break;
        }
        let v = f(mid);
        if v == 0.0 {
            return mid;
        }
        if v > 0.0 {
            a = mid;
        } else {
            b = mid;
        }
    }
    0.5 * (a + b)
}

/// The distribution closest (in likelihood) to `freq` whose expected score is `s`: proposition
/// 1.1 of Van den Bergh, `p_i = freq_i / (1 + theta (a_i - s))` with theta solving the mean
/// condition.
fn mle_score<const N: usize>(scores: &[f64; N], freq: &[f64; N], s: f64) -> [f64; N] {
    let lo = -1.0 / (scores[N - 1] - s);
    let hi = -1.0 / (scores[0] - s);
    let theta = bisect(
        |x| {
            (0..N)
                .map(|i| freq[i] * (scores[i] - s) / (1.0 + x * (scores[i] - s)))
                .sum()
        },
        lo,
        hi,
    );
    std::array::from_fn(|i| freq[i] / (1.0 + theta * (scores[i] - s)))
}

/// The distribution closest to `freq` whose normalised score `(mu - 1/2) / sigma` is `t`:
/// section 4.1 of Van den Bergh, iterated from the uniform distribution to a fixed point.
fn mle_nelo<const N: usize>(scores: &[f64; N], freq: &[f64; N], t: f64) -> [f64; N] {
    let mut p = [1.0 / N as f64; N];
    for _ in 0..1000 {
        let mu: f64 = (0..N).map(|i| p[i] * scores[i]).sum();
        let var: f64 = (0..N).map(|i| p[i] * (scores[i] - mu).powi(2)).sum();
        let sigma = var.sqrt();
        let phi: [f64; N] = std::array::from_fn(|i| {
            let z = (scores[i] - mu) / sigma;
            scores[i] - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let theta = bisect(
            |x| (0..N).map(|i| freq[i] * phi[i] / (1.0 + x * phi[i])).sum(),
            -1.0 / v,
            -1.0 / u,
        );
        let mut change = 0.0f64;
        for i in 0..N {
            let next = freq[i] / (1.0 + theta * phi[i]);
            change = change.max((next - p[i]).abs());
            p[i] = next;
        }
        if change < 1e-9 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_wald() {
        let s = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-6);
        assert!((hi - 2.944_438_979).abs() < 1e-6);
    }

    #[test]
    fn llr_is_zero_at_no_data_and_signed_by_score() {
        let s = Sprt::parse("elo0=0,elo1=10").unwrap();
        assert_eq!(s.llr_pentanomial(&Pentanomial::default()), 0.0);
        let strong = Pentanomial {
            ww: 40,
            wd: 30,
            wl: 10,
            dd: 10,
            ld: 5,
            ll: 5,
        };
        assert!(s.llr_pentanomial(&strong) > 0.0);
        assert!(s.llr_pentanomial(&strong.flipped()) < 0.0);
    }
}
