// The dashboard of `bench frames` in tui-rs: 8 spinners, 4 gauges and a 30-row window on a
// 10 000-row list whose selection moves one row an update, on a 120×40 terminal.
//   tui-frames rate|fast|idle SECONDS RESULT_FILE
use crossterm::{
    event::{poll, read},
    execute,
    terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen},
};
use std::io::{stdout, Write};
use std::time::{Duration, Instant};
use tui::{
    backend::CrosstermBackend,
    layout::{Constraint, Direction, Layout},
    style::{Color, Modifier, Style},
    text::{Span, Spans},
    widgets::{Block, Borders, Gauge, List, ListItem, ListState, Paragraph},
    Terminal,
};

const FRAMES: [&str; 6] = ["●∙∙∙", "∙●∙∙", "∙∙●∙", "∙∙∙●", "∙∙●∙", "∙●∙∙"];
const ROWS: usize = 10_000;

const WINDOW: usize = 30;

struct Model {
    updates: usize,
    started: Instant,
    offset: usize,
    items: Vec<String>,
}

impl Model {
    /// The selection moves a row; the window follows it (only the rows in view are handed
    /// to the List each frame, as a careful tui-rs program does).
    fn update(&mut self) {
        self.updates += 1;
        let selected = self.updates % ROWS;
        if selected < self.offset {
            self.offset = selected;
        } else if selected >= self.offset + WINDOW {
            self.offset = selected + 1 - WINDOW;
        }
    }
}

/// This process's peak resident memory, KiB (VmHWM: of its own image, not its parent's).
fn peak_rss() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

fn draw<B: tui::backend::Backend>(terminal: &mut Terminal<B>, model: &mut Model, spinners: usize) -> std::io::Result<()> {
    let elapsed = model.started.elapsed().as_millis() as usize;
    let updates = model.updates;
    terminal.draw(|f| {
        let area = f.size();
        let rows = Layout::default()
            .direction(Direction::Vertical)
            .constraints([Constraint::Length(1), Constraint::Min(0)])
            .split(area);
        f.render_widget(Paragraph::new(format!("frames: dashboard · update {}", updates)), rows[0]);
        let columns = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Length(40), Constraint::Min(0)])
            .split(rows[1]);
        let list_area = Layout::default()
            .direction(Direction::Vertical)
            .constraints([Constraint::Length(WINDOW as u16 + 2), Constraint::Min(0)])
            .split(columns[1])[0];
        let mut left: Vec<Constraint> = (0..spinners).map(|_| Constraint::Length(1)).collect();
        if spinners > 1 {
            left.extend((0..4).map(|_| Constraint::Length(1)));
        }
        left.push(Constraint::Min(0));
        let cells = Layout::default().direction(Direction::Vertical).constraints(left).split(columns[0]);
        for i in 0..spinners {
            let frame = FRAMES[(elapsed / (110 + i * 10)) % FRAMES.len()];
            let line = Spans::from(vec![
                Span::styled(frame, Style::default().fg(Color::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" spinner {}", i + 1)),
            ]);
            f.render_widget(Paragraph::new(line), cells[i]);
        }
        if spinners > 1 {
            for i in 0..4 {
                let percent = ((updates * (i + 1)) % 101) as u16;
                let gauge = Gauge::default().gauge_style(Style::default().fg(Color::Magenta)).percent(percent);
                f.render_widget(gauge, cells[spinners + i]);
            }
            let items: Vec<ListItem> = model.items[model.offset..model.offset + WINDOW].iter().map(|s| ListItem::new(s.as_str())).collect();
            let list = List::new(items)
                .block(Block::default().borders(Borders::ALL).title("rows"))
                .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
                .highlight_symbol("> ");
            let mut state = ListState::default();
            state.select(Some(updates % ROWS - model.offset));
            f.render_stateful_widget(list, list_area, &mut state);
        }
    })?;
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("rate").to_string();
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let result = args.get(3).cloned().unwrap_or_else(|| "/dev/null".into());
    enable_raw_mode()?;
    let mut out = stdout();
    execute!(out, EnterAlternateScreen)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    let mut model = Model { updates: 0, started: Instant::now(), offset: 0, items: (0..ROWS).map(|i| format!("row {:05}", i)).collect() };
    let end = model.started + Duration::from_secs(seconds);
    let spinners = if mode == "idle" { 1 } else { 8 };
    let mut frames = 0usize;
    let tick = if mode == "idle" { Duration::from_millis(100) } else { Duration::from_micros(16_667) };
    let mut next = Instant::now();
    loop {
        let now = Instant::now();
        if now >= end {
            break;
        }
        if mode == "fast" {
            model.update();
        } else {
            // One blocking poll until the next frame is due, or input.
            if next > now && poll(next - now)? {
                let _ = read()?;
                continue;
            }
            next += tick;
            if mode == "rate" {
                model.update();
            }
        }
        draw(&mut terminal, &mut model, spinners)?;
        frames += 1;
    }
    let mut out = stdout();
    execute!(out, LeaveAlternateScreen)?;
    disable_raw_mode()?;
    std::fs::write(result, format!("{} {} {}\n", model.updates, frames, peak_rss()))?;
    out.flush()
}
