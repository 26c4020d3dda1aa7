//! Ratings at the table: what a finished game counts for, the `rating`,
//! `top` and `link` commands, and rating every game again from the record.

use seance_engine::Team;
use seance_engine::catalogue::GameType;

use super::i18n::{self, Msg};
use super::reply::Reply;
use super::table::Table;
use super::{Caller, Failure, Outcome, Service};
use crate::ratings::{PROVISIONAL_GAMES, Rating, places};
use crate::store::{LINK_LIFETIME_MS, Member, RatedGame, Stage, UserId};

/// The option of a table that does not count for the ratings.
pub(super) const UNRATED: &str = "rated=off";

/// How many people a ladder shows for one game, and for each of several.
const LADDER: i64 = 10;
const LADDERS: i64 = 5;

/// How many recent rated games `rating` lists.
const RECENT: i64 = 5;

impl Table {
    /// The finished game as its ratings take it, if it counts: over, not
    /// `rated=off`, with a person in it. Sides are the game's teams (each
    /// seat its own in a free-for-all), placed by the result: the winners
    /// first, then by points where the game scores them, equal standings
    /// sharing a place. A person holding seats on two sides (he would play
    /// himself) leaves the game unrated.
    pub fn rated(&self, at_ms: i64) -> Option<RatedGame> {
        if self.record.stage != Stage::Over || self.record.options.iter().any(|o| o == UNRATED) {
            return None;
        }
        let outcome = self.game.outcome()?;
        let mut teams: Vec<(Team, Vec<Member>, (bool, i64))> = Vec::new();
        for seat in self.seats() {
            let team = self.game.team(seat);
            let record = self.seat(seat);
            let member = match (&record.user, record.spirit) {
                (Some(user), _) => Member::User(user.id),
                (None, Some(level)) => Member::Spirit(level),
                (None, None) => continue,
            };
            let won = outcome.winners.contains(&seat);
            let points = outcome
                .scores
                .get(seat.index())
                .map_or(0, |&p| i64::from(p));
            match teams.iter_mut().find(|(t, _, _)| *t == team) {
                Some((_, members, standing)) => {
                    if !members.contains(&member) {
                        members.push(member);
                    }
                    *standing = (standing.0 || won, standing.1 + points);
                }
                None => teams.push((team, vec![member], (won, points))),
            }
        }
        let people: Vec<UserId> = teams
            .iter()
            .flat_map(|(_, members, _)| members)
            .filter_map(|m| match m {
                Member::User(user) => Some(*user),
                Member::Spirit(_) => None,
            })
            .collect();
        let mut distinct = people.clone();
        distinct.sort_by_key(|u| u.0);
        distinct.dedup();
        if people.is_empty() || distinct.len() != people.len() || teams.len() < 2 {
            return None;
        }
        let standings: Vec<(bool, i64)> = teams.iter().map(|(_, _, s)| *s).collect();
        let sides = teams
            .into_iter()
            .zip(places(&standings))
            .map(|((_, members, _), place)| (members, place))
            .collect();
        Some(RatedGame {
            variant: self.record.variant,
            chat: self.record.chat,
            sides,
            at_ms,
        })
    }
}

/// How many rated games `seance ratings rebuild` replayed, and how many
/// stored ratings came out different.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rebuilt {
    /// Games rated again.
    pub games: usize,
    /// Ratings that differ from what the store held.
    pub changed: usize,
}

impl Service {
    /// `rating [@player] [game]`: a person's ratings (overall, and in this
    /// chat), and their recent rated games.
    pub(super) async fn rating(
        &self,
        caller: &Caller,
        player: Option<String>,
        game: Option<GameType>,
    ) -> Outcome {
        let reader = caller.audience;
        let locale = reader.locale;
        let user = match &player {
            None => caller.user.id,
            Some(text) => self
                .store
                .chat_player(caller.chat, text)
                .await?
                .ok_or_else(|| Msg::NoSuchPlayer(text.clone()))?,
        };
        let person = self.store.person(user).await?;
        let overall = self.store.standings_of(person, None).await?;
        let here = self.store.standings_of(person, Some(caller.chat)).await?;
        let name = match (&player, overall.first()) {
            (_, Some(standing)) => standing.name.clone(),
            (Some(text), None) => text.trim_start_matches('@').to_string(),
            (None, None) => caller.user.name.clone(),
        };
        let mut lines: Vec<String> = overall
            .iter()
            .filter(|s| game.is_none_or(|g| g.id() == s.variant.id()))
            .map(|s| {
                let (low, high) = s.rating.range();
                Msg::RatingOf {
                    game: s.variant,
                    shown: s.rating.shown(),
                    low,
                    high,
                    games: s.games,
                    best: Rating {
                        mu: s.best,
                        sigma: 0.0,
                    }
                    .shown(),
                    provisional: s.games < PROVISIONAL_GAMES,
                    here: here
                        .iter()
                        .find(|h| h.variant.id() == s.variant.id())
                        .map(|h| h.rating.shown()),
                }
                .text(reader)
            })
            .collect();
        if lines.is_empty() {
            return Ok(vec![Reply::public(Msg::NoRating(name).text(reader))]);
        }
        lines.insert(0, format!("{name}:"));
        let recent = self.store.recent(person, RECENT).await?;
        if !recent.is_empty() {
            let games: Vec<String> = recent
                .iter()
                .map(|r| {
                    format!(
                        "#{} {}, {}, {:+}",
                        r.game.0,
                        i18n::game_name(r.variant, locale),
                        i18n::place(r.place, r.sides, locale),
                        r.change
                    )
                })
                .collect();
            lines.push(Msg::RecentRated(games.join("; ")).text(reader));
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    /// `top [game] [global]`: the best rated people of this chat (or
    /// everywhere, without those who asked to stay off it), for one game or
    /// for every game rated there.
    pub(super) async fn top(
        &self,
        caller: &Caller,
        game: Option<GameType>,
        overall: bool,
    ) -> Outcome {
        let reader = caller.audience;
        let chat = (!overall).then_some(caller.chat);
        let (games, size) = match game {
            Some(game) => (vec![game], LADDER),
            None => (self.store.rated_variants(chat).await?, LADDERS),
        };
        let mut blocks = Vec::new();
        for game in games {
            let ladder = self.store.ladder(game, chat, size).await?;
            if ladder.is_empty() {
                continue;
            }
            let rows: Vec<String> = ladder
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let mark = if s.games < PROVISIONAL_GAMES { "?" } else { "" };
                    format!(
                        "{}. {} {}{mark} ({})",
                        i + 1,
                        s.name,
                        s.rating.shown(),
                        s.games
                    )
                })
                .collect();
            blocks.push(
                Msg::Ladder {
                    game,
                    overall,
                    rows: rows.join("\n"),
                }
                .text(reader),
            );
        }
        if blocks.is_empty() {
            return Ok(vec![Reply::public(Msg::NoLadder.text(reader))]);
        }
        Ok(vec![Reply::public(blocks.join("\n\n"))])
    }

    /// `link`: a one-time code for the caller to type on another platform;
    /// `link CODE` there: the two accounts become one person, and every
    /// rating is computed again with them as one.
    pub(super) async fn link(&self, caller: &Caller, code: Option<String>) -> Outcome {
        let reader = caller.reader;
        let now = self.now();
        let Some(code) = code else {
            let code = link_code().map_err(|_| Msg::Trouble)?;
            self.store.offer_link(caller.user.id, &code, now).await?;
            let minutes = LINK_LIFETIME_MS / 60_000;
            return Ok(vec![Reply::private(
                Msg::LinkCode { code, minutes }.text(reader),
            )]);
        };
        match self.store.redeem_link(caller.user.id, &code, now).await? {
            Some(_) => {
                self.rebuild_ratings().await?;
                Ok(vec![Reply::private(Msg::Linked.text(reader))])
            }
            None => Err(Msg::BadLinkCode.into()),
        }
    }

    /// Rates every rated game again, in the order they ended, from their
    /// records (`seance ratings rebuild`): the ratings must come out as
    /// stored, unless accounts were linked since.
    pub async fn rebuild_ratings(&self) -> Result<Rebuilt, crate::store::StoreError> {
        let before = self.store.all_ratings().await?;
        let mut games = Vec::new();
        for (id, at_ms) in self.store.rated_games().await? {
            let table = match self.open(id).await {
                Ok(Some(table)) => table,
                Err(Failure::Store(error)) => return Err(error),
                _ => continue,
            };
            if let Some(rated) = table.rated(at_ms) {
                games.push((id, rated));
            }
        }
        self.store.rerate(&games).await?;
        let after = self.store.all_ratings().await?;
        let changed = after.iter().filter(|r| !before.contains(r)).count()
            + before.iter().filter(|r| !after.contains(r)).count();
        Ok(Rebuilt {
            games: games.len(),
            changed,
        })
    }
}

/// A one-time code of six digits from the system's randomness.
fn link_code() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes)?;
    Ok(format!("{:06}", u32::from_le_bytes(bytes) % 1_000_000))
}
