//! The art: piece pictures (SVG, rasterized once per size and cached as
//! masks) and the fonts. Every file comes from `render/assets/`, whose
//! ASSETS.md names its source and licence.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::FontRef;
use resvg::{tiny_skia, usvg};
use seance_engine::view::Figure;

use crate::theme::Inks;

/// A picture of the art set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Art {
    /// A piece.
    Figure(Figure),
    /// The mark of a seat played by the engine.
    Spirit,
    /// The tower drawn faintly in a Tamerlane citadel.
    Citadel,
}

impl Art {
    /// The SVG source.
    fn svg(self) -> &'static [u8] {
        macro_rules! icon {
            ($name:literal) => {
                include_bytes!(concat!("../assets/icons/", $name, ".svg"))
            };
        }
        match self {
            Art::Figure(figure) => match figure {
                Figure::King => icon!("king"),
                Figure::Queen => icon!("queen"),
                Figure::Rook => icon!("rook"),
                Figure::Bishop => icon!("bishop"),
                Figure::Knight => icon!("knight"),
                Figure::Pawn => icon!("pawn"),
                Figure::Superqueen => icon!("superqueen"),
                Figure::Boat => icon!("boat"),
                Figure::Horse => icon!("horse"),
                Figure::Elephant => icon!("elephant"),
                Figure::General => icon!("general"),
                Figure::Vizier => icon!("vizier"),
                Figure::Picket => icon!("picket"),
                Figure::Giraffe => icon!("giraffe"),
                Figure::Camel => icon!("camel"),
                Figure::WarEngine => icon!("war-engine"),
                Figure::Prince => icon!("prince"),
                Figure::AdventitiousKing => icon!("adventitious-king"),
            },
            Art::Spirit => icon!("spirit"),
            Art::Citadel => icon!("citadel"),
        }
    }
}

/// A picture rasterized at one size, as three coverage masks (row by row,
/// `size` x `size`): the body with its holes filled, the lines inside it
/// (the holes), and a halo around the body that keeps it apart from any square.
pub(crate) struct Sprite {
    pub size: u32,
    pub body: Vec<u8>,
    pub lines: Vec<u8>,
    pub halo: Vec<u8>,
}

/// A sprite inked in its colours, ready to lay on a canvas: premultiplied
/// RGB and opacity per pixel, row by row.
pub(crate) struct Inked {
    pub size: u32,
    pub pixels: Vec<[u8; 4]>,
}

/// A store of things made once and shared.
type Cache<K, V> = OnceLock<Mutex<HashMap<K, Arc<V>>>>;

/// Finds `key` in `cache`, or makes it with `make` and keeps it.
fn cached<K, V>(cache: &Cache<K, V>, key: K, make: impl FnOnce() -> V) -> Arc<V>
where
    K: std::hash::Hash + Eq,
{
    let cache = cache.get_or_init(Default::default);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let made = Arc::new(make());
    if let Ok(mut cache) = cache.lock() {
        cache.insert(key, made.clone());
    }
    made
}

/// The masks of `art` at `size` pixels, rasterized on first use and then shared.
pub(crate) fn sprite(art: Art, size: u32) -> Arc<Sprite> {
    static CACHE: Cache<(Art, u32), Sprite> = OnceLock::new();
    cached(&CACHE, (art, size), || rasterize(art, size))
}

/// `art` at `size` pixels in `inks`, made on first use and then shared: a
/// board is then only copies of these.
pub(crate) fn inked(art: Art, size: u32, inks: Inks) -> Arc<Inked> {
    static CACHE: Cache<(Art, u32, Inks), Inked> = OnceLock::new();
    cached(&CACHE, (art, size, inks), || {
        let sprite = sprite(art, size);
        let layers = [
            (inks.halo, &sprite.halo),
            (inks.body, &sprite.body),
            (inks.lines, &sprite.lines),
        ];
        let pixels = (0..sprite.body.len())
            .map(|i| {
                // Lay the three layers one over the other, premultiplied.
                let mut out = [0.0f32; 4];
                for (color, mask) in layers {
                    let a = mask[i] as f32 / 255.0;
                    for k in 0..3 {
                        out[k] = color[k] as f32 * a + out[k] * (1.0 - a);
                    }
                    out[3] = a + out[3] * (1.0 - a);
                }
                [
                    out[0].round() as u8,
                    out[1].round() as u8,
                    out[2].round() as u8,
                    (out[3] * 255.0).round() as u8,
                ]
            })
            .collect();
        Inked {
            size: sprite.size,
            pixels,
        }
    })
}

/// Draws the SVG into a `size` square, leaving room for the halo, and
/// derives the three masks.
fn rasterize(art: Art, size: u32) -> Sprite {
    let size = size.max(4);
    let halo = (size as f32 / 26.0).max(1.0);
    let n = size as usize;
    let mut coverage = vec![0u8; n * n];
    // The SVGs are ours and are checked by tests: a failure leaves a blank sprite.
    if let (Ok(tree), Some(mut pixmap)) = (
        usvg::Tree::from_data(art.svg(), &usvg::Options::default()),
        tiny_skia::Pixmap::new(size, size),
    ) {
        let inner = size as f32 - 2.0 * halo;
        let scale = inner / tree.size().width().max(tree.size().height());
        let transform = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, halo, halo);
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        for (c, pixel) in coverage.iter_mut().zip(pixmap.pixels()) {
            *c = pixel.alpha();
        }
    }
    let outside = outside(&coverage, n);
    let body: Vec<u8> = coverage
        .iter()
        .zip(&outside)
        .map(|(&c, &out)| if out { c } else { 255 })
        .collect();
    let lines = body.iter().zip(&coverage).map(|(&b, &c)| b - c).collect();
    let halo = dilate(&body, n, halo);
    Sprite {
        size,
        body,
        lines,
        halo,
    }
}

/// Marks the pixels reachable from the border through mostly empty pixels:
/// what is not reachable lies inside the figure.
fn outside(coverage: &[u8], n: usize) -> Vec<bool> {
    let mut seen = vec![false; n * n];
    let mut stack: Vec<usize> = (0..n)
        .flat_map(|i| [i, (n - 1) * n + i, i * n, i * n + n - 1])
        .collect();
    while let Some(i) = stack.pop() {
        if seen[i] || coverage[i] >= 128 {
            continue;
        }
        seen[i] = true;
        let (x, y) = (i % n, i / n);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < n {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - n);
        }
        if y + 1 < n {
            stack.push(i + n);
        }
    }
    // Edge pixels of the figure count as outside too, so their partial
    // coverage keeps the outline smooth.
    let mut near = seen.clone();
    for i in 0..n * n {
        let (x, y) = (i % n, i / n);
        let neighbours = [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ];
        if !seen[i] && neighbours.into_iter().flatten().any(|j| seen[j]) {
            near[i] = true;
        }
    }
    near
}

/// Grows a mask by `radius` pixels, softly at the rim.
fn dilate(mask: &[u8], n: usize, radius: f32) -> Vec<u8> {
    let reach = radius.ceil() as i32 + 1;
    let offsets: Vec<(i32, i32, f32)> = (-reach..=reach)
        .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
        .filter_map(|(dx, dy)| {
            let weight = (radius + 1.0 - ((dx * dx + dy * dy) as f32).sqrt()).clamp(0.0, 1.0);
            (weight > 0.0).then_some((dx, dy, weight))
        })
        .collect();
    let mut out = vec![0u8; n * n];
    for y in 0..n as i32 {
        for x in 0..n as i32 {
            let mut best = 0.0f32;
            for &(dx, dy, weight) in &offsets {
                let (sx, sy) = (x + dx, y + dy);
                if sx >= 0 && sy >= 0 && sx < n as i32 && sy < n as i32 {
                    best = best.max(mask[(sy * n as i32 + sx) as usize] as f32 * weight);
                }
            }
            out[(y * n as i32 + x) as usize] = best as u8;
        }
    }
    out
}

/// DejaVu Sans, for names and coordinates (Latin, Cyrillic and more).
pub(crate) fn regular() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(include_bytes!("../assets/fonts/DejaVuSans.ttf"))
            .expect("the shipped font parses")
    })
}

/// DejaVu Sans Bold, for scores.
pub(crate) fn bold() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf"))
            .expect("the shipped font parses")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIGURES: [Figure; 18] = [
        Figure::King,
        Figure::Queen,
        Figure::Rook,
        Figure::Bishop,
        Figure::Knight,
        Figure::Pawn,
        Figure::Superqueen,
        Figure::Boat,
        Figure::Horse,
        Figure::Elephant,
        Figure::General,
        Figure::Vizier,
        Figure::Picket,
        Figure::Giraffe,
        Figure::Camel,
        Figure::WarEngine,
        Figure::Prince,
        Figure::AdventitiousKing,
    ];

    /// Every figure draws something substantial, with a halo around it, and
    /// no two figures draw the same picture.
    #[test]
    fn every_figure_has_its_own_picture() {
        let sprites: Vec<Arc<Sprite>> = FIGURES
            .iter()
            .map(|&f| sprite(Art::Figure(f), 48))
            .collect();
        for (figure, s) in FIGURES.iter().zip(&sprites) {
            let inked = s.body.iter().filter(|&&b| b > 128).count();
            assert!(inked > 48 * 48 / 8, "{figure:?} covers only {inked} pixels");
            let halo = s.halo.iter().filter(|&&h| h > 128).count();
            assert!(halo > inked, "{figure:?} has no halo");
            // Nothing of the body touches the sprite's edge.
            for i in 0..48 {
                for j in [i, 47 * 48 + i, i * 48, i * 48 + 47] {
                    assert!(s.body[j] < 64, "{figure:?} touches the edge");
                }
            }
        }
        for i in 0..sprites.len() {
            for j in i + 1..sprites.len() {
                let differ = sprites[i]
                    .body
                    .iter()
                    .zip(&sprites[j].body)
                    .filter(|(a, b)| a.abs_diff(**b) > 128)
                    .count();
                assert!(differ > 100, "{:?} looks like {:?}", FIGURES[i], FIGURES[j]);
            }
        }
    }

    #[test]
    fn sprites_are_cached() {
        let a = sprite(Art::Spirit, 30);
        let b = sprite(Art::Spirit, 30);
        assert!(Arc::ptr_eq(&a, &b));
    }
}
