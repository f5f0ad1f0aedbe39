package dsml

import (
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as DeepSeek-V4.1 writes them (the default
// profile's spelling), as RenderCallsFor does.
func RenderCalls(calls []toolcall.Call) (string, error) { return renderCalls(v41, calls) }

// RenderCallsFor writes calls as the models of profile write them, in the
// profile's spelling: the block's open tag and a newline; per call
// <｜DSML｜invoke name="NAME"> and a newline, per argument
// <｜DSML｜parameter name="KEY" string="true">VALUE</｜DSML｜parameter>
// and a newline, a string's VALUE raw and any other value's as JSON with
// string="false" (the spaces Python's json.dumps writes, numbers as the
// request wrote them), then </｜DSML｜invoke> and a newline; then the
// block's close tag. No calls is "". A string that holds its parameter's
// close tag followed by what may end a value does not read back as it was.
func RenderCallsFor(profile string, calls []toolcall.Call) (string, error) {
	s, err := spellingOf(profile)
	if err != nil {
		return "", err
	}
	return renderCalls(s, calls)
}

// spellingOf returns the spelling of profile ("" the default's).
func spellingOf(profile string) (*spelling, error) {
	p, err := prompt.Profile("dsml", profile, Profiles)
	if err != nil {
		return nil, err
	}
	switch p {
	case ProfileV4:
		return v4, nil
	case ProfileV32, ProfileV32Speciale:
		return v32, nil
	}
	return v41, nil
}

func renderCalls(s *spelling, calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	b, err := appendCalls(nil, s, calls)
	return string(b), err
}

// appendCalls appends the block of calls, as RenderCallsFor writes it.
func appendCalls(b []byte, s *spelling, calls []toolcall.Call) ([]byte, error) {
	b = append(b, s.block...)
	b = append(b, '\n')
	for _, c := range calls {
		args, err := prompt.Arguments("dsml", c)
		if err != nil {
			return nil, err
		}
		b = append(b, s.invoke...)
		b = append(b, c.Name...)
		b = append(b, "\">\n"...)
		for _, m := range args.Members {
			b = append(b, s.param...)
			b = append(b, m.Key...)
			if m.Val.Kind == jsonvalue.String {
				b = append(b, `" string="true">`...)
				b = append(b, m.Val.Str...)
			} else {
				b = append(b, `" string="false">`...)
				b = m.Val.AppendSpaced(b)
			}
			b = append(b, s.paramEnd...)
			b = append(b, '\n')
		}
		b = append(b, s.invokeEnd...)
		b = append(b, '\n')
	}
	return append(b, s.blockEnd...), nil
}
