//! [`kinds!`]: a game's kinds of men written once, as a table of names,
//! notation letters and pictures. From the table come the enum, the list of
//! every kind, each kind's letter and figure, and the pieces table of the
//! game's [`GameInfo`](crate::GameInfo).

/// Declares an enum of kinds of men from one table:
///
/// ```ignore
/// kinds! {
///     /// The kinds of men.
///     pub enum Kind {
///         /// The knight.
///         Knight = ('N', Knight),
///     }
/// }
/// ```
///
/// gives `Kind::ALL`, `Kind::PIECES` (each kind's letter and
/// [`Figure`](crate::view::Figure), for `GameInfo::pieces`), and the const
/// functions `index`, `letter` and `figure`.
macro_rules! kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$kind_meta:meta])* $kind:ident = ($letter:literal, $figure:ident),)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        $vis enum $name {
            $($(#[$kind_meta])* $kind,)+
        }

        impl $name {
            /// How many kinds there are.
            pub const COUNT: usize = [$(stringify!($kind)),+].len();

            /// Every kind, in table order.
            pub const ALL: [$name; $name::COUNT] = [$($name::$kind),+];

            /// Each kind's notation letter and picture, in table order.
            pub const PIECES: [(char, $crate::view::Figure); $name::COUNT] =
                [$(($letter, $crate::view::Figure::$figure)),+];

            /// The index in per-kind tables.
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The letter of notation and position texts.
            pub const fn letter(self) -> char {
                $name::PIECES[self as usize].0
            }

            /// The picture the renderer draws.
            pub const fn figure(self) -> $crate::view::Figure {
                $name::PIECES[self as usize].1
            }
        }
    };
}

pub(crate) use kinds;
