// Package util has string helpers.
package util

import "strings"

// Title upper-cases the first letter.
func Title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
