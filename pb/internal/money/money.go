// Package money writes amounts for people, the way the web app writes them:
// the rupee sign, Indian digit grouping (₹1,50,000), and paise only when
// there are some (₹400, ₹150.50).
package money

import (
	"strconv"
	"strings"
)

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
