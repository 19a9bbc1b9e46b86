//! Threads below the players' priority (issue 18: bot work never starves the threads that
//! answer players): one pool for the bots, one per thinking slot, and one for analysis (odds,
//! replay marks). A fixed number of OS threads take work from a queue; each lowers its own scheduling priority to the lowest (nice 19) when it starts, so a
//! busy machine gives the players' requests, the store and the sockets the CPU first and the
//! bots what is left. Bots still think as fast as an idle machine allows.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

type Work = Box<dyn FnOnce() + Send>;

/// Threads below the players' priority.
#[derive(Debug)]
pub struct LowPool {
    jobs: mpsc::Sender<Work>,
}

/// Lowers the calling thread's priority to the least (for the normal policy, nice 19: on
/// Linux a thread's own). Failing is harmless: the bot runs at normal priority.
fn lower_priority() {
    let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
}

impl LowPool {
    /// `threads` threads (at least one), named `muster-NAME-I`.
    #[must_use]
    pub fn new(name: &str, threads: usize) -> LowPool {
        let (jobs, queue) = mpsc::channel::<Work>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("muster-{name}-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = queue.lock().map_or(None, |q| q.recv().ok());
                        match job {
                            Some(work) => work(),
                            None => break,
                        }
                    }
                })
                .expect("a bot thread starts");
        }
        LowPool { jobs }
    }

    /// Runs `work` on a bot thread and answers its result (`None` if it panicked).
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        let job: Work = Box::new(move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            let _ = tx.send(out.ok());
        });
        self.jobs.send(job).ok()?;
        rx.await.ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_on_a_lowered_bot_thread_and_a_panic_is_none() {
        let pool = LowPool::new("bot", 1);
        let (name, stat) = pool
            .run(|| {
                (std::thread::current().name().map(str::to_string), std::fs::read_to_string("/proc/thread-self/stat"))
            })
            .await
            .unwrap();
        assert_eq!(name.as_deref(), Some("muster-bot-0"));
        // Linux: the thread's nice value is field 19 of its stat line (after the name).
        if let Ok(stat) = stat {
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            let nice: i32 = after_name.split(' ').nth(16).unwrap().parse().unwrap();
            assert!(nice > 0, "the bot thread runs below normal priority: nice {nice}");
        }
        assert_eq!(pool.run(|| -> u8 { panic!("a bot bug") }).await, None);
        assert_eq!(pool.run(|| 7).await, Some(7), "the thread survives a panic");
    }
}
