package formatstest

// Renderer returns r with what the spelling s says of a renderer that
// writes its calls so: a single call ends with CallEnd and the block's
// Close, each after a newline (Tolerated), and ParamEnd closes a value,
// which is written as text (ValueClose).
func (s Tagged) Renderer(r Renderer) Renderer {
	r.Tolerated = "\n" + s.CallEnd + "\n" + s.Close
	r.ValueClose = s.ParamEnd
	return r
}
