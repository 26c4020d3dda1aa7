//! A bare HTTP/1.1 client for tests of the bot's own server: one request
//! per connection, the answer read to its end.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What the server answered.
pub struct Answer {
    /// The status code (0 if the answer was unreadable).
    pub status: u16,
    /// The status line and headers.
    pub head: String,
    /// The body, as sent.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The value of header `name`, if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then_some(value.trim())
        })
    }
}

/// `GET path` at `address` with extra `headers`.
pub async fn get(address: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(address, "GET", path, headers, "").await
}

/// `POST path` at `address` with extra `headers` and `body` (as text).
pub async fn post(address: SocketAddr, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    request(address, "POST", path, headers, body).await
}

async fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let length = body.len();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\n{extra}Content-Type: text/plain\r\n\
         Content-Length: {length}\r\nConnection: close\r\n\r\n{body}"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(response.len());
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let body = response.get(split + 4..).unwrap_or_default().to_vec();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer { status, head, body }
}

/// Serves `routes` on a free local port; returns its address.
pub async fn serve(routes: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, routes).await });
    address
}
