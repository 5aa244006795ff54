package reply

import (
	"regexp"
	"strings"
)

// Quote headers of the common mail clients. An attribution ("On … wrote:")
// introduces a quote marked with ">": only the header itself goes, so a
// reply written below the quote (bottom-posting) stays. A separator
// ("-----Original Message-----", "From: … Sent: …") introduces the whole
// earlier mail unmarked: everything from it on goes.
var (
	// Gmail, Apple Mail, Thunderbird in English; German clients; Chinese
	// clients ("在 … 写道：" and Gmail's "… 于 … 写道：").
	attributionStart = regexp.MustCompile(`^(On\s|Le\s|Am\s|在)`)
	attributionEnd   = regexp.MustCompile(`(wrote|schrieb[^:]*|写道)\s*[:：]\s*$`)
	separator        = regexp.MustCompile(`^(-{2,}\s*(Original Message|Ursprüngliche Nachricht|Originalnachricht|原始邮件|Forwarded message|Weitergeleitete Nachricht|转发的邮件)\s*-{2,}|_{8,}|-{8,}\s*原始邮件\s*-{8,}|Begin forwarded message:)$`)
	fromLine         = regexp.MustCompile(`^\*?(From|Von|发件人|寄件者)\*?\s*[:：]`)
	sentLine         = regexp.MustCompile(`^\*?(Sent|Date|Gesendet|Datum|发送时间|日期|寄件日期)\*?\s*[:：]`)
)

// NewText returns what the player wrote in text: without quoted lines,
// quote headers, the earlier mail below a separator, and the signature.
func NewText(text string) string {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\u00a0", " ")
	lines := strings.Split(text, "\n")
	lines = cutAtSeparator(lines)
	lines = dropQuotes(lines)
	lines = cutSignature(lines)
	return strings.Join(trimBlank(lines), "\n")
}

func cutAtSeparator(lines []string) []string {
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if separator.MatchString(t) {
			return lines[:i]
		}
		if fromLine.MatchString(t) {
			for j := i + 1; j < len(lines) && j <= i+3; j++ {
				if sentLine.MatchString(strings.TrimSpace(lines[j])) {
					return lines[:i]
				}
			}
		}
	}
	return lines
}

// dropQuotes removes lines quoted with ">" and attribution headers, which
// clients wrap over up to three lines.
func dropQuotes(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, ">") {
			continue
		}
		if n := attribution(lines[i:]); n > 0 {
			i += n - 1
			continue
		}
		out = append(out, strings.TrimRight(lines[i], " \t"))
	}
	return out
}

// attribution reports how many lines an attribution at the top of lines
// spans (0: none). Chinese Gmail's "Name <addr> 于2026年11月27日 写道："
// starts anywhere, so a line ending in 写道 counts on its own.
func attribution(lines []string) int {
	first := strings.TrimSpace(lines[0])
	if strings.Contains(first, "于") && attributionEnd.MatchString(first) {
		return 1
	}
	if !attributionStart.MatchString(first) {
		return 0
	}
	for j := 0; j < 3 && j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		if attributionEnd.MatchString(t) {
			return j + 1
		}
		if t == "" {
			return 0
		}
	}
	return 0
}

// cutSignature drops everything from the signature separator "-- " on.
func cutSignature(lines []string) []string {
	for i, l := range lines {
		if l == "--" || l == "-- " || strings.TrimRight(l, " ") == "--" {
			return lines[:i]
		}
	}
	return lines
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
