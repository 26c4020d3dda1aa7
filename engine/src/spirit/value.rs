//! What positions and captures are worth to a spirit: material, in
//! hundredths of a pawn, with one table for the men of every game.

use crate::seat::{Seat, Team};
use crate::variant::{MOST_SEATS, Variant};
use crate::view::Figure;

/// A man's worth. Royal men count too: in Chaturaji a king is taken for
/// points, and where losing one ends the game the search sees the end first.
pub fn worth(figure: Figure) -> i32 {
    match figure {
        Figure::Pawn => 100,
        Figure::General | Figure::Vizier => 150,
        Figure::Boat | Figure::WarEngine => 200,
        Figure::Camel => 250,
        Figure::Knight | Figure::Bishop | Figure::Horse | Figure::Picket => 300,
        Figure::King | Figure::Prince | Figure::AdventitiousKing => 300,
        Figure::Elephant => 400,
        Figure::Rook => 500,
        Figure::Giraffe => 600,
        Figure::Queen => 900,
        Figure::Superqueen => 1300,
    }
}

/// What `mv` takes, if anything (a pawn when the square is empty, as en passant).
pub fn capture_gain<V: Variant>(position: &V, mv: V::Move) -> i32 {
    let info = position.describe(mv);
    if !info.capture {
        return 0;
    }
    position
        .occupant(info.to)
        .map_or(worth(Figure::Pawn), |(_, figure)| worth(figure))
}

/// [`Variant::appraisal`] the plain way: every square's man, then each
/// seat's [`Variant::appraise`].
pub fn appraisal<V: Variant>(position: &V) -> [i32; MOST_SEATS] {
    let mut totals = [0; MOST_SEATS];
    for square in position.geometry().squares() {
        if let Some((seat, figure)) = position.occupant(square) {
            totals[seat.index()] += worth(figure);
        }
    }
    let seats = V::info().seats.len();
    for (seat, total) in totals.iter_mut().enumerate().take(seats) {
        *total += position.appraise(Seat(seat as u8));
    }
    totals
}

/// The balance for `team`: the worth of its men and what the game counts
/// for its seats ([`Variant::appraise`]), less the strongest rival team's,
/// scaled to the team's number of seats. With two teams this is the plain
/// difference; in a free-for-all only first place wins, so what counts is
/// the lead over the best rival, not over the average one.
pub fn balance<V: Variant>(position: &V, team: Team) -> i32 {
    let seats = V::info().seats.len() as u8;
    let (mut totals, mut sizes) = ([0i32; MOST_SEATS], [0i32; MOST_SEATS]);
    for seat in (0..seats).map(Seat) {
        sizes[usize::from(position.team(seat).0)] += 1;
    }
    for (seat, value) in position
        .appraisal()
        .into_iter()
        .enumerate()
        .take(seats.into())
    {
        totals[usize::from(position.team(Seat(seat as u8)).0)] += value;
    }
    let ours = usize::from(team.0);
    let best_rival = (0..MOST_SEATS)
        .filter(|&t| t != ours && sizes[t] > 0)
        .map(|t| totals[t] * sizes[ours] / sizes[t])
        .max();
    totals[ours] - best_rival.unwrap_or(0)
}
