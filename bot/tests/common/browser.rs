//! A real browser for the page tests: Debian's headless Chromium, driven
//! through ChromeDriver's WebDriver API (plain HTTP and JSON). Each
//! [`Browser`] is its own ChromeDriver and window, phone-sized, with an
//! empty profile; dropping it ends both.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long a test waits for the browser to show something: generous, for
/// a loaded machine; a wait ends as soon as the page shows it.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// One headless Chromium window.
pub struct Browser {
    driver: Child,
    base: String,
    http: reqwest::Client,
    profile: std::path::PathBuf,
}

/// A free port on loopback.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// ChromeDriver's answer to `request`.
async fn answer(request: reqwest::RequestBuilder) -> Value {
    let sent = request.send().await.expect("chromedriver answers");
    sent.json().await.expect("a JSON answer")
}

impl Browser {
    /// Starts ChromeDriver and a Chromium window the size of a phone.
    pub async fn start() -> Browser {
        let port = free_port();
        // Chromium's own scratch folders go inside the profile, which goes
        // when the browser does.
        let profile = std::env::temp_dir().join(format!("seance-chromium-{port}"));
        std::fs::create_dir_all(profile.join("tmp")).expect("a profile folder");
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .env("TMPDIR", profile.join("tmp"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (Debian's chromium-driver; .ci/run installs it)");
        let http = reqwest::Client::new();
        let driver_url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + PATIENCE;
        loop {
            let ready = http.get(format!("{driver_url}/status")).send().await;
            if ready.is_ok() {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver never answered");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=390,844",
                    format!("--user-data-dir={}", profile.join("data").display()),
                ],
            },
        }}});
        let answer = answer(
            http.post(format!("{driver_url}/session"))
                .json(&capabilities),
        )
        .await;
        let session = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {answer}"));
        Browser {
            driver,
            base: format!("{driver_url}/session/{session}"),
            http,
            profile,
        }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        answer(request).await["value"].clone()
    }

    /// Opens `url`.
    pub async fn open(&self, url: &str) {
        self.call(reqwest::Method::POST, "/url", Some(json!({"url": url})))
            .await;
    }

    /// The value of a script run in the page (`return ...;`).
    pub async fn run(&self, script: &str) -> Value {
        self.run_with(script, json!([])).await
    }

    /// [`Browser::run`] with `args` as the script's `arguments`.
    pub async fn run_with(&self, script: &str, args: Value) -> Value {
        let body = json!({"script": script, "args": args});
        self.call(reqwest::Method::POST, "/execute/sync", Some(body))
            .await
    }

    /// What a script that ends by calling its last argument passes to it.
    pub async fn run_async(&self, script: &str) -> Value {
        let body = json!({"script": script, "args": []});
        self.call(reqwest::Method::POST, "/execute/async", Some(body))
            .await
    }

    /// Waits until `script` returns something other than null or false;
    /// returns it.
    pub async fn until(&self, what: &str, script: &str) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let value = self.run(script).await;
            if !(value.is_null() || value == json!(false)) {
                return value;
            }
            if Instant::now() > deadline {
                let seen = self
                    .run("return [location.href, document.body && document.body.innerText];")
                    .await;
                panic!("the page never showed {what}: {seen}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Taps the element that `selector` finds, as a finger would.
    pub async fn tap(&self, selector: &str) {
        let body = json!({"using": "css selector", "value": selector});
        let found = self
            .call(reqwest::Method::POST, "/element", Some(body))
            .await;
        let id = found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("nothing on the page matches {selector}: {found}"));
        let clicked = self
            .call(
                reqwest::Method::POST,
                &format!("/element/{id}/click"),
                Some(json!({})),
            )
            .await;
        assert!(clicked.is_null(), "tapping {selector} failed: {clicked}");
    }

    /// The window as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.call(reqwest::Method::GET, "/screenshot", None).await;
        base64::engine::general_purpose::STANDARD
            .decode(shot.as_str().expect("a screenshot"))
            .expect("base64")
    }
}

impl Browser {
    /// Ends the session, which closes Chromium, then the driver.
    pub async fn close(self) {
        let _ = self.http.delete(&self.base).send().await;
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
