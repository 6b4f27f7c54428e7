//! conn: the accept loop and what a connection may cost. Every connection is served by
//! hyper's HTTP/1 with a header-read timeout ([`ServeConfig::idle_timeout`]: a request
//! head must arrive within it, and a connection idle between requests that long is
//! closed, since hyper times the wait for the next head too); the body of a request
//! is read within the same time (`error::ApiJson`). At most
//! [`ServeConfig::max_connections`] are open at once: past it, and whenever the process
//! runs out of file descriptors, the connection idle the longest (no request being
//! answered, no answer being written) is closed to make room, so idle sockets can never keep a new request
//! (`GET /`) out; if every connection is busy, the new one is closed at once.

use super::ServeConfig;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::task::AbortHandle;

/// One open connection as the accept loop sees it.
struct Open {
    /// Requests being answered on it.
    busy: Arc<AtomicUsize>,
    /// Closes it.
    abort: AbortHandle,
    /// Set when it is closed to make room: its task then counts itself out of
    /// [`Table::closing`] once its socket is gone.
    closed: Arc<AtomicBool>,
}

/// The open connections, by the order they were accepted.
#[derive(Default)]
struct Table {
    open: Mutex<BTreeMap<u64, Open>>,
    /// Connections closed to make room whose task (and socket) is not dropped yet: an
    /// aborted task lets its file descriptor go only when the runtime next polls it.
    closing: Arc<AtomicUsize>,
}

impl Table {
    fn len(&self) -> usize {
        self.open.lock().map_or(0, |m| m.len())
    }

    /// Closes the oldest connection that answers no request; whether there was one.
    fn close_idle(&self) -> bool {
        let Ok(mut open) = self.open.lock() else {
            return false;
        };
        let idle = open
            .iter()
            .find(|(_, c)| c.busy.load(Ordering::Acquire) == 0)
            .map(|(&id, _)| id);
        match idle.and_then(|id| open.remove(&id)) {
            Some(c) => {
                self.closing.fetch_add(1, Ordering::AcqRel);
                c.closed.store(true, Ordering::Release);
                c.abort.abort();
                true
            }
            None => false,
        }
    }

    fn remove(&self, id: u64) {
        if let Ok(mut open) = self.open.lock() {
            open.remove(&id);
        }
    }
}

/// Lives in a connection's task: when the task ends or is aborted (its socket
/// dropped with it), takes the connection out of the table, or out of
/// [`Table::closing`] if it was closed to make room.
struct Leave {
    table: Arc<Table>,
    id: u64,
    closed: Arc<AtomicBool>,
}

impl Drop for Leave {
    fn drop(&mut self) {
        if self.closed.load(Ordering::Acquire) {
            self.table.closing.fetch_sub(1, Ordering::AcqRel);
        } else {
            self.table.remove(self.id);
        }
    }
}

/// Counts a request as being answered while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn enter(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::AcqRel);
        Busy(count.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A response body that keeps its connection counted as busy until it is dropped
/// (written in full, or the connection gone).
struct Guarded {
    inner: axum::body::Body,
    _busy: Busy,
}

impl http_body::Body for Guarded {
    type Data = <axum::body::Body as http_body::Body>::Data;
    type Error = <axum::body::Body as http_body::Body>::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Whether an accept error means the process (or system) is out of file descriptors.
fn out_of_descriptors(e: &std::io::Error) -> bool {
    // EMFILE (24) and ENFILE (23) on Linux and the BSDs.
    matches!(e.raw_os_error(), Some(23 | 24))
}

/// Serves `app` on `listener` with the connection limits of `config` until `shutdown`
/// completes; open connections are then closed.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    config: &ServeConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let table = Arc::new(Table::default());
    let max = config.max_connections.max(1);
    let timeout = config.idle_timeout;
    let service = TowerToHyperService::new(app);
    let mut next: u64 = 0;
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            a = listener.accept() => a,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) if out_of_descriptors(&e) => {
                // Make room and try again; if nothing is idle, wait for one to end.
                // While connections closed earlier still hold their descriptors, wait
                // for those rather than close more: closing faster than the runtime
                // drops the sockets would empty the table, fresh connections whose
                // request is on its way included.
                if table.closing.load(Ordering::Acquire) > 0 {
                    tokio::time::sleep(Duration::from_millis(1)).await;
                } else if !table.close_idle() {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                continue;
            }
            Err(_) => {
                // A connection that failed before it was accepted (reset): go on.
                tokio::time::sleep(Duration::from_millis(1)).await;
                continue;
            }
        };
        if table.len() >= max && !table.close_idle() {
            // Every connection is answering a request: this one waits for none.
            drop(stream);
            continue;
        }
        let _ = stream.set_nodelay(true);
        next += 1;
        let id = next;
        let busy = Arc::new(AtomicUsize::new(0));
        let count = busy.clone();
        let svc = service.clone();
        let handler = hyper::service::service_fn(move |req| {
            let guard = Busy::enter(&count);
            let answer = hyper::service::Service::call(&svc, req);
            async move {
                // Busy until the answer's body is written, not only produced.
                let answer = answer.await?;
                Ok::<_, std::convert::Infallible>(answer.map(|inner| Guarded {
                    inner,
                    _busy: guard,
                }))
            }
        });
        let closed = Arc::new(AtomicBool::new(false));
        let leave = Leave {
            table: table.clone(),
            id,
            closed: closed.clone(),
        };
        // The table's lock is held until the connection is in it, so that a
        // connection that ends at once is not left behind in it.
        let Ok(mut open) = table.open.lock() else {
            continue;
        };
        let task = tokio::spawn(async move {
            let _leave = leave;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(timeout)
                .keep_alive(true);
            let _ = http.serve_connection(TokioIo::new(stream), handler).await;
        });
        open.insert(
            id,
            Open {
                busy,
                abort: task.abort_handle(),
                closed,
            },
        );
    }
    if let Ok(mut open) = table.open.lock() {
        for (_, c) in std::mem::take(&mut *open) {
            c.abort.abort();
        }
    }
    Ok(())
}
