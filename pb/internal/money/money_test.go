package money

import "testing"

func TestINR(t *testing.T) {
	for paise, want := range map[int64]string{
		0: "₹0", 5: "₹0.05", 40000: "₹400", 15050: "₹150.50", 150000: "₹1,500", 9999999: "₹99,999.99",
		10000000: "₹1,00,000", 1234567800: "₹1,23,45,678", -40000: "-₹400",
	} {
		if got := INR(paise); got != want {
			t.Errorf("INR(%d) = %q, want %q", paise, got, want)
		}
	}
}

func TestDollars(t *testing.T) {
	for n, want := range map[int64]string{0: "$0", 5: "$5", 999: "$999", 1000: "$1,000", 12500: "$12,500", 1234567: "$1,234,567"} {
		if got := Dollars(n); got != want {
			t.Errorf("Dollars(%d) = %q, want %q", n, got, want)
		}
	}
}
