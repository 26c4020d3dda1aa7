//! The panel below the board: one row per seat with its army, player, team,
//! score and clock; the row of the army to move is lit and carries the dice.

use image::RgbImage;
use seance_engine::Phase;
use seance_engine::view::{BoardView, Figure, PieceState, SeatView};

use crate::art::{self, Art};
use crate::layout::{Bounds, Layout, pips};
use crate::paint::{self, Text};
use crate::players::{Player, clock_text};
use crate::theme::{Inks, Style};

/// Draws the panel of `view`, naming the seats after `players` (in seating order).
pub(crate) fn draw(
    canvas: &mut RgbImage,
    view: &BoardView,
    players: &[Player],
    layout: &Layout,
    style: &Style,
) {
    let panel = &view.panel;
    let teams = panel
        .seats
        .iter()
        .any(|s| panel.seats.iter().filter(|t| t.team == s.team).count() > 1);
    let nobody = Player::default();
    for (index, seat) in panel.seats.iter().enumerate() {
        let player = players.get(index).unwrap_or(&nobody);
        let to_move = panel.phase != Phase::Over && panel.army == Some(seat.color);
        let dice = if to_move { panel.dice.as_slice() } else { &[] };
        let row = Row {
            index,
            seat,
            player,
            to_move,
            dice,
            team: teams.then_some(seat.team.0),
            frozen: frozen(view, seat),
            score: score(view, index),
            result: result(view, index),
        };
        row.draw(canvas, layout, style);
    }
}

/// Whether the seat's army is out of play: every piece it has left is
/// frozen, or it has none.
fn frozen(view: &BoardView, seat: &SeatView) -> bool {
    view.pieces
        .iter()
        .filter(|p| p.color == seat.color)
        .all(|p| p.state == PieceState::Frozen)
}

/// The seat's score, final once the game is over.
fn score(view: &BoardView, index: usize) -> Option<i32> {
    let final_scores = view.panel.outcome.as_ref().map(|o| &o.scores);
    match final_scores {
        Some(scores) if !scores.is_empty() => scores.get(index).copied(),
        _ => view.panel.scores.get(index).copied(),
    }
}

/// A star for a winner, a half for everyone in a drawn game.
fn result(view: &BoardView, index: usize) -> Option<&'static str> {
    let outcome = view.panel.outcome.as_ref()?;
    if outcome.winners.is_empty() {
        Some("½")
    } else {
        outcome
            .winners
            .iter()
            .any(|w| w.index() == index)
            .then_some("★")
    }
}

/// What one seat's row shows.
struct Row<'a> {
    index: usize,
    seat: &'a SeatView,
    player: &'a Player,
    to_move: bool,
    dice: &'a [u8],
    team: Option<u8>,
    frozen: bool,
    score: Option<i32>,
    result: Option<&'static str>,
}

impl Row<'_> {
    fn draw(&self, canvas: &mut RgbImage, layout: &Layout, style: &Style) {
        let colors = style.theme.colors();
        let bounds = layout.seat_row(self.index);
        let Bounds {
            x,
            y,
            width,
            height,
        } = bounds;
        let mid = y as f32 + height as f32 / 2.0;
        let font = layout.font;
        if self.to_move {
            let r = height as f32 * 0.2;
            let rect = (x as f32, y as f32 + 2.0, width as f32, height as f32 - 4.0);
            paint::rounded(canvas, rect, r, colors.turn_row);
        }
        let text = Text {
            font: art::regular(),
            size: font,
            color: colors.text,
        };
        let bold = Text {
            font: art::bold(),
            ..text
        };
        let faint = Text {
            color: colors.faint,
            ..text
        };
        let mut left = x as f32 + font * 0.4;
        if self.to_move {
            text.draw(canvas, left, mid, "▶");
        }
        left += font * 1.2;
        // The army: its king in its colour.
        let icon = (height as f32 * 0.92) as u32;
        let inks = style.palette.inks(self.seat.color, self.frozen);
        let king = art::inked(Art::Figure(Figure::King), icon, inks);
        paint::stamp(canvas, &king, left as i32, (mid - icon as f32 / 2.0) as i32);
        left += icon as f32 + font * 0.4;
        if let Some(team) = self.team {
            let tag = ["I", "II", "III", "IV"][usize::from(team) % 4];
            let w = faint.width("II").max(faint.width(tag)) + font * 0.6;
            let h = font * 1.3;
            let pill = (left, mid - h / 2.0, w, h);
            paint::rounded(canvas, pill, h / 2.0, colors.faint);
            let inside = Text {
                color: colors.background,
                ..bold
            };
            inside.centred(canvas, left + w / 2.0, mid, tag);
            left += w + font * 0.5;
        }
        if self.player.spirit {
            let ink = Inks {
                body: colors.text,
                lines: colors.background,
                halo: colors.background,
            };
            let ghost = art::inked(Art::Spirit, (font * 1.4) as u32, ink);
            paint::stamp(canvas, &ghost, left as i32, (mid - font * 0.7) as i32);
            left += font * 1.6;
        }
        // From the right: dice, result, clock, score.
        let gap = font * 0.6;
        let mut right = layout.dice_left(self.index, self.dice.len()) as f32 - gap;
        for (i, &value) in self.dice.iter().enumerate() {
            die(
                canvas,
                layout.die(self.index, i, self.dice.len()),
                value,
                style,
            );
        }
        let mut right_aligned = |canvas: &mut RgbImage, pen: &Text, words: &str| {
            let w = pen.width(words);
            pen.draw(canvas, right - w, mid, words);
            right -= w + gap;
        };
        if let Some(result) = self.result {
            right_aligned(canvas, &bold, result);
        }
        if let Some(clock) = self.player.clock {
            right_aligned(canvas, &text, &clock_text(clock));
        }
        if let Some(score) = self.score {
            right_aligned(canvas, &bold, &score.to_string());
        }
        let name = self.name(&text, right - left);
        let pen = if self.frozen { &faint } else { &text };
        pen.draw(canvas, left, mid, &name);
    }

    /// The player's name, or the army's colour, cut to fit `room` pixels.
    /// Characters the font lacks become `?` rather than empty boxes.
    fn name(&self, pen: &Text, room: f32) -> String {
        let given = self.player.name.as_str();
        let name: String = if given.is_empty() {
            let color = self.seat.color.name();
            color[..1].to_uppercase() + &color[1..]
        } else {
            given
                .chars()
                .map(|c| if pen.has(c) { c } else { '?' })
                .collect()
        };
        if pen.width(&name) <= room {
            return name;
        }
        let mut chars: Vec<char> = name.chars().collect();
        while !chars.is_empty() && pen.width(&format!("{}…", String::from_iter(&chars))) > room {
            chars.pop();
        }
        format!("{}…", String::from_iter(chars).trim_end())
    }
}

/// A die showing `value` in pips.
fn die(canvas: &mut RgbImage, bounds: Bounds, value: u8, style: &Style) {
    let colors = style.theme.colors();
    let side = bounds.width as f32;
    let (x, y) = (bounds.x as f32, bounds.y as f32);
    let edge = (side / 16.0).max(1.0);
    paint::rounded(canvas, (x, y, side, side), side * 0.18, colors.die_pip);
    let inner = (x + edge, y + edge, side - 2.0 * edge, side - 2.0 * edge);
    paint::rounded(canvas, inner, side * 0.16, colors.die_face);
    for &(fx, fy) in pips(value) {
        paint::disc(
            canvas,
            (x + fx * side, y + fy * side),
            side * 0.09,
            colors.die_pip,
        );
    }
}
