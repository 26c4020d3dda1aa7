//! What the fake platform servers of the front-end tests share: serving on
//! loopback and reading the multipart bodies that carry pictures.

use axum::Router;

/// One part of a multipart body.
pub struct Part {
    /// The form field's name.
    pub name: String,
    /// The file's name, for a file.
    pub file_name: Option<String>,
    /// The content.
    pub bytes: Vec<u8>,
}

/// Serves `app` on a free loopback port; returns `http://address`.
pub async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

/// The parts of a multipart body.
pub fn multipart(content_type: &str, body: &[u8]) -> Vec<Part> {
    let boundary = content_type
        .split("boundary=")
        .nth(1)
        .unwrap_or("")
        .trim_matches('"');
    let delimiter = format!("--{boundary}");
    let quoted = |head: &str, key: &str| {
        head.split(key)
            .nth(1)
            .and_then(|n| n.split('"').next())
            .map(str::to_string)
    };
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter.as_bytes()) {
        rest = &rest[start + delimiter.len()..];
        let Some(head_end) = find(rest, b"\r\n\r\n") else {
            break;
        };
        let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
        let content = &rest[head_end + 4..];
        let end = find(content, delimiter.as_bytes()).unwrap_or(content.len());
        let bytes = content[..end]
            .strip_suffix(b"\r\n")
            .unwrap_or(&content[..end]);
        parts.push(Part {
            name: quoted(&head, " name=\"").unwrap_or_default(),
            file_name: quoted(&head, "filename=\""),
            bytes: bytes.to_vec(),
        });
        rest = &content[end..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
