package notify

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"

	"rondel/notify/inbound"
	"rondel/store/config"
)

// TestReplyMessageAtTable: a reply that holds no command is posted at
// the table as the member's message, and nothing is played.
func TestReplyMessageAtTable(t *testing.T) {
	e := newEnv(t, nil, repliesOn)
	g := e.startGame("takeaway", "Replies", 2, 1, nil)
	ann := mustUser(t, e, "a@example.org")
	if err := e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: e.replyTo(g.ID, ann, 0),
		Body: "Good luck, everyone!\nSee you at the club on Friday."}.raw()); err != nil {
		t.Fatal(err)
	}
	ms, err := e.st.Messages(e.ctx, g.ID, ann)
	if err != nil || len(ms) != 1 || ms[0].Seat != 0 || ms[0].ToSeat != nil || !strings.HasPrefix(ms[0].Body, "Good luck, everyone!") ||
		strings.Contains(ms[0].Body, "wrote:") {
		t.Fatalf("messages %+v %v", ms, err)
	}
	if e.moves(g.ID) != 0 {
		t.Error("a message was played")
	}
	if as := e.answers(ann); len(as) != 1 || !strings.Contains(as[0].TextBody, "posted at the table") {
		t.Errorf("answers %+v", as)
	}
}

// waitFor polls cond for up to 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited 20 s for %s", what)
}

// answerArrived reports whether the test SMTP server got an answer to a
// reply for addr that says want.
func answerArrived(srv *smtpServer, addr, want string) bool {
	for _, m := range srv.messages() {
		if m.To == addr && strings.Contains(m.Header.Get("Message-Id"), ".reply-") && strings.Contains(m.Text, want) {
			return true
		}
	}
	return false
}

// TestReplyByLMTP: an own mail server delivers a player's reply over LMTP
// to the listener `rondel serve` starts; it is read, played, and the
// answer arrives at the SMTP server.
func TestReplyByLMTP(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, repliesOn)
	e.svc.bg = true // answers go out at once, as in `rondel serve`
	g := e.startGame("takeaway", "Replies", 2, 1, nil)
	ann := mustUser(t, e, "a@example.org")
	to := e.replyTo(g.ID, ann, 0)
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	lm, err := inbound.ListenLMTP(ctx, "127.0.0.1:0", "club.example", e.svc.HandleReply, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lm.Close()
	conn, err := net.Dial("tcp", lm.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("mx.club.example"); err != nil {
		t.Fatal(err)
	}
	raw := replyMail{From: "a@example.org", To: to, Body: "Pile B take 3"}.raw()
	if err := c.Mail("a@example.org", nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt(to, nil); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	w.Write(raw)
	status, err := w.CloseWithLMTPResponse()
	if err != nil || status[to] == nil {
		t.Fatalf("LMTP status %v %v", status, err)
	}
	if n := e.moves(g.ID); n != 1 {
		t.Fatalf("%d moves after the delivery", n)
	}
	waitFor(t, "the answer", func() bool { return answerArrived(srv, "a@example.org", "Your reply was played") })
	e.svc.kicks.Wait()
	// Bob's turn mail went out by SMTP with the address his reply plays at.
	bob := mustUser(t, e, "b@example.org")
	want := e.replyTo(g.ID, bob, 1)
	waitFor(t, "Bob's turn mail", func() bool {
		for _, m := range srv.messages() {
			if m.To == "b@example.org" && m.Header.Get("Reply-To") != "" {
				if a, err := mail.ParseAddress(m.Header.Get("Reply-To")); err != nil || a.Address != want {
					t.Fatalf("Reply-To %q, want %s", m.Header.Get("Reply-To"), want)
				}
				return true
			}
		}
		e.svc.kick(e.ctx)
		return false
	})
	e.svc.kicks.Wait()
}

// dovecot runs Debian's dovecot on a free loopback port with one
// throwaway mailbox (any user, password "secret"), in a temporary
// directory; it skips the test when dovecot is not installed.
func dovecot(t *testing.T) (port int, conf string) {
	t.Helper()
	bin, err := exec.LookPath("dovecot")
	if err != nil {
		if _, e2 := os.Stat("/usr/sbin/dovecot"); e2 != nil {
			t.Skip("dovecot is not installed (Debian: apt-get install dovecot-imapd; .ci/run installs it): the IMAP test needs a real IMAP server")
		}
		bin = "/usr/sbin/dovecot"
	}
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	// As root dovecot's login and internal processes run as its own
	// users and the mail as dovecot's; otherwise all as the caller.
	login, internal, group := currentUser()
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		u, err := user.Lookup("dovecot")
		if err != nil {
			t.Skipf("dovecot's user is missing (%v): the IMAP test needs the Debian package", err)
		}
		login, internal = "dovenull", "dovecot"
		uid, _ = strconv.Atoi(u.Uid)
		gid, _ = strconv.Atoi(u.Gid)
		if g, err := user.LookupGroupId(u.Gid); err == nil {
			group = g.Name
		}
	}
	home := filepath.Join(dir, "home")
	if err := errors.Join(os.Chmod(filepath.Dir(dir), 0o755), os.Chmod(dir, 0o755), os.Mkdir(home, 0o755), os.Chown(home, uid, gid)); err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprintf(`base_dir = %[1]s/run
state_dir = %[1]s/state
log_path = %[1]s/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
default_login_user = %[3]s
default_internal_user = %[7]s
default_internal_group = %[4]s
passdb {
  driver = static
  args = password=secret
}
userdb {
  driver = static
  args = uid=%[5]d gid=%[6]d home=%[1]s/home/%%u
}
mail_location = maildir:~/Maildir
first_valid_uid = %[5]d
first_valid_gid = %[6]d
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = %[2]d
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`, dir, port, login, group, uid, gid, internal)
	path := filepath.Join(dir, "dovecot.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-F", "-c", path)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("dovecot: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			log, _ := os.ReadFile(filepath.Join(dir, "dovecot.log"))
			t.Logf("dovecot's log:\n%s", log)
		}
	})
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err == nil {
			c.Close()
			return port, path
		}
		if i == 100 {
			log, _ := os.ReadFile(filepath.Join(dir, "dovecot.log"))
			t.Fatalf("dovecot did not start: %v\n%s", err, log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// currentUser names the caller and its group.
func currentUser() (login, internal, group string) {
	u, err := user.Current()
	if err != nil {
		return "root", "root", "root"
	}
	group = u.Gid
	if g, err := user.LookupGroupId(u.Gid); err == nil {
		group = g.Name
	}
	return u.Username, u.Username, group
}

// TestReplyByIMAP: a hosted club mailbox (dovecot) receives a player's
// reply; Rondel's IMAP reader, idling on it, reads it, plays it, marks it
// read, and the answer arrives at the SMTP server. The reader then gets
// over the connection being cut.
func TestReplyByIMAP(t *testing.T) {
	port, conf := dovecot(t)
	srv := startSMTP(t)
	e := newEnv(t, srv, repliesOn)
	e.svc.bg = true
	g := e.startGame("takeaway", "Replies", 2, 1, nil)
	ann, bob := mustUser(t, e, "a@example.org"), mustUser(t, e, "b@example.org")
	box := config.IMAP{Host: "127.0.0.1", Port: port, TLS: "none", Username: "club", Password: "secret", Mailbox: "INBOX"}
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{})
	r := &inbound.IMAP{Config: box, Handler: e.svc.HandleReply, Log: e.svc.log, Idle: 2 * time.Second, Backoff: 100 * time.Millisecond}
	go func() { defer close(done); r.Run(ctx) }()
	defer func() { cancel(); <-done; e.svc.kicks.Wait() }()

	// The mail server delivers (here: appends to the mailbox, as an MDA would).
	deliver := func(raw []byte) {
		t.Helper()
		c, err := imapclient.DialInsecure(net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.Login("club", "secret").Wait(); err != nil {
			t.Fatal(err)
		}
		cmd := c.Append("INBOX", int64(len(raw)), nil)
		cmd.Write(raw)
		if err := errors.Join(cmd.Close()); err != nil {
			t.Fatal(err)
		}
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(300 * time.Millisecond) // the reader is idling
	deliver(replyMail{From: "a@example.org", To: e.replyTo(g.ID, ann, 0), Body: "Pile B take 3"}.raw())
	waitFor(t, "Ann's move", func() bool { return e.moves(g.ID) == 1 })
	waitFor(t, "Ann's answer", func() bool { return answerArrived(srv, "a@example.org", "Your reply was played") })

	unread := func() int {
		c, err := imapclient.DialInsecure(net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.Login("club", "secret").Wait(); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			t.Fatal(err)
		}
		found, err := c.Search(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
		if err != nil {
			t.Fatal(err)
		}
		return len(found.AllSeqNums())
	}
	waitFor(t, "the reply marked read", func() bool { return unread() == 0 })

	// The server cuts the reader's connection (as at a restart); Bob's
	// reply comes meanwhile and is read when the reader is back.
	if out, err := exec.Command("doveadm", "-c", conf, "kick", "club").CombinedOutput(); err != nil {
		t.Fatalf("doveadm kick: %v\n%s", err, out)
	}
	deliver(replyMail{From: "b@example.org", To: e.replyTo(g.ID, bob, 1), Body: "Pile B take 2"}.raw())
	waitFor(t, "Bob's move", func() bool { return e.moves(g.ID) == 2 })
	waitFor(t, "Bob's answer", func() bool { return answerArrived(srv, "b@example.org", "Your reply was played") })
}
