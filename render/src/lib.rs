//! seance-render: draws a [`BoardView`](seance_engine::BoardView), the plain
//! data the engine produces, without knowing any rules. For now it draws text
//! for terminals ([`text`]); board pictures for chat come next.

pub mod text;
