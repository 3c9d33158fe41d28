package web

import (
	"log/slog"
	"net/http"
)

// toHTTPS answers a plain HTTP request on the HTTPS port with the same
// address over HTTPS, for the page's own names only (as the page itself:
// no redirect to a name someone else chose).
func (s *Server) toHTTPS() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetSecurityHeaders(w.Header())
		if !s.hosts.allowed(r.Host) {
			http.Error(w, "tableref: not a name of this referee", http.StatusMisdirectedRequest)
			return
		}
		slog.Debug("web: plain HTTP sent to HTTPS", "from", r.RemoteAddr, "path", r.URL.Path)
		http.Redirect(w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusMovedPermanently)
	})
}
