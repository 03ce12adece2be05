// The dashboard of `bench frames` in bubbletea with bubbles: 8 spinners, 4 progress bars and
// a 30-row window on a 10 000-row list whose selection moves one row an update, 120×40.
//   bubbletea-frames rate|idle SECONDS RESULT_FILE
// Built offline in GOPATH mode against the sources Debian packages
// (golang-github-charmbracelet-bubbletea-dev, -bubbles-dev). bubbletea draws at most 60
// frames a second, so it has no "as fast as it can" mode.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

const rows = 10000
const window = 30

type tick time.Time
type stop struct{}

type model struct {
	mode     string
	updates  int
	frames   int
	spinners []spinner.Model
	bars     []progress.Model
	offset   int
	end      time.Time
}

func every(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(t time.Time) tea.Msg { return tick(t) })
}

func (m model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.Tick(time.Until(m.end), func(time.Time) tea.Msg { return stop{} })}
	for _, s := range m.spinners {
		cmds = append(cmds, s.Tick)
	}
	if m.mode == "rate" {
		cmds = append(cmds, every(time.Second/60))
	}
	return tea.Batch(cmds...)
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case stop:
		return m, tea.Quit
	case tick:
		m.updates++
		selected := m.updates % rows
		if selected < m.offset {
			m.offset = selected
		} else if selected >= m.offset+window {
			m.offset = selected - window + 1
		}
		return m, every(time.Second / 60)
	case spinner.TickMsg:
		var cmds []tea.Cmd
		for i := range m.spinners {
			var cmd tea.Cmd
			m.spinners[i], cmd = m.spinners[i].Update(msg)
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	}
	return m, nil
}

func (m model) View() string {
	var b strings.Builder
	fmt.Fprintf(&b, "frames: dashboard · update %d\n", m.updates)
	left := []string{}
	for i, s := range m.spinners {
		left = append(left, fmt.Sprintf("%s spinner %d", s.View(), i+1))
	}
	if m.mode != "idle" {
		for i, bar := range m.bars {
			left = append(left, bar.ViewAs(float64((m.updates*(i+1))%101)/100))
		}
	}
	selected := m.updates % rows
	for line := 0; line < 39; line++ {
		l := ""
		if line < len(left) {
			l = left[line]
		}
		b.WriteString(l)
		if m.mode != "idle" && line < window {
			pad := 40 - lipglossWidth(l)
			if pad > 0 {
				b.WriteString(strings.Repeat(" ", pad))
			}
			index := m.offset + line
			if index == selected {
				fmt.Fprintf(&b, "\x1b[7m> row %05d\x1b[0m", index)
			} else {
				fmt.Fprintf(&b, "  row %05d", index)
			}
		}
		if line < 38 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// lipglossWidth: the cells a line takes, its escape sequences left out.
func lipglossWidth(s string) int {
	width, escape := 0, false
	for _, r := range s {
		switch {
		case r == 0x1b:
			escape = true
		case escape && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			escape = false
		case !escape:
			width++
		}
	}
	return width
}

// peakRSS: this process's peak resident memory in KiB (VmHWM: its own image, not its parent's).
func peakRSS() int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			fields := strings.Fields(line)
			if len(fields) > 1 {
				n, _ := strconv.Atoi(fields[1])
				return n
			}
		}
	}
	return 0
}

func main() {
	mode := "rate"
	seconds := 10
	result := "/dev/null"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	if len(os.Args) > 2 {
		seconds, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		result = os.Args[3]
	}
	m := model{mode: mode, end: time.Now().Add(time.Duration(seconds) * time.Second)}
	count := 8
	if mode == "idle" {
		count = 1
	}
	for i := 0; i < count; i++ {
		s := spinner.New()
		s.Spinner = spinner.Spinner{Frames: []string{"●∙∙∙", "∙●∙∙", "∙∙●∙", "∙∙∙●", "∙∙●∙", "∙●∙∙"}, FPS: time.Second / 10}
		m.spinners = append(m.spinners, s)
	}
	for i := 0; i < 4; i++ {
		bar := progress.New(progress.WithSolidFill("5"))
		bar.Width = 38
		m.bars = append(m.bars, bar)
	}
	final, err := tea.NewProgram(m, tea.WithAltScreen()).StartReturningModel()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fm := final.(model)
	os.WriteFile(result, []byte(fmt.Sprintf("%d %d %d\n", fm.updates, fm.frames, peakRSS())), 0o644)
}
