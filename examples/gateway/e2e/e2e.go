// Package e2e holds the gateway's end-to-end tests, in a module of their
// own so that the OpenAI client they use stays out of the library's
// go.mod.
package e2e
