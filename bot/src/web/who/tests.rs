use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::*;

const TOKEN: &str = "123456:AAH-test-token";
const NOW: i64 = 1_790_000_000;
const DAY: i64 = 86_400;

/// HMAC-SHA256, written out here as Telegram's page describes it, apart
/// from the code under test.
fn hmac(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// `initData` as a Telegram client sends it: the fields URL-encoded, and a
/// hash over them sorted, signed with the key derived from `token`.
fn init_data(token: &str, fields: &[(&str, &str)]) -> String {
    let mut sorted = fields.to_vec();
    sorted.sort();
    let checked: Vec<String> = sorted.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let secret = hmac(b"WebAppData", token.as_bytes());
    let hash = hex::encode(hmac(&secret, checked.join("\n").as_bytes()));
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

fn anns(auth_date: i64) -> String {
    init_data(
        TOKEN,
        &[
            ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
            (
                "user",
                r#"{"id":279058397,"first_name":"Ann","last_name":"Lee","language_code":"ru"}"#,
            ),
            ("auth_date", &auth_date.to_string()),
        ],
    )
}

#[test]
fn telegram_signed_data_names_its_user() {
    let viewer = telegram_viewer(&anns(NOW - 60), TOKEN, NOW, DAY).unwrap();
    assert_eq!(
        viewer,
        Viewer {
            platform: Platform::Telegram,
            user: "279058397".into(),
            name: "Ann Lee".into(),
        }
    );
}

#[test]
fn telegram_data_signed_by_another_bot_or_altered_is_forged() {
    let other = init_data(
        "999:another-bot",
        &[
            ("user", r#"{"id":1,"first_name":"Eve"}"#),
            ("auth_date", &NOW.to_string()),
        ],
    );
    assert_eq!(
        telegram_viewer(&other, TOKEN, NOW, DAY),
        Err(Refused::Forged)
    );
    // Ann's data with another user id put in.
    let altered = anns(NOW).replace("279058397", "279058398");
    assert_eq!(
        telegram_viewer(&altered, TOKEN, NOW, DAY),
        Err(Refused::Forged)
    );
    let unsigned = "user=%7B%22id%22%3A1%7D&auth_date=1";
    assert_eq!(
        telegram_viewer(unsigned, TOKEN, NOW, DAY),
        Err(Refused::Malformed("hash"))
    );
}

#[test]
fn telegram_data_older_than_allowed_has_expired() {
    let old = anns(NOW - DAY - 1);
    assert_eq!(
        telegram_viewer(&old, TOKEN, NOW, DAY),
        Err(Refused::Expired)
    );
    let future = anns(NOW + 600);
    assert_eq!(
        telegram_viewer(&future, TOKEN, NOW, DAY),
        Err(Refused::Expired)
    );
}

fn bobs_ticket() -> Ticket {
    Ticket {
        game: GameId(42),
        viewer: Viewer {
            platform: Platform::Discord,
            user: "80351110224678912".into(),
            name: "Bob. The builder".into(),
        },
        expires: NOW + DAY,
    }
}

#[test]
fn a_signed_ticket_reads_back_until_it_expires() {
    let token = bobs_ticket().sign(b"server secret");
    assert!(
        token.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'),
        "{token}"
    );
    assert_eq!(
        Ticket::read(&token, b"server secret", NOW),
        Ok(bobs_ticket())
    );
    assert_eq!(
        Ticket::read(&token, b"server secret", NOW + DAY + 1),
        Err(Refused::Expired)
    );
}

#[test]
fn a_ticket_altered_or_signed_elsewhere_is_forged() {
    let token = bobs_ticket().sign(b"server secret");
    assert_eq!(
        Ticket::read(&token, b"another secret", NOW),
        Err(Refused::Forged)
    );
    // Another game, same signature.
    let altered = token.replacen("42.", "43.", 1);
    assert_eq!(
        Ticket::read(&altered, b"server secret", NOW),
        Err(Refused::Forged)
    );
    // A later expiry, same signature.
    let later = {
        let mut ticket = bobs_ticket();
        ticket.expires += DAY;
        let (body, _) = ticket
            .sign(b"server secret")
            .rsplit_once('.')
            .map(|(b, s)| (b.to_string(), s.to_string()))
            .unwrap();
        let (_, signature) = token.rsplit_once('.').unwrap();
        format!("{body}.{signature}")
    };
    assert_eq!(
        Ticket::read(&later, b"server secret", NOW),
        Err(Refused::Forged)
    );
    assert_eq!(
        Ticket::read("no signature", b"server secret", NOW),
        Err(Refused::Malformed("signature"))
    );
}
