//! Runs bench tasks on N workers, each task in its own `certa bench-task`
//! process, with a progress display; rows come back in task order.

use super::{Row, Task};
use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How progress is shown on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Quiet,
    /// One status line, redrawn in place (stderr is a terminal).
    Bar,
    /// One plain line per finished task (stderr is a file or pipe, as in CI).
    Lines,
}

struct State {
    done: usize,
    solved: usize,
    wrong: usize,
    running: Vec<String>,
}

/// Tasks done, solved and running, shown as they change.
pub struct Progress {
    mode: Mode,
    total: usize,
    state: Mutex<State>,
}

impl Progress {
    pub fn new(mode: Mode, total: usize) -> Progress {
        Progress {
            mode,
            total,
            state: Mutex::new(State {
                done: 0,
                solved: 0,
                wrong: 0,
                running: Vec::new(),
            }),
        }
    }

    pub fn quiet() -> Progress {
        Progress::new(Mode::Quiet, 0)
    }

    /// A bar when stderr is a terminal, else plain lines.
    pub fn for_stderr(total: usize) -> Progress {
        let mode = if std::io::stderr().is_terminal() {
            Mode::Bar
        } else {
            Mode::Lines
        };
        Progress::new(mode, total)
    }

    fn start(&self, task: &Task) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.running.push(task.file.clone());
        if self.mode == Mode::Bar {
            self.draw(&st);
        }
    }

    fn finish(&self, task: &Task, row: &Row) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.done += 1;
        let definite = row.verdict == "safe" || row.verdict == "unsafe";
        if definite && row.verdict == row.expected {
            st.solved += 1;
        } else if definite {
            st.wrong += 1;
        }
        if let Some(i) = st.running.iter().position(|f| f == &task.file) {
            st.running.remove(i);
        }
        match self.mode {
            Mode::Quiet => {}
            Mode::Bar => self.draw(&st),
            Mode::Lines => eprintln!(
                "[{:>w$}/{}] {:<8} {:>8.2}s  {}{}",
                st.done,
                self.total,
                row.verdict.split(' ').next().unwrap_or(""),
                row.seconds,
                task.file,
                row.cache_note(),
                w = self.total.to_string().len()
            ),
        }
    }

    fn draw(&self, st: &State) {
        let running = st.running.join(", ");
        let mut line = format!(
            "[{}/{}] solved {}{} | {}",
            st.done,
            self.total,
            st.solved,
            if st.wrong > 0 {
                format!(", WRONG {}", st.wrong)
            } else {
                String::new()
            },
            running
        );
        line.truncate(line.char_indices().nth(150).map_or(line.len(), |(i, _)| i));
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
    }

    /// Clears the bar (the table follows on stdout).
    pub fn close(&self) {
        if self.mode == Mode::Bar {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}

/// Runs `f` on every task with `jobs` workers; the rows are in task order
/// whatever order they finish in. With one job, the tasks run on the calling
/// thread.
pub fn run_all<F>(tasks: &[Task], jobs: usize, progress: &Progress, f: F) -> Vec<Row>
where
    F: Fn(&Task) -> Row + Sync,
{
    let one = |t: &Task| {
        progress.start(t);
        let row = f(t);
        progress.finish(t, &row);
        row
    };
    let jobs = jobs.clamp(1, tasks.len().max(1));
    let rows = if jobs == 1 {
        tasks.iter().map(one).collect()
    } else {
        let next = AtomicUsize::new(0);
        let slots: Mutex<Vec<Option<Row>>> = Mutex::new(vec![None; tasks.len()]);
        let work = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(t) = tasks.get(i) else { break };
            let row = one(t);
            slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(row);
        };
        std::thread::scope(|s| {
            // A worker thread that cannot be had leaves its share to the
            // others; the calling thread works too.
            for _ in 1..jobs {
                let _ = std::thread::Builder::new()
                    .stack_size(checker::STACK_BYTES)
                    .spawn_scoped(s, &work);
            }
            work();
        });
        let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
        slots
            .into_iter()
            .map(|r| r.expect("every task ran"))
            .collect()
    };
    progress.close();
    rows
}

/// Runs one task as `exe bench-task ...` with `args` (the run's options)
/// and reads its row from the child's stdout. The child is killed after
/// `limit`; a crash, a kill or unreadable output gives an `unknown` row that
/// says so, never a verdict.
pub fn in_child(exe: &Path, args: &[OsString], task: &Task, limit: Duration) -> Row {
    let failed = |why: String| Row {
        set: task.set.display().to_string(),
        index: task.index,
        file: task.file.clone(),
        expected: task.expected.clone(),
        verdict: format!("unknown ({why})"),
        check: "-".into(),
        reason: why,
        ..Row::default()
    };
    let mut cmd = Command::new(exe);
    cmd.arg("bench-task")
        .arg("--set")
        .arg(&task.set)
        .arg("--file")
        .arg(&task.file)
        .arg("--expected")
        .arg(&task.expected)
        .arg("--index")
        .arg(task.index.to_string())
        .args(args)
        .stderr(Stdio::inherit());
    let (ended, text) = run_group(&mut cmd, limit);
    let status = match ended {
        Ended::Exited(s) => Ok(s),
        Ended::Killed => Err(format!(
            "killed by bench after {:.0} s: the task's process overran its limits",
            limit.as_secs_f64()
        )),
        Ended::Failed(why) => Err(why),
    };
    match status {
        Err(why) => failed(why),
        Ok(s) if !s.success() => failed(format!("the task's process crashed ({s})")),
        Ok(_) => match text
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map(serde_json::from_str::<Row>)
        {
            Some(Ok(row)) if row.index == task.index && row.file == task.file => row,
            Some(Ok(_)) => failed("the task's process answered for another task".into()),
            Some(Err(e)) => failed(format!("unreadable row from the task's process: {e}")),
            None => failed("the task's process printed no row".into()),
        },
    }
}

/// How a [`run_group`] child ended.
#[derive(Debug)]
pub enum Ended {
    Exited(std::process::ExitStatus),
    /// Still running at the limit: its whole process group was killed.
    Killed,
    /// It could not be started or waited for.
    Failed(String),
}

/// Runs `cmd` (stdin closed, stdout captured; stderr as the caller set it)
/// in its own process group, so that a kill reaches anything it started
/// too, and kills that group once `limit` has passed. Returns how it ended
/// and everything it printed on stdout.
pub fn run_group(cmd: &mut Command, limit: Duration) -> (Ended, String) {
    let start = Instant::now();
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            let name = cmd.get_program().to_string_lossy().into_owned();
            return (
                Ended::Failed(format!("cannot start {name}: {e}")),
                String::new(),
            );
        }
    };
    // Read stdout on its own thread so a chatty child cannot block on a full pipe.
    let mut out = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let slot = Running::register(child.id());
    // A thread of its own waits for the child, so that its end is seen the
    // moment it happens (polling with growing pauses timed a 17 ms run as
    // 31 ms and a 2 ms one as 3 ms).
    let pid = child.id();
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let status = child.wait();
        let _ = done_tx.send(());
        (status, child)
    });
    let remaining = limit.saturating_sub(start.elapsed());
    let in_time = done_rx.recv_timeout(remaining).is_ok();
    if !in_time {
        kill_group(pid);
    }
    let joined = waiter.join();
    Running::unregister(slot);
    let ended = match joined {
        Ok((Ok(status), _)) if in_time => Ended::Exited(status),
        Ok((Ok(_), _)) => Ended::Killed,
        Ok((Err(e), _)) => Ended::Failed(format!("cannot wait for the process: {e}")),
        Err(_) => Ended::Failed("the thread waiting for the process panicked".into()),
    };
    let text = reader.join().unwrap_or_default();
    (ended, text)
}

/// The process groups of the children running now, so that a bench ended
/// by SIGINT (Ctrl-C reaches only the terminal's foreground group, and each
/// child has a group of its own) or SIGTERM takes them with it: Golem's
/// engine processes ran on for minutes after an interrupted `bench --vs`.
struct Running;

/// Slots of [`Running`]: a group id, or 0. More children than slots at
/// once (more than `-j 256`) are not followed.
static RUNNING: [std::sync::atomic::AtomicI32; 256] =
    [const { std::sync::atomic::AtomicI32::new(0) }; 256];

impl Running {
    fn register(pid: u32) -> Option<usize> {
        static HANDLERS: std::sync::Once = std::sync::Once::new();
        HANDLERS.call_once(|| {
            for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                // SAFETY: installs a handler that only reads atomics and calls
                // async-signal-safe functions (kill, signal, raise).
                unsafe {
                    libc::signal(
                        sig,
                        kill_children_and_die as *const () as libc::sighandler_t,
                    );
                }
            }
        });
        let pid = i32::try_from(pid).ok()?;
        RUNNING.iter().position(|g| {
            g.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        })
    }

    fn unregister(slot: Option<usize>) {
        if let Some(i) = slot {
            RUNNING[i].store(0, Ordering::SeqCst);
        }
    }
}

/// The handler of [`Running`]: kills every running child's group, then
/// dies of the same signal.
extern "C" fn kill_children_and_die(sig: libc::c_int) {
    for g in &RUNNING {
        let pid = g.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill(2) is async-signal-safe; the group is one we created.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    // SAFETY: signal(2) and raise(3) are async-signal-safe.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Kills the process group led by `pid`.
fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill(2) on a process group id we created; no memory is touched.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// In a `bench-task` process: exits when the bench that started it is gone
/// (killed or interrupted), instead of running on as an orphan.
pub fn exit_with_parent() {
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(500));
        if std::os::unix::process::parent_id() != parent {
            std::process::exit(2);
        }
    });
}
