package main

func helper() int {
	return 2
}

type things []interface{ Save() error }
