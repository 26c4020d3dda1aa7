//! Pixel tests: the things a player must be able to trust in a picture.

use image::RgbImage;
use seance_engine::view::{BoardView, Figure, Mark, PieceState};
use seance_engine::{Color, Game, GameType, Options, Seat, Start, catalogue, through::Through};

use crate::art::{self, Art};
use crate::layout::{Layout, pips};
use crate::players::Player;
use crate::theme::{FROZEN, Palette, Style, Theme};
use crate::{board, draw};

fn through_after(moves: &[&str]) -> BoardView {
    let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game.board_view()
}

fn pixel(canvas: &RgbImage, x: u32, y: u32) -> [u8; 3] {
    canvas.get_pixel(x, y).0
}

/// The square colour of a cell in `theme` as drawn, read at a corner that no piece covers.
fn corner(canvas: &RgbImage, layout: &Layout, column: i8, row: i8) -> [u8; 3] {
    let cell = layout.cell(column, row);
    pixel(canvas, cell.x + 1, cell.y + 1)
}

#[test]
fn the_last_move_is_highlighted_and_nothing_else() {
    let mut view = through_after(&["e2e3"]);
    // Only the squares of the move matter here, not the queens' danger.
    view.pieces.clear();
    view.highlights.retain(|h| h.mark != Mark::Danger);
    for theme in Theme::ALL {
        let style = Style {
            theme,
            ..Style::default()
        };
        let canvas = draw(&view, &[], &style);
        let layout = Layout::new(&view, &style);
        let colors = theme.colors();
        let (tint, alpha) = colors.last_move;
        let lit = |ground| board::mix(ground, tint, alpha as f32 / 255.0);
        let ground = |column: i8, row: i8| {
            if (column + row) % 2 == 0 {
                colors.dark
            } else {
                colors.light
            }
        };
        for (column, row) in (0..8).flat_map(|c| (0..8).map(move |r| (c, r))) {
            let got = corner(&canvas, &layout, column, row);
            // e2 and e3 are lit.
            if column == 4 && (row == 1 || row == 2) {
                let want = lit(ground(column, row));
                let near = got.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 1);
                assert!(near, "{column},{row}: {got:?}, want {want:?}");
            } else {
                assert_eq!(got, ground(column, row), "{column},{row}");
            }
        }
    }
}

#[test]
fn a_royal_piece_in_danger_glows_red() {
    let mut view = through_after(&[]);
    view.pieces.clear();
    view.highlights = vec![seance_engine::view::Highlight {
        cell: 27,
        mark: Mark::Danger,
    }];
    let style = Style::default();
    let canvas = draw(&view, &[], &style);
    let layout = Layout::new(&view, &style);
    let (x, y) = layout.cell(3, 3).centre();
    let [r, g, b] = pixel(&canvas, x as u32, y as u32);
    assert!(r > 200 && g < 80 && b < 80, "{:?}", [r, g, b]);
    // The glow stays inside its cell.
    assert_eq!(corner(&canvas, &layout, 4, 3), style.theme.colors().light);
}

/// A pixel of a sprite that only its body covers, fully: there a piece shows
/// its body colour exactly.
fn body_pixel(figure: Figure, size: u32) -> (u32, u32) {
    let sprite = art::sprite(Art::Figure(figure), size);
    let i = (0..sprite.body.len())
        .find(|&i| sprite.body[i] == 255 && sprite.lines[i] == 0 && sprite.halo[i] == 255)
        .expect("the figure has a solid body");
    ((i as u32) % size, (i as u32) / size)
}

#[test]
fn a_frozen_piece_is_grey_and_a_live_one_is_in_its_colour() {
    let mut view = through_after(&[]);
    // Freeze White's rook on a1; the one on h1 stays live.
    let a1 = view.pieces.iter().position(|p| p.cell == 0).unwrap();
    view.pieces[a1].state = PieceState::Frozen;
    let style = Style::default();
    let canvas = draw(&view, &[], &style);
    let layout = Layout::new(&view, &style);
    let (dx, dy) = body_pixel(Figure::Rook, layout.cell);
    let at = |column| {
        let cell = layout.cell(column, 0);
        pixel(&canvas, cell.x + dx, cell.y + dy)
    };
    assert_eq!(at(0), FROZEN);
    assert_eq!(at(7), Palette::Standard.army(Color::White));
    let [r, g, b] = at(0);
    assert!(r == g && g == b, "grey has no hue");
}

#[test]
fn the_dice_shown_are_the_dice_rolled() {
    for dice in [[2u8, 1u8], [3, 4], [4, 2], [1, 3]] {
        let mut game =
            catalogue::new_game(GameType::Chaturaji, Start::Setup(None), Options::new()).unwrap();
        game.play_text(&format!("roll {} {}", dice[0], dice[1]))
            .unwrap();
        let view = game.board_view();
        let style = Style::default();
        let canvas = draw(&view, &[], &style);
        let layout = Layout::new(&view, &style);
        let colors = style.theme.colors();
        let row = 0; // Red, the first seat, is to move.
        for (i, &value) in dice.iter().enumerate() {
            let die = layout.die(row, i, dice.len());
            let side = die.width as f32;
            let at = |(fx, fy): (f32, f32)| {
                pixel(
                    &canvas,
                    (die.x as f32 + fx * side) as u32,
                    (die.y as f32 + fy * side) as u32,
                )
            };
            for &spot in pips(value) {
                assert_eq!(at(spot), colors.die_pip, "die {i} shows {value}");
            }
            // Every pip place of a six that this face lacks is blank.
            let blank = pips(6)
                .iter()
                .chain(pips(1))
                .filter(|spot| !pips(value).contains(spot));
            for &spot in blank {
                assert_eq!(at(spot), colors.die_face, "die {i} shows {value}");
            }
        }
        // No third die.
        let beyond = layout.die(row, 0, 3);
        assert_ne!(
            pixel(&canvas, beyond.x + beyond.width / 2, beyond.y + 2),
            colors.die_face
        );
    }
}

#[test]
fn cyrillic_names_render_as_letters() {
    let view = through_after(&[]);
    let style = Style::default();
    let layout = Layout::new(&view, &style);
    let row = layout.seat_row(1);
    let name_area = |name: &str| {
        let players = [Player::default(), Player::named(name)];
        let canvas = draw(&view, &players, &style);
        let mut area = Vec::new();
        for y in row.y..row.y + row.height {
            for x in row.x..row.x + row.width / 2 {
                area.push(pixel(&canvas, x, y));
            }
        }
        area
    };
    let (zhuk, shuk) = (name_area("Жук"), name_area("Шук"));
    let (short, missing) = (name_area("ук"), name_area("\u{10fffd}ук"));
    let background = style.theme.colors().background;
    let ink = |area: &[[u8; 3]]| area.iter().filter(|&&p| p != background).count();
    // Ж and Ш are inked, and differently: a font without Cyrillic would draw
    // the same empty box for both. A character the font lacks shows as `?`.
    assert!(ink(&zhuk) > ink(&short) + 20);
    assert!(zhuk != shuk);
    assert!(zhuk != missing && shuk != missing);
    for c in "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя".chars()
    {
        let text = crate::paint::Text {
            font: art::regular(),
            size: 12.0,
            color: [0; 3],
        };
        assert!(text.has(c), "{c} is missing from the font");
    }
}

#[test]
fn every_seat_sees_its_own_army_at_the_bottom() {
    for id in GameType::ALL {
        let game = catalogue::new_game(id, Start::Setup(None), Options::new()).unwrap();
        let view = game.board_view();
        for (index, seat) in view.panel.seats.iter().enumerate() {
            let style = Style {
                seat: Some(Seat(index as u8)),
                ..Style::default()
            };
            let layout = Layout::new(&view, &style);
            let tops = view.cells.iter().map(|c| layout.cell(c.column, c.row).y);
            let middle = (tops.clone().min().unwrap() + tops.max().unwrap()) / 2;
            for piece in view.pieces.iter().filter(|p| p.color == seat.color) {
                let cell = &view.cells[piece.cell];
                let at = layout.cell(cell.column, cell.row);
                assert!(
                    at.y > middle,
                    "{id}: {} {} drawn high",
                    seat.color,
                    cell.name
                );
            }
        }
    }
}

#[test]
fn a_typical_8x8_picture_is_at_most_80_kb() {
    for id in GameType::ALL {
        let game = catalogue::new_game(id, Start::Setup(None), Options::new()).unwrap();
        let view = game.board_view();
        if view.files != 8 {
            continue;
        }
        let bytes = crate::png(&view, &[], &Style::default());
        assert!(bytes.len() <= 80 * 1024, "{id}: {} bytes", bytes.len());
    }
}

#[test]
fn the_time_left_shows_on_its_row() {
    let view = through_after(&[]);
    let style = Style::default();
    let layout = Layout::new(&view, &style);
    let right_half = |players: &[Player], row: usize| {
        let canvas = draw(&view, players, &style);
        let b = layout.seat_row(row);
        let mut area = Vec::new();
        for y in b.y..b.y + b.height {
            for x in b.x + b.width / 2..b.x + b.width {
                area.push(pixel(&canvas, x, y));
            }
        }
        area
    };
    let on_clock = Player {
        clock: Some(std::time::Duration::from_secs(2 * 86_400 + 5 * 3600)),
        ..Player::default()
    };
    let without = [Player::default(), Player::default()];
    let with = [on_clock, Player::default()];
    assert!(right_half(&with, 0) != right_half(&without, 0));
    assert!(right_half(&with, 1) == right_half(&without, 1));
}
