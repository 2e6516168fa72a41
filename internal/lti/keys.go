package lti

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"

	"github.com/go-jose/go-jose/v4"

	"github.com/mcpplayground/playground/internal/store"
)

// keyBits is the size of the tool's RSA keys: what every platform takes
// for RS256.
const keyBits = 2048

// toolKey is one of the tool's keys, parsed.
type toolKey struct {
	kid  string
	priv *rsa.PrivateKey
}

// newKey makes a key; its kid is its RFC 7638 thumbprint.
func newKey() (store.LTIKey, error) {
	priv, err := rsa.GenerateKey(rand.Reader, keyBits)
	if err != nil {
		return store.LTIKey{}, fmt.Errorf("generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return store.LTIKey{}, fmt.Errorf("encode key: %w", err)
	}
	tp, err := (&jose.JSONWebKey{Key: &priv.PublicKey}).Thumbprint(crypto.SHA256)
	if err != nil {
		return store.LTIKey{}, fmt.Errorf("key thumbprint: %w", err)
	}
	return store.LTIKey{
		KID:        base64.RawURLEncoding.EncodeToString(tp[:16]),
		PrivatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
	}, nil
}

func parseKey(k store.LTIKey) (toolKey, error) {
	b, _ := pem.Decode([]byte(k.PrivatePEM))
	if b == nil {
		return toolKey{}, fmt.Errorf("key %s: not PEM", k.KID)
	}
	p, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return toolKey{}, fmt.Errorf("key %s: %w", k.KID, err)
	}
	rk, ok := p.(*rsa.PrivateKey)
	if !ok {
		return toolKey{}, fmt.Errorf("key %s: not an RSA key", k.KID)
	}
	return toolKey{kid: k.KID, priv: rk}, nil
}

// EnsureKey makes the tool's first key if the database has none; later
// calls (and other instances) find it there.
func (s *Service) EnsureKey(ctx context.Context) error {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	ks, err := s.store.LTIKeys(ctx)
	if err != nil || len(ks) > 0 {
		return err
	}
	k, err := newKey()
	if err != nil {
		return err
	}
	return s.store.AddLTIKey(ctx, k, 0, true)
}

// RotateKey makes a new key, which signs from now on; the one before stays
// published (Config.KeepKeys) so that what it signed still verifies. It
// returns the new key's id.
func (s *Service) RotateKey(ctx context.Context) (string, error) {
	k, err := newKey()
	if err != nil {
		return "", err
	}
	if err := s.store.AddLTIKey(ctx, k, s.keep, false); err != nil {
		return "", err
	}
	return k.KID, nil
}

// keys returns the tool's keys, the signing one first, making the first
// one if needed.
func (s *Service) keys(ctx context.Context) ([]toolKey, error) {
	ks, err := s.store.LTIKeys(ctx)
	if err != nil {
		return nil, err
	}
	if len(ks) == 0 {
		if err := s.EnsureKey(ctx); err != nil {
			return nil, err
		}
		if ks, err = s.store.LTIKeys(ctx); err != nil {
			return nil, err
		}
	}
	out := make([]toolKey, 0, len(ks))
	for _, k := range ks {
		tk, err := parseKey(k)
		if err != nil {
			return nil, err
		}
		out = append(out, tk)
	}
	if len(out) == 0 {
		return nil, errors.New("the tool has no key")
	}
	return out, nil
}

// JWKS is the tool's public key set, as /lti/jwks publishes it.
func (s *Service) JWKS(ctx context.Context) ([]byte, error) {
	ks, err := s.keys(ctx)
	if err != nil {
		return nil, fmt.Errorf("tool key set: %w", err)
	}
	set := jose.JSONWebKeySet{}
	for _, k := range ks {
		set.Keys = append(set.Keys, jose.JSONWebKey{Key: &k.priv.PublicKey, KeyID: k.kid, Algorithm: string(jose.RS256), Use: "sig"})
	}
	return json.Marshal(set)
}

// sign signs claims with the tool's current key (RS256, with its kid).
func (s *Service) sign(ctx context.Context, claims any) (string, error) {
	ks, err := s.keys(ctx)
	if err != nil {
		return "", err
	}
	sig, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: ks[0].priv, KeyID: ks[0].kid}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return "", fmt.Errorf("signer: %w", err)
	}
	b, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	obj, err := sig.Sign(b)
	if err != nil {
		return "", fmt.Errorf("sign: %w", err)
	}
	return obj.CompactSerialize()
}
