// Package sampling holds no library code: its test, built with the
// sampling tag (go test -tags sampling ./internal/sampling), has llama.cpp
// sample under every format's Grammar and checks that each sample parses back to
// calls of the requested tools whose arguments validate against their
// schemas, with nothing left as content.
//
// The test writes its own model, a GGUF file of a llama architecture with
// two layers, random weights and a byte-level vocabulary (so that every text
// is tokenizable; nothing is downloaded), and runs sample.mjs, which loads
// it with node-llama-cpp's CPU build (npm install in this folder;
// package.json pins the version, package-lock.json the rest) and samples
// under each grammar with several seeds. A logit bias nudges the sampler
// toward what ends strings, values and lists, and toward a text value's
// close tag once the value has gone on a while, so that random weights
// still finish their samples. .ci/run runs it; go test ./... does not.
package sampling
