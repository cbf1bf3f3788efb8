//! Learning Senet's network evaluation ([`crate::games::senet::net`]) by self-play with TD(λ),
//! as TD-Gammon learned backgammon.
//!
//! The same loop as the weighted sum's ([`super::training`]): games from the start, the mover
//! plays the move the network values most (the endgame table's exact value where it covers the
//! result), and after each move every weight is moved towards the network's value of the next
//! chance node along its eligibility trace. A game ends at a win or where the endgame table
//! takes over. One seeded generator draws the first weights (uniform in ±0.1) and throws every
//! stick, so the same seed and settings give the same network.

use rand::RngExt;

use super::training::{best_move, for_dark, throw_sticks, TrainConfig};
use crate::games::senet::board::{other, Board, DARK};
use crate::games::senet::endgame;
use crate::games::senet::features::{features, Features, FEATURES};
use crate::games::senet::moves::{apply, throws_again};
use crate::games::senet::net::{Net, HIDDEN};
use crate::games::senet::DEFAULT_PLY_LIMIT;
use crate::random::{rng, GameRng};

/// The learning rate the network is trained with by default (the weighted sum's is a tenth).
pub const DEFAULT_NET_ALPHA: f32 = 0.1;

/// Sets `g` to the gradient of the network's output at `x` times `sign` and returns the output.
fn gradient(net: &Net, x: &Features, sign: f32, g: &mut Net) -> f32 {
    let (hidden, v) = net.activate(&net.hidden_sums(x));
    let d = sign * v * (1.0 - v);
    g.bias = d;
    for (go, h) in g.output.iter_mut().zip(&hidden) {
        *go = d * h;
    }
    let back: [f32; HIDDEN] =
        std::array::from_fn(|j| d * net.output[j] * hidden[j] * (1.0 - hidden[j]));
    for (row, xi) in g.input.iter_mut().zip(x) {
        for (gi, b) in row.iter_mut().zip(&back) {
            *gi = b * xi;
        }
    }
    v
}

/// `net += scale * trace`, weight by weight.
fn add_scaled(net: &mut Net, trace: &Net, scale: f32) {
    for (row, trow) in net.input.iter_mut().zip(&trace.input) {
        for (w, e) in row.iter_mut().zip(trow) {
            *w += scale * e;
        }
    }
    for (w, e) in net.output.iter_mut().zip(&trace.output) {
        *w += scale * e;
    }
    net.bias += scale * trace.bias;
}

/// `trace = lambda * trace + g`.
fn decay_add(trace: &mut Net, g: &Net, lambda: f32) {
    for (row, grow) in trace.input.iter_mut().zip(&g.input) {
        for (e, d) in row.iter_mut().zip(grow) {
            *e = lambda * *e + d;
        }
    }
    for (e, d) in trace.output.iter_mut().zip(&g.output) {
        *e = lambda * *e + d;
    }
    trace.bias = lambda * trace.bias + g.bias;
}

/// First weights, uniform in ±0.1 from `r` (the output's bias starts at 0).
fn first_weights(r: &mut GameRng) -> Net {
    let mut net = Net::zero();
    for row in net.input.iter_mut() {
        for w in row.iter_mut() {
            *w = r.random_range(-0.1..0.1);
        }
    }
    for w in net.output.iter_mut() {
        *w = r.random_range(-0.1..0.1);
    }
    net
}

/// Trains a network by TD(λ) self-play with `config`; `progress` is told the number of games
/// played every thousand games.
pub fn train_net(config: &TrainConfig, progress: &mut dyn FnMut(u64)) -> Net {
    let table = endgame::table();
    let mut r = rng(config.seed);
    let mut net = first_weights(&mut r);
    let mut g = Net::zero();
    let mut x: Features = [0.0; FEATURES];
    for game in 0..config.games {
        let alpha = config.alpha_at(game);
        let mut board = Board::START;
        let mut thrower = DARK;
        let mut trace = Net::zero();
        // The previous chance node's value for dark (with the weights of that time).
        let mut previous: Option<f32> = None;
        for _ in 0..DEFAULT_PLY_LIMIT {
            let exact = table.probe(&board, thrower);
            let value = match exact {
                Some(p) => for_dark(p as f32, thrower),
                None => {
                    features(&board, thrower, &mut x);
                    for_dark(net.value(&x), thrower)
                }
            };
            if let Some(u) = previous {
                add_scaled(&mut net, &trace, alpha * (value - u));
            }
            if exact.is_some() {
                break;
            }
            let sign = if thrower == DARK { 1.0 } else { -1.0 };
            let v = gradient(&net, &x, sign, &mut g);
            decay_add(&mut trace, &g, config.lambda);
            previous = Some(for_dark(v, thrower));
            let throw = throw_sticks(&mut r);
            let Some((from, forward)) = best_move(&net, &board, thrower, throw) else {
                add_scaled(
                    &mut net,
                    &trace,
                    alpha * (for_dark(0.0, thrower) - for_dark(v, thrower)),
                );
                break;
            };
            apply(&mut board, thrower, from, throw, forward);
            if board.pieces[thrower] == 0 {
                add_scaled(
                    &mut net,
                    &trace,
                    alpha * (for_dark(1.0, thrower) - for_dark(v, thrower)),
                );
                break;
            }
            if !throws_again(throw) {
                thrower = other(thrower);
            }
        }
        if (game + 1).is_multiple_of(1000) {
            progress(game + 1);
        }
    }
    net
}

/// The Rust source of `engine/games/senet/net_weights.rs` holding `net`, with the command that
/// made it in its comment.
pub fn net_source(net: &Net, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The network evaluation's weights, written by `tabula senet train` (do not edit by hand):\n");
    s.push_str(&format!("//! `{command}`.\n//!\n"));
    s.push_str("//! The same command reproduces them exactly (one seeded generator draws the first weights\n");
    s.push_str("//! and throws every stick).\n\n");
    s.push_str("use super::net::Net;\n\n");
    s.push_str("/// The weights of [`super::net`]'s network: a row per feature, the output's weights, its bias.\n");
    s.push_str("#[rustfmt::skip]\n");
    s.push_str("pub const NET: Net = Net {\n    input: [\n");
    let numbers = |s: &mut String, values: &[f32], indent: &str| {
        for chunk in values.chunks(8) {
            let line: Vec<String> = chunk.iter().map(|v| format!("{v:?}")).collect();
            s.push_str(&format!("{indent}{},\n", line.join(", ")));
        }
    };
    for row in &net.input {
        s.push_str("        [\n");
        numbers(&mut s, row, "            ");
        s.push_str("        ],\n");
    }
    s.push_str("    ],\n    output: [\n");
    numbers(&mut s, &net.output, "        ");
    s.push_str(&format!("    ],\n    bias: {:?},\n}};\n", net.bias));
    s
}
