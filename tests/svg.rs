//! Pictures (`--svg`): every game's SVG, with and without a move drawn, is well-formed XML with
//! an `<svg>` root (checked by a small parser here, so no XML crate is needed), and the commands
//! that take `--svg` write it.

mod cli_support;

use cli_support::{fails, ok};
use tabula::games::GameKind;
use tabula::{with_game, Game, GameOptions, Turn};

/// Checks that `text` is well-formed XML: one root element, tags nested and closed, attributes
/// quoted, entities known. Returns the root element's name.
fn well_formed(text: &str) -> Result<String, String> {
    let mut rest = text.trim_start();
    if let Some(after) = rest.strip_prefix("<?xml") {
        let end = after.find("?>").ok_or("unclosed XML declaration")?;
        rest = &after[end + 2..];
    }
    let mut stack: Vec<String> = Vec::new();
    let mut root: Option<String> = None;
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open])?;
        if stack.is_empty() && !rest[..open].trim().is_empty() {
            return Err("text outside the root element".into());
        }
        rest = &rest[open + 1..];
        if let Some(after) = rest.strip_prefix('/') {
            let close = after.find('>').ok_or("unclosed end tag")?;
            let name = after[..close].trim();
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            rest = &after[close + 1..];
            continue;
        }
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .ok_or("unclosed tag")?;
        let name = &rest[..name_end];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || ":-_".contains(c))
        {
            return Err(format!("bad tag name '{name}'"));
        }
        if stack.is_empty() {
            if root.is_some() {
                return Err("a second root element".into());
            }
            root = Some(name.to_string());
        }
        rest = &rest[name_end..];
        let mut seen = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix("/>") {
                rest = after;
                break;
            }
            if let Some(after) = rest.strip_prefix('>') {
                stack.push(name.to_string());
                rest = after;
                break;
            }
            let eq = rest
                .find('=')
                .ok_or(format!("attribute without value in <{name}>"))?;
            let attr = rest[..eq].trim();
            if attr.is_empty() || seen.contains(&attr) {
                return Err(format!("bad or repeated attribute '{attr}' in <{name}>"));
            }
            seen.push(attr);
            let after = rest[eq + 1..].trim_start();
            let quote = after.chars().next().ok_or("cut attribute")?;
            if quote != '"' && quote != '\'' {
                return Err(format!("unquoted attribute '{attr}' in <{name}>"));
            }
            let close = after[1..].find(quote).ok_or("unclosed attribute value")?;
            let value = &after[1..1 + close];
            if value.contains('<') {
                return Err(format!("'<' in attribute '{attr}'"));
            }
            check_text(value)?;
            rest = &after[close + 2..];
        }
    }
    check_text(rest)?;
    if !rest.trim().is_empty() {
        return Err("text after the root element".into());
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> is not closed"));
    }
    root.ok_or_else(|| "no element".into())
}

/// Every `&` starts a known entity or a character reference.
fn check_text(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        let after = &rest[amp + 1..];
        let semi = after.find(';').ok_or("'&' without ';'")?;
        let entity = &after[..semi];
        let known = ["amp", "lt", "gt", "quot", "apos"].contains(&entity)
            || entity.strip_prefix('#').is_some_and(|n| {
                n.parse::<u32>().is_ok()
                    || n.strip_prefix('x')
                        .is_some_and(|h| u32::from_str_radix(h, 16).is_ok())
            });
        if !known {
            return Err(format!("unknown entity '&{entity};'"));
        }
        rest = &after[semi + 1..];
    }
    Ok(())
}

#[test]
fn the_checker_catches_what_is_not_xml() {
    assert_eq!(well_formed("<svg><g/></svg>").unwrap(), "svg");
    for bad in [
        "<svg><g></svg>",
        "<svg x=1/>",
        "<svg>a & b</svg>",
        "<svg></svg><svg/>",
        "<svg x=\"1\" x=\"2\"/>",
        "<svg>",
        "<svg a=\"<\"/>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

/// The picture of `state` with no move and with each of its first moves drawn.
fn check_pictures<G: Game>(state: &G) {
    let check = |text: String| {
        let root = well_formed(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", G::NAME));
        assert_eq!(root, "svg", "{}", G::NAME);
    };
    check(state.svg(None));
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    moves.extend(outcomes.iter().map(|&(m, _)| m));
    for &m in moves.iter().take(8) {
        check(state.svg(Some(m)));
    }
}

#[test]
fn every_game_draws_well_formed_svg_along_a_game() {
    for &kind in GameKind::ALL {
        with_game!(kind, G => {
            let mut state = G::start(&GameOptions::new()).unwrap();
            // Every fifth position of a game that always takes the last move listed.
            for ply in 0..400 {
                if ply % 5 == 0 {
                    check_pictures(&state);
                }
                let mv = match state.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let mut out = Vec::new();
                        state.chance_outcomes(&mut out);
                        out[ply % out.len()].0
                    }
                    Turn::Player(_) => {
                        let mut out = Vec::new();
                        state.legal_moves(&mut out);
                        out[out.len() - 1 - ply % out.len()]
                    }
                };
                state.play(mv);
            }
            check_pictures(&state);
        });
    }
}

#[test]
fn checkers_draws_two_to_six_players() {
    for players in 2..=6 {
        let options = GameOptions::new().with("players", &players.to_string());
        let state = tabula::games::checkers::Checkers::start(&options).unwrap();
        let text = state.svg(None);
        well_formed(&text).unwrap();
        assert!(text.contains(&format!("player {players}: 0")), "{text}");
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_commands_write_pictures() {
    let read = |path: &std::path::Path| {
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(well_formed(&text).unwrap(), "svg");
        text
    };
    for &kind in GameKind::ALL {
        let path = temp(&format!("show-{}.svg", kind.name()));
        ok(&["show", kind.name(), "--svg", path.to_str().unwrap()]);
        read(&path);
    }
    // The best move is an arrow: a polygon (its head) the plain position does not have.
    let plain = temp("plain.svg");
    ok(&["show", "onitama", "--svg", plain.to_str().unwrap()]);
    let best = temp("best.svg");
    ok(&[
        "best",
        "onitama",
        "--depth",
        "3",
        "--svg",
        best.to_str().unwrap(),
    ]);
    assert!(read(&best).matches("<polygon").count() > read(&plain).matches("<polygon").count());
    let chain = temp("chain.svg");
    ok(&[
        "chain",
        "--moves",
        "e6-e4",
        "--svg",
        chain.to_str().unwrap(),
    ]);
    assert!(read(&chain).contains("<polygon"));
    // The solitaire line's first move too (it was drawn before the search, with no move).
    let solitaire = temp("solitaire.svg");
    ok(&[
        "chain",
        "--solitaire",
        "--long",
        "--svg",
        solitaire.to_str().unwrap(),
    ]);
    assert!(read(&solitaire).contains("<polygon"));
    let solve = temp("solve.svg");
    ok(&[
        "solve",
        "onitama",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "--svg",
        solve.to_str().unwrap(),
    ]);
    assert!(read(&solve).contains("<polygon"));
    let record = temp("game.jsonl");
    let _ = std::fs::remove_file(&record);
    ok(&[
        "arena",
        "senet",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "2",
        "--out",
        record.to_str().unwrap(),
    ]);
    let replay = temp("replay.svg");
    ok(&[
        "replay",
        record.to_str().unwrap(),
        "--ply",
        "3",
        "--svg",
        replay.to_str().unwrap(),
    ]);
    read(&replay);
    fails(
        &["show", "senet", "--svg", "/nonexistent/dir/x.svg"],
        "/nonexistent/dir/x.svg: cannot write: no directory '/nonexistent/dir'",
    );
    // A file that exists in a directory that takes no new file: the message names the file it
    // could not make (it said "No such file or directory" of a file that exists).
    if std::path::Path::new("/proc/version").exists() {
        fails(
            &["show", "senet", "--svg", "/proc/version"],
            "cannot create '/proc/version.partial'",
        );
    }
}

/// The canvas grows to hold its text: a status line longer than the board (a Big Bang pool, a
/// small map's legend) was cut off at the board's right edge.
#[test]
fn the_canvas_is_wide_enough_for_its_text() {
    use tabula::svg::{Anchor, Svg};
    let width = |svg: &str| -> f64 {
        let at = svg.find(" width=\"").unwrap() + 8;
        svg[at..svg[at..].find('"').unwrap() + at].parse().unwrap()
    };
    let mut svg = Svg::new(100.0, 50.0);
    svg.text(10.0, 20.0, 10.0, Anchor::Start, "#000", &"x".repeat(40));
    let wide = svg.finish();
    assert!(width(&wide) >= 10.0 + 40.0 * 10.0 * 0.5, "{wide}");
    assert!(wide.contains("<rect x=\"0\" y=\"0\" width=\"") && well_formed(&wide).is_ok());
    // Text that fits leaves the canvas as it was.
    let mut svg = Svg::new(100.0, 50.0);
    svg.text(10.0, 20.0, 10.0, Anchor::Start, "#000", "short");
    assert_eq!(width(&svg.finish()), 100.0);
}

/// A move's arrow in Big Bang and Amidakuji lies under the pieces, so that it covers none of
/// their letters or numbers: the arrow (the move's green shapes) is drawn before every piece's
/// text (white on Amidakuji's markers, dark or light on Big Bang's counters).
#[test]
fn an_arrow_lies_under_the_pieces() {
    let cases = [
        (
            "bigbang",
            "11/4a6/3feF5/E5dA3/3eB2gb2/2FcDhCHf2/1CB8/3bDadc3/2AG1E5/11/11 d",
            &["\"#333\">", "\"#f5f0e4\">"][..],
        ),
        (
            "amidakuji",
            "6x8 rna2b1,rna3b3,bna6b5,bna7b7,rna8b8,rnb2c3,bnb4c4,rnc2d1,rnc5d6,rlc6d4,bnc7d8,\
             rnd2e1,bld3e5,bnd7e6,bne2f2,bne3f4,bne4f3,rne7f7 a3x,d2x,- a7x,f3x,- move b",
            &["fill=\"white\">"][..],
        ),
    ];
    for (game, position, piece_text) in cases {
        let kind = GameKind::from_name(game).unwrap();
        with_game!(kind, G => {
            let state = G::from_notation(position, &GameOptions::new()).unwrap();
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut arrows = 0;
            for &m in &moves {
                let text = state.svg(Some(m));
                let lines: Vec<&str> = text.lines().collect();
                let Some(arrow) = lines
                    .iter()
                    .position(|l| l.starts_with("<polygon") && l.contains("#1a9641"))
                else {
                    continue;
                };
                let first_piece = lines
                    .iter()
                    .position(|l| piece_text.iter().any(|p| l.contains(p)))
                    .unwrap();
                let name = state.move_notation(m);
                assert!(arrow < first_piece, "{game} {name}: the arrow is over the pieces");
                arrows += 1;
            }
            assert!(arrows > 0, "{game}: no move drew an arrow");
        });
    }
}
