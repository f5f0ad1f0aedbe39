module github.com/toolparse/toolparse

go 1.26
