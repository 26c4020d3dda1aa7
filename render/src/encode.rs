//! PNG encoding. A board picture holds few colours (a thousand or two: flat
//! squares and text, and the smooth rims of a few sprites), so it is written
//! as an indexed PNG of its 256 most used colours, each rarer rim colour
//! replaced by the nearest of them. Against RGB that makes the file about a
//! third smaller and a third the bytes to compress; the eye cannot tell. A
//! picture of too many colours is written as plain RGB.

use image::RgbImage;

/// How many distinct colours we are ready to count before giving up on a palette.
const MOST_COLORS: usize = 8192;

/// The PNG bytes of `canvas`.
pub(crate) fn png(canvas: &RgbImage) -> Vec<u8> {
    let (width, height) = canvas.dimensions();
    let result = match Palette::of(canvas) {
        Some(palette) => write(
            width,
            height,
            png::ColorType::Indexed,
            Some(&palette.rgb),
            &palette.indices,
        ),
        None => write(width, height, png::ColorType::Rgb, None, canvas.as_raw()),
    };
    // Writing a buffer of matching size to memory cannot fail.
    result.unwrap_or_else(|error| unreachable!("encoding to memory failed: {error}"))
}

fn write(
    width: u32,
    height: u32,
    color: png::ColorType,
    palette: Option<&[u8]>,
    data: &[u8],
) -> Result<Vec<u8>, png::EncodingError> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        if let Some(palette) = palette {
            encoder.set_palette(palette);
        }
        // fdeflate is several times faster than zlib's level 1; on indexed
        // boards with the "up" filter its files are only a seventh larger.
        encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
        encoder.set_filter(match color {
            png::ColorType::Indexed => png::Filter::Up,
            _ => png::Filter::Adaptive,
        });
        let mut writer = encoder.write_header()?;
        writer.write_image_data(data)?;
        writer.finish()?;
    }
    Ok(bytes)
}

/// A colour as one number, `0xRRGGBB`.
fn key(pixel: &[u8]) -> u32 {
    u32::from(pixel[0]) << 16 | u32::from(pixel[1]) << 8 | u32::from(pixel[2])
}

/// A picture's palette, and the palette index of each of its pixels.
struct Palette {
    /// The palette, RGB bytes.
    rgb: Vec<u8>,
    /// One palette index per pixel.
    indices: Vec<u8>,
}

const EMPTY: u32 = u32::MAX;
const SLOTS: usize = MOST_COLORS * 2;

/// The slot of `key` in `keys`: where it is, or the empty slot where it goes.
fn slot(keys: &[u32], key: u32) -> usize {
    let mut i = (key.wrapping_mul(0x9e37_79b1) >> 18) as usize & (SLOTS - 1);
    while keys[i] != key && keys[i] != EMPTY {
        i = (i + 1) & (SLOTS - 1);
    }
    i
}

impl Palette {
    /// Counts the colours of `canvas` in an open-addressing table, picks the
    /// palette and indexes every pixel; `None` when the picture has more than
    /// [`MOST_COLORS`] colours. The picture is read as runs of one colour, and
    /// a row like the one above is not read again (empty squares, the panel).
    fn of(canvas: &RgbImage) -> Option<Palette> {
        let mut keys = vec![EMPTY; SLOTS];
        let mut distinct = 0;
        // (slot, length) runs, row by row: a run never crosses a row end.
        let mut runs: Vec<(u16, u32)> = Vec::new();
        let row_bytes = canvas.width() as usize * 3;
        let mut previous: (&[u8], usize) = (&[], 0);
        for row in canvas.as_raw().chunks_exact(row_bytes) {
            if row == previous.0 {
                let start = previous.1;
                previous.1 = runs.len();
                runs.extend_from_within(start..);
                continue;
            }
            previous = (row, runs.len());
            // The run being read: its colour, slot and length.
            let (mut last, mut run) = (EMPTY, (0u16, 0u32));
            for pixel in row.chunks_exact(3) {
                let k = key(pixel);
                if k == last {
                    run.1 += 1;
                    continue;
                }
                if run.1 > 0 {
                    runs.push(run);
                }
                last = k;
                let i = slot(&keys, k);
                if keys[i] == EMPTY {
                    distinct += 1;
                    if distinct > MOST_COLORS {
                        return None;
                    }
                    keys[i] = k;
                }
                run = (i as u16, 1);
            }
            runs.push(run);
        }
        let mut counts = vec![0u32; SLOTS];
        for &(i, length) in &runs {
            counts[usize::from(i)] += length;
        }
        let mut used: Vec<usize> = (0..SLOTS).filter(|&i| keys[i] != EMPTY).collect();
        used.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), keys[i]));
        let chosen = &used[..used.len().min(256)];
        let rgb: Vec<u8> = chosen
            .iter()
            .flat_map(|&i| keys[i].to_be_bytes()[1..].to_vec())
            .collect();
        let mut index = vec![0u8; SLOTS];
        for (n, &i) in chosen.iter().enumerate() {
            index[i] = n as u8;
        }
        let near = Nearest::new(&rgb);
        for &i in &used[chosen.len()..] {
            index[i] = near.find(keys[i]);
        }
        let mut indices = Vec::with_capacity((canvas.width() * canvas.height()) as usize);
        for &(i, length) in &runs {
            let value = index[usize::from(i)];
            indices.resize(indices.len() + length as usize, value);
        }
        Some(Palette { rgb, indices })
    }
}

/// Finds the palette entry closest to a colour, looking first among the
/// entries in the colour's own cube of the colour space and the 26 around it.
struct Nearest<'a> {
    rgb: &'a [u8],
    /// Palette indices by cube: 8 steps of 32 per channel.
    cubes: Vec<Vec<u8>>,
}

/// The side of a cube.
const CUBE: i32 = 32;

impl<'a> Nearest<'a> {
    fn new(rgb: &'a [u8]) -> Nearest<'a> {
        let mut cubes = vec![Vec::new(); 512];
        for (i, c) in rgb.chunks_exact(3).enumerate() {
            cubes[Nearest::cube(c[0], c[1], c[2])].push(i as u8);
        }
        Nearest { rgb, cubes }
    }

    fn cube(r: u8, g: u8, b: u8) -> usize {
        usize::from(r >> 5) << 6 | usize::from(g >> 5) << 3 | usize::from(b >> 5)
    }

    /// The nearest of `candidates` to `at`, and its squared distance.
    fn closest(&self, candidates: impl Iterator<Item = usize>, at: [i32; 3]) -> (i32, usize) {
        candidates
            .map(|i| (self.distance(i, at), i))
            .min()
            .unwrap_or((i32::MAX, 0))
    }

    fn distance(&self, i: usize, [r, g, b]: [i32; 3]) -> i32 {
        let c = &self.rgb[i * 3..i * 3 + 3];
        let (dr, dg, db) = (
            i32::from(c[0]) - r,
            i32::from(c[1]) - g,
            i32::from(c[2]) - b,
        );
        dr * dr + dg * dg + db * db
    }

    fn find(&self, key: u32) -> u8 {
        let [_, r, g, b] = key.to_be_bytes();
        let at = [r, g, b].map(i32::from);
        let step = |v: u8| (i32::from(v >> 5) - 1).max(0)..=(i32::from(v >> 5) + 1).min(7);
        let around = step(r)
            .flat_map(|cr| step(g).map(move |cg| (cr, cg)))
            .flat_map(|(cr, cg)| step(b).map(move |cb| (cr << 6 | cg << 3 | cb) as usize))
            .flat_map(|cube| self.cubes[cube].iter().map(|&i| usize::from(i)));
        let mut best = self.closest(around, at);
        // Anything outside the 27 cubes is at least a cube's side away: a
        // nearer find is exact, otherwise look at every entry.
        if best.0 > CUBE * CUBE {
            best = self.closest(0..self.rgb.len() / 3, at);
        }
        best.1 as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageDecoder;
    use image::codecs::png::PngDecoder;

    fn decode(bytes: &[u8]) -> RgbImage {
        let decoder = PngDecoder::new(std::io::Cursor::new(bytes)).unwrap();
        let (w, h) = decoder.dimensions();
        let mut data = vec![0; decoder.total_bytes() as usize];
        let rgba = decoder.color_type() == image::ColorType::Rgba8;
        decoder.read_image(&mut data).unwrap();
        let data = if rgba {
            data.chunks_exact(4).flat_map(|p| p[..3].to_vec()).collect()
        } else {
            data
        };
        RgbImage::from_raw(w, h, data).unwrap()
    }

    #[test]
    fn few_colours_round_trip_exactly() {
        // 256 colours.
        let image = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb([(x % 16 * 16) as u8, (y % 16 * 16) as u8, 7])
        });
        assert!(decode(&png(&image)) == image);
    }

    #[test]
    fn rare_colours_become_their_nearest_neighbour() {
        // 300 colours: the most used 256 stay, the rest move by a little.
        let image = RgbImage::from_fn(300, 20, |x, y| {
            let x = if y < 10 { x.min(255) } else { x };
            image::Rgb([x as u8, (x >> 8) as u8 * 3, 0])
        });
        let back = decode(&png(&image));
        for (a, b) in image.pixels().zip(back.pixels()) {
            let far = a.0.iter().zip(b.0).map(|(x, y)| x.abs_diff(y)).max();
            assert!(far <= Some(3), "{a:?} became {b:?}");
        }
    }

    #[test]
    fn the_nearest_entry_is_found_near_and_far() {
        let rgb = [0, 0, 0, 255, 255, 255, 40, 40, 40, 200, 10, 10];
        let near = Nearest::new(&rgb);
        for (key, want) in [
            (0x000000, 0),
            (0xfefefe, 1),
            (0x303030, 2),
            (0xc80000, 3),
            (0x7f0000, 3),
            (0x90ffff, 1),
        ] {
            let brute = (0..4)
                .min_by_key(|&i| near.distance(i, key_rgb(key)))
                .unwrap();
            assert_eq!(near.find(key), want, "{key:06x}");
            assert_eq!(brute, want as usize, "{key:06x}");
        }
    }

    fn key_rgb(key: u32) -> [i32; 3] {
        let [_, r, g, b] = key.to_be_bytes();
        [r, g, b].map(i32::from)
    }

    #[test]
    fn many_colours_stay_rgb() {
        let image = RgbImage::from_fn(200, 200, |x, y| {
            image::Rgb([x as u8, y as u8, (x + y) as u8])
        });
        assert!(decode(&png(&image)) == image);
    }
}
