//! Painting on an RGB canvas: rectangles, soft shapes, sprites and text.
//! Everything clips at the canvas edge.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{Rgb as Pixel, RgbImage};
use imageproc::drawing::draw_text_mut;

use crate::art::Inked;
use crate::theme::Rgb;

/// `a * b / 255`, rounded, for bytes.
#[inline]
fn scale(a: u32, b: u32) -> u32 {
    let v = a * b + 128;
    (v + (v >> 8)) >> 8
}

/// Mixes `color` into one pixel by `alpha` (0 to 255).
#[inline]
fn mix(pixel: &mut [u8], color: Rgb, alpha: u32) {
    for (p, c) in pixel.iter_mut().zip(color) {
        *p = (scale(*p as u32, 255 - alpha) + scale(c as u32, alpha)) as u8;
    }
}

/// Calls `paint` with the coordinates and bytes of every pixel of the
/// rectangle from (`x0`, `y0`) to (`x1`, `y1`) (exclusive) that lies on the canvas.
fn each_pixel(
    canvas: &mut RgbImage,
    (x0, y0, x1, y1): (i64, i64, i64, i64),
    mut paint: impl FnMut(u32, u32, &mut [u8]),
) {
    let (width, height) = (canvas.width() as i64, canvas.height() as i64);
    let (x0, x1) = (x0.clamp(0, width), x1.clamp(0, width));
    let (y0, y1) = (y0.clamp(0, height), y1.clamp(0, height));
    if x0 >= x1 {
        return;
    }
    let bytes: &mut [u8] = canvas.as_mut();
    for y in y0..y1 {
        let row = &mut bytes[((y * width + x0) * 3) as usize..((y * width + x1) * 3) as usize];
        for (x, pixel) in (x0..x1).zip(row.chunks_exact_mut(3)) {
            paint(x as u32, y as u32, pixel);
        }
    }
}

/// Fills a rectangle.
pub(crate) fn fill(canvas: &mut RgbImage, x: i32, y: i32, width: u32, height: u32, color: Rgb) {
    let (x, y) = (x as i64, y as i64);
    let bounds = (x, y, x + width as i64, y + height as i64);
    each_pixel(canvas, bounds, |_, _, pixel| pixel.copy_from_slice(&color));
}

/// Tints a rectangle with `color` at `alpha` (0 to 255).
pub(crate) fn tint(
    canvas: &mut RgbImage,
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    color: Rgb,
    alpha: u8,
) {
    let (x, y) = (x as i64, y as i64);
    let bounds = (x, y, x + width as i64, y + height as i64);
    each_pixel(canvas, bounds, |_, _, pixel| {
        mix(pixel, color, alpha as u32)
    });
}

/// Paints a shape given by its opacity (0 to 1) at each pixel centre of the
/// box from (`x0`, `y0`) to (`x1`, `y1`).
fn shape(
    canvas: &mut RgbImage,
    (x0, y0, x1, y1): (f32, f32, f32, f32),
    color: Rgb,
    opacity: impl Fn(f32, f32) -> f32,
) {
    let bounds = (
        x0.floor() as i64,
        y0.floor() as i64,
        x1.ceil() as i64,
        y1.ceil() as i64,
    );
    each_pixel(canvas, bounds, |x, y, pixel| {
        let a = opacity(x as f32 + 0.5, y as f32 + 0.5);
        if a >= 1.0 {
            pixel.copy_from_slice(&color);
        } else if a > 0.0 {
            mix(pixel, color, (a * 255.0).round() as u32);
        }
    });
}

/// A rectangle with rounded corners of `radius`, smooth at the rim; a disc
/// when the radius is half the side.
pub(crate) fn rounded(
    canvas: &mut RgbImage,
    (x, y, width, height): (f32, f32, f32, f32),
    radius: f32,
    color: Rgb,
) {
    let (cx, cy) = (x + width / 2.0, y + height / 2.0);
    let (hx, hy) = (width / 2.0 - radius, height / 2.0 - radius);
    shape(canvas, (x, y, x + width, y + height), color, |px, py| {
        let (dx, dy) = (
            ((px - cx).abs() - hx).max(0.0),
            ((py - cy).abs() - hy).max(0.0),
        );
        radius + 0.5 - (dx * dx + dy * dy).sqrt()
    });
}

/// A disc of `radius` around (`cx`, `cy`).
pub(crate) fn disc(canvas: &mut RgbImage, (cx, cy): (f32, f32), radius: f32, color: Rgb) {
    let d = 2.0 * radius;
    rounded(canvas, (cx - radius, cy - radius, d, d), radius, color);
}

/// A soft glow from the centre of the square at (`x`, `y`) of `side`,
/// fading out towards its corners.
pub(crate) fn glow(canvas: &mut RgbImage, (x, y): (f32, f32), side: f32, color: Rgb) {
    let (cx, cy, radius) = (x + side / 2.0, y + side / 2.0, side * 0.72);
    shape(canvas, (x, y, x + side, y + side), color, |px, py| {
        let t = (1.0 - ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() / radius).max(0.0);
        0.9 * t * (2.0 - t)
    });
}

/// Lays an inked sprite with its top-left corner at (`x`, `y`).
pub(crate) fn stamp(canvas: &mut RgbImage, sprite: &Inked, x: i32, y: i32) {
    let n = sprite.size as i32;
    let (width, height) = (canvas.width() as i32, canvas.height() as i32);
    let columns = (x.max(0) - x)..(n.min(width - x));
    for sy in (y.max(0) - y)..n.min(height - y) {
        let row = &sprite.pixels[(sy * n) as usize..][..n as usize];
        let start = (((y + sy) * width + x + columns.start) * 3) as usize;
        let line = &mut canvas.as_mut()[start..];
        for (pixel, &[r, g, b, a]) in line
            .chunks_exact_mut(3)
            .zip(&row[columns.start as usize..columns.end as usize])
        {
            match a {
                0 => {}
                255 => pixel.copy_from_slice(&[r, g, b]),
                _ => {
                    let keep = 255 - a as u32;
                    for (p, c) in pixel.iter_mut().zip([r, g, b]) {
                        *p = (scale(*p as u32, keep) + c as u32).min(255) as u8;
                    }
                }
            }
        }
    }
}

/// A run of text at one size in one font.
pub(crate) struct Text<'a> {
    pub font: &'a FontRef<'static>,
    pub size: f32,
    pub color: Rgb,
}

impl Text<'_> {
    /// The width of `text` in pixels.
    pub fn width(&self, text: &str) -> f32 {
        let font = self.font.as_scaled(PxScale::from(self.size));
        text.chars().map(|c| font.h_advance(font.glyph_id(c))).sum()
    }

    /// Draws `text` with its left end at `x`, centred on the line `y`.
    pub fn draw(&self, canvas: &mut RgbImage, x: f32, y: f32, text: &str) {
        let font = self.font.as_scaled(PxScale::from(self.size));
        // Centre the height of capitals (and Cyrillic capitals) on the line.
        let top = y - font.ascent() + self.size * 0.36;
        draw_text_mut(
            canvas,
            Pixel(self.color),
            x.round() as i32,
            top.round() as i32,
            PxScale::from(self.size),
            self.font,
            text,
        );
    }

    /// Draws `text` centred on (`x`, `y`).
    pub fn centred(&self, canvas: &mut RgbImage, x: f32, y: f32, text: &str) {
        self.draw(canvas, x - self.width(text) / 2.0, y, text);
    }

    /// Whether the font draws `c` (rather than an empty box).
    pub fn has(&self, c: char) -> bool {
        self.font.glyph_id(c).0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_clip_at_the_edge_and_blend() {
        let mut canvas = RgbImage::from_pixel(10, 10, Pixel([0, 0, 0]));
        disc(&mut canvas, (0.0, 0.0), 4.0, [255, 255, 255]);
        rounded(&mut canvas, (8.0, 8.0, 10.0, 10.0), 1.0, [255, 0, 0]);
        assert_eq!(canvas.get_pixel(0, 0).0, [255, 255, 255]);
        assert_eq!(canvas.get_pixel(9, 9).0, [255, 0, 0]);
        assert_eq!(canvas.get_pixel(5, 5).0, [0, 0, 0]);
        tint(&mut canvas, 4, 4, 2, 2, [255, 255, 255], 128);
        assert_eq!(canvas.get_pixel(5, 5).0, [128, 128, 128]);
    }
}
