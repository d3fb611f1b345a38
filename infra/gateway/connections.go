package gateway

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/coder/websocket"
)

// serveConnections is the management API: POST sends data to a
// connection, GET describes it, DELETE disconnects it. A connection that
// is not open answers 410 GoneException, as on AWS. Only loopback callers
// are served: on AWS the endpoint needs IAM credentials, here it trusts
// the machine.
func (g *Gateway) serveConnections(w http.ResponseWriter, r *http.Request, id string) {
	if !isLoopback(r.RemoteAddr) {
		writeAWSError(w, http.StatusForbidden, "ForbiddenException", "Forbidden")
		return
	}
	g.mu.Lock()
	c := g.conns[id]
	g.mu.Unlock()
	if c == nil {
		writeAWSError(w, http.StatusGone, "GoneException", "")
		return
	}
	switch r.Method {
	case http.MethodPost:
		data, err := io.ReadAll(io.LimitReader(r.Body, MaxMessage+1))
		if err != nil {
			writeAWSError(w, http.StatusBadRequest, "BadRequestException", err.Error())
			return
		}
		if len(data) > MaxMessage {
			writeAWSError(w, http.StatusRequestEntityTooLarge, "PayloadTooLargeException", "Payload too large")
			return
		}
		switch err := c.send(r.Context(), g.opts.PostTimeout, data); {
		case errors.Is(err, errNoTurn):
			// The caller went away while other posts were written:
			// nothing was sent, and the connection is still there.
			writeAWSError(w, http.StatusServiceUnavailable, "ServiceUnavailableException", "the post was abandoned before it was written")
			return
		case err != nil:
			// A write that failed has closed the connection or is
			// about to (the library closes it on a stalled write);
			// close it here too, so that 410 always means gone.
			go c.close(websocket.StatusGoingAway, "")
			writeAWSError(w, http.StatusGone, "GoneException", "")
			return
		}
		c.touch()
		w.WriteHeader(http.StatusOK)
	case http.MethodGet:
		writeJSON(w, http.StatusOK, map[string]any{
			"connectedAt":  c.connectedAt.UTC().Format(isoLayout),
			"lastActiveAt": c.lastActiveAt().UTC().Format(isoLayout),
			"identity":     map[string]string{"sourceIp": c.sourceIP, "userAgent": c.userAgent},
		})
	case http.MethodDelete:
		go c.close(websocket.StatusNormalClosure, "")
		w.WriteHeader(http.StatusNoContent)
	default:
		writeMessage(w, http.StatusMethodNotAllowed, "Method Not Allowed")
	}
}

const isoLayout = "2006-01-02T15:04:05.000Z"

// writeAWSError answers as an AWS REST-JSON service does, so the SDK
// client returns the typed error (types.GoneException, ...).
func writeAWSError(w http.ResponseWriter, status int, errType, message string) {
	w.Header().Set("X-Amzn-ErrorType", errType)
	writeMessage(w, status, message)
}

func isLoopback(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackHost reports whether a Host header names the loopback
// interface: localhost, an address in 127.0.0.0/8 or ::1, with or without
// a port.
func loopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		h = host[1 : len(host)-1]
	}
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
