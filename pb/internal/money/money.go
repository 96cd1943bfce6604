// Package money writes amounts for people, the way the web app writes them
// (web/src/lib/money.ts): the one place the server formats an amount.
// Listing amounts are whole dollars with thousands separators ($12,500);
// plan payments are rupees, with Indian digit grouping (₹1,50,000) and
// paise only when there are some (₹400, ₹150.50).
package money

import (
	"strconv"
	"strings"
)

// Dollars writes whole dollars with thousands separators, as the app shows
// them: "$12,500".
func Dollars(n int64) string { return "$" + Thousands(n) }

// Thousands writes a whole number with thousands separators: "12,500".
func Thousands(n int64) string {
	digits := strconv.FormatInt(n, 10)
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
		digits = digits[1:]
	}
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// INR formats an amount stored in paise (rupees × 100, as Razorpay counts).
func INR(paise int64) string {
	sign := ""
	if paise < 0 {
		sign, paise = "-", -paise
	}
	out := sign + "₹" + group(strconv.FormatInt(paise/100, 10))
	if p := paise % 100; p != 0 {
		out += "." + strconv.FormatInt(100+p, 10)[1:]
	}
	return out
}

// group puts commas in the Indian way: the last three digits, then pairs.
func group(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var parts []string
	for len(head) > 2 {
		parts = append([]string{head[len(head)-2:]}, parts...)
		head = head[:len(head)-2]
	}
	parts = append([]string{head}, parts...)
	return strings.Join(parts, ",") + "," + tail
}
