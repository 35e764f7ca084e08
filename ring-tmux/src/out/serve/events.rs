//! `GET /api/events`: the board's change feed as server-sent events, one stream per client.

use super::reply::{self, Response};
use super::{Shared, limits};
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::Frame;
use ring_shared::t;
use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

/// How long an event stream stays silent before a comment line checks the client is there.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// `GET /api/events`: the snapshot now, then each new one, as server-sent events. At most
/// [`limits::Limits::streams_per_ip`] at once from one address (429 past that).
pub(super) fn events(peer: IpAddr, shared: &Arc<Shared>, busy: limits::Busy) -> Response {
    let Some(stream) = shared.conns.stream(peer) else {
        return reply::json_error(429, &t!("err-serve-streams"));
    };
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        let mut listener = shared.hub.join();
        let _ = tx.send(Bytes::from_static(b"retry: 1000\n\n")).await;
        let reader = shared.reader.clone();
        let first = tokio::task::spawn_blocking(move || reader.read("snapshot")).await;
        if let Some(snapshot) = first.ok().flatten()
            && tx.send(event(&snapshot)).await.is_err()
        {
            return;
        }
        loop {
            let next = tokio::select! {
                changed = listener.changes.changed() => match changed {
                    Ok(()) => listener
                        .changes
                        .borrow_and_update()
                        .as_deref()
                        .map(|s| event(s)),
                    Err(_) => return,
                },
                () = tokio::time::sleep(KEEPALIVE) => Some(Bytes::from_static(b": keepalive\n\n")),
                () = tx.closed() => return,
            };
            if let Some(bytes) = next
                && tx.send(bytes).await.is_err()
            {
                return;
            }
        }
    });
    let body = EventBody {
        rx,
        _held: (stream, busy),
    };
    let mut response = reply::with(200, "text/event-stream", body.boxed());
    response.headers_mut().insert(
        "connection",
        hyper::header::HeaderValue::from_static("close"),
    );
    response
}

/// One `snapshot` event (the JSON is one line).
fn event(snapshot: &str) -> Bytes {
    Bytes::from(format!("event: snapshot\ndata: {snapshot}\n\n"))
}

/// An event stream's body: what its task sends, while the stream's count and the
/// connection's busy mark are held (dropped with the body when the client leaves).
struct EventBody {
    rx: tokio::sync::mpsc::Receiver<Bytes>,
    _held: (limits::Stream, limits::Busy),
}

impl hyper::body::Body for EventBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.rx.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b))))
    }
}
