package daemon

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/service"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/referee"

	"github.com/godbus/dbus/v5"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/club"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/cmd/tableref/internal/learn"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/cmd/tableref/internal/web/cert"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/input"
	"github.com/tableref/tableref/hw/speech"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/camera"
)

// Deps are the parts Run does not make itself, so tests can pass fakes
// and cmd/tableref/run.go the real hardware.
type Deps struct {
	Stdout io.Writer
	// Display shows the referee's messages; nil means absent (the daemon
	// logs what it would show and goes on). DisplayNote says which
	// display it is, or why there is none.
	Display     display.Display
	DisplayNote string
	Indicator   present.Indicator  // LEDs and buzzer; nil: none fitted
	Buttons     <-chan input.Event // pressed buttons; nil: none fitted
	// OpenCamera opens the camera; nil opens cfg.Camera.Source with
	// vision/camera.
	OpenCamera func(ctx context.Context) (camera.Source, error)
	// NewScanner makes the scanner for a game (camera sources only).
	NewScanner func(s rules.Setup) (live.Scanner, error)
	// OnEnd prints the standings when a recording ends with at_end: stop.
	OnEnd func(w io.Writer, g rules.Game)
	// Ready is called once everything runs, with the status page's
	// address ("" when it is off).
	Ready func(webAddr string)
	Now   func() time.Time
	// Measuring hooks (tests and benchmarks): every camera frame as it is
	// read (1-based count), every screen as the display shows it.
	OnFrame func(n int64, at time.Time)
	OnShown func(s present.Screen, at time.Time)
	// OnLag is told each batch's display lag (see screenQueue).
	OnLag func(lag time.Duration)
	// Speech says announcements when speech.enabled; nil is espeak-ng
	// to ALSA (tests pass a recorder).
	Speech speech.Backend
	// Bus connects to avahi-daemon's bus to advertise the page on the LAN
	// (web.name); nil is the system bus.
	Bus func() (*dbus.Conn, error)
}

type newGameMsg struct {
	setup rules.Setup
	reply chan error
}

type muteMsg struct {
	muted bool
	reply chan error
}

type statusMsg struct {
	camera   *bool // camera state, when it changed
	text     string
	moving   *bool
	problems []string
	notices  []live.Notice
}

// daemon is one run: the referee goroutine's state and the channels that
// reach it.
type daemon struct {
	cfg  *config.Config
	deps Deps
	ref  *referee.Referee
	rec  *history.Recorder
	club *club.Table // nil when the table is in no club
	pres *present.Presenter
	web  *web.Server
	cert *cert.Cert // the page's certificate; nil over plain HTTP
	// speaker says the verdicts aloud; nil when speech is off.
	speaker *speech.Speaker
	lang    *words.Setting // the players' language (display, voice, page)

	snaps    chan live.Snapshot
	inputs   chan live.Input
	newGames chan newGameMsg
	mutes    chan muteMsg
	joins    chan joinMsg
	status   chan statusMsg
	scanners chan live.Scanner

	h       health
	tick    *service.Heartbeat // the referee loop's last turn, on the monotonic clock
	menuAsk time.Time          // when the menu button asked "new game?"
	// settlePick is the tied player the challenge button last offered as
	// the winner of an undecided tie (0: none offered yet).
	settlePick int
	ended      bool         // the recording ended with at_end: stop
	games      atomic.Int64 // games started in this run
	// noticed are the scanner's notices said (key → blocking).
	noticed map[string]bool
}

// Run is `tableref run`: it returns when ctx ends (SIGINT, SIGTERM) or a
// recording ends with at_end: stop, after stopping every goroutine.
func Run(ctx context.Context, cfg *config.Config, deps Deps) error {
	if deps.Stdout == nil {
		deps.Stdout = io.Discard
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	tuneMalloc()
	replayPath, isReplay := strings.CutPrefix(cfg.Camera.Source, live.ReplayPrefix)
	var spec camera.Spec
	if !isReplay {
		// Parsed also when a test opens the camera itself: the kind
		// decides whether frames are paced as a recording's.
		var err error
		if spec, err = camera.Parse(cfg.Camera.Source); err != nil && deps.OpenCamera == nil {
			return fmt.Errorf("camera.source: %w", err)
		}
	}
	if !isReplay && deps.OpenCamera == nil {
		deps.OpenCamera = func(ctx context.Context) (camera.Source, error) { return camera.Open(ctx, spec) }
		if spec.Kind == camera.KindFolder {
			deps.OpenCamera = func(context.Context) (camera.Source, error) { return camera.OpenFolder(spec.Target) }
		}
	}
	if !isReplay && deps.NewScanner == nil {
		return errors.New("no scanner for a camera source")
	}

	lock, err := live.LockCamera(cfg.LockDir, cfg.Camera.Source)
	if err != nil {
		return err
	}
	defer lock.Release()

	setup := cfg.Setup()
	if isReplay {
		if setup, err = live.ReadSetup(replayPath); err != nil {
			return fmt.Errorf("camera.source: %w", err)
		}
	}
	ref, start, resumed, err := referee.Open(cfg.Journal, setup, deps.Now)
	if err != nil {
		return err
	}
	defer ref.Close()
	// Every game into the history, from the journal, off the referee's
	// goroutine; the last record after every goroutine has returned.
	rec := history.NewRecorder(ctx, cfg.HistoryPath())
	defer func() {
		rec.Note(ref.Path())
		if err := rec.Close(); err != nil {
			slog.Warn("history", "err", err)
		}
	}()

	if resumed {
		if err := startNamed(cfg, setup, ref, rec, &start); err != nil {
			return err
		}
	}

	d := &daemon{cfg: cfg, deps: deps, ref: ref, rec: rec, tick: service.NewHeartbeat(),
		snaps: make(chan live.Snapshot, 4), inputs: make(chan live.Input, 8), newGames: make(chan newGameMsg), mutes: make(chan muteMsg), joins: make(chan joinMsg, 1),
		status: make(chan statusMsg, 16), scanners: make(chan live.Scanner, 1)}
	if cfg.Club.On() {
		b := club.Broker{URL: cfg.Club.Broker, Username: cfg.Club.Username, Password: cfg.Club.Password, CAFile: cfg.Club.CAFile}
		pub, err := club.Publish(ctx, b, cfg.Club.Name, cfg.Club.Table)
		if err != nil {
			return fmt.Errorf("club: %w", err)
		}
		defer pub.Close()
		d.club = club.NewTable(pub)
		slog.Info("club: publishing", "club", cfg.Club.Name, "table", cfg.Club.Table, "broker", cfg.Club.Broker)
	}
	d.h.display = deps.DisplayNote
	d.h.source = sourceLabel(cfg.Camera.Source, spec, isReplay)
	d.games.Store(1)
	dev := deps.Display
	if dev == nil {
		dev = present.NoDisplay{Why: deps.DisplayNote}
	}
	d.pres = present.NewPresenter(dev, deps.Indicator)
	d.pres.Shown, d.pres.OnLag = deps.OnShown, deps.OnLag
	configured, _ := words.Parse(cfg.Language) // Validate refused a language it does not speak
	d.lang = words.NewSetting(words.Choose(configured, ref.Setup().Mode))
	d.pres.Translate = d.lang.Lines

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	fatal := make(chan error, 4)
	spawn := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) {
				if name != "" {
					err = fmt.Errorf("%s: %w", name, err)
				}
				select {
				case fatal <- err:
				default:
				}
			}
		}()
	}
	defer wg.Wait() // after cancel: every goroutine has returned when Run does
	defer cancel()

	spawn("display", func() error { d.pres.Run(ctx); return nil })
	if cfg.Speech.Enabled {
		opt := cfg.Speech.Options()
		opt.Language = cmp.Or(opt.Language, string(d.lang.Get()))
		b := deps.Speech
		if b == nil {
			b = speech.NewEspeak(opt)
		}
		if speechTuning != nil {
			speechTuning(&opt)
		}
		d.speaker = speech.NewSpeaker(b, opt)
		d.h.speech = true
		spawn("speech", func() error { d.speaker.Run(ctx); return nil })
		slog.Info("speech on", "language", cmp.Or(cfg.Speech.Language, string(d.lang.Get())), "device", cmp.Or(cfg.Speech.Device, "default"))
	}

	// The status page's server exists before the sources (the scanner
	// hands it pictures); it starts serving once everything is set up.
	webAddr := ""
	var ln net.Listener
	var cam *live.Camera
	var scan *live.Scan
	if cfg.Web.Listen != config.Off {
		if ln, err = web.Listen(cfg.Web.Listen); err != nil {
			return web.ListenError(cfg.Web.Listen, err)
		}
		hosts := cfg.Web.Hosts
		if cfg.Web.OnLAN() {
			hosts = append(slices.Clone(hosts), web.PageNames(cfg.Web.Name)...)
		}
		if h, _, err := net.SplitHostPort(cfg.Web.Listen); err == nil && h != "" {
			hosts = append(slices.Clone(hosts), h) // the name it listens on is one of its names
		}
		learnPage := &learn.Page{
			Grab: func(ctx context.Context) (gocv.Mat, error) {
				if scan == nil {
					return gocv.NewMat(), errors.New("the referee plays a replay file, not a camera")
				}
				return scan.Grab(ctx)
			},
			NewLearner: learn.NewDefault,
			Dir:        paths.StateDir(),
			Install:    func(f *geo.DeckFile) (string, error) { return deckdir.Install(f, deckdir.InstallDir(true)) },
		}
		kept, err := web.Keep(filepath.Dir(cfg.Journal), cfg.Web.TLS, cfg.Web.CertFile, cfg.Web.KeyFile, hosts)
		if err != nil {
			return err
		}
		d.cert = kept.Cert
		pages := learnPage.Routes()
		if rec.Store() != nil {
			maps.Copy(pages, history.Routes(rec.Store()))
		}
		d.web = web.New(d, web.Options{PIN: cfg.Web.PIN, Hosts: hosts, Vitals: func() any { return d.vitals(cam, scan) }, Pages: pages, Key: kept.Key, Cert: d.cert})
		webAddr = ln.Addr().String()
	}

	// The source: a camera through the scanner, or a replay file.
	ended := make(chan struct{})
	restart := make(chan struct{})
	if isReplay {
		skip := 0
		if resumed {
			skip = ref.Entries()
		}
		fd := &live.Feed{Path: replayPath, Speed: cfg.Camera.Speed, Snaps: d.snaps, Ins: d.inputs}
		spawn("replay source", func() error {
			return loopSource(ctx, func() error { err := fd.Run(ctx, skip); skip = 0; return err }, ended, restart)
		})
		d.h.cameraOK, d.h.camera = true, "replay "+replayPath
	} else {
		fps := 0.0
		if spec.Kind == camera.KindFile || spec.Kind == camera.KindFolder || spec.Kind == 0 {
			fps = cfg.Camera.FPS // a recording (or a test's camera): play it at camera pace
		}
		cam = live.NewCamera(deps.OpenCamera, fps, d.cameraStatus)
		// A recording that cannot be read does not come back by waiting:
		// it stops tableref with the reason instead of being retried.
		cam.Recording = spec.Kind == camera.KindFile || spec.Kind == camera.KindFolder
		cam.EveryFrame = cfg.Camera.Play == config.PlayEvery
		cam.OnFrame = deps.OnFrame
		scan = live.NewScan(cam, d.scanners, d.snaps, d.movingStatus, deps.Now())
		if d.web != nil {
			scan.Picture, scan.Publish = d.web.Watching, d.web.SetFrame
		}
		if err := d.newScanner(); err != nil {
			return err
		}
		spawn("", func() error { return loopSource(ctx, func() error { return cam.Run(ctx) }, ended, restart) }) // its errors start with "camera:"
		spawn("scanner", func() error { return scan.Run(ctx) })
		d.h.camera = "opening " + cfg.Camera.Source
	}
	if d.web != nil {
		spawn("status page", func() error { return d.web.Serve(ctx, ln) })
		slog.Info("status page", "url", d.web.Scheme()+"://"+webAddr+"/")
	}
	nt := service.NewNotifier()
	spawn("watchdog", func() error {
		nt.Watchdog(ctx, func() bool { return d.tick.Within(10 * time.Second) })
		return nil
	})

	if d.web != nil && cfg.Web.OnLAN() {
		// On the network: advertise the page and say on the display how
		// a phone joins, before the game's first screens.
		port := web.Port(ln)
		bus := deps.Bus
		if cfg.Web.Name == "" {
			bus = func() (*dbus.Conn, error) { return nil, errors.New("web.name is empty") }
		}
		spawn("", func() error { d.advertiseStage(ctx, port, bus); return nil })
		select {
		case j := <-d.joins:
			d.joined(j, port)
		case <-time.After(joinWait):
		}
	}
	if d.rec != nil {
		d.club.Resend(ctx, d.rec.Store())
	}
	d.club.Update(d.ref.Setup(), d.ref.Game(), d.ref.Path(), start)
	d.say(start, time.Time{})
	d.publish()
	nt.Send("READY=1\nSTATUS=refereeing " + ref.Setup().Mode)
	if deps.Ready != nil {
		deps.Ready(webAddr)
	}
	err = d.loop(ctx, ended, restart, fatal)
	nt.Send("STOPPING=1")
	cancel()
	wg.Wait()
	if cam != nil {
		cam.Close()
	}
	if deps.Indicator != nil {
		_ = deps.Indicator.Off()
	}
	if d.ended && deps.OnEnd != nil {
		deps.OnEnd(deps.Stdout, ref.Game()) // after the display's last screen
	}
	v := d.vitals(cam, scan)
	slog.Info("stopped", "peak_rss_mb", round1(v.PeakRSSMB), "frames", v.Frames, "scanned", v.Scanned, "games", v.Games)
	return err
}

// loopSource runs a source; when it ends it reports on ended and waits for
// restart (at_end: loop) or the end of ctx.
func loopSource(ctx context.Context, run func() error, ended, restart chan struct{}) error {
	for {
		err := run()
		if !errors.Is(err, live.ErrEnded) {
			return err
		}
		select {
		case ended <- struct{}{}:
		case <-ctx.Done():
			return nil
		}
		select {
		case <-restart:
		case <-ctx.Done():
			return nil
		}
	}
}

// loop is the referee goroutine: the only one that touches the game, the
// journal and the health record.
func (d *daemon) loop(ctx context.Context, ended, restart chan struct{}, fatal chan error) error {
	alive := time.NewTicker(time.Second)
	defer alive.Stop()
	for {
		d.tick.Beat()
		select {
		case <-ctx.Done():
			slog.Info("stopping", "why", context.Cause(ctx))
			return nil
		case err := <-fatal:
			return err
		case <-alive.C:
		case m := <-d.snaps:
			d.observe(m)
			if m.Done != nil {
				close(m.Done)
			}
		case m := <-d.inputs:
			m.Reply <- d.input(m.In, m.T)
		case m := <-d.newGames:
			m.reply <- d.newGame(m.setup)
		case m := <-d.mutes:
			m.reply <- d.setMuted(m.muted)
		case j := <-d.joins:
			d.joined(j, d.h.port)
		case s := <-d.status:
			d.applyStatus(s)
		case <-ended:
			d.drainSnapshots()
			switch d.cfg.Camera.AtEnd {
			case config.AtEndStop:
				slog.Info("the recording ended")
				d.ended = true
				d.pres.Wait(4 * present.VerdictHold)
				return nil
			case config.AtEndLoop:
				slog.Info("the recording ended: starting it again with a new game")
				if err := d.newGame(d.ref.Setup()); err != nil {
					return err
				}
				select {
				case restart <- struct{}{}:
				case <-ctx.Done():
				}
			default:
				slog.Info("the recording ended; the status page stays up until tableref is stopped")
				d.h.cameraOK, d.h.camera = false, "the recording ended"
				d.publish()
				if d.deps.OnEnd != nil {
					// The standings once the display has said the end;
					// the referee goes on answering the page meanwhile.
					g := freeze(d.ref.Game())
					go func() {
						d.pres.Wait(4 * present.VerdictHold)
						d.deps.OnEnd(d.deps.Stdout, g)
					}()
				}
			}
		case ev, ok := <-d.deps.Buttons: // nil when no buttons: never ready
			if ok {
				d.button(ev)
			}
		}
	}
}

// drainSnapshots judges the snapshots already sent when a recording ends:
// its last move is judged before the end is said.
func (d *daemon) drainSnapshots() {
	for {
		select {
		case m := <-d.snaps:
			d.observe(m)
			if m.Done != nil {
				close(m.Done)
			}
		default:
			return
		}
	}
}

func (d *daemon) observe(m live.Snapshot) {
	t := m.T
	if t < 0 {
		if d.ref.Same(m.Table) {
			return // a live source saw the same table again: nothing happened
		}
		t = d.ref.T()
	}
	evs, err := d.ref.Observe(t, m.Table)
	if d.journalFailed(err) {
		return
	}
	d.tableRead()
	d.noteHistory(evs)
	d.club.Update(d.ref.Setup(), d.ref.Game(), d.ref.Path(), evs)
	d.say(evs, m.At)
	d.publish()
}

// noteHistory asks for the game to be recorded again when the referee
// judged something: the history follows the game as it goes.
func (d *daemon) noteHistory(evs []rules.Event) {
	for _, e := range evs {
		switch e.Kind {
		case rules.EventVerdict, rules.EventPoints, rules.EventEnd, rules.EventInfo:
			d.rec.Note(d.ref.Path())
			return
		}
	}
}

func (d *daemon) input(in rules.Input, t float64) error {
	if t < 0 {
		t = d.ref.T()
	}
	evs, err := d.ref.Input(t, in)
	if d.journalFailed(err) {
		return err
	}
	if err != nil {
		return err
	}
	slog.Info("input", "type", in.Type, "player", in.Player)
	d.noteHistory(evs)
	d.club.Update(d.ref.Setup(), d.ref.Game(), d.ref.Path(), evs)
	d.say(evs, time.Time{})
	d.publish()
	return nil
}

func (d *daemon) newGame(s rules.Setup) error {
	d.rec.Keep(d.ref.Path()) // before the journal is moved aside
	evs, err := d.ref.NewGame(s)
	if d.journalFailed(err) || err != nil {
		return err
	}
	d.games.Add(1)
	d.club.Update(d.ref.Setup(), d.ref.Game(), d.ref.Path(), evs)
	if err := d.newScanner(); err != nil {
		slog.Error("scanner for the new game", "err", err)
	}
	d.say(evs, time.Time{})
	d.publish()
	return nil
}

// vitals are the process figures with the pipeline's counters.
func (d *daemon) vitals(cam *live.Camera, scan *live.Scan) service.Vitals {
	v := service.ReadVitals()
	if cam != nil {
		v.Frames = cam.Frames()
	}
	if scan != nil {
		v.Scanned = scan.Scanned()
	}
	v.Games = int(d.games.Load())
	last, worst := d.pres.Lag()
	v.DisplayLagMs, v.DisplayLagWorstMs = last.Milliseconds(), worst.Milliseconds()
	return v
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

func (d *daemon) newScanner() error {
	if d.deps.NewScanner == nil {
		return nil
	}
	sc, err := d.deps.NewScanner(d.ref.Setup())
	if err != nil {
		return err
	}
	select { // replace a scanner not yet taken
	case <-d.scanners:
	default:
	}
	d.scanners <- sc
	return nil
}

// journalFailed handles an error from the journal: the referee refuses to
// act on what it could not record, and says so on every output until a
// write succeeds again. It returns true when err is a journal error.
func (d *daemon) journalFailed(err error) bool {
	if err == nil {
		if d.h.journal != "" {
			slog.Info("journal writable again")
			d.h.journal = ""
		}
		return false
	}
	if !errors.Is(err, journal.ErrDiskFull) && !errors.Is(err, journal.ErrBroken) && !strings.Contains(err.Error(), "journal") {
		return false
	}
	first := d.h.journal == ""
	d.h.journal = err.Error()
	slog.Error("journal: cannot record, the referee has stopped judging", "err", err)
	if first {
		l2 := "Journal error"
		if errors.Is(err, journal.ErrDiskFull) {
			l2 = "Disk full!"
		}
		d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{"REFEREE STOPPED", l2}, Verdict: display.Wrong}, Hold: present.VerdictHold, Class: present.ClassSystem}})
	}
	d.publish()
	return true
}

func (d *daemon) say(evs []rules.Event, at time.Time) {
	for _, e := range evs {
		slog.Info("referee", "kind", e.Kind, "player", e.Player, "verdict", e.Verdict, "says", e.Long)
	}
	sc := present.Screens(evs, at)
	if len(sc) > 0 {
		last := sc[len(sc)-1]
		if last.Scores == nil {
			d.h.screen = last.Msg
		}
		for _, s := range sc {
			if s.Msg.Verdict != display.None {
				d.h.screen = s.Msg // the page shows the verdict, not the turn after it
			}
		}
	}
	d.pres.Send(sc)
	d.speak(evs, at)
}

func (d *daemon) publish() {
	if d.web != nil {
		st := view(d.ref, d.h)
		st.Lang = string(d.lang.Get())
		d.web.Publish(st)
	}
}

// SetLanguage implements web.Languager: the page's language picker. The
// display and the voice read it at their next words.
func (d *daemon) SetLanguage(l words.Lang) { d.lang.Set(l) }

// cameraStatus is called by the camera goroutine.
func (d *daemon) cameraStatus(ok bool, text string) {
	select {
	case d.status <- statusMsg{camera: &ok, text: text}:
	default:
	}
}

// movingStatus is called by the scanner goroutine.
func (d *daemon) movingStatus(moving bool, problems []string, notices []live.Notice) {
	select {
	case d.status <- statusMsg{moving: &moving, problems: problems, notices: notices}:
	default:
	}
}

func (d *daemon) applyStatus(s statusMsg) {
	if s.camera != nil {
		was := d.h.cameraOK
		d.h.cameraOK, d.h.camera = *s.camera, s.text
		switch {
		case !*s.camera:
			slog.Warn("camera", "status", s.text)
			d.pres.Send([]present.Screen{{Msg: display.Message{Lines: live.CameraDown(s.text), Verdict: display.Warn}, Hold: present.VerdictHold, Class: present.ClassSystem}})
		case !was && strings.HasPrefix(s.text, "camera back"):
			slog.Info("camera", "status", s.text)
			d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{"Camera back", "Play on"}}, Hold: present.ReadHold, Class: present.ClassSystem}, {Msg: d.h.screen, Hold: present.ReadHold}})
		}
	}
	if s.moving != nil {
		d.h.moving, d.h.problems = *s.moving, s.problems
		d.notices(s.notices)
	}
	d.publish()
}

// Input implements web.Backend: it hands the input to the referee
// goroutine and waits for its answer.
func (d *daemon) Input(ctx context.Context, in rules.Input) error {
	m := live.Input{In: in, T: -1, Reply: make(chan error, 1)}
	return ask(ctx, d.inputs, m, m.Reply)
}

// NewGame implements web.Backend.
func (d *daemon) NewGame(ctx context.Context, s rules.Setup) error {
	m := newGameMsg{setup: s, reply: make(chan error, 1)}
	return ask(ctx, d.newGames, m, m.reply)
}

// SetMuted implements web.Muter: the page's speech button.
func (d *daemon) SetMuted(ctx context.Context, muted bool) error {
	m := muteMsg{muted: muted, reply: make(chan error, 1)}
	return ask(ctx, d.mutes, m, m.reply)
}

// ask sends m to the referee goroutine and waits for its reply, giving up
// when ctx ends (the page says the referee is busy rather than hanging).
func ask[M any](ctx context.Context, to chan<- M, m M, reply <-chan error) error {
	select {
	case to <- m:
	case <-ctx.Done():
		return errors.New("the referee is busy: try again")
	}
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		return errors.New("the referee did not answer")
	}
}

// sourceLabel is the camera in words for the page: never the path of a
// recording (a cache folder means nothing to the players).
func sourceLabel(source string, spec camera.Spec, replay bool) string {
	switch {
	case replay:
		return "replay"
	case spec.Kind == camera.KindFile || spec.Kind == camera.KindFolder:
		return "recording"
	case spec.Kind == camera.KindRpicam || strings.TrimSpace(source) == "pi":
		return "Pi camera"
	case spec.Kind == camera.KindV4L2:
		return "USB camera"
	}
	return "camera"
}

// frozen is a game's result at one moment, safe to read from another
// goroutine while the referee goes on (a new game from the page).
type frozen struct {
	rules.Game // nil: only the results below may be asked for
	scores     []rules.Score
	winners    []int
	finished   bool
}

func freeze(g rules.Game) frozen {
	return frozen{scores: g.Scores(), winners: g.Winners(), finished: g.Finished()}
}

func (f frozen) Scores() []rules.Score { return f.scores }
func (f frozen) Winners() []int        { return f.winners }
func (f frozen) Finished() bool        { return f.finished }

// speechTuning lets a test that plays a recording a hundred times faster
// than a voice speaks keep every announcement: the bounded queue and the
// staleness limit would otherwise drop some whenever the machine is busy,
// by design (hw/speech tests those limits).
var speechTuning func(*speech.Options)
