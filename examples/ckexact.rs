use std::collections::HashMap;
use std::io::BufRead;
use tabula::games::checkers::{board::Marbles, moves, Checkers};
use tabula::{Game, GameOptions};

struct S {
    tt: HashMap<u128, (i8, i8)>,
    nodes: u64,
    cap: u64,
}

fn gen(m: u128) -> Vec<(u32, u128)> {
    let mut v = Vec::new();
    moves::with_scratch(|sc| {
        moves::generate(&Marbles::from_bits(m), false, sc, |d, c| v.push((c, d)))
    });
    v.sort_by(|a, b| b.0.cmp(&a.0));
    v
}

fn search(s: &mut S, m: u128, mut alpha: i32, mut beta: i32) -> Option<i32> {
    s.nodes += 1;
    if s.nodes > s.cap {
        return None;
    }
    let (lo0, hi0) =
        s.tt.get(&m)
            .map(|&(a, b)| (a as i32, b as i32))
            .unwrap_or((-99, 99));
    if lo0 >= beta {
        return Some(lo0);
    }
    if hi0 <= alpha {
        return Some(hi0);
    }
    if lo0 == hi0 {
        return Some(lo0);
    }
    alpha = alpha.max(lo0);
    beta = beta.min(hi0);
    let mv = gen(m);
    if mv.is_empty() {
        s.tt.insert(m, (0, 0));
        return Some(0);
    }
    let a0 = alpha;
    let mut best = -99;
    for (c, d) in mv {
        let v = c as i32 - search(s, m ^ d, c as i32 - beta, c as i32 - alpha)?;
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    let (mut lo, mut hi) = (lo0, hi0);
    if best > a0 && best < beta {
        lo = best;
        hi = best;
    } else if best >= beta {
        lo = lo.max(best);
    } else {
        hi = hi.min(best);
    }
    s.tt.insert(m, (lo as i8, hi as i8));
    Some(best)
}

/// WDL for the mover: 'W','D','L' or '?'
fn wdl(s: &mut S, st: &Checkers) -> char {
    let me = match st.turn() {
        tabula::Turn::Player(p) => p,
        _ => {
            let sc = st.scores();
            return if sc[0] > sc[1] {
                '1'
            } else if sc[0] < sc[1] {
                '2'
            } else {
                '='
            };
        }
    };
    let sc = st.scores();
    let diff = sc[me] as i32 - sc[1 - me] as i32;
    s.nodes = 0;
    let Some(w) = search(s, st.marbles(), -diff, -diff + 1) else {
        return '?';
    };
    if w > -diff {
        return 'W';
    }
    s.nodes = 0;
    let Some(d) = search(s, st.marbles(), -diff - 1, -diff) else {
        return '?';
    };
    if d >= -diff {
        'D'
    } else {
        'L'
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let maxm: u32 = args[1].parse().unwrap();
    let cap: u64 = args[2].parse().unwrap();
    let mut s = S {
        tt: HashMap::new(),
        nodes: 0,
        cap,
    };
    // stdin: lines "opening<TAB>moves space separated"
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut parts = line.split('\t');
        let pos = parts.next().unwrap();
        let mvs = parts.next().unwrap_or("");
        let mut st = Checkers::from_notation(pos, &GameOptions::default()).unwrap();
        let mut out = String::new();
        let mut seq: Vec<&str> = mvs.split_whitespace().collect();
        seq.insert(0, "");
        for (k, m) in seq.iter().enumerate() {
            if k > 0 {
                let mv = st.parse_move(m).unwrap();
                st.play(mv);
            }
            // result from player 1's view: W = p1 wins
            let c = if st.marbles().count_ones() <= maxm || st.turn() == tabula::Turn::Terminal {
                if std::env::var("FRESH").is_ok() {
                    s.tt.clear();
                }
                let r = wdl(&mut s, &st);
                if std::env::var("FRESH").is_ok() {
                    eprintln!("{} {}", st.marbles().count_ones(), s.tt.len());
                }
                let p1 = match st.turn() {
                    tabula::Turn::Player(0) => true,
                    _ => false,
                };
                match (r, p1) {
                    ('W', true) | ('L', false) => '1',
                    ('L', true) | ('W', false) => '2',
                    ('D', _) => '=',
                    (x, _) => x,
                }
            } else {
                '.'
            };
            out.push(c);
        }
        println!("{}", out);
        if s.tt.len() > 30_000_000 || std::env::var("FRESH").is_ok() {
            s.tt.clear();
        }
    }
}
