// Verify Hookline webhook signatures in Go (standard library only).
//
// Copy Verify into your receiver and call it with the raw request body (the bytes exactly as
// received: read r.Body before any JSON decoding), the request headers and your secret, or for an
// ed25519 subscription its public key whpk_<base64> (GET /v1/webhooks/{id}/signing-key); an error
// means answer 401. The official Standard Webhooks library for Go checks v1 (HMAC) only, so v1a
// (Ed25519) is checked with the standard library's crypto/ed25519. Run as a program, it checks every vector of schemas/signature-test-vectors.json
// and exits non-zero on any mismatch:
//
//	go run verify_vectors.go [path/to/signature-test-vectors.json]
package main

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// VerificationError's Code is missing_header, malformed_header, timestamp_outside_tolerance or no_matching_signature.
type VerificationError struct{ Code, Message string }

func (e *VerificationError) Error() string { return e.Code + ": " + e.Message }

func fail(code, format string, args ...any) error {
	return &VerificationError{code, fmt.Sprintf(format, args...)}
}

var (
	hexSHA256     = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
	base64SHA256  = regexp.MustCompile(`^[A-Za-z0-9+/]{43}=$`)
	base64Ed25519 = regexp.MustCompile(`^[A-Za-z0-9+/]{86}==$`)
	unixSeconds   = regexp.MustCompile(`^[0-9]{1,15}$`)
)

// parsed is what one scheme's headers say: the signatures, the bytes signed before the body, the key.
type parsed struct {
	signatures [][]byte
	prefix     string
	key        func(secret string) []byte
	timestamp  *int64
}

// header joins a header received several times with its list separator, so every entry counts.
func header(h http.Header, name string) (string, error) {
	separator := ","
	if name == "webhook-signature" {
		separator = " "
	}
	value := strings.TrimSpace(strings.Join(h.Values(name), separator))
	if value == "" {
		return "", fail("missing_header", "%s", name)
	}
	return value, nil
}

func parseTimestamp(name, value string) (*int64, error) {
	if !unixSeconds.MatchString(value) {
		return nil, fail("malformed_header", "%s is not unix seconds", name)
	}
	t, _ := strconv.ParseInt(value, 10, 64)
	return &t, nil
}

// keyValues splits "a=1,b=2" into the values of each key, in order.
func keyValues(name, value string) (map[string][]string, error) {
	entries := map[string][]string{}
	for _, entry := range strings.Split(value, ",") {
		key, rest, found := strings.Cut(strings.TrimSpace(entry), "=")
		if !found || key == "" {
			return nil, fail("malformed_header", "%s: entry %q is not key=value", name, entry)
		}
		entries[key] = append(entries[key], rest)
	}
	return entries, nil
}

func hexSignatures(name string, values []string) ([][]byte, error) {
	var signatures [][]byte
	for _, v := range values {
		if !hexSHA256.MatchString(v) {
			return nil, fail("malformed_header", "%s: a signature is not 64 hex digits", name)
		}
		decoded, _ := hex.DecodeString(v)
		signatures = append(signatures, decoded)
	}
	if len(signatures) == 0 {
		return nil, fail("malformed_header", "%s has no signature entry", name)
	}
	return signatures, nil
}

func utf8Key(secret string) []byte { return []byte(secret) }

// standardWebhooksKey: a whsec_<base64> secret signs Standard Webhooks base64-decoded; any other as UTF-8.
func standardWebhooksKey(secret string) []byte {
	if encoded, ok := strings.CutPrefix(secret, "whsec_"); ok {
		key, _ := base64.StdEncoding.DecodeString(encoded)
		return key
	}
	return []byte(secret)
}

func parseXSignature(h http.Header) (*parsed, error) {
	value, err := header(h, "x-signature")
	if err != nil {
		return nil, err
	}
	entries, err := keyValues("x-signature", value)
	if err != nil {
		return nil, err
	}
	signatures, err := hexSignatures("x-signature", entries["sha256"])
	return &parsed{signatures, "", utf8Key, nil}, err
}

func parseXWebhookSignature(h http.Header) (*parsed, error) {
	value, err := header(h, "x-webhook-signature")
	if err != nil {
		return nil, err
	}
	entries, err := keyValues("x-webhook-signature", value)
	if err != nil {
		return nil, err
	}
	if len(entries["t"]) != 1 {
		return nil, fail("malformed_header", "x-webhook-signature needs exactly one t= entry")
	}
	t, err := parseTimestamp("x-webhook-signature", entries["t"][0])
	if err != nil {
		return nil, err
	}
	signatures, err := hexSignatures("x-webhook-signature", entries["v1"])
	return &parsed{signatures, entries["t"][0] + ".", utf8Key, t}, err
}

// publicKeyPrefix marks an Ed25519 public key: it checks the v1a signatures, any other secret the v1 ones.
const publicKeyPrefix = "whpk_"

func parseStandardWebhooks(h http.Header) (*parsed, error) {
	return parseStandard(h, "v1", base64SHA256)
}

func parseStandard(h http.Header, wanted string, shape *regexp.Regexp) (*parsed, error) {
	var values [3]string
	for i, name := range []string{"webhook-id", "webhook-timestamp", "webhook-signature"} {
		value, err := header(h, name)
		if err != nil {
			return nil, err
		}
		values[i] = value
	}
	t, err := parseTimestamp("webhook-timestamp", values[1])
	if err != nil {
		return nil, err
	}
	var signatures [][]byte
	for _, entry := range strings.Fields(values[2]) {
		version, value, found := strings.Cut(entry, ",")
		if !found || version == "" {
			return nil, fail("malformed_header", "webhook-signature: entry %q is not version,signature", entry)
		}
		if version != wanted {
			continue // the other versions are not this secret's
		}
		if !shape.MatchString(value) {
			return nil, fail("malformed_header", "webhook-signature: a %s signature is malformed", wanted)
		}
		decoded, _ := base64.StdEncoding.DecodeString(value)
		signatures = append(signatures, decoded)
	}
	if len(signatures) == 0 {
		return nil, fail("malformed_header", "webhook-signature has no %s entry", wanted)
	}
	return &parsed{signatures, values[0] + "." + values[1] + ".", standardWebhooksKey, t}, nil
}

var schemes = map[string]func(http.Header) (*parsed, error){
	"x-signature":         parseXSignature,
	"x-webhook-signature": parseXWebhookSignature,
	"standard-webhooks":   parseStandardWebhooks,
}

// Verify checks one delivery; scheme is "standard-webhooks", "x-webhook-signature" or "x-signature".
func Verify(scheme string, body []byte, h http.Header, secret string, now time.Time, tolerance time.Duration) error {
	parse, ok := schemes[scheme]
	if !ok {
		return fmt.Errorf("unknown scheme %q", scheme)
	}
	asymmetric := strings.HasPrefix(secret, publicKeyPrefix)
	if asymmetric && scheme != "standard-webhooks" {
		return fmt.Errorf("a whpk_ public key verifies Standard Webhooks (v1a) only")
	}
	if asymmetric {
		parse = func(h http.Header) (*parsed, error) { return parseStandard(h, "v1a", base64Ed25519) }
	}
	p, err := parse(h)
	if err != nil {
		return err
	}
	if p.timestamp != nil {
		age := now.Unix() - *p.timestamp
		if age > int64(tolerance.Seconds()) || -age > int64(tolerance.Seconds()) {
			return fail("timestamp_outside_tolerance", "%d is %d s from now", *p.timestamp, age)
		}
	}
	if asymmetric {
		return verifyEd25519(p, body, secret)
	}
	mac := hmac.New(sha256.New, p.key(secret))
	mac.Write([]byte(p.prefix))
	mac.Write(body)
	expected := mac.Sum(nil)
	for _, signature := range p.signatures {
		if hmac.Equal(expected, signature) { // constant time
			return nil
		}
	}
	return fail("no_matching_signature", "no signature matches")
}

// verifyEd25519 checks the v1a signatures of "<id>.<t>.<body>" with the whpk_<base64> public key.
func verifyEd25519(p *parsed, body []byte, publicKey string) error {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(publicKey, publicKeyPrefix))
	if err != nil || len(raw) != ed25519.PublicKeySize {
		return fmt.Errorf("a whpk_ public key is base64 of %d bytes", ed25519.PublicKeySize)
	}
	message := append([]byte(p.prefix), body...)
	for _, signature := range p.signatures {
		if ed25519.Verify(ed25519.PublicKey(raw), message, signature) {
			return nil
		}
	}
	return fail("no_matching_signature", "no signature matches")
}

type vectorFile struct {
	ToleranceSeconds int64 `json:"toleranceSeconds"`
	Vectors          []struct {
		Name, Scheme, Secret, Body string
		Headers                    map[string]string
		Now                        int64
		Expected                   map[string]any
	}
}

func main() {
	_, self, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(self), "..", "..", "..", "schemas", "signature-test-vectors.json")
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	var file vectorFile
	if err := json.Unmarshal(data, &file); err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	failures := 0
	for _, v := range file.Vectors {
		h := http.Header{}
		for name, value := range v.Headers {
			h.Set(name, value)
		}
		err := Verify(v.Scheme, []byte(v.Body), h, v.Secret, time.Unix(v.Now, 0), time.Duration(file.ToleranceSeconds)*time.Second)
		got := map[string]any{"valid": true}
		if e, ok := err.(*VerificationError); ok {
			got = map[string]any{"valid": false, "error": e.Code}
		} else if err != nil {
			got = map[string]any{"valid": false, "error": err.Error()}
		}
		if !reflect.DeepEqual(got, v.Expected) {
			failures++
			fmt.Printf("MISMATCH %s: expected %v, got %v\n", v.Name, v.Expected, got)
		}
	}
	fmt.Printf("go: %d passed, %d failed\n", len(file.Vectors)-failures, failures)
	if failures > 0 {
		os.Exit(1)
	}
}
