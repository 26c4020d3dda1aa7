//! Dice from random bytes. The engine rolls nothing itself: the caller turns
//! the bytes of its seeded generator into faces with [`DiceSpec::roll`] and
//! plays them as a `Roll` action, so anyone holding the seed can recompute
//! every roll.

/// The dice a game asks for: how many, with how many faces, numbered from what.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DiceSpec {
    /// How many dice are thrown at once.
    pub count: usize,
    /// Faces per die.
    pub sides: u8,
    /// The number on the lowest face.
    pub lowest: u8,
}

impl DiceSpec {
    /// Throws the dice with `bytes` (see [`face`]); `None` if the bytes run out.
    pub fn roll(self, bytes: &mut impl Iterator<Item = u8>) -> Option<Vec<u8>> {
        (0..self.count)
            .map(|_| face(bytes, self.sides, self.lowest))
            .collect()
    }
}

/// Reads one face of a die with `sides` faces, numbered from `lowest`, from
/// `bytes`. A byte `b` is used when it is below the largest multiple of
/// `sides` that fits in 256 (then the face is `lowest + b % sides`); other
/// bytes are skipped. With uniform bytes every face is exactly equally likely
/// (for four sides no byte is ever skipped). `None` if the bytes run out.
pub fn face(bytes: &mut impl Iterator<Item = u8>, sides: u8, lowest: u8) -> Option<u8> {
    assert!(sides > 0, "a die has faces");
    let usable = 256 - 256 % u16::from(sides);
    bytes
        .find(|&b| u16::from(b) < usable)
        .map(|b| lowest + b % sides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_sided_dice_use_every_byte_evenly() {
        let mut counts = [0; 4];
        let mut bytes = 0..=255u8;
        while let Some(f) = face(&mut bytes, 4, 2) {
            counts[usize::from(f - 2)] += 1;
        }
        assert_eq!(counts, [64; 4]);
    }

    #[test]
    fn six_sided_dice_skip_the_bytes_that_would_bias_them() {
        let mut counts = [0; 6];
        let mut bytes = 0..=255u8;
        while let Some(f) = face(&mut bytes, 6, 1) {
            counts[usize::from(f - 1)] += 1;
        }
        assert_eq!(counts, [42; 6], "bytes 252 to 255 are skipped");
        assert_eq!(face(&mut [252, 253, 7].into_iter(), 6, 1), Some(2));
        assert_eq!(face(&mut [255].into_iter(), 6, 1), None);
    }

    #[test]
    fn a_roll_throws_every_die() {
        let spec = DiceSpec {
            count: 2,
            sides: 4,
            lowest: 2,
        };
        assert_eq!(spec.roll(&mut [0, 7].into_iter()), Some(vec![2, 5]));
        assert_eq!(spec.roll(&mut [0].into_iter()), None);
    }
}
