//! The connection layer under the router: hyper's HTTP/1 server with a
//! bound on the request head (`--max-header-bytes`, else 431) and on the
//! time to send it (`--header-timeout`, which also closes idle
//! keep-alive connections), on the time an answer may wait for a client
//! that does not read (`--write-timeout`, [`WriteBound`]), on open
//! connections (`--max-connections`, else a JSON 503 and close; at most
//! 64 such refusals at once, past them the socket just closes), and graceful
//! shutdown on SIGTERM or Ctrl-C: no new connection is accepted, requests
//! in flight finish, idle connections close.

use super::args::Limits;
use super::stall::WriteBound;
use anyhow::Result;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Connections over the limit being answered at once; more are closed
/// without an answer.
const REFUSALS: usize = 64;

/// Answer to a connection over the limit, with its JSON body.
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

/// Answers a connection over the limit with 503 and closes it, reading
/// (and dropping) what the client sends for up to a second first, so
/// that closing does not reset the connection before the answer is read.
async fn refuse(mut stream: TcpStream, answer: Arc<str>) {
    let work = async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), work).await;
}

/// Resolves on SIGTERM or Ctrl-C (SIGINT).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serves `app` on `listener` within `limits` until SIGTERM or Ctrl-C,
/// then waits for requests in flight (at most the request time limit
/// plus the header timeout) and returns.
///
/// # Errors
/// None so far: a failed accept (out of file descriptors, say) is
/// reported on standard error and retried after 100 ms.
pub async fn serve(listener: TcpListener, app: Router, limits: &Limits) -> Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(limits.max_header_bytes as usize)
        .keep_alive(true);
    let open = Arc::new(Semaphore::new(limits.max_connections as usize));
    let refusing = Arc::new(Semaphore::new(REFUSALS));
    let answer: Arc<str> = over_limit_answer(limits.max_connections).into();
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(shutdown_signal());
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    eprintln!("accepting a connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            // Refusals are bounded too: past them, the socket just closes.
            if let Ok(r) = refusing.clone().try_acquire_owned() {
                let answer = answer.clone();
                tokio::spawn(async move {
                    refuse(stream, answer).await;
                    drop(r);
                });
            }
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(WriteBound::new(stream, limits.write_timeout));
        let conn = http.serve_connection(io, TowerToHyperService::new(app.clone()));
        let watched = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = watched.await;
            drop(permit);
        });
    }
    drop(listener);
    eprintln!("shutting down: finishing the requests in flight");
    let grace = limits.request_timeout + limits.header_timeout;
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        eprintln!("shutting down: connections still open after {grace:?} were dropped");
    }
    Ok(())
}
