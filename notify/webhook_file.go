package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/textproto"

	"rondel/game"
	"rondel/store"
)

// A Discord turn notice carries the board's picture as a file (Discord
// takes a multipart post: the message as payload_json, the file beside
// it, shown under the message). Kept apart from webhook.go: the address
// checks and the JSON post stay as they are; this adds the file.

// noticePicture marks a notice row of a game that draws pictures with the
// position to draw (a watcher's view, nothing marked as changed).
func noticePicture(row *store.OutboxMail, h store.Webhook, st game.State, seq int) {
	if _, ok := st.(game.Picturer); !ok || h.Flavour != store.FlavourDiscord {
		return
	}
	hdr := mailHeaders(*row)
	if hdr == nil {
		hdr = map[string]string{}
	}
	hdr[pictureHeader] = pictureSpec{seq: seq, seat: -1, since: seq, cid: "board.png"}.String()
	row.Headers = marshalHeaders(hdr)
}

// postHook posts a notice, with its picture when it names one (Discord);
// a picture that cannot be drawn leaves the notice as text.
func (s *Service) postHook(ctx context.Context, h store.Webhook, m store.OutboxMail) error {
	spec, ok := parsePictureSpec(mailHeaders(m)[pictureHeader])
	if !ok || h.Flavour != store.FlavourDiscord {
		return post(ctx, s.hooks, h, m.TextBody)
	}
	png, err := s.boardPNG(ctx, m.GameID, spec.seq, spec.seat, spec.since)
	if err != nil {
		s.log.Warn("notify: a notice without its picture", "id", m.ID, "err", err)
		return post(ctx, s.hooks, h, m.TextBody)
	}
	return postFile(ctx, s.hooks, h, m.TextBody, png)
}

// postFile is post with the picture as the message's file.
func postFile(ctx context.Context, c *http.Client, h store.Webhook, text string, png []byte) error {
	js, err := payload(h.Flavour, text)
	if err != nil {
		return &PermanentError{Err: err}
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	pj, _ := w.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="payload_json"`}, "Content-Type": {"application/json"}})
	pj.Write(js)
	f, _ := w.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="files[0]"; filename="board.png"`}, "Content-Type": {"image/png"}})
	f.Write(png)
	if err := w.Close(); err != nil {
		return &PermanentError{Err: err}
	}
	return send(ctx, c, h, &body, w.FormDataContentType())
}

func marshalHeaders(h map[string]string) string {
	b, _ := json.Marshal(h)
	return string(b)
}
