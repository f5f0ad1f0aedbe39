module github.com/toolparse/toolparse

go 1.26

require github.com/google/go-cmp v0.7.0

require pgregory.net/rapid v1.3.0
