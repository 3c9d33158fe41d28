package club

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// Broker is how to reach the club's MQTT broker.
type Broker struct {
	URL      string // mqtt://HOST:1883, or mqtts://HOST:8883 for TLS
	Username string
	Password string
	CAFile   string // PEM file of the broker's certificate authority (TLS); "" = the system's
}

// Check says what is wrong with the broker's address.
func (b Broker) Check() error {
	_, err := b.parse()
	return err
}

func (b Broker) parse() (*url.URL, error) {
	u, err := url.Parse(b.URL)
	if err != nil {
		return nil, fmt.Errorf("broker %q: %w", b.URL, err)
	}
	switch u.Scheme {
	case "mqtt", "tcp", "mqtts", "tls", "ssl":
	default:
		return nil, fmt.Errorf("broker %q: want mqtt://HOST:PORT or mqtts://HOST:PORT", b.URL)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("broker %q: no host", b.URL)
	}
	if u.Port() == "" {
		port := "1883"
		if u.Scheme != "mqtt" && u.Scheme != "tcp" {
			port = "8883"
		}
		u.Host += ":" + port
	}
	if u.Scheme == "mqtts" || u.Scheme == "ssl" {
		u.Scheme = "tls"
	}
	return u, nil
}

// connect starts a connection that keeps reconnecting until ctx ends.
// up is called on every (re)connection.
func (b Broker) connect(ctx context.Context, clientID string, will *paho.WillMessage, up func(*autopaho.ConnectionManager), recv func(paho.PublishReceived) (bool, error)) (*autopaho.ConnectionManager, error) {
	u, err := b.parse()
	if err != nil {
		return nil, err
	}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{u},
		KeepAlive:                     10,
		CleanStartOnInitialConnection: true,
		ConnectRetryDelay:             time.Second,
		ReconnectBackoff:              func(int) time.Duration { return time.Second },
		ConnectTimeout:                5 * time.Second,
		WillMessage:                   will,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			slog.Info("club: connected to the broker", "broker", b.URL)
			go up(cm)
		},
		OnConnectError: func(err error) { slog.Debug("club: broker unreachable", "broker", b.URL, "err", err) },
		ClientConfig:   paho.ClientConfig{ClientID: clientID},
	}
	if b.Username != "" {
		cfg.ConnectUsername, cfg.ConnectPassword = b.Username, []byte(b.Password)
	}
	if u.Scheme == "tls" {
		tc := &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
		if b.CAFile != "" {
			pem, err := os.ReadFile(b.CAFile)
			if err != nil {
				return nil, fmt.Errorf("broker CA: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("broker CA %s: no PEM certificate in it", b.CAFile)
			}
			tc.RootCAs = pool
		}
		cfg.TlsCfg = tc
	}
	if recv != nil {
		cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){recv}
	}
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("broker %s: %w", b.URL, err)
	}
	return cm, nil
}
