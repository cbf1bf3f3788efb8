//! Text forms of positions and moves (`docs/rules/amidakuji.md`, section 3), read with full
//! checks so the engine can trust every state it holds.
//!
//! Position: `<N>x<R> <bridges> <red> <blue> <phase> <to-move>`, such as
//! `6x8 rna2b3,bla4b6 a^,c4x',- b_,R,- move r`. The project's canonical form (what
//! [`write_position`] prints and `docs/amidakuji-notation.md` describes): bridges sorted by left
//! node (column, then row); the `'` mark appears only in phase `move` and never on an arrived
//! marker. Supply in phase `place` is the unplaced rest of each player's bridges, and blocked start
//! points are the ends where enemy markers stand, so neither needs a field.

use crate::error::Error;
use crate::game::Game;

use super::board::{col_letter, Dims, Node, Point};
use super::bridges::{Bridge, Kind, Ladder, Span};
use super::markers::{Marker, Place};
use super::{Amidakuji, Move, Phase, BLUE, RED};

/// Reads a column letter on a board of `dims`.
fn column(c: char, dims: Dims, what: &str) -> Result<u8, String> {
    let col = (c as u32).wrapping_sub('a' as u32);
    if !c.is_ascii_lowercase() || col >= dims.cols as u32 {
        return Err(format!(
            "{what}: column '{c}' is not on a {dims} board (a to {})",
            col_letter(dims.cols - 1)
        ));
    }
    Ok(col as u8)
}

/// Reads a node such as `c4`; returns it and the rest of the text.
fn node(text: &str, dims: Dims, what: &str) -> Result<(Node, usize), String> {
    let mut chars = text.chars();
    let c = chars
        .next()
        .ok_or_else(|| format!("{what}: missing node"))?;
    let col = column(c, dims, what)?;
    let digits: String = text[1..]
        .chars()
        .take_while(|d| d.is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return Err(format!("{what}: node '{text}' has no row number"));
    }
    let row: u32 = digits
        .parse()
        .map_err(|_| format!("{what}: bad row in '{text}'"))?;
    if row == 0 || row > dims.rows as u32 {
        return Err(format!(
            "{what}: row {row} is not on a {dims} board (1 to {})",
            dims.rows
        ));
    }
    Ok((Node::new(col, row as u8 - 1), 1 + digits.len()))
}

/// Reads a point: `c^`, `c_` or a node; returns it and the rest of the text.
fn point(text: &str, dims: Dims, what: &str) -> Result<(Point, usize), String> {
    let mut chars = text.chars();
    let c = chars
        .next()
        .ok_or_else(|| format!("{what}: missing point"))?;
    match chars.next() {
        Some('^') => Ok((Point::Top(column(c, dims, what)?), 2)),
        Some('_') => Ok((Point::Bottom(column(c, dims, what)?), 2)),
        _ => {
            let (n, len) = node(text, dims, what)?;
            Ok((Point::Node(n), len))
        }
    }
}

/// Reads a span `<kind><from><to>` such as `na2b3` (shape checked, not freedom); messages quote
/// it as `shown`, the text as the person typed it (a position's bridge has its owner before it).
fn span(text: &str, shown: &str, dims: Dims, what: &str) -> Result<Span, String> {
    let kind = match text.chars().next() {
        Some('n') => Kind::Normal,
        Some('l') => Kind::Long,
        _ => {
            return Err(format!(
                "{what} '{shown}': a bridge starts with its kind, n (normal) or l (long)"
            ))
        }
    };
    let rest = &text[1..];
    let (a, len) = node(rest, dims, what)?;
    let (b, len2) = node(&rest[len..], dims, what)?;
    if len + len2 != rest.len() {
        return Err(format!(
            "{what} '{shown}': unexpected text after the second node"
        ));
    }
    if b.col() != a.col() + 1 {
        return Err(format!(
            "{what} '{shown}': a bridge joins neighbouring columns, left column first"
        ));
    }
    let dr = b.row() as i8 - a.row() as i8;
    if !kind.allows(dr) {
        return Err(match kind {
            Kind::Normal => format!("{what} '{shown}': a normal bridge spans 0 or 1 row"),
            Kind::Long => format!("{what} '{shown}': the long bridge spans exactly 2 rows"),
        });
    }
    Ok(Span {
        kind,
        left: a,
        right: b,
    })
}

fn marker(text: &str, dims: Dims, what: &str) -> Result<Marker, String> {
    let (body, moved) = match text.strip_suffix('\'') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let m = match body {
        "-" => Marker {
            place: Place::Off,
            cross: false,
            moved,
        },
        "R" => Marker {
            place: Place::Reserve,
            cross: false,
            moved,
        },
        _ => {
            let (p, len) = point(body, dims, what)?;
            let tail = &body[len..];
            let cross = match (p, tail) {
                (Point::Node(_), "s") => false,
                (Point::Node(_), "x") => true,
                (Point::Node(_), _) => {
                    return Err(format!(
                        "{what} '{text}': a marker on a node needs its arrow, s or x"
                    ))
                }
                (_, "") => false,
                _ => return Err(format!("{what} '{text}': unexpected '{tail}'")),
            };
            Marker {
                place: Place::At(p),
                cross,
                moved,
            }
        }
    };
    if m.place == Place::Off && moved {
        return Err(format!(
            "{what} '{text}': the inactive third marker cannot be marked '"
        ));
    }
    Ok(m)
}

fn markers(text: &str, dims: Dims, name: &str) -> Result<[Marker; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 3 {
        return Err(format!(
            "{name} markers '{text}': need 3 comma-separated markers, found {}",
            parts.len()
        ));
    }
    let mut out = [Marker::OFF; 3];
    for (i, p) in parts.iter().enumerate() {
        out[i] = marker(p, dims, &format!("{name} marker {}", i + 1))?;
    }
    Ok(out)
}

/// Reads a board size and a bridge list (the first two fields of a position).
fn layout(size: &str, list: &str) -> Result<Ladder, String> {
    let dims = Dims::parse(size)?;
    let mut ladder = Ladder::new(dims);
    if list != "-" {
        for b in list.split(',') {
            let owner = match b.chars().next() {
                Some('r') => 0,
                Some('b') => 1,
                _ => return Err(format!("bridge '{b}': it starts with its owner, r or b")),
            };
            let s = span(&b[1..], b, dims, "bridge")?;
            for n in [s.left, s.right] {
                if ladder.occupied().has(n) {
                    return Err(format!("bridge '{b}': node {n} already touches a bridge"));
                }
            }
            ladder.add(Bridge {
                owner,
                kind: s.kind,
                left: s.left,
                right: s.right,
            });
        }
    }
    for owner in 0..2u8 {
        let name = if owner == 0 { "red" } else { "blue" };
        if ladder.count(owner, Kind::Long) > 1 {
            return Err(format!("{name} has more than 1 long bridge"));
        }
        let max = dims.normal_per_player();
        if ladder.count(owner, Kind::Normal) > max {
            return Err(format!(
                "{name} has more than {max} normal bridges on a {dims} board"
            ));
        }
    }
    Ok(ladder)
}

/// Reads a bridge layout for the puzzle: a whole position, or just its first two fields
/// (`6x8 rna2b3,bla4b6`).
pub fn parse_layout(text: &str) -> Result<Ladder, Error> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields.len() {
        1 => layout(fields[0], "-").map_err(Error::position),
        2 => layout(fields[0], fields[1]).map_err(Error::position),
        _ => parse_position(text, 1).map(|g| g.ladder),
    }
}

/// Writes a layout as `<N>x<R> <bridges>`.
pub fn write_layout(ladder: &Ladder) -> String {
    let bridges: Vec<String> = ladder.bridges().map(|b| b.to_string()).collect();
    let list = if bridges.is_empty() {
        "-".to_string()
    } else {
        bridges.join(",")
    };
    format!("{} {list}", ladder.dims)
}

/// Reads and checks a position.
pub fn parse_position(text: &str, ply_limit: u32) -> Result<Amidakuji, Error> {
    parse(text, ply_limit).map_err(Error::position)
}

fn parse(text: &str, ply_limit: u32) -> Result<Amidakuji, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(format!(
            "expected 6 fields '<N>x<R> <bridges> <red> <blue> <phase> <to-move>', found {}",
            fields.len()
        ));
    }
    let ladder = layout(fields[0], fields[1])?;
    let dims = ladder.dims;
    let red = markers(fields[2], dims, "red")?;
    let blue = markers(fields[3], dims, "blue")?;
    let phase = match fields[4] {
        "place" => Phase::Place,
        "start" => Phase::Start,
        "move" => Phase::Move,
        "reloc0" => Phase::Reloc(0),
        "reloc1" => Phase::Reloc(1),
        "reloc2" => Phase::Reloc(2),
        "reloc3" => Phase::Reloc(3),
        p => {
            return Err(format!(
                "unknown phase '{p}' (place, start, move, reloc0 to reloc3)"
            ))
        }
    };
    let to_move = match fields[5] {
        "r" => RED,
        "b" => BLUE,
        t => return Err(format!("to-move '{t}' is not r or b")),
    };
    let mut g = Amidakuji::new(dims, ply_limit);
    g.ladder = ladder;
    g.markers = [red, blue];
    g.phase = phase;
    g.to_move = to_move;
    check(&g)?;
    g.hash = g.hash_from_scratch();
    Ok(g)
}

/// The players' names by seat, as the error messages spell them.
const NAMES: [&str; 2] = ["red", "blue"];

/// The consistency checks of a position: the rules' invariants of every reachable state.
fn check(g: &Amidakuji) -> Result<(), String> {
    for seat in 0..2 {
        check_marker_marks(g, seat)?;
        check_no_shared_point(g, seat)?;
    }
    match g.phase {
        Phase::Place => check_place_phase(g),
        Phase::Start => check_start_phase(g),
        Phase::Move | Phase::Reloc(_) => check_play_phase(g),
    }
}

/// Each of `seat`'s markers on a node stands on a bridge's end, and only markers still in play in
/// phase move carry the `'` mark.
fn check_marker_marks(g: &Amidakuji, seat: usize) -> Result<(), String> {
    let name = NAMES[seat];
    for (i, m) in g.markers[seat].iter().enumerate() {
        if let Place::At(Point::Node(n)) = m.place {
            if g.ladder.partner(n).is_none() {
                return Err(format!(
                    "{name} marker {} stands on {n}, which has no bridge",
                    i + 1
                ));
            }
        }
        if m.moved && (g.phase != Phase::Move || m.arrived(seat)) {
            return Err(format!(
                "{name} marker {}: ' (moved) is only for markers still in play in phase move",
                i + 1
            ));
        }
    }
    Ok(())
}

/// No marker of `seat` shares its point with an enemy marker.
fn check_no_shared_point(g: &Amidakuji, seat: usize) -> Result<(), String> {
    for m in &g.markers[seat] {
        if let Place::At(p) = m.place {
            if g.markers[1 - seat].iter().any(|e| e.place == Place::At(p)) {
                return Err(format!("red and blue markers share {p}"));
            }
        }
    }
    Ok(())
}

/// Phase place: no marker is out yet, the player to move can place a bridge, and while both can
/// the turn follows from the bridges placed so far.
fn check_place_phase(g: &Amidakuji) -> Result<(), String> {
    if !g.markers.iter().flatten().all(|m| m.place == Place::Off) {
        return Err("in phase place every marker is '-'".into());
    }
    if !g.can_place(g.to_move) {
        return Err(format!(
            "{} is to place a bridge but cannot place any",
            NAMES[g.to_move]
        ));
    }
    if g.can_place(1 - g.to_move) {
        check_place_turn(g)?;
    }
    Ok(())
}

/// While both can place they have alternated from Red's first bridge (a player who cannot place
/// never can again), so the counts fix who is to move.
fn check_place_turn(g: &Amidakuji) -> Result<(), String> {
    let placed = |s: u8| g.ladder.bridges().filter(|b| b.owner == s).count();
    let (r, b) = (placed(0), placed(1));
    let expect = if r == b {
        RED
    } else if r == b + 1 {
        BLUE
    } else {
        return Err(format!(
            "red has placed {r} bridges and blue {b}, but both can still place: \
             they alternate from Red's first"
        ));
    };
    if g.to_move != expect {
        return Err(format!("phase place: {} is to place", NAMES[expect]));
    }
    Ok(())
}

/// Phase start: every bridge is down, markers stand on their own start points, and Red places
/// both before Blue places any.
fn check_start_phase(g: &Amidakuji) -> Result<(), String> {
    if g.can_place(RED) || g.can_place(BLUE) {
        return Err("phase start while a player can still place a bridge".into());
    }
    let mut placed = [0usize; 2];
    for (seat, count) in placed.iter_mut().enumerate() {
        *count = start_markers(g, seat)?;
    }
    let expect = if placed[RED] < 2 { RED } else { BLUE };
    if (placed[RED] < 2 && placed[BLUE] > 0) || placed[BLUE] == 2 {
        return Err("phase start: Red places both markers, then Blue".into());
    }
    if g.to_move != expect {
        return Err(format!(
            "phase start: {} is to place a marker",
            NAMES[expect]
        ));
    }
    Ok(())
}

/// Checks `seat`'s markers in phase start and returns how many are placed: the third is off,
/// marker 1 goes first, each on an own start point, the two on different ends.
fn start_markers(g: &Amidakuji, seat: usize) -> Result<usize, String> {
    let ms = &g.markers[seat];
    if ms[2].place != Place::Off {
        return Err(format!(
            "{}'s third marker is '-' in phase start",
            NAMES[seat]
        ));
    }
    let mut placed = 0;
    for (i, m) in ms[..2].iter().enumerate() {
        match m.place {
            Place::Off => {}
            Place::At(p) if p == super::markers::own_end(seat, end_col(p)) => {
                if i == 1 && ms[0].place == Place::Off {
                    return Err(format!(
                        "{} places marker 1 before marker 2",
                        NAMES[seat]
                    ));
                }
                placed += 1;
            }
            _ => {
                return Err(format!(
                    "{} marker {}: in phase start markers stand on own start points",
                    NAMES[seat],
                    i + 1
                ))
            }
        }
    }
    if placed == 2 && ms[0].place == ms[1].place {
        return Err(format!(
            "{}'s two markers must start on different ends",
            NAMES[seat]
        ));
    }
    Ok(placed)
}

/// Phases move and reloc: each side's markers fit the play so far, the game is not won twice
/// over, and while it goes on the player to move can act.
fn check_play_phase(g: &Amidakuji) -> Result<(), String> {
    for seat in 0..2 {
        check_play_markers(g, seat)?;
    }
    if g.arrived(RED) >= 2 && g.arrived(BLUE) >= 2 {
        return Err("both players have 2 arrived markers".into());
    }
    if g.winner().is_none() {
        check_play_turn(g)?;
    }
    Ok(())
}

/// After phase start: `seat`'s markers 1 and 2 are in play, the third comes in with the first
/// arrival, and no more than 3 have arrived.
fn check_play_markers(g: &Amidakuji, seat: usize) -> Result<(), String> {
    let name = NAMES[seat];
    let ms = &g.markers[seat];
    if ms[0].place == Place::Off || ms[1].place == Place::Off {
        return Err(format!(
            "{name} markers 1 and 2 are in play after phase start"
        ));
    }
    let arrived = g.arrived(seat);
    if (arrived == 0) != (ms[2].place == Place::Off) {
        return Err(format!(
            "{name}'s third marker is '-' exactly until a first marker arrives"
        ));
    }
    // Three arrive at once when a push slides both markers off the board.
    if arrived > 3 {
        return Err(format!("{name} has {arrived} arrived markers"));
    }
    Ok(())
}

/// In a game not yet won: in phase move the player to move has a marker that may move, and in
/// reloc the relocations alternate Blue, Red, Blue, Red.
fn check_play_turn(g: &Amidakuji) -> Result<(), String> {
    match g.phase {
        Phase::Move if !g.has_movable(g.to_move) => Err(format!(
            "{} is to move a marker but has none that may move this round",
            NAMES[g.to_move]
        )),
        Phase::Reloc(k) => {
            let expect = if k % 2 == 0 { BLUE } else { RED };
            if g.to_move != expect {
                return Err(format!(
                    "in reloc{k} {} relocates (Blue, Red, Blue, Red)",
                    NAMES[expect]
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn end_col(p: Point) -> u8 {
    match p {
        Point::Top(c) | Point::Bottom(c) => c,
        Point::Node(n) => n.col(),
    }
}

fn write_marker(m: &Marker) -> String {
    let mut s = match m.place {
        Place::Off => "-".to_string(),
        Place::Reserve => "R".to_string(),
        Place::At(Point::Node(n)) => format!("{n}{}", if m.cross { 'x' } else { 's' }),
        Place::At(p) => p.to_string(),
    };
    if m.moved {
        s.push('\'');
    }
    s
}

/// Writes a position in canonical form.
pub fn write_position(g: &Amidakuji) -> String {
    let bridges: Vec<String> = g.ladder.bridges().map(|b| b.to_string()).collect();
    let bridges = if bridges.is_empty() {
        "-".to_string()
    } else {
        bridges.join(",")
    };
    let ms = |seat: usize| {
        g.markers[seat]
            .iter()
            .map(write_marker)
            .collect::<Vec<_>>()
            .join(",")
    };
    let phase = match g.phase {
        Phase::Place => "place".to_string(),
        Phase::Start => "start".to_string(),
        Phase::Move => "move".to_string(),
        Phase::Reloc(k) => format!("reloc{k}"),
    };
    format!(
        "{} {bridges} {} {} {phase} {}",
        g.dims(),
        ms(RED),
        ms(BLUE),
        if g.to_move == RED { 'r' } else { 'b' }
    )
}

/// Writes a move as [`parse_move`] reads it in `g`.
pub fn write_move(g: &Amidakuji, mv: Move) -> String {
    match mv {
        Move::Place(s) => s.to_string(),
        Move::Start(c) => super::markers::own_end(g.to_move, c).to_string(),
        Move::Marker { slot, enter, push } => {
            let mut s = (slot + 1).to_string();
            if let Some(c) = enter {
                s.push('@');
                s.push_str(&super::markers::own_end(g.to_move, c).to_string());
            }
            if push {
                s.push('!');
            }
            s
        }
        Move::Relocate { from, to } => {
            let old = g
                .ladder
                .bridge_at(from)
                .map(|b| {
                    Span {
                        kind: b.kind,
                        left: b.left,
                        right: b.right,
                    }
                    .to_string()
                })
                .unwrap_or_else(|| format!("?{from}"));
            format!("{old}>{to}")
        }
        Move::Pass => "pass".to_string(),
    }
}

/// Reads a move and checks it is legal in `g`.
pub fn parse_move(g: &Amidakuji, text: &str) -> Result<Move, Error> {
    let mv = parse_move_syntax(g, text.trim()).map_err(Error::bad_move)?;
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    if legal.contains(&mv) {
        return Ok(mv);
    }
    Err(Error::bad_move(why_illegal(g, mv, text.trim())))
}

fn phase_name(g: &Amidakuji) -> String {
    match g.phase {
        Phase::Place => "place".into(),
        Phase::Start => "start".into(),
        Phase::Move => "move".into(),
        Phase::Reloc(k) => format!("reloc{k}"),
    }
}

fn why_illegal(g: &Amidakuji, mv: Move, text: &str) -> String {
    let who = g.seat_name(g.to_move);
    if g.winner().is_some() {
        return format!("'{text}': the game is over");
    }
    let reason = match (g.phase, mv) {
        (Phase::Place, Move::Place(s)) => {
            if g.supply(g.to_move, s.kind) == 0 {
                format!(
                    "{who} has no {} bridge left",
                    if s.kind == Kind::Long {
                        "long"
                    } else {
                        "normal"
                    }
                )
            } else {
                "a node of it already touches a bridge".to_string()
            }
        }
        (Phase::Start, Move::Start(_)) => "a marker of the mover already starts there".into(),
        (Phase::Move, Move::Marker { slot, enter, push }) => {
            let m = g.markers[g.to_move][slot as usize];
            if !m.active(g.to_move) {
                format!("marker {} is not in play", slot + 1)
            } else if m.moved {
                format!(
                    "marker {} has already moved this round (or waits for the next)",
                    slot + 1
                )
            } else if m.place == Place::Reserve && enter.is_none() {
                format!(
                    "marker {} is in reserve: name its start point, such as {}@a{}",
                    slot + 1,
                    slot + 1,
                    if g.to_move == RED { '^' } else { '_' }
                )
            } else if m.place != Place::Reserve && enter.is_some() {
                format!("marker {} is not in reserve", slot + 1)
            } else if enter.is_some_and(|c| g.blocked(g.to_move, c)) {
                "that start point is blocked by an arrived enemy marker".into()
            } else if push {
                "after this move no two of the mover's markers stand on the ends of one enemy bridge".into()
            } else {
                "not legal".into()
            }
        }
        (Phase::Reloc(_), Move::Relocate { from, to }) => match g.ladder.bridge_at(from) {
            None => format!("no bridge has its left end on {from}"),
            Some(b) if b.owner as usize != g.to_move => format!("{who} may only move own bridges"),
            Some(b) if g.marker_on(b.left) || g.marker_on(b.right) => {
                "a marker stands on an end of that bridge".into()
            }
            Some(b) if b.kind != to.kind => "a relocated bridge keeps its kind".into(),
            Some(b) if b.left == to.left && b.right == to.right => {
                "a bridge may not go back to where it was".into()
            }
            Some(_) => "its new place is not free".into(),
        },
        _ => format!("that kind of move is not played in phase {}", phase_name(g)),
    };
    format!(
        "'{text}' is not legal ({who} to move, phase {}): {reason}",
        phase_name(g)
    )
}

/// Reads a move's text by its form alone (a pass, a relocation, a marker move, a start point or
/// a bridge), checking only what the position must hold for the text to name a move at all.
fn parse_move_syntax(g: &Amidakuji, text: &str) -> Result<Move, String> {
    let dims = g.dims();
    if text == "pass" {
        return Ok(Move::Pass);
    }
    if text.is_empty() {
        return Err("empty move".into());
    }
    if let Some((old, new)) = text.split_once('>') {
        return parse_relocation(g, text, old, new);
    }
    let first = text.chars().next().unwrap_or(' ');
    if first.is_ascii_digit() {
        return parse_marker_move(g, text);
    }
    if text.len() == 2 && (text.ends_with('^') || text.ends_with('_')) {
        let (p, _) = point(text, dims, "start point")?;
        return match (g.to_move, p) {
            (RED, Point::Top(c)) | (BLUE, Point::Bottom(c)) => Ok(Move::Start(c)),
            _ => Err(format!(
                "start point '{text}': {} starts on its own side ({})",
                g.seat_name(g.to_move),
                if g.to_move == RED {
                    "the top, a^.."
                } else {
                    "the bottom, a_.."
                }
            )),
        };
    }
    if first == 'n' || first == 'l' {
        return Ok(Move::Place(span(text, text, dims, "bridge")?));
    }
    Err(format!(
        "'{text}' is not a move (a bridge like na2b3, a start point like a^, a marker like 2 or 2@c_ or 2!, a relocation like na2b3>nc4d4, or pass)"
    ))
}

/// A relocation `old>new` (the whole move is `text`): `old` must be the bridge standing there.
fn parse_relocation(g: &Amidakuji, text: &str, old: &str, new: &str) -> Result<Move, String> {
    let dims = g.dims();
    let old = span(old, old, dims, "relocation")?;
    let to = span(new, new, dims, "relocation")?;
    if let Some(b) = g.ladder.bridge_at(old.left) {
        if b.right != old.right || b.kind != old.kind {
            return Err(format!(
                "relocation '{text}': the bridge at {} is {}",
                old.left,
                Span {
                    kind: b.kind,
                    left: b.left,
                    right: b.right
                }
            ));
        }
    }
    Ok(Move::Relocate { from: old.left, to })
}

/// A marker move: its number 1 to 3, then `@` and an end of the mover's own side where it
/// enters, or `!` for a push.
fn parse_marker_move(g: &Amidakuji, text: &str) -> Result<Move, String> {
    let (body, push) = match text.strip_suffix('!') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let (num, enter) = match body.split_once('@') {
        Some((n, e)) => (n, Some(e)),
        None => (body, None),
    };
    let slot: u8 = match num {
        "1" => 0,
        "2" => 1,
        "3" => 2,
        _ => return Err(format!("marker move '{text}': markers are numbered 1 to 3")),
    };
    let enter = match enter {
        None => None,
        Some(e) => {
            let (p, len) = point(e, g.dims(), "marker move")?;
            if len != e.len() {
                return Err(format!("marker move '{text}': unexpected text after {p}"));
            }
            let own = match (g.to_move, p) {
                (RED, Point::Top(c)) | (BLUE, Point::Bottom(c)) => c,
                _ => {
                    return Err(format!(
                        "marker move '{text}': a marker enters at an end of its own side ({})",
                        if g.to_move == RED { "a^.." } else { "a_.." }
                    ))
                }
            };
            Some(own)
        }
    };
    Ok(Move::Marker { slot, enter, push })
}
