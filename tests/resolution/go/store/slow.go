//go:build !fastpath

package store

func speed() string {
	return "slow"
}
