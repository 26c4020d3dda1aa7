//! The move picker of both chat front ends: the men that can move, each
//! shown with its piece (`♞g1`), then the chosen man's moves (`e4`, `×d8`,
//! `e8=Q`), Tamerlane's king swaps (`⇄e2`) kept apart behind a choice of
//! their own. Telegram shows them as buttons, Discord as select menus.

use seance_engine::{MoveInfo, notation};
use seance_render::text::emblem;

/// One choice of the picker: what pressing it names, and what it shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pick {
    /// The origin (`g1`, `Nb1`, `pass`) or the move's canonical text.
    pub value: String,
    /// What the player sees.
    pub label: String,
}

/// The men that can move, each origin once, in the order of the moves.
pub fn men(moves: &[(String, MoveInfo)]) -> Vec<Pick> {
    let mut men: Vec<Pick> = Vec::new();
    for (mv, info) in moves {
        let origin = notation::origin(mv);
        if men.iter().any(|m| m.value == origin) {
            continue;
        }
        let label = if info.special.is_some() {
            origin.to_string()
        } else {
            let square = origin.trim_start_matches(|c: char| c.is_ascii_uppercase());
            format!("{}{square}", emblem(info.figure))
        };
        men.push(Pick {
            value: origin.to_string(),
            label,
        });
    }
    men
}

/// The moves of the man on `origin`: his swaps if `swaps`, else the others.
pub fn moves(moves: &[(String, MoveInfo)], origin: &str, swaps: bool) -> Vec<Pick> {
    moves
        .iter()
        .filter(|(mv, info)| notation::origin(mv) == origin && info.swap == swaps)
        .map(|(mv, info)| {
            let rest = &mv[origin.len()..];
            let mark = match (info.swap, info.capture) {
                (true, _) => "⇄",
                (_, true) => "×",
                _ => "",
            };
            let label = if rest.is_empty() {
                mv.clone()
            } else {
                format!("{mark}{rest}")
            };
            Pick {
                value: mv.clone(),
                label,
            }
        })
        .collect()
}

/// Whether the man on `origin` has swaps.
pub fn has_swaps(moves: &[(String, MoveInfo)], origin: &str) -> bool {
    moves
        .iter()
        .any(|(mv, info)| info.swap && notation::origin(mv) == origin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::catalogue::{self, GameType};
    use seance_engine::{Options, Start};

    fn start(game: GameType) -> Vec<(String, MoveInfo)> {
        catalogue::new_game(game, Start::Setup(None), Options::new())
            .expect("a game")
            .legal_moves_described()
    }

    fn labels(picks: &[Pick]) -> Vec<&str> {
        picks.iter().map(|p| p.label.as_str()).collect()
    }

    #[test]
    fn men_show_their_pieces_and_moves_their_targets() {
        let through = start(GameType::Through);
        let men = men(&through);
        assert!(labels(&men).contains(&"♞g1") && labels(&men).contains(&"♟e2"));
        assert_eq!(labels(&moves(&through, "g1", false)), ["f3", "h3"]);
        // Through chess's queens pass through: d1 takes d8 at once.
        assert!(labels(&moves(&through, "d1", false)).contains(&"×d8"));
        assert!(moves(&through, "h7", false).is_empty());
    }

    #[test]
    fn tamerlane_swaps_are_apart() {
        let tamerlane = start(GameType::Tamerlane);
        let swaps = tamerlane.iter().filter(|(_, info)| info.swap).count();
        assert_eq!(swaps, 27, "the reference's count of swaps at the start");
        let (king, _) = tamerlane
            .iter()
            .find(|(_, info)| info.swap)
            .expect("a swap");
        let origin = notation::origin(king);
        assert!(has_swaps(&tamerlane, origin));
        let swaps = moves(&tamerlane, origin, true);
        assert_eq!(swaps.len(), 27);
        assert!(labels(&swaps).iter().all(|l| l.starts_with('⇄')));
        assert!(
            moves(&tamerlane, origin, false)
                .iter()
                .all(|p| !p.label.starts_with('⇄'))
        );
    }
}
