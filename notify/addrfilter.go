package notify

import "net/netip"

// Which addresses a webhook may be posted to: only globally routable
// unicast ones, after the IANA IPv4 and IPv6 Special-Purpose Address
// Registries. The check runs when an address is saved (a literal IP) and
// again in the dialer on every address a name resolves to.

// blockedV4 are the IPv4 ranges of the special-purpose registry that are
// not globally reachable, with multicast and the reserved 240/4 (which
// holds the limited broadcast 255.255.255.255). 127/8 is handled apart,
// since the configuration may allow it for tests.
var blockedV4 = prefixes(
	"0.0.0.0/8",       // "this network"
	"10.0.0.0/8",      // private use
	"100.64.0.0/10",   // shared address space (carrier-grade NAT)
	"169.254.0.0/16",  // link local
	"172.16.0.0/12",   // private use
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // documentation (TEST-NET-1)
	"192.88.99.0/24",  // 6to4 relay anycast (deprecated)
	"192.168.0.0/16",  // private use
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation (TEST-NET-2)
	"203.0.113.0/24",  // documentation (TEST-NET-3)
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, and the limited broadcast
)

// blockedV6 are the IPv6 ranges inside global unicast (2000::/3) that the
// registry marks as not globally reachable. Everything outside 2000::/3
// is refused anyway (unspecified, loopback, mapped, 100::/64, fc00::/7,
// fe80::/10, ff00::/8, 5f00::/16 …), except NAT64's well-known prefix,
// whose embedded IPv4 address is checked instead.
var blockedV6 = prefixes(
	"2001::/23",     // IETF protocol assignments (Teredo, ORCHID, benchmarking …)
	"2001:db8::/32", // documentation
	"3fff::/20",     // documentation
)

var (
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	nat64          = netip.MustParsePrefix("64:ff9b::/96")   // well-known NAT64: IPv4 in the last 32 bits
	sixToFour      = netip.MustParsePrefix("2002::/16")      // 6to4: IPv4 in bits 16-47
	loopback4      = netip.MustParsePrefix("127.0.0.0/8")    // this machine
	loopback6      = netip.MustParseAddr("::1")              // this machine
	mapped4        = netip.MustParsePrefix("::ffff:0:0/96")  // an IPv4 address written as IPv6
	localNAT64     = netip.MustParsePrefix("64:ff9b:1::/48") // local-use NAT64: never global
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// blockedIP reports whether a post must not go to ip: anything but a
// globally routable unicast address (this machine allowed only when
// loopback is).
func blockedIP(ip netip.Addr, loopback bool) bool {
	ip = ip.WithZone("")
	switch {
	case !ip.IsValid():
		return true
	case mapped4.Contains(ip):
		return blockedIP(ip.Unmap(), loopback)
	case ip.Is4():
		if loopback4.Contains(ip) {
			return !loopback
		}
		return within(ip, blockedV4)
	case ip == loopback6:
		return !loopback
	case nat64.Contains(ip):
		b := ip.As16()
		return blockedIP(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), false)
	case localNAT64.Contains(ip), !globalUnicast6.Contains(ip), within(ip, blockedV6):
		return true
	case sixToFour.Contains(ip):
		b := ip.As16()
		return blockedIP(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), false)
	}
	return false
}

func within(ip netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
