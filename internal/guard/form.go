package guard

import (
	"bytes"
	"io"
	"mime"
	"net/http"
)

// FormConfig is what FormOnly needs from the pages.
type FormConfig struct {
	// NotForm answers a POST whose body is not a form (415, in the
	// page's language).
	NotForm func(w http.ResponseWriter, r *http.Request)
	// Cut answers a form whose body was cut short or never finished (400).
	Cut func(w http.ResponseWriter, r *http.Request)
	// ReadsItself is for a route whose handler reads the form under a
	// bound of its own (a log to explain): the body's type is checked, the
	// body is not read here.
	ReadsItself bool
}

// FormOnly refuses a POST to a page route whose body is not a form: the
// pages' forms always send one, and anything else would be read as an
// empty form (an empty answer recorded as an attempt, say). Other methods
// pass.
//
// A form's body is read whole here, before the handler, so a body that is
// cut short or never finishes is refused alike on every form route (past
// the bound, the handler still reads what was read, then the bound's
// error, and says which bound was passed), instead of a form read as
// empty or half read by the handler.
func FormOnly(cfg FormConfig) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			if !isForm(r) {
				cfg.NotForm(w, r)
				return
			}
			if !cfg.ReadsItself && !bufferForm(r) {
				cfg.Cut(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// isForm reports whether a request's body is an HTML form's.
func isForm(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && (mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data")
}

// bufferForm reads the body of a form whole and hands it on in memory; it
// reports false when the body was cut short.
func bufferForm(r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	b, err := io.ReadAll(r.Body)
	if err != nil && !IsBodyTooLarge(err) {
		return false
	}
	// Past the bound the handler reads what was read, then the same
	// error, and says which bound in its own words (an answer's KiB, a
	// name's, a resume code's) as it did when it read the body itself.
	// The body as it came stays at hand, for a refusal's drain (Heavy).
	r.Body = &limitedBody{ReadCloser: io.NopCloser(io.MultiReader(bytes.NewReader(b), failingReader{err})), raw: unlimitedBody(r)}
	return true
}

// failingReader gives its error, or io.EOF when it has none.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) {
	if r.err == nil {
		return 0, io.EOF
	}
	return 0, r.err
}
