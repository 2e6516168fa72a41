package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// learner is one browser: its own cookies, posting the page's form.
type learner struct {
	base string
	c    *http.Client
}

func newLearner(base string) *learner {
	jar, _ := cookiejar.New(nil)
	return &learner{base: base, c: &http.Client{Jar: jar, Timeout: 2 * time.Minute}}
}

// maxPage bounds what one answer is read to.
const maxPage = 4 << 20

// check posts the form as a browser without JavaScript does and reads the
// verdict. A check refused because the server is busy (503) or the
// learner too quick (429) is posted again after its Retry-After, at most
// checkTries times.
func (l *learner) check(gift, exercise string, mustPass bool) error {
	for range checkTries {
		err := l.checkOnce(gift, exercise, mustPass)
		var busy refused
		if !errors.As(err, &busy) {
			return err
		}
		time.Sleep(time.Duration(busy))
	}
	return fmt.Errorf("still refused after %d tries", checkTries)
}

const checkTries = 120

// refused is a 503 or 429, and how long it said to wait.
type refused time.Duration

func (r refused) Error() string { return fmt.Sprintf("refused: retry after %v", time.Duration(r)) }

func (l *learner) checkOnce(gift, exercise string, mustPass bool) error {
	form := url.Values{"url": {gift}, "exercise": {exercise}}
	req, err := http.NewRequest(http.MethodPost, l.base+"/en/check-server", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := l.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPage))
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return refused(time.Duration(max(secs, 1)) * time.Second)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("POST = %d", resp.StatusCode)
	}
	if mustPass && !strings.Contains(string(body), `data-done="true" data-passed="true"`) {
		return fmt.Errorf("the check did not pass")
	}
	return nil
}
