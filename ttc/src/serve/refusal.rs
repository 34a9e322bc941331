//! The answer to a connection over `--max-connections`: a JSON 503 and
//! close. The answer is written at once; the socket is then kept until
//! the client closes its side, at most [`LINGER`], so that closing does
//! not reset the connection before the client has read the answer.
//!
//! At most [`REFUSALS`] refused sockets linger at once. When one more
//! arrives, the oldest is told to finish now (it drops what its client
//! has sent so far and closes) rather than the newest being closed
//! unanswered: clients that connect and then neither send nor close could
//! otherwise fill every lingering place and leave a normal request with
//! no answer at all (issue 38, item 7).

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

/// Refused sockets lingering at once; past this the oldest is hurried.
pub const REFUSALS: usize = 64;

/// Longest time a refused socket is kept for its client to close first.
pub const LINGER: Duration = Duration::from_secs(1);

/// The raw HTTP/1.1 answer to a connection over the limit of `max`.
fn over_limit_answer(max: u32) -> String {
    let body = serde_json::json!({
        "error": format!(
            "too many open connections (the server keeps {max}); retry shortly"
        )
    })
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\ncache-control: no-store\r\nretry-after: 1\r\n\
         connection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The refusals lingering now, oldest first.
pub struct Refusals {
    /// The answer, shared by every refusal.
    answer: Arc<str>,
    /// One per lingering refusal: dropping it hurries that refusal; it is
    /// closed once the refusal ended.
    live: VecDeque<oneshot::Sender<()>>,
}

impl Refusals {
    /// No refusal yet, answering with the limit `max_connections`.
    pub fn new(max_connections: u32) -> Refusals {
        Refusals {
            answer: over_limit_answer(max_connections).into(),
            live: VecDeque::with_capacity(REFUSALS),
        }
    }

    /// Answers `stream` with the 503 in a task of its own, after hurrying
    /// the oldest lingering refusal if [`REFUSALS`] are lingering.
    pub fn refuse(&mut self, stream: TcpStream) {
        self.live.retain(|s| !s.is_closed());
        if self.live.len() >= REFUSALS {
            self.live.pop_front();
        }
        let (hurry, hurried) = oneshot::channel();
        self.live.push_back(hurry);
        tokio::spawn(refuse(stream, self.answer.clone(), hurried));
    }
}

/// Writes `answer` to `stream`, shuts its sending side, then reads (and
/// drops) what the client sends until it closes, [`LINGER`] passes or
/// `hurry` fires (its sender dropped); a hurried socket drops what has
/// arrived and closes at once.
async fn refuse(mut stream: TcpStream, answer: Arc<str>, hurry: oneshot::Receiver<()>) {
    let deadline = tokio::time::Instant::now() + LINGER;
    let written = async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    };
    if !matches!(tokio::time::timeout_at(deadline, written).await, Ok(Ok(()))) {
        return;
    }
    let mut sink = [0u8; 4096];
    let until_closed = async {
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let hurried = tokio::select! {
        _ = tokio::time::timeout_at(deadline, until_closed) => false,
        _ = hurry => true,
    };
    if hurried {
        // What arrived already is dropped, so that closing sends no reset
        // for it; the answer and the end of the stream are on their way.
        while matches!(stream.try_read(&mut sink), Ok(n) if n > 0) {}
    }
}
