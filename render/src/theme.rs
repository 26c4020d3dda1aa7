//! Colours: the board and panel of the light and dark themes, and the army
//! colours of the standard and colour-blind palettes.

use std::fmt;
use std::str::FromStr;

use seance_engine::{Color, Seat};

/// An RGB colour.
pub(crate) type Rgb = [u8; 3];

/// The look of the board and the panel.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Theme {
    /// Wooden squares on paper.
    #[default]
    Light,
    /// Slate squares on a dark background, for dark-mode chats.
    Dark,
}

/// The army colours.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Palette {
    /// Plain red, blue, yellow and green.
    #[default]
    Standard,
    /// Okabe and Ito's colours, which stay apart for colour-blind viewers:
    /// vermillion, blue, yellow and bluish green.
    ColorBlind,
}

/// How to draw a picture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Style {
    /// Light or dark.
    pub theme: Theme,
    /// The army colours.
    pub palette: Palette,
    /// The seat whose army is drawn at the bottom; the first seat's if none.
    pub seat: Option<Seat>,
    /// Pixels per board cell; `None` picks the chat size (80 px on an 8x8 board).
    pub cell: Option<u32>,
}

/// The colours of one theme.
pub(crate) struct Colors {
    /// Around the board and behind the panel.
    pub background: Rgb,
    /// Names and numbers.
    pub text: Rgb,
    /// Coordinates and other quiet text.
    pub faint: Rgb,
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// Enochian thrones.
    pub throne: Rgb,
    /// The frame inside a throne.
    pub throne_frame: Rgb,
    /// Tamerlane's citadels.
    pub citadel: Rgb,
    /// The line around the board.
    pub frame: Rgb,
    /// The squares of the last move, and how strongly they are tinted.
    pub last_move: (Rgb, u8),
    /// The glow under a royal piece in danger.
    pub danger: Rgb,
    /// Behind the row of the seat to move.
    pub turn_row: Rgb,
    /// A die's face.
    pub die_face: Rgb,
    /// A die's pips.
    pub die_pip: Rgb,
}

const LIGHT: Colors = Colors {
    background: [0xf6, 0xf1, 0xe7],
    text: [0x2b, 0x26, 0x22],
    faint: [0x80, 0x74, 0x66],
    light: [0xf0, 0xd9, 0xb5],
    dark: [0xb5, 0x88, 0x63],
    throne: [0x8e, 0x6f, 0xa8],
    throne_frame: [0xe8, 0xc5, 0x4a],
    citadel: [0x9a, 0xa4, 0xab],
    frame: [0x6b, 0x4f, 0x39],
    last_move: ([0xcd, 0xd2, 0x1e], 110),
    danger: [0xe0, 0x10, 0x10],
    turn_row: [0xe9, 0xdf, 0xcb],
    die_face: [0xfd, 0xfb, 0xf5],
    die_pip: [0x22, 0x1e, 0x1a],
};

const DARK: Colors = Colors {
    background: [0x1e, 0x20, 0x24],
    text: [0xe8, 0xe6, 0xe3],
    faint: [0x95, 0x9b, 0xa3],
    light: [0x9c, 0xae, 0xb8],
    dark: [0x5c, 0x74, 0x84],
    throne: [0x6e, 0x58, 0x8c],
    throne_frame: [0xd9, 0xb2, 0x3a],
    citadel: [0x4e, 0x54, 0x5c],
    frame: [0x0f, 0x10, 0x12],
    last_move: ([0xe6, 0xd0, 0x3c], 130),
    danger: [0xff, 0x2a, 0x2a],
    turn_row: [0x2e, 0x32, 0x38],
    die_face: [0xf2, 0xf0, 0xea],
    die_pip: [0x1b, 0x1b, 0x1b],
};

impl Theme {
    /// Every theme, in the order of their names.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// The name used in commands: `light`, `dark`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub(crate) const fn colors(self) -> &'static Colors {
        match self {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
        }
    }
}

/// How a piece is inked: its body, the lines inside it and the halo around it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Inks {
    pub body: Rgb,
    pub lines: Rgb,
    pub halo: Rgb,
}

/// The body of a frozen piece: grey whatever its army.
pub(crate) const FROZEN: Rgb = [0xa4, 0xa4, 0xa4];

const INK: Rgb = [0x1c, 0x1a, 0x18];

impl Palette {
    /// Every palette, in the order of their names.
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::ColorBlind];

    /// The name used in commands: `standard`, `colorblind`.
    pub const fn name(self) -> &'static str {
        match self {
            Palette::Standard => "standard",
            Palette::ColorBlind => "colorblind",
        }
    }

    /// The colour of an army's pieces.
    pub(crate) const fn army(self, color: Color) -> Rgb {
        match (self, color) {
            (_, Color::White) => [0xfa, 0xf8, 0xf2],
            (_, Color::Black) => [0x2a, 0x28, 0x26],
            (Palette::Standard, Color::Red) => [0xd9, 0x2b, 0x2b],
            (Palette::Standard, Color::Blue) => [0x2f, 0x6c, 0xd6],
            (Palette::Standard, Color::Yellow) => [0xf2, 0xc1, 0x2e],
            (Palette::Standard, Color::Green) => [0x2e, 0xa0, 0x43],
            (Palette::ColorBlind, Color::Red) => [0xd5, 0x5e, 0x00],
            (Palette::ColorBlind, Color::Blue) => [0x00, 0x72, 0xb2],
            (Palette::ColorBlind, Color::Yellow) => [0xf0, 0xe4, 0x42],
            (Palette::ColorBlind, Color::Green) => [0x00, 0x9e, 0x73],
        }
    }

    /// The inks of a piece of `color`; a frozen piece is grey, ringed in its
    /// army's colour so that its owner stays known.
    pub(crate) const fn inks(self, color: Color, frozen: bool) -> Inks {
        let army = self.army(color);
        match (frozen, color) {
            (true, _) => Inks {
                body: FROZEN,
                lines: [0x5a, 0x5a, 0x5a],
                halo: army,
            },
            (false, Color::Black) => Inks {
                body: army,
                lines: [0xd8, 0xd4, 0xcc],
                halo: [0xd8, 0xd4, 0xcc],
            },
            (false, _) => Inks {
                body: army,
                lines: INK,
                halo: INK,
            },
        }
    }
}

/// A name that is not a theme or palette.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownName {
    /// What was given.
    pub given: String,
    /// What would have been accepted.
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown name {:?}: expected one of {}",
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Reads one of `all` by its name, in any case.
fn parse_named<T: Copy>(
    text: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    expected: &'static [&'static str],
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&t| name(t).eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| UnknownName {
            given: text.to_string(),
            expected,
        })
}

impl FromStr for Theme {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Theme, UnknownName> {
        parse_named(text, &Theme::ALL, Theme::name, &["light", "dark"])
    }
}

impl FromStr for Palette {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Palette, UnknownName> {
        parse_named(
            text,
            &Palette::ALL,
            Palette::name,
            &["standard", "colorblind"],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        for palette in Palette::ALL {
            assert_eq!(
                palette.name().to_uppercase().parse::<Palette>(),
                Ok(palette)
            );
        }
        let error = "sepia".parse::<Theme>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown name \"sepia\": expected one of light, dark"
        );
    }

    /// How an sRGB colour looks to a viewer without red (protan) or green
    /// (deutan) cones: Viénot, Brettel and Mollon's 1999 projection.
    fn seen_without(cone: usize, c: Rgb) -> [f32; 3] {
        const PROTAN: [[f32; 3]; 3] = [
            [0.112_38, 0.887_62, 0.0],
            [0.112_38, 0.887_62, 0.0],
            [0.004_01, -0.004_01, 1.0],
        ];
        const DEUTAN: [[f32; 3]; 3] = [
            [0.292_75, 0.707_25, 0.0],
            [0.292_75, 0.707_25, 0.0],
            [-0.022_34, 0.022_34, 1.0],
        ];
        let m = [PROTAN, DEUTAN][cone];
        let linear = c.map(|v| {
            let v = v as f32 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        });
        std::array::from_fn(|i| {
            let v = (0..3)
                .map(|j| m[i][j] * linear[j])
                .sum::<f32>()
                .clamp(0.0, 1.0);
            255.0
                * if v <= 0.003_130_8 {
                    12.92 * v
                } else {
                    1.055 * v.powf(1.0 / 2.4) - 0.055
                }
        })
    }

    /// The smallest distance between two armies as a protan or deutan viewer sees them.
    fn closest_armies(palette: Palette) -> f32 {
        let mut closest = f32::MAX;
        for (i, &a) in Color::ALL.iter().enumerate() {
            for &b in &Color::ALL[i + 1..] {
                for cone in 0..2 {
                    let (x, y) = (
                        seen_without(cone, palette.army(a)),
                        seen_without(cone, palette.army(b)),
                    );
                    let d = (0..3).map(|k| (x[k] - y[k]).powi(2)).sum::<f32>().sqrt();
                    closest = closest.min(d);
                }
            }
        }
        closest
    }

    /// Red and green come close for a deutan viewer in the standard palette;
    /// the colour-blind palette keeps every pair of armies far apart.
    #[test]
    fn the_colour_blind_palette_keeps_armies_apart() {
        assert!(closest_armies(Palette::Standard) < 55.0);
        assert!(closest_armies(Palette::ColorBlind) > 75.0);
    }
}
