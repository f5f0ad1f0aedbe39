package kimik3

import (
	"strconv"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Kimi K3 writes them: the tools channel,
// <|open|>tools<|sep|>, then per call <|open|>call tool="NAME"
// index="N"<|sep|> (N from 1), per argument <|open|>argument key="K"
// type="T"<|sep|>V<|close|>argument<|sep|>, then <|close|>call<|sep|>;
// then <|close|>tools<|sep|>. T is the value's JSON type (string, number,
// boolean, null, object, array); a string's V is its text, raw, any other
// V its JSON with the spaces Python's json.dumps writes. Attribute values
// escape '&' and '"' as &amp; and &quot;. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return prompt.ArgsSection("kimi_k3", toolsOpenText, toolsCloseText, calls, func(b []byte, i int, c toolcall.Call, args jsonvalue.Value) []byte {
		b = append(b, callOpenText+` tool="`...)
		b = append(b, escape(c.Name)...)
		b = append(b, `" index="`...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `"`+sepText...)
		for _, m := range args.Members {
			b = append(b, argOpenText+` key="`...)
			b = append(b, escape(m.Key)...)
			b = append(b, `" type="`...)
			b = append(b, typeName(m.Val.Kind)...)
			b = append(b, `"`+sepText...)
			if m.Val.Kind == jsonvalue.String {
				b = append(b, m.Val.Str...)
			} else {
				b = m.Val.AppendSpaced(b)
			}
			b = append(b, argCloseText...)
		}
		return append(b, callCloseText...)
	})
}

// typeName is the type attribute of a value of kind k.
func typeName(k jsonvalue.Kind) string {
	switch k {
	case jsonvalue.String:
		return "string"
	case jsonvalue.Number:
		return "number"
	case jsonvalue.Boolean:
		return "boolean"
	case jsonvalue.Object:
		return "object"
	case jsonvalue.Array:
		return "array"
	}
	return "null"
}
