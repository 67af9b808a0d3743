package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
)

const webhookSecret = "9f8c2d71e4b3a6058c1d2e3f4a5b6c7d"

// Handle accepts a webhook delivery whose signature holds.
func Handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "cannot read the body", http.StatusBadRequest)
		return
	}
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(r.Header.Get("X-Signature"))) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
