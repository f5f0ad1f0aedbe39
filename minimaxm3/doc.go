// Package minimaxm3 reads the tool calls of MiniMax-M3.
package minimaxm3
