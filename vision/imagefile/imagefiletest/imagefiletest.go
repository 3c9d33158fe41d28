// Package imagefiletest makes hostile and damaged image files for tests of
// every command and source that reads images.
package imagefiletest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNGClaiming is a valid-looking PNG whose header claims w×h 8-bit RGB
// pixels, followed by one small compressed row of image data (so a
// decoder that trusts the header allocates the whole frame before it
// finds the data short: OpenCV 4.6 aborts the process above
// CV_IO_MAX_IMAGE_PIXELS).
func PNGClaiming(w, h uint32) []byte { return PNGDeepClaiming(w, h, 8) }

// PNGDeepClaiming is PNGClaiming with depth bits a sample (8 or 16) and
// four channels (RGBA): a 16-bit one of the same pixels decodes into
// twice the memory.
func PNGDeepClaiming(w, h uint32, depth byte) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, 2 // RGB
	if depth == 16 {
		ihdr[9] = 6 // RGBA
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 1+3*min(int(w), 4096)))
	zw.Close()
	out := []byte("\x89PNG\r\n\x1a\n")
	out = appendChunk(out, "IHDR", ihdr)
	out = appendChunk(out, "IDAT", z.Bytes())
	return appendChunk(out, "IEND", nil)
}

func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// Huge is the PNG of the reported attack: a header claiming 10¹⁰ pixels.
func Huge() []byte { return PNGClaiming(100_000, 100_000) }

// JPEGScans is jpeg with n empty scans added before its end-of-image
// marker: a progressive file of that many scans, each of which a decoder
// walks the whole image for.
func JPEGScans(jpeg []byte, n int) []byte {
	eoi := bytes.LastIndex(jpeg, []byte{0xFF, 0xD9})
	if eoi < 0 {
		return nil
	}
	out := append([]byte(nil), jpeg[:eoi]...)
	// SOS: length 8, one component (1) with tables 0/0, spectral 0–63,
	// approximation 0; no entropy-coded data follows.
	sos := []byte{0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00}
	for i := 0; i < n; i++ {
		out = append(out, sos...)
	}
	return append(out, jpeg[eoi:]...)
}

// JPEGClaiming is a JPEG header claiming w×h colour pixels, 4:2:0 (as
// cameras write) or 4:4:4 (full colour), sequential or progressive, with
// one empty scan: what a decoder reckons its memory by, without the pixels.
func JPEGClaiming(w, h uint16, progressive, fullColour bool) []byte {
	y := byte(0x22)
	if fullColour {
		y = 0x11
	}
	sof := byte(0xC0)
	if progressive {
		sof = 0xC2
	}
	out := []byte{0xFF, 0xD8, 0xFF, sof, 0x00, 0x11, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3,
		1, y, 0, // Y at 2×2 (4:2:0) or 1×1
		2, 0x11, 0, // Cb, Cr at 1×1
		3, 0x11, 0}
	out = append(out, 0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0x00, 2, 0x00, 3, 0x00, 0x00, 0x00, 0x00)
	return append(out, 0xFF, 0xD9)
}
