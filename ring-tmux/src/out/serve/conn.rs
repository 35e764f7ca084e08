//! Connections: the accept loop, and each connection served with hyper's limits until it
//! ends, idles or is evicted.

use super::limits::{self, Slot};
use super::{HEAD_TIMEOUT, IDLE_TIMEOUT, MAX_HEAD, Shared, handle};
use ring_shared::t;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Accepts for ever. An accept that fails (out of file descriptors, out of memory, a
/// connection reset before it was taken) is logged and retried after a pause that grows to a
/// second: the connections already open keep being served, and as they end the next
/// accept succeeds.
pub(super) async fn accept(
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
) -> std::io::Error {
    const FIRST_PAUSE: Duration = Duration::from_millis(20);
    let mut pause = FIRST_PAUSE;
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                pause = FIRST_PAUSE;
                // A full pool whose connections are all busy: close the newcomer now.
                let Some(slot) = shared.conns.admit(peer.ip()) else {
                    continue;
                };
                let shared = Arc::clone(&shared);
                tokio::spawn(connection(stream, peer.ip(), slot, shared));
            }
            Err(e) => {
                if pause == FIRST_PAUSE {
                    shared.log.write(
                        shared.env.now(),
                        "serve",
                        &t!("err-serve-log-accept", error = e.to_string()),
                    );
                }
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// One connection: HTTP/1.1 with hyper's limits, until the client leaves, it is idle for
/// [`IDLE_TIMEOUT`], or a newcomer evicts it.
async fn connection(stream: tokio::net::TcpStream, peer: IpAddr, slot: Slot, shared: Arc<Shared>) {
    let marks = Arc::clone(&slot.marks);
    let service = {
        let marks = Arc::clone(&marks);
        hyper::service::service_fn(move |request| {
            let busy = marks.begin();
            let shared = Arc::clone(&shared);
            async move { Ok::<_, Infallible>(handle(request, peer, &shared, busy).await) }
        })
    };
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD);
    let served = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    tokio::select! {
        _ = served => {}
        () = marks.evicted.notified() => {}
        () = idle(&marks) => {}
    }
    drop(slot);
}

/// Returns once the connection has had no request in progress and none started for a whole
/// [`IDLE_TIMEOUT`] (checked every half of it).
async fn idle(marks: &limits::Marks) {
    let mut seen = marks.started.load(Ordering::SeqCst);
    let mut quiet = Duration::ZERO;
    loop {
        tokio::time::sleep(IDLE_TIMEOUT / 2).await;
        let started = marks.started.load(Ordering::SeqCst);
        if started != seen || marks.busy.load(Ordering::SeqCst) > 0 {
            seen = started;
            quiet = Duration::ZERO;
        } else {
            quiet += IDLE_TIMEOUT / 2;
            if quiet >= IDLE_TIMEOUT {
                return;
            }
        }
    }
}
