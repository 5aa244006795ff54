package gzjoin

// The CRC-32 of two texts joined, from theirs. A CRC is the text as a
// polynomial over GF(2), times x^32, modulo the generator; with gzip's
// inversions on the way in and out, crc(A‖B) = crc(A)·x^(8|B|) + crc(B)
// modulo the generator. Here polynomials are 32-bit words in the
// reflected order IEEE CRC-32 uses: the top bit is x^0, the bottom x^31.

// poly is the IEEE generator, reflected, without its x^32 term.
const poly = 0xedb88320

// one is the polynomial 1 (x^0) in the reflected order.
const one = 1 << 31

// mulMod returns a·b modulo the generator.
func mulMod(a, b uint32) uint32 {
	var p uint32
	for m := uint32(one); a != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
			a ^= m
		}
		// b times x: a step toward the bottom bit, reduced if it falls off.
		if b&1 != 0 {
			b = b>>1 ^ poly
		} else {
			b >>= 1
		}
	}
	return p
}

// powers2 is x^(2^k) modulo the generator for k from 0 to 63.
var powers2 = func() (t [64]uint32) {
	t[0] = one >> 1 // x^1
	for k := 1; k < len(t); k++ {
		t[k] = mulMod(t[k-1], t[k-1])
	}
	return t
}()

// xPow returns x^n modulo the generator.
func xPow(n uint64) uint32 {
	p := uint32(one)
	for k := 0; n != 0; k, n = k+1, n>>1 {
		if n&1 != 0 {
			p = mulMod(powers2[k], p)
		}
	}
	return p
}

// Combine returns the CRC-32 (IEEE) of A‖B from crcA, crcB and B's length.
func Combine(crcA, crcB uint32, lenB uint64) uint32 {
	if lenB == 0 {
		return crcA
	}
	return mulMod(xPow(8*lenB), crcA) ^ crcB
}
