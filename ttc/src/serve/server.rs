//! The connection layer under the router: hyper's HTTP/1 server with a
//! bound on the request head (`--max-header-bytes`, else 431) and on the
//! time to send it (`--header-timeout`, which also closes idle
//! keep-alive connections), on the time an answer may wait for a client
//! that does not read (`--write-timeout`, [`WriteBound`]), on open
//! connections (`--max-connections`, else a JSON 503 and close:
//! [`Refusals`]), and graceful shutdown on SIGTERM or Ctrl-C: no new
//! connection is accepted, requests in flight finish, idle connections
//! close.

use super::args::Limits;
use super::refusal::Refusals;
use super::stall::WriteBound;
use anyhow::Result;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

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
    let mut refusals = Refusals::new(limits.max_connections);
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
            refusals.refuse(stream);
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
