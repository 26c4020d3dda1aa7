//! Sets of squares as bits of an integer: `u64` for boards of up to 64 squares,
//! `u128` for larger ones (Tamerlane's 110 squares and two citadels).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::geometry::Square;

/// A set of squares, one bit per square index.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// How many squares the set can hold.
    const CAPACITY: usize;

    /// The set holding only `square`.
    fn bit(square: Square) -> Self;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square in the set.
    fn first(self) -> Option<Square>;
    /// The highest square in the set.
    fn last(self) -> Option<Square>;
    /// The set without its lowest square.
    fn without_first(self) -> Self;
    /// Every square up to and including the lowest of the set; all squares
    /// if the set is empty.
    fn through_first(self) -> Self;
    /// Every square from the highest of the set up; all squares if the set is empty.
    fn through_last(self) -> Self;

    /// Whether the set holds no square.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// Whether `square` is in the set.
    #[inline]
    fn has(self, square: Square) -> bool {
        !(self & Self::bit(square)).is_empty()
    }

    /// The squares of the set, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

macro_rules! impl_bits {
    ($($int:ty),*) => {$(
        impl Bits for $int {
            const EMPTY: Self = 0;
            const CAPACITY: usize = <$int>::BITS as usize;

            #[inline]
            fn bit(square: Square) -> Self {
                1 << square.index()
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn first(self) -> Option<Square> {
                (self != 0).then(|| Square::new(self.trailing_zeros() as u8))
            }

            #[inline]
            fn last(self) -> Option<Square> {
                (self != 0).then(|| Square::new((<$int>::BITS - 1 - self.leading_zeros()) as u8))
            }

            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline]
            fn through_first(self) -> Self {
                self ^ self.wrapping_sub(1)
            }

            #[inline]
            fn through_last(self) -> Self {
                let highest = 1 << (<$int>::BITS - 1 - (self | 1).leading_zeros());
                !(highest - 1)
            }
        }
    )*};
}

impl_bits!(u64, u128);

/// Iterates the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = self.0.first()?;
        self.0 = self.0.without_first();
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for SquareIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_lowest_first_in_both_widths() {
        let small: u64 = (1 << 3) | (1 << 40);
        assert_eq!(
            small.squares().map(Square::index).collect::<Vec<_>>(),
            [3, 40]
        );
        let wide: u128 = (1 << 5) | (1 << 111);
        assert_eq!(
            wide.squares().map(Square::index).collect::<Vec<_>>(),
            [5, 111]
        );
        assert_eq!(wide.last(), Some(Square::new(111)));
        assert_eq!(0u64.first(), None);
        assert_eq!(0b0110_1000u64.through_first(), 0b1111);
        assert_eq!(0b0110_1000u64.through_last(), !0b0011_1111);
        assert_eq!(0u64.through_first(), !0);
        assert_eq!(0u128.through_last(), !0);
    }
}
