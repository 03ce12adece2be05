// `bench progress`'s peer: ten million `inc(1)` on an indicatif bar drawn to standard error
// (a pseudo-terminal the bench reads), then the nanoseconds a step and the seconds on
// standard output. With an argument of seconds, the same steps are spread over that long.
use indicatif::{ProgressBar, ProgressStyle};
use std::time::{Duration, Instant};

fn main() {
    let steps: u64 = 10_000_000;
    let paced: Option<f64> = std::env::args().nth(1).and_then(|s| s.parse().ok());
    let bar = ProgressBar::new(steps);
    bar.set_style(ProgressStyle::with_template("{msg} {wide_bar} {percent}% {pos}/{len} · {per_sec} · ETA {eta}").unwrap());
    bar.set_message("counting");
    let start = Instant::now();
    match paced {
        Some(seconds) => {
            let chunk = Duration::from_secs_f64(seconds / (steps / 1000) as f64);
            for index in 1..=(steps / 1000) {
                for _ in 0..1000 {
                    bar.inc(1);
                }
                let due = chunk * index as u32;
                let now = start.elapsed();
                if now < due {
                    std::thread::sleep(due - now);
                }
            }
        }
        None => {
            for _ in 0..steps {
                bar.inc(1);
            }
        }
    }
    let took = start.elapsed().as_secs_f64();
    bar.finish();
    println!("{} {}", took / steps as f64 * 1e9, took);
}
