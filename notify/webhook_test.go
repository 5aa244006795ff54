package notify

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

func TestCheckWebhook(t *testing.T) {
	t.Parallel()
	strict := newEnv(t, nil, nil).svc
	loose := newEnv(t, nil, func(c *config.Config) { c.Notify.Webhooks.AllowLoopback = true }).svc
	for _, c := range []struct {
		raw, flavour string
		loopback     bool
		flav, hint   string // "" flav: refused with err
		err          string
	}{
		{"https://discord.com/api/webhooks/1/abcdEFGH", "", false, "discord", "discord.com …EFGH", ""},
		{"  https://canary.discord.com/api/webhooks/1/xyz9  ", "auto", false, "discord", "canary.discord.com …xyz9", ""},
		{"https://discordapp.com/api/webhooks/1/t0k3n", "", false, "discord", "discordapp.com …0k3n", ""},
		{"https://hooks.slack.com/services/T0/B0/s3cr3t", "", false, "slack", "hooks.slack.com …cr3t", ""},
		{"https://discord.com/api/webhooks/1/abcd/slack", "", false, "slack", "discord.com …lack", ""},
		{"https://chat.example.org/hooks/abc123", "slack", false, "slack", "chat.example.org …c123", ""},
		{"https://chat.example.org/hooks/abc123", "", false, "", "", "flavour"},
		{"https://chat.example.org/hooks/abc123", "teams", false, "", "", "flavour"},
		{"http://discord.com/api/webhooks/1/abc", "", false, "", "", "https"},
		{"ftp://discord.com/x", "", false, "", "", "https"},
		{"discord.com/api/webhooks/1/abc", "", false, "", "", "address"},
		{"https://", "", false, "", "", "address"},
		{"", "", false, "", "", "address"},
		{"https://discord.com/api/web hooks", "", false, "", "", "address"},
		{"https://user:pw@discord.com/api/webhooks/1/abc", "", false, "", "", "credentials"},
		{"https://discord.com/api/webhooks/1/abc#x", "", false, "", "", "credentials"},
		{"https://127.0.0.1/hook", "slack", false, "", "", "internal"},
		{"https://localhost:8443/hook", "slack", false, "", "", "internal"},
		{"https://[::1]/hook", "slack", false, "", "", "internal"},
		{"https://10.1.2.3/hook", "slack", false, "", "", "internal"},
		{"https://192.168.1.1/hook", "slack", true, "", "", "internal"},
		{"https://169.254.169.254/latest/meta-data", "slack", true, "", "", "internal"},
		{"https://[fe80::1]/hook", "slack", true, "", "", "internal"},
		{"https://100.64.0.1/hook", "slack", true, "", "", "internal"},
		{"https://0.0.0.0/hook", "slack", true, "", "", "internal"},
		{"https://198.18.0.1/hook", "slack", false, "", "", "internal"},
		{"https://240.0.0.1/hook", "slack", false, "", "", "internal"},
		{"https://[64:ff9b::a00:1]/hook", "slack", false, "", "", "internal"},
		{"https://[2002:a00:1::1]/hook", "slack", false, "", "", "internal"},
		{"https://[2001:db8::1]/hook", "slack", false, "", "", "internal"},
		{"http://127.0.0.1:9/hook", "slack", false, "", "", "internal"},
		{"http://127.0.0.1:9/hook", "slack", true, "slack", "127.0.0.1:9 …hook", ""},
		{"http://localhost:9/x/hook", "discord", true, "discord", "localhost:9 …hook", ""},
		{"http://example.org/hook", "slack", true, "", "", "https"},
		{"https://93.184.216.34/hook", "slack", false, "slack", "93.184.216.34 …hook", ""},
		{"https://discord.com/" + strings.Repeat("a", 3000), "", false, "", "", "address"},
	} {
		svc := strict
		if c.loopback {
			svc = loose
		}
		addr, flav, hint, err := svc.CheckWebhook(c.raw, c.flavour)
		if c.err != "" {
			var we *words.Error
			if !errors.As(err, &we) || we.Msg.ID != "mail.webhook.error."+c.err {
				t.Errorf("%q (%s): %v, want the refusal %s", c.raw, c.flavour, err, c.err)
			}
			continue
		}
		if err != nil || flav != c.flav || hint != c.hint || addr != strings.TrimSpace(c.raw) {
			t.Errorf("%q (%s): %q %q %q %v, want %s %q", c.raw, c.flavour, addr, flav, hint, err, c.flav, c.hint)
		}
	}
}

// Only globally routable unicast addresses are posted to: each special-
// purpose range of the IANA registries (IPv4 and IPv6) is refused at its
// edges, and an IPv4 address embedded in IPv6 (mapped, NAT64, 6to4) is
// judged as that IPv4 address.
func TestBlockedAddresses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr    string
		blocked bool
	}{
		{"0.0.0.0", true}, {"0.255.255.255", true}, {"10.0.0.1", true}, {"10.255.255.255", true},
		{"100.64.0.0", true}, {"100.127.255.255", true}, {"100.63.255.255", false}, {"100.128.0.0", false},
		{"127.0.0.1", true}, {"127.255.0.1", true}, {"169.254.169.254", true}, {"172.16.5.4", true},
		{"172.31.255.255", true}, {"172.32.0.1", false}, {"192.0.0.8", true}, {"192.0.2.1", true},
		{"192.88.99.1", true}, {"192.168.0.1", true}, {"198.18.0.1", true}, {"198.19.255.255", true},
		{"198.20.0.1", false}, {"198.51.100.7", true}, {"203.0.113.9", true}, {"224.0.0.1", true},
		{"239.255.255.255", true}, {"240.0.0.1", true}, {"250.1.2.3", true}, {"255.255.255.255", true},
		{"93.184.216.34", false}, {"162.159.128.233", false}, {"1.1.1.1", false}, {"223.255.255.1", false},
		{"::", true}, {"::1", true}, {"::ffff:10.0.0.1", true}, {"::ffff:127.0.0.1", true},
		{"::ffff:198.18.0.1", true}, {"::ffff:93.184.216.34", false},
		{"64:ff9b::10.0.0.1", true}, {"64:ff9b::198.51.100.1", true}, {"64:ff9b::93.184.216.34", false},
		{"64:ff9b:1::93.184.216.34", true}, {"100::1", true}, {"2001::1", true}, {"2001:1ff:ffff::1", true},
		{"2001:200::1", false}, {"2001:db8::1", true}, {"2002:0a00:0001::1", true}, {"2002:c633:6401::1", true},
		{"2002:5db8:d822::1", false}, {"3fff::1", true}, {"fc00::1", true}, {"fd12:3456::1", true},
		{"fe80::1", true}, {"fe80::1%eth0", true}, {"ff02::1", true}, {"ff0e::1", true}, {"5f00::1", true},
		{"::10.0.0.1", true}, {"2606:4700::1111", false}, {"2a00:1450:4001::200e", false},
	} {
		if got := blockedIP(netip.MustParseAddr(c.addr), false); got != c.blocked {
			t.Errorf("%s blocked %v, want %v", c.addr, got, c.blocked)
		}
	}
	for addr, blocked := range map[string]bool{"127.0.0.1": false, "::1": false, "::ffff:127.0.0.1": false, "10.0.0.1": true, "64:ff9b::127.0.0.1": true} {
		if blockedIP(netip.MustParseAddr(addr), true) != blocked {
			t.Errorf("allowing loopback must allow this machine only: %s", addr)
		}
	}
}

// At dial time the resolved address is checked again: whatever name was
// saved, a connection to a special-purpose address is never made.
func TestDialRefusesSpecialAddresses(t *testing.T) {
	control := dialControl(false)
	for _, c := range []struct {
		addr string
		ok   bool
	}{
		{"198.18.0.1:443", false}, {"240.0.0.1:443", false}, {"192.0.0.9:443", false}, {"100.64.1.1:443", false},
		{"[64:ff9b::a00:1]:443", false}, {"[2002:c0a8:101::1]:443", false}, {"[fd00::1]:443", false},
		{"[::ffff:169.254.169.254]:443", false}, {"127.0.0.1:443", false}, {"no-port", false},
		{"93.184.216.34:443", true}, {"[2606:4700::1111]:443", true}, {"[64:ff9b::5db8:d822]:443", true},
	} {
		err := control("tcp", c.addr, nil)
		if (err == nil) != c.ok {
			t.Errorf("dialling %s: %v, want allowed %v", c.addr, err, c.ok)
		}
	}
}

// The dialer refuses internal addresses whatever the stored address says
// (a name resolving to one, an address stored before the rules): nothing
// reaches the receiver, and the notice fails for good.
func TestInternalAddressIsNeverDialled(t *testing.T) {
	t.Parallel()
	e, logs := hookEnv(t)
	c := newChat(t)
	strict := newEnv(t, nil, nil)
	h := store.Webhook{URL: c.srv.URL + secretPath, Flavour: store.FlavourDiscord, Hint: "127.0.0.1 …leak", Language: "en"}
	if err := strict.st.Webhooks().AddForClub(strict.ctx, &h); err != nil {
		t.Fatal(err)
	}
	strict.startGame(gametest.ID, "inside", 2, 3, game.Options{"votes": "false"})
	strict.tick()
	rows := strict.outbox(kindNotice)
	if len(c.posts()) != 0 || len(rows) != 1 || rows[0].Status != store.OutboxFailed || !strings.Contains(rows[0].LastError, "internal address") {
		t.Fatalf("posted to an internal address: %d posts, %+v", len(c.posts()), rows)
	}
	noSecret(t, e, logs)
	if strings.Contains(rows[0].LastError, "SeCrEt") {
		t.Errorf("the error holds the address: %q", rows[0].LastError)
	}
}

// 429 waits as long as the chat asks; a redirect is not followed and
// fails; a chat that does not answer in time is retried; none of the
// errors holds the secret address.
func TestWebhookAnswers(t *testing.T) {
	t.Parallel()
	e, logs := hookEnv(t)
	elsewhere := newChat(t)
	c := newChat(t,
		answer{code: 429, body: `{"retry_after": 600}`, header: map[string]string{"Retry-After": "600"}},
		answer{code: 302, header: map[string]string{"Location": elsewhere.srv.URL + "/stolen"}})
	h := e.addHook(c, 0, "discord", "de", 0)
	e.startGame(gametest.ID, "Antworten", 2, 3, game.Options{"votes": "false"})
	e.tick()
	row := e.outbox(kindNotice)[0]
	if row.Status != store.OutboxPending || row.NextAt.Sub(e.clk.Now()) < 600*time.Second {
		t.Fatalf("after 429 Retry-After 600: %+v (now %v)", row, e.clk.Now())
	}
	content, _ := c.posts()[0].body["content"].(string)
	if !strings.Contains(content, "ist gefragt") || !strings.Contains(content, "Frist: ") {
		t.Errorf("a German webhook's notice: %q", content)
	}
	e.clk.Add(301 * time.Second)
	e.tick()
	if len(c.posts()) != 1 {
		t.Fatal("retried before the chat's wait was over")
	}
	e.clk.Add(300 * time.Second)
	e.tick()
	row = e.outbox(kindNotice)[0]
	if row.Status != store.OutboxFailed || !strings.Contains(row.LastError, "redirect") || len(elsewhere.posts()) != 0 {
		t.Fatalf("after a redirect: %+v, %d posts elsewhere", row, len(elsewhere.posts()))
	}
	if e.hook(h.ID).PausedAt == nil {
		t.Error("a redirecting webhook is not paused")
	}
	noSecret(t, e, logs)
}

func TestSlowWebhookIsRetried(t *testing.T) {
	t.Parallel()
	e, logs := hookEnv(t)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // then the server sees the client hang up
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	t.Cleanup(slow.Close)
	e.svc.hooks = webhookClient(200*time.Millisecond, true)
	addr, _, hint, err := e.svc.CheckWebhook(slow.URL+secretPath, "slack")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.st.Webhooks().AddForClub(e.ctx, &store.Webhook{URL: addr, Hint: hint, Flavour: store.FlavourSlack, Language: "en"}); err != nil {
		t.Fatal(err)
	}
	e.startGame(gametest.ID, "slow", 2, 3, game.Options{"votes": "false"})
	e.tick()
	row := e.outbox(kindNotice)[0]
	if row.Status != store.OutboxPending || row.Attempts != 1 || !strings.Contains(row.LastError, "in time") {
		t.Fatalf("after a timeout: %+v", row)
	}
	noSecret(t, e, logs)
}

func TestPayload(t *testing.T) {
	t.Parallel()
	text := "Rondel · <!channel> & friends\nhttps://rondel.example/games/1"
	b, _ := payload(store.FlavourSlack, text)
	var slack map[string]string
	json.Unmarshal(b, &slack)
	if slack["text"] != "Rondel · &lt;!channel&gt; &amp; friends\nhttps://rondel.example/games/1" {
		t.Errorf("slack %q", slack["text"])
	}
	long := strings.Repeat("长", 3000) + "\nhttps://rondel.example/games/1"
	b, _ = payload(store.FlavourDiscord, long)
	var discord struct {
		Content string `json:"content"`
	}
	json.Unmarshal(b, &discord)
	if n := utf8.RuneCountInString(discord.Content); n != 2000 || !strings.HasSuffix(discord.Content, "…\nhttps://rondel.example/games/1") {
		t.Errorf("a long notice is cut to %d characters: …%q", n, discord.Content[len(discord.Content)-40:])
	}
	if _, err := payload("teams", text); err == nil {
		t.Error("an unknown flavour was posted")
	}
}

func TestReadExcerpt(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"":                                     "",
		"  \n\t ":                              "",
		"{\"message\":\n \"Unknown Webhook\"}": `: {"message": "Unknown Webhook"}`,
		"bad\x00\x01gateway\xff":               ": bad gateway",
		strings.Repeat("x", 5000):              ": " + strings.Repeat("x", maxExcerpt-1) + "…",
	} {
		if got := readExcerpt(strings.NewReader(in)); got != want {
			t.Errorf("readExcerpt(%.20q) = %q, want %q", in, got, want)
		}
	}
}
