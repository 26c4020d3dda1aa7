//! Whole pictures: a view drawn onto a canvas, encoded as PNG, and a game's
//! views as an animated GIF replay.

use std::time::Duration;

use image::RgbImage;
use seance_engine::view::BoardView;

use crate::layout::Layout;
use crate::players::Player;
use crate::theme::Style;
use crate::{board, encode, panel};

/// Draws `view` with its seats named after `players` (in seating order).
pub fn draw(view: &BoardView, players: &[Player], style: &Style) -> RgbImage {
    let layout = Layout::new(view, style);
    let background = style.theme.colors().background;
    let pixels = background.repeat((layout.width * layout.height) as usize);
    let mut canvas = RgbImage::from_raw(layout.width, layout.height, pixels)
        .unwrap_or_else(|| unreachable!("the buffer has the picture's size"));
    board::draw(&mut canvas, view, &layout, style);
    panel::draw(&mut canvas, view, players, &layout, style);
    canvas
}

/// The picture of `view` as PNG bytes.
pub fn png(view: &BoardView, players: &[Player], style: &Style) -> Vec<u8> {
    encode_png(&draw(view, players, style))
}

/// PNG bytes of a drawn picture.
pub fn encode_png(canvas: &RgbImage) -> Vec<u8> {
    encode::png(canvas)
}

/// An animated GIF of `views`, one frame each, every frame shown for `delay`
/// and the last one three times as long; it loops. Frames are drawn at
/// seven tenths of the chat size unless `style` sets a size, and after the
/// first each frame holds only the rectangle that changed.
pub fn gif(
    views: &[BoardView],
    players: &[Player],
    style: &Style,
    delay: Duration,
) -> Result<Vec<u8>, gif::EncodingError> {
    let Some(first) = views.first() else {
        return Ok(Vec::new());
    };
    let cell = style
        .cell
        .unwrap_or_else(|| Layout::new(first, style).cell * 7 / 10);
    let style = Style {
        cell: Some(cell),
        ..*style
    };
    let layout = Layout::new(first, &style);
    let side = |pixels: u32| u16::try_from(pixels).unwrap_or(u16::MAX);
    let hundredths = |hold: u32| {
        let hundredths = (delay * hold).as_millis().div_ceil(10);
        u16::try_from(hundredths).unwrap_or(u16::MAX)
    };
    let mut bytes = Vec::new();
    {
        let (width, height) = (side(layout.width), side(layout.height));
        let mut encoder = gif::Encoder::new(&mut bytes, width, height, &[])?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut previous: Option<RgbImage> = None;
        for (i, view) in views.iter().enumerate() {
            let canvas = draw(view, players, &style);
            let (x, y, w, h) = match &previous {
                None => (0, 0, canvas.width(), canvas.height()),
                // Nothing changed (a resignation, say): one pixel holds the time.
                Some(before) => changed(before, &canvas).unwrap_or((0, 0, 1, 1)),
            };
            // Pixels that stay as they were are transparent: they cost
            // next to nothing, and the frame below shows through.
            let mut part = Vec::with_capacity((w * h * 4) as usize);
            for py in y..y + h {
                for px in x..x + w {
                    let pixel = canvas.get_pixel(px, py).0;
                    let same = previous
                        .as_ref()
                        .is_some_and(|p| p.get_pixel(px, py).0 == pixel);
                    part.extend_from_slice(&pixel);
                    part.push(if same { 0 } else { 255 });
                }
            }
            let hold = if i + 1 == views.len() { 3 } else { 1 };
            let mut frame = gif::Frame::from_rgba_speed(side(w), side(h), &mut part, 10);
            (frame.left, frame.top, frame.delay) = (side(x), side(y), hundredths(hold));
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame)?;
            previous = Some(canvas);
        }
    }
    Ok(bytes)
}

/// The smallest rectangle holding every pixel where `after` differs from
/// `before` (left, top, width, height), or `None` when nothing changed.
/// The pictures of one game all have one size.
fn changed(before: &RgbImage, after: &RgbImage) -> Option<(u32, u32, u32, u32)> {
    let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
    for ((x, y, a), b) in after.enumerate_pixels().zip(before.pixels()) {
        if a != b {
            left = left.min(x);
            right = right.max(x);
            top = top.min(y);
            bottom = bottom.max(y);
        }
    }
    (left <= right).then(|| (left, top, right - left + 1, bottom - top + 1))
}
