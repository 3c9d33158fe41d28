package club

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"
)

//go:embed static
var static embed.FS

// Options are `tableref club`'s.
type Options struct {
	Broker Broker
	Club   string
	Listen string    // the page's address, 127.0.0.1:8090
	Since  time.Time // the evening's start (zero: today's midnight)
	// Ready, when set, gets the page's address once it listens.
	Ready func(addr string)
}

// Handler serves the club page and its API for v.
func Handler(v *View) http.Handler {
	sub, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/club", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(v.Snapshot())
	})
	return secure(mux)
}

func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		web.SetSecurityHeaders(w.Header()) // the status site's policy, one for both
		h.ServeHTTP(w, r)
	})
}

// Serve follows the club on the broker and serves its page until ctx
// ends. The broker may be down at the start: the page says so.
func Serve(ctx context.Context, o Options, out io.Writer) error {
	if err := CheckName("--club", o.Club); err != nil {
		return err
	}
	if err := o.Broker.Check(); err != nil {
		return err
	}
	since := o.Since
	if since.IsZero() {
		y, m, d := time.Now().Date()
		since = time.Date(y, m, d, 0, 0, 0, 0, time.Local)
	}
	v := NewView(o.Club, since)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if _, err := v.Follow(ctx, o.Broker); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return fmt.Errorf("--listen: %w", err)
	}
	srv := &http.Server{Handler: Handler(v), ReadHeaderTimeout: 5 * time.Second}
	fmt.Fprintf(out, "The club %s: http://%s/ (broker %s)\n", o.Club, ln.Addr(), o.Broker.URL)
	if o.Ready != nil {
		o.Ready(ln.Addr().String())
	}
	go func() {
		<-ctx.Done()
		sctx, c := context.WithTimeout(context.Background(), 2*time.Second)
		defer c()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("club page: %w", err)
	}
	slog.Info("club: stopped")
	return nil
}
